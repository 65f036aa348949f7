/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The usbnet shape (corpus/patch/bh/usbx.c): a core driver's tasklet is a
 * field of a struct in a header shared with its minidrivers, which never
 * touch the field.
 */
#ifndef _LINUX_USBX_H
#define _LINUX_USBX_H
#include <linux/interrupt.h>

struct usbx {
	int irq;
	int done;
	struct tasklet_struct bh;
};
#endif
