/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * From drivers/net/ethernet/mellanox/mlx5/core/lib/eq.h: the callback's
 * prototype lives in a header of another directory of the driver, which
 * the files include as "lib/eq.h".
 */
#ifndef LP_EQ_H
#define LP_EQ_H

#include <linux/interrupt.h>

struct lp_eq_tasklet {
	int pending;
	struct tasklet_struct task;
};

struct lp_eq {
	int eqn;
	struct lp_eq_tasklet tasklet_ctx;
};

void lp_cq_tasklet_cb(struct tasklet_struct *t);

#endif
