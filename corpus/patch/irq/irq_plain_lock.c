// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callback takes the queue lock with plain spin_lock(), as a timer
 * callback does: fine between softirqs, a deadlock once the callback is a
 * thread a softirq can interrupt.  Refused.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

struct pl_dev {
	int irq;
	int queued;
	spinlock_t lock;
	struct timer_list watchdog;
	struct tasklet_struct bh;
};

static void pl_bh(struct tasklet_struct *t)
{
	struct pl_dev *pl = from_tasklet(pl, t, bh);

	spin_lock(&pl->lock);
	pl->queued = 0;
	spin_unlock(&pl->lock);
}

static void pl_watchdog(struct timer_list *t)
{
	struct pl_dev *pl = from_timer(pl, t, watchdog);

	spin_lock(&pl->lock);
	pl->queued++;
	spin_unlock(&pl->lock);
}

static irqreturn_t pl_irq(int irq, void *dev)
{
	struct pl_dev *pl = dev;

	tasklet_schedule(&pl->bh);
	return IRQ_HANDLED;
}

int pl_probe(struct pl_dev *pl)
{
	spin_lock_init(&pl->lock);
	timer_setup(&pl->watchdog, pl_watchdog, 0);
	tasklet_setup(&pl->bh, pl_bh);
	return request_irq(pl->irq, pl_irq, 0, "pl", pl);
}
