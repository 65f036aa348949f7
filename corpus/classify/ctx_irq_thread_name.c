// SPDX-License-Identifier: GPL-2.0-only
/*
 * cxgb's shape: an interrupt thread function registered with
 * request_threaded_irq() in a file the audit does not read, so only its
 * name and return type are left.  Expect: the kill in ct_sge_stop(),
 * reached from ct_interrupt_thread(), is process context (irq_thread, by
 * the name), not hard IRQ.  Near miss: ct_interrupt(), which returns
 * irqreturn_t under another name, is still taken as a hard IRQ handler.
 */
#include <linux/interrupt.h>

struct ct_sge {
	struct tasklet_struct sched;
	int pending;
};

static void ct_restart(struct tasklet_struct *t)
{
	struct ct_sge *s = from_tasklet(s, t, sched);

	s->pending = 0;
}

void ct_sge_init(struct ct_sge *s)
{
	tasklet_setup(&s->sched, ct_restart);
}

static void ct_sge_stop(struct ct_sge *s)
{
	tasklet_kill(&s->sched);
}

irqreturn_t ct_interrupt_thread(int irq, void *data)
{
	ct_sge_stop(data);
	return IRQ_HANDLED;
}

irqreturn_t ct_interrupt(int irq, void *data)
{
	struct ct_sge *s = data;

	tasklet_hi_schedule(&s->sched);
	return IRQ_HANDLED;
}
