// SPDX-License-Identifier: GPL-2.0-only
/* Chip a's callback, defined apart from its init. */
#include "mc.h"

void mc_a_pre_tbtt(struct tasklet_struct *t)
{
	struct mc_dev *dev = from_tasklet(dev, t, pre_tbtt);

	dev->beacons++;
}
