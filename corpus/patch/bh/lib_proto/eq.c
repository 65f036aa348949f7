// SPDX-License-Identifier: GPL-2.0-only
/* From mlx5 core/eq.c: the init, schedule and disable sites. */
#include "lib/eq.h"

static irqreturn_t lp_eq_comp_int(int irq, void *data)
{
	struct lp_eq *eq = data;

	tasklet_schedule(&eq->tasklet_ctx.task);
	return IRQ_HANDLED;
}

int lp_create_comp_eq(struct lp_eq *eq)
{
	tasklet_setup(&eq->tasklet_ctx.task, lp_cq_tasklet_cb);
	return request_irq(eq->eqn, lp_eq_comp_int, 0, "lp", eq);
}

void lp_destroy_comp_eq(struct lp_eq *eq)
{
	tasklet_disable(&eq->tasklet_ctx.task);
}
