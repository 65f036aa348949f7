/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/bitops.h. */
#ifndef _CORPUS_BITOPS_H
#define _CORPUS_BITOPS_H
int test_bit(long nr, const volatile unsigned long *addr);
int test_and_set_bit(long nr, volatile unsigned long *addr);
void clear_bit(long nr, volatile unsigned long *addr);
#endif
