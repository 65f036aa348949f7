// SPDX-License-Identifier: GPL-2.0-only
/*
 * renesas_sdhi's shape: the DMA "data end" op of a TMIO MMC host, which
 * tmio_mmc_irq() (a hard IRQ handler in another file) calls, schedules the
 * completion tasklet.  Expect: dataend is hardirq (ctx.tmio-dataend), so
 * the tasklet is an ISR bottom half, not unknown.  Near miss: the abort op
 * of the same table is no registration any rule knows: its schedule stays
 * unknown.
 */
#include <linux/interrupt.h>

struct tmio_mmc_host;

struct tmio_mmc_dma_ops {
	void (*dataend)(struct tmio_mmc_host *host);
	void (*abort)(struct tmio_mmc_host *host);
};

struct tm_priv {
	struct tasklet_struct dma_complete;
	struct tasklet_struct dma_abort;
	int done;
};

struct tm_priv *tm_priv_of(struct tmio_mmc_host *host);

static void tm_complete(struct tasklet_struct *t)
{
	struct tm_priv *p = from_tasklet(p, t, dma_complete);

	p->done++;
}

static void tm_aborted(struct tasklet_struct *t)
{
	struct tm_priv *p = from_tasklet(p, t, dma_abort);

	p->done = 0;
}

static void tm_dataend(struct tmio_mmc_host *host)
{
	tasklet_schedule(&tm_priv_of(host)->dma_complete);
}

static void tm_abort(struct tmio_mmc_host *host)
{
	tasklet_schedule(&tm_priv_of(host)->dma_abort);
}

const struct tmio_mmc_dma_ops tm_dma_ops = {
	.dataend = tm_dataend,
	.abort = tm_abort,
};

void tm_init(struct tm_priv *p)
{
	tasklet_setup(&p->dma_complete, tm_complete);
	tasklet_setup(&p->dma_abort, tm_aborted);
}
