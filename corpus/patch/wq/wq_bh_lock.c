// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process context shares data with the callback under spin_lock_bh(): the
 * work item retakes the lock with spin_lock_bh() itself.
 */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct wl_dev {
	spinlock_t lock;
	int pending;
	struct tasklet_struct tx_tasklet;
};

static void wl_tx(struct tasklet_struct *t)
{
	struct wl_dev *wl = from_tasklet(wl, t, tx_tasklet);

	spin_lock(&wl->lock);
	wl->pending = 0;
	spin_unlock(&wl->lock);
}

void wl_xmit(struct wl_dev *wl)
{
	spin_lock_bh(&wl->lock);
	wl->pending++;
	spin_unlock_bh(&wl->lock);
	tasklet_schedule(&wl->tx_tasklet);
}

void wl_init(struct wl_dev *wl)
{
	spin_lock_init(&wl->lock);
	tasklet_setup(&wl->tx_tasklet, wl_tx);
}
