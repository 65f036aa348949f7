/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/dmaengine.h. */
#ifndef _CORPUS_DMAENGINE_H
#define _CORPUS_DMAENGINE_H
typedef int dma_cookie_t;
struct dma_async_tx_descriptor {
	dma_cookie_t cookie;
	void (*callback)(void *param);
	void *callback_param;
};
void dma_cookie_complete(struct dma_async_tx_descriptor *tx);
void dmaengine_desc_get_callback_invoke(struct dma_async_tx_descriptor *tx, void *result);
#endif
