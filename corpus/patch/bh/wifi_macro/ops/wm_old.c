// SPDX-License-Identifier: GPL-2.0-only
/* An older driver with its own callback, and no beacon tasklet. */
#include "wm.h"

static void wm_old_txdone_tasklet(struct tasklet_struct *t)
{
	struct wm_dev *wm = from_tasklet(wm, t, txdone_tasklet);

	wm_done(wm);
}

static irqreturn_t wm_old_interrupt(int irq, void *dev)
{
	struct wm_dev *wm = dev;

	tasklet_schedule(&wm->txdone_tasklet);
	return IRQ_HANDLED;
}

static const struct wm_lib_ops wm_old_lib_ops = {
	.irq_handler	= wm_old_interrupt,
	.txdone_tasklet	= wm_old_txdone_tasklet,
};

const struct wm_ops wm_old_ops = {
	.lib = &wm_old_lib_ops,
};
