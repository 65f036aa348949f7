// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_conform.c - the conformance cases of the reference models.  Each
 * case drives one model through explicit events and checks the state after
 * each, against the kernel source quoted in its comment (linux-source-6.1
 * kernel/softirq.c and include/linux/interrupt.h for the tasklet; the 6.1
 * workqueue, IRQ and timer code and, for what 6.1 lacks, the v6.9/v6.10
 * workqueue patches).  The last cases run the checker on the four known
 * semantic differences of the tasklet-to-workqueue conversion.
 */
#include "refcore_conform.h"

#include <stdbool.h>
#include <string.h>

#include "refcore_check.h"
#include "refcore_irq.h"
#include "refcore_protocol.h"
#include "refcore_tasklet.h"
#include "refcore_timer.h"
#include "refcore_workqueue.h"
#include "util.h"

#define EXPECT(cond)                                                                               \
	do {                                                                                       \
		if (!(cond))                                                                       \
			return xasprintf("line %d: expected %s", __LINE__, #cond);                 \
	} while (0)

/* A call in progress on a model: phases are taken as far as they go. */
struct call {
	const struct ta_rc_model *m;
	void *st;
	unsigned op, phase;
	int cpu;
	unsigned flags;
	bool done;
};

static struct call call_begin(const struct ta_rc_model *m, void *st, unsigned op, int cpu)
{
	struct call c = {m, st, op, 0, cpu, 0, false};

	return c;
}

/* Take every step the call can take now; true once it has returned. */
static bool call_advance(struct call *c)
{
	while (!c->done) {
		struct ta_rc_step s = c->m->op(c->st, c->op, c->phase, c->cpu);

		c->flags |= s.flags;
		if (s.status == TA_RC_WAIT)
			return false;
		if (s.status == TA_RC_DONE)
			c->done = true;
		else
			c->phase++;
	}
	return true;
}

/* Take one step; returns its status. */
static enum ta_rc_status call_step(struct call *c)
{
	struct ta_rc_step s = c->m->op(c->st, c->op, c->phase, c->cpu);

	c->flags |= s.flags;
	if (s.status == TA_RC_MORE)
		c->phase++;
	else if (s.status == TA_RC_DONE)
		c->done = true;
	return s.status;
}

/* Make a call that must return at once; its flags. */
static unsigned call_now(const struct ta_rc_model *m, void *st, unsigned op, int cpu, bool *ok)
{
	struct call c = call_begin(m, st, op, cpu);

	*ok = call_advance(&c);
	return c.flags;
}

#define TK (&ta_rc_tasklet_model)

/* ---- tasklet ---------------------------------------------------------------- */

/*
 * interrupt.h tasklet_schedule():
 *	if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
 *		__tasklet_schedule(t);
 * softirq.c __tasklet_schedule_common():
 *	head = this_cpu_ptr(headp);
 *	t->next = NULL;
 *	*head->tail = t;
 *	head->tail = &(t->next);
 *	raise_softirq_irqoff(softirq_nr);
 */
static char *tk_schedule_queues_here(void)
{
	struct ta_rc_tasklet t;
	enum ta_rc_prio prio;
	bool ok;

	ta_rc_tasklet_init(&t);
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 1, &ok) == TA_RC_F_NEW && ok);
	EXPECT(t.sched == 1 && t.list_cpu == 1 && t.list_hi == 0 && t.run == 0);
	EXPECT(!ta_rc_tasklet_action(&t, 0, &prio));
	EXPECT(ta_rc_tasklet_action(&t, 1, &prio));
	EXPECT(prio == TA_RC_PRIO_TASKLET_SOFTIRQ);
	return NULL;
}

/* interrupt.h tasklet_schedule(): test_and_set_bit() finds SCHED set: no-op. */
static char *tk_schedule_coalesces(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 1, &ok) == TA_RC_F_COALESCED);
	EXPECT(t.list_cpu == 0);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(!ta_rc_tasklet_action(&t, 0, NULL) && !ta_rc_tasklet_action(&t, 1, NULL));
	return NULL;
}

/*
 * interrupt.h tasklet_hi_schedule(): ... __tasklet_hi_schedule(t);
 * softirq.c __tasklet_hi_schedule(): __tasklet_schedule_common(t,
 *	&tasklet_hi_vec, HI_SOFTIRQ);  interrupt.h: HI_SOFTIRQ=0, TASKLET_SOFTIRQ (6)
 */
static char *tk_hi_schedule(void)
{
	struct ta_rc_tasklet t;
	enum ta_rc_prio prio;
	bool ok;

	ta_rc_tasklet_init(&t);
	EXPECT(call_now(TK, &t, TA_TASKLET_HI_SCHEDULE, 0, &ok) == TA_RC_F_NEW);
	EXPECT(t.sched && t.list_cpu == 0 && t.list_hi);
	EXPECT(ta_rc_tasklet_action(&t, 0, &prio) && prio == TA_RC_PRIO_HI_SOFTIRQ);
	return NULL;
}

/*
 * softirq.c tasklet_action_common():
 *	if (tasklet_clear_sched(t)) {
 *		...
 *		t->callback(t);
 * SCHED is cleared before the callback, so "Scheduling during a run makes
 * it run again" (tasklet-notes.md).  tasklet_unlock() then clears RUN.
 */
static char *tk_sched_cleared_before_run(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	EXPECT(t.sched == 0 && t.run == 1 && t.list_cpu == -1);
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok) == TA_RC_F_NEW);
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(t.run == 0 && t.sched == 1);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	return NULL;
}

/*
 * softirq.c tasklet_action_common(): if (tasklet_trylock(t)) {...} fails
 * while RUN is set on the other CPU, and the tasklet is requeued on this
 * CPU's list:
 *	t->next = NULL;
 *	*tl_head->tail = t;
 *	tl_head->tail = &t->next;
 *	__raise_softirq_irqoff(softirq_nr);
 * interrupt.h tasklet_trylock(): return !test_and_set_bit(TASKLET_STATE_RUN, ...);
 */
static char *tk_requeue_when_running_elsewhere(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 1, &ok) == TA_RC_F_NEW);
	EXPECT(!ta_rc_tasklet_action(&t, 1, NULL));
	EXPECT(t.sched == 1 && t.list_cpu == 1 && t.run == 1);
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(ta_rc_tasklet_action(&t, 1, NULL));
	return NULL;
}

/*
 * softirq.c tasklet_action_common(): if (!atomic_read(&t->count)) {...}
 * else tasklet_unlock(t) and requeue: a disabled tasklet stays SCHED on the
 * list.  interrupt.h tasklet_enable(): atomic_dec(&t->count); nothing else,
 * so the pending run happens at the next pass ("a schedule that arrived
 * while disabled stays pending and runs after enable").
 */
static char *tk_disabled_requeued_then_runs(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_DISABLE_NOSYNC, 0, &ok);
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok) == TA_RC_F_NEW);
	EXPECT(!ta_rc_tasklet_action(&t, 0, NULL));
	EXPECT(t.sched == 1 && t.list_cpu == 0 && t.run == 0 && t.count == 1);
	EXPECT(call_now(TK, &t, TA_TASKLET_ENABLE, 1, &ok) == 0 && ok);
	EXPECT(t.count == 0 && t.sched == 1 && t.list_cpu == 0);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	return NULL;
}

/*
 * interrupt.h tasklet_disable_nosync():
 *	atomic_inc(&t->count);
 *	smp_mb__after_atomic();
 * It does not wait for a running callback.
 */
static char *tk_disable_nosync(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	ta_rc_tasklet_action(&t, 0, NULL);
	call_now(TK, &t, TA_TASKLET_DISABLE_NOSYNC, 1, &ok);
	EXPECT(ok && t.count == 1 && t.run == 1);
	return NULL;
}

/*
 * interrupt.h tasklet_disable():
 *	tasklet_disable_nosync(t);
 *	tasklet_unlock_wait(t);
 * softirq.c tasklet_unlock_wait():
 *	wait_var_event(&t->state, !test_bit(TASKLET_STATE_RUN, &t->state));
 */
static char *tk_disable_waits_for_run(void)
{
	struct ta_rc_tasklet t;
	struct call c;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	ta_rc_tasklet_action(&t, 0, NULL);
	c = call_begin(TK, &t, TA_TASKLET_DISABLE, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && t.count == 1);
	EXPECT(call_step(&c) == TA_RC_WAIT && !c.done);
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(call_step(&c) == TA_RC_DONE);
	/* and it returns at once when nothing runs */
	c = call_begin(TK, &t, TA_TASKLET_DISABLE, 1);
	EXPECT(call_advance(&c) && t.count == 2);
	return NULL;
}

/*
 * interrupt.h: "Do not use in new code. Disabling tasklets from atomic
 * contexts is error prone and should be avoided."
 *	static inline void tasklet_disable_in_atomic(struct tasklet_struct *t)
 *	{
 *		tasklet_disable_nosync(t);
 *		tasklet_unlock_spin_wait(t);
 * softirq.c tasklet_unlock_spin_wait(): while (test_bit(TASKLET_STATE_RUN, ...))
 *	cpu_relax();
 * tasklet_disable() sleeps instead (wait_var_event() starts with
 * might_sleep(), include/linux/wait_bit.h), so it is for process context.
 */
static char *tk_disable_in_atomic_spins(void)
{
	const struct ta_rc_opinfo *d = &TK->ops[TA_TASKLET_DISABLE];
	const struct ta_rc_opinfo *a = &TK->ops[TA_TASKLET_DISABLE_IN_ATOMIC];
	struct ta_rc_tasklet t;
	struct call c;
	bool ok;

	EXPECT(d->wait == TA_RC_SLEEPS && !(d->ctx_ok & TA_RC_CTXBIT(TA_RC_ATOMIC)));
	EXPECT(a->wait == TA_RC_SPINS && (a->ctx_ok & TA_RC_CTXBIT(TA_RC_ATOMIC)) &&
	       (a->ctx_ok & TA_RC_CTXBIT(TA_RC_HARDIRQ)));
	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	ta_rc_tasklet_action(&t, 0, NULL);
	c = call_begin(TK, &t, TA_TASKLET_DISABLE_IN_ATOMIC, 1);
	EXPECT(!call_advance(&c) && t.count == 1);
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(call_advance(&c));
	return NULL;
}

/*
 * interrupt.h tasklet_enable(): atomic_dec(&t->count); disables nest, and
 * only the last enable lets the tasklet run.
 */
static char *tk_enable_nests(void)
{
	struct ta_rc_tasklet t;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_DISABLE_NOSYNC, 0, &ok);
	call_now(TK, &t, TA_TASKLET_DISABLE_NOSYNC, 0, &ok);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	call_now(TK, &t, TA_TASKLET_ENABLE, 0, &ok);
	EXPECT(t.count == 1 && !ta_rc_tasklet_action(&t, 0, NULL) && t.sched == 1);
	call_now(TK, &t, TA_TASKLET_ENABLE, 0, &ok);
	EXPECT(t.count == 0 && ta_rc_tasklet_action(&t, 0, NULL));
	return NULL;
}

/*
 * softirq.c tasklet_kill():
 *	while (test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
 *		wait_var_event(&t->state, !test_bit(TASKLET_STATE_SCHED, &t->state));
 *	tasklet_unlock_wait(t);
 *	tasklet_clear_sched(t);
 * A pending instance is not dropped: kill waits until the softirq has
 * cleared SCHED (and run it), then waits for RUN to clear.
 */
static char *tk_kill_runs_pending(void)
{
	struct ta_rc_tasklet t;
	struct call c;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	c = call_begin(TK, &t, TA_TASKLET_KILL, 1);
	EXPECT(call_step(&c) == TA_RC_WAIT && t.sched == 1 && t.list_cpu == 0);
	EXPECT(ta_rc_tasklet_action(&t, 0, NULL));
	EXPECT(call_step(&c) == TA_RC_MORE && t.sched == 1 && t.kill_holds);
	EXPECT(call_step(&c) == TA_RC_WAIT);
	ta_rc_tasklet_callback_end(&t, 0);
	EXPECT(call_advance(&c));
	EXPECT(!(c.flags & TA_RC_F_DROPPED) && t.sched == 0 && t.run == 0 && !t.kill_holds);
	return NULL;
}

/*
 * softirq.c tasklet_kill(): on a disabled tasklet with SCHED set the softirq
 * keeps requeueing it (count != 0), SCHED never clears and the
 * wait_var_event() loop never ends ("never returns", tasklet-notes.md).
 */
static char *tk_kill_disabled_scheduled_hangs(void)
{
	struct ta_rc_tasklet t;
	struct call c;
	bool ok;

	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_DISABLE_NOSYNC, 0, &ok);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	c = call_begin(TK, &t, TA_TASKLET_KILL, 1);
	EXPECT(!call_advance(&c));
	for (int cpu = 0; cpu < TA_RC_NCPU; cpu++)
		EXPECT(!ta_rc_tasklet_action(&t, cpu, NULL));
	EXPECT(!call_advance(&c) && t.sched == 1);
	return NULL;
}

/*
 * softirq.c tasklet_kill(): between test_and_set_bit(TASKLET_STATE_SCHED)
 * and tasklet_clear_sched() kill owns SCHED, so a tasklet_schedule() in
 * that window finds the bit set and queues nothing.
 */
static char *tk_schedule_during_kill_eaten(void)
{
	struct ta_rc_tasklet t;
	struct call c;
	bool ok;

	ta_rc_tasklet_init(&t);
	c = call_begin(TK, &t, TA_TASKLET_KILL, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && t.sched == 1);
	EXPECT(call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok) == TA_RC_F_REJECTED);
	EXPECT(t.list_cpu == -1);
	EXPECT(call_advance(&c) && t.sched == 0);
	EXPECT(!ta_rc_tasklet_action(&t, 0, NULL));
	return NULL;
}

/*
 * softirq.c tasklet_unlock_wait(): waits for RUN only; a pending (SCHED)
 * run does not make it wait.  tasklet_kill(): "if (in_interrupt())
 * pr_notice("Attempt to kill tasklet from interrupt\n");" and it sleeps.
 */
static char *tk_unlock_wait_and_kill_context(void)
{
	const struct ta_rc_opinfo *k = &TK->ops[TA_TASKLET_KILL];
	struct ta_rc_tasklet t;
	bool ok;

	EXPECT(k->wait == TA_RC_SLEEPS && k->ctx_ok == TA_RC_CTXBIT(TA_RC_PROCESS));
	ta_rc_tasklet_init(&t);
	call_now(TK, &t, TA_TASKLET_SCHEDULE, 0, &ok);
	call_now(TK, &t, TA_TASKLET_UNLOCK_WAIT, 1, &ok);
	EXPECT(ok && t.sched == 1);
	ta_rc_tasklet_action(&t, 0, NULL);
	call_now(TK, &t, TA_TASKLET_UNLOCK_WAIT, 1, &ok);
	EXPECT(!ok);
	return NULL;
}

/* ---- workqueue -------------------------------------------------------------- */

#define BH (&ta_rc_bh_model)
#define WQ (&ta_rc_wq_model)

/*
 * 6.1 queue_work_on():
 *	if (!test_and_set_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work))) {
 *		__queue_work(cpu, wq, work);
 *		ret = true;
 *	}
 * queue_work() passes WORK_CPU_UNBOUND: the local CPU's pool of a per-CPU
 * queue; v6.9 BH pools are per-CPU ("a BH pool is per-CPU") and run from
 * tasklet_action(): workqueue_softirq_action(false).
 */
static char *wq_queue_coalesces_here(void)
{
	struct ta_work w;
	enum ta_rc_prio prio;
	bool ok;

	ta_work_init(&w, true);
	EXPECT(call_now(BH, &w, TA_WORK_QUEUE, 1, &ok) == TA_RC_F_NEW);
	EXPECT(w.pending && w.queued_cpu == 1);
	EXPECT(call_now(BH, &w, TA_WORK_QUEUE, 0, &ok) == TA_RC_F_COALESCED);
	EXPECT(!ta_work_exec(&w, 0, &prio));
	EXPECT(ta_work_exec(&w, 1, &prio) && prio == TA_RC_PRIO_TASKLET_SOFTIRQ);
	EXPECT(!w.pending && w.running == 1);
	return NULL;
}

/*
 * 6.1 process_one_work(): set_work_pool_and_clear_pending(work, pool->id)
 * before worker->current_func(work): a queue_work() from the callback (or
 * during it) queues it again.
 */
static char *wq_pending_cleared_before_run(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_QUEUE, 0, &ok);
	EXPECT(ta_work_exec(&w, 0, NULL));
	EXPECT(call_now(BH, &w, TA_WORK_QUEUE, 0, &ok) == TA_RC_F_NEW && w.queued_cpu == 0);
	EXPECT(!ta_work_exec(&w, 0, NULL));
	ta_work_callback_end(&w, 0);
	EXPECT(ta_work_exec(&w, 0, NULL));
	return NULL;
}

/*
 * 6.1 __queue_work():
 *	 * If @work was previously on a different pool, it might still be
 *	 * running there, in which case the work needs to be queued on that
 *	 * pool to guarantee non-reentrancy.
 *	last_pool = get_work_pool(work);
 *	if (last_pool && last_pool != pwq->pool) {
 *		worker = find_worker_executing_work(last_pool, work);
 *		if (worker && worker->current_pwq->wq == wq) {
 *			pwq = worker->current_pwq;
 */
static char *wq_non_reentrant(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_QUEUE, 0, &ok);
	ta_work_exec(&w, 0, NULL);
	EXPECT(call_now(BH, &w, TA_WORK_QUEUE, 1, &ok) == TA_RC_F_NEW);
	EXPECT(w.queued_cpu == 0);
	EXPECT(!ta_work_exec(&w, 1, NULL) && !ta_work_exec(&w, 0, NULL));
	ta_work_callback_end(&w, 0);
	EXPECT(w.running == -1 && ta_work_exec(&w, 0, NULL));
	return NULL;
}

/*
 * v6.10 disable_work(): "Disable @work by incrementing its disable count and
 * cancel it if currently pending. As long as the disable count is non-zero,
 * any attempt to queue @work will fail and return %false."
 */
static char *wq_disable_cancels_pending(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_QUEUE, 0, &ok);
	EXPECT(call_now(BH, &w, TA_WORK_DISABLE, 1, &ok) == TA_RC_F_DROPPED && ok);
	EXPECT(!w.pending && w.queued_cpu == -1 && w.disable == 1);
	EXPECT(!ta_work_exec(&w, 0, NULL));
	return NULL;
}

/*
 * v6.10 disable_work(): "any attempt to queue @work will fail and return
 * %false"; enable_work(): "Undo disable_work[_sync]() by decrementing
 * @work's disable count." -- nothing is replayed (tasklet-notes.md,
 * "Disable does not replay").
 */
static char *wq_queue_while_disabled_dropped(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, false);
	call_now(WQ, &w, TA_WORK_DISABLE, 0, &ok);
	EXPECT(call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok) == TA_RC_F_REJECTED);
	EXPECT(!w.pending);
	EXPECT(call_now(WQ, &w, TA_WORK_ENABLE, 0, &ok) == 0 && w.disable == 0);
	EXPECT(!w.pending && !ta_work_exec(&w, 0, NULL));
	return NULL;
}

/*
 * v6.10 disable_work_sync(): "Similar to disable_work() but also wait for
 * @work to finish if currently executing."
 */
static char *wq_disable_sync_waits(void)
{
	struct ta_work w;
	struct call c;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_QUEUE, 0, &ok);
	ta_work_exec(&w, 0, NULL);
	c = call_begin(BH, &w, TA_WORK_DISABLE_SYNC, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && w.disable == 1);
	EXPECT(call_step(&c) == TA_RC_WAIT);
	ta_work_callback_end(&w, 0);
	EXPECT(call_advance(&c) && w.disable == 1);
	return NULL;
}

/*
 * v6.10 enable_work(): "@work can only be queued if its disable count is
 * 0. ... Returns %true if the disable count reached 0."  Disables nest.
 */
static char *wq_enable_nests(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_DISABLE, 0, &ok);
	call_now(BH, &w, TA_WORK_DISABLE, 0, &ok);
	call_now(BH, &w, TA_WORK_ENABLE, 0, &ok);
	EXPECT(w.disable == 1);
	EXPECT(call_now(BH, &w, TA_WORK_QUEUE, 0, &ok) == TA_RC_F_REJECTED);
	call_now(BH, &w, TA_WORK_ENABLE, 0, &ok);
	EXPECT(w.disable == 0 && call_now(BH, &w, TA_WORK_QUEUE, 0, &ok) == TA_RC_F_NEW);
	return NULL;
}

/*
 * v6.10 include/linux/workqueue.h:
 *	static inline bool enable_and_queue_work(struct workqueue_struct *wq,
 *						 struct work_struct *work)
 *	{
 *		if (enable_work(work)) {
 *			queue_work(wq, work);
 *			return true;
 *		}
 *		return false;
 *	}
 * "Note that @work is always queued when disable depth reaches zero."
 */
static char *wq_enable_and_queue(void)
{
	struct ta_work w;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_DISABLE, 0, &ok);
	call_now(BH, &w, TA_WORK_DISABLE, 0, &ok);
	EXPECT(call_now(BH, &w, TA_WORK_ENABLE_AND_QUEUE, 1, &ok) == 0 && !w.pending);
	EXPECT(call_now(BH, &w, TA_WORK_ENABLE_AND_QUEUE, 1, &ok) == TA_RC_F_QUEUED);
	EXPECT(w.pending && w.queued_cpu == 1 && w.disable == 0 && !w.hi);
	/* on system_bh_highpri_wq, and merged into a run already pending */
	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_DISABLE, 0, &ok);
	EXPECT(call_now(BH, &w, TA_WORK_ENABLE_AND_QUEUE_HI, 0, &ok) == TA_RC_F_QUEUED && w.hi);
	EXPECT(call_now(BH, &w, TA_WORK_ENABLE_AND_QUEUE_HI, 0, &ok) == TA_RC_F_COALESCED);
	return NULL;
}

/*
 * v6.10 __cancel_work_sync():
 *	ret = __cancel_work(work, cflags | WORK_CANCEL_DISABLE);
 *	... __flush_work(work, true);
 *	if (!(cflags & WORK_CANCEL_DISABLE))
 *		enable_work(work);
 * 6.1 cancel_work_sync(): "Cancel @work and wait for its execution to
 * finish." -- a pending run is dropped ("Kill is not cancel").
 */
static char *wq_cancel_sync_drops(void)
{
	struct ta_work w;
	struct call c;
	bool ok;

	ta_work_init(&w, false);
	call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok);
	c = call_begin(WQ, &w, TA_WORK_CANCEL_SYNC, 1);
	EXPECT(call_advance(&c) && (c.flags & TA_RC_F_DROPPED));
	EXPECT(!w.pending && w.disable == 0);
	/* with the callback running and a run pending */
	call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok);
	ta_work_exec(&w, 0, NULL);
	call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok);
	EXPECT(w.pending);
	c = call_begin(WQ, &w, TA_WORK_CANCEL_SYNC, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && (c.flags & TA_RC_F_DROPPED) && !w.pending);
	EXPECT(call_step(&c) == TA_RC_WAIT);
	EXPECT(call_now(WQ, &w, TA_WORK_QUEUE, 1, &ok) == TA_RC_F_REJECTED);
	ta_work_callback_end(&w, 0);
	EXPECT(call_advance(&c) && w.disable == 0 && !w.pending);
	return NULL;
}

/* 6.1 flush_work(): "Wait until @work has finished execution." */
static char *wq_flush_waits(void)
{
	struct ta_work w;
	struct call c;
	bool ok;

	ta_work_init(&w, false);
	call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok);
	c = call_begin(WQ, &w, TA_WORK_FLUSH, 1);
	EXPECT(!call_advance(&c));
	ta_work_exec(&w, 0, NULL);
	EXPECT(!call_advance(&c));
	ta_work_callback_end(&w, 0);
	EXPECT(call_advance(&c));
	return NULL;
}

/*
 * v6.9 tasklet_hi_action(): workqueue_softirq_action(true) runs the
 * system_bh_highpri_wq pool from HI_SOFTIRQ; system_wq runs in kworkers.
 * v6.10 cancel_work_sync()/disable_work_sync(): "Must be called from a
 * sleepable context if @work was last queued on a non-BH workqueue. Can
 * also be called from non-hardirq atomic contexts including BH if @work was
 * last queued on a BH workqueue."
 */
static char *wq_context_and_priority(void)
{
	const struct ta_rc_opinfo *bs = &BH->ops[TA_WORK_DISABLE_SYNC];
	const struct ta_rc_opinfo *ws = &WQ->ops[TA_WORK_DISABLE_SYNC];
	struct ta_work w;
	enum ta_rc_prio prio;
	bool ok;

	ta_work_init(&w, true);
	call_now(BH, &w, TA_WORK_QUEUE_HI, 0, &ok);
	EXPECT(ta_work_exec(&w, 0, &prio) && prio == TA_RC_PRIO_HI_SOFTIRQ);
	ta_work_init(&w, false);
	call_now(WQ, &w, TA_WORK_QUEUE, 0, &ok);
	EXPECT(ta_work_exec(&w, 0, &prio) && prio == TA_RC_PRIO_KWORKER);
	EXPECT(ta_rc_prio_ctx(TA_RC_PRIO_KWORKER) == TA_RC_PROCESS);
	EXPECT((bs->ctx_ok & TA_RC_CTXBIT(TA_RC_ATOMIC)) &&
	       (bs->ctx_ok & TA_RC_CTXBIT(TA_RC_SOFTIRQ)));
	EXPECT(!(bs->ctx_ok & TA_RC_CTXBIT(TA_RC_HARDIRQ)));
	EXPECT(ws->wait == TA_RC_SLEEPS && ws->ctx_ok == TA_RC_CTXBIT(TA_RC_PROCESS));
	return NULL;
}

/* ---- threaded IRQ ----------------------------------------------------------- */

#define IRQ (&ta_rc_irq_model)

/*
 * handle.c __handle_irq_event_percpu(): case IRQ_WAKE_THREAD:
 *	__irq_wake_thread(desc, action);
 * __irq_wake_thread(): "RUNTHREAD bit is already set, nothing to do."
 *	if (test_and_set_bit(IRQTF_RUNTHREAD, &action->thread_flags))
 *		return;
 * interrupt.h: "IRQF_ONESHOT - Interrupt is not reenabled after the
 * hardirq handler finished. Used by threaded interrupts which need to keep
 * the irq line disabled until the threaded handler has been run."
 */
static char *irq_wake_thread_masks(void)
{
	struct ta_irq q;
	bool ok;

	ta_irq_init(&q);
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 1, &ok) == TA_RC_F_NEW);
	EXPECT(q.runthread && q.masked && q.thread_cpu == 1);
	/* the masked line remembers a second interrupt (a run of its own)... */
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 1, &ok) == TA_RC_F_NEW);
	EXPECT(q.irq_pending && q.runthread);
	/* ...and merges a third into it */
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 1, &ok) == TA_RC_F_COALESCED);
	return NULL;
}

/*
 * manage.c irq_wait_for_interrupt():
 *	if (test_and_clear_bit(IRQTF_RUNTHREAD, &action->thread_flags)) {
 *		__set_current_state(TASK_RUNNING);
 *		return 0;
 * irq_finalize_oneshot(): ... unmask_threaded_irq(desc); and an interrupt
 * that hit the masked line (IRQS_PENDING) is handled then.
 */
static char *irq_thread_runs_then_replays(void)
{
	struct ta_irq q;
	enum ta_rc_prio prio;
	bool ok;

	ta_irq_init(&q);
	call_now(IRQ, &q, TA_IRQ_HANDLER, 1, &ok);
	EXPECT(!ta_irq_thread_start(&q, 0, &prio));
	EXPECT(ta_irq_thread_start(&q, 1, &prio) && prio == TA_RC_PRIO_IRQ_THREAD);
	EXPECT(!q.runthread && q.running == 1 && q.masked);
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 0, &ok) == TA_RC_F_NEW && q.irq_pending);
	EXPECT(!q.runthread);
	ta_irq_thread_end(&q, 1);
	EXPECT(q.running == -1 && q.runthread && !q.irq_pending && q.masked);
	EXPECT(ta_irq_thread_start(&q, 1, NULL));
	ta_irq_thread_end(&q, 1);
	EXPECT(!q.masked && !q.runthread && q.running == -1);
	return NULL;
}

/*
 * manage.c disable_irq_nosync(): __disable_irq_nosync(irq);
 * __enable_irq(): when the depth drops to 0 the line is enabled and
 * check_irq_resend() handles an interrupt that arrived meanwhile
 * (chip.c: desc->istate |= IRQS_PENDING).
 */
static char *irq_disabled_interrupt_replayed(void)
{
	struct ta_irq q;
	bool ok;

	ta_irq_init(&q);
	call_now(IRQ, &q, TA_IRQ_DISABLE_NOSYNC, 0, &ok);
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 0, &ok) == TA_RC_F_NEW);
	EXPECT(q.irq_pending && !q.runthread && q.depth == 1);
	call_now(IRQ, &q, TA_IRQ_ENABLE, 1, &ok);
	EXPECT(q.depth == 0 && q.runthread && !q.irq_pending);
	return NULL;
}

/*
 * manage.c disable_irq(): if (!__disable_irq_nosync(irq)) synchronize_irq(irq);
 * synchronize_irq(): wait_event(desc->wait_for_threads,
 *	!atomic_read(&desc->threads_active));  -- a woken thread runs first.
 */
static char *irq_disable_waits_for_thread(void)
{
	struct ta_irq q;
	struct call c;
	bool ok;

	ta_irq_init(&q);
	call_now(IRQ, &q, TA_IRQ_HANDLER, 0, &ok);
	c = call_begin(IRQ, &q, TA_IRQ_DISABLE, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && q.depth == 1);
	EXPECT(call_step(&c) == TA_RC_WAIT);
	ta_irq_thread_start(&q, 0, NULL);
	EXPECT(call_step(&c) == TA_RC_WAIT);
	ta_irq_thread_end(&q, 0);
	EXPECT(call_step(&c) == TA_RC_DONE);
	EXPECT(IRQ->ops[TA_IRQ_DISABLE].wait == TA_RC_SLEEPS);
	return NULL;
}

/*
 * manage.c free_irq(): "The function does not return until any executing
 * interrupts for this IRQ have completed." irq_wait_for_interrupt() on
 * kthread_stop(): "may need to run one last time" when RUNTHREAD is set.
 */
static char *irq_free_runs_woken_thread(void)
{
	struct ta_irq q;
	struct call c;
	bool ok;

	ta_irq_init(&q);
	call_now(IRQ, &q, TA_IRQ_HANDLER, 0, &ok);
	c = call_begin(IRQ, &q, TA_IRQ_FREE, 1);
	EXPECT(call_step(&c) == TA_RC_MORE && q.freed && q.runthread);
	EXPECT(!(c.flags & TA_RC_F_DROPPED));
	EXPECT(call_step(&c) == TA_RC_WAIT);
	EXPECT(ta_irq_thread_start(&q, 0, NULL));
	ta_irq_thread_end(&q, 0);
	EXPECT(call_advance(&c));
	EXPECT(call_now(IRQ, &q, TA_IRQ_HANDLER, 0, &ok) == TA_RC_F_REJECTED);
	return NULL;
}

/*
 * manage.c irq_wake_thread(): "Wake up the interrupt thread of @irq which
 * belongs to the action with @dev_id"; it calls __irq_wake_thread(), so a
 * woken, not yet running thread is not woken twice.  synchronize_irq()
 * waits for threads_active to drop to 0.
 */
static char *irq_wake_thread_and_synchronize(void)
{
	struct ta_irq q;
	struct call c;
	bool ok;

	ta_irq_init(&q);
	EXPECT(call_now(IRQ, &q, TA_IRQ_WAKE_THREAD, 1, &ok) == TA_RC_F_NEW && ok);
	EXPECT(q.runthread && !q.masked && q.thread_cpu == 1);
	EXPECT(call_now(IRQ, &q, TA_IRQ_WAKE_THREAD, 0, &ok) == TA_RC_F_COALESCED);
	c = call_begin(IRQ, &q, TA_IRQ_SYNCHRONIZE, 0);
	EXPECT(!call_advance(&c));
	EXPECT(ta_irq_thread_start(&q, 1, NULL));
	EXPECT(!call_advance(&c));
	ta_irq_thread_end(&q, 1);
	EXPECT(call_advance(&c));
	EXPECT(IRQ->ops[TA_IRQ_SYNCHRONIZE].ctx_ok == TA_RC_CTXBIT(TA_RC_PROCESS));
	return NULL;
}

/* ---- timer ------------------------------------------------------------------ */

#define TM (&ta_rc_timer_model)

/*
 * timer.c __mod_timer(): the timer goes on the local CPU's base
 * (get_target_base()); for a pending timer with the same expiry:
 *	long diff = timer->expires - expires;
 *	if (!diff)
 *		return 1;
 * -- re-arming queues nothing new.  __run_timers() expires it from
 * TIMER_SOFTIRQ on that CPU.
 */
static char *timer_mod_arms_here(void)
{
	struct ta_timer t;
	enum ta_rc_prio prio;
	bool ok;

	ta_timer_init(&t);
	EXPECT(call_now(TM, &t, TA_TIMER_MOD, 1, &ok) == TA_RC_F_NEW && t.base == 1);
	EXPECT(call_now(TM, &t, TA_TIMER_MOD, 0, &ok) == TA_RC_F_COALESCED && t.base == 1);
	EXPECT(!ta_timer_expire(&t, 0, &prio));
	EXPECT(ta_timer_expire(&t, 1, &prio) && prio == TA_RC_PRIO_TIMER_SOFTIRQ);
	EXPECT(!t.pending && t.running == 1);
	return NULL;
}

/*
 * timer.c __mod_timer(): "we can't change timer's base while it is
 * running, otherwise timer_delete_sync() can't detect that the timer's
 * handler yet has not finished. This also guarantees that the timer is
 * serialized wrt itself."
 *	if (likely(base->running_timer != timer)) { ... base = new_base;
 */
static char *timer_running_stays_on_base(void)
{
	struct ta_timer t;
	bool ok;

	ta_timer_init(&t);
	call_now(TM, &t, TA_TIMER_MOD, 0, &ok);
	ta_timer_expire(&t, 0, NULL);
	EXPECT(call_now(TM, &t, TA_TIMER_MOD, 1, &ok) == TA_RC_F_NEW && t.base == 0);
	EXPECT(!ta_timer_expire(&t, 1, NULL) && !ta_timer_expire(&t, 0, NULL));
	ta_timer_callback_end(&t, 0);
	EXPECT(ta_timer_expire(&t, 0, NULL));
	return NULL;
}

/* timer.c timer_delete(): detach_if_pending(); it does not wait. */
static char *timer_delete_no_wait(void)
{
	struct ta_timer t;
	bool ok;

	ta_timer_init(&t);
	call_now(TM, &t, TA_TIMER_MOD, 0, &ok);
	ta_timer_expire(&t, 0, NULL);
	call_now(TM, &t, TA_TIMER_MOD, 0, &ok);
	EXPECT(call_now(TM, &t, TA_TIMER_DELETE, 1, &ok) == TA_RC_F_DROPPED && ok);
	EXPECT(!t.pending && t.running == 0);
	return NULL;
}

/*
 * timer.c __timer_delete_sync(): loops while __try_to_del_timer_sync()
 * returns -1 (base->running_timer == timer); WARN_ON(in_hardirq() && ...).
 * timer_shutdown_sync(): "@timer cannot be enqueued again. Any attempt to
 * rearm @timer is silently ignored."
 */
static char *timer_shutdown_sync_waits(void)
{
	const struct ta_rc_opinfo *s = &TM->ops[TA_TIMER_SHUTDOWN_SYNC];
	struct ta_timer t;
	struct call c;
	bool ok;

	EXPECT(s->wait == TA_RC_SPINS && !(s->ctx_ok & TA_RC_CTXBIT(TA_RC_HARDIRQ)));
	ta_timer_init(&t);
	call_now(TM, &t, TA_TIMER_MOD, 0, &ok);
	ta_timer_expire(&t, 0, NULL);
	call_now(TM, &t, TA_TIMER_MOD, 0, &ok);
	c = call_begin(TM, &t, TA_TIMER_SHUTDOWN_SYNC, 1);
	EXPECT(call_step(&c) == TA_RC_WAIT && t.pending);
	ta_timer_callback_end(&t, 0);
	EXPECT(call_advance(&c) && (c.flags & TA_RC_F_DROPPED) && !t.pending && t.shutdown);
	EXPECT(call_now(TM, &t, TA_TIMER_MOD, 0, &ok) == TA_RC_F_REJECTED && !t.pending);
	return NULL;
}

/*
 * timer.c timer_delete_sync(): "Upon exit the timer is not queued and the
 * handler is not running on any CPU." ... "This function cannot guarantee
 * that the timer is not rearmed again by some concurrent or preempting
 * code" -- unlike timer_shutdown_sync(), a later mod_timer() arms it again.
 */
static char *timer_delete_sync_allows_rearm(void)
{
	struct ta_timer t;
	struct call c;
	bool ok;

	ta_timer_init(&t);
	call_now(TM, &t, TA_TIMER_MOD, 1, &ok);
	ta_timer_expire(&t, 1, NULL);
	c = call_begin(TM, &t, TA_TIMER_DELETE_SYNC, 0);
	EXPECT(!call_advance(&c));
	ta_timer_callback_end(&t, 1);
	EXPECT(call_advance(&c) && !(c.flags & TA_RC_F_DROPPED) && !t.shutdown);
	EXPECT(call_now(TM, &t, TA_TIMER_MOD, 0, &ok) == TA_RC_F_NEW && t.base == 0);
	return NULL;
}

/* ---- the checker on the known differences ------------------------------------ */

/* Check text on target; the difference about prop, with traces, into *d. */
static char *check_diff(const char *text, enum ta_rc_target to, enum ta_rc_prop prop,
			enum ta_rc_verdict verdict, const char *in_trace, const char *in_other)
{
	struct ta_proto_error err;
	ta_protocol *p = ta_protocol_parse(text, "conform.proto", &err);
	ta_rc_result *r;
	const struct ta_rc_difference *d;
	char *fail = NULL;
	bool found = false, found_other = in_other == NULL;

	if (!p)
		return xasprintf("protocol does not parse: %s", err.msg);
	r = ta_rc_check(p, to, NULL);
	d = ta_rc_result_find(r, prop);
	if (!r || !d) {
		fail = xasprintf("no '%s' difference found", ta_rc_prop_name(prop));
		goto out;
	}
	if (r->verdict != verdict) {
		fail = xasprintf("verdict %s, expected %s", ta_rc_verdict_name(r->verdict),
				 ta_rc_verdict_name(verdict));
		goto out;
	}
	for (size_t i = 0; i < d->trace.n; i++)
		found |= strstr(d->trace.lines[i], in_trace) != NULL;
	for (size_t i = 0; in_other && i < d->other_trace.n; i++)
		found_other |= strstr(d->other_trace.lines[i], in_other) != NULL;
	if (!found || !found_other || d->nops == 0 || !r->complete)
		fail = xasprintf("trace of '%s' lacks '%s'%s%s", d->property, in_trace,
				 in_other ? " or '" : "", in_other ? in_other : "");
out:
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
	return fail;
}

/* (a) tasklet_kill() runs a pending instance; cancel_work_sync() drops it. */
static char *diff_kill_is_not_cancel(void)
{
	return check_diff("cpu0 irq: schedule\nremove: kill\n", TA_RC_TO_BH,
			  TA_RC_PROP_KILL_PENDING, TA_RC_DIFFERS,
			  "cancel_work_sync() -- disable depth incremented, pending run cancelled",
			  "callback starts");
}

/* (b) a schedule while disabled: replayed by tasklet_enable(), dropped by enable_work(). */
static char *diff_disable_does_not_replay(void)
{
	return check_diff("cpu0 irq: schedule\ncpu1 process: disable; enable\n", TA_RC_TO_BH,
			  TA_RC_PROP_SCHED_WHILE_DISABLED, TA_RC_DIFFERS,
			  "queue_work() -- disabled: returns false", "tasklet_enable()");
}

/* (c) spin_lock_bh() no longer excludes a callback moved to a process-context workqueue. */
static char *diff_bh_exclusion_lost(void)
{
	char *fail = check_diff("shared-data spin_lock_bh\ncpu0 irq: schedule\n", TA_RC_TO_WQ,
				TA_RC_PROP_BH_EXCLUSION, TA_RC_UNSAFE,
				"the callback is mid-run on this CPU", NULL);
	struct ta_proto_error err;
	ta_protocol *p;
	ta_rc_result *r;

	if (fail)
		return fail;
	/* A BH workqueue keeps the exclusion: the same protocol is equivalent. */
	p = ta_protocol_parse("shared-data spin_lock_bh\ncpu0 irq: schedule\n", NULL, &err);
	r = ta_rc_check(p, TA_RC_TO_BH, NULL);
	if (!r || r->verdict != TA_RC_EQUIVALENT)
		fail = xasprintf("bh verdict is not equivalent");
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
	return fail;
}

/* (d) tasklet_disable() in atomic context may sleep; disable_work_sync() on BH work spins. */
static char *diff_disable_in_atomic_sleeps(void)
{
	return check_diff("cpu0 irq: schedule\ncpu1 atomic: disable; enable\n", TA_RC_TO_BH,
			  TA_RC_PROP_MAY_SLEEP, TA_RC_DIFFERS, "tasklet_disable()", NULL);
}

static const struct {
	const char *name;
	char *(*run)(void);
} cases[] = {
	{"tasklet: schedule sets SCHED and queues on this CPU", tk_schedule_queues_here},
	{"tasklet: schedule while SCHED is set coalesces", tk_schedule_coalesces},
	{"tasklet: hi_schedule queues on tasklet_hi_vec (HI_SOFTIRQ)", tk_hi_schedule},
	{"tasklet: SCHED is cleared before the callback runs", tk_sched_cleared_before_run},
	{"tasklet: requeued while running on the other CPU", tk_requeue_when_running_elsewhere},
	{"tasklet: requeued while disabled, runs after enable", tk_disabled_requeued_then_runs},
	{"tasklet: disable_nosync does not wait", tk_disable_nosync},
	{"tasklet: disable waits for RUN to clear", tk_disable_waits_for_run},
	{"tasklet: disable_in_atomic spins, disable sleeps", tk_disable_in_atomic_spins},
	{"tasklet: enable undoes one disable", tk_enable_nests},
	{"tasklet: kill lets a pending run happen", tk_kill_runs_pending},
	{"tasklet: kill of a disabled, scheduled tasklet never returns",
	 tk_kill_disabled_scheduled_hangs},
	{"tasklet: a schedule during kill is not queued", tk_schedule_during_kill_eaten},
	{"tasklet: unlock_wait waits for RUN only; kill is process context",
	 tk_unlock_wait_and_kill_context},
	{"workqueue: queue_work sets PENDING on this CPU and coalesces", wq_queue_coalesces_here},
	{"workqueue: PENDING is cleared before the callback runs", wq_pending_cleared_before_run},
	{"workqueue: non-reentrancy queues on the running CPU", wq_non_reentrant},
	{"workqueue: disable_work cancels a pending run", wq_disable_cancels_pending},
	{"workqueue: a queue while disabled is dropped, not replayed",
	 wq_queue_while_disabled_dropped},
	{"workqueue: disable_work_sync waits for the callback", wq_disable_sync_waits},
	{"workqueue: enable_work undoes one disable", wq_enable_nests},
	{"workqueue: enable_and_queue_work queues when enabled", wq_enable_and_queue},
	{"workqueue: cancel_work_sync drops, waits, re-enables", wq_cancel_sync_drops},
	{"workqueue: flush_work waits for pending and running", wq_flush_waits},
	{"workqueue: execution context, priority and call contexts", wq_context_and_priority},
	{"threaded-irq: IRQ_WAKE_THREAD wakes the thread once and masks", irq_wake_thread_masks},
	{"threaded-irq: thread runs, masked interrupt handled after", irq_thread_runs_then_replays},
	{"threaded-irq: interrupt while disabled is replayed by enable_irq",
	 irq_disabled_interrupt_replayed},
	{"threaded-irq: disable_irq waits for the woken thread", irq_disable_waits_for_thread},
	{"threaded-irq: free_irq runs the woken thread, then ignores interrupts",
	 irq_free_runs_woken_thread},
	{"threaded-irq: irq_wake_thread coalesces; synchronize_irq waits",
	 irq_wake_thread_and_synchronize},
	{"timer: mod_timer arms on this CPU and coalesces", timer_mod_arms_here},
	{"timer: a running timer re-armed stays on its base", timer_running_stays_on_base},
	{"timer: timer_delete drops without waiting", timer_delete_no_wait},
	{"timer: timer_shutdown_sync waits, then ignores re-arming", timer_shutdown_sync_waits},
	{"timer: timer_delete_sync waits, and the timer can be re-armed",
	 timer_delete_sync_allows_rearm},
	{"check: (a) tasklet_kill runs a pending run, cancel_work_sync drops it",
	 diff_kill_is_not_cancel},
	{"check: (b) enable replays a schedule made while disabled, enable_work does not",
	 diff_disable_does_not_replay},
	{"check: (c) spin_lock_bh no longer excludes a process-context callback",
	 diff_bh_exclusion_lost},
	{"check: (d) tasklet_disable in atomic context may sleep", diff_disable_in_atomic_sleeps},
};

size_t ta_conform_count(void)
{
	return sizeof(cases) / sizeof(*cases);
}

const char *ta_conform_name(size_t i)
{
	return i < ta_conform_count() ? cases[i].name : NULL;
}

char *ta_conform_run(size_t i)
{
	if (i >= ta_conform_count())
		return xasprintf("no conformance case %zu", i);
	return cases[i].run();
}
