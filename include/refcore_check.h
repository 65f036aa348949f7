/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_check.h - the reference-core checker: explores every interleaving
 * of a usage protocol (refcore_protocol.h) over two simulated CPUs, once on
 * the tasklet model and once on a replacement model after mapping each
 * operation the way the upstream conversions do, and compares what the
 * driver can observe.
 *
 * The mapping (tasklet -> replacement):
 *   schedule          -> queue_work(system_bh_wq) | queue_work(system_wq) |
 *                        the primary handler returns IRQ_WAKE_THREAD (hard-IRQ
 *                        callers only) | mod_timer(t, jiffies)
 *   hi_schedule       -> queue_work(system_bh_highpri_wq) | system_highpri_wq | ...
 *   disable_nosync    -> disable_work | disable_irq_nosync | (none)
 *   disable, disable_in_atomic -> disable_work_sync | disable_irq | (none)
 *   enable            -> enable_work, or enable_and_queue_work with
 *                        "option enable-and-queue" | enable_irq | (none)
 *   kill              -> cancel_work_sync | free_irq | timer_shutdown_sync
 *   unlock_wait       -> (none) | synchronize_irq | (none)
 *
 * The search is breadth-first with state hashing, so every trace reported
 * is a shortest one.  It is bounded by opts (trace length, states, and how
 * often the callback may re-schedule itself); the result says whether a
 * bound was hit.
 *
 * A ta_rc_result owns all its strings and arrays; ta_rc_result_free()
 * releases them.  Property and model names point to static strings.
 */
#ifndef TA_REFCORE_CHECK_H
#define TA_REFCORE_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "refcore_model.h"
#include "refcore_protocol.h"

/* The name of a replacement model: its mechanism's --to name (mechanism.h). */
const char *ta_rc_target_name(enum ta_rc_target to);
/* 0 and *to set when name is a target, -1 otherwise. */
int ta_rc_target_from_name(const char *name, enum ta_rc_target *to);

/* X(enum suffix, name, safety property?, what it is about) */
#define TA_RC_PROP_LIST(X)                                                                         \
	X(LOST_RUN, "lost-run", 0, "every schedule is followed by a run")                          \
	X(CONCURRENCY, "self-concurrency", 1, "the callback never runs concurrently with itself")  \
	X(COALESCING, "coalescing", 0, "schedules while pending merge into one run")               \
	X(DISABLE_PENDING, "pending-on-disable", 0, "a run pending when disable is called")        \
	X(SCHED_WHILE_DISABLED, "schedule-while-disabled", 0, "a schedule made while disabled")    \
	X(KILL_PENDING, "pending-on-kill", 0, "a run pending when kill is called")                 \
	X(DISABLE_RETURN, "disable-return", 0, "what the caller of disable may assume on return")  \
	X(KILL_RETURN, "kill-return", 0, "what the caller of kill may assume on return")           \
	X(NEVER_RETURNS, "never-returns", 1, "every call returns")                                 \
	X(CONTEXT, "callback-context", 0, "the callback's execution context")                      \
	X(CPU, "callback-cpu", 0, "the CPU the callback runs on")                                  \
	X(PRIORITY, "priority", 0, "the callback's priority relative to other bottom halves")      \
	X(MAY_SLEEP, "may-sleep", 1, "whether a call may sleep in the context it is made from")    \
	X(BH_EXCLUSION, "bh-exclusion", 1, "spin_lock_bh() keeps the callback off its CPU")        \
	X(MAPPING, "mapping", 1, "every operation has a counterpart")
enum ta_rc_prop {
#define X(e, name, safety, about) TA_RC_PROP_##e,
	TA_RC_PROP_LIST(X)
#undef X
		TA_RC_NPROPS
};
const char *ta_rc_prop_name(enum ta_rc_prop prop);
/* Is name one of the properties above? */
bool ta_rc_prop_known(const char *name);

#define TA_RC_VERDICT_LIST(X) X(EQUIVALENT, "equivalent") X(DIFFERS, "differs") X(UNSAFE, "unsafe")
enum ta_rc_verdict {
#define X(e, name) TA_RC_##e,
	TA_RC_VERDICT_LIST(X)
#undef X
};
const char *ta_rc_verdict_name(enum ta_rc_verdict v);

struct ta_rc_opts {
	unsigned max_depth;   /* events in one trace */
	size_t max_states;    /* states per model */
	unsigned max_resched; /* self re-schedules per trace */
};
#define TA_RC_OPTS_DEFAULT                                                                         \
	{                                                                                          \
		64, 400000, 2                                                                      \
	}

struct ta_rc_trace {
	char **lines;
	size_t n;
};

struct ta_rc_difference {
	enum ta_rc_prop prop;
	const char *property;     /* ta_rc_prop_name(prop) */
	const char *observation;  /* what the trace shows, e.g. "KILL_KEPT" (static) */
	bool safety;              /* the replacement breaks what the tasklet kept */
	char *explanation;        /* one sentence */
	const char *trace_model;  /* the model the trace runs on */
	struct ta_rc_trace trace; /* the shortest trace that shows it */
	const char *other_model;  /* the other model, when it has a contrasting trace */
	struct ta_rc_trace other_trace;
	size_t *ops; /* protocol operations in the traces, first seen first */
	size_t nops;
};

typedef struct ta_rc_result {
	enum ta_rc_target target;
	enum ta_rc_verdict verdict;
	size_t states_explored; /* both models together */
	size_t states_tasklet, states_replacement;
	unsigned bound_depth, bound_resched;
	size_t bound_states;
	bool complete; /* no bound cut the search short */
	struct ta_rc_difference *differences;
	size_t ndifferences;
	/* Safety properties the tasklet already violates and the replacement still does. */
	struct ta_rc_difference *hazards;
	size_t nhazards;
} ta_rc_result;

/*
 * Compare the protocol on the tasklet and on the target.  opts may be NULL
 * (TA_RC_OPTS_DEFAULT).  NULL when p is NULL or invalid or to is out of range.
 */
ta_rc_result *ta_rc_check(const ta_protocol *p, enum ta_rc_target to,
			  const struct ta_rc_opts *opts);
void ta_rc_result_free(ta_rc_result **r);
/* The difference (or else hazard) about prop, or NULL. */
const struct ta_rc_difference *ta_rc_result_find(const ta_rc_result *r, enum ta_rc_prop prop);
/* The comparison as text for people; caller frees.  p names the operations. */
char *ta_rc_result_render(const ta_rc_result *r, const ta_protocol *p);

#endif
