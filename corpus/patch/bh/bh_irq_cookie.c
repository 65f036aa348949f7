// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tasklet is the dev_id of its own interrupt (the qed shape): the
 * handler schedules it through the void * cookie, a site the indexer cannot
 * name.  The conversion queues the work item there too; left as it was, the
 * handler would call tasklet_schedule() on a work_struct and the compiler
 * would not see it through the void *.
 */
#include <linux/interrupt.h>

struct ck_dev {
	int irq;
	int events;
	struct tasklet_struct sp_tasklet;
};

static void ck_sp(struct tasklet_struct *t)
{
	struct ck_dev *ck = from_tasklet(ck, t, sp_tasklet);

	ck->events++;
}

static irqreturn_t ck_sp_int(int irq, void *tasklet)
{
	tasklet_schedule((struct tasklet_struct *)tasklet);
	return IRQ_HANDLED;
}

int ck_probe(struct ck_dev *ck)
{
	tasklet_setup(&ck->sp_tasklet, ck_sp);
	return request_irq(ck->irq, ck_sp_int, 0, "ck", &ck->sp_tasklet);
}

void ck_remove(struct ck_dev *ck)
{
	free_irq(ck->irq, &ck->sp_tasklet);
	tasklet_kill(&ck->sp_tasklet);
}
