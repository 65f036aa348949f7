/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/compiler_types.h. */
#ifndef _CORPUS_COMPILER_TYPES_H
#define _CORPUS_COMPILER_TYPES_H
#define __iomem
#define __user
#define __init
#define __exit
#define __always_inline inline __attribute__((__always_inline__))
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
