// SPDX-License-Identifier: GPL-2.0-only
/* The family core: beacons start and stop with the interface. */
#include "fam.h"

void fam_core_start(struct fam_dev *dev)
{
	tasklet_enable(&dev->pre_tbtt_tasklet);
}

void fam_core_stop(struct fam_dev *dev)
{
	tasklet_disable(&dev->pre_tbtt_tasklet);
}
