// SPDX-License-Identifier: GPL-2.0-only
/* A schedule through a local pointer initialized from the field. */
#include <linux/interrupt.h>

struct lp_dev {
	struct tasklet_struct deferred;
};

static void lp_fn(struct tasklet_struct *t)
{
}

void lp_init(struct lp_dev *d)
{
	tasklet_setup(&d->deferred, lp_fn);
}

void lp_kick(struct lp_dev *d)
{
	struct tasklet_struct *t = &d->deferred;

	tasklet_schedule(t);
}
