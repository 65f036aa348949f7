// SPDX-License-Identifier: GPL-2.0-only
/* The callback re-schedules itself through its parameter. */
#include <linux/interrupt.h>

struct sr_dev {
	int budget;
	struct tasklet_struct poll_tasklet;
};

static void sr_poll(struct tasklet_struct *t)
{
	struct sr_dev *sr = from_tasklet(sr, t, poll_tasklet);

	if (--sr->budget > 0)
		tasklet_schedule(t);
}

void sr_start(struct sr_dev *sr)
{
	tasklet_setup(&sr->poll_tasklet, sr_poll);
	sr->budget = 4;
	tasklet_schedule(&sr->poll_tasklet);
}
