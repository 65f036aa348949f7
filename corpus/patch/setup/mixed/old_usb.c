// SPDX-License-Identifier: GPL-2.0-only
/* The other older chip: container_of() in the declaration. */
#include "old.h"

int oc_usb_probe(struct mx_core *mdev)
{
	struct oc_dev *dev = container_of(mdev, struct oc_dev, mt);

	tasklet_init(&mdev->irq_tasklet, oc_irq_tasklet, (unsigned long)dev);
	return request_irq(mdev->irq, oc_irq_handler, 0, "oc_usb", dev);
}

void oc_usb_remove(struct oc_dev *dev)
{
	free_irq(dev->mt.irq, dev);
	tasklet_kill(&dev->mt.irq_tasklet);
}
