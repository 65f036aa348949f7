// SPDX-License-Identifier: GPL-2.0-only
/* An IRQ bottom half: field renamed, schedule and kill mapped, from_work(). */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct bb_priv {
	int irq;
	int rx_count;
	struct tasklet_struct rx_tasklet;
};

static void bb_rx(struct tasklet_struct *t)
{
	struct bb_priv *priv = from_tasklet(priv, t, rx_tasklet);

	/* the rx tasklet counts packets */
	priv->rx_count++;
}

static irqreturn_t bb_irq(int irq, void *dev)
{
	struct bb_priv *priv = dev;

	tasklet_schedule(&priv->rx_tasklet);
	return IRQ_HANDLED;
}

int bb_probe(struct bb_priv *priv)
{
	tasklet_setup(&priv->rx_tasklet, bb_rx);
	return request_irq(priv->irq, bb_irq, 0, "bb", priv);
}

void bb_remove(struct bb_priv *priv)
{
	free_irq(priv->irq, priv);
	tasklet_kill(&priv->rx_tasklet);
}
