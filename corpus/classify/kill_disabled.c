// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_disable() then tasklet_kill(): hangs if the tasklet is scheduled
 * in between (bug.kill-disabled).  Near-miss: kd_other_remove() enables
 * again before killing.
 */
#include <linux/interrupt.h>

struct kd_dev {
	struct tasklet_struct t;
	struct tasklet_struct u;
};

static void kd_fn(struct tasklet_struct *t)
{
}

static irqreturn_t kd_isr(int irq, void *data)
{
	struct kd_dev *kd = data;

	tasklet_schedule(&kd->t);
	tasklet_schedule(&kd->u);
	return IRQ_HANDLED;
}

void kd_remove(struct kd_dev *kd)
{
	tasklet_disable(&kd->t);
	tasklet_kill(&kd->t);
}

void kd_other_remove(struct kd_dev *kd)
{
	tasklet_disable(&kd->u);
	tasklet_enable(&kd->u);
	tasklet_kill(&kd->u);
}

int kd_init(struct kd_dev *kd)
{
	tasklet_setup(&kd->t, kd_fn);
	tasklet_setup(&kd->u, kd_fn);
	return request_irq(17, kd_isr, 0, "kd", kd);
}
