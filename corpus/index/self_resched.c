// SPDX-License-Identifier: GPL-2.0-only
/* A new-style callback that re-schedules itself through its own argument. */
#include <linux/interrupt.h>

struct poll_dev {
	struct tasklet_struct poll;
	int budget;
};

static void poll_fn(struct tasklet_struct *t)
{
	struct poll_dev *pd = from_tasklet(pd, t, poll);

	if (--pd->budget > 0)
		tasklet_schedule(t);
}

void poll_start(struct poll_dev *pd)
{
	tasklet_setup(&pd->poll, poll_fn);
	tasklet_schedule(&pd->poll);
}
