// SPDX-License-Identifier: GPL-2.0-only
/*
 * he_hprintk.c with the local moved on before data is printed: the value
 * printed is no longer the local's, so the conversion is refused.
 */
#include <linux/interrupt.h>

#ifdef HE_DEBUG
#define HPRINTK(fmt, args...)	printk(KERN_DEBUG "he: " fmt, ##args)
#else
#define HPRINTK(fmt, args...)	do { } while (0)
#endif

struct hr_dev {
	int number;
	struct tasklet_struct tasklet;
};

static void
hr_tasklet(unsigned long data)
{
	unsigned long flags;
	struct hr_dev *hr_dev = (struct hr_dev *) data;
	int updated = 0;

	hr_dev++;
	HPRINTK("tasklet (0x%lx)\n", data);
	flags = 0;
	updated += hr_dev->number + (int)flags;
}

static irqreturn_t hr_irq_handler(int irq, void *dev_id)
{
	struct hr_dev *hr_dev = dev_id;

	tasklet_schedule(&hr_dev->tasklet);
	return IRQ_HANDLED;
}

int hr_start(struct hr_dev *hr_dev, int irq)
{
	tasklet_init(&hr_dev->tasklet, hr_tasklet, (unsigned long) hr_dev);
	return request_irq(irq, hr_irq_handler, 0, "hr", hr_dev);
}

void hr_stop(struct hr_dev *hr_dev, int irq)
{
	free_irq(irq, hr_dev);
	tasklet_kill(&hr_dev->tasklet);
}
