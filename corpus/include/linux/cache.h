/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/cache.h: the alignment attributes. */
#ifndef _CORPUS_CACHE_H
#define _CORPUS_CACHE_H
#define ____cacheline_aligned_in_smp __attribute__((__aligned__(64)))
#endif
