// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduled only from process context (probe and resume).  Expect:
 * process_deferral, workqueue (nothing relies on BH exclusion).
 */
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>

struct pd_dev {
	struct tasklet_struct refill;
	spinlock_t lock;
	int level;
};

static void pd_refill(struct tasklet_struct *t)
{
	struct pd_dev *pd = from_tasklet(pd, t, refill);

	spin_lock(&pd->lock);
	pd->level = 10;
	spin_unlock(&pd->lock);
}

static int pd_probe(struct platform_device *pdev)
{
	struct pd_dev *pd = pdev->driver_data;

	tasklet_setup(&pd->refill, pd_refill);
	tasklet_schedule(&pd->refill);
	return 0;
}

static int pd_resume(struct platform_device *pdev)
{
	struct pd_dev *pd = pdev->driver_data;

	tasklet_schedule(&pd->refill);
	return 0;
}

static int pd_remove(struct platform_device *pdev)
{
	struct pd_dev *pd = pdev->driver_data;

	tasklet_kill(&pd->refill);
	return 0;
}

struct platform_driver pd_driver = {
	.probe = pd_probe,
	.remove = pd_remove,
	.resume = pd_resume,
};
