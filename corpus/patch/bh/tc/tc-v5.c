// SPDX-License-Identifier: GPL-2.0-only
/* The second version of the tc device: its own callback, same field. */
#include "tc.h"

static void tc5_irq_bh(unsigned long data)
{
	struct tc_device *tc = (struct tc_device *)data;

	tc->handled += 2;
}

static irqreturn_t tc5_irq_handler(int irq, void *data)
{
	struct tc_device *tc = data;

	if (tc->use_tasklet)
		tasklet_schedule(&tc->irq_tasklet);
	else
		tc5_irq_bh((unsigned long)tc);
	return IRQ_HANDLED;
}

int tc_v5_init(struct tc_device *tc)
{
	tasklet_init(&tc->irq_tasklet, tc5_irq_bh, (unsigned long)tc);
	return request_irq(tc->irq, tc5_irq_handler, 0, "tc5", tc);
}
