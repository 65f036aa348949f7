// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/dma/dma-jz4780.c (6.1) and the virt-dma users: a kill that
 * must let the pending run happen (here its comment says so) becomes
 * flush_work() then cancel_work_sync(), two statements where the driver
 * wrote one as the unbraced body of a for loop or an if: the body gets its
 * braces.  (An if with an else is still refused: braces on one arm only
 * are what checkpatch warns about.)
 */
#include <linux/interrupt.h>

struct kl_chan {
	int id;
	int done;
	struct tasklet_struct task;
};

struct kl_dev {
	int irq;
	int nr;
	bool busy;
	struct kl_chan chan[4];
};

static void kl_complete(struct tasklet_struct *t)
{
	struct kl_chan *c = from_tasklet(c, t, task);

	c->done++;
}

static irqreturn_t kl_irq(int irq, void *data)
{
	struct kl_dev *d = data;

	tasklet_schedule(&d->chan[irq & 3].task);
	return IRQ_HANDLED;
}

void kl_synchronize(struct kl_dev *d)
{
	int i;

	for (i = 0; i < d->nr; i++)
		tasklet_kill(&d->chan[i].task); /* let pending completions finish */
}

void kl_terminate(struct kl_dev *d, int i)
{
	if (d->busy)
		tasklet_kill(&d->chan[i].task);	/* flush what is pending */
}

int kl_probe(struct kl_dev *d)
{
	int i;

	for (i = 0; i < d->nr; i++)
		tasklet_setup(&d->chan[i].task, kl_complete);
	return request_irq(d->irq, kl_irq, 0, "kl", d);
}
