// SPDX-License-Identifier: GPL-2.0-only
/* The newer chip: already on tasklet_setup(). */
#include "core.h"

struct nc_dev {
	struct mx_core mt;
	int events;
};

static void nc_irq_tasklet(struct tasklet_struct *t)
{
	struct nc_dev *dev = from_tasklet(dev, t, mt.irq_tasklet);

	dev->events++;
}

static irqreturn_t nc_irq_handler(int irq, void *dev_instance)
{
	struct nc_dev *dev = dev_instance;

	tasklet_schedule(&dev->mt.irq_tasklet);
	return IRQ_HANDLED;
}

int nc_probe(void)
{
	struct mx_core *mdev = mx_alloc_device(sizeof(struct nc_dev));
	struct nc_dev *dev = container_of(mdev, struct nc_dev, mt);

	tasklet_setup(&mdev->irq_tasklet, nc_irq_tasklet);
	return request_irq(mdev->irq, nc_irq_handler, 0, "nc", dev);
}

void nc_remove(struct nc_dev *dev)
{
	free_irq(dev->mt.irq, dev);
	tasklet_kill(&dev->mt.irq_tasklet);
}
