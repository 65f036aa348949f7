// SPDX-License-Identifier: GPL-2.0-only
/*
 * Waiting calls in atomic context: tasklet_kill in an IRQ handler and
 * tasklet_disable under a spinlock (bug.sync-in-atomic, twice).
 * Near-miss: sa_config() disables after dropping the lock (no finding).
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct sa_dev {
	struct tasklet_struct t;
	spinlock_t lock;
	int cfg;
};

static void sa_fn(struct tasklet_struct *t)
{
}

static irqreturn_t sa_isr(int irq, void *data)
{
	struct sa_dev *sa = data;

	if (sa->cfg < 0) {
		tasklet_kill(&sa->t);
		return IRQ_HANDLED;
	}
	tasklet_schedule(&sa->t);
	return IRQ_HANDLED;
}

void sa_reset(struct sa_dev *sa)
{
	unsigned long flags;

	spin_lock_irqsave(&sa->lock, flags);
	tasklet_disable(&sa->t);
	sa->cfg = 0;
	tasklet_enable(&sa->t);
	spin_unlock_irqrestore(&sa->lock, flags);
}

void sa_config(struct sa_dev *sa)
{
	unsigned long flags;

	spin_lock_irqsave(&sa->lock, flags);
	sa->cfg = 1;
	spin_unlock_irqrestore(&sa->lock, flags);
	tasklet_disable(&sa->t);
	tasklet_enable(&sa->t);
}

int sa_init(struct sa_dev *sa)
{
	tasklet_setup(&sa->t, sa_fn);
	return request_irq(15, sa_isr, 0, "sa", sa);
}
