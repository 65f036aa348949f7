// SPDX-License-Identifier: GPL-2.0-only
/*
 * The near miss of namesake/: a queue with a qresume_tsk that nothing
 * schedules, in another directory (another driver) than the scheduled
 * struct nm_ofld_txq.qresume_tsk.  Expect: unused.
 */
#include <linux/interrupt.h>

struct far_q {
	struct tasklet_struct qresume_tsk;
	int stopped;
};

static void far_restart(struct tasklet_struct *t)
{
}

void far_alloc(struct far_q *q)
{
	tasklet_setup(&q->qresume_tsk, far_restart);
}

void far_free(struct far_q *q)
{
	tasklet_kill(&q->qresume_tsk);
}
