// SPDX-License-Identifier: GPL-2.0-only
/* The handler acks after scheduling: its answer cannot change mechanically, refused. */
#include <linux/interrupt.h>

struct la_dev {
	int irq;
	unsigned int ack;
	struct tasklet_struct bh;
};

static void la_bh(struct tasklet_struct *t)
{
	struct la_dev *la = from_tasklet(la, t, bh);

	la->ack = 0;
}

static irqreturn_t la_irq(int irq, void *dev)
{
	struct la_dev *la = dev;

	tasklet_schedule(&la->bh);
	la->ack = 1;
	return IRQ_HANDLED;
}

int la_probe(struct la_dev *la)
{
	tasklet_setup(&la->bh, la_bh);
	return request_irq(la->irq, la_irq, 0, "la", la);
}
