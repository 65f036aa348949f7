// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lock the callback shares with spin_lock_bh() users is also taken
 * with plain spin_lock() by a timer callback: a softirq user the work item
 * could deadlock against.  Refused for wq.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

struct wt_dev {
	spinlock_t lock;
	int pending;
	struct timer_list flush_timer;
	struct tasklet_struct tx_tasklet;
};

static void wt_tx(struct tasklet_struct *t)
{
	struct wt_dev *wt = from_tasklet(wt, t, tx_tasklet);

	spin_lock(&wt->lock);
	wt->pending = 0;
	spin_unlock(&wt->lock);
}

static void wt_flush(struct timer_list *t)
{
	struct wt_dev *wt = from_timer(wt, t, flush_timer);

	spin_lock(&wt->lock);
	wt->pending = 0;
	spin_unlock(&wt->lock);
}

void wt_xmit(struct wt_dev *wt)
{
	spin_lock_bh(&wt->lock);
	wt->pending++;
	spin_unlock_bh(&wt->lock);
	tasklet_schedule(&wt->tx_tasklet);
}

void wt_init(struct wt_dev *wt)
{
	spin_lock_init(&wt->lock);
	timer_setup(&wt->flush_timer, wt_flush, 0);
	tasklet_setup(&wt->tx_tasklet, wt_tx);
}
