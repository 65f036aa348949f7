// SPDX-License-Identifier: GPL-2.0-only
/* tasklet_init with the container cast to unsigned long: the common old form. */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct cast_priv {
	int irq;
	struct tasklet_struct rx_tasklet;
	struct tasklet_struct tx_tasklet;
};

static void cast_rx(unsigned long data)
{
	struct cast_priv *priv = (struct cast_priv *)data;

	printk("rx %d\n", priv->irq);
}

static void cast_tx(unsigned long data)
{
	struct cast_priv *priv = (void *)data;

	printk("tx %d\n", priv->irq);
}

static irqreturn_t cast_irq(int irq, void *dev)
{
	struct cast_priv *priv = dev;

	tasklet_schedule(&priv->rx_tasklet);
	tasklet_schedule(&priv->tx_tasklet);
	return IRQ_HANDLED;
}

int cast_probe(void)
{
	struct cast_priv *priv = kzalloc(sizeof(*priv), GFP_KERNEL);

	if (!priv)
		return -12;
	tasklet_init(&priv->rx_tasklet, cast_rx, (unsigned long)priv);
	tasklet_init(&priv->tx_tasklet, cast_tx,
		     (unsigned long) priv);
	return request_irq(priv->irq, cast_irq, 0, "cast", priv);
}
