// SPDX-License-Identifier: GPL-2.0-only
/* The callback is also called directly (a run-to-completion path). */
#include <linux/interrupt.h>

struct dc_dev {
	struct tasklet_struct tasklet;
	int polled;
};

static void dc_tasklet_fn(unsigned long data)
{
	struct dc_dev *dc = (struct dc_dev *)data;

	dc->polled++;
}

void dc_init(struct dc_dev *dc)
{
	tasklet_init(&dc->tasklet, dc_tasklet_fn, (unsigned long)dc);
}

void dc_poll(struct dc_dev *dc)
{
	dc_tasklet_fn((unsigned long)dc);
}
