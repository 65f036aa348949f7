// SPDX-License-Identifier: GPL-2.0-only
/* A DMA completion bottom half. Expect: dma_completion, bh_workqueue. */
#include <linux/interrupt.h>
#include <linux/dmaengine.h>

struct dd_chan {
	struct tasklet_struct task;
	struct dma_async_tx_descriptor *active;
};

static void dd_complete(struct dd_chan *c)
{
	dma_cookie_complete(c->active);
	dmaengine_desc_get_callback_invoke(c->active, NULL);
}

static void dd_tasklet(struct tasklet_struct *t)
{
	struct dd_chan *c = from_tasklet(c, t, task);

	dd_complete(c);
}

static irqreturn_t dd_irq(int irq, void *dev)
{
	struct dd_chan *c = dev;

	tasklet_schedule(&c->task);
	return IRQ_HANDLED;
}

int dd_init(struct dd_chan *c)
{
	tasklet_setup(&c->task, dd_tasklet);
	return request_irq(5, dd_irq, 0, "dd", c);
}

void dd_free(struct dd_chan *c)
{
	tasklet_kill(&c->task);
}
