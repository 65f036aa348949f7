// SPDX-License-Identifier: GPL-2.0-only
/*
 * ibmvscsi_tgt's shape: a sleeping callback scheduled only by the primary
 * handler of one IRQ line, so threaded_irq is the choice, but the callback
 * shares data with code under spin_lock_bh(): the writer refuses the
 * threaded IRQ, and the fallback, a process-context workqueue, is blocked
 * for the same reason.  Expect: threaded_irq stays, with the writer's
 * refusal as its blocker (a person must rework the locking), not workqueue.
 * Near miss: sleeping_irq.c (no BH lock: threaded_irq, nothing blocked).
 */
#include <linux/interrupt.h>
#include <linux/delay.h>
#include <linux/spinlock.h>

struct fb_dev {
	struct tasklet_struct bh;
	spinlock_t lock;
	int state;
	int irq;
};

static void fb_bh(struct tasklet_struct *t)
{
	struct fb_dev *fb = from_tasklet(fb, t, bh);

	spin_lock_bh(&fb->lock);
	fb->state++;
	spin_unlock_bh(&fb->lock);
	usleep_range(100, 200);
}

static irqreturn_t fb_isr(int irq, void *data)
{
	struct fb_dev *fb = data;

	tasklet_schedule(&fb->bh);
	return IRQ_HANDLED;
}

int fb_state(struct fb_dev *fb)
{
	int state;

	spin_lock_bh(&fb->lock);
	state = fb->state;
	spin_unlock_bh(&fb->lock);
	return state;
}

int fb_probe(struct fb_dev *fb)
{
	tasklet_setup(&fb->bh, fb_bh);
	return request_irq(fb->irq, fb_isr, 0, "fb", fb);
}

void fb_remove(struct fb_dev *fb)
{
	free_irq(fb->irq, fb);
	tasklet_kill(&fb->bh);
}
