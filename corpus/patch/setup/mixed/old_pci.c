// SPDX-License-Identifier: GPL-2.0-only
/* One older chip: container_of() assigned after the allocation. */
#include "old.h"

int oc_pci_probe(void)
{
	struct mx_core *mdev;
	struct oc_dev *dev;

	mdev = mx_alloc_device(sizeof(*dev));
	if (!mdev)
		return -1;

	dev = container_of(mdev, struct oc_dev, mt);
	dev->intr = 0;
	tasklet_init(&mdev->irq_tasklet, oc_irq_tasklet, (unsigned long)dev);
	return request_irq(mdev->irq, oc_irq_handler, 0, "oc_pci", dev);
}

void oc_pci_remove(struct oc_dev *dev)
{
	struct mx_core *mdev = &dev->mt;

	free_irq(mdev->irq, dev);
	tasklet_kill(&mdev->irq_tasklet);
}
