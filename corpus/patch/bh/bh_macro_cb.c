// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver macro writes the tasklet's callbacks, one per channel mask (as
 * talitos' DEF_TALITOS1_DONE does), and the probe installs one of them
 * with the device as data, not the struct holding the tasklet.  The
 * preparation and the conversion edit the callback in the macro's
 * definition, every expansion of which is a callback of this tasklet; the
 * member that keeps the device is set once, before the if that installs
 * one callback or the other.
 */
#include <linux/device.h>
#include <linux/interrupt.h>

struct mq_priv {
	int irq;
	unsigned long done;
	struct tasklet_struct done_task;
};

#define DEF_MQ_DONE(name, mask)						\
static void mq_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mq_priv *priv = dev_get_drvdata(dev);			\
									\
	priv->done &= ~(mask);						\
	dev_dbg(dev, "done %lx\n", priv->done);				\
}

DEF_MQ_DONE(4ch, 0xf)
DEF_MQ_DONE(ch0, 0x1)

static irqreturn_t mq_irq(int irq, void *data)
{
	struct mq_priv *priv = dev_get_drvdata(data);

	tasklet_schedule(&priv->done_task);
	return IRQ_HANDLED;
}

int mq_probe(struct device *dev, struct mq_priv *priv, bool one)
{
	dev_set_drvdata(dev, priv);

	if (one)
		tasklet_init(&priv->done_task, mq_done_ch0, (unsigned long)dev);
	else
		tasklet_init(&priv->done_task, mq_done_4ch, (unsigned long)dev);
	return request_irq(priv->irq, mq_irq, 0, "mq", dev);
}

void mq_remove(struct mq_priv *priv)
{
	tasklet_kill(&priv->done_task);
}
