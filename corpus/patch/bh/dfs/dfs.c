// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callback recovers the embedded struct, not the device:
 * from_tasklet(dfs_pd, t, dfs_tasklet) names the field alone, while the
 * other files reach it as dev->dfs_pd.dfs_tasklet.
 */
#include "dfs.h"

static void dfs_tasklet(struct tasklet_struct *t)
{
	struct dfs_detector *dfs_pd = from_tasklet(dfs_pd, t, dfs_tasklet);
	struct dfs_dev *dev = container_of(dfs_pd, typeof(*dev), dfs_pd);

	dev->checked += dfs_pd->events;
}

void dfs_init_detector(struct dfs_dev *dev)
{
	struct dfs_detector *dfs_pd = &dev->dfs_pd;

	tasklet_setup(&dfs_pd->dfs_tasklet, dfs_tasklet);
}

void dfs_set_domain(struct dfs_dev *dev, int region)
{
	tasklet_disable(&dev->dfs_pd.dfs_tasklet);
	dev->region = region;
	tasklet_enable(&dev->dfs_pd.dfs_tasklet);
}
