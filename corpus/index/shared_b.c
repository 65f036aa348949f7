// SPDX-License-Identifier: GPL-2.0-only
/* The other half: schedules and kills the tasklet shared_a.c initialized. */
#include "shared.h"

irqreturn_t shared_irq(int irq, void *dev)
{
	struct shared_ctrl *c = dev;

	tasklet_schedule(&c->event_tasklet);
	return IRQ_HANDLED;
}

void shared_teardown(struct shared_ctrl *c)
{
	tasklet_kill(&c->event_tasklet);
}
