/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Two controller families behind one ops table, the old tasklet API
 * (megaraid_sas's instancet->tasklet): the member takes unsigned long.
 */
#ifndef OO_H
#define OO_H
#include <linux/interrupt.h>

struct oo_instance;

struct oo_template {
	void (*enable_intr)(struct oo_instance *);
	void (*tasklet)(unsigned long);
};

struct oo_instance {
	const struct oo_template *instancet;
	struct tasklet_struct isr_tasklet;
	int completed;
};

extern const struct oo_template oo_fusion_template;
int oo_fusion_wait(struct oo_instance *instance);
#endif
