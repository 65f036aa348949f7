// SPDX-License-Identifier: GPL-2.0-only
/*
 * The table's function is also called directly with a saved cookie, not
 * with a cast of the device: which work item it stands for is the
 * driver's knowledge, so the conversion is refused at that call.
 */
#include "od.h"

static void od_dpc(unsigned long data)
{
	struct od_dev *od = (struct od_dev *)data;

	od->done++;
}

static const struct od_ops od_default_ops = {
	.dpc = od_dpc,
};

void od_poll(struct od_dev *od)
{
	od_dpc(od->cookie);
}

void od_probe(struct od_dev *od)
{
	od->ops = &od_default_ops;
	od->cookie = (unsigned long)od;
	tasklet_init(&od->dpc_tasklet, od->ops->dpc, (unsigned long)od);
}

void od_isr(struct od_dev *od)
{
	tasklet_schedule(&od->dpc_tasklet);
}

void od_remove(struct od_dev *od)
{
	tasklet_kill(&od->dpc_tasklet);
}
