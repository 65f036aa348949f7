// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two versions of one device (ccp-dev-v3.c and ccp-dev-v5.c): each
 * installs its own callback on the same field and calls it directly when
 * it does not use the tasklet.  Each direct call is rewritten for its own
 * callback.
 */
#include "tc.h"

static void tc_irq_bh(unsigned long data)
{
	struct tc_device *tc = (struct tc_device *)data;

	tc->handled++;
}

static irqreturn_t tc_irq_handler(int irq, void *data)
{
	struct tc_device *tc = data;

	if (tc->use_tasklet)
		tasklet_schedule(&tc->irq_tasklet);
	else
		tc_irq_bh((unsigned long)tc);
	return IRQ_HANDLED;
}

int tc_v3_init(struct tc_device *tc)
{
	tasklet_init(&tc->irq_tasklet, tc_irq_bh, (unsigned long)tc);
	return request_irq(tc->irq, tc_irq_handler, 0, "tc3", tc);
}
