// SPDX-License-Identifier: GPL-2.0
/* c: converted to a BH workqueue; the comment below must not count:
 * INIT_WORK(&c->other, c_done_tasklet); queue_work(system_wq, &c->done_work);
 */
#include "c.h"

static void c_done_work(struct work_struct *work)
{
}

static irqreturn_t c_isr(int irq, void *data)
{
	struct c_dev *c = data;

	queue_work(
		system_bh_wq,
		&c->ports[c->current_port_index_for_the_completion_path_of_this_device].done_work);
	return IRQ_HANDLED;
}

static int c_probe(struct c_dev *c)
{
	INIT_WORK(&c->done_work, c_done_work);
	return 0;
}
