// SPDX-License-Identifier: GPL-2.0-only
/* The USB variant stops the detector for good on disconnect. */
#include "dfs.h"

void dfs_usb_disconnect(struct dfs_dev *dev)
{
	tasklet_disable(&dev->dfs_pd.dfs_tasklet);
}
