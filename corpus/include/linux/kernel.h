/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/kernel.h: container_of and friends. */
#ifndef _CORPUS_KERNEL_H
#define _CORPUS_KERNEL_H
#include <linux/types.h>
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
int printk(const char *fmt, ...);
void msleep(unsigned int msecs);
#endif
