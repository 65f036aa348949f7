// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near miss: a tasklet declared disabled whose first enable is in a
 * function that is neither a probe nor init code (an open callback, which
 * may run any number of times): no init point to disable the work item
 * at, refused.
 */
#include <linux/interrupt.h>

static int opens;

static void open_fn(struct tasklet_struct *unused)
{
	opens++;
}

static DECLARE_TASKLET_DISABLED(open_tasklet, open_fn);

int open_device(void)
{
	tasklet_enable(&open_tasklet);
	tasklet_schedule(&open_tasklet);
	return 0;
}
