// SPDX-License-Identifier: GPL-2.0-only
/*
 * The body over the contract: dmaengine lets clients call the prep and
 * terminate operations in atomic context, but an implementation that takes
 * a mutex runs in process context.  Expect: gc (prep and terminate_all
 * take the mutex) process_deferral and no bug.sync-in-atomic for the
 * tasklet_disable() under the mutex; near-miss: kick (issue_pending and a
 * terminate_all that take only a spinlock) keeps the atomic contract, and
 * its tasklet_disable() is a bug.sync-in-atomic.
 */
#include <linux/interrupt.h>
#include <linux/delay.h>
#include <linux/spinlock.h>

struct dma_chan;
struct dma_device {
	void *(*device_prep_slave_sg)(struct dma_chan *chan, unsigned int len);
	void (*device_issue_pending)(struct dma_chan *chan);
	int (*device_terminate_all)(struct dma_chan *chan);
};
void *chan_priv(struct dma_chan *chan);

struct cb_chan {
	struct mutex chan_mutex;
	spinlock_t lock;
	struct tasklet_struct gc;
	struct tasklet_struct kick;
	unsigned int queued;
};

static void cb_gc(struct tasklet_struct *t)
{
	struct cb_chan *c = from_tasklet(c, t, gc);

	c->queued = 0;
}

static void cb_kick(struct tasklet_struct *t)
{
	struct cb_chan *c = from_tasklet(c, t, kick);

	c->queued++;
}

static void *cb_prep_slave_sg(struct dma_chan *chan, unsigned int len)
{
	struct cb_chan *c = chan_priv(chan);

	mutex_lock(&c->chan_mutex);
	c->queued += len;
	tasklet_schedule(&c->gc);
	mutex_unlock(&c->chan_mutex);
	return c;
}

static int cb_terminate_all(struct dma_chan *chan)
{
	struct cb_chan *c = chan_priv(chan);

	mutex_lock(&c->chan_mutex);
	tasklet_disable(&c->gc);
	c->queued = 0;
	tasklet_enable(&c->gc);
	mutex_unlock(&c->chan_mutex);
	return 0;
}

static void cb_issue_pending(struct dma_chan *chan)
{
	struct cb_chan *c = chan_priv(chan);

	tasklet_schedule(&c->kick);
}

static int cb_kick_terminate_all(struct dma_chan *chan)
{
	struct cb_chan *c = chan_priv(chan);
	unsigned long flags;

	spin_lock_irqsave(&c->lock, flags);
	c->queued = 0;
	spin_unlock_irqrestore(&c->lock, flags);
	tasklet_disable(&c->kick);
	tasklet_enable(&c->kick);
	return 0;
}

const struct dma_device cb_dma = {
	.device_prep_slave_sg = cb_prep_slave_sg,
	.device_terminate_all = cb_terminate_all,
};

const struct dma_device cb_kick_dma = {
	.device_issue_pending = cb_issue_pending,
	.device_terminate_all = cb_kick_terminate_all,
};

void cb_init(struct cb_chan *c)
{
	tasklet_setup(&c->gc, cb_gc);
	tasklet_setup(&c->kick, cb_kick);
}

void cb_exit(struct cb_chan *c)
{
	tasklet_kill(&c->gc);
	tasklet_kill(&c->kick);
}
