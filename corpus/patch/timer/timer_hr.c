// SPDX-License-Identifier: GPL-2.0-only
/* Kicked from an hrtimer, which runs in hard IRQ context (not a timer role): refused. */
#include <linux/hrtimer.h>
#include <linux/interrupt.h>

struct th_dev {
	struct hrtimer hrt;
	int n;
	struct tasklet_struct bh;
};

static void th_bh(struct tasklet_struct *t)
{
	struct th_dev *d = from_tasklet(d, t, bh);

	d->n++;
}

static enum hrtimer_restart th_fire(struct hrtimer *h)
{
	struct th_dev *d = container_of(h, struct th_dev, hrt);

	tasklet_schedule(&d->bh);
	return HRTIMER_NORESTART;
}

void th_init(struct th_dev *d)
{
	tasklet_setup(&d->bh, th_bh);
	d->hrt.function = th_fire;
}
