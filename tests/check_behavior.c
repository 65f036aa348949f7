// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_behavior.c - the behaviour verdicts on the classified corpus: the
 * usage protocol built from each case's real facts (operations, contexts
 * and source lines), the differences the facts imply (kill on a remove
 * path, a disable/enable pair, spin_lock_bh exclusion, tasklet_disable in
 * atomic context), the not-checked cases, the caps and notes on hand-made
 * tasklets, bad arguments, the reports, and a golden dump of every corpus
 * tasklet (corpus/behavior.expected, reviewed by hand).
 */
#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "classify.h"
#include "relevance.h"
#include "rules.h"
#include "testutil.h"

static const ta_tasklet *get(const char *key)
{
	const ta_tasklet *t = tu_find(tu_classified(), key);

	ck_assert_msg(t != NULL, "no tasklet '%s'", key);
	return t;
}

/* The checker's verdict for a corpus tasklet, for its recommendation or mechanism. */
static ta_behavior *check(const char *key, const char *mechanism)
{
	const ta_tasklet *t = get(key);
	ta_behavior *b = ta_behavior_check(
		t, mechanism ? mechanism : ta_classification_of(t)->rec.mechanism, NULL);

	ck_assert_ptr_nonnull(b);
	return b;
}

static const struct ta_behavior_diff *diff(const ta_behavior *b, const char *property)
{
	for (size_t i = 0; i < b->n_diffs; i++)
		if (strcmp(b->diffs[i].property, property) == 0)
			return &b->diffs[i];
	return NULL;
}

static const struct ta_behavior_diff *hazard(const ta_behavior *b, const char *property)
{
	for (size_t i = 0; i < b->n_hazards; i++)
		if (strcmp(b->hazards[i].property, property) == 0)
			return &b->hazards[i];
	return NULL;
}

static bool has_line(const struct ta_behavior_diff *d, const char *line)
{
	for (size_t i = 0; d && i < d->n_lines; i++)
		if (strcmp(d->lines[i], line) == 0)
			return true;
	return false;
}

static bool has_note(const ta_behavior *b, const char *part)
{
	for (size_t i = 0; i < b->n_notes; i++)
		if (strstr(b->notes[i], part))
			return true;
	return false;
}

/* Some trace line of d (either model) contains part. */
static bool trace_has(const struct ta_behavior_diff *d, const char *part)
{
	for (size_t i = 0; d && i < d->n_trace; i++)
		if (strstr(d->trace[i], part))
			return true;
	for (size_t i = 0; d && i < d->n_other_trace; i++)
		if (strstr(d->other_trace[i], part))
			return true;
	return false;
}

START_TEST(test_targets)
{
	enum ta_rc_target to = TA_RC_NTARGETS;

	ck_assert_int_eq(ta_behavior_target("bh_workqueue", &to), 0);
	ck_assert_int_eq(to, TA_RC_TO_BH);
	ck_assert_int_eq(ta_behavior_target("workqueue", &to), 0);
	ck_assert_int_eq(to, TA_RC_TO_WQ);
	ck_assert_int_eq(ta_behavior_target("threaded_irq", &to), 0);
	ck_assert_int_eq(to, TA_RC_TO_THREADED_IRQ);
	ck_assert_int_eq(ta_behavior_target("timer", NULL), 0);
	ck_assert_int_eq(ta_behavior_target("manual", &to), -1);
	ck_assert_int_eq(ta_behavior_target("bh", &to), -1);
	ck_assert_int_eq(ta_behavior_target(NULL, &to), -1);
}
END_TEST

/* An ISR bottom half killed on remove: kill is not cancel (known difference a). */
START_TEST(test_isr_bh_kill_on_remove)
{
	ta_behavior *b = check("classify/isr_bh.c:struct ib_dev.bh", NULL);
	const struct ta_behavior_diff *d;

	ck_assert_str_eq(b->target, "bh");
	ck_assert_str_eq(b->protocol, "cpu0 irq: schedule@classify/isr_bh.c:25\n"
				      "cpu1 irq: schedule@classify/isr_bh.c:25\n"
				      "cpu0 remove: kill@classify/isr_bh.c:47\n");
	ck_assert_str_eq(b->verdict, "differs");
	ck_assert(b->complete);
	ck_assert_uint_gt(b->states_explored, 0);
	ck_assert_uint_eq(b->n_notes, 0);
	d = diff(b, "pending-on-kill");
	ck_assert_ptr_nonnull(d);
	ck_assert(has_line(d, "classify/isr_bh.c:25") && has_line(d, "classify/isr_bh.c:47"));
	ck_assert_str_eq(d->trace_model, "bh");
	ck_assert(trace_has(
		d, "cancel_work_sync() -- disable depth incremented, pending run cancelled"));
	ck_assert_str_eq(d->other_model, "tasklet");
	ck_assert(
		trace_has(d, "tasklet_kill() -- sleeps until SCHED clears [classify/isr_bh.c:47]"));
	ck_assert_ptr_nonnull(diff(b, "lost-run"));
	ck_assert_ptr_null(diff(b, "may-sleep"));
	ck_assert_uint_eq(b->n_hazards, 0);
	ta_behavior_free(&b);
	ck_assert_ptr_null(b);
}
END_TEST

/* tasklet_disable then tasklet_kill: the tasklet can hang, the BH work item cannot. */
START_TEST(test_kill_disabled)
{
	ta_behavior *b = check("classify/kill_disabled.c:struct kd_dev.t", NULL);
	const struct ta_behavior_diff *d;

	ck_assert_str_eq(b->protocol, "cpu0 irq: schedule@classify/kill_disabled.c:22\n"
				      "cpu1 irq: schedule@classify/kill_disabled.c:22\n"
				      "cpu0 remove: disable@classify/kill_disabled.c:29; "
				      "kill@classify/kill_disabled.c:30\n");
	ck_assert_str_eq(b->verdict, "differs");
	d = diff(b, "never-returns");
	ck_assert_ptr_nonnull(d);
	ck_assert(strstr(d->explanation, "with the tasklet, a call can wait forever"));
	ck_assert(has_line(d, "classify/kill_disabled.c:29") &&
		  has_line(d, "classify/kill_disabled.c:30"));
	ck_assert_ptr_nonnull(diff(b, "pending-on-disable"));
	ta_behavior_free(&b);

	/* the near-miss enables again before killing: no hang on either side */
	b = check("classify/kill_disabled.c:struct kd_dev.u", NULL);
	ck_assert_ptr_nonnull(strstr(b->protocol,
				     "cpu0 remove: disable@classify/kill_disabled.c:35; "
				     "enable@classify/kill_disabled.c:36; "
				     "kill@classify/kill_disabled.c:37\n"));
	ck_assert_ptr_null(diff(b, "never-returns"));
	ck_assert_ptr_null(hazard(b, "never-returns"));
	ck_assert_ptr_nonnull(diff(b, "pending-on-kill"));
	ta_behavior_free(&b);
}
END_TEST

/*
 * Waiting calls in atomic context: the disable/enable pair under a spinlock
 * is an atomic actor, the pair in sa_config() (context unknown) a process
 * one; the pair replays a schedule made while disabled (known difference b).
 */
START_TEST(test_sync_atomic)
{
	ta_behavior *b = check("classify/sync_atomic.c:struct sa_dev.t", NULL);
	const struct ta_behavior_diff *d;

	ck_assert_str_eq(b->protocol, "option enable-and-queue\n"
				      "cpu0 irq: kill@classify/sync_atomic.c:25; "
				      "schedule@classify/sync_atomic.c:28\n"
				      "cpu1 irq: kill@classify/sync_atomic.c:25; "
				      "schedule@classify/sync_atomic.c:28\n"
				      "cpu1 atomic: disable@classify/sync_atomic.c:37; "
				      "enable@classify/sync_atomic.c:39\n"
				      "cpu0 process: disable@classify/sync_atomic.c:50; "
				      "enable@classify/sync_atomic.c:51\n");
	ck_assert(has_note(b, "classify/sync_atomic.c:50: tasklet_disable: context unknown, "
			      "modelled as process context"));
	ck_assert(has_note(b, "classify/sync_atomic.c:51: tasklet_enable: context unknown"));
	ck_assert_str_eq(b->verdict, "unsafe");
	d = diff(b, "schedule-while-disabled");
	ck_assert_ptr_nonnull(d);
	ck_assert(strstr(d->explanation, "with the tasklet, a schedule while disabled runs once "
					 "enabled"));
	ck_assert(strstr(d->explanation, "with bh, a schedule while disabled is dropped"));
	ck_assert(has_line(d, "classify/sync_atomic.c:28"));
	/* the sleeping calls in atomic context: tasklet_kill in the ISR comes first */
	d = diff(b, "may-sleep");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->safety);
	ck_assert(has_line(d, "classify/sync_atomic.c:25"));
	ta_behavior_free(&b);
}
END_TEST

/* spin_lock_bh() shared data: kept by a BH workqueue, lost by a workqueue (difference c). */
START_TEST(test_bh_exclusion)
{
	const char *key = "classify/process_bh_lock.c:struct pb_dev.refill";
	const char *proto = "shared-data spin_lock_bh\n"
			    "cpu0 process: schedule@classify/process_bh_lock.c:42\n"
			    "cpu0 remove: kill@classify/process_bh_lock.c:50\n";
	ta_behavior *b = check(key, NULL);
	const struct ta_behavior_diff *d;

	ck_assert_str_eq(ta_classification_of(get(key))->rec.mechanism, "bh_workqueue");
	ck_assert_str_eq(b->protocol, proto);
	ck_assert_str_eq(b->verdict, "differs");
	ck_assert_ptr_null(diff(b, "bh-exclusion"));
	ck_assert_ptr_nonnull(diff(b, "pending-on-kill"));
	ta_behavior_free(&b);

	b = check(key, "workqueue");
	ck_assert_str_eq(b->target, "wq");
	ck_assert_str_eq(b->protocol, proto);
	ck_assert_str_eq(b->verdict, "unsafe");
	d = diff(b, "bh-exclusion");
	ck_assert_ptr_nonnull(d);
	ck_assert(d->safety);
	/* the spin_lock_bh() in pb_read_level() and the schedule */
	ck_assert(has_line(d, "classify/process_bh_lock.c:31"));
	ck_assert(has_line(d, "classify/process_bh_lock.c:42"));
	ck_assert(trace_has(d, "spin_lock_bh() -- bottom halves disabled, but the callback is "
			       "mid-run on this CPU [classify/process_bh_lock.c:31]"));
	ta_behavior_free(&b);
}
END_TEST

/* DECLARE_TASKLET_DISABLED starts disabled; its recommendation (manual) is not checked. */
START_TEST(test_declare_disabled)
{
	const char *key = "index/declare.c:parked_tasklet";
	ta_behavior *b = check(key, NULL);

	ck_assert_str_eq(ta_classification_of(get(key))->rec.mechanism, "manual");
	ck_assert_str_eq(b->verdict, "not_checked");
	ck_assert_ptr_nonnull(strstr(b->reason, "manual"));
	ck_assert_ptr_null(b->target);
	ck_assert_ptr_null(b->protocol);
	ta_behavior_free(&b);

	b = check(key, "bh_workqueue");
	ck_assert_str_eq(b->protocol, "option disabled\ncpu1 process: enable@index/declare.c:32\n");
	ck_assert(has_note(b, "no active schedule site"));
	ck_assert_uint_eq(b->n_notes, 1); /* declare_resume() is process context by its name */
	ta_behavior_free(&b);

	/* DECLARE_TASKLET starts enabled */
	b = check("index/declare.c:modern_tasklet", NULL);
	ck_assert_str_eq(b->protocol, "cpu0 irq: schedule@index/declare.c:26\n"
				      "cpu1 irq: schedule@index/declare.c:26\n");
	ta_behavior_free(&b);
}
END_TEST

/* The recommended mechanism decides the target; manual is not checked. */
START_TEST(test_mechanisms)
{
	ta_behavior *b = check("classify/gpu_engine.c:struct engine.submit", NULL);

	ck_assert_str_eq(b->verdict, "not_checked");
	ck_assert_str_eq(b->reason,
			 "manual rewrite recommended: no replacement model to compare with");
	ck_assert_uint_eq(b->n_diffs, 0);
	ta_behavior_free(&b);

	b = check("classify/timer_kick.c:struct tk_dev.recover", NULL);
	ck_assert_str_eq(b->target, "timer");
	ck_assert_ptr_nonnull(diff(b, "priority"));
	ta_behavior_free(&b);

	b = check("classify/sleeping_irq.c:struct si_dev.bh", NULL);
	ck_assert_str_eq(b->target, "threaded-irq");
	ck_assert_ptr_nonnull(diff(b, "callback-context"));
	ta_behavior_free(&b);

	b = check("classify/process_defer.c:struct pd_dev.refill", NULL);
	ck_assert_str_eq(b->target, "wq");
	ck_assert_ptr_nonnull(diff(b, "callback-context"));
	ta_behavior_free(&b);

	/* a self re-scheduling poller: the callback's own schedule is its body */
	b = check("index/self_resched.c:struct poll_dev.poll", NULL);
	ck_assert_ptr_nonnull(strstr(b->protocol, "\ncallback: schedule@index/self_resched.c:"));
	ck_assert_str_eq(b->verdict, "equivalent");
	ta_behavior_free(&b);

	/* hi priority is kept per operation */
	b = check("index/hi_priority.c:struct hp_chan.done", NULL);
	ck_assert_ptr_nonnull(strstr(b->protocol, "cpu0 irq: hi_schedule@index/hi_priority.c:"));
	ck_assert_ptr_null(diff(b, "priority"));
	ta_behavior_free(&b);

	b = check("classify/isr_bh.c:struct ib_dev.bh", "no_such_mechanism");
	ck_assert_str_eq(b->verdict, "not_checked");
	ck_assert_str_eq(b->reason, "no reference model of 'no_such_mechanism'");
	ta_behavior_free(&b);
}
END_TEST

START_TEST(test_bad_arguments)
{
	ta_behavior *b = NULL;
	ta_tasklet empty = {0};
	ta_audit *a = ta_audit_new();

	ck_assert_ptr_null(ta_behavior_check(NULL, "bh_workqueue", NULL));
	ta_behavior_free(NULL);
	ta_behavior_free(&b);
	ta_behavior_check_all(NULL);
	ta_behavior_check_all(a); /* not classified: nothing happens */
	ck_assert(a->behavior_seconds == 0);
	ta_audit_free(&a);

	b = ta_behavior_check(&empty, NULL, NULL);
	ck_assert_str_eq(b->verdict, "not_checked");
	ck_assert_str_eq(b->reason, "no recommendation: the tasklet is not classified");
	ta_behavior_free(&b);
	b = ta_behavior_check(&empty, "bh_workqueue", NULL);
	ck_assert_str_eq(b->verdict, "not_checked");
	ck_assert_str_eq(b->reason, "no active use site the reference core models");
	ta_behavior_free(&b);
}
END_TEST

/* A hand-made tasklet: n sites of api in role, one function each, lines 10, 20, ... */
struct mk {
	ta_tasklet t;
	ta_site sites[24];
	ta_classification c; /* where the sites run */
	ta_site_context ctx[24];
};

static ta_site *mk_site(struct mk *m, enum ta_api api, const char *fn, unsigned line,
			unsigned roles)
{
	ta_site *s = &m->sites[m->t.n_sites];

	memset(s, 0, sizeof(*s));
	s->api = api;
	s->file = (char *)"drv/x.c";
	s->function = (char *)fn;
	s->line = line;
	s->active = true;
	m->ctx[m->t.n_sites++] = (ta_site_context){.roles = roles};
	m->c.sites = m->ctx;
	m->c.n_sites = m->t.n_sites;
	m->t.classification = &m->c;
	m->t.sites = m->sites;
	m->t.file = (char *)"drv/x.c";
	m->t.line = 1;
	return s;
}

#define R(r) TA_ROLE_BIT(TA_ROLE_##r)

/* tasklet_disable under a spinlock may sleep; disable_work_sync on a BH item may not (d). */
START_TEST(test_disable_in_atomic)
{
	struct mk m = {0};
	ta_behavior *b;
	const struct ta_behavior_diff *d;

	mk_site(&m, TA_API_SCHEDULE, "x_isr", 10, R(HARDIRQ));
	mk_site(&m, TA_API_DISABLE, "x_reset", 20, R(PROCESS));
	m.ctx[1].atomic_lock = true; /* under a spinlock */
	mk_site(&m, TA_API_ENABLE, "x_reset", 22, R(PROCESS));
	m.ctx[2].atomic_lock = true;
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "option enable-and-queue\n"
				      "cpu0 irq: schedule@drv/x.c:10\n"
				      "cpu1 irq: schedule@drv/x.c:10\n"
				      "cpu1 atomic: disable@drv/x.c:20; enable@drv/x.c:22\n");
	d = diff(b, "may-sleep");
	ck_assert_ptr_nonnull(d);
	ck_assert(!d->safety); /* the conversion fixes it */
	ck_assert(strstr(d->explanation, "with the tasklet, a call that may sleep is made from "
					 "atomic context"));
	ck_assert(has_line(d, "drv/x.c:20"));
	ck_assert(trace_has(d, "tasklet_disable() -- "));
	ck_assert_str_eq(b->verdict, "differs");
	ta_behavior_free(&b);

	/* a process-context workqueue keeps the bug: a hazard, unsafe */
	b = ta_behavior_check(&m.t, "workqueue", NULL);
	ck_assert_ptr_nonnull(hazard(b, "may-sleep"));
	ck_assert_str_eq(b->verdict, "unsafe");
	ta_behavior_free(&b);
}
END_TEST

/* Contexts: several roles, softirq roles, the callback, unknown, inactive and unmodelled sites. */
START_TEST(test_contexts_and_notes)
{
	struct mk m = {0};
	ta_behavior *b;

	mk_site(&m, TA_API_SCHEDULE, "x_timer", 10, R(TIMER));
	mk_site(&m, TA_API_HI_SCHEDULE_FIRST, "x_helper", 20, R(HARDIRQ) | R(WORKQUEUE));
	mk_site(&m, TA_API_SCHEDULE, "x_cb", 30, R(SELF));
	mk_site(&m, TA_API_SCHEDULE, "x_other", 35, R(UNKNOWN));
	mk_site(&m, TA_API_KILL, "x_remove", 40, R(PROCESS));
	mk_site(&m, TA_API_TRYLOCK, "x_poke", 50, R(PROCESS));
	mk_site(&m, TA_API_SCHEDULE, "x_off", 60, R(HARDIRQ))->active = false;
	m.t.init_api = TA_API_DECLARE_TASKLET_DISABLED;
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "option disabled\n"
				      "cpu0 irq: hi_schedule@drv/x.c:20\n"
				      "cpu1 irq: hi_schedule@drv/x.c:20\n"
				      "cpu1 irq: schedule@drv/x.c:35\n"
				      "cpu0 softirq: schedule@drv/x.c:10\n"
				      "cpu1 process: hi_schedule@drv/x.c:20\n"
				      "cpu0 remove: kill@drv/x.c:40\n"
				      "callback: schedule@drv/x.c:30\n");
	ck_assert(has_note(
		b, "drv/x.c:20: tasklet_hi_schedule_first modelled as tasklet_hi_schedule"));
	ck_assert(has_note(b, "drv/x.c:35: tasklet_schedule: context unknown, modelled as hard-IRQ "
			      "context"));
	ck_assert(has_note(b, "drv/x.c:50: tasklet_trylock not modelled"));
	ck_assert(has_note(b, "1 site in code this configuration skips left out"));
	ck_assert(b->complete);
	ta_behavior_free(&b);

	/* for a threaded IRQ an unknown schedule cannot be taken for the primary handler */
	b = ta_behavior_check(&m.t, "threaded_irq", NULL);
	ck_assert(has_note(b, "drv/x.c:35: tasklet_schedule: context unknown, modelled as process "
			      "context"));
	ta_behavior_free(&b);
}
END_TEST

/* Merging equivalent operations and actors, and the caps. */
START_TEST(test_merge_and_caps)
{
	struct mk m = {0};
	static const char *fns[] = {"a", "b", "c", "d", "e", "f", "g", "h"};
	ta_behavior *b;

	/* two ISRs scheduling, twice in a row in one of them: one operation, three lines */
	mk_site(&m, TA_API_SCHEDULE, "rx_isr", 10, R(HARDIRQ));
	mk_site(&m, TA_API_SCHEDULE, "rx_isr", 12, R(HARDIRQ));
	mk_site(&m, TA_API_SCHEDULE, "tx_isr", 20, R(HARDIRQ));
	mk_site(&m, TA_API_SCHEDULE, "err_isr", 25, R(HARDIRQ));
	mk_site(&m, TA_API_KILL, "probe_err", 30, R(PROCESS));
	mk_site(&m, TA_API_KILL, "remove", 40, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "cpu0 irq: schedule@drv/x.c:10,drv/x.c:12,drv/x.c:20,...\n"
				      "cpu1 irq: schedule@drv/x.c:10,drv/x.c:12,drv/x.c:20,...\n"
				      "cpu0 remove: kill@drv/x.c:30,drv/x.c:40\n");
	ck_assert(has_line(diff(b, "pending-on-kill"), "drv/x.c:25"));
	ck_assert(has_line(diff(b, "pending-on-kill"), "drv/x.c:40"));
	ta_behavior_free(&b);

	/* six functions doing different disable/enable sequences: at most 6 actors */
	memset(&m, 0, sizeof(m));
	mk_site(&m, TA_API_SCHEDULE, "isr", 5, R(HARDIRQ));
	for (unsigned i = 0; i < 6; i++)
		for (unsigned j = 0; j <= i % 3; j++)
			mk_site(&m, j % 2 ? TA_API_ENABLE : TA_API_DISABLE, fns[i], 10 + 10 * i + j,
				i < 3 ? R(PROCESS) : R(SOFTIRQ));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_msg(has_note(b, "drv/x.c:30: driver actor (process context) left out: at most 6 "
				  "actors"),
		      "%s", b->protocol);
	ck_assert(!strstr(b->protocol, "cpu1 irq:")); /* no room for the twin */
	ck_assert_int_le((int)b->n_notes, TA_BEHAVIOR_MAX_NOTES + 1);
	ck_assert(b->complete);
	ta_behavior_free(&b);

	/* nine different calls in one function: at most 8 operations */
	memset(&m, 0, sizeof(m));
	for (unsigned i = 0; i < 9; i++)
		mk_site(&m, i % 2 ? TA_API_ENABLE : TA_API_DISABLE, "toggle", 10 + i, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert(has_note(b, "drv/x.c:18: tasklet_disable left out: at most 8 operations per "
			      "function and context"));
	ta_behavior_free(&b);
}
END_TEST

/* A disable and an enable in different functions run as one invocation. */
START_TEST(test_pairing)
{
	struct mk m = {0};
	ta_behavior *b;

	mk_site(&m, TA_API_SCHEDULE, "x_isr", 10, R(HARDIRQ));
	mk_site(&m, TA_API_DISABLE, "x_suspend", 20, R(PROCESS));
	mk_site(&m, TA_API_ENABLE, "x_resume", 30, R(PROCESS));
	mk_site(&m, TA_API_KILL, "x_remove", 40, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "option enable-and-queue\n"
				      "cpu0 irq: schedule@drv/x.c:10\n"
				      "cpu1 irq: schedule@drv/x.c:10\n"
				      "cpu1 process: disable@drv/x.c:20; enable@drv/x.c:30\n"
				      "cpu0 remove: kill@drv/x.c:40\n");
	ck_assert(has_note(b, "drv/x.c:30: tasklet_enable paired with drv/x.c:20 (process context) "
			      "as one invocation"));
	ck_assert_ptr_null(diff(b, "never-returns"));
	ck_assert_ptr_nonnull(diff(b, "schedule-while-disabled"));
	ta_behavior_free(&b);

	/* an enable with no disable anywhere is left out */
	memset(&m, 0, sizeof(m));
	mk_site(&m, TA_API_SCHEDULE, "x_isr", 10, R(HARDIRQ));
	mk_site(&m, TA_API_ENABLE, "x_open", 30, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "cpu0 irq: schedule@drv/x.c:10\n"
				      "cpu1 irq: schedule@drv/x.c:10\n");
	ck_assert(has_note(b, "drv/x.c:30: tasklet_enable left out: no tasklet_disable runs before "
			      "it in the model"));
	ta_behavior_free(&b);

	/* ... unless the tasklet is declared disabled; a remove path runs after the drivers */
	m.t.init_api = TA_API_DECLARE_TASKLET_DISABLED_OLD;
	mk_site(&m, TA_API_DISABLE_NOSYNC, "x_stop", 50, R(PROCESS));
	mk_site(&m, TA_API_ENABLE, "x_remove", 60, R(PROCESS));
	mk_site(&m, TA_API_KILL, "x_remove", 61, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ck_assert_str_eq(b->protocol, "option enable-and-queue\n"
				      "option disabled\n"
				      "cpu0 irq: schedule@drv/x.c:10\n"
				      "cpu1 irq: schedule@drv/x.c:10\n"
				      "cpu1 process: enable@drv/x.c:30\n"
				      "cpu0 process: disable_nosync@drv/x.c:50\n"
				      "cpu0 remove: enable@drv/x.c:60; kill@drv/x.c:61\n");
	ck_assert(has_line(diff(b, "schedule-while-disabled"), "drv/x.c:1"));
	ta_behavior_free(&b);
}
END_TEST

/* Relevance: the first matching rule decides, with the driver's sites in its text. */
START_TEST(test_relevance_rules)
{
	static const char text[] =
		"{ \"relevance\": ["
		"{ \"id\": \"a\", \"properties\": [\"pending-on-kill\"], \"relevance\": \"benign\","
		"  \"when\": { \"kill_in_function_ending\": [\"_remove\"] },"
		"  \"text\": \"at {kill} in {kill_function}\" },"
		"{ \"id\": \"z\", \"properties\": [\"*\"], \"relevance\": \"observable\","
		"  \"text\": \"see {lines}\" } ] }";
	ta_rules *r = ta_rules_parse_text("t.json", text);
	struct mk m = {0};
	ta_behavior *b;
	const struct ta_behavior_diff *d;

	ck_assert_ptr_nonnull(r);
	mk_site(&m, TA_API_SCHEDULE, "x_isr", 10, R(HARDIRQ));
	mk_site(&m, TA_API_KILL, "x_remove", 40, R(PROCESS));
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ta_relevance_assess(r, &m.t, b);
	d = diff(b, "pending-on-kill");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->relevance, "benign");
	ck_assert_str_eq(d->relevance_rule, "a");
	ck_assert_str_eq(d->relevance_reason, "at drv/x.c:40 in x_remove()");
	d = diff(b, "callback-cpu");
	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->relevance, "observable");
	ck_assert_str_eq(d->relevance_reason, "see drv/x.c:10");
	ck_assert_str_eq(b->assessment, "review");
	ta_behavior_free(&b);

	/* a kill outside a teardown function: the catch-all takes it */
	m.sites[1].function = (char *)"x_stop";
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ta_relevance_assess(r, &m.t, b);
	ck_assert_str_eq(diff(b, "pending-on-kill")->relevance_rule, "z");
	ta_behavior_free(&b);

	/* nothing observable: benign; not checked: no assessment */
	ta_rules_free(&r);
	r = ta_rules_parse_text("t.json",
				"{ \"relevance\": [ { \"id\": \"b\", \"properties\": "
				"[\"*\"], \"relevance\": \"benign\", \"text\": \"t\" } ] }");
	b = ta_behavior_check(&m.t, "bh_workqueue", NULL);
	ta_relevance_assess(r, &m.t, b);
	ck_assert_str_eq(b->assessment, "benign");
	ta_behavior_free(&b);
	b = ta_behavior_check(&m.t, "manual", NULL);
	ta_relevance_assess(r, &m.t, b);
	ck_assert_ptr_null(b->assessment);
	ta_behavior_free(&b);
	ta_rules_free(&r);
}
END_TEST

/* The corpus audit checked as cmd_audit does: every tasklet gets a verdict. */
START_TEST(test_check_all_golden)
{
	ta_audit *a = tu_classified_copy(); /* the verdicts are written into it */
	ta_buf out = {0};
	size_t counts[4] = {0};
	static const char *verdicts[] = {"equivalent", "differs", "unsafe", "not_checked"};

	ta_behavior_check_all(a);
	ck_assert(a->behavior_seconds >= 0);
	{
		char *dir = tu_src("rules");
		ta_rules *r = ta_rules_load(dir);
		ck_assert_ptr_nonnull(r);
		ta_relevance_assess_all(r, a);
		ta_rules_free(&r);
		free(dir);
	}
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_behavior *b = t->behavior;
		ck_assert_msg(b != NULL, "no behavior for %s", t->key);
		for (int v = 0; v < 4; v++)
			counts[v] += strcmp(b->verdict, verdicts[v]) == 0;
		ta_buf_printf(&out, "%s:%u: %s: %s", t->file ? t->file : "?", t->line, t->name,
			      ta_classification_of(t)->rec.mechanism
				      ? ta_classification_of(t)->rec.mechanism
				      : "-");
		if (!b->target) {
			ck_assert_str_eq(b->verdict, "not_checked");
			ta_buf_printf(&out, ": not_checked: %s\n", b->reason);
			continue;
		}
		ck_assert_msg(b->complete, "%s: search cut short", t->key);
		ck_assert_ptr_nonnull(b->assessment);
		ta_buf_printf(&out, " -> %s: %s, %s\n", b->target, b->verdict, b->assessment);
		for (const char *s = b->protocol; *s;) {
			size_t n = strcspn(s, "\n");
			ta_buf_printf(&out, "  | %.*s\n", (int)n, s);
			s += n + (s[n] == '\n');
		}
		for (size_t j = 0; j < b->n_notes; j++)
			ta_buf_printf(&out, "  note: %s\n", b->notes[j]);
		for (size_t j = 0; j < b->n_diffs + b->n_hazards; j++) {
			bool kept = j >= b->n_diffs;
			const struct ta_behavior_diff *d = kept ? &b->hazards[j - b->n_diffs]
								: &b->diffs[j];
			ta_buf_printf(&out, "  %s %s%s:", kept ? "hazard" : "difference",
				      d->property, d->safety ? " (safety)" : "");
			for (size_t k = 0; k < d->n_lines; k++)
				ta_buf_printf(&out, " %s", d->lines[k]);
			ta_buf_putc(&out, '\n');
			if (!kept) {
				ck_assert_ptr_nonnull(d->relevance);
				ta_buf_printf(&out, "    %s (%s): %s\n", d->relevance,
					      d->relevance_rule ? d->relevance_rule : "-",
					      d->relevance_reason);
			}
		}
	}
	ta_buf_printf(&out, "equivalent %zu, differs %zu, unsafe %zu, not_checked %zu\n", counts[0],
		      counts[1], counts[2], counts[3]);
	tu_golden("corpus/behavior.expected", out.s);
	ta_buf_free(&out);
	ta_audit_free(&a);
}
END_TEST

/* The reports carry the verdicts: JSON fields and the text lines. */
START_TEST(test_reports)
{
	struct tu_run r = tu_exec("-j 2 --timing --json -");
	cJSON *root, *t, *sum, *tim;
	bool saw_checked = false, saw_not_checked = false;

	ck_assert_int_eq(r.status, 0);
	root = cJSON_Parse(r.out);
	ck_assert_ptr_nonnull(root);
	sum = cJSON_GetObjectItemCaseSensitive(root, "summary");
	ck_assert(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(sum, "by_verdict")));
	tim = cJSON_GetObjectItemCaseSensitive(root, "timing");
	ck_assert(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(tim, "behavior_seconds")));
	cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(root, "tasklets"))
	{
		cJSON *b = cJSON_GetObjectItemCaseSensitive(t, "behavior"), *d;
		const char *v, *rel, *as;
		bool observable = false;
		ck_assert(cJSON_IsObject(b));
		v = cJSON_GetObjectItemCaseSensitive(b, "verdict")->valuestring;
		if (strcmp(v, "not_checked") == 0) {
			ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "reason")));
			ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(b, "target"));
			saw_not_checked = true;
			continue;
		}
		saw_checked = true;
		ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "target")));
		ck_assert(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(b, "states_explored")));
		ck_assert(cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(b, "complete")));
		ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(b, "protocol")));
		ck_assert(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(b, "notes")));
		ck_assert(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(b, "hazards")));
		cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(b, "differences"))
		{
			ck_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(d, "property")));
			ck_assert(
				cJSON_IsString(cJSON_GetObjectItemCaseSensitive(d, "explanation")));
			ck_assert(cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(d, "safety")));
			ck_assert(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(d, "trace")) >
				  0);
			ck_assert(cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(d, "lines")));
			rel = cJSON_GetStringValue(
				cJSON_GetObjectItemCaseSensitive(d, "relevance"));
			ck_assert(rel &&
				  (strcmp(rel, "benign") == 0 || strcmp(rel, "observable") == 0));
			ck_assert(cJSON_IsString(
				cJSON_GetObjectItemCaseSensitive(d, "relevance_reason")));
			observable |= strcmp(rel, "observable") == 0;
		}
		as = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b, "assessment"));
		ck_assert_ptr_nonnull(as);
		/* review exactly when a difference is observable */
		if (strcmp(v, "differs") == 0)
			ck_assert_str_eq(as, observable ? "review" : "benign");
		else
			ck_assert_str_eq(as, v);
	}
	ck_assert(saw_checked && saw_not_checked);
	ck_assert(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(sum, "by_assessment")));
	cJSON_Delete(root);
	tu_run_free(&r);

	r = tu_exec("-j 2");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "classify/isr_bh.c:38: ib->bh: isr_bottom_half -> "
					    "bh_workqueue [0.80], behavior: benign\n"));
	/* a benign difference is left to the JSON report, an observable one is shown */
	ck_assert_ptr_null(strstr(r.out, "classify/isr_bh.c:47: note: behavior bh"));
	ck_assert_ptr_nonnull(strstr(r.out,
				     "classify/dma_done.c:40: note: behavior bh: pending-on-kill: "
				     "with the tasklet, a run pending at kill still runs; with "
				     "bh, a run pending at kill is dropped. Observable: the "
				     "callback completes requests and the kill at "
				     "classify/dma_done.c:40 in dd_free() is not on a teardown "
				     "path"));
	ck_assert_ptr_nonnull(strstr(r.out, ", behavior: not_checked\n"));
	tu_run_free(&r);
}
END_TEST

static Suite *behavior_suite(void)
{
	Suite *s = suite_create("behavior");
	TCase *tc = tcase_create("corpus");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_targets);
	tcase_add_test(tc, test_isr_bh_kill_on_remove);
	tcase_add_test(tc, test_kill_disabled);
	tcase_add_test(tc, test_sync_atomic);
	tcase_add_test(tc, test_bh_exclusion);
	tcase_add_test(tc, test_declare_disabled);
	tcase_add_test(tc, test_mechanisms);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_disable_in_atomic);
	tcase_add_test(tc, test_contexts_and_notes);
	tcase_add_test(tc, test_merge_and_caps);
	tcase_add_test(tc, test_pairing);
	tcase_add_test(tc, test_relevance_rules);
	tcase_add_test(tc, test_check_all_golden);
	tcase_add_test(tc, test_reports);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	tu_classified(); /* scan and classify once, before the runner forks */
	return tu_run(behavior_suite());
}
