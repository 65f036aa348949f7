// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_disable() followed at once by tasklet_enable() (qed's
 * qed_slowpath_tasklet_flush(), mac80211's drv_stop()): a barrier that
 * waits for a running callback, not a lock.  It becomes flush_work(), never
 * disable_work_sync() + enable_and_queue_work(), which would queue a
 * spurious run on the calling CPU.
 */
#include <linux/interrupt.h>

struct br_dev {
	int irq;
	int started;
	struct tasklet_struct tasklet;
};

static void br_run(struct tasklet_struct *t)
{
	struct br_dev *br = from_tasklet(br, t, tasklet);

	br->started++;
}

static irqreturn_t br_irq(int irq, void *dev)
{
	struct br_dev *br = dev;

	tasklet_schedule(&br->tasklet);
	return IRQ_HANDLED;
}

void br_stop(struct br_dev *br)
{
	/* sync away all work on the tasklet before clearing started */
	tasklet_disable(&br->tasklet);
	tasklet_enable(&br->tasklet);

	br->started = 0;
}

int br_probe(struct br_dev *br)
{
	tasklet_setup(&br->tasklet, br_run);
	return request_irq(br->irq, br_irq, 0, "br", br);
}

void br_remove(struct br_dev *br)
{
	free_irq(br->irq, br);
	tasklet_kill(&br->tasklet);
}
