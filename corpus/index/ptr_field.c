// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tasklets used through struct tasklet_struct * fields: iosm's shape (the
 * driver allocates the tasklet and schedules it through a local copy of the
 * field) and fhci's (a global tasklet whose address ptr_field_set.c stores
 * in a field; the near miss, a field given two tasklets, stays unresolved).
 */
#include <linux/slab.h>
#include "ptr_field.h"

struct pf_queue {
	struct tasklet_struct *task;
};

struct pf_dev {
	struct pf_queue *q;
};

static void pf_fn(unsigned long data)
{
}

int pf_init(struct pf_queue *q)
{
	q->task = kzalloc(sizeof(*q->task), GFP_KERNEL);
	if (!q->task)
		return -12;
	tasklet_init(q->task, pf_fn, (unsigned long)q);
	return 0;
}

irqreturn_t pf_irq(int irq, void *data)
{
	struct pf_dev *d = data;
	struct tasklet_struct *t = d->q->task;

	tasklet_schedule(t);
	return IRQ_HANDLED;
}

void pf_exit(struct pf_queue *q)
{
	tasklet_kill(q->task);
	kfree(q->task);
}

DECLARE_TASKLET_OLD(pf_done_tasklet, pf_fn);
DECLARE_TASKLET_OLD(pf_a_tasklet, pf_fn);
DECLARE_TASKLET_OLD(pf_b_tasklet, pf_fn);

irqreturn_t pf_hcd_irq(int irq, void *data)
{
	struct pf_hcd *h = data;

	tasklet_schedule(h->done_task);
	tasklet_schedule(h->either);
	return IRQ_HANDLED;
}
