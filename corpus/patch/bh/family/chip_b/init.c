// SPDX-License-Identifier: GPL-2.0-only
/* Chip b's probe installs its callback on the core's tasklet. */
#include "chip_b.h"

int b_register(struct b_dev *dev)
{
	tasklet_setup(&dev->fam.pre_tbtt_tasklet, b_pre_tbtt);
	tasklet_disable(&dev->fam.pre_tbtt_tasklet);
	return 0;
}
