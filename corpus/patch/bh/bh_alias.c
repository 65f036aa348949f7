// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/crypto/aspeed/aspeed-hace.c: the tasklet is reached through
 * a local alias of a member of the device (hash_engine = &hace_dev->
 * hash_engine) and the data is the device itself: the outer container.
 * The callback recovers it with from_work() on the nested member.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct al_engine {
	struct tasklet_struct done_task;
	unsigned long flags;
};

struct al_dev {
	int irq;
	struct al_engine hash_engine;
};

static irqreturn_t al_irq(int irq, void *dev)
{
	struct al_dev *hace_dev = dev;
	struct al_engine *hash_engine = &hace_dev->hash_engine;

	if (hash_engine->flags)
		tasklet_schedule(&hash_engine->done_task);
	return IRQ_HANDLED;
}

static void al_hash_done_task(unsigned long data)
{
	struct al_dev *hace_dev = (struct al_dev *)data;
	struct al_engine *hash_engine = &hace_dev->hash_engine;

	hash_engine->flags = 0;
}

int al_probe(struct al_dev *hace_dev)
{
	struct al_engine *hash_engine;

	hash_engine = &hace_dev->hash_engine;
	tasklet_init(&hash_engine->done_task, al_hash_done_task,
		     (unsigned long)hace_dev);
	return request_irq(hace_dev->irq, al_irq, 0, "al", hace_dev);
}

void al_remove(struct al_dev *hace_dev)
{
	struct al_engine *hash_engine = &hace_dev->hash_engine;

	tasklet_kill(&hash_engine->done_task);
}
