// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_tasklet.c - the reference model of the v6.1 tasklet core.  Every
 * transition below is the kernel code quoted beside it (kernel/softirq.c and
 * include/linux/interrupt.h of linux-source-6.1); the conformance cases in
 * refcore_conform.c pin each one.
 */
#include "refcore_tasklet.h"

#include <stddef.h>

static const struct ta_rc_opinfo tasklet_ops[TA_TASKLET_NOPS] = {
	[TA_TASKLET_SCHEDULE] = {"tasklet_schedule", TA_RC_NOWAIT, TA_RC_ANY_CTX,
				 "callable from any context"},
	[TA_TASKLET_HI_SCHEDULE] = {"tasklet_hi_schedule", TA_RC_NOWAIT, TA_RC_ANY_CTX,
				    "callable from any context"},
	[TA_TASKLET_DISABLE_NOSYNC] = {"tasklet_disable_nosync", TA_RC_NOWAIT, TA_RC_ANY_CTX,
				       "callable from any context"},
	/* interrupt.h: tasklet_disable() { tasklet_disable_nosync(t); tasklet_unlock_wait(t); }
	 * softirq.c: tasklet_unlock_wait() { wait_var_event(&t->state, ...); }
	 * wait_bit.h: wait_var_event() starts with might_sleep(). */
	[TA_TASKLET_DISABLE] =
		{"tasklet_disable", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
		 "may sleep since 5.13: tasklet_unlock_wait() uses wait_var_event()"},
	/* interrupt.h: tasklet_disable_in_atomic() { ...; tasklet_unlock_spin_wait(t); } */
	[TA_TASKLET_DISABLE_IN_ATOMIC] = {"tasklet_disable_in_atomic", TA_RC_SPINS, TA_RC_ANY_CTX,
					  "spins in tasklet_unlock_spin_wait(); any context"},
	[TA_TASKLET_ENABLE] = {"tasklet_enable", TA_RC_NOWAIT, TA_RC_ANY_CTX,
			       "callable from any context"},
	/* softirq.c: tasklet_kill(): if (in_interrupt()) pr_notice("Attempt to kill
	 * tasklet from interrupt\n"); ... wait_var_event(...) */
	[TA_TASKLET_KILL] = {"tasklet_kill", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
			     "not for interrupt context; sleeps in wait_var_event()"},
	[TA_TASKLET_UNLOCK_WAIT] = {"tasklet_unlock_wait", TA_RC_SLEEPS,
				    TA_RC_CTXBIT(TA_RC_PROCESS), "sleeps in wait_var_event()"},
};

void ta_rc_tasklet_init(struct ta_rc_tasklet *t)
{
	/* softirq.c tasklet_setup(): t->state = 0; atomic_set(&t->count, 0); */
	t->sched = 0;
	t->run = 0;
	t->count = 0;
	t->list_cpu = -1;
	t->list_hi = 0;
	t->kill_holds = 0;
}

static struct ta_rc_step step(enum ta_rc_status status, unsigned flags, const char *note)
{
	struct ta_rc_step s = {status, flags, note};

	return s;
}

/*
 * interrupt.h:
 *	static inline void tasklet_schedule(struct tasklet_struct *t)
 *	{
 *		if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
 *			__tasklet_schedule(t);
 *	}
 * softirq.c __tasklet_schedule_common(): head = this_cpu_ptr(headp); ...
 *	*head->tail = t; ... raise_softirq_irqoff(softirq_nr);
 */
static struct ta_rc_step tasklet_schedule(struct ta_rc_tasklet *t, int cpu, bool hi)
{
	if (t->sched) {
		if (t->kill_holds)
			return step(TA_RC_DONE, TA_RC_F_REJECTED,
				    "SCHED is held by tasklet_kill(): nothing queued");
		return step(TA_RC_DONE, TA_RC_F_COALESCED, "SCHED already set: no-op");
	}
	t->sched = 1;
	t->list_cpu = (int8_t)cpu;
	t->list_hi = hi;
	return step(TA_RC_DONE, TA_RC_F_NEW,
		    hi ? "SCHED set, queued on this CPU's tasklet_hi_vec"
		       : "SCHED set, queued on this CPU's tasklet_vec");
}

/* interrupt.h: tasklet_disable_nosync() { atomic_inc(&t->count); ... } */
static void count_inc(struct ta_rc_tasklet *t)
{
	if (t->count < INT8_MAX)
		t->count++;
}

/*
 * interrupt.h:
 *	static inline void tasklet_disable(struct tasklet_struct *t)
 *	{
 *		tasklet_disable_nosync(t);
 *		tasklet_unlock_wait(t);
 *		smp_mb();
 *	}
 * softirq.c tasklet_unlock_wait():
 *	wait_var_event(&t->state, !test_bit(TASKLET_STATE_RUN, &t->state));
 * tasklet_disable_in_atomic() is the same with tasklet_unlock_spin_wait().
 */
static struct ta_rc_step tasklet_disable(struct ta_rc_tasklet *t, unsigned phase, bool spin)
{
	if (phase == 0) {
		count_inc(t);
		return step(TA_RC_MORE, 0, "count incremented");
	}
	if (TA_MUTANT(5) && !spin)
		return step(TA_RC_DONE, 0, "returns");
	if (t->run)
		return step(TA_RC_WAIT, 0,
			    spin ? "spins until RUN clears" : "sleeps until RUN clears");
	return step(TA_RC_DONE, 0, "RUN clear: returns");
}

/*
 * interrupt.h:
 *	static inline void tasklet_enable(struct tasklet_struct *t)
 *	{
 *		smp_mb__before_atomic();
 *		atomic_dec(&t->count);
 *	}
 * Nothing else: a tasklet left SCHED on a list while disabled runs at the
 * next softirq pass.
 */
static struct ta_rc_step tasklet_enable(struct ta_rc_tasklet *t)
{
	if (t->count > INT8_MIN)
		t->count--;
	if (TA_MUTANT(1) && t->count == 0 && t->sched && !t->kill_holds) {
		t->sched = 0;
		t->list_cpu = -1;
		return step(TA_RC_DONE, TA_RC_F_DROPPED, "count decremented, pending run dropped");
	}
	return step(TA_RC_DONE, 0, "count decremented");
}

/*
 * softirq.c:
 *	void tasklet_kill(struct tasklet_struct *t)
 *	{
 *		if (in_interrupt())
 *			pr_notice("Attempt to kill tasklet from interrupt\n");
 *
 *		while (test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
 *			wait_var_event(&t->state, !test_bit(TASKLET_STATE_SCHED, &t->state));
 *
 *		tasklet_unlock_wait(t);
 *		tasklet_clear_sched(t);
 *	}
 * Phase 0 is the loop (it returns only once it has set SCHED itself), phase
 * 1 tasklet_unlock_wait(), phase 2 tasklet_clear_sched().
 */
static struct ta_rc_step tasklet_kill(struct ta_rc_tasklet *t, unsigned phase)
{
	switch (phase) {
	case 0:
		if (TA_MUTANT(2) && t->sched && !t->kill_holds) {
			t->list_cpu = -1;
			t->kill_holds = 1;
			return step(TA_RC_MORE, TA_RC_F_DROPPED,
				    "takes SCHED, pending run dropped");
		}
		if (t->sched)
			return step(TA_RC_WAIT, 0, "sleeps until SCHED clears");
		t->sched = 1;
		t->kill_holds = 1;
		return step(TA_RC_MORE, 0, "sets SCHED itself");
	case 1:
		if (t->run)
			return step(TA_RC_WAIT, 0, "sleeps until RUN clears");
		return step(TA_RC_MORE, 0, "RUN clear");
	default:
		t->sched = 0;
		t->kill_holds = 0;
		return step(TA_RC_DONE, 0, "clears SCHED: returns");
	}
}

struct ta_rc_step ta_rc_tasklet_call(struct ta_rc_tasklet *t, enum ta_tasklet_op op, unsigned phase,
				     int cpu)
{
	switch (op) {
	case TA_TASKLET_SCHEDULE:
		return tasklet_schedule(t, cpu, false);
	case TA_TASKLET_HI_SCHEDULE:
		return tasklet_schedule(t, cpu, true);
	case TA_TASKLET_DISABLE_NOSYNC:
		count_inc(t);
		return step(TA_RC_DONE, 0, "count incremented: returns");
	case TA_TASKLET_DISABLE:
		return tasklet_disable(t, phase, false);
	case TA_TASKLET_DISABLE_IN_ATOMIC:
		return tasklet_disable(t, phase, true);
	case TA_TASKLET_ENABLE:
		return tasklet_enable(t);
	case TA_TASKLET_KILL:
		return tasklet_kill(t, phase);
	case TA_TASKLET_UNLOCK_WAIT:
		if (t->run)
			return step(TA_RC_WAIT, 0, "sleeps until RUN clears");
		return step(TA_RC_DONE, 0, "RUN clear: returns");
	default:
		return step(TA_RC_DONE, 0, "unknown call");
	}
}

/*
 * softirq.c tasklet_action_common(), for this tasklet on this CPU's list:
 *	if (tasklet_trylock(t)) {
 *		if (!atomic_read(&t->count)) {
 *			if (tasklet_clear_sched(t)) {
 *				...
 *				t->callback(t);
 *			}
 *			tasklet_unlock(t);
 *			continue;
 *		}
 *		tasklet_unlock(t);
 *	}
 *	... *tl_head->tail = t; ... __raise_softirq_irqoff(softirq_nr);
 * The requeue puts it back on the same CPU's list, so a pass that requeues
 * changes nothing and is not an event here.
 */
bool ta_rc_tasklet_action(struct ta_rc_tasklet *t, int cpu, enum ta_rc_prio *prio)
{
	if (t->list_cpu != cpu)
		return false;
	if (t->run && !TA_MUTANT(7)) {
		if (TA_MUTANT(3))
			t->list_cpu = -1;
		return false;
	}
	if (t->count != 0 && !TA_MUTANT(6))
		return false;
	t->run = 1;
	t->list_cpu = -1;
	if (!TA_MUTANT(4))
		t->sched = 0;
	if (prio)
		*prio = t->list_hi ? TA_RC_PRIO_HI_SOFTIRQ : TA_RC_PRIO_TASKLET_SOFTIRQ;
	return true;
}

/* softirq.c tasklet_unlock(): clear_bit(TASKLET_STATE_RUN, &t->state); wake_up_var(...) */
void ta_rc_tasklet_callback_end(struct ta_rc_tasklet *t, int cpu)
{
	(void)cpu;
	t->run = 0;
	if (TA_MUTANT(4) && !t->kill_holds)
		t->sched = 0;
}

static void model_init(void *st)
{
	ta_rc_tasklet_init(st);
}

static struct ta_rc_step model_op(void *st, unsigned op, unsigned phase, int cpu)
{
	return ta_rc_tasklet_call(st, (enum ta_tasklet_op)op, phase, cpu);
}

static bool model_start(void *st, int cpu, enum ta_rc_prio *prio, const char **note)
{
	if (!ta_rc_tasklet_action(st, cpu, prio))
		return false;
	*note = "tasklet_action_common(): RUN taken, SCHED cleared, callback called";
	return true;
}

static void model_end(void *st, int cpu, const char **note)
{
	ta_rc_tasklet_callback_end(st, cpu);
	*note = "tasklet_unlock(): RUN cleared";
}

static bool model_pending(const void *st)
{
	const struct ta_rc_tasklet *t = st;

	return t->sched && !t->kill_holds;
}

const struct ta_rc_model ta_rc_tasklet_model = {
	.runner = "softirq",
	.nops = TA_TASKLET_NOPS,
	.ops = tasklet_ops,
	.init = model_init,
	.op = model_op,
	.start = model_start,
	.end = model_end,
	.pending = model_pending,
};
