/* SPDX-License-Identifier: GPL-2.0-only */
/* An ops table whose member takes unsigned long (the old tasklet API). */
#ifndef OD_H
#define OD_H
#include <linux/interrupt.h>

struct od_ops {
	void (*dpc)(unsigned long);
};

struct od_dev {
	const struct od_ops *ops;
	struct tasklet_struct dpc_tasklet;
	unsigned long cookie;
	int done;
};
#endif
