// SPDX-License-Identifier: GPL-2.0-only
/*
 * A threaded request without a thread function, the primary handler
 * scheduling a tasklet whose callback sleeps: the callback takes the
 * NULL's place, with IRQF_ONESHOT added to the flags.
 */
#include <linux/interrupt.h>
#include <linux/delay.h>

struct nt_dev {
	int irq;
	unsigned long flags;
	struct tasklet_struct reset_tasklet;
};

static void nt_reset(struct tasklet_struct *t)
{
	struct nt_dev *nt = from_tasklet(nt, t, reset_tasklet);

	usleep_range(100, 200);
	nt->flags = 0;
}

static irqreturn_t nt_isr(int irq, void *data)
{
	struct nt_dev *nt = data;

	if (!nt->flags)
		return IRQ_NONE;
	tasklet_schedule(&nt->reset_tasklet);
	return IRQ_HANDLED;
}

int nt_probe(struct nt_dev *nt)
{
	tasklet_setup(&nt->reset_tasklet, nt_reset);
	return request_threaded_irq(nt->irq, nt_isr, NULL, IRQF_SHARED, "nt", nt);
}

void nt_remove(struct nt_dev *nt)
{
	free_irq(nt->irq, nt);
	tasklet_kill(&nt->reset_tasklet);
}
