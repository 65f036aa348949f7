// SPDX-License-Identifier: GPL-2.0-only
/* A channel switch holds the detector off while it runs. */
#include "dfs.h"

int dfs_set_channel(struct dfs_dev *dev)
{
	tasklet_disable(&dev->dfs_pd.dfs_tasklet);
	dev->region = 0;
	tasklet_enable(&dev->dfs_pd.dfs_tasklet);
	return 0;
}
