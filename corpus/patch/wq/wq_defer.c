// SPDX-License-Identifier: GPL-2.0-only
/* Deferred from process context only, nothing needs BH: a process-context work item. */
#include <linux/interrupt.h>
#include <linux/delay.h>

struct wd_dev {
	int refills;
	struct tasklet_struct refill_tasklet;
};

static void wd_refill(struct tasklet_struct *t)
{
	struct wd_dev *wd = from_tasklet(wd, t, refill_tasklet);

	wd->refills++;
}

int wd_open(struct wd_dev *wd)
{
	tasklet_setup(&wd->refill_tasklet, wd_refill);
	tasklet_schedule(&wd->refill_tasklet);
	return 0;
}

void wd_close(struct wd_dev *wd)
{
	tasklet_kill(&wd->refill_tasklet);
}
