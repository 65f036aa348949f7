// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_check.c - the checker: maps a usage protocol onto a model, explores
 * every interleaving breadth-first over two simulated CPUs with state
 * hashing, records what the driver can observe (each observation with the
 * shortest trace that shows it), and compares the tasklet's observations
 * with the replacement's property by property.
 *
 * The scheduling rules of the simulated CPUs are the kernel's: a hard-IRQ
 * handler runs to completion on its CPU; a softirq (a tasklet, BH work item
 * or timer callback, or an actor in softirq context) cannot be preempted by
 * process context on its CPU and does not start while that CPU has bottom
 * halves disabled; an atomic section cannot be preempted by other process
 * context; process context (kworkers and IRQ threads included) interleaves
 * freely between calls.  Cross-CPU exclusion by the lock itself is not
 * modelled: the conversion does not change it.
 */
#include "refcore_check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mechanism.h"
#include "refcore_irq.h"
#include "refcore_tasklet.h"
#include "refcore_timer.h"
#include "refcore_workqueue.h"
#include "util.h"

const char *ta_rc_target_name(enum ta_rc_target to)
{
	const char *name = ta_mech_to(ta_mech_of_model(to));

	return name ? name : "?";
}

int ta_rc_target_from_name(const char *name, enum ta_rc_target *to)
{
	int m = ta_mech_from_to(name);

	return m < 0 ? -1 : ta_mech_model((enum ta_mech)m, to);
}

static const struct {
	const char *name;
	bool safety;
	const char *about;
} props[TA_RC_NPROPS] = {
#define X(e, name, safety, about) {name, safety, about},
	TA_RC_PROP_LIST(X)
#undef X
};

const char *ta_rc_prop_name(enum ta_rc_prop prop)
{
	return (unsigned)prop < TA_RC_NPROPS ? props[prop].name : "?";
}

bool ta_rc_prop_known(const char *name)
{
	for (int i = 0; name && i < TA_RC_NPROPS; i++)
		if (strcmp(props[i].name, name) == 0)
			return true;
	return false;
}

const char *ta_rc_verdict_name(enum ta_rc_verdict v)
{
	static const char *const names[] = {
#define X(e, name) name,
		TA_RC_VERDICT_LIST(X)
#undef X
	};

	return (unsigned)v <= TA_RC_UNSAFE ? names[v] : "?";
}

/*
 * What the explorer can observe.  X(enum suffix, property, bad, description):
 * a bad observation violates its (safety) property.
 */
#define OBS_LIST(X)                                                                                 \
	X(LOST, LOST_RUN, 0, "a schedule can end up never followed by a run")                       \
	X(CONCURRENT, CONCURRENCY, 1,                                                               \
	  "the callback can start while it still runs on the other CPU")                            \
	X(SPURIOUS, COALESCING, 0, "the callback can run without a schedule since its last run")    \
	X(UNCOALESCED, COALESCING, 0,                                                               \
	  "a schedule made while a run is pending can get a run of its own")                        \
	X(DIS_RAN, DISABLE_PENDING, 0, "a run pending at disable still runs once enabled")          \
	X(DIS_DROPPED, DISABLE_PENDING, 0, "a run pending at disable is dropped")                   \
	X(DIS_KEPT, DISABLE_PENDING, 0, "a run pending at disable stays pending")                   \
	X(WDIS_RAN, SCHED_WHILE_DISABLED, 0, "a schedule while disabled runs once enabled")         \
	X(WDIS_DROPPED, SCHED_WHILE_DISABLED, 0, "a schedule while disabled is dropped")            \
	X(WDIS_KEPT, SCHED_WHILE_DISABLED, 0, "a schedule while disabled stays pending")            \
	X(KILL_RAN, KILL_PENDING, 0, "a run pending at kill still runs")                            \
	X(KILL_DROPPED, KILL_PENDING, 0, "a run pending at kill is dropped")                        \
	X(KILL_KEPT, KILL_PENDING, 0, "a run pending at kill never runs and kill waits for it")     \
	X(DIS_RET_RUNNING, DISABLE_RETURN, 0,                                                       \
	  "the callback can still be running when disable returns")                                 \
	X(KILL_RET_RUNNING, KILL_RETURN, 0, "the callback can still be running when kill returns")  \
	X(KILL_RET_PENDING, KILL_RETURN, 0, "a run can be pending when kill returns")               \
	X(HANG, NEVER_RETURNS, 1, "a call can wait forever")                                        \
	X(CTX_SOFTIRQ, CONTEXT, 0, "the callback runs in softirq context (atomic)")                 \
	X(CTX_PROCESS, CONTEXT, 0, "the callback runs in process context (may sleep)")              \
	X(CPU_SAME, CPU, 0, "the callback runs on the CPU that scheduled it")                       \
	X(CPU_OTHER, CPU, 0, "the callback can run on another CPU than the one that scheduled it")  \
	X(PRIO_HI, PRIORITY, 0, "the callback runs from HI_SOFTIRQ, before every other softirq")    \
	X(PRIO_TIMER, PRIORITY, 0,                                                                  \
	  "the callback runs from TIMER_SOFTIRQ, after HI_SOFTIRQ and before the network softirqs") \
	X(PRIO_TASKLET, PRIORITY, 0,                                                                \
	  "the callback runs from TASKLET_SOFTIRQ, after the timer, network and block softirqs")    \
	X(PRIO_THREAD, PRIORITY, 0, "the callback runs in an IRQ thread, after every softirq")      \
	X(PRIO_KWORKER, PRIORITY, 0,                                                                \
	  "the callback runs in a kworker, after every softirq and real-time thread")               \
	X(SLEEP_IN_ATOMIC, MAY_SLEEP, 1, "a call that may sleep is made from atomic context")       \
	X(BAD_CONTEXT, MAY_SLEEP, 1, "a call is made from a context its rules forbid")              \
	X(BH_EXCL_BROKEN, BH_EXCLUSION, 1,                                                          \
	  "a spin_lock_bh() section can start on a CPU where the callback is mid-run")              \
	X(UNMAPPED, MAPPING, 1, "an operation has no counterpart")

enum obs {
#define X(e, prop, bad, desc) OBS_##e,
	OBS_LIST(X)
#undef X
		NOBS
};

static const struct {
	enum ta_rc_prop prop;
	bool bad;
	const char *desc;
	const char *name; /* "KILL_KEPT" */
} obs_info[NOBS] = {
#define X(e, prop, bad, desc) {TA_RC_PROP_##prop, bad, desc, #e},
	OBS_LIST(X)
#undef X
};

/* What a property's observations being absent means, for explanations. */
static const char *const prop_none[TA_RC_NPROPS] = {
	[TA_RC_PROP_LOST_RUN] = "every schedule is followed by a run",
	[TA_RC_PROP_CONCURRENCY] = "the callback never runs concurrently with itself",
	[TA_RC_PROP_COALESCING] = "every run answers a schedule",
	[TA_RC_PROP_DISABLE_PENDING] = "no run is pending at disable",
	[TA_RC_PROP_SCHED_WHILE_DISABLED] = "no schedule happens while disabled",
	[TA_RC_PROP_KILL_PENDING] = "no run is pending at kill",
	[TA_RC_PROP_DISABLE_RETURN] = "the callback is not running when disable returns",
	[TA_RC_PROP_KILL_RETURN] = "the callback is neither running nor pending when kill returns",
	[TA_RC_PROP_NEVER_RETURNS] = "every call returns",
	[TA_RC_PROP_CONTEXT] = "the callback never runs",
	[TA_RC_PROP_CPU] = "the callback never runs",
	[TA_RC_PROP_PRIORITY] = "the callback never runs",
	[TA_RC_PROP_MAY_SLEEP] = "every call is allowed in the context it is made from",
	[TA_RC_PROP_BH_EXCLUSION] = "a spin_lock_bh() section keeps the callback off its CPU",
	[TA_RC_PROP_MAPPING] = "every operation has a counterpart",
};

/* The models, indexed by enum model_id. */
enum model_id { M_TASKLET, M_BH, M_WQ, M_IRQ, M_TIMER, NMODELS };

static const struct ta_rc_model *const models[NMODELS] = {
	&ta_rc_tasklet_model, &ta_rc_bh_model,    &ta_rc_wq_model,
	&ta_rc_irq_model,     &ta_rc_timer_model,
};

/*
 * The mapping, as data.  A row gives, per model, the calls (at most two, in
 * order) one protocol operation becomes; NONE marks "no counterpart".
 * ENABLE_Q is enable under "option enable-and-queue"; schedules under
 * "option hi" use the HI_SCHEDULE row.
 */
#define NONE (-1)
#define MAP_ENABLE_Q TA_PROTO_NOPK
static const struct map_row {
	int op;
	int mop[NMODELS][2];
} map_table[] = {
	{TA_PROTO_SCHEDULE,
	 {{TA_TASKLET_SCHEDULE, NONE},
	  {TA_WORK_QUEUE, NONE},
	  {TA_WORK_QUEUE, NONE},
	  {TA_IRQ_HANDLER, NONE},
	  {TA_TIMER_MOD, NONE}}},
	{TA_PROTO_HI_SCHEDULE,
	 {{TA_TASKLET_HI_SCHEDULE, NONE},
	  {TA_WORK_QUEUE_HI, NONE},
	  {TA_WORK_QUEUE_HI, NONE},
	  {TA_IRQ_HANDLER, NONE},
	  {TA_TIMER_MOD, NONE}}},
	{TA_PROTO_DISABLE_NOSYNC,
	 {{TA_TASKLET_DISABLE_NOSYNC, NONE},
	  {TA_WORK_DISABLE, NONE},
	  {TA_WORK_DISABLE, NONE},
	  {TA_IRQ_DISABLE_NOSYNC, NONE},
	  {NONE, NONE}}},
	{TA_PROTO_DISABLE,
	 {{TA_TASKLET_DISABLE, NONE},
	  {TA_WORK_DISABLE_SYNC, NONE},
	  {TA_WORK_DISABLE_SYNC, NONE},
	  {TA_IRQ_DISABLE, NONE},
	  {NONE, NONE}}},
	{TA_PROTO_DISABLE_IN_ATOMIC,
	 {{TA_TASKLET_DISABLE_IN_ATOMIC, NONE},
	  {TA_WORK_DISABLE_SYNC, NONE},
	  {TA_WORK_DISABLE_SYNC, NONE},
	  {TA_IRQ_DISABLE, NONE},
	  {NONE, NONE}}},
	{TA_PROTO_ENABLE,
	 {{TA_TASKLET_ENABLE, NONE},
	  {TA_WORK_ENABLE, NONE},
	  {TA_WORK_ENABLE, NONE},
	  {TA_IRQ_ENABLE, NONE},
	  {NONE, NONE}}},
	{MAP_ENABLE_Q,
	 {{TA_TASKLET_ENABLE, NONE},
	  {TA_WORK_ENABLE_AND_QUEUE, NONE},
	  {TA_WORK_ENABLE_AND_QUEUE, NONE},
	  {TA_IRQ_ENABLE, NONE},
	  {NONE, NONE}}},
	{TA_PROTO_KILL,
	 {{TA_TASKLET_KILL, NONE},
	  {TA_WORK_CANCEL_SYNC, NONE},
	  {TA_WORK_CANCEL_SYNC, NONE},
	  {TA_IRQ_FREE, NONE},
	  {TA_TIMER_SHUTDOWN_SYNC, NONE}}},
	{TA_PROTO_UNLOCK_WAIT,
	 {{TA_TASKLET_UNLOCK_WAIT, NONE},
	  {NONE, NONE},
	  {NONE, NONE},
	  {TA_IRQ_SYNCHRONIZE, NONE},
	  {NONE, NONE}}},
};

/* Operations the explorer itself carries out, not a model. */
#define MOP_LOCK_BH 100
#define MOP_UNLOCK_BH 101

#define NA (TA_PROTO_MAX_ACTORS + TA_RC_NCPU + 1)

struct plan_op {
	enum ta_proto_opk kind;
	size_t pop; /* protocol operation index */
	int nm;     /* model calls; 0: no counterpart */
	int mop[2];
	const char *why; /* why there is no counterpart */
};

struct plan_actor {
	enum ta_actor_kind kind;
	enum ta_rc_ctx ctx;
	int cpu;
	size_t nops;
	struct plan_op ops[TA_PROTO_MAX_ACTOR_OPS];
};

struct plan {
	enum model_id mid;
	const struct ta_rc_model *m;
	struct plan_actor actors[NA];
	size_t nactors;
	int callback; /* index of the callback actor, -1 none */
	bool start_disabled;
	struct plan_op init_disable;
	unsigned max_resched;
};

/* The explored state: compared and hashed as bytes, so always zero-filled first. */
struct world {
	uint8_t m[TA_RC_STATE_MAX];
	uint8_t pc[NA], sub[NA], phase[NA];
	uint8_t entered[NA];       /* the current call was made and waited at once */
	uint8_t cb_pc[TA_RC_NCPU]; /* 0: not running; k: body op k-1 is next */
	uint8_t cb_sub[TA_RC_NCPU], cb_phase[TA_RC_NCPU], cb_prio[TA_RC_NCPU];
	uint8_t cb_entered[TA_RC_NCPU];
	uint8_t section[TA_RC_NCPU]; /* actor + 1 holding a spin_lock_bh section */
	uint8_t resched;
	int8_t ddepth;    /* the protocol's disable depth */
	uint8_t reqs;     /* runs owed to schedules, not started yet */
	uint8_t unserved; /* a schedule happened since the callback last started */
	uint8_t tags;     /* what the pending run has been through (TAG_*) */
	int8_t req_cpu;   /* the CPU of the schedule that made the pending run */
};

#define TAG_DIS 0x1
#define TAG_WDIS 0x2
#define TAG_KILL 0x4

enum ev_kind { EV_NONE, EV_ACTOR, EV_START, EV_BODY, EV_END };

struct ev {
	uint8_t kind;
	uint8_t actor;
	int8_t cpu;
	uint8_t ctx;
	int16_t mop; /* model call, MOP_* or NONE */
	int32_t pop; /* protocol operation, -1 none */
	const char *note;
};

struct node {
	struct world w;
	uint32_t parent;
	uint16_t depth;
	struct ev ev;
};

struct obsrec {
	bool seen;
	uint32_t node;
	struct ev ev;      /* the event that showed it (EV_NONE: at the node itself) */
	const char *final; /* a closing line for observations made at a final state */
};

struct explorer {
	const struct plan *plan;
	struct node *nodes;
	size_t n, cap;
	uint32_t *table;
	size_t tcap;
	size_t max_states;
	unsigned max_depth;
	bool truncated;
	struct obsrec obs[NOBS];
};

static uint64_t world_hash(const struct world *w)
{
	return ta_fnv1a(TA_FNV_INIT, w, sizeof(*w));
}

static void table_insert(uint32_t *table, size_t cap, const struct node *nodes, uint32_t idx)
{
	size_t h = (size_t)world_hash(&nodes[idx].w) & (cap - 1);

	while (table[h] != UINT32_MAX)
		h = (h + 1) & (cap - 1);
	table[h] = idx;
}

/* Add w as a new node unless it is known; true when added. */
static bool add_node(struct explorer *x, const struct world *w, uint32_t parent, uint16_t depth,
		     const struct ev *ev)
{
	size_t h;
	struct node nd;

	if (x->tcap == 0 || (x->n + 1) * 2 > x->tcap) {
		size_t ncap = x->tcap ? x->tcap * 2 : 1024;
		uint32_t *nt = xmalloc(ncap * sizeof(*nt));

		memset(nt, 0xff, ncap * sizeof(*nt));
		for (size_t i = 0; i < x->n; i++)
			table_insert(nt, ncap, x->nodes, (uint32_t)i);
		free(x->table);
		x->table = nt;
		x->tcap = ncap;
	}
	h = (size_t)world_hash(w) & (x->tcap - 1);
	while (x->table[h] != UINT32_MAX) {
		if (memcmp(&x->nodes[x->table[h]].w, w, sizeof(*w)) == 0)
			return false;
		h = (h + 1) & (x->tcap - 1);
	}
	if (x->n >= x->max_states) {
		x->truncated = true;
		return false;
	}
	nd.w = *w;
	nd.parent = parent;
	nd.depth = depth;
	nd.ev = *ev;
	TA_PUSH(x->nodes, x->n, x->cap, nd);
	x->table[h] = (uint32_t)(x->n - 1);
	return true;
}

static void observe(struct explorer *x, enum obs o, uint32_t node, const struct ev *ev,
		    const char *final)
{
	struct obsrec *r = &x->obs[o];

	if (r->seen)
		return;
	r->seen = true;
	r->node = node;
	if (ev)
		r->ev = *ev;
	else
		memset(&r->ev, 0, sizeof(r->ev));
	r->final = final;
}

/* The pending run's fate, for each thing it has been through. */
static void fate(struct explorer *x, unsigned tags, enum obs dis, enum obs wdis, enum obs kill,
		 uint32_t node, const struct ev *ev, const char *final)
{
	if (tags & TAG_DIS)
		observe(x, dis, node, ev, final);
	if (tags & TAG_WDIS)
		observe(x, wdis, node, ev, final);
	if (tags & TAG_KILL)
		observe(x, kill, node, ev, final);
}

static bool actor_started(const struct world *w, size_t a)
{
	return w->pc[a] || w->sub[a] || w->phase[a] || w->entered[a];
}

static bool actor_done(const struct plan *pl, const struct world *w, size_t a)
{
	return w->pc[a] >= pl->actors[a].nops;
}

/* The level an actor runs at on its CPU: 3 hard IRQ, 2 BH, 1 atomic, 0 preemptible. */
static int actor_level(const struct plan *pl, const struct world *w, size_t a)
{
	const struct plan_actor *pa = &pl->actors[a];

	switch (pa->ctx) {
	case TA_RC_HARDIRQ:
		return 3;
	case TA_RC_SOFTIRQ:
		return 2;
	case TA_RC_ATOMIC:
		return 1;
	default:
		return w->section[pa->cpu] == a + 1 ? 2 : 0;
	}
}

static int cb_level(const struct world *w, int cpu)
{
	return ta_rc_prio_ctx((enum ta_rc_prio)w->cb_prio[cpu]) == TA_RC_SOFTIRQ ? 2 : 0;
}

/* The highest level active on cpu and who holds it (actor, or NA + cpu for the callback). */
static int cpu_top(const struct plan *pl, const struct world *w, int cpu, size_t *owner)
{
	int top = 0;

	*owner = SIZE_MAX;
	for (size_t a = 0; a < pl->nactors; a++) {
		int l;

		if ((int)a == pl->callback || pl->actors[a].cpu != cpu)
			continue;
		if (!actor_started(w, a) || actor_done(pl, w, a))
			continue;
		l = actor_level(pl, w, a);
		if (l > top) {
			top = l;
			*owner = a;
		}
	}
	if (w->cb_pc[cpu] && cb_level(w, cpu) > top) {
		top = cb_level(w, cpu);
		*owner = NA + (size_t)cpu;
	}
	return top;
}

/* May an entity at level lvl (active or not) take a step on cpu? */
static bool may_step(const struct plan *pl, const struct world *w, int cpu, size_t who, int lvl,
		     bool active)
{
	size_t owner;
	int top = cpu_top(pl, w, cpu, &owner);

	if (lvl == 0)
		return top == 0;
	if (active)
		return owner == who;
	return lvl > top;
}

static bool drivers_done(const struct plan *pl, const struct world *w)
{
	for (size_t a = 0; a < pl->nactors; a++)
		if (pl->actors[a].kind == TA_ACTOR_DRIVER && !actor_done(pl, w, a))
			return false;
	return true;
}

static bool any_running(const struct world *w)
{
	for (int c = 0; c < TA_RC_NCPU; c++)
		if (w->cb_pc[c])
			return true;
	return false;
}

/* The context an actor's call runs in (a spin_lock_bh section is atomic). */
static enum ta_rc_ctx actor_ctx(const struct plan *pl, const struct world *w, size_t a)
{
	const struct plan_actor *pa = &pl->actors[a];

	if (pa->ctx == TA_RC_PROCESS && w->section[pa->cpu] == a + 1)
		return TA_RC_ATOMIC;
	return pa->ctx;
}

static bool is_disable(enum ta_proto_opk k)
{
	return k == TA_PROTO_DISABLE || k == TA_PROTO_DISABLE_NOSYNC ||
	       k == TA_PROTO_DISABLE_IN_ATOMIC;
}

/* Bookkeeping for the pending run after a model step with these flags. */
static void account(struct explorer *x, struct world *w, unsigned flags, int cpu, uint32_t parent,
		    const struct ev *ev)
{
	bool disabled = w->ddepth > 0;

	if (flags & TA_RC_F_DROPPED) {
		fate(x, w->tags, OBS_DIS_DROPPED, OBS_WDIS_DROPPED, OBS_KILL_DROPPED, parent, ev,
		     NULL);
		w->tags = 0;
		if (w->reqs)
			w->reqs--;
	}
	if (flags & (TA_RC_F_NEW | TA_RC_F_COALESCED | TA_RC_F_REJECTED))
		w->unserved = 1;
	if ((flags & TA_RC_F_COALESCED) && !w->reqs) {
		/* merged into a run queued without a schedule: that run serves it */
		w->reqs = 1;
		w->req_cpu = (int8_t)cpu;
	}
	if (flags & TA_RC_F_NEW) {
		if (w->reqs)
			observe(x, OBS_UNCOALESCED, parent, ev, NULL);
		else
			w->req_cpu = (int8_t)cpu;
		if (w->reqs < UINT8_MAX)
			w->reqs++;
	}
	if (!x->plan->m->pending(w->m))
		w->reqs = 0;
	if (disabled && (flags & (TA_RC_F_NEW | TA_RC_F_COALESCED)))
		w->tags |= TAG_WDIS;
	if (disabled && (flags & TA_RC_F_REJECTED))
		observe(x, OBS_WDIS_DROPPED, parent, ev, NULL);
}

/* The call of op is made: what the pending run goes through, context rules. */
static void enter_call(struct explorer *x, const struct node *from, uint32_t from_idx,
		       struct world *w, const struct plan_op *op, enum ta_rc_ctx ctx, bool body,
		       const struct ev *ev)
{
	const struct ta_rc_opinfo *oi = &x->plan->m->ops[op->mop[0]];

	if (!(oi->ctx_ok & TA_RC_CTXBIT(ctx))) {
		struct ev why = *ev; /* the trace says which rule the call breaks */

		why.note = oi->rule;
		observe(x,
			oi->wait == TA_RC_SLEEPS && ctx != TA_RC_PROCESS ? OBS_SLEEP_IN_ATOMIC
									 : OBS_BAD_CONTEXT,
			from_idx, &why, NULL);
	}
	if (is_disable(op->kind)) {
		if (from->w.reqs)
			w->tags |= TAG_DIS;
		w->ddepth++;
	} else if (op->kind == TA_PROTO_ENABLE) {
		w->ddepth--;
	} else if (op->kind == TA_PROTO_KILL && from->w.reqs) {
		w->tags |= TAG_KILL;
	}
	if (body && (op->kind == TA_PROTO_SCHEDULE || op->kind == TA_PROTO_HI_SCHEDULE))
		w->resched++;
}

/*
 * One step of operation op, by an actor (or the callback body) at
 * (*pc, *sub, *phase, *entered) in context ctx on cpu.  Returns false when
 * the step cannot be taken (the call waits).  A call whose first step waits
 * is first "made" by a step of its own, so that what its caller did at that
 * moment is recorded.
 */
static bool op_step(struct explorer *x, const struct node *from, uint32_t from_idx, struct world *w,
		    const struct plan_op *op, uint8_t *pc, uint8_t *sub, uint8_t *phase,
		    uint8_t *entered, int cpu, enum ta_rc_ctx ctx, size_t actor, bool body,
		    struct ev *ev)
{
	const struct plan *pl = x->plan;
	const struct ta_rc_model *m = pl->m;
	struct ta_rc_step s;
	bool first = *sub == 0 && *phase == 0 && !*entered;

	ev->kind = body ? EV_BODY : EV_ACTOR;
	ev->actor = (uint8_t)actor;
	ev->cpu = (int8_t)cpu;
	ev->ctx = (uint8_t)ctx;
	ev->pop = (int32_t)op->pop;

	if (op->kind == TA_PROTO_SPIN_LOCK_BH || op->kind == TA_PROTO_SPIN_UNLOCK_BH) {
		bool lock = op->kind == TA_PROTO_SPIN_LOCK_BH;

		ev->mop = lock ? MOP_LOCK_BH : MOP_UNLOCK_BH;
		ev->note = lock ? "bottom halves disabled on this CPU" : "bottom halves enabled";
		w->section[cpu] = lock ? (uint8_t)(actor + 1) : 0;
		if (lock && w->cb_pc[cpu]) {
			ev->note =
				"bottom halves disabled, but the callback is mid-run on this CPU";
			observe(x, OBS_BH_EXCL_BROKEN, from_idx, ev, NULL);
		}
		(*pc)++;
		return true;
	}
	if (body && (op->kind == TA_PROTO_SCHEDULE || op->kind == TA_PROTO_HI_SCHEDULE) && first &&
	    w->resched >= pl->max_resched) {
		ev->mop = NONE;
		ev->note = "not called: the self re-schedule bound is reached";
		(*pc)++;
		return true;
	}
	if (op->nm == 0) {
		ev->mop = NONE;
		ev->note = op->why;
		observe(x, OBS_UNMAPPED, from_idx, ev, NULL);
		if (first && is_disable(op->kind))
			w->ddepth++;
		else if (first && op->kind == TA_PROTO_ENABLE)
			w->ddepth--;
		(*pc)++;
		return true;
	}

	ev->mop = (int16_t)op->mop[*sub];
	s = m->op(w->m, (unsigned)op->mop[*sub], *phase, cpu);
	ev->note = s.note;
	if (s.status == TA_RC_WAIT) {
		if (!first)
			return false;
		enter_call(x, from, from_idx, w, op, ctx, body, ev);
		*entered = 1;
		return true;
	}
	if (first)
		enter_call(x, from, from_idx, w, op, ctx, body, ev);
	account(x, w, s.flags, cpu, from_idx, ev);

	if (s.status == TA_RC_MORE) {
		(*phase)++;
		return true;
	}
	*phase = 0;
	if (++*sub < op->nm)
		return true;
	*sub = 0;
	*entered = 0;
	(*pc)++;
	/* The call returned: what may its caller assume? */
	if (is_disable(op->kind) && any_running(w))
		observe(x, OBS_DIS_RET_RUNNING, from_idx, ev, NULL);
	if (op->kind == TA_PROTO_KILL) {
		if (any_running(w))
			observe(x, OBS_KILL_RET_RUNNING, from_idx, ev, NULL);
		if (m->pending(w->m))
			observe(x, OBS_KILL_RET_PENDING, from_idx, ev, NULL);
	}
	return true;
}

static const enum obs prio_obs[TA_RC_NPRIO] = {
	[TA_RC_PRIO_HI_SOFTIRQ] = OBS_PRIO_HI,
	[TA_RC_PRIO_TIMER_SOFTIRQ] = OBS_PRIO_TIMER,
	[TA_RC_PRIO_TASKLET_SOFTIRQ] = OBS_PRIO_TASKLET,
	[TA_RC_PRIO_IRQ_THREAD] = OBS_PRIO_THREAD,
	[TA_RC_PRIO_KWORKER] = OBS_PRIO_KWORKER,
};

/* The callback starts on cpu. */
static void on_start(struct explorer *x, struct world *w, int cpu, enum ta_rc_prio prio,
		     uint32_t from_idx, const struct ev *ev)
{
	observe(x, ta_rc_prio_ctx(prio) == TA_RC_SOFTIRQ ? OBS_CTX_SOFTIRQ : OBS_CTX_PROCESS,
		from_idx, ev, NULL);
	observe(x, prio_obs[prio], from_idx, ev, NULL);
	if (w->cb_pc[!cpu])
		observe(x, OBS_CONCURRENT, from_idx, ev, NULL);
	if (!w->reqs) {
		observe(x, OBS_SPURIOUS, from_idx, ev, NULL);
	} else {
		observe(x, w->req_cpu == cpu ? OBS_CPU_SAME : OBS_CPU_OTHER, from_idx, ev, NULL);
		w->reqs--;
	}
	fate(x, w->tags, OBS_DIS_RAN, OBS_WDIS_RAN, OBS_KILL_RAN, from_idx, ev, NULL);
	w->tags = 0;
	w->unserved = w->reqs > 0;
	w->cb_pc[cpu] = 1;
	w->cb_sub[cpu] = 0;
	w->cb_entered[cpu] = 0;
	w->cb_phase[cpu] = 0;
	w->cb_prio[cpu] = (uint8_t)prio;
}

/* Expand node idx: add its successors; true when it has any. */
static bool expand(struct explorer *x, uint32_t idx)
{
	const struct plan *pl = x->plan;
	const struct ta_rc_model *m = pl->m;
	struct node from = x->nodes[idx]; /* a copy: add_node() may move the array */
	uint16_t depth = (uint16_t)(from.depth + 1);
	bool any = false;

	/* Driver and remove actors. */
	for (size_t a = 0; a < pl->nactors; a++) {
		const struct plan_actor *pa = &pl->actors[a];
		struct world w = from.w;
		struct ev ev = {0};
		bool active;

		if ((int)a == pl->callback || actor_done(pl, &w, a))
			continue;
		if (pa->kind == TA_ACTOR_REMOVE && !drivers_done(pl, &w))
			continue;
		active = actor_started(&w, a);
		if (!may_step(pl, &w, pa->cpu, a, actor_level(pl, &w, a), active))
			continue;
		if (!op_step(x, &from, idx, &w, &pa->ops[w.pc[a]], &w.pc[a], &w.sub[a], &w.phase[a],
			     &w.entered[a], pa->cpu, actor_ctx(pl, &from.w, a), a, false, &ev))
			continue;
		any = true;
		add_node(x, &w, idx, depth, &ev);
	}
	for (int cpu = 0; cpu < TA_RC_NCPU; cpu++) {
		struct world w = from.w;
		struct ev ev = {0};
		enum ta_rc_prio prio;
		const char *note = NULL;

		if (!w.cb_pc[cpu]) {
			/* The model's start event. */
			if (!m->start(w.m, cpu, &prio, &note))
				continue;
			if (!may_step(pl, &from.w, cpu, NA + (size_t)cpu,
				      ta_rc_prio_ctx(prio) == TA_RC_SOFTIRQ ? 2 : 0, false))
				continue;
			ev.kind = EV_START;
			ev.cpu = (int8_t)cpu;
			ev.ctx = (uint8_t)ta_rc_prio_ctx(prio);
			ev.mop = (int16_t)prio;
			ev.pop = -1;
			ev.note = note;
			on_start(x, &w, cpu, prio, idx, &ev);
			any = true;
			add_node(x, &w, idx, depth, &ev);
			continue;
		}
		if (!may_step(pl, &w, cpu, NA + (size_t)cpu, cb_level(&w, cpu), true))
			continue;
		if (pl->callback >= 0 && w.cb_pc[cpu] - 1 < (int)pl->actors[pl->callback].nops) {
			/* The next operation of the callback's body. */
			const struct plan_actor *cb = &pl->actors[pl->callback];
			uint8_t bpc = (uint8_t)(w.cb_pc[cpu] - 1);
			enum ta_rc_ctx ctx = ta_rc_prio_ctx((enum ta_rc_prio)w.cb_prio[cpu]);

			if (!op_step(x, &from, idx, &w, &cb->ops[bpc], &bpc, &w.cb_sub[cpu],
				     &w.cb_phase[cpu], &w.cb_entered[cpu], cpu, ctx,
				     (size_t)pl->callback, true, &ev))
				continue;
			w.cb_pc[cpu] = (uint8_t)(bpc + 1);
			any = true;
			add_node(x, &w, idx, depth, &ev);
			continue;
		}
		/* The callback returns. */
		m->end(w.m, cpu, &note);
		w.cb_pc[cpu] = 0;
		w.cb_prio[cpu] = 0;
		ev.kind = EV_END;
		ev.cpu = (int8_t)cpu;
		ev.ctx = (uint8_t)ta_rc_prio_ctx((enum ta_rc_prio)from.w.cb_prio[cpu]);
		ev.mop = NONE;
		ev.pop = -1;
		ev.note = note;
		any = true;
		add_node(x, &w, idx, depth, &ev);
	}
	return any;
}

/* A state with no successor: everything has quiesced, or something waits forever. */
static void final_state(struct explorer *x, uint32_t idx)
{
	const struct plan *pl = x->plan;
	const struct world *w = &x->nodes[idx].w;
	bool stuck = any_running(w);

	for (size_t a = 0; a < pl->nactors && !stuck; a++)
		if ((int)a != pl->callback && !actor_done(pl, w, a))
			stuck = true;
	if (stuck)
		observe(x, OBS_HANG, idx, NULL,
			"no further event is possible: a call never returns");
	fate(x, w->tags, OBS_DIS_KEPT, OBS_WDIS_KEPT, OBS_KILL_KEPT, idx, NULL,
	     stuck ? "no further event is possible: the pending run never runs"
		   : "all done: the pending run never runs");
	if (w->unserved)
		observe(x, OBS_LOST, idx, NULL,
			stuck ? "no further event is possible: the last schedule never ran"
			      : "all done: the last schedule never ran");
}

static void explore(struct explorer *x)
{
	const struct plan *pl = x->plan;
	struct world w;
	struct ev ev = {0};

	memset(&w, 0, sizeof(w));
	pl->m->init(w.m);
	w.req_cpu = -1;
	if (pl->start_disabled) {
		/* DECLARE_TASKLET_DISABLED: count 1 (disable_work() at init, ...). */
		const struct plan_op *op = &pl->init_disable;

		for (int i = 0; i < op->nm; i++) {
			struct ta_rc_step s;
			unsigned phase = 0;

			do
				s = pl->m->op(w.m, (unsigned)op->mop[i], phase++, 0);
			while (s.status == TA_RC_MORE);
		}
		w.ddepth = 1;
	}
	ev.kind = EV_NONE;
	ev.pop = -1;
	add_node(x, &w, UINT32_MAX, 0, &ev);
	if (pl->start_disabled && pl->init_disable.nm == 0)
		observe(x, OBS_UNMAPPED, 0, NULL,
			"the tasklet starts disabled (DECLARE_TASKLET_DISABLED): no counterpart");
	for (size_t i = 0; i < x->n; i++) {
		if (x->nodes[i].depth >= x->max_depth) {
			x->truncated = true;
			continue;
		}
		if (!expand(x, (uint32_t)i))
			final_state(x, (uint32_t)i);
	}
}

/* Fill op with the calls protocol operation kind becomes on model mid. */
static void map_op(enum model_id mid, enum ta_proto_opk kind, size_t pop, enum ta_rc_ctx ctx,
		   bool hi, bool eaq, struct plan_op *op)
{
	int key = kind;

	memset(op, 0, sizeof(*op));
	op->kind = kind;
	op->pop = pop;
	if (kind == TA_PROTO_SPIN_LOCK_BH || kind == TA_PROTO_SPIN_UNLOCK_BH) {
		op->nm = 1;
		op->mop[0] = kind == TA_PROTO_SPIN_LOCK_BH ? MOP_LOCK_BH : MOP_UNLOCK_BH;
		return;
	}
	if (hi && kind == TA_PROTO_SCHEDULE)
		key = TA_PROTO_HI_SCHEDULE;
	if (eaq && kind == TA_PROTO_ENABLE)
		key = MAP_ENABLE_Q;
	for (size_t i = 0; i < sizeof(map_table) / sizeof(*map_table); i++) {
		const struct map_row *r = &map_table[i];

		if (r->op != key)
			continue;
		for (int j = 0; j < 2 && r->mop[mid][j] != NONE; j++)
			op->mop[op->nm++] = r->mop[mid][j];
		break;
	}
	if (op->nm == 0) {
		op->why = "no counterpart: needs a manual rewrite";
		return;
	}
	/* A thread is woken by returning IRQ_WAKE_THREAD from the primary handler only. */
	if (mid == M_IRQ && op->mop[0] == TA_IRQ_HANDLER && ctx != TA_RC_HARDIRQ) {
		op->nm = 0;
		op->why =
			"no counterpart: only the primary handler of the interrupt can wake the thread";
	}
}

static bool has_explicit_sections(const ta_protocol *p)
{
	for (size_t i = 0; i < ta_protocol_nops(p); i++)
		if (ta_protocol_op(p, i)->kind == TA_PROTO_SPIN_LOCK_BH)
			return true;
	return false;
}

static void build_plan(const ta_protocol *p, enum model_id mid, const struct ta_rc_opts *o,
		       struct plan *pl)
{
	bool hi = ta_protocol_hi(p), eaq = ta_protocol_enable_and_queue(p);
	bool sched_cpu[TA_RC_NCPU] = {false};

	memset(pl, 0, sizeof(*pl));
	pl->mid = mid;
	pl->m = models[mid];
	pl->callback = -1;
	pl->max_resched = o->max_resched;
	for (size_t i = 0; i < ta_protocol_nactors(p); i++) {
		const struct ta_proto_actor *a = ta_protocol_actor(p, i);
		struct plan_actor *pa = &pl->actors[pl->nactors];
		/* The callback's context is the model's; map it as the tasklet's softirq,
		 * the IRQ rule only looks at hard-IRQ callers. */
		enum ta_rc_ctx ctx = a->kind == TA_ACTOR_CALLBACK ? TA_RC_SOFTIRQ : a->ctx;

		pa->kind = a->kind;
		pa->ctx = a->kind == TA_ACTOR_CALLBACK ? TA_RC_SOFTIRQ : a->ctx;
		pa->cpu = a->cpu;
		pa->nops = a->nops;
		for (size_t j = 0; j < a->nops; j++) {
			const struct ta_proto_op *op = ta_protocol_op(p, a->ops[j]);

			map_op(mid, op->kind, a->ops[j], ctx, hi, eaq, &pa->ops[j]);
			if (a->kind == TA_ACTOR_DRIVER &&
			    (op->kind == TA_PROTO_SCHEDULE || op->kind == TA_PROTO_HI_SCHEDULE))
				sched_cpu[a->cpu] = true;
		}
		if (a->kind == TA_ACTOR_CALLBACK)
			pl->callback = (int)pl->nactors;
		pl->nactors++;
	}
	if (ta_protocol_shared_bh(p) && !has_explicit_sections(p)) {
		/* The implicit spin_lock_bh() sections, one per scheduling CPU. */
		if (!sched_cpu[0] && !sched_cpu[1])
			sched_cpu[0] = true;
		for (int c = 0; c < TA_RC_NCPU; c++) {
			struct plan_actor *pa;

			if (!sched_cpu[c])
				continue;
			pa = &pl->actors[pl->nactors++];
			pa->kind = TA_ACTOR_DRIVER;
			pa->ctx = TA_RC_PROCESS;
			pa->cpu = c;
			pa->nops = 2;
			map_op(mid, TA_PROTO_SPIN_LOCK_BH, ta_protocol_shared_op(p), TA_RC_PROCESS,
			       false, false, &pa->ops[0]);
			map_op(mid, TA_PROTO_SPIN_UNLOCK_BH, ta_protocol_shared_op(p),
			       TA_RC_PROCESS, false, false, &pa->ops[1]);
		}
	}
	pl->start_disabled = ta_protocol_start_disabled(p);
	map_op(mid, TA_PROTO_DISABLE_NOSYNC, SIZE_MAX, TA_RC_PROCESS, false, false,
	       &pl->init_disable);
}

/* A trace line for event ev. */
static char *event_line(const struct plan *pl, const ta_protocol *p, const struct ev *ev)
{
	const struct ta_rc_model *m = pl->m;
	const struct ta_proto_op *pop = ev->pop >= 0 ? ta_protocol_op(p, (size_t)ev->pop) : NULL;
	ta_buf b = {0};

	switch (ev->kind) {
	case EV_ACTOR: {
		const struct plan_actor *pa = &pl->actors[ev->actor];

		if (pa->kind == TA_ACTOR_REMOVE)
			ta_buf_printf(&b, "cpu%d remove: ", ev->cpu);
		else
			ta_buf_printf(&b, "cpu%d %s: ", ev->cpu,
				      ta_rc_ctx_name((enum ta_rc_ctx)ev->ctx));
		break;
	}
	case EV_BODY:
		ta_buf_printf(&b, "cpu%d callback (%s): ", ev->cpu,
			      ta_rc_ctx_name((enum ta_rc_ctx)ev->ctx));
		break;
	case EV_START:
		ta_buf_printf(&b, "cpu%d %s: callback starts from %s", ev->cpu, m->runner,
			      ta_rc_prio_name((enum ta_rc_prio)ev->mop));
		break;
	case EV_END:
		ta_buf_printf(&b, "cpu%d %s: callback returns", ev->cpu, m->runner);
		break;
	default:
		break;
	}
	if (ev->kind == EV_ACTOR || ev->kind == EV_BODY) {
		if (ev->mop == MOP_LOCK_BH || ev->mop == MOP_UNLOCK_BH)
			ta_buf_puts(&b,
				    ev->mop == MOP_LOCK_BH ? "spin_lock_bh()" : "spin_unlock_bh()");
		else if (ev->mop >= 0 && (unsigned)ev->mop < m->nops)
			ta_buf_printf(&b, "%s()", m->ops[ev->mop].name);
		else if (pop)
			ta_buf_printf(&b, "%s()", ta_proto_op_api(pop->kind));
	}
	if (ev->note)
		ta_buf_printf(&b, " -- %s", ev->note);
	if (pop && pop->site)
		ta_buf_printf(&b, " [%s]", pop->site);
	return ta_buf_steal(&b);
}

static void trace_push(struct ta_rc_trace *t, size_t *cap, char *line)
{
	TA_PUSH(t->lines, t->n, *cap, line);
}

/* The trace of an observation: the path to its node, then its event or closing line. */
static void build_trace(const struct explorer *x, const ta_protocol *p, enum obs o,
			struct ta_rc_trace *t, size_t **ops, size_t *nops, size_t *ops_cap)
{
	const struct obsrec *r = &x->obs[o];
	struct ev *evs = NULL;
	size_t n = 0, cap = 0, tcap = 0;

	memset(t, 0, sizeof(*t));
	if (r->ev.kind != EV_NONE)
		TA_PUSH(evs, n, cap, r->ev);
	for (uint32_t i = r->node; i != UINT32_MAX && x->nodes[i].parent != UINT32_MAX;
	     i = x->nodes[i].parent)
		TA_PUSH(evs, n, cap, x->nodes[i].ev);
	for (size_t i = n; i-- > 0;) {
		char *line = event_line(x->plan, p, &evs[i]);

		trace_push(t, &tcap, xasprintf("%zu. %s", n - i, line));
		free(line);
		if (evs[i].pop >= 0) {
			bool known = false;

			for (size_t k = 0; k < *nops; k++)
				known |= (*ops)[k] == (size_t)evs[i].pop;
			if (!known)
				TA_PUSH(*ops, *nops, *ops_cap, (size_t)evs[i].pop);
		}
	}
	if (r->final)
		trace_push(t, &tcap, xasprintf("%zu. %s", n + 1, r->final));
	free(evs);
}

static void free_trace(struct ta_rc_trace *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	memset(t, 0, sizeof(*t));
}

static void free_difference(struct ta_rc_difference *d)
{
	free(d->explanation);
	free_trace(&d->trace);
	free_trace(&d->other_trace);
	free(d->ops);
}

/*
 * Two observations of one property that a model makes in different runs,
 * said as one thing: "the callback runs on the CPU that scheduled it, and
 * the callback can run on another CPU" read as a contradiction.
 */
static const struct {
	enum obs a, b;
	const char *both;
} obs_pairs[] = {
	{OBS_CPU_SAME, OBS_CPU_OTHER,
	 "the callback can run on the CPU that scheduled it or on another"},
	{OBS_WDIS_RAN, OBS_WDIS_KEPT,
	 "a schedule while disabled stays pending and runs once enabled"},
	{OBS_DIS_RAN, OBS_DIS_KEPT, "a run pending at disable stays pending and runs once enabled"},
	{OBS_KILL_RAN, OBS_KILL_KEPT,
	 "a run pending at kill still runs, and while the tasklet is disabled it never runs and "
	 "kill waits for it"},
	{OBS_PRIO_HI, OBS_PRIO_TASKLET,
	 "the callback runs from HI_SOFTIRQ or from TASKLET_SOFTIRQ, depending on the schedule"},
};

/* The descriptions of the observations of prop in set, said once, or the none phrase. */
static void describe(ta_buf *b, enum ta_rc_prop prop, const bool *set)
{
	bool first = true;
	int n = 0;

	for (int o = 0; o < NOBS; o++)
		n += obs_info[o].prop == prop && set[o];
	for (size_t i = 0; n == 2 && i < sizeof(obs_pairs) / sizeof(*obs_pairs); i++) {
		if (obs_info[obs_pairs[i].a].prop == prop && set[obs_pairs[i].a] &&
		    set[obs_pairs[i].b]) {
			ta_buf_puts(b, obs_pairs[i].both);
			return;
		}
	}
	for (int o = 0; o < NOBS; o++) {
		if (obs_info[o].prop != prop || !set[o])
			continue;
		ta_buf_printf(b, "%s%s", first ? "" : "; or ", obs_info[o].desc);
		first = false;
	}
	if (first)
		ta_buf_puts(b, prop_none[prop]);
}

/* The first observation of prop in a but not in b, or NOBS. */
static int first_only(enum ta_rc_prop prop, const bool *a, const bool *b)
{
	for (int o = 0; o < NOBS; o++)
		if (obs_info[o].prop == prop && a[o] && !b[o])
			return o;
	return NOBS;
}

static bool has_bad(enum ta_rc_prop prop, const bool *set)
{
	for (int o = 0; o < NOBS; o++)
		if (obs_info[o].prop == prop && obs_info[o].bad && set[o])
			return true;
	return false;
}

static void make_entry(struct ta_rc_difference *d, enum ta_rc_prop prop, const ta_protocol *p,
		       const struct explorer *xs[2], const bool *sets[2], int side, int o,
		       int other_o, const char *target)
{
	ta_buf b = {0};
	size_t cap = 0;

	memset(d, 0, sizeof(*d));
	d->prop = prop;
	d->observation = obs_info[o].name;
	d->property = ta_rc_prop_name(prop);
	ta_buf_puts(&b, "with the tasklet, ");
	describe(&b, prop, sets[0]);
	ta_buf_printf(&b, "; with %s, ", target);
	describe(&b, prop, sets[1]);
	ta_buf_putc(&b, '.');
	d->explanation = ta_buf_steal(&b);
	d->trace_model = side ? target : "tasklet";
	build_trace(xs[side], p, (enum obs)o, &d->trace, &d->ops, &d->nops, &cap);
	if (other_o < NOBS) {
		d->other_model = side ? "tasklet" : target;
		build_trace(xs[!side], p, (enum obs)other_o, &d->other_trace, &d->ops, &d->nops,
			    &cap);
	}
}

static void compare(ta_rc_result *r, const ta_protocol *p, const struct explorer *xs[2])
{
	bool set[2][NOBS];
	const bool *sets[2] = {set[0], set[1]};
	const char *target = ta_rc_target_name(r->target);
	size_t dcap = 0, hcap = 0;
	bool unsafe = false;

	for (int s = 0; s < 2; s++)
		for (int o = 0; o < NOBS; o++)
			set[s][o] = xs[s]->obs[o].seen;
	for (int prop = 0; prop < TA_RC_NPROPS; prop++) {
		int only_r = first_only((enum ta_rc_prop)prop, set[1], set[0]);
		int only_t = first_only((enum ta_rc_prop)prop, set[0], set[1]);
		struct ta_rc_difference d;

		if (has_bad((enum ta_rc_prop)prop, set[1]))
			unsafe = true;
		if (only_r == NOBS && only_t == NOBS) {
			int o;

			if (!has_bad((enum ta_rc_prop)prop, set[1]))
				continue;
			/* The same violation on both sides: a hazard the conversion keeps. */
			for (o = 0; o < NOBS; o++)
				if ((int)obs_info[o].prop == prop && obs_info[o].bad && set[1][o])
					break;
			make_entry(&d, (enum ta_rc_prop)prop, p, xs, sets, 1, o, o, target);
			d.safety = true;
			TA_PUSH(r->hazards, r->nhazards, hcap, d);
			continue;
		}
		if (only_r < NOBS)
			make_entry(&d, (enum ta_rc_prop)prop, p, xs, sets, 1, only_r, only_t,
				   target);
		else
			make_entry(&d, (enum ta_rc_prop)prop, p, xs, sets, 0, only_t, NOBS, target);
		d.safety = props[prop].safety && has_bad((enum ta_rc_prop)prop, set[1]) &&
			   only_r < NOBS && obs_info[only_r].bad;
		TA_PUSH(r->differences, r->ndifferences, dcap, d);
	}
	r->verdict = unsafe ? TA_RC_UNSAFE : r->ndifferences ? TA_RC_DIFFERS : TA_RC_EQUIVALENT;
}

static void explorer_free(struct explorer *x)
{
	free(x->nodes);
	free(x->table);
}

ta_rc_result *ta_rc_check(const ta_protocol *p, enum ta_rc_target to, const struct ta_rc_opts *opts)
{
	static const enum model_id target_model[TA_RC_NTARGETS] = {
		[TA_RC_TO_BH] = M_BH,
		[TA_RC_TO_WQ] = M_WQ,
		[TA_RC_TO_THREADED_IRQ] = M_IRQ,
		[TA_RC_TO_TIMER] = M_TIMER,
	};
	struct ta_rc_opts o = TA_RC_OPTS_DEFAULT;
	struct plan *plans;
	struct explorer xs[2];
	const struct explorer *cx[2] = {&xs[0], &xs[1]};
	ta_rc_result *r;

	if (!p || (unsigned)to >= TA_RC_NTARGETS || ta_protocol_validate(p, NULL) != 0)
		return NULL;
	if (opts)
		o = *opts;
	if (o.max_depth == 0 || o.max_depth > UINT16_MAX - 1)
		o.max_depth = UINT16_MAX - 1;
	if (o.max_states == 0 || o.max_states > UINT32_MAX - 1)
		o.max_states = UINT32_MAX - 1;
	if (o.max_resched > UINT8_MAX)
		o.max_resched = UINT8_MAX;
	plans = xcalloc(2, sizeof(*plans));
	build_plan(p, M_TASKLET, &o, &plans[0]);
	build_plan(p, target_model[to], &o, &plans[1]);
	memset(xs, 0, sizeof(xs));
	for (int s = 0; s < 2; s++) {
		xs[s].plan = &plans[s];
		xs[s].max_depth = o.max_depth;
		xs[s].max_states = o.max_states;
		explore(&xs[s]);
	}
	r = xcalloc(1, sizeof(*r));
	r->target = to;
	r->states_tasklet = xs[0].n;
	r->states_replacement = xs[1].n;
	r->states_explored = xs[0].n + xs[1].n;
	r->bound_depth = o.max_depth;
	r->bound_states = o.max_states;
	r->bound_resched = o.max_resched;
	r->complete = !xs[0].truncated && !xs[1].truncated;
	compare(r, p, cx);
	explorer_free(&xs[0]);
	explorer_free(&xs[1]);
	free(plans);
	return r;
}

void ta_rc_result_free(ta_rc_result **rp)
{
	ta_rc_result *r;

	if (!rp || !*rp)
		return;
	r = *rp;
	for (size_t i = 0; i < r->ndifferences; i++)
		free_difference(&r->differences[i]);
	for (size_t i = 0; i < r->nhazards; i++)
		free_difference(&r->hazards[i]);
	free(r->differences);
	free(r->hazards);
	free(r);
	*rp = NULL;
}

const struct ta_rc_difference *ta_rc_result_find(const ta_rc_result *r, enum ta_rc_prop prop)
{
	if (!r)
		return NULL;
	for (size_t i = 0; i < r->ndifferences; i++)
		if (r->differences[i].prop == prop)
			return &r->differences[i];
	for (size_t i = 0; i < r->nhazards; i++)
		if (r->hazards[i].prop == prop)
			return &r->hazards[i];
	return NULL;
}

static void render_entry(ta_buf *b, const ta_protocol *p, const struct ta_rc_difference *d,
			 const char *what, size_t n)
{
	ta_buf_printf(b, "\n%s %zu: %s%s -- %s\n", what, n, d->property,
		      d->safety ? " (safety)" : "", props[d->prop].about);
	ta_buf_printf(b, "  %s\n", d->explanation);
	if (d->nops) {
		ta_buf_puts(b, "  operations:");
		for (size_t i = 0; i < d->nops; i++) {
			const struct ta_proto_op *op = ta_protocol_op(p, d->ops[i]);

			if (op)
				ta_buf_printf(b, "%s %s (%s)", i ? "," : "", op->site,
					      ta_proto_op_name(op->kind));
		}
		ta_buf_putc(b, '\n');
	}
	ta_buf_printf(b, "  trace on %s:\n", d->trace_model);
	for (size_t i = 0; i < d->trace.n; i++)
		ta_buf_printf(b, "    %s\n", d->trace.lines[i]);
	if (d->other_model && d->other_trace.n) {
		ta_buf_printf(b, "  trace on %s:\n", d->other_model);
		for (size_t i = 0; i < d->other_trace.n; i++)
			ta_buf_printf(b, "    %s\n", d->other_trace.lines[i]);
	}
}

char *ta_rc_result_render(const ta_rc_result *r, const ta_protocol *p)
{
	ta_buf b = {0};

	if (!r || !p)
		return NULL;
	ta_buf_printf(&b, "protocol: %s\n", ta_protocol_file(p));
	ta_buf_printf(&b, "target: %s\n", ta_rc_target_name(r->target));
	ta_buf_printf(&b,
		      "bound: %u events per trace, %zu states per model, %u self re-schedules\n",
		      r->bound_depth, r->bound_states, r->bound_resched);
	ta_buf_printf(&b, "states explored: %zu (tasklet %zu, %s %zu)%s\n", r->states_explored,
		      r->states_tasklet, ta_rc_target_name(r->target), r->states_replacement,
		      r->complete ? "" : ", search cut short by the bound");
	ta_buf_printf(&b, "verdict: %s\n", ta_rc_verdict_name(r->verdict));
	for (size_t i = 0; i < r->ndifferences; i++)
		render_entry(&b, p, &r->differences[i], "difference", i + 1);
	for (size_t i = 0; i < r->nhazards; i++)
		render_entry(&b, p, &r->hazards[i], "hazard kept", i + 1);
	return ta_buf_steal(&b);
}
