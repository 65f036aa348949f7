// SPDX-License-Identifier: GPL-2.0-only
/* Chip a's remove path: the interrupt is gone, then the tasklet. */
#include "chip_a.h"

void a_remove(struct a_dev *dev)
{
	free_irq(dev->fam.irq, dev);
	tasklet_kill(&dev->fam.pre_tbtt_tasklet);
}
