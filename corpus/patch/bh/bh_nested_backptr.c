// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/mmc/host/renesas_sdhi_internal_dmac.c (6.1): the tasklet is
 * a member of a struct nested in the driver's private data
 * (`&priv->dma_priv.dma_complete`) and its data is the host, another
 * structure.  The preparation patch passes the struct that declares the
 * tasklet (`&priv->dma_priv`) and keeps the host in a new member beside
 * it; the callback then recovers that struct with from_work(), as the
 * driver's 6.12 version does by hand.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct nd_host {
	spinlock_t lock;
	int done;
};

struct nd_dma {
	int buswidth;
	struct tasklet_struct dma_complete;
};

struct nd_priv {
	int irq;
	struct nd_dma dma_priv;
};

static void nd_complete_tasklet_fn(unsigned long arg)
{
	struct nd_host *host = (struct nd_host *)arg;

	spin_lock_irq(&host->lock);
	host->done++;
	spin_unlock_irq(&host->lock);
}

void nd_dma_irq(struct nd_priv *priv)
{
	tasklet_schedule(&priv->dma_priv.dma_complete);
}

void nd_request_dma(struct nd_host *host, struct nd_priv *priv)
{
	tasklet_init(&priv->dma_priv.dma_complete,
		     nd_complete_tasklet_fn,
		     (unsigned long)host);
}

void nd_release_dma(struct nd_priv *priv)
{
	tasklet_kill(&priv->dma_priv.dma_complete);
}
