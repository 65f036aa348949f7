/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_protocol.h - a usage protocol: what a driver does with one tasklet
 * and from which context, the input of the reference-core checker.
 *
 * A ta_protocol owns its actors, operations and strings; ta_protocol_free()
 * releases them all.  Pointers returned by the accessors stay valid until
 * the protocol is freed or changed.
 *
 * Text form (one item a line; '#' starts a comment; blank lines ignored):
 *
 *   option hi                  every schedule is tasklet_hi_schedule()
 *   option enable-and-queue    map tasklet_enable() to enable_and_queue_work()
 *                              (default: enable_work())
 *   option disabled            the tasklet starts disabled
 *                              (DECLARE_TASKLET_DISABLED: count 1)
 *   shared-data spin_lock_bh   process-context code protects data it shares
 *                              with the callback with spin_lock_bh(); unless
 *                              a process actor has explicit spin_lock_bh
 *                              operations, the checker adds a section
 *                              "spin_lock_bh; spin_unlock_bh" in process
 *                              context on each CPU that schedules
 *   cpuN CONTEXT: OP; OP ...   an actor: one invocation of driver code on
 *                              CPU N (0 or 1) running OPs in order
 *   callback: OP; ...          the callback's own body, run on every run
 *   remove: OP; ...            the remove path: process context on CPU 0,
 *   cpuN remove: OP; ...       starting once every other actor has finished
 *                              (free_irq() and friends have quiesced it)
 *
 * CONTEXT is irq (a hard-IRQ handler), softirq (another bottom half: a
 * timer callback, NAPI poll), atomic (process context holding a spinlock
 * or with preemption disabled) or process (sleepable).  An actor in irq,
 * softirq or atomic context runs its operations without being preempted
 * on its CPU, as the kernel would.
 *
 * OP is a tasklet call without its "tasklet_" prefix (which is accepted):
 * schedule, hi_schedule, disable, disable_nosync, disable_in_atomic,
 * enable, kill, unlock_wait; reschedule (in callback: only) is schedule;
 * spin_lock_bh and spin_unlock_bh (process actors only) bracket a section
 * that touches the shared data.  An OP may be followed by "@SITE" (no
 * spaces), a source location the checker reports back, e.g.
 * "schedule@drivers/net/foo.c:120".  Without it the site is FILE:LINE of
 * the protocol text.
 *
 * The same protocol can be built with the C API below, e.g. by the indexer
 * from its facts: one actor per schedule site with its context, one for the
 * disable/enable pairs, the callback for a self re-schedule, remove for
 * tasklet_kill(), and the options.
 */
#ifndef TA_REFCORE_PROTOCOL_H
#define TA_REFCORE_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

#include "refcore_model.h"

/* X(enum suffix, protocol name, kernel API name) */
#define TA_PROTO_OP_LIST(X)                                                                        \
	X(SCHEDULE, "schedule", "tasklet_schedule")                                                \
	X(HI_SCHEDULE, "hi_schedule", "tasklet_hi_schedule")                                       \
	X(DISABLE_NOSYNC, "disable_nosync", "tasklet_disable_nosync")                              \
	X(DISABLE, "disable", "tasklet_disable")                                                   \
	X(DISABLE_IN_ATOMIC, "disable_in_atomic", "tasklet_disable_in_atomic")                     \
	X(ENABLE, "enable", "tasklet_enable")                                                      \
	X(KILL, "kill", "tasklet_kill")                                                            \
	X(UNLOCK_WAIT, "unlock_wait", "tasklet_unlock_wait")                                       \
	X(SPIN_LOCK_BH, "spin_lock_bh", "spin_lock_bh")                                            \
	X(SPIN_UNLOCK_BH, "spin_unlock_bh", "spin_unlock_bh")                                      \
	X(SHARED_DATA, "shared-data", "shared-data spin_lock_bh")

enum ta_proto_opk {
#define X(e, name, api) TA_PROTO_##e,
	TA_PROTO_OP_LIST(X)
#undef X
		TA_PROTO_NOPK
};
const char *ta_proto_op_name(enum ta_proto_opk op);
const char *ta_proto_op_api(enum ta_proto_opk op);
/* TA_PROTO_NOPK when name is not an operation ("tasklet_" prefix allowed). */
enum ta_proto_opk ta_proto_op_from_name(const char *name);

enum ta_actor_kind {
	TA_ACTOR_DRIVER,   /* cpuN CONTEXT: */
	TA_ACTOR_CALLBACK, /* callback: (context and CPU are the callback run's) */
	TA_ACTOR_REMOVE,   /* remove: */
};

/* Limits that keep the state space small. */
#define TA_PROTO_MAX_ACTORS 6 /* driver and remove actors */
#define TA_PROTO_MAX_ACTOR_OPS 8
#define TA_PROTO_MAX_CALLBACK_OPS 4

/* One operation.  site is never NULL once added. */
struct ta_proto_op {
	enum ta_proto_opk kind;
	size_t actor;       /* index of its actor; SIZE_MAX for shared-data */
	unsigned line, col; /* in the protocol text; 0 when built by the API */
	char *site;
};

struct ta_proto_actor {
	enum ta_actor_kind kind;
	enum ta_rc_ctx ctx; /* TA_RC_PROCESS for remove; unused for the callback */
	int cpu;
	size_t ops[TA_PROTO_MAX_ACTOR_OPS]; /* indexes into the protocol's operations */
	size_t nops;
	unsigned line;
};

typedef struct ta_protocol ta_protocol;

/* Where a parse error is (file as given to ta_protocol_parse). */
struct ta_proto_error {
	unsigned line, col;
	char msg[160];
};

ta_protocol *ta_protocol_new(void);
void ta_protocol_free(ta_protocol **p);

/*
 * Parse the text form.  file names the text in sites and errors (may be
 * NULL: "<protocol>").  On error returns NULL and fills *err (if not NULL).
 */
ta_protocol *ta_protocol_parse(const char *text, const char *file, struct ta_proto_error *err);
/* Read and parse a file; an unreadable file is an error at line 0. */
ta_protocol *ta_protocol_load(const char *path, struct ta_proto_error *err);

/*
 * The C API.  Each returns the new index, or -1 (with nothing changed) when
 * p is NULL, an argument is out of range, a limit is reached, or the
 * operation is not allowed there (spin_lock_bh outside a process actor, a
 * second callback).  site may be NULL.
 */
long ta_protocol_add_actor(ta_protocol *p, enum ta_actor_kind kind, enum ta_rc_ctx ctx, int cpu);
long ta_protocol_add_op(ta_protocol *p, size_t actor, enum ta_proto_opk kind, const char *site);
void ta_protocol_set_hi(ta_protocol *p, bool hi);
void ta_protocol_set_enable_and_queue(ta_protocol *p, bool on);
void ta_protocol_set_start_disabled(ta_protocol *p, bool on);
/* Declare the spin_lock_bh() shared data; returns its operation's index. */
long ta_protocol_set_shared_bh(ta_protocol *p, const char *site);
/* Check what the builder cannot check op by op (balanced spin_lock_bh). */
int ta_protocol_validate(const ta_protocol *p, struct ta_proto_error *err);

const char *ta_protocol_file(const ta_protocol *p);
bool ta_protocol_hi(const ta_protocol *p);
bool ta_protocol_enable_and_queue(const ta_protocol *p);
bool ta_protocol_start_disabled(const ta_protocol *p);
bool ta_protocol_shared_bh(const ta_protocol *p);
/* The shared-data operation's index, or SIZE_MAX. */
size_t ta_protocol_shared_op(const ta_protocol *p);
size_t ta_protocol_nactors(const ta_protocol *p);
const struct ta_proto_actor *ta_protocol_actor(const ta_protocol *p, size_t i);
size_t ta_protocol_nops(const ta_protocol *p);
const struct ta_proto_op *ta_protocol_op(const ta_protocol *p, size_t i);
/* The callback actor's index, or SIZE_MAX. */
size_t ta_protocol_callback(const ta_protocol *p);

/* Render in the text form (parsing it gives the same protocol); caller frees. */
char *ta_protocol_format(const ta_protocol *p);

#endif
