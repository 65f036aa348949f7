// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_timer.c - the reference model of a timer_list armed to expire at
 * once, quoting kernel/time/timer.c of linux-source-6.1 (6.1.192).
 */
#include "refcore_timer.h"

#include <stddef.h>

/* timer.c __timer_delete_sync(): "don't use it in hardirq context, because it
 * could lead to deadlock." WARN_ON(in_hardirq() && !(timer->flags & TIMER_IRQSAFE)); */
#define TIMER_SYNC_CTX                                                                             \
	(TA_RC_CTXBIT(TA_RC_PROCESS) | TA_RC_CTXBIT(TA_RC_ATOMIC) | TA_RC_CTXBIT(TA_RC_SOFTIRQ))

static const struct ta_rc_opinfo timer_ops[TA_TIMER_NOPS] = {
	[TA_TIMER_MOD] = {"mod_timer", TA_RC_NOWAIT, TA_RC_ANY_CTX, "callable from any context"},
	[TA_TIMER_DELETE] = {"timer_delete", TA_RC_NOWAIT, TA_RC_ANY_CTX,
			     "callable from any context"},
	[TA_TIMER_DELETE_SYNC] = {"timer_delete_sync", TA_RC_SPINS, TIMER_SYNC_CTX,
				  "must not be called from hardirq context (busy-waits)"},
	[TA_TIMER_SHUTDOWN_SYNC] = {"timer_shutdown_sync", TA_RC_SPINS, TIMER_SYNC_CTX,
				    "must not be called from hardirq context (busy-waits)"},
};

void ta_timer_init(struct ta_timer *t)
{
	t->pending = 0;
	t->base = -1;
	t->running = -1;
	t->shutdown = 0;
}

static struct ta_rc_step step(enum ta_rc_status status, unsigned flags, const char *note)
{
	struct ta_rc_step s = {status, flags, note};

	return s;
}

/*
 * timer.c __mod_timer():
 *	if (!(options & MOD_TIMER_NOTPENDING) && timer_pending(timer)) {
 *		long diff = timer->expires - expires;
 *		if (!diff)
 *			return 1;
 * (re-arming a pending timer for the same jiffy changes nothing), then
 *	if (!timer->function)
 *		goto out_unlock;
 *	...
 *	 * We are trying to schedule the timer on the new base.
 *	 * However we can't change timer's base while it is running,
 *	 * otherwise timer_delete_sync() can't detect that the timer's
 *	 * handler yet has not finished. This also guarantees that the
 *	 * timer is serialized wrt itself.
 *	if (likely(base->running_timer != timer)) { ... base = new_base; ...
 */
static struct ta_rc_step timer_mod(struct ta_timer *t, int cpu)
{
	int8_t target = t->running >= 0 && !TA_MUTANT(16) ? t->running : (int8_t)cpu;

	if (t->pending)
		return step(TA_RC_DONE, TA_RC_F_COALESCED, "already pending with that expiry");
	if (t->shutdown)
		return step(TA_RC_DONE, TA_RC_F_REJECTED, "timer shut down: silently ignored");
	t->base = target;
	t->pending = 1;
	return step(TA_RC_DONE, TA_RC_F_NEW,
		    target == cpu ? "enqueued on this CPU's timer base"
				  : "enqueued on the base where its callback runs");
}

/*
 * timer.c __try_to_del_timer_sync():
 *	if (base->running_timer != timer) {
 *		ret = detach_if_pending(timer, base, true);
 *		if (shutdown)
 *			timer->function = NULL;
 *	}
 * and __timer_delete_sync() retries (del_timer_wait_running(); cpu_relax())
 * while it returns -1, i.e. while the callback runs.
 */
static struct ta_rc_step timer_delete_sync(struct ta_timer *t, bool shutdown)
{
	unsigned flags = 0;

	if (t->running >= 0 && !TA_MUTANT(15))
		return step(TA_RC_WAIT, 0, "busy-waits for the running callback");
	if (t->pending) {
		t->pending = 0;
		flags = TA_RC_F_DROPPED;
	}
	if (shutdown)
		t->shutdown = 1;
	return step(TA_RC_DONE, flags,
		    shutdown ? "dequeued, function cleared: returns" : "dequeued: returns");
}

struct ta_rc_step ta_timer_call(struct ta_timer *t, enum ta_timer_op op, unsigned phase, int cpu)
{
	(void)phase;
	switch (op) {
	case TA_TIMER_MOD:
		return timer_mod(t, cpu);
	case TA_TIMER_DELETE:
		if (!t->pending)
			return step(TA_RC_DONE, 0, "not pending: returns");
		t->pending = 0;
		return step(TA_RC_DONE, TA_RC_F_DROPPED, "dequeued: returns");
	case TA_TIMER_DELETE_SYNC:
		return timer_delete_sync(t, false);
	case TA_TIMER_SHUTDOWN_SYNC:
		return timer_delete_sync(t, true);
	default:
		return step(TA_RC_DONE, 0, "unknown call");
	}
}

/*
 * timer.c __run_timers() / expire_timers(): on the base's CPU, from
 * TIMER_SOFTIRQ: base->running_timer = timer; detach_timer(timer, true);
 * ... call_timer_fn(timer, fn, baseclk);
 */
bool ta_timer_expire(struct ta_timer *t, int cpu, enum ta_rc_prio *prio)
{
	if (!t->pending || t->base != cpu)
		return false;
	if (t->running >= 0 && !TA_MUTANT(16))
		return false;
	t->pending = 0;
	t->running = (int8_t)cpu;
	if (prio)
		*prio = TA_RC_PRIO_TIMER_SOFTIRQ;
	return true;
}

void ta_timer_callback_end(struct ta_timer *t, int cpu)
{
	if (t->running == cpu || TA_MUTANT(16))
		t->running = -1;
}

static void model_init(void *st)
{
	ta_timer_init(st);
}

static struct ta_rc_step model_op(void *st, unsigned op, unsigned phase, int cpu)
{
	return ta_timer_call(st, (enum ta_timer_op)op, phase, cpu);
}

static bool model_start(void *st, int cpu, enum ta_rc_prio *prio, const char **note)
{
	if (!ta_timer_expire(st, cpu, prio))
		return false;
	*note = "expire_timers(): dequeued, callback called";
	return true;
}

static void model_end(void *st, int cpu, const char **note)
{
	ta_timer_callback_end(st, cpu);
	*note = "callback returned";
}

static bool model_pending(const void *st)
{
	const struct ta_timer *t = st;

	return t->pending;
}

const struct ta_rc_model ta_rc_timer_model = {
	.runner = "softirq",
	.nops = TA_TIMER_NOPS,
	.ops = timer_ops,
	.init = model_init,
	.op = model_op,
	.start = model_start,
	.end = model_end,
	.pending = model_pending,
};
