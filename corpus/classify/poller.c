// SPDX-License-Identifier: GPL-2.0-only
/* A self re-arming poller started from a work function. Expect: self_rearming_poller. */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct po_dev {
	struct tasklet_struct poll;
	struct work_struct start_work;
	int budget;
};

static void po_poll(struct tasklet_struct *t)
{
	struct po_dev *po = from_tasklet(po, t, poll);

	if (--po->budget > 0)
		tasklet_schedule(&po->poll);
}

static void po_start(struct work_struct *w)
{
	struct po_dev *po = container_of(w, struct po_dev, start_work);

	tasklet_schedule(&po->poll);
}

void po_init(struct po_dev *po)
{
	tasklet_setup(&po->poll, po_poll);
	INIT_WORK(&po->start_work, po_start);
}

void po_exit(struct po_dev *po)
{
	tasklet_kill(&po->poll);
}
