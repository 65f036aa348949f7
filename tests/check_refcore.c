// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_refcore.c - tests of the reference tasklet core: every conformance
 * case of the models (refcore_conform.c, kernel lines quoted there), the
 * four known tasklet-to-workqueue differences found by the checker with
 * their traces, the equivalent case, the protocol parser and builder, the
 * "model" subcommand on every protocol of corpus/protocols (found by
 * walking it) against the "# CHECK: --to TARGET: VERDICT: "TEXT"" lines
 * each must end with, and bad arguments everywhere.
 */
#include <check.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd_model.h"
#include "refcore_check.h"
#include "refcore_conform.h"
#include "refcore_protocol.h"
#include "refcore_tasklet.h"
#include "testutil.h"
#include "util.h"

#define PROTO_DIR TA_SOURCE_DIR "/corpus/protocols/"

/* ---- helpers ---------------------------------------------------------------- */

static ta_protocol *parse_ok(const char *text)
{
	struct ta_proto_error err = {0};
	ta_protocol *p = ta_protocol_parse(text, "t.proto", &err);

	ck_assert_msg(p != NULL, "parse failed: %u:%u: %s", err.line, err.col, err.msg);
	return p;
}

static ta_rc_result *check_text(const char *text, enum ta_rc_target to, ta_protocol **pp)
{
	ta_protocol *p = parse_ok(text);
	ta_rc_result *r = ta_rc_check(p, to, NULL);

	ck_assert_ptr_nonnull(r);
	ck_assert(r->complete);
	ck_assert_uint_gt(r->states_explored, 0);
	ck_assert_uint_eq(r->states_explored, r->states_tasklet + r->states_replacement);
	if (pp)
		*pp = p;
	else
		ta_protocol_free(&p);
	return r;
}

static bool trace_has(const struct ta_rc_trace *t, const char *needle)
{
	for (size_t i = 0; i < t->n; i++)
		if (strstr(t->lines[i], needle))
			return true;
	return false;
}

static bool ops_have(const struct ta_rc_difference *d, size_t op)
{
	for (size_t i = 0; i < d->nops; i++)
		if (d->ops[i] == op)
			return true;
	return false;
}

/* Run the model command with stdout and stderr captured into *out and *err. */
static int run_model(char **out, char **err, int argc, const char *const *argv)
{
	char outp[] = "/tmp/ta-refcore-outXXXXXX", errp[] = "/tmp/ta-refcore-errXXXXXX";
	int ofd = mkstemp(outp), efd = mkstemp(errp);
	int save_out = dup(STDOUT_FILENO), save_err = dup(STDERR_FILENO);
	int rc;

	ck_assert(ofd >= 0 && efd >= 0 && save_out >= 0 && save_err >= 0);
	fflush(stdout);
	fflush(stderr);
	dup2(ofd, STDOUT_FILENO);
	dup2(efd, STDERR_FILENO);
	rc = ta_cmd_model.main(argc, (char **)argv);
	fflush(stdout);
	fflush(stderr);
	dup2(save_out, STDOUT_FILENO);
	dup2(save_err, STDERR_FILENO);
	close(save_out);
	close(save_err);
	close(ofd);
	close(efd);
	*out = ta_read_file(outp, NULL);
	*err = ta_read_file(errp, NULL);
	unlink(outp);
	unlink(errp);
	ck_assert(*out && *err);
	return rc;
}

static size_t count_lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* ---- conformance ------------------------------------------------------------ */

START_TEST(test_conformance_case)
{
	char *why = ta_conform_run((size_t)_i);

	ck_assert_msg(why == NULL, "%s: %s", ta_conform_name((size_t)_i), why ? why : "");
}
END_TEST

START_TEST(test_conformance_table)
{
	ck_assert_uint_ge(ta_conform_count(), 30);
	ck_assert_ptr_null(ta_conform_name(ta_conform_count()));
	for (size_t i = 0; i < ta_conform_count(); i++)
		ck_assert_ptr_nonnull(ta_conform_name(i));
}
END_TEST

/* ---- the four known differences ------------------------------------------------ */

/* (a) tasklet_kill() lets a pending instance run; cancel_work_sync() drops it. */
START_TEST(test_diff_kill_is_not_cancel)
{
	ta_protocol *p;
	ta_rc_result *r = check_text("cpu0 irq: schedule\nremove: kill\n", TA_RC_TO_BH, &p);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_KILL_PENDING);

	ck_assert_int_eq(r->verdict, TA_RC_DIFFERS);
	ck_assert_ptr_nonnull(d);
	ck_assert(!d->safety);
	ck_assert_str_eq(d->property, "pending-on-kill");
	ck_assert_str_eq(d->trace_model, "bh");
	ck_assert_uint_eq(d->trace.n, 2);
	ck_assert(strstr(d->trace.lines[0], "cpu0 irq: queue_work()"));
	ck_assert(strstr(d->trace.lines[1], "cpu0 remove: cancel_work_sync()"));
	ck_assert(strstr(d->trace.lines[1], "pending run cancelled"));
	ck_assert_str_eq(d->other_model, "tasklet");
	ck_assert(trace_has(&d->other_trace, "tasklet_kill() -- sleeps until SCHED clears"));
	ck_assert(strstr(d->other_trace.lines[d->other_trace.n - 1], "callback starts"));
	ck_assert(strstr(d->explanation, "still runs") && strstr(d->explanation, "dropped"));
	ck_assert(ops_have(d, 0) && ops_have(d, 1));
	ck_assert_int_eq(ta_protocol_op(p, 1)->kind, TA_PROTO_KILL);
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_LOST_RUN));
	ta_rc_result_free(&r);
	ck_assert_ptr_null(r);

	/* free_irq() runs a woken thread one last time: no such difference. */
	r = ta_rc_check(p, TA_RC_TO_THREADED_IRQ, NULL);
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_KILL_PENDING));
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_LOST_RUN));
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
}
END_TEST

/* An explanation says one thing once: two observations of one model are one phrase. */
START_TEST(test_explanation_says_it_once)
{
	ta_rc_result *r = check_text("cpu0 irq: schedule\ncpu1 irq: schedule\n", TA_RC_TO_BH, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_CPU);

	ck_assert_ptr_nonnull(d);
	ck_assert_msg(
		strcmp(d->explanation,
		       "with the tasklet, the callback runs on the CPU that scheduled it; with "
		       "bh, the callback can run on the CPU that scheduled it or on another.") == 0,
		"%s", d->explanation);
	ck_assert_ptr_null(strstr(d->explanation, ", and "));
	ta_rc_result_free(&r);
}
END_TEST

/* (b) a schedule while disabled: tasklet_enable() replays it, enable_work() does not. */
START_TEST(test_diff_disable_does_not_replay)
{
	static const char text[] = "cpu0 irq: schedule\ncpu1 process: disable; enable\n";
	ta_rc_result *r = check_text(text, TA_RC_TO_BH, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_SCHED_WHILE_DISABLED);

	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->trace_model, "bh");
	ck_assert(strstr(d->trace.lines[0], "cpu1 process: disable_work_sync()"));
	ck_assert(strstr(d->trace.lines[d->trace.n - 1], "cpu0 irq: queue_work() -- disabled"));
	ck_assert_str_eq(d->other_model, "tasklet");
	ck_assert(trace_has(&d->other_trace, "cpu1 process: tasklet_enable()"));
	ck_assert(strstr(d->other_trace.lines[d->other_trace.n - 1], "callback starts"));
	ck_assert(strstr(d->explanation, "runs once enabled") && strstr(d->explanation, "dropped"));
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_DISABLE_PENDING));
	ta_rc_result_free(&r);

	/* enable_and_queue_work() brings the run back, with a run without a schedule. */
	r = check_text(
		"option enable-and-queue\ncpu0 irq: schedule\ncpu1 process: disable; enable\n",
		TA_RC_TO_BH, NULL);
	d = ta_rc_result_find(r, TA_RC_PROP_COALESCING);
	ck_assert_ptr_nonnull(d);
	ck_assert(trace_has(&d->trace, "enable_and_queue_work() -- enabled and queued"));
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_LOST_RUN));
	ta_rc_result_free(&r);

	/* disable_irq() leaves the interrupt pending and enable_irq() replays it. */
	r = check_text(text, TA_RC_TO_THREADED_IRQ, NULL);
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_SCHED_WHILE_DISABLED));
	ta_rc_result_free(&r);
}
END_TEST

/* (c) spin_lock_bh() no longer excludes a callback moved to a process-context workqueue. */
START_TEST(test_diff_bh_exclusion_lost)
{
	static const char text[] = "shared-data spin_lock_bh\ncpu0 irq: schedule\n";
	ta_protocol *p;
	ta_rc_result *r = check_text(text, TA_RC_TO_WQ, &p);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_BH_EXCLUSION);

	ck_assert_int_eq(r->verdict, TA_RC_UNSAFE);
	ck_assert_ptr_nonnull(d);
	ck_assert(d->safety);
	ck_assert_str_eq(d->trace_model, "wq");
	ck_assert_uint_eq(d->trace.n, 3);
	ck_assert(strstr(d->trace.lines[0], "cpu0 irq: queue_work()"));
	ck_assert(strstr(d->trace.lines[1], "cpu0 kworker: callback starts"));
	ck_assert(strstr(d->trace.lines[2], "cpu0 process: spin_lock_bh()"));
	ck_assert(strstr(d->trace.lines[2], "the callback is mid-run on this CPU"));
	ck_assert(ops_have(d, ta_protocol_shared_op(p)));
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_CONTEXT));
	ta_rc_result_free(&r);

	/* A BH workqueue keeps the exclusion. */
	r = ta_rc_check(p, TA_RC_TO_BH, NULL);
	ck_assert_int_eq(r->verdict, TA_RC_EQUIVALENT);
	ck_assert_uint_eq(r->ndifferences, 0);
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
}
END_TEST

/* (d) tasklet_disable() in atomic context may sleep. */
START_TEST(test_diff_disable_in_atomic_sleeps)
{
	static const char text[] = "cpu0 irq: schedule\ncpu1 atomic: disable; enable\n";
	ta_rc_result *r = check_text(text, TA_RC_TO_BH, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_MAY_SLEEP);

	ck_assert_ptr_nonnull(d);
	ck_assert(!d->safety); /* the conversion fixes it: disable_work_sync() spins on BH work */
	ck_assert_int_eq(r->verdict, TA_RC_DIFFERS);
	ck_assert_str_eq(d->trace_model, "tasklet");
	ck_assert_uint_eq(d->trace.n, 1);
	ck_assert(strstr(d->trace.lines[0], "cpu1 atomic: tasklet_disable()"));
	ck_assert(strstr(d->explanation, "a call that may sleep is made from atomic context"));
	ta_rc_result_free(&r);

	/* A non-BH work item needs a sleepable context: the bug is kept. */
	r = check_text(text, TA_RC_TO_WQ, NULL);
	ck_assert_int_eq(r->verdict, TA_RC_UNSAFE);
	ck_assert_uint_eq(r->nhazards, 1);
	ck_assert_int_eq(r->hazards[0].prop, TA_RC_PROP_MAY_SLEEP);
	ck_assert(trace_has(&r->hazards[0].trace, "cpu1 atomic: disable_work_sync()"));
	ck_assert_str_eq(r->hazards[0].other_model, "tasklet");
	ck_assert(trace_has(&r->hazards[0].other_trace,
			    "cpu1 atomic: tasklet_disable() -- may sleep"));
	ta_rc_result_free(&r);

	/* tasklet_disable_in_atomic() is allowed there. */
	r = check_text("cpu0 irq: schedule\ncpu1 atomic: disable_in_atomic; enable\n", TA_RC_TO_BH,
		       NULL);
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_MAY_SLEEP));
	ta_rc_result_free(&r);
}
END_TEST

/* ---- more checker behaviour --------------------------------------------------- */

START_TEST(test_equivalent_hi_selfresched)
{
	static const char text[] =
		"option hi\ncpu0 irq: schedule\ncpu0 irq: schedule\ncallback: reschedule\n";
	ta_rc_result *r = check_text(text, TA_RC_TO_BH, NULL);

	ck_assert_int_eq(r->verdict, TA_RC_EQUIVALENT);
	ck_assert_uint_eq(r->ndifferences, 0);
	ck_assert_uint_eq(r->nhazards, 0);
	ta_rc_result_free(&r);

	/* The timer keeps the softirq but not the priority. */
	r = check_text(text, TA_RC_TO_TIMER, NULL);
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_PRIORITY));
	ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_CONTEXT));
	ta_rc_result_free(&r);

	/* Without "option hi" the system_bh_wq mapping keeps TASKLET_SOFTIRQ. */
	r = check_text("cpu0 irq: hi_schedule\n", TA_RC_TO_BH, NULL);
	ck_assert_int_eq(r->verdict, TA_RC_EQUIVALENT);
	ta_rc_result_free(&r);
}
END_TEST

START_TEST(test_never_concurrent)
{
	static const char *const texts[] = {
		"cpu0 irq: schedule\ncpu1 irq: schedule\ncallback: reschedule\n",
		"cpu0 irq: schedule\ncpu1 irq: schedule\ncpu1 process: disable; enable\n"
		"remove: kill\n",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(*texts); i++) {
		for (int to = 0; to < TA_RC_NTARGETS; to++) {
			ta_rc_result *r = check_text(texts[i], (enum ta_rc_target)to, NULL);

			ck_assert_ptr_null(ta_rc_result_find(r, TA_RC_PROP_CONCURRENCY));
			ta_rc_result_free(&r);
		}
	}
}
END_TEST

START_TEST(test_non_reentrancy_moves_cpu)
{
	ta_rc_result *r = check_text("cpu0 irq: schedule\ncpu1 irq: schedule\n", TA_RC_TO_BH, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_CPU);

	ck_assert_ptr_nonnull(d);
	ck_assert(trace_has(&d->trace, "queued on the CPU where it is still running"));
	ta_rc_result_free(&r);
}
END_TEST

START_TEST(test_kill_of_disabled_hangs)
{
	ta_rc_result *r = check_text("option disabled\ncpu0 irq: schedule\nremove: kill\n",
				     TA_RC_TO_BH, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_NEVER_RETURNS);

	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->trace_model, "tasklet");
	ck_assert(!d->safety);
	ck_assert(strstr(d->trace.lines[d->trace.n - 1], "a call never returns"));
	ta_rc_result_free(&r);
}
END_TEST

START_TEST(test_self_kill_and_atomic_deadlock)
{
	/* tasklet_kill() from the callback waits for its own RUN bit. */
	ta_rc_result *r = check_text("cpu0 irq: schedule\ncallback: kill\n", TA_RC_TO_BH, NULL);

	ck_assert_int_eq(r->verdict, TA_RC_UNSAFE);
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_NEVER_RETURNS));
	ck_assert_uint_eq(r->nhazards, 1);
	ta_rc_result_free(&r);

	/* An interrupt spinning in tasklet_disable_in_atomic() over its own CPU's callback. */
	r = check_text("cpu0 process: schedule\ncpu0 irq: disable_in_atomic; enable\n", TA_RC_TO_BH,
		       NULL);
	ck_assert(ta_rc_result_find(r, TA_RC_PROP_NEVER_RETURNS)->safety);
	ck_assert(ta_rc_result_find(r, TA_RC_PROP_MAY_SLEEP)->safety);
	ta_rc_result_free(&r);
}
END_TEST

START_TEST(test_unmapped_operations)
{
	ta_rc_result *r = check_text("cpu0 process: schedule\n", TA_RC_TO_THREADED_IRQ, NULL);
	const struct ta_rc_difference *d = ta_rc_result_find(r, TA_RC_PROP_MAPPING);

	ck_assert_ptr_nonnull(d);
	ck_assert(d->safety);
	ck_assert_int_eq(r->verdict, TA_RC_UNSAFE);
	ck_assert(trace_has(&d->trace, "only the primary handler"));
	ta_rc_result_free(&r);

	r = check_text("cpu0 irq: schedule\ncpu1 process: disable; enable\n", TA_RC_TO_TIMER, NULL);
	ck_assert_ptr_nonnull(ta_rc_result_find(r, TA_RC_PROP_MAPPING));
	ta_rc_result_free(&r);
}
END_TEST

START_TEST(test_bounds_reported)
{
	ta_protocol *p = parse_ok("cpu0 irq: schedule\ncpu1 irq: schedule\ncallback: reschedule\n");
	struct ta_rc_opts o = {64, 5, 2};
	ta_rc_result *r = ta_rc_check(p, TA_RC_TO_BH, &o);
	char *text;

	ck_assert(!r->complete);
	ck_assert_uint_le(r->states_tasklet, 5);
	text = ta_rc_result_render(r, p);
	ck_assert(strstr(text, "search cut short by the bound"));
	free(text);
	ta_rc_result_free(&r);
	o.max_states = 100000;
	o.max_depth = 3;
	r = ta_rc_check(p, TA_RC_TO_BH, &o);
	ck_assert(!r->complete);
	ck_assert_uint_eq(r->bound_depth, 3);
	ta_rc_result_free(&r);
	/* More self re-schedules, more states. */
	o.max_depth = 64;
	o.max_resched = 0;
	r = ta_rc_check(p, TA_RC_TO_BH, &o);
	o.max_resched = 3;
	{
		ta_rc_result *r2 = ta_rc_check(p, TA_RC_TO_BH, &o);

		ck_assert(r->complete && r2->complete);
		ck_assert_uint_lt(r->states_explored, r2->states_explored);
		ta_rc_result_free(&r2);
	}
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
}
END_TEST

START_TEST(test_render)
{
	ta_protocol *p;
	ta_rc_result *r = check_text("cpu0 irq: schedule@drivers/foo.c:12\nremove: kill\n",
				     TA_RC_TO_WQ, &p);
	char *text = ta_rc_result_render(r, p);

	ck_assert(strstr(text, "target: wq\n"));
	ck_assert(strstr(text, "verdict: differs\n"));
	ck_assert(strstr(text, "states explored: "));
	ck_assert(strstr(text, "bound: 64 events per trace"));
	ck_assert(strstr(text, "difference 1: "));
	ck_assert(strstr(text, "pending-on-kill"));
	ck_assert(strstr(text, "operations: drivers/foo.c:12 (schedule), t.proto:2 (kill)"));
	ck_assert(strstr(text, "[drivers/foo.c:12]"));
	free(text);
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
}
END_TEST

/* ---- protocols -------------------------------------------------------------- */

START_TEST(test_protocol_parse)
{
	ta_protocol *p = parse_ok(
		"# a comment\n"
		"option hi\n"
		"option enable-and-queue   # trailing comment\n"
		"shared-data spin_lock_bh\n"
		"\n"
		"cpu1 irq: tasklet_schedule@drv.c:7 ;\n"
		"cpu0 process: spin_lock_bh; disable_nosync ; spin_unlock_bh; enable\n"
		"callback: reschedule\n"
		"cpu1 remove: kill\r\n");
	const struct ta_proto_actor *a;
	const struct ta_proto_op *op;

	ck_assert(ta_protocol_hi(p) && ta_protocol_enable_and_queue(p) && ta_protocol_shared_bh(p));
	ck_assert(!ta_protocol_start_disabled(p));
	ck_assert_uint_eq(ta_protocol_nactors(p), 4);
	ck_assert_uint_eq(ta_protocol_nops(p), 8);
	a = ta_protocol_actor(p, 0);
	ck_assert(a->kind == TA_ACTOR_DRIVER && a->ctx == TA_RC_HARDIRQ && a->cpu == 1);
	op = ta_protocol_op(p, a->ops[0]);
	ck_assert_int_eq(op->kind, TA_PROTO_SCHEDULE);
	ck_assert_str_eq(op->site, "drv.c:7");
	ck_assert_uint_eq(op->line, 6);
	ck_assert_uint_eq(op->col, 11);
	a = ta_protocol_actor(p, 1);
	ck_assert_uint_eq(a->nops, 4);
	ck_assert_str_eq(ta_protocol_op(p, a->ops[1])->site, "t.proto:7");
	ck_assert_uint_eq(ta_protocol_callback(p), 2);
	ck_assert_int_eq(ta_protocol_op(p, ta_protocol_actor(p, 2)->ops[0])->kind,
			 TA_PROTO_SCHEDULE);
	a = ta_protocol_actor(p, 3);
	ck_assert(a->kind == TA_ACTOR_REMOVE && a->cpu == 1 && a->ctx == TA_RC_PROCESS);
	ck_assert_int_eq(ta_protocol_op(p, ta_protocol_shared_op(p))->kind, TA_PROTO_SHARED_DATA);
	ta_protocol_free(&p);
	ck_assert_ptr_null(p);
}
END_TEST

START_TEST(test_protocol_format_round_trip)
{
	static const char text[] = "option hi\n"
				   "option disabled\n"
				   "shared-data spin_lock_bh\n"
				   "cpu0 irq: schedule@a.c:1; hi_schedule\n"
				   "cpu1 atomic: disable_in_atomic; enable\n"
				   "callback: schedule\n"
				   "cpu0 remove: unlock_wait; kill\n";
	ta_protocol *p = parse_ok(text);
	char *out = ta_protocol_format(p);
	ta_protocol *q = parse_ok(out);
	char *out2 = ta_protocol_format(q);

	ck_assert_str_eq(out, text);
	ck_assert_str_eq(out, out2);
	free(out);
	free(out2);
	ta_protocol_free(&p);
	ta_protocol_free(&q);
}
END_TEST

START_TEST(test_protocol_builder)
{
	ta_protocol *p = ta_protocol_new();
	ta_protocol *q = parse_ok("cpu0 irq: schedule\nremove: kill\n");
	long irq, rm;
	ta_rc_result *r1, *r2;

	irq = ta_protocol_add_actor(p, TA_ACTOR_DRIVER, TA_RC_HARDIRQ, 0);
	rm = ta_protocol_add_actor(p, TA_ACTOR_REMOVE, TA_RC_PROCESS, 0);
	ck_assert_int_eq(ta_protocol_add_op(p, (size_t)irq, TA_PROTO_SCHEDULE, "x.c:3"), 0);
	ck_assert_int_eq(ta_protocol_add_op(p, (size_t)rm, TA_PROTO_KILL, NULL), 1);
	ck_assert_str_eq(ta_protocol_op(p, 1)->site, "op1");
	ck_assert_int_eq(ta_protocol_validate(p, NULL), 0);
	r1 = ta_rc_check(p, TA_RC_TO_BH, NULL);
	r2 = ta_rc_check(q, TA_RC_TO_BH, NULL);
	ck_assert_int_eq(r1->verdict, r2->verdict);
	ck_assert_uint_eq(r1->ndifferences, r2->ndifferences);
	ck_assert_uint_eq(r1->states_explored, r2->states_explored);
	for (size_t i = 0; i < r1->ndifferences; i++)
		ck_assert_int_eq(r1->differences[i].prop, r2->differences[i].prop);
	ta_rc_result_free(&r1);
	ta_rc_result_free(&r2);
	ta_protocol_free(&p);
	ta_protocol_free(&q);
}
END_TEST

/* A malformed protocol: the error line, column and a word of the message. */
static const struct {
	const char *text;
	unsigned line, col;
	const char *msg;
} bad_protocols[] = {
	{"cpu0 irq: frobnicate\n", 1, 11, "unknown operation 'frobnicate'"},
	{"cpu0 irq: schedule\ncpu0 nmi: schedule\n", 2, 6, "unknown context 'nmi'"},
	{"cpu0 irq schedule\n", 1, 10, "expected ':'"},
	{"cpu2 irq: schedule\n", 1, 1, "no CPU 'cpu2'"},
	{"option turbo\ncpu0 irq: schedule\n", 1, 8, "unknown option 'turbo'"},
	{"cpu0 irq: spin_lock_bh\n", 1, 11, "process actors only"},
	{"cpu0 irq:\n", 1, 10, "expected an operation"},
	{"cpu0 irq: schedule;; kill\n", 1, 20, "expected an operation, found ';'"},
	{"cpu0 irq: schedule@\n", 1, 19, "empty site"},
	{"cpu0 irq: schedule kill\n", 1, 20, "unexpected 'k'"},
	{"cpu0 irq: reschedule\n", 1, 11, "unknown operation 'reschedule'"},
	{"cpu0 irq: schedule\ncallback: schedule\ncallback: schedule\n", 3, 1,
	 "second 'callback:'"},
	{"cpu0 irq: schedule\ncpu1 callback: schedule\n", 2, 6, "no CPU allowed"},
	{"shared-data mutex\ncpu0 irq: schedule\n", 1, 13, "expected 'spin_lock_bh'"},
	{"cpu0 process: spin_lock_bh; spin_lock_bh; spin_unlock_bh\n", 1, 29, "nested"},
	{"cpu0 process: spin_unlock_bh\n", 1, 15, "without 'spin_lock_bh'"},
	{"cpu0 process: spin_lock_bh\n", 1, 1, "never released"},
	{"callback: schedule\n", 1, 0, "no driver actor"},
	{"", 1, 0, "no driver actor"},
	{"frob: schedule\n", 1, 1, "unknown item 'frob'"},
	{"cpu0 irq: schedule; schedule; schedule; schedule; schedule; schedule; schedule; "
	 "schedule; schedule\n",
	 1, 91, "too many operations"},
	{"cpu0 irq: schedule\ncpu0 irq: schedule\ncpu0 irq: schedule\ncpu0 irq: schedule\n"
	 "cpu0 irq: schedule\ncpu0 irq: schedule\ncpu0 irq: schedule\n",
	 7, 6, "too many actors"},
};

START_TEST(test_protocol_errors)
{
	struct ta_proto_error err;
	ta_protocol *p;

	memset(&err, 0, sizeof(err));
	p = ta_protocol_parse(bad_protocols[_i].text, "bad.proto", &err);
	ck_assert_msg(p == NULL, "case %d parsed", _i);
	ck_assert_msg(strstr(err.msg, bad_protocols[_i].msg), "case %d: message '%s'", _i, err.msg);
	ck_assert_msg(err.line == bad_protocols[_i].line, "case %d: line %u", _i, err.line);
	if (bad_protocols[_i].col)
		ck_assert_msg(err.col == bad_protocols[_i].col, "case %d: col %u", _i, err.col);
	/* also without an error struct */
	ck_assert_ptr_null(ta_protocol_parse(bad_protocols[_i].text, NULL, NULL));
}
END_TEST

/* ---- bad arguments ------------------------------------------------------------ */

START_TEST(test_bad_arguments)
{
	struct ta_proto_error err;
	ta_protocol *p = NULL;
	ta_rc_result *r = NULL;
	char *why;
	long a;

	ta_protocol_free(NULL);
	ta_protocol_free(&p);
	ta_rc_result_free(NULL);
	ta_rc_result_free(&r);
	ck_assert_ptr_null(ta_protocol_parse(NULL, "x", &err));
	ck_assert_ptr_null(ta_protocol_load(NULL, &err));
	ck_assert_ptr_null(ta_protocol_load("/nonexistent/x.proto", &err));
	ck_assert(strstr(err.msg, "cannot open '/nonexistent/x.proto'"));
	ck_assert_uint_eq(err.line, 0);
	ck_assert_int_eq(ta_protocol_add_actor(NULL, TA_ACTOR_DRIVER, TA_RC_HARDIRQ, 0), -1);
	ck_assert_int_eq(ta_protocol_add_op(NULL, 0, TA_PROTO_SCHEDULE, NULL), -1);
	ck_assert_int_eq(ta_protocol_set_shared_bh(NULL, NULL), -1);
	ck_assert_int_eq(ta_protocol_validate(NULL, &err), -1);
	ck_assert_ptr_null(ta_protocol_format(NULL));
	ck_assert_uint_eq(ta_protocol_nops(NULL), 0);
	ck_assert_ptr_null(ta_protocol_op(NULL, 0));
	ck_assert_ptr_null(ta_rc_check(NULL, TA_RC_TO_BH, NULL));
	ck_assert_ptr_null(ta_rc_result_render(NULL, NULL));
	ck_assert_ptr_null(ta_rc_result_find(NULL, TA_RC_PROP_LOST_RUN));

	p = ta_protocol_new();
	/* an empty protocol is invalid and not checked */
	ck_assert_int_eq(ta_protocol_validate(p, &err), -1);
	ck_assert_ptr_null(ta_rc_check(p, TA_RC_TO_BH, NULL));
	ck_assert_int_eq(ta_protocol_add_actor(p, TA_ACTOR_DRIVER, TA_RC_HARDIRQ, 2), -1);
	ck_assert_int_eq(ta_protocol_add_actor(p, TA_ACTOR_DRIVER, (enum ta_rc_ctx)9, 0), -1);
	ck_assert_int_eq(ta_protocol_add_actor(p, (enum ta_actor_kind)7, TA_RC_PROCESS, 0), -1);
	a = ta_protocol_add_actor(p, TA_ACTOR_DRIVER, TA_RC_HARDIRQ, 0);
	ck_assert_int_eq(a, 0);
	ck_assert_int_eq(ta_protocol_add_op(p, 5, TA_PROTO_SCHEDULE, NULL), -1);
	ck_assert_int_eq(ta_protocol_add_op(p, 0, TA_PROTO_NOPK, NULL), -1);
	ck_assert_int_eq(ta_protocol_add_op(p, 0, TA_PROTO_SHARED_DATA, NULL), -1);
	ck_assert_int_eq(ta_protocol_add_op(p, 0, TA_PROTO_SPIN_LOCK_BH, NULL), -1);
	ck_assert_int_eq(ta_protocol_add_op(p, 0, TA_PROTO_SCHEDULE, NULL), 0);
	ck_assert_int_eq(ta_protocol_add_actor(p, TA_ACTOR_CALLBACK, TA_RC_PROCESS, 0), 1);
	ck_assert_int_eq(ta_protocol_add_actor(p, TA_ACTOR_CALLBACK, TA_RC_PROCESS, 0), -1);
	ck_assert_ptr_null(ta_rc_check(p, (enum ta_rc_target)TA_RC_NTARGETS, NULL));
	ck_assert_ptr_null(ta_rc_result_render(NULL, p));
	ta_protocol_free(&p);

	ck_assert_int_eq(ta_proto_op_from_name(NULL), TA_PROTO_NOPK);
	ck_assert_int_eq(ta_proto_op_from_name("tasklet_kill"), TA_PROTO_KILL);
	ck_assert_int_eq(ta_proto_op_from_name("shared-data"), TA_PROTO_NOPK);
	ck_assert_int_eq(ta_rc_target_from_name("process", NULL), -1);
	ck_assert_int_eq(ta_rc_target_from_name(NULL, NULL), -1);
	ck_assert_str_eq(ta_rc_target_name((enum ta_rc_target)99), "?");
	ck_assert_str_eq(ta_rc_prop_name((enum ta_rc_prop)99), "?");
	why = ta_conform_run(ta_conform_count());
	ck_assert_ptr_nonnull(why);
	ck_assert(strstr(why, "no conformance case"));
	free(why);
	ck_assert_ptr_null(ta_rc_mutation_name(0));
	ck_assert_ptr_nonnull(ta_rc_mutation_name(TA_RC_NMUTATIONS));
	ck_assert_ptr_null(ta_rc_mutation_name(TA_RC_NMUTATIONS + 1));
}
END_TEST

/* ---- the model subcommand ------------------------------------------------------ */

START_TEST(test_cmd_help)
{
	const char *argv[] = {"model", "--help", NULL};
	char *out, *err;

	ck_assert_int_eq(run_model(&out, &err, 2, argv), 0);
	ck_assert(strstr(out, "usage: tasklet-audit model --protocol FILE --to TARGET"));
	ck_assert_str_eq(err, "");
	free(out);
	free(err);
}
END_TEST

START_TEST(test_cmd_selftest)
{
	const char *argv[] = {"model", "--selftest", NULL};
	char *out, *err, *want = xasprintf("%zu passed, 0 failed\n", ta_conform_count());

	ck_assert_int_eq(run_model(&out, &err, 2, argv), 0);
	ck_assert_str_eq(out, want);
	ck_assert_str_eq(err, "");
	free(want);
	free(out);
	free(err);
}
END_TEST

/* One "# CHECK: --to TARGET: VERDICT: "TEXT"" line of a protocol file. */
struct proto_check {
	char *to, *verdict, *has;
};

/*
 * The CHECK lines of a protocol file's text: what `model --protocol FILE
 * --to TARGET` prints for it, the verdict and a text the output contains.
 * A malformed CHECK line fails the test.
 */
static size_t proto_checks(const char *file, const char *text, struct proto_check **out)
{
	static const char tag[] = "# CHECK: --to ";
	size_t n = 0, cap = 0;

	*out = NULL;
	for (const char *l = text; *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n')) {
		size_t len = strcspn(l, "\n");
		char *line, *to, *verdict, *has, *end;
		if (!ta_str_starts(l, tag)) {
			ck_assert_msg(!memmem(l, len, "CHECK", 5),
				      "%s: a CHECK line must start with '%s': %.*s", file, tag,
				      (int)len, l);
			continue;
		}
		line = xstrndup(l + strlen(tag), len - strlen(tag));
		to = line;
		verdict = strstr(to, ": ");
		has = verdict ? strstr(verdict + 2, ": \"") : NULL;
		end = has ? strrchr(has + 3, '"') : NULL;
		ck_assert_msg(
			end && end[1] == '\0',
			"%s: a CHECK line is not '# CHECK: --to TARGET: VERDICT: \"TEXT\"': %.*s",
			file, (int)len, l);
		*verdict = *has = *end = '\0';
		TA_PUSH(*out, n, cap,
			((struct proto_check){xstrdup(to), xstrdup(verdict + 2),
					      xstrdup(has + 3)}));
		free(line);
	}
	return n;
}

static char **protos; /* the .proto files of corpus/protocols, from the directory */
static size_t n_protos;

/* Every protocol of the corpus gives what its CHECK lines say. */
START_TEST(test_cmd_compare_corpus)
{
	char *path = xasprintf("%s%s", PROTO_DIR, protos[_i]);
	char *text = ta_read_file(path, NULL);
	struct proto_check *c;
	size_t n;

	ck_assert_msg(text != NULL, "cannot read '%s'", path);
	n = proto_checks(protos[_i], text, &c);
	ck_assert_msg(n > 0, "%s: no '# CHECK: --to TARGET: VERDICT: \"TEXT\"' line", path);
	for (size_t i = 0; i < n; i++) {
		char *verdict = xasprintf("verdict: %s\n", c[i].verdict);
		const char *argv[] = {"model", "--protocol", path, "--to", c[i].to, NULL};
		char *out, *err;

		ck_assert_int_eq(run_model(&out, &err, 5, argv), 0);
		ck_assert_msg(strstr(out, verdict), "%s --to %s: %s", protos[_i], c[i].to, out);
		ck_assert_msg(strstr(out, c[i].has), "%s --to %s: no '%s'", protos[_i], c[i].to,
			      c[i].has);
		ck_assert_str_eq(err, "");
		free(out);
		free(err);
		free(verdict);
		free(c[i].to);
		free(c[i].verdict);
		free(c[i].has);
	}
	free(c);
	free(text);
	free(path);
}
END_TEST

START_TEST(test_cmd_bad_protocol)
{
	char path[] = "/tmp/ta-refcore-badXXXXXX";
	int fd = mkstemp(path);
	const char *argv[] = {"model", "-p", path, "-t", "bh", NULL};
	char *out, *err, *want;

	ck_assert(fd >= 0);
	ck_assert(write(fd, "cpu0 irq: schedule\ncpu1 process: disable; frob\n", 47) == 47);
	close(fd);
	ck_assert_int_eq(run_model(&out, &err, 5, argv), 2);
	want = xasprintf("%s:2:", path);
	ck_assert(ta_str_starts(err, want));
	ck_assert(strstr(err, ": error: unknown operation 'frob'"));
	ck_assert_uint_eq(count_lines(err), 1);
	ck_assert_str_eq(out, "");
	unlink(path);
	free(want);
	free(out);
	free(err);
}
END_TEST

START_TEST(test_cmd_usage_errors)
{
	static const struct {
		int argc;
		const char *argv[6];
		const char *msg;
	} cases[] = {
		{1, {"model"}, "needs --protocol FILE and --to TARGET"},
		{3, {"model", "-p", "x.proto"}, "needs --protocol"},
		{5,
		 {"model", "-p", PROTO_DIR "kill_pending.proto", "-t", "fiber"},
		 "unknown target 'fiber'"},
		{3, {"model", "--selftest", "--to=bh"}, "takes no protocol"},
		{2, {"model", "--frob"}, "unknown option '--frob'"},
		{2, {"model", "-p"}, "needs an argument"},
		{3, {"model", "--selftest", "extra"}, "unexpected argument 'extra'"},
		{6, {"model", "--max-depth", "0", "-p", "x", "-t"}, "invalid --max-depth '0'"},
		{5,
		 {"model", "-p", "/nonexistent.proto", "-t", "bh"},
		 "cannot open '/nonexistent.proto'"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *out, *err;

		ck_assert_int_eq(run_model(&out, &err, cases[i].argc, cases[i].argv), 2);
		ck_assert_msg(strstr(err, cases[i].msg), "case %zu: %s", i, err);
		ck_assert_str_eq(out, "");
		free(out);
		free(err);
	}
}
END_TEST

static Suite *refcore_suite(void)
{
	Suite *s = suite_create("refcore");
	TCase *tc;

	tc = tcase_create("conformance");
	tcase_add_loop_test(tc, test_conformance_case, 0, (int)ta_conform_count());
	tcase_add_test(tc, test_conformance_table);
	suite_add_tcase(s, tc);

	tc = tcase_create("differences");
	tcase_add_test(tc, test_diff_kill_is_not_cancel);
	tcase_add_test(tc, test_explanation_says_it_once);
	tcase_add_test(tc, test_diff_disable_does_not_replay);
	tcase_add_test(tc, test_diff_bh_exclusion_lost);
	tcase_add_test(tc, test_diff_disable_in_atomic_sleeps);
	tcase_add_test(tc, test_equivalent_hi_selfresched);
	tcase_add_test(tc, test_never_concurrent);
	tcase_add_test(tc, test_non_reentrancy_moves_cpu);
	tcase_add_test(tc, test_kill_of_disabled_hangs);
	tcase_add_test(tc, test_self_kill_and_atomic_deadlock);
	tcase_add_test(tc, test_unmapped_operations);
	tcase_add_test(tc, test_bounds_reported);
	tcase_add_test(tc, test_render);
	suite_add_tcase(s, tc);

	tc = tcase_create("protocol");
	tcase_add_test(tc, test_protocol_parse);
	tcase_add_test(tc, test_protocol_format_round_trip);
	tcase_add_test(tc, test_protocol_builder);
	tcase_add_loop_test(tc, test_protocol_errors, 0,
			    (int)(sizeof(bad_protocols) / sizeof(*bad_protocols)));
	tcase_add_test(tc, test_bad_arguments);
	suite_add_tcase(s, tc);

	tc = tcase_create("command");
	tcase_add_test(tc, test_cmd_help);
	tcase_add_test(tc, test_cmd_selftest);
	tcase_add_loop_test(tc, test_cmd_compare_corpus, 0, (int)n_protos);
	tcase_add_test(tc, test_cmd_bad_protocol);
	tcase_add_test(tc, test_cmd_usage_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int rc;

	n_protos = tu_find_files(PROTO_DIR, ".proto", &protos);
	if (n_protos == 0) {
		fprintf(stderr, "no protocol in '%s'\n", PROTO_DIR);
		return EXIT_FAILURE;
	}
	rc = tu_run(refcore_suite());
	tu_strv_free(protos, n_protos);
	return rc;
}
