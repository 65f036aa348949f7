// SPDX-License-Identifier: GPL-2.0-only
/* Chip b's callback, and its channel switch that pauses it. */
#include "chip_b.h"

void b_pre_tbtt(struct tasklet_struct *t)
{
	struct b_dev *dev = from_tasklet(dev, t, fam.pre_tbtt_tasklet);

	dev->tbtt += 2;
}

void b_set_channel(struct b_dev *dev)
{
	tasklet_disable(&dev->fam.pre_tbtt_tasklet);
	dev->tbtt = 0;
	tasklet_enable(&dev->fam.pre_tbtt_tasklet);
}
