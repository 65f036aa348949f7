/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_workqueue.h - the reference model of one work item on a per-CPU
 * workqueue: a BH workqueue (system_bh_wq, system_bh_highpri_wq, v6.9+) or
 * a process-context one (system_wq), with the v6.10 disable/enable API.
 *
 * Linux 6.1 has neither BH workqueues nor disable_work(); these semantics
 * come from the BH-workqueue and disable/enable series (lore
 * 20240216180559.208276-1-tj@kernel.org, kernel/workqueue.c and
 * include/linux/workqueue.h of v6.10) as summarised in tasklet-notes.md, and
 * from the 6.1 code they build on (queue_work_on(), __queue_work()).
 *
 * struct ta_work is a plain value owned by the caller; calls follow the
 * phase protocol of refcore_model.h.
 */
#ifndef TA_REFCORE_WORKQUEUE_H
#define TA_REFCORE_WORKQUEUE_H

#include "refcore_model.h"

struct ta_work {
	uint8_t pending;   /* WORK_STRUCT_PENDING */
	uint8_t disable;   /* the disable depth (WORK_OFFQ_DISABLE bits) */
	int8_t queued_cpu; /* the CPU whose pool has it queued, -1 none */
	int8_t running;    /* the CPU executing it, -1 none */
	uint8_t hi;        /* queued on the high-priority queue */
	uint8_t bh;        /* the queue is a BH workqueue */
};

enum ta_work_op {
	TA_WORK_QUEUE,               /* queue_work(system_bh_wq or system_wq, w) */
	TA_WORK_QUEUE_HI,            /* queue_work(system_bh_highpri_wq or system_highpri_wq, w) */
	TA_WORK_DISABLE,             /* disable_work() */
	TA_WORK_DISABLE_SYNC,        /* disable_work_sync() */
	TA_WORK_ENABLE,              /* enable_work() */
	TA_WORK_ENABLE_AND_QUEUE,    /* enable_and_queue_work(wq, w) */
	TA_WORK_ENABLE_AND_QUEUE_HI, /* the same on the high-priority queue */
	TA_WORK_CANCEL_SYNC,         /* cancel_work_sync() */
	TA_WORK_FLUSH,               /* flush_work() */
	TA_WORK_NOPS
};

void ta_work_init(struct ta_work *w, bool bh);
struct ta_rc_step ta_work_call(struct ta_work *w, enum ta_work_op op, unsigned phase, int cpu);
/* The worker (BH: the softirq; otherwise a kworker) of cpu picks the item up. */
bool ta_work_exec(struct ta_work *w, int cpu, enum ta_rc_prio *prio);
void ta_work_callback_end(struct ta_work *w, int cpu);

extern const struct ta_rc_model ta_rc_bh_model; /* system_bh_wq */
extern const struct ta_rc_model ta_rc_wq_model; /* system_wq */

#endif
