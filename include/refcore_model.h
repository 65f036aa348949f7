/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_model.h - the interface every reference model of the tasklet core
 * and of its replacements (refcore_tasklet.c, refcore_workqueue.c,
 * refcore_irq.c, refcore_timer.c) offers to the checker (refcore_check.c).
 *
 * A model is a small explicit-event state machine over a plain value (at most
 * TA_RC_STATE_MAX bytes, zeroed before init so that it can be hashed and
 * compared with memcmp).  There are no threads and no time: an API call is a
 * sequence of phases, each phase one atomic step that either completes, moves
 * on to the next phase, or cannot proceed in this state (it waits); the
 * model's internal events are "the callback starts on CPU n" and "the callback
 * returns on CPU n".  Nothing here allocates; the model tables are const and
 * live for the whole program.
 *
 * TA_REFCORE_MUTATION (0 in normal builds, set with cmake -DTA_MUTATION=N)
 * breaks one model in one place so that tests/mutation/run.sh can measure
 * how many broken models the conformance cases catch.
 */
#ifndef TA_REFCORE_MODEL_H
#define TA_REFCORE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#ifndef TA_REFCORE_MUTATION
#define TA_REFCORE_MUTATION 0
#endif
/* True in the build that carries mutation n. */
#define TA_MUTANT(n) (TA_REFCORE_MUTATION == (n))

/* The simulated machine has two CPUs. */
#define TA_RC_NCPU 2
#define TA_RC_STATE_MAX 16

/*
 * The replacement models the checker compares the tasklet model with.
 * Each is the model of one mechanism and named by it (mechanism.h,
 * ta_rc_target_name()).
 */
enum ta_rc_target {
	TA_RC_TO_BH,
	TA_RC_TO_WQ,
	TA_RC_TO_THREADED_IRQ,
	TA_RC_TO_TIMER,
	TA_RC_NTARGETS
};

/* Execution contexts, from preemptible to most atomic. */
#define TA_RC_CTX_LIST(X)                                                                          \
	X(PROCESS, "process")                                                                      \
	X(ATOMIC, "atomic")                                                                        \
	X(SOFTIRQ, "softirq")                                                                      \
	X(HARDIRQ, "irq")
enum ta_rc_ctx {
#define X(e, name) TA_RC_##e,
	TA_RC_CTX_LIST(X)
#undef X
		TA_RC_NCTX
};
#define TA_RC_CTXBIT(c) (1u << (c))
#define TA_RC_ANY_CTX 0xfu
const char *ta_rc_ctx_name(enum ta_rc_ctx ctx);

/*
 * Where a run of the callback executes, in the order the kernel serves them
 * on one CPU: softirqs by number (HI_SOFTIRQ=0, TIMER_SOFTIRQ=1, ...,
 * TASKLET_SOFTIRQ=6, include/linux/interrupt.h), then threads.
 */
#define TA_RC_PRIO_LIST(X)                                                                         \
	X(HI_SOFTIRQ, "HI_SOFTIRQ (softirq 0)")                                                    \
	X(TIMER_SOFTIRQ, "TIMER_SOFTIRQ (softirq 1)")                                              \
	X(TASKLET_SOFTIRQ, "TASKLET_SOFTIRQ (softirq 6)")                                          \
	X(IRQ_THREAD, "IRQ thread (SCHED_FIFO)")                                                   \
	X(KWORKER, "kworker (SCHED_NORMAL)")
enum ta_rc_prio {
#define X(e, name) TA_RC_PRIO_##e,
	TA_RC_PRIO_LIST(X)
#undef X
		TA_RC_NPRIO
};
const char *ta_rc_prio_name(enum ta_rc_prio prio);
/* The context a callback runs in at that priority. */
enum ta_rc_ctx ta_rc_prio_ctx(enum ta_rc_prio prio);

enum ta_rc_status {
	TA_RC_DONE, /* the call returned */
	TA_RC_MORE, /* the phase completed; the call continues with the next */
	TA_RC_WAIT, /* the phase cannot complete in this state: nothing changed */
};

/* What a step did to the pending run (flags, several may be set). */
#define TA_RC_F_NEW 0x01u       /* a schedule created a pending run */
#define TA_RC_F_COALESCED 0x02u /* a schedule merged into the pending run */
#define TA_RC_F_REJECTED 0x04u  /* a schedule was dropped: nothing new is pending */
#define TA_RC_F_DROPPED 0x08u   /* the call removed the pending run */
#define TA_RC_F_QUEUED 0x10u    /* a run was queued without any schedule */

/* The result of one step; note is a static phrase for traces ("SCHED set"). */
struct ta_rc_step {
	enum ta_rc_status status;
	unsigned flags;
	const char *note;
};

/* How a call may block while it waits, for the context rules. */
enum ta_rc_wait {
	TA_RC_NOWAIT, /* never waits */
	TA_RC_SLEEPS, /* may sleep (might_sleep()): process context only */
	TA_RC_SPINS,  /* busy-waits: allowed where ctx_ok says */
};

/* One API call of a model. */
struct ta_rc_opinfo {
	const char *name; /* "tasklet_disable" */
	enum ta_rc_wait wait;
	unsigned ctx_ok;  /* TA_RC_CTXBIT mask of the contexts it may be called from */
	const char *rule; /* the kernel's rule, quoted or paraphrased, for reports */
};

struct ta_rc_model {
	const char *runner; /* what starts the callback, for traces ("softirq") */
	unsigned nops;
	const struct ta_rc_opinfo *ops; /* indexed by the model's own op enum */
	void (*init)(void *st);
	/* One phase of call op made on cpu. */
	struct ta_rc_step (*op)(void *st, unsigned op, unsigned phase, int cpu);
	/*
	 * The model's start event on cpu: when the callback can start there,
	 * apply it, set *prio and *note and return true; otherwise leave the
	 * state alone and return false.
	 */
	bool (*start)(void *st, int cpu, enum ta_rc_prio *prio, const char **note);
	/* The callback returned on cpu; *note describes what that did. */
	void (*end)(void *st, int cpu, const char **note);
	/* A run is pending (queued and not dropped). */
	bool (*pending)(const void *st);
};

/* The mutations, for tests/mutation/run.sh and reports. */
#define TA_RC_MUTATION_LIST(X)                                                                     \
	X(1, "tasklet_enable() drops the run that was scheduled while disabled")                   \
	X(2, "tasklet_kill() drops a pending run instead of waiting for it")                       \
	X(3, "tasklet_action_common() drops a tasklet running elsewhere instead of requeueing it") \
	X(4, "tasklet_action_common() clears SCHED after the callback instead of before")          \
	X(5, "tasklet_disable() does not wait for RUN to clear")                                   \
	X(6, "tasklet_action_common() runs a disabled tasklet")                                    \
	X(7, "tasklet_action_common() does not trylock RUN")                                       \
	X(8, "cancel_work_sync() does not drop the pending run")                                   \
	X(9, "enable_and_queue_work() does not queue")                                             \
	X(10, "queue_work() on a disabled work item is not rejected")                              \
	X(11, "queue_work() ignores non-reentrancy (queues locally while running elsewhere)")      \
	X(12, "disable_work_sync() does not wait for the running callback")                        \
	X(13, "enable_irq() does not replay an interrupt that arrived while disabled")             \
	X(14, "free_irq() drops a pending thread run")                                             \
	X(15,                                                                                      \
	  "timer_delete_sync() and timer_shutdown_sync() do not wait for the running callback")    \
	X(16, "mod_timer() migrates a running timer to the local CPU")                             \
	X(17, "IRQF_ONESHOT does not mask the line while the thread runs")
#define TA_RC_NMUTATIONS 17
/* The description of mutation n, or NULL when n is not one. */
const char *ta_rc_mutation_name(int n);

#endif
