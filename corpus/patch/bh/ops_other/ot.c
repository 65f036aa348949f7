// SPDX-License-Identifier: GPL-2.0-only
/*
 * Another driver whose ops have a member named 'tasklet' (6.1's mlxsw
 * beside megaraid_sas, here ops_old/): each driver's tables are its own,
 * and both convert.
 */
#include <linux/interrupt.h>

struct ot_queue {
	struct tasklet_struct tasklet; /* queue processing tasklet */
	int polled;
};

struct ot_queue_ops {
	void (*tasklet)(struct tasklet_struct *t);
};

static void ot_cq_tasklet(struct tasklet_struct *t)
{
	struct ot_queue *q = from_tasklet(q, t, tasklet);

	q->polled++;
}

static const struct ot_queue_ops ot_cq_ops = {
	.tasklet = ot_cq_tasklet,
};

void ot_queue_init(struct ot_queue *q, const struct ot_queue_ops *q_ops)
{
	tasklet_setup(&q->tasklet, q_ops->tasklet);
}

void ot_cq_init(struct ot_queue *q)
{
	ot_queue_init(q, &ot_cq_ops);
}

void ot_irq(struct ot_queue *q)
{
	tasklet_schedule(&q->tasklet);
}

void ot_queue_fini(struct ot_queue *q)
{
	tasklet_kill(&q->tasklet);
}
