// SPDX-License-Identifier: GPL-2.0-only
/* Old-style open-coded .func = / .data = assignments (bypass tasklet_setup). */
#include <linux/interrupt.h>

struct oc_channel {
	struct tasklet_struct irq_tasklet;
};

struct oc_card {
	struct oc_channel read;
	int id;
};

static void oc_fn(unsigned long data)
{
	struct oc_card *card = (struct oc_card *)data;

	card->id++;
}

void oc_setup(struct oc_card *card)
{
	card->read.irq_tasklet.data = (unsigned long)card;
	card->read.irq_tasklet.func = oc_fn;
	if (card->read.irq_tasklet.func == oc_fn)
		tasklet_schedule(&card->read.irq_tasklet);
}
