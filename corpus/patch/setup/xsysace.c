// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/block/xsysace.c: the data cast through void *. */
#include <linux/interrupt.h>
#include <linux/spinlock.h>

struct ace_device {
	spinlock_t lock;
	int fsm_state;
	struct tasklet_struct fsm_tasklet;
};

static void ace_fsm_tasklet(unsigned long data)
{
	struct ace_device *ace = (void *)data;
	unsigned long flags;

	spin_lock_irqsave(&ace->lock, flags);
	ace->fsm_state++;
	spin_unlock_irqrestore(&ace->lock, flags);
}

int ace_setup(struct ace_device *ace)
{
	/*
	 * Initialize the state machine tasklet and stall timer
	 */
	tasklet_init(&ace->fsm_tasklet, ace_fsm_tasklet, (unsigned long)ace);
	return 0;
}
