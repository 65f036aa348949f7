// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near-miss of process_defer.c: the same deferral, but the data the
 * callback touches is protected with spin_lock_bh elsewhere.  A
 * process-context work item would lose that exclusion.  Expect:
 * process_deferral, bh_workqueue (not workqueue), the BH lock as evidence.
 */
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>

struct pb_dev {
	struct tasklet_struct refill;
	spinlock_t lock;
	int level;
};

static void pb_refill(struct tasklet_struct *t)
{
	struct pb_dev *pb = from_tasklet(pb, t, refill);

	spin_lock(&pb->lock);
	pb->level = 10;
	spin_unlock(&pb->lock);
}

int pb_read_level(struct pb_dev *pb)
{
	int level;

	spin_lock_bh(&pb->lock);
	level = pb->level;
	spin_unlock_bh(&pb->lock);
	return level;
}

static int pb_probe(struct platform_device *pdev)
{
	struct pb_dev *pb = pdev->driver_data;

	tasklet_setup(&pb->refill, pb_refill);
	tasklet_schedule(&pb->refill);
	return 0;
}

static int pb_remove(struct platform_device *pdev)
{
	struct pb_dev *pb = pdev->driver_data;

	tasklet_kill(&pb->refill);
	return 0;
}

struct platform_driver pb_driver = {
	.probe = pb_probe,
	.remove = pb_remove,
};
