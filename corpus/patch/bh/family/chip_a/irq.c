// SPDX-License-Identifier: GPL-2.0-only
/* Chip a's interrupt handler kicks the pre-TBTT work. */
#include "chip_a.h"

irqreturn_t a_irq(int irq, void *data)
{
	struct a_dev *dev = data;

	tasklet_schedule(&dev->fam.pre_tbtt_tasklet);
	return IRQ_HANDLED;
}

int a_start(struct a_dev *dev)
{
	return request_irq(dev->fam.irq, a_irq, 0, "chip_a", dev);
}
