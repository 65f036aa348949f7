// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/atm/he.c (v6.12): the callback prints its data as a number
 * after its local took the container from it.  The 2020 series left
 * `HPRINTK(..., data)`, which builds only while HPRINTK is compiled out;
 * the number is (unsigned long)he_dev, the same value.
 */
#include <linux/interrupt.h>

#ifdef HE_DEBUG
#define HPRINTK(fmt, args...)	printk(KERN_DEBUG "he: " fmt, ##args)
#else
#define HPRINTK(fmt, args...)	do { } while (0)
#endif

struct he_dev {
	int number;
	struct tasklet_struct tasklet;
};

static void
he_tasklet(unsigned long data)
{
	unsigned long flags;
	struct he_dev *he_dev = (struct he_dev *) data;
	int updated = 0;

	HPRINTK("tasklet (0x%lx)\n", data);
	flags = 0;
	updated += he_dev->number + (int)flags;
}

static irqreturn_t he_irq_handler(int irq, void *dev_id)
{
	struct he_dev *he_dev = dev_id;

	tasklet_schedule(&he_dev->tasklet);
	return IRQ_HANDLED;
}

int he_start(struct he_dev *he_dev, int irq)
{
	tasklet_init(&he_dev->tasklet, he_tasklet, (unsigned long) he_dev);
	return request_irq(irq, he_irq_handler, 0, "he", he_dev);
}

void he_stop(struct he_dev *he_dev, int irq)
{
	free_irq(irq, he_dev);
	tasklet_kill(&he_dev->tasklet);
}
