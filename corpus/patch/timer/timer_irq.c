// SPDX-License-Identifier: GPL-2.0-only
/* Also scheduled from the IRQ handler: not only a timer's, refused. */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct ti_dev {
	int irq;
	struct timer_list timer;
	int n;
	struct tasklet_struct bh;
};

static void ti_bh(struct tasklet_struct *t)
{
	struct ti_dev *d = from_tasklet(d, t, bh);

	d->n++;
}

static void ti_timer(struct timer_list *t)
{
	struct ti_dev *d = from_timer(d, t, timer);

	tasklet_schedule(&d->bh);
}

static irqreturn_t ti_irq(int irq, void *dev)
{
	struct ti_dev *d = dev;

	tasklet_schedule(&d->bh);
	return IRQ_HANDLED;
}

int ti_init(struct ti_dev *d)
{
	tasklet_setup(&d->bh, ti_bh);
	timer_setup(&d->timer, ti_timer, 0);
	return request_irq(d->irq, ti_irq, 0, "ti", d);
}
