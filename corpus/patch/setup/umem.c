// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/block/umem.c: the container is not the first local. */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct mm_page {
	int cnt;
};

struct cardinfo {
	spinlock_t lock;
	u32 dma_status;
	struct tasklet_struct tasklet;
	struct mm_page page;
};

static void process_page(unsigned long data)
{
	/* check if any of the requests in the page are DMA_COMPLETE,
	 * and deal with them appropriately.
	 */
	struct mm_page *page;
	struct cardinfo *card = (struct cardinfo *)data;
	unsigned int dma_status = card->dma_status;

	spin_lock(&card->lock);
	page = &card->page;
	page->cnt += dma_status;
	spin_unlock(&card->lock);
}

int mm_pci_probe(struct cardinfo *card)
{
	tasklet_init(&card->tasklet, process_page, (unsigned long)card);

	return 0;
}
