/* SPDX-License-Identifier: GPL-2.0-only */
/* A ring vector whose poll callback each datapath family sets (nfp). */
#ifndef OS_H
#define OS_H
#include <linux/interrupt.h>

struct os_r_vector {
	struct tasklet_struct tasklet;
	int polled;
};

struct os_dp_ops {
	void (*ctrl_poll)(struct tasklet_struct *t);
};

struct os_net {
	const struct os_dp_ops *ops;
	struct os_r_vector r_vec;
};
#endif
