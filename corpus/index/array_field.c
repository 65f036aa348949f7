// SPDX-License-Identifier: GPL-2.0-only
/* An array of tasklets in a struct, initialized in a loop: one object. */
#include <linux/interrupt.h>

#define NR_QUEUES 4

struct mq_dev {
	struct tasklet_struct queue_tasklet[NR_QUEUES];
};

static void mq_fn(struct tasklet_struct *t)
{
}

void mq_init(struct mq_dev *d)
{
	for (int i = 0; i < NR_QUEUES; i++)
		tasklet_setup(&d->queue_tasklet[i], mq_fn);
}

void mq_kick(struct mq_dev *d, int q)
{
	tasklet_schedule(&d->queue_tasklet[q]);
}
