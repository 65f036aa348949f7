// SPDX-License-Identifier: GPL-2.0-only
/*
 * talitos' shape (drivers/crypto/talitos.c): driver macros, one per
 * generation, write one callback per channel mask; the probe installs them
 * on the two elements of an array, in the branches of an if/else chain,
 * with the device as data; an interrupt macro schedules the element its
 * `tlet` argument names.  The preparation keeps the device in a new member
 * set once before the chain and passes the container; the conversion
 * rewrites the macros: each callback recovers the container through its
 * own element, and the second generation's macro, whose expansions serve
 * both elements, gains the element's index as a parameter.
 */
#include <linux/device.h>
#include <linux/interrupt.h>

struct mc_priv {
	int irq[2];
	int num_channels;
	bool sec1;
	unsigned long done;
	struct tasklet_struct done_task[2];
};

#define DEF_MC1_DONE(name, mask)					\
static void mc1_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mc_priv *priv = dev_get_drvdata(dev);			\
									\
	priv->done &= ~(mask);						\
}

DEF_MC1_DONE(4ch, 0xf)
DEF_MC1_DONE(ch0, 0x1)

#define DEF_MC2_DONE(name, mask)					\
static void mc2_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mc_priv *priv = dev_get_drvdata(dev);			\
									\
	priv->done &= ~((mask) << 4);					\
}

DEF_MC2_DONE(4ch, 0xf)
DEF_MC2_DONE(ch0_2, 0x5)
DEF_MC2_DONE(ch1_3, 0xa)

#define DEF_MC2_INTERRUPT(name, mask, tlet)				\
static irqreturn_t mc2_interrupt_##name(int irq, void *data)		\
{									\
	struct device *dev = data;					\
	struct mc_priv *priv = dev_get_drvdata(dev);			\
									\
	priv->done |= (mask) << 4;					\
	tasklet_schedule(&priv->done_task[tlet]);			\
	return IRQ_HANDLED;						\
}

DEF_MC2_INTERRUPT(4ch, 0xf, 0)
DEF_MC2_INTERRUPT(ch0_2, 0x5, 0)
DEF_MC2_INTERRUPT(ch1_3, 0xa, 1)

int mc_probe(struct device *dev, struct mc_priv *priv)
{
	dev_set_drvdata(dev, priv);

	if (priv->sec1) {
		if (priv->num_channels == 1)
			tasklet_init(&priv->done_task[0], mc1_done_ch0,
				     (unsigned long)dev);
		else
			tasklet_init(&priv->done_task[0], mc1_done_4ch,
				     (unsigned long)dev);
	} else {
		if (priv->irq[1]) {
			tasklet_init(&priv->done_task[0], mc2_done_ch0_2,
				     (unsigned long)dev);
			tasklet_init(&priv->done_task[1], mc2_done_ch1_3,
				     (unsigned long)dev);
		} else {
			tasklet_init(&priv->done_task[0], mc2_done_4ch,
				     (unsigned long)dev);
		}
	}
	if (priv->irq[1])
		return request_irq(priv->irq[0], mc2_interrupt_ch0_2, 0, "mc", dev) ?:
		       request_irq(priv->irq[1], mc2_interrupt_ch1_3, 0, "mc", dev);
	return request_irq(priv->irq[0], mc2_interrupt_4ch, 0, "mc", dev);
}

void mc_remove(struct mc_priv *priv)
{
	tasklet_kill(&priv->done_task[0]);
	if (priv->irq[1])
		tasklet_kill(&priv->done_task[1]);
}
