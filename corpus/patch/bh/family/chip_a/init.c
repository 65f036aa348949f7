// SPDX-License-Identifier: GPL-2.0-only
/* Chip a's probe installs its callback on the core's tasklet. */
#include "chip_a.h"

int a_register(struct a_dev *dev)
{
	tasklet_setup(&dev->fam.pre_tbtt_tasklet, a_pre_tbtt);
	tasklet_disable(&dev->fam.pre_tbtt_tasklet);
	return 0;
}
