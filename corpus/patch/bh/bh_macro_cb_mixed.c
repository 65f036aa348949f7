// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver macro writes the callbacks, and the two tasklet_init() calls
 * pass different devices (the port's or its parent's): no one member can
 * keep "the" device for both callbacks.  Refused, naming the callbacks and
 * the macro that writes them.
 */
#include <linux/device.h>
#include <linux/interrupt.h>

struct mx_priv {
	unsigned long done;
	struct tasklet_struct done_task;
};

#define DEF_MX_DONE(name, mask)						\
static void mx_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mx_priv *priv = dev_get_drvdata(dev);			\
									\
	priv->done &= ~(mask);						\
}

DEF_MX_DONE(port, 0x1)
DEF_MX_DONE(parent, 0x2)

static irqreturn_t mx_irq(int irq, void *data)
{
	struct mx_priv *priv = dev_get_drvdata(data);

	tasklet_schedule(&priv->done_task);
	return IRQ_HANDLED;
}

int mx_probe(struct device *dev, struct mx_priv *priv, bool own)
{
	dev_set_drvdata(dev, priv);
	if (own)
		tasklet_init(&priv->done_task, mx_done_port, (unsigned long)dev);
	else
		tasklet_init(&priv->done_task, mx_done_parent,
			     (unsigned long)dev->parent);
	return request_irq(0, mx_irq, 0, "mx", dev);
}

void mx_remove(struct mx_priv *priv)
{
	tasklet_kill(&priv->done_task);
}
