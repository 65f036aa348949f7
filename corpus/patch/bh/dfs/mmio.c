// SPDX-License-Identifier: GPL-2.0-only
/* The interrupt handler schedules the detector. */
#include "dfs.h"

irqreturn_t dfs_irq_handler(int irq, void *dev_instance)
{
	struct dfs_dev *dev = dev_instance;

	dev->dfs_pd.events++;
	tasklet_schedule(&dev->dfs_pd.dfs_tasklet);
	return IRQ_HANDLED;
}
