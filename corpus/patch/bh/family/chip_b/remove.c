// SPDX-License-Identifier: GPL-2.0-only
/* Chip b's remove path: the interrupt is gone, then the tasklet. */
#include "chip_b.h"

void b_remove(struct b_dev *dev)
{
	free_irq(dev->fam.irq, dev);
	tasklet_kill(&dev->fam.pre_tbtt_tasklet);
}
