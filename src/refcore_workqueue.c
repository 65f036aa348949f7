// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_workqueue.c - the reference model of a work item on a per-CPU BH
 * or process-context workqueue.  The 6.1 parts (PENDING, non-reentrancy)
 * quote linux-source-6.1 kernel/workqueue.c; the v6.9/v6.10 parts (BH
 * execution, disable depth, enable_and_queue_work()) quote the upstream
 * patches found with the search tool, as the comments say.
 */
#include "refcore_workqueue.h"

#include <stddef.h>

/*
 * v6.10 kernel/workqueue.c, cancel_work_sync() and disable_work_sync():
 *	"Must be called from a sleepable context if @work was last queued on a
 *	 non-BH workqueue. Can also be called from non-hardirq atomic contexts
 *	 including BH if @work was last queued on a BH workqueue."
 * disable_work() and enable_work(): "Can be called from any context."
 */
#define WORK_OPS(sync_wait, sync_ctx, sync_rule)                                                   \
	{                                                                                          \
		[TA_WORK_QUEUE] = {"queue_work", TA_RC_NOWAIT, TA_RC_ANY_CTX,                      \
				   "callable from any context"},                                   \
		[TA_WORK_QUEUE_HI] = {"queue_work", TA_RC_NOWAIT, TA_RC_ANY_CTX,                   \
				      "callable from any context"},                                \
		[TA_WORK_DISABLE] = {"disable_work", TA_RC_NOWAIT, TA_RC_ANY_CTX,                  \
				     "can be called from any context"},                            \
		[TA_WORK_DISABLE_SYNC] = {"disable_work_sync", sync_wait, sync_ctx, sync_rule},    \
		[TA_WORK_ENABLE] = {"enable_work", TA_RC_NOWAIT, TA_RC_ANY_CTX,                    \
				    "can be called from any context"},                             \
		[TA_WORK_ENABLE_AND_QUEUE] = {"enable_and_queue_work", TA_RC_NOWAIT,               \
					      TA_RC_ANY_CTX, "callable from any context"},         \
		[TA_WORK_ENABLE_AND_QUEUE_HI] = {"enable_and_queue_work", TA_RC_NOWAIT,            \
						 TA_RC_ANY_CTX, "callable from any context"},      \
		[TA_WORK_CANCEL_SYNC] = {"cancel_work_sync", sync_wait, sync_ctx, sync_rule},      \
		[TA_WORK_FLUSH] = {"flush_work", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),        \
				   "may sleep"},                                                   \
	}

static const struct ta_rc_opinfo bh_ops[TA_WORK_NOPS] = WORK_OPS(
	TA_RC_SPINS,
	TA_RC_CTXBIT(TA_RC_PROCESS) | TA_RC_CTXBIT(TA_RC_ATOMIC) | TA_RC_CTXBIT(TA_RC_SOFTIRQ),
	"on a BH work item: any context but hardirq (busy-waits)");
static const struct ta_rc_opinfo wq_ops[TA_WORK_NOPS] = WORK_OPS(
	TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
	"on a non-BH work item: must be called from a sleepable context");

void ta_work_init(struct ta_work *w, bool bh)
{
	w->pending = 0;
	w->disable = 0;
	w->queued_cpu = -1;
	w->running = -1;
	w->hi = 0;
	w->bh = bh;
}

static struct ta_rc_step step(enum ta_rc_status status, unsigned flags, const char *note)
{
	struct ta_rc_step s = {status, flags, note};

	return s;
}

/*
 * 6.1 queue_work_on():
 *	if (!test_and_set_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work))) {
 *		__queue_work(cpu, wq, work);
 * __queue_work(), non-reentrancy:
 *	 * If @work was previously on a different pool, it might still be
 *	 * running there, in which case the work needs to be queued on that
 *	 * pool to guarantee non-reentrancy.
 *	last_pool = get_work_pool(work);
 *	if (last_pool && last_pool != pwq->pool) { ...
 *		worker = find_worker_executing_work(last_pool, work);
 *		if (worker && worker->current_pwq->wq == wq) pwq = worker->current_pwq;
 * v6.10 disable_work(): "As long as the disable count is non-zero, any
 * attempt to queue @work will fail and return %false."
 */
static struct ta_rc_step work_queue(struct ta_work *w, int cpu, bool hi)
{
	if (w->disable && !TA_MUTANT(10))
		return step(TA_RC_DONE, TA_RC_F_REJECTED,
			    "disabled: returns false, nothing queued");
	if (w->pending)
		return step(TA_RC_DONE, TA_RC_F_COALESCED, "PENDING already set: returns false");
	w->pending = 1;
	w->hi = hi;
	if (w->running >= 0 && w->running != cpu && !TA_MUTANT(11)) {
		w->queued_cpu = w->running;
		return step(TA_RC_DONE, TA_RC_F_NEW,
			    "PENDING set, queued on the CPU where it is still running");
	}
	w->queued_cpu = (int8_t)cpu;
	return step(TA_RC_DONE, TA_RC_F_NEW, "PENDING set, queued on this CPU");
}

/* Drop a pending run (try_to_grab_pending() + clear PENDING). */
static unsigned grab_pending(struct ta_work *w)
{
	if (!w->pending)
		return 0;
	w->pending = 0;
	w->queued_cpu = -1;
	return TA_RC_F_DROPPED;
}

/*
 * v6.10 __cancel_work_sync(work, cflags):
 *	ret = __cancel_work(work, cflags | WORK_CANCEL_DISABLE);
 *	... __flush_work(work, true);
 *	if (!(cflags & WORK_CANCEL_DISABLE))
 *		enable_work(work);
 * so cancel_work_sync() disables the item while it waits (a queue_work() in
 * that window fails) and disable_work_sync() is the same without the final
 * enable.  Phase 0 disables and grabs PENDING, phase 1 waits for a running
 * instance, phase 2 (cancel only) re-enables.
 */
static struct ta_rc_step work_cancel(struct ta_work *w, unsigned phase, bool keep_disabled)
{
	unsigned flags;

	switch (phase) {
	case 0:
		if (w->disable < UINT8_MAX)
			w->disable++;
		if (!keep_disabled && TA_MUTANT(8))
			return step(TA_RC_MORE, 0, "disabled for the cancel");
		flags = grab_pending(w);
		return step(TA_RC_MORE, flags,
			    flags ? "disable depth incremented, pending run cancelled"
				  : "disable depth incremented");
	case 1:
		if (keep_disabled && TA_MUTANT(12))
			return step(TA_RC_DONE, 0, "returns");
		if (w->running >= 0)
			return step(TA_RC_WAIT, 0,
				    w->bh ? "busy-waits for the running callback"
					  : "sleeps until the running callback returns");
		if (keep_disabled)
			return step(TA_RC_DONE, 0, "not running: returns");
		return step(TA_RC_MORE, 0, "not running");
	default:
		if (w->disable)
			w->disable--;
		return step(TA_RC_DONE, 0, "re-enabled: returns");
	}
}

/*
 * v6.10 enable_work(): "Undo disable_work[_sync]() by decrementing @work's
 * disable count. @work can only be queued if its disable count is 0."
 * work_offqd_enable() warns on underflow and leaves the count at 0.
 * enable_and_queue_work():
 *	if (enable_work(work)) {
 *		queue_work(wq, work);
 *		return true;
 *	}
 */
static struct ta_rc_step work_enable(struct ta_work *w, bool and_queue, bool hi, int cpu)
{
	struct ta_rc_step s;

	if (w->disable)
		w->disable--;
	if (!and_queue || w->disable)
		return step(TA_RC_DONE, 0, "disable depth decremented");
	if (TA_MUTANT(9))
		return step(TA_RC_DONE, 0, "disable depth decremented");
	s = work_queue(w, cpu, hi);
	if (s.flags & TA_RC_F_NEW)
		s.flags = (s.flags & ~TA_RC_F_NEW) | TA_RC_F_QUEUED;
	s.note = s.flags & TA_RC_F_QUEUED ? "enabled and queued unconditionally"
					  : "enabled; already pending";
	return s;
}

struct ta_rc_step ta_work_call(struct ta_work *w, enum ta_work_op op, unsigned phase, int cpu)
{
	switch (op) {
	case TA_WORK_QUEUE:
		return work_queue(w, cpu, false);
	case TA_WORK_QUEUE_HI:
		return work_queue(w, cpu, true);
	case TA_WORK_DISABLE: {
		/* v6.10 disable_work(): "Disable @work by incrementing its disable
		 * count and cancel it if currently pending." */
		unsigned flags;

		if (w->disable < UINT8_MAX)
			w->disable++;
		flags = grab_pending(w);
		return step(TA_RC_DONE, flags,
			    flags ? "disable depth incremented, pending run cancelled"
				  : "disable depth incremented");
	}
	case TA_WORK_DISABLE_SYNC:
		return work_cancel(w, phase, true);
	case TA_WORK_ENABLE:
		return work_enable(w, false, false, cpu);
	case TA_WORK_ENABLE_AND_QUEUE:
		return work_enable(w, true, false, cpu);
	case TA_WORK_ENABLE_AND_QUEUE_HI:
		return work_enable(w, true, true, cpu);
	case TA_WORK_CANCEL_SYNC:
		return work_cancel(w, phase, false);
	case TA_WORK_FLUSH:
		/* flush_work(): "Wait until @work has finished execution." */
		if (w->pending || w->running >= 0)
			return step(TA_RC_WAIT, 0, "sleeps until the last queued run finishes");
		return step(TA_RC_DONE, 0, "idle: returns");
	default:
		return step(TA_RC_DONE, 0, "unknown call");
	}
}

/*
 * 6.1 process_one_work(): a worker that finds @work executing elsewhere in
 * the pool defers it (find_worker_executing_work(), "collision"); otherwise
 * set_work_pool_and_clear_pending() clears PENDING before worker->current_func
 * is called, so a queue_work() from the callback queues it again.
 * A BH pool runs from the softirq: v6.9 tasklet_action() and
 * tasklet_hi_action() call workqueue_softirq_action(false / true).
 */
bool ta_work_exec(struct ta_work *w, int cpu, enum ta_rc_prio *prio)
{
	if (!w->pending || w->queued_cpu != cpu)
		return false;
	if (w->running >= 0 && !TA_MUTANT(11))
		return false;
	w->pending = 0;
	w->queued_cpu = -1;
	w->running = (int8_t)cpu;
	if (prio) {
		if (!w->bh)
			*prio = TA_RC_PRIO_KWORKER;
		else
			*prio = w->hi ? TA_RC_PRIO_HI_SOFTIRQ : TA_RC_PRIO_TASKLET_SOFTIRQ;
	}
	return true;
}

void ta_work_callback_end(struct ta_work *w, int cpu)
{
	if (w->running == cpu || TA_MUTANT(11))
		w->running = -1;
}

static void bh_init(void *st)
{
	ta_work_init(st, true);
}

static void wq_init(void *st)
{
	ta_work_init(st, false);
}

static struct ta_rc_step model_op(void *st, unsigned op, unsigned phase, int cpu)
{
	return ta_work_call(st, (enum ta_work_op)op, phase, cpu);
}

static bool model_start(void *st, int cpu, enum ta_rc_prio *prio, const char **note)
{
	const struct ta_work *w = st;

	if (!ta_work_exec(st, cpu, prio))
		return false;
	*note = w->bh ? "BH worker: PENDING cleared, callback called"
		      : "kworker: PENDING cleared, callback called";
	return true;
}

static void model_end(void *st, int cpu, const char **note)
{
	ta_work_callback_end(st, cpu);
	*note = "callback returned";
}

static bool model_pending(const void *st)
{
	const struct ta_work *w = st;

	return w->pending;
}

const struct ta_rc_model ta_rc_bh_model = {
	.runner = "softirq",
	.nops = TA_WORK_NOPS,
	.ops = bh_ops,
	.init = bh_init,
	.op = model_op,
	.start = model_start,
	.end = model_end,
	.pending = model_pending,
};

const struct ta_rc_model ta_rc_wq_model = {
	.runner = "kworker",
	.nops = TA_WORK_NOPS,
	.ops = wq_ops,
	.init = wq_init,
	.op = model_op,
	.start = model_start,
	.end = model_end,
	.pending = model_pending,
};
