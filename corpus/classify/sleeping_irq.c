// SPDX-License-Identifier: GPL-2.0-only
/*
 * A sleeping callback whose only schedule site is the primary handler of
 * one IRQ line.  Expect: finding bug.callback-sleeps, recommend
 * threaded_irq (the thread may sleep).
 */
#include <linux/interrupt.h>
#include <linux/delay.h>

struct si_dev {
	struct tasklet_struct bh;
	int irq;
};

static void si_bh(struct tasklet_struct *t)
{
	usleep_range(100, 200);
}

static irqreturn_t si_isr(int irq, void *data)
{
	struct si_dev *si = data;

	tasklet_schedule(&si->bh);
	return IRQ_HANDLED;
}

int si_probe(struct si_dev *si)
{
	tasklet_setup(&si->bh, si_bh);
	return request_threaded_irq(si->irq, si_isr, NULL, 0, "si", si);
}

void si_remove(struct si_dev *si)
{
	tasklet_kill(&si->bh);
}
