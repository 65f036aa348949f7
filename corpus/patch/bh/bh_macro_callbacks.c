// SPDX-License-Identifier: GPL-2.0-only
/*
 * talitos' shape: driver macros (two, as talitos' two generations) write
 * one callback per channel mask, the probe installs them on the elements of
 * an array with the device as data, not the struct holding the array.
 * Each callback would need the container and its element's index, which
 * the macros do not take: refused, naming the macros and the callbacks.
 */
#include <linux/interrupt.h>

struct device;

struct mc_priv {
	int irq[2];
	unsigned long done;
	struct tasklet_struct done_task[2];
};

struct mc_priv *mc_drvdata(struct device *dev);

#define DEF_MC_DONE(name, mask)						\
static void mc_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mc_priv *priv = mc_drvdata(dev);				\
									\
	priv->done &= ~(mask);						\
}

DEF_MC_DONE(ch0, 0x1)

/* the second generation's: another macro, as talitos' DEF_TALITOS2_DONE */
#define DEF_MC2_DONE(name, mask)					\
static void mc2_done_##name(unsigned long data)				\
{									\
	struct device *dev = (struct device *)data;			\
	struct mc_priv *priv = mc_drvdata(dev);				\
									\
	priv->done &= ~((mask) << 4);					\
}

DEF_MC2_DONE(ch1, 0x2)

static irqreturn_t mc_irq(int irq, void *data)
{
	struct mc_priv *priv = mc_drvdata(data);

	tasklet_schedule(&priv->done_task[irq == priv->irq[1]]);
	return IRQ_HANDLED;
}

int mc_probe(struct device *dev, struct mc_priv *priv)
{
	tasklet_init(&priv->done_task[0], mc_done_ch0, (unsigned long)dev);
	tasklet_init(&priv->done_task[1], mc2_done_ch1, (unsigned long)dev);
	return request_irq(priv->irq[0], mc_irq, 0, "mc", dev);
}

void mc_remove(struct mc_priv *priv)
{
	tasklet_kill(&priv->done_task[0]);
	tasklet_kill(&priv->done_task[1]);
}
