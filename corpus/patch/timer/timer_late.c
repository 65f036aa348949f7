// SPDX-License-Identifier: GPL-2.0-only
/* The callback is defined after the timer callback and not declared: a prototype is added. */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct tn_dev {
	struct timer_list timer;
	int n;
	struct tasklet_struct bh;
};

static void tn_timer(struct timer_list *t)
{
	struct tn_dev *d = from_timer(d, t, timer);

	tasklet_schedule(&d->bh);
}

static void tn_bh(struct tasklet_struct *t)
{
	struct tn_dev *d = from_tasklet(d, t, bh);

	d->n++;
}

void tn_init(struct tn_dev *d)
{
	tasklet_setup(&d->bh, tn_bh);
	timer_setup(&d->timer, tn_timer, 0);
}
