/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_tasklet.h - the reference model of the v6.1 tasklet core
 * (kernel/softirq.c, include/linux/interrupt.h) on two simulated CPUs.
 *
 * struct ta_rc_tasklet is a plain value: the caller owns it (usually on the
 * stack or inside the checker's state), nothing is allocated.  Each API call
 * takes a phase (start at 0) and returns a ta_rc_step: TA_RC_MORE means "call
 * again with phase + 1", TA_RC_WAIT means the call blocks in this state (the
 * state is unchanged).  ta_rc_tasklet_action() is one pass of
 * tasklet_action_common() over this tasklet on one CPU; the callback's run is
 * split into that start event and ta_rc_tasklet_callback_end() so that other
 * events can interleave with it.
 */
#ifndef TA_REFCORE_TASKLET_H
#define TA_REFCORE_TASKLET_H

#include "refcore_model.h"

struct ta_rc_tasklet {
	uint8_t sched;      /* TASKLET_STATE_SCHED */
	uint8_t run;        /* TASKLET_STATE_RUN */
	int8_t count;       /* the disable depth, t->count (may go negative, as in the kernel) */
	int8_t list_cpu;    /* the CPU whose tasklet_vec / tasklet_hi_vec holds it, -1 none */
	uint8_t list_hi;    /* on tasklet_hi_vec (HI_SOFTIRQ) rather than tasklet_vec */
	uint8_t kill_holds; /* tasklet_kill() owns SCHED (set it, has not cleared it yet) */
};

/* The model's calls, the index into ta_rc_tasklet_model.ops. */
enum ta_tasklet_op {
	TA_TASKLET_SCHEDULE,
	TA_TASKLET_HI_SCHEDULE,
	TA_TASKLET_DISABLE_NOSYNC,
	TA_TASKLET_DISABLE,
	TA_TASKLET_DISABLE_IN_ATOMIC,
	TA_TASKLET_ENABLE,
	TA_TASKLET_KILL,
	TA_TASKLET_UNLOCK_WAIT,
	TA_TASKLET_NOPS
};

/* tasklet_setup() / tasklet_init(): everything clear, count 0. */
void ta_rc_tasklet_init(struct ta_rc_tasklet *t);
struct ta_rc_step ta_rc_tasklet_call(struct ta_rc_tasklet *t, enum ta_tasklet_op op, unsigned phase,
				     int cpu);
/*
 * One pass of tasklet_action_common() on cpu.  True when the callback starts
 * (SCHED cleared, RUN set); false when the tasklet is not on cpu's list or is
 * requeued (running elsewhere, or disabled), which leaves the state as it was.
 */
bool ta_rc_tasklet_action(struct ta_rc_tasklet *t, int cpu, enum ta_rc_prio *prio);
/* The callback returned on cpu: tasklet_unlock() clears RUN. */
void ta_rc_tasklet_callback_end(struct ta_rc_tasklet *t, int cpu);

extern const struct ta_rc_model ta_rc_tasklet_model;

#endif
