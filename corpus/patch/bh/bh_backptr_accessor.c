// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/hsi/controllers/omap_ssi_core.c: the data is the
 * controller, the callback gets the tasklet's container back with the
 * getter whose setter the init function called first.  The container has
 * no pointer to the controller: the preparation patch adds one (with its
 * kernel-doc line, aligned like its neighbours) and sets it right before
 * tasklet_init().
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct hsi_controller {
	void *drvdata;
	int id;
};

static inline void hsi_controller_set_drvdata(struct hsi_controller *c, void *data)
{
	c->drvdata = data;
}

static inline void *hsi_controller_drvdata(struct hsi_controller *c)
{
	return c->drvdata;
}

/**
 * struct ac_priv - the controller's private data
 * @gdd_irq: IRQ line for GDD
 * @gdd_tasklet: bottom half for DMA transfers
 * @lock: lock to serialize access to GDD
 */
struct ac_priv {
	unsigned int		gdd_irq;
	struct tasklet_struct	gdd_tasklet;
	spinlock_t		lock;
};

static void ac_gdd_tasklet(unsigned long dev)
{
	struct hsi_controller *ssi = (struct hsi_controller *)dev;
	struct ac_priv *priv = hsi_controller_drvdata(ssi);

	spin_lock(&priv->lock);
	ssi->id = priv->gdd_irq;
	spin_unlock(&priv->lock);
}

static irqreturn_t ac_gdd_isr(int irq, void *ssi)
{
	struct ac_priv *priv = hsi_controller_drvdata(ssi);

	tasklet_hi_schedule(&priv->gdd_tasklet);
	return IRQ_HANDLED;
}

int ac_add_controller(struct hsi_controller *ssi, struct ac_priv *priv)
{
	hsi_controller_set_drvdata(ssi, priv);
	spin_lock_init(&priv->lock);
	tasklet_init(&priv->gdd_tasklet, ac_gdd_tasklet,
							(unsigned long)ssi);
	return request_irq(priv->gdd_irq, ac_gdd_isr, 0, "gdd_mpu", ssi);
}

void ac_remove_controller(struct ac_priv *priv)
{
	tasklet_kill(&priv->gdd_tasklet);
}
