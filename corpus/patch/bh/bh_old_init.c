// SPDX-License-Identifier: GPL-2.0-only
/* tasklet_init() with the container as data: straight to INIT_WORK() and from_work(). */
#include <linux/interrupt.h>

struct oi_card {
	int irq;
	int events;
	struct tasklet_struct tasklet;
};

static void oi_bh(unsigned long data)
{
	struct oi_card *card = (struct oi_card *)data;

	card->events++;
}

static irqreturn_t oi_irq(int irq, void *dev)
{
	struct oi_card *card = dev;

	tasklet_schedule(&card->tasklet);
	return IRQ_HANDLED;
}

int oi_probe(struct oi_card *card)
{
	tasklet_init(&card->tasklet, oi_bh, (unsigned long)card);
	return request_irq(card->irq, oi_irq, 0, "oi", card);
}
