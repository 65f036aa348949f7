// SPDX-License-Identifier: GPL-2.0-only
/* Chip a's callback, defined apart from the probe that installs it. */
#include "chip_a.h"

void a_pre_tbtt(struct tasklet_struct *t)
{
	struct a_dev *dev = from_tasklet(dev, t, fam.pre_tbtt_tasklet);

	dev->tbtt++;
	dev->fam.beacons++;
}
