// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduled from an exported function nothing in the file registers:
 * the context is unknown.  Expect: unknown, bh_workqueue with lowered
 * confidence.
 */
#include <linux/interrupt.h>

struct uc_dev {
	struct tasklet_struct t;
};

static void uc_fn(struct tasklet_struct *t)
{
}

void uc_notify(struct uc_dev *uc)
{
	tasklet_schedule(&uc->t);
}

void uc_setup(struct uc_dev *uc)
{
	tasklet_setup(&uc->t, uc_fn);
}

void uc_teardown(struct uc_dev *uc)
{
	tasklet_kill(&uc->t);
}
