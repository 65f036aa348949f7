// SPDX-License-Identifier: GPL-2.0-only
/* dev_id is the net_device, the tasklet lives in its private data: refused. */
#include <linux/interrupt.h>
#include <linux/netdevice.h>

struct nd_priv {
	int irq;
	int polls;
	struct tasklet_struct poll_tasklet;
};

static void nd_poll(struct tasklet_struct *t)
{
	struct nd_priv *np = from_tasklet(np, t, poll_tasklet);

	np->polls++;
}

static irqreturn_t nd_irq(int irq, void *dev_id)
{
	struct net_device *ndev = dev_id;
	struct nd_priv *np = netdev_priv(ndev);

	tasklet_schedule(&np->poll_tasklet);
	return IRQ_HANDLED;
}

int nd_open(struct net_device *ndev)
{
	struct nd_priv *np = netdev_priv(ndev);

	tasklet_setup(&np->poll_tasklet, nd_poll);
	return request_irq(np->irq, nd_irq, 0, "nd", ndev);
}
