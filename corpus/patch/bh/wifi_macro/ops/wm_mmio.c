// SPDX-License-Identifier: GPL-2.0-only
/* The shared callbacks and the interrupt handler that schedules them. */
#include "wm_mmio.h"

void wm_mmio_txdone_tasklet(struct tasklet_struct *t)
{
	struct wm_dev *wm = from_tasklet(wm, t, txdone_tasklet);

	wm_done(wm);
}

void wm_mmio_beacon_tasklet(struct tasklet_struct *t)
{
	struct wm_dev *wm = from_tasklet(wm, t,
					 beacon_tasklet);

	wm->pending++;
}

irqreturn_t wm_mmio_interrupt(int irq, void *dev)
{
	struct wm_dev *wm = dev;

	if (irq & 1)
		tasklet_schedule(&wm->txdone_tasklet);
	if (irq & 2)
		tasklet_hi_schedule(&wm->beacon_tasklet);
	return IRQ_HANDLED;
}
