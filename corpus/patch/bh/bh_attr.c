// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hfi1/qib shape: an attribute after the field's name
 * (____cacheline_aligned_in_smp).  The declaration is converted and the
 * attribute kept.
 */
#include <linux/cache.h>
#include <linux/interrupt.h>

struct at_engine {
	int irq;
	int cleaned;
	struct tasklet_struct clean_up_task ____cacheline_aligned_in_smp;
};

static void at_clean_up(struct tasklet_struct *t)
{
	struct at_engine *e = from_tasklet(e, t, clean_up_task);

	e->cleaned++;
}

static irqreturn_t at_irq(int irq, void *dev)
{
	struct at_engine *e = dev;

	tasklet_hi_schedule(&e->clean_up_task);
	return IRQ_HANDLED;
}

int at_init(struct at_engine *e)
{
	tasklet_setup(&e->clean_up_task, at_clean_up);
	return request_irq(e->irq, at_irq, 0, "at", e);
}

void at_exit(struct at_engine *e)
{
	free_irq(e->irq, e);
	tasklet_kill(&e->clean_up_task);
}
