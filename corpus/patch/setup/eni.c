// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/atm/eni.c: the data is the struct atm_dev, not the
 * struct eni_dev holding the tasklet.  The seed recovers eni_dev with
 * from_tasklet() and then the atm_dev through container_of() on dev_data,
 * which is wrong (dev_data is a pointer).  The preparation patch passes
 * eni_dev (the callback computed it with ENI_DEV(dev), as eni_start() did)
 * and keeps dev in a new member set right before tasklet_init().
 */
#include <linux/interrupt.h>

struct eni_dev {
	int events;
	struct tasklet_struct task;
};

struct atm_dev {
	int number;
	void *dev_data;
};

#define ENI_DEV(d) ((struct eni_dev *)(d)->dev_data)

static void eni_tasklet(unsigned long data)
{
	struct atm_dev *dev = (struct atm_dev *) data;
	struct eni_dev *eni_dev = ENI_DEV(dev);

	eni_dev->events = dev->number;
}

int eni_start(struct atm_dev *dev)
{
	struct eni_dev *eni_dev = ENI_DEV(dev);

	tasklet_init(&eni_dev->task,eni_tasklet,(unsigned long) dev);
	eni_dev->events = 0;
	return 0;
}
