// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_irq.c - the reference model of a threaded, IRQF_ONESHOT interrupt
 * whose primary handler returns IRQ_WAKE_THREAD.  Quotes are from
 * linux-source-6.1 (kernel/irq/handle.c, manage.c, include/linux/interrupt.h).
 */
#include "refcore_irq.h"

#include <stddef.h>

static const struct ta_rc_opinfo irq_ops[TA_IRQ_NOPS] = {
	[TA_IRQ_HANDLER] = {"return IRQ_WAKE_THREAD", TA_RC_NOWAIT, TA_RC_CTXBIT(TA_RC_HARDIRQ),
			    "only the primary handler of the interrupt can return IRQ_WAKE_THREAD"},
	[TA_IRQ_WAKE_THREAD] = {"irq_wake_thread", TA_RC_NOWAIT, TA_RC_ANY_CTX,
				"callable from any context"},
	[TA_IRQ_DISABLE_NOSYNC] = {"disable_irq_nosync", TA_RC_NOWAIT, TA_RC_ANY_CTX,
				   "callable from any context"},
	/* manage.c synchronize_irq(): wait_event(desc->wait_for_threads,
	 * !atomic_read(&desc->threads_active)); wait_event() may sleep. */
	[TA_IRQ_DISABLE] = {"disable_irq", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
			    "sleeps in synchronize_irq() while the thread is pending or running"},
	[TA_IRQ_ENABLE] = {"enable_irq", TA_RC_NOWAIT, TA_RC_ANY_CTX, "callable from any context"},
	/* manage.c free_irq(): "This function must not be called from interrupt context." */
	[TA_IRQ_FREE] = {"free_irq", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
			 "must not be called from interrupt context; sleeps"},
	[TA_IRQ_SYNCHRONIZE] = {"synchronize_irq", TA_RC_SLEEPS, TA_RC_CTXBIT(TA_RC_PROCESS),
				"sleeps in wait_event()"},
};

void ta_irq_init(struct ta_irq *q)
{
	q->depth = 0;
	q->masked = 0;
	q->irq_pending = 0;
	q->runthread = 0;
	q->running = -1;
	q->thread_cpu = -1;
	q->freed = 0;
}

static struct ta_rc_step step(enum ta_rc_status status, unsigned flags, const char *note)
{
	struct ta_rc_step s = {status, flags, note};

	return s;
}

static bool any_pending(const struct ta_irq *q)
{
	return q->runthread || q->irq_pending;
}

/*
 * handle.c __irq_wake_thread():
 *	 * RUNTHREAD bit is already set, nothing to do.
 *	if (test_and_set_bit(IRQTF_RUNTHREAD, &action->thread_flags))
 *		return;
 * interrupt.h: "IRQF_ONESHOT - Interrupt is not reenabled after the hardirq
 * handler finished. Used by threaded interrupts which need to keep the irq
 * line disabled until the threaded handler has been run."
 */
static unsigned wake_thread(struct ta_irq *q, int cpu)
{
	if (q->thread_cpu < 0 || cpu >= 0)
		q->thread_cpu = (int8_t)(cpu >= 0 ? cpu : 0);
	if (q->runthread)
		return TA_RC_F_COALESCED;
	q->runthread = 1;
	return TA_RC_F_NEW;
}

/*
 * chip.c handle_*_irq(): an interrupt on a disabled line, or on a masked
 * ONESHOT line, is not handled: desc->istate |= IRQS_PENDING, and it is
 * resent (check_irq_resend()) when the line is enabled or unmasked.
 */
static struct ta_rc_step irq_fires(struct ta_irq *q, int cpu)
{
	unsigned flags;

	if (q->freed)
		return step(TA_RC_DONE, TA_RC_F_REJECTED,
			    "no handler installed: interrupt ignored");
	if (q->depth || q->masked) {
		/* a second run, after the one already woken, unless one is remembered */
		flags = q->irq_pending ? TA_RC_F_COALESCED : TA_RC_F_NEW;
		q->irq_pending = 1;
		return step(TA_RC_DONE, flags,
			    q->depth ? "line disabled: IRQS_PENDING" : "line masked: IRQS_PENDING");
	}
	if (!TA_MUTANT(17))
		q->masked = 1;
	flags = wake_thread(q, cpu);
	return step(TA_RC_DONE, flags,
		    flags & TA_RC_F_NEW ? "IRQTF_RUNTHREAD set, line masked (IRQF_ONESHOT)"
					: "IRQTF_RUNTHREAD already set");
}

/* Resend the interrupt remembered in IRQS_PENDING (check_irq_resend()). */
static void replay(struct ta_irq *q)
{
	if (!q->irq_pending || q->depth || q->masked || q->freed)
		return;
	q->irq_pending = 0;
	if (!TA_MUTANT(17))
		q->masked = 1;
	wake_thread(q, q->thread_cpu);
}

/*
 * manage.c:
 *	void disable_irq(unsigned int irq)
 *	{
 *		if (!__disable_irq_nosync(irq))
 *			synchronize_irq(irq);
 *	}
 * synchronize_irq() waits until threads_active is 0: the thread woken by an
 * earlier interrupt has run (irq_wait_for_interrupt() clears RUNTHREAD).
 */
static struct ta_rc_step irq_wait_idle(const struct ta_irq *q, bool done)
{
	if (q->runthread || q->running >= 0)
		return step(TA_RC_WAIT, 0, "sleeps until the thread has run");
	return step(done ? TA_RC_DONE : TA_RC_MORE, 0, "thread idle: returns");
}

struct ta_rc_step ta_irq_call(struct ta_irq *q, enum ta_irq_op op, unsigned phase, int cpu)
{
	unsigned flags;

	switch (op) {
	case TA_IRQ_HANDLER:
		return irq_fires(q, cpu);
	case TA_IRQ_WAKE_THREAD:
		if (q->freed)
			return step(TA_RC_DONE, TA_RC_F_REJECTED, "no thread: ignored");
		flags = wake_thread(q, q->thread_cpu >= 0 ? q->thread_cpu : cpu);
		return step(TA_RC_DONE, flags, "IRQTF_RUNTHREAD set");
	case TA_IRQ_DISABLE_NOSYNC:
		if (q->depth < UINT8_MAX)
			q->depth++;
		return step(TA_RC_DONE, 0, "depth incremented");
	case TA_IRQ_DISABLE:
		if (phase == 0) {
			if (q->depth < UINT8_MAX)
				q->depth++;
			return step(TA_RC_MORE, 0, "depth incremented");
		}
		return irq_wait_idle(q, true);
	case TA_IRQ_ENABLE:
		/* manage.c __enable_irq(): case 1: ... irq_startup()/irq_enable(),
		 * check_irq_resend(): a pending interrupt is handled now. */
		if (q->depth)
			q->depth--;
		flags = q->runthread;
		if (!TA_MUTANT(13))
			replay(q);
		if (!flags && q->runthread)
			return step(TA_RC_DONE, 0,
				    "depth decremented; pending interrupt handled, thread woken");
		return step(TA_RC_DONE, 0, "depth decremented");
	case TA_IRQ_FREE:
		/* free_irq(): "The function does not return until any executing
		 * interrupts for this IRQ have completed."; irq_wait_for_interrupt():
		 * on kthread_stop "may need to run one last time" if RUNTHREAD. */
		if (phase == 0) {
			flags = 0;
			q->freed = 1;
			if (q->irq_pending) {
				q->irq_pending = 0;
				flags = TA_RC_F_DROPPED;
			}
			if (TA_MUTANT(14) && q->runthread) {
				q->runthread = 0;
				flags = TA_RC_F_DROPPED;
			}
			return step(TA_RC_MORE, flags, "handler removed");
		}
		return irq_wait_idle(q, true);
	case TA_IRQ_SYNCHRONIZE:
		return irq_wait_idle(q, true);
	default:
		return step(TA_RC_DONE, 0, "unknown call");
	}
}

/*
 * manage.c irq_thread(): while (!irq_wait_for_interrupt(action)) { ...
 * handler_fn(desc, action); ... }, and irq_wait_for_interrupt():
 *	if (test_and_clear_bit(IRQTF_RUNTHREAD, &action->thread_flags)) {
 *		__set_current_state(TASK_RUNNING);
 *		return 0;
 *	}
 */
bool ta_irq_thread_start(struct ta_irq *q, int cpu, enum ta_rc_prio *prio)
{
	if (!q->runthread || q->running >= 0 || q->thread_cpu != cpu)
		return false;
	q->runthread = 0;
	q->running = (int8_t)cpu;
	if (prio)
		*prio = TA_RC_PRIO_IRQ_THREAD;
	return true;
}

/*
 * manage.c irq_finalize_oneshot():
 *	if (!desc->threads_oneshot && !irqd_irq_disabled(&desc->irq_data) &&
 *	    irqd_irq_masked(&desc->irq_data))
 *		unmask_threaded_irq(desc);
 */
void ta_irq_thread_end(struct ta_irq *q, int cpu)
{
	(void)cpu;
	q->running = -1;
	q->masked = 0;
	replay(q);
}

static void model_init(void *st)
{
	ta_irq_init(st);
}

static struct ta_rc_step model_op(void *st, unsigned op, unsigned phase, int cpu)
{
	return ta_irq_call(st, (enum ta_irq_op)op, phase, cpu);
}

static bool model_start(void *st, int cpu, enum ta_rc_prio *prio, const char **note)
{
	if (!ta_irq_thread_start(st, cpu, prio))
		return false;
	*note = "IRQ thread: RUNTHREAD cleared, thread handler called";
	return true;
}

static void model_end(void *st, int cpu, const char **note)
{
	const struct ta_irq *q = st;

	ta_irq_thread_end(st, cpu);
	*note = q->runthread ? "thread handler returned; pending interrupt handled, thread woken"
			     : "thread handler returned, line unmasked";
}

static bool model_pending(const void *st)
{
	return any_pending(st);
}

const struct ta_rc_model ta_rc_irq_model = {
	.runner = "irq/thread",
	.nops = TA_IRQ_NOPS,
	.ops = irq_ops,
	.init = model_init,
	.op = model_op,
	.start = model_start,
	.end = model_end,
	.pending = model_pending,
};
