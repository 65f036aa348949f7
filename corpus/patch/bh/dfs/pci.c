// SPDX-License-Identifier: GPL-2.0-only
/* Probe and remove of the PCI variant. */
#include "dfs.h"

irqreturn_t dfs_irq_handler(int irq, void *dev_instance);

int dfs_pci_probe(struct dfs_dev *dev)
{
	dfs_init_detector(dev);
	return request_irq(dev->irq, dfs_irq_handler, 0, "dfs", dev);
}

void dfs_pci_remove(struct dfs_dev *dev)
{
	free_irq(dev->irq, dev);
	tasklet_kill(&dev->dfs_pd.dfs_tasklet);
}
