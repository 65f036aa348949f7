// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt2x00's shape on 6.12 (rt2x00dev.c): a driver macro that calls
 * tasklet_setup() with a callback from the ops table.  The tasklets are
 * already on the new API: nothing to modernize, no refusal.
 */
#include <linux/interrupt.h>

struct mm_lib {
	void (*txdone_tasklet)(struct tasklet_struct *t);
	void (*beacon_tasklet)(struct tasklet_struct *t);
};

struct mm_ops {
	const struct mm_lib *lib;
};

struct mm_dev {
	const struct mm_ops *ops;
	struct tasklet_struct txdone_tasklet;
	struct tasklet_struct beacon_tasklet;
	unsigned long pending;
};

static void mm_txdone(struct tasklet_struct *t)
{
	struct mm_dev *mm = from_tasklet(mm, t, txdone_tasklet);

	mm->pending = 0;
}

static void mm_beacon(struct tasklet_struct *t)
{
	struct mm_dev *mm = from_tasklet(mm, t, beacon_tasklet);

	mm->pending = 1;
}

static const struct mm_lib mm_lib_ops = {
	.txdone_tasklet = mm_txdone,
	.beacon_tasklet = mm_beacon,
};

static const struct mm_ops mm_ops_table = {
	.lib = &mm_lib_ops,
};

static irqreturn_t mm_irq(int irq, void *data)
{
	struct mm_dev *mm = data;

	tasklet_schedule(&mm->txdone_tasklet);
	tasklet_schedule(&mm->beacon_tasklet);
	return IRQ_HANDLED;
}

int mm_probe(struct mm_dev *mm, int irq)
{
	mm->ops = &mm_ops_table;
#define MM_TASKLET_INIT(taskletname) \
	if (mm->ops->lib->taskletname) { \
		tasklet_setup(&mm->taskletname, \
			      mm->ops->lib->taskletname); \
	}

	MM_TASKLET_INIT(txdone_tasklet);
	MM_TASKLET_INIT(beacon_tasklet);

#undef MM_TASKLET_INIT
	return request_irq(irq, mm_irq, 0, "mm", mm);
}

void mm_remove(struct mm_dev *mm)
{
	tasklet_kill(&mm->txdone_tasklet);
	tasklet_kill(&mm->beacon_tasklet);
}
