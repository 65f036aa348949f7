// SPDX-License-Identifier: GPL-2.0-only
/* A network RX bottom half. Expect: network_bh, bh_workqueue, no workqueue alternative. */
#include <linux/interrupt.h>
#include <linux/netdevice.h>

struct nr_priv {
	struct tasklet_struct rx_tasklet;
	struct net_device *ndev;
};

static void nr_rx(struct tasklet_struct *t)
{
	struct nr_priv *priv = from_tasklet(priv, t, rx_tasklet);
	struct sk_buff *skb = dev_alloc_skb(64);

	if (skb)
		netif_rx(skb);
	(void)priv;
}

static irqreturn_t nr_isr(int irq, void *data)
{
	struct nr_priv *priv = data;

	tasklet_schedule(&priv->rx_tasklet);
	return IRQ_HANDLED;
}

int nr_open(struct nr_priv *priv)
{
	tasklet_setup(&priv->rx_tasklet, nr_rx);
	return request_irq(11, nr_isr, IRQF_SHARED, "nr", priv);
}

void nr_stop(struct nr_priv *priv)
{
	tasklet_kill(&priv->rx_tasklet);
}
