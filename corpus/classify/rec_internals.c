// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading tasklet internals (a state dump, an is-it-set-up test) is no
 * reason for a manual rewrite.  Expect: ceq (its ->state is printed by a
 * dump function) bh_workqueue with note.internals-read; near-miss: runq,
 * whose callback the driver calls through ->callback, manual by
 * rec.manual-internals.
 */
#include <linux/interrupt.h>

struct ri_eq {
	int irq;
	struct tasklet_struct ceq;
	struct tasklet_struct runq;
	unsigned int events;
};

static void ri_ceq(struct tasklet_struct *t)
{
	struct ri_eq *eq = from_tasklet(eq, t, ceq);

	eq->events++;
}

static void ri_runq(struct tasklet_struct *t)
{
	struct ri_eq *eq = from_tasklet(eq, t, runq);

	eq->events = 0;
}

static irqreturn_t ri_isr(int irq, void *data)
{
	struct ri_eq *eq = data;

	tasklet_schedule(&eq->ceq);
	tasklet_schedule(&eq->runq);
	return IRQ_HANDLED;
}

void ri_dump(struct ri_eq *eq)
{
	printk("ceq %u state %lx\n", eq->events, eq->ceq.state);
}

void ri_flush(struct ri_eq *eq)
{
	eq->runq.callback(&eq->runq);
}

int ri_init(struct ri_eq *eq)
{
	tasklet_setup(&eq->ceq, ri_ceq);
	tasklet_setup(&eq->runq, ri_runq);
	return request_irq(eq->irq, ri_isr, 0, "ri", eq);
}

void ri_exit(struct ri_eq *eq)
{
	free_irq(eq->irq, eq);
	tasklet_kill(&eq->ceq);
	tasklet_kill(&eq->runq);
}
