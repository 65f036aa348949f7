// SPDX-License-Identifier: GPL-2.0-only
/*
 * net_device_ops by the rules of Documentation/networking/netdevices.rst:
 * ndo_start_xmit runs with BHs off (atomic), ndo_open in process context
 * (once).  Expect: txdone, scheduled from the IRQ handler, ndo_start_xmit
 * and ndo_open, isr_bottom_half; near-miss: ring, scheduled from a
 * function stored in the driver's own "start" field, gets no process
 * context from the field's name: unknown.
 */
#include <linux/interrupt.h>
#include <linux/netdevice.h>

struct net_device_ops {
	int (*ndo_open)(struct net_device *dev);
	int (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
};

struct nd_ring {
	int (*start)(struct nd_ring *ring);
	struct tasklet_struct *kick;
};

struct nd_priv {
	int irq;
	struct nd_ring ring;
	struct tasklet_struct txdone;
	struct tasklet_struct ring_task;
	unsigned int done;
};

static void nd_txdone(struct tasklet_struct *t)
{
	struct nd_priv *nd = from_tasklet(nd, t, txdone);

	nd->done++;
}

static void nd_ring_task(struct tasklet_struct *t)
{
	struct nd_priv *nd = from_tasklet(nd, t, ring_task);

	nd->done = 0;
}

static irqreturn_t nd_isr(int irq, void *data)
{
	struct nd_priv *nd = data;

	tasklet_schedule(&nd->txdone);
	return IRQ_HANDLED;
}

static int nd_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct nd_priv *nd = netdev_priv(dev);

	tasklet_schedule(&nd->txdone);
	return 0;
}

static int nd_ring_start(struct nd_ring *ring)
{
	struct nd_priv *nd = container_of(ring, struct nd_priv, ring);

	tasklet_schedule(&nd->ring_task);
	return 0;
}

static int nd_open(struct net_device *dev)
{
	struct nd_priv *nd = netdev_priv(dev);

	tasklet_setup(&nd->txdone, nd_txdone);
	tasklet_setup(&nd->ring_task, nd_ring_task);
	nd->ring.start = nd_ring_start;
	tasklet_schedule(&nd->txdone);
	return request_irq(nd->irq, nd_isr, 0, "nd", nd);
}

const struct net_device_ops nd_netdev_ops = {
	.ndo_open = nd_open,
	.ndo_start_xmit = nd_xmit,
};

void nd_close(struct nd_priv *nd)
{
	free_irq(nd->irq, nd);
	tasklet_kill(&nd->txdone);
	tasklet_kill(&nd->ring_task);
}
