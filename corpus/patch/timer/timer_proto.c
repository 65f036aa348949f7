// SPDX-License-Identifier: GPL-2.0-only
/* The callback is defined after the timer callback, declared before it: the prototype changes too. */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct tl_dev {
	struct timer_list timer;
	int n;
	struct tasklet_struct bh;
};

static void tl_bh(struct tasklet_struct *t);

static void tl_timer(struct timer_list *t)
{
	struct tl_dev *d = from_timer(d, t, timer);

	tasklet_schedule(&d->bh);
}

static void tl_bh(struct tasklet_struct *t)
{
	struct tl_dev *d = from_tasklet(d, t, bh);

	d->n++;
}

void tl_init(struct tl_dev *d)
{
	tasklet_setup(&d->bh, tl_bh);
	timer_setup(&d->timer, tl_timer, 0);
}
