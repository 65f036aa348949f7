/* SPDX-License-Identifier: GPL-2.0-only */
/* A device whose set-up macro also serves a legacy build. */
#ifndef WO_H
#define WO_H
#include <linux/interrupt.h>

struct wo_lib_ops {
	void (*rx_tasklet) (struct tasklet_struct *t);
};

struct wo_dev {
	const struct wo_lib_ops *lib;
	int count;
	struct tasklet_struct rx_tasklet;
#ifdef WO_LEGACY
	struct tasklet_struct legacy_tasklet;
#endif
};
#endif
