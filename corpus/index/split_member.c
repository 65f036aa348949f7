// SPDX-License-Identifier: GPL-2.0-only
/*
 * lcs' shape: the channel's tasklet is initialized open-coded through the
 * card's embedded channels, whose struct does not parse here (an array of a
 * type from a header this configuration lacks), and scheduled through a
 * channel pointer that does parse. The untyped init sites belong to struct sm_channel.irq_tasklet,
 * the one tasklet of that member name that this file's typed sites use:
 * one object, not three. The near miss, 'card->read.peer->tasklet': two struct
 * fields named 'tasklet' are used in this file, so its untyped init stays
 * an object of its own.
 */
#include <linux/interrupt.h>

struct sm_channel {
	struct sm_ccw1 ccws[2]; /* incomplete: the struct does not parse */
	struct tasklet_struct irq_tasklet;
	struct sm_a *peer;
	int state;
};

struct sm_a {
	struct tasklet_struct tasklet;
};

struct sm_b {
	struct tasklet_struct tasklet;
};

struct sm_card {
	struct sm_channel read;
	struct sm_channel write;
};

static void sm_tasklet(unsigned long data)
{
	struct sm_channel *channel = (struct sm_channel *)data;

	channel->state = 0;
}

static void sm_ab(struct tasklet_struct *t)
{
}

void sm_setup(struct sm_card *card, struct sm_a *a, struct sm_b *b)
{
	card->read.irq_tasklet.data = (unsigned long)&card->read;
	card->read.irq_tasklet.func = sm_tasklet;
	card->write.irq_tasklet.data = (unsigned long)&card->write;
	card->write.irq_tasklet.func = sm_tasklet;
	tasklet_setup(&a->tasklet, sm_ab);
	tasklet_setup(&b->tasklet, sm_ab);
	card->read.peer->tasklet.func = sm_tasklet;
}

irqreturn_t sm_irq(int irq, void *dev_id)
{
	struct sm_channel *channel = dev_id;

	tasklet_schedule(&channel->irq_tasklet);
	return IRQ_HANDLED;
}

void sm_cleanup(struct sm_channel *channel)
{
	tasklet_kill(&channel->irq_tasklet);
}
