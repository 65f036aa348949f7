// SPDX-License-Identifier: GPL-2.0-only
/*
 * The s390 ap_bus shape: a static DECLARE_TASKLET_OLD whose callback a
 * kthread also calls directly with a dummy argument.  The direct call must
 * pass the renamed work item, not the old name.
 */
#include <linux/interrupt.h>

static int sd_events;

static void sd_tasklet_fn(unsigned long dummy);
static DECLARE_TASKLET_OLD(sd_tasklet, sd_tasklet_fn);

static void sd_tasklet_fn(unsigned long dummy)
{
	sd_events++;
}

static irqreturn_t sd_irq(int irq, void *dev)
{
	tasklet_schedule(&sd_tasklet);
	return IRQ_HANDLED;
}

int sd_poll_thread(void *data)
{
	sd_tasklet_fn(0);
	return 0;
}

int sd_init(int irq)
{
	return request_irq(irq, sd_irq, 0, "sd", NULL);
}

void sd_exit(int irq)
{
	free_irq(irq, NULL);
	tasklet_kill(&sd_tasklet);
}
