// SPDX-License-Identifier: GPL-2.0-only
/*
 * The hfi1/usbatm shape: from_tasklet()'s arguments continue on a second
 * line aligned after its parenthesis.  from_work() is three columns
 * shorter: the continuation moves with it.
 */
#include <linux/interrupt.h>

struct wr_engine_with_a_long_name {
	int irq;
	int cleaned;
	struct tasklet_struct clean_up_tasklet;
};

static void wr_clean_up(struct tasklet_struct *t)
{
	struct wr_engine_with_a_long_name *engine = from_tasklet(engine, t,
								 clean_up_tasklet);

	engine->cleaned++;
}

static irqreturn_t wr_irq(int irq, void *dev)
{
	struct wr_engine_with_a_long_name *e = dev;

	tasklet_schedule(&e->clean_up_tasklet);
	return IRQ_HANDLED;
}

int wr_init(struct wr_engine_with_a_long_name *e)
{
	tasklet_setup(&e->clean_up_tasklet, wr_clean_up);
	return request_irq(e->irq, wr_irq, 0, "wr", e);
}

void wr_exit(struct wr_engine_with_a_long_name *e)
{
	free_irq(e->irq, e);
	tasklet_kill(&e->clean_up_tasklet);
}
