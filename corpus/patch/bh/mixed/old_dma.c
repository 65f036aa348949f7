// SPDX-License-Identifier: GPL-2.0-only
/* The older chips' interrupt handler and the callback both install. */
#include "old.h"

irqreturn_t oc_irq_handler(int irq, void *dev_instance)
{
	struct oc_dev *dev = dev_instance;

	tasklet_schedule(&dev->mt.irq_tasklet);
	return IRQ_HANDLED;
}

void oc_irq_tasklet(unsigned long data)
{
	struct oc_dev *dev = (struct oc_dev *)data;

	dev->intr &= dev->mt.irqmask;
}
