/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/types.h. */
#ifndef _CORPUS_TYPES_H
#define _CORPUS_TYPES_H
#include <stddef.h>
typedef _Bool bool;
#define true 1
#define false 0
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned long uintptr_t;
typedef u64 dma_addr_t;
typedef unsigned int gfp_t;
typedef struct { int counter; } atomic_t;
#define ATOMIC_INIT(i) { (i) }
#define GFP_KERNEL 0x1u
#define GFP_ATOMIC 0x2u
#endif
