// SPDX-License-Identifier: GPL-2.0-only
/*
 * Chip b installs its own static callback on the same field: its
 * definition is not chip a's, so the tasklet's callback (mc_a_pre_tbtt(),
 * the first init's) is located in mc_beacon.c, not here.
 */
#include "mc.h"

static void mc_b_pre_tbtt(struct tasklet_struct *t)
{
	struct mc_dev *dev = from_tasklet(dev, t, pre_tbtt);

	dev->beacons += 2;
}

void mc_b_init(struct mc_dev *dev)
{
	tasklet_setup(&dev->pre_tbtt, mc_b_pre_tbtt);
	tasklet_schedule(&dev->pre_tbtt);
}
