// SPDX-License-Identifier: GPL-2.0-only
/* A static DECLARE_TASKLET(): DECLARE_WORK(), the variable renamed. */
#include <linux/interrupt.h>

static int kicks;

static void kick_fn(struct tasklet_struct *unused)
{
	kicks++;
}

static DECLARE_TASKLET(kick_tasklet, kick_fn);

static irqreturn_t kick_irq(int irq, void *dev)
{
	tasklet_schedule(&kick_tasklet);
	return IRQ_HANDLED;
}

int kick_init(void)
{
	return request_irq(3, kick_irq, 0, "kick", NULL);
}
