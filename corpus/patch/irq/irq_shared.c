// SPDX-License-Identifier: GPL-2.0-only
/*
 * A devm-requested shared line, the schedule conditional on the status,
 * a kernel-doc'd tasklet member, a kill in the remove path: the handler
 * wakes the thread, the callback becomes the thread function.
 */
#include <linux/interrupt.h>

/**
 * struct sh_priv - a shared-IRQ device
 * @irq: its interrupt
 * @status: what the last interrupt said
 * @done: completed requests
 * @done_tasklet: completes requests after the interrupt
 */
struct sh_priv {
	int irq;
	unsigned int status;
	int done;
	struct tasklet_struct done_tasklet;
};

static void sh_done(struct tasklet_struct *t)
{
	struct sh_priv *priv = from_tasklet(priv, t, done_tasklet);

	if (!priv->status)
		return;
	priv->done++;
}

static irqreturn_t sh_irq(int irq, void *dev_id)
{
	struct sh_priv *priv = dev_id;

	if (!priv->status)
		return IRQ_NONE;
	if (priv->status & 1)
		tasklet_schedule(&priv->done_tasklet);
	return IRQ_HANDLED;
}

int sh_probe(struct device *dev, struct sh_priv *priv)
{
	tasklet_setup(&priv->done_tasklet, sh_done);

	return devm_request_irq(dev, priv->irq, sh_irq, IRQF_SHARED, "sh", priv);
}

void sh_remove(struct sh_priv *priv)
{
	priv->status = 0;
	tasklet_kill(&priv->done_tasklet);
}
