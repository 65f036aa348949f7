// SPDX-License-Identifier: GPL-2.0-only
/* Chip a installs a callback defined in mc_beacon.c, known here by its declaration. */
#include "mc.h"

void mc_a_init(struct mc_dev *dev)
{
	tasklet_setup(&dev->pre_tbtt, mc_a_pre_tbtt);
}
