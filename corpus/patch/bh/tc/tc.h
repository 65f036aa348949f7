/* SPDX-License-Identifier: GPL-2.0-only */
/* The ccp shape: one device structure, two hardware versions. */
#ifndef TC_H
#define TC_H
#include <linux/interrupt.h>

struct tc_device {
	int irq;
	int handled;
	int use_tasklet;
	struct tasklet_struct irq_tasklet;
};

int tc_v3_init(struct tc_device *tc);
int tc_v5_init(struct tc_device *tc);
#endif
