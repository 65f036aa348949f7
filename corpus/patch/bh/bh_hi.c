// SPDX-License-Identifier: GPL-2.0-only
/* High priority kept; disable/enable around a reset; an unconventional name kept. */
#include <linux/interrupt.h>

struct hp_dev {
	int irq;
	int done;
	struct tasklet_struct done_work;
};

static void hp_done(struct tasklet_struct *t)
{
	struct hp_dev *hp = from_tasklet(hp, t, done_work);

	hp->done++;
}

static irqreturn_t hp_irq(int irq, void *dev)
{
	struct hp_dev *hp = dev;

	tasklet_hi_schedule(&hp->done_work);
	return IRQ_HANDLED;
}

void hp_reset(struct hp_dev *hp)
{
	tasklet_disable(&hp->done_work);
	hp->done = 0;
	tasklet_enable(&hp->done_work);
}

int hp_probe(struct hp_dev *hp)
{
	tasklet_setup(&hp->done_work, hp_done);
	return request_irq(hp->irq, hp_irq, 0, "hp", hp);
}
