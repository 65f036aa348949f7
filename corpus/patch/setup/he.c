// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/atm/he.c: a named forward declaration, the cast after another local. */
#include <linux/interrupt.h>

struct he_dev {
	int number;
	struct tasklet_struct tasklet;
};

static void he_tasklet(unsigned long data);
static int he_start(struct he_dev *dev);

int he_init_one(struct he_dev *he_dev)
{
	he_dev->number = 0;
	tasklet_init(&he_dev->tasklet, he_tasklet, (unsigned long) he_dev);
	return he_start(he_dev);
}

static int he_start(struct he_dev *dev)
{
	return dev->number;
}

static void
he_tasklet(unsigned long data)
{
	unsigned long flags;
	struct he_dev *he_dev = (struct he_dev *) data;
	int group, type;
	int updated = 0;

	flags = 0;
	group = type = he_dev->number;
	updated += group + type + (int)flags;
}
