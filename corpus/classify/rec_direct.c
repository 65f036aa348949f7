// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callback that only does what is safe in any context needs no deferral.
 * Expect: rearm (its callback takes an irqsave lock and queues a work item)
 * manual with rec.call-directly; near-miss: rearm_locked, the same callback
 * shape, is scheduled with a spinlock held that the callback would take:
 * bh_workqueue.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

struct rd_dev {
	int irq;
	spinlock_t lock;
	struct work_struct idle;
	struct tasklet_struct rearm;
	struct tasklet_struct rearm_locked;
	unsigned int armed;
};

static void rd_rearm(struct tasklet_struct *t)
{
	struct rd_dev *rd = from_tasklet(rd, t, rearm);
	unsigned long flags;

	spin_lock_irqsave(&rd->lock, flags);
	rd->armed = 1;
	spin_unlock_irqrestore(&rd->lock, flags);
	schedule_work(&rd->idle);
}

static void rd_rearm_locked(struct tasklet_struct *t)
{
	struct rd_dev *rd = from_tasklet(rd, t, rearm_locked);
	unsigned long flags;

	spin_lock_irqsave(&rd->lock, flags);
	rd->armed = 2;
	spin_unlock_irqrestore(&rd->lock, flags);
	schedule_work(&rd->idle);
}

static irqreturn_t rd_isr(int irq, void *data)
{
	struct rd_dev *rd = data;
	unsigned long flags;

	tasklet_schedule(&rd->rearm);
	spin_lock_irqsave(&rd->lock, flags);
	tasklet_schedule(&rd->rearm_locked);
	spin_unlock_irqrestore(&rd->lock, flags);
	return IRQ_HANDLED;
}

int rd_init(struct rd_dev *rd)
{
	tasklet_setup(&rd->rearm, rd_rearm);
	tasklet_setup(&rd->rearm_locked, rd_rearm_locked);
	return request_irq(rd->irq, rd_isr, 0, "rd", rd);
}

void rd_exit(struct rd_dev *rd)
{
	free_irq(rd->irq, rd);
	tasklet_kill(&rd->rearm);
	tasklet_kill(&rd->rearm_locked);
}
