// SPDX-License-Identifier: GPL-2.0-only
/*
 * The schedule is the body of an if without braces inside a loop: an early
 * return would skip the rest of the loop.  Refused.
 */
#include <linux/interrupt.h>

struct lp_dev {
	int irq;
	unsigned int status[4];
	int seen;
	struct tasklet_struct bh;
};

static void lp_bh(struct tasklet_struct *t)
{
	struct lp_dev *lp = from_tasklet(lp, t, bh);

	lp->seen = 0;
}

static irqreturn_t lp_irq(int irq, void *dev)
{
	struct lp_dev *lp = dev;
	int i;

	for (i = 0; i < 4; i++)
		if (lp->status[i])
			tasklet_schedule(&lp->bh);
	return IRQ_HANDLED;
}

int lp_probe(struct lp_dev *lp)
{
	tasklet_setup(&lp->bh, lp_bh);
	return request_irq(lp->irq, lp_irq, 0, "lp", lp);
}
