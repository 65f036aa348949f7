// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_kill() used as a flush (mac80211's tdls.c): the driver kills the
 * tasklet so that the frame it has pending goes out before the station is
 * destroyed.  cancel_work_sync() would drop that run; flush_work() runs
 * it, then cancel_work_sync() drops a run it queues again, as
 * tasklet_kill() did.  The kill on the remove path stays a cancel.
 */
#include <linux/interrupt.h>

struct kf_local {
	int irq;
	int pending;
	struct tasklet_struct tx_pending_tasklet;
};

static void kf_tx_pending(struct tasklet_struct *t)
{
	struct kf_local *local = from_tasklet(local, t, tx_pending_tasklet);

	local->pending = 0;
}

static irqreturn_t kf_irq(int irq, void *dev)
{
	struct kf_local *local = dev;

	tasklet_schedule(&local->tx_pending_tasklet);
	return IRQ_HANDLED;
}

void kf_teardown_peer(struct kf_local *local)
{
	/*
	 * The teardown frame might still be pending: make sure the tasklet
	 * has sent it before the station goes.
	 */
	tasklet_kill(&local->tx_pending_tasklet);
	local->pending = -1;
}

int kf_probe(struct kf_local *local)
{
	tasklet_setup(&local->tx_pending_tasklet, kf_tx_pending);
	return request_irq(local->irq, kf_irq, 0, "kf", local);
}

void kf_remove(struct kf_local *local)
{
	free_irq(local->irq, local);
	tasklet_kill(&local->tx_pending_tasklet);
}
