// SPDX-License-Identifier: GPL-2.0-only
/* Chip b's interrupt handler kicks the pre-TBTT work. */
#include "chip_b.h"

irqreturn_t b_irq(int irq, void *data)
{
	struct b_dev *dev = data;

	tasklet_schedule(&dev->fam.pre_tbtt_tasklet);
	return IRQ_HANDLED;
}

int b_start(struct b_dev *dev)
{
	return request_irq(dev->fam.irq, b_irq, 0, "chip_b", dev);
}
