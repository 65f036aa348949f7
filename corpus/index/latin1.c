// SPDX-License-Identifier: GPL-2.0-only
/* Latin-1 bytes in a comment: café ÿþ; the tasklet is still found. */
#include <linux/interrupt.h>

static void l1_fn(struct tasklet_struct *t)
{
}

static DECLARE_TASKLET(l1_tasklet, l1_fn);

void l1_kick(void)
{
	tasklet_schedule(&l1_tasklet);
}
