/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/slab.h. */
#ifndef _CORPUS_SLAB_H
#define _CORPUS_SLAB_H
#include <linux/types.h>
void *kzalloc(size_t size, gfp_t flags);
void kfree(const void *p);
#endif
