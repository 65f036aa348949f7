// SPDX-License-Identifier: GPL-2.0-only
/*
 * One driver macro writes the callbacks of two tasklets (rx and tx):
 * editing the macro for one would change the other's callback too, so
 * each is refused, naming the macro and the callback that is not its own.
 */
#include <linux/interrupt.h>

struct mt_priv {
	unsigned long done;
	struct tasklet_struct rx_task;
	struct tasklet_struct tx_task;
};

#define DEF_MT_DONE(name, mask)						\
static void mt_done_##name(unsigned long data)				\
{									\
	struct mt_priv *priv = (struct mt_priv *)data;			\
									\
	priv->done &= ~(mask);						\
}

DEF_MT_DONE(rx, 0x1)
DEF_MT_DONE(tx, 0x2)

static irqreturn_t mt_irq(int irq, void *data)
{
	struct mt_priv *priv = data;

	tasklet_schedule(&priv->rx_task);
	tasklet_schedule(&priv->tx_task);
	return IRQ_HANDLED;
}

int mt_probe(struct mt_priv *priv, int irq)
{
	tasklet_init(&priv->rx_task, mt_done_rx, (unsigned long)priv);
	tasklet_init(&priv->tx_task, mt_done_tx, (unsigned long)priv);
	return request_irq(irq, mt_irq, 0, "mt", priv);
}

void mt_remove(struct mt_priv *priv)
{
	tasklet_kill(&priv->rx_task);
	tasklet_kill(&priv->tx_task);
}
