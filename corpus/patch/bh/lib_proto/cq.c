// SPDX-License-Identifier: GPL-2.0-only
/* From mlx5 core/cq.c: the callback, defined away from the init site. */
#include "lib/eq.h"

void lp_cq_tasklet_cb(struct tasklet_struct *t)
{
	struct lp_eq_tasklet *ctx = from_tasklet(ctx, t, task);

	if (--ctx->pending)
		tasklet_schedule(&ctx->task);
}
