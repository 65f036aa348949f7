// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_pool.c - the worker pool: results come back per item whatever the
 * dispatch order and worker count; a worker killed by a signal, one that
 * exits and one that hangs past the timeout cost only their own item; a
 * result larger than a pipe buffer arrives whole; n = 0 and bad worker
 * counts are handled; started in one call and finished in another, the
 * workers run while the caller does something else.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "pool.h"
#include "testutil.h"

enum { N = 12 };

/* How each item behaves; indexed by item. */
enum action { ECHO, SEGV, EXIT5, HANG, BIG, SILENT };

struct ctx {
	enum action act[N];
	size_t progress_calls, last_done, last_total;
	bool progress_monotonic;
};

static void job(void *vctx, size_t index, ta_buf *out)
{
	struct ctx *c = vctx;

	switch (c->act[index]) {
	case ECHO:
		ta_buf_printf(out, "item %zu", index);
		break;
	case SEGV:
		ta_buf_puts(out, "partial");
		signal(SIGSEGV, SIG_DFL); /* die by the signal even under ASan's handler */
		raise(SIGSEGV);
		break;
	case EXIT5:
		_exit(5);
	case HANG:
		sleep(60);
		ta_buf_puts(out, "woke up");
		break;
	case BIG:
		for (size_t i = 0; i < 300000; i++)
			ta_buf_printf(out, "%zu\n", i % 10);
		break;
	case SILENT:
		break;
	}
}

static void progress(void *vctx, size_t done, size_t total)
{
	struct ctx *c = vctx;

	if (done != c->last_done + 1)
		c->progress_monotonic = false;
	c->progress_calls++;
	c->last_done = done;
	c->last_total = total;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void assert_echo(const ta_pool_result *r, size_t i)
{
	char want[64];

	snprintf(want, sizeof(want), "item %zu", i);
	ck_assert_msg(r->outcome == TA_POOL_DONE, "item %zu: outcome %d", i, r->outcome);
	ck_assert_ptr_nonnull(r->text);
	ck_assert_str_eq(r->text, want);
	ck_assert(r->seconds >= 0);
}

/* Run all N items (in reverse order when asked) with `jobs` workers. */
static void run(struct ctx *c, int jobs, unsigned timeout, bool reverse, ta_pool_result *res)
{
	size_t order[N];

	for (size_t i = 0; i < N; i++)
		order[i] = reverse ? N - 1 - i : i;
	memset(res, 0, N * sizeof(*res));
	c->progress_monotonic = true;
	ck_assert_int_eq(ta_pool_run(N, order, jobs, timeout, job, c, res, progress), 0);
	ck_assert_uint_eq(c->progress_calls, N);
	ck_assert_uint_eq(c->last_done, N);
	ck_assert_uint_eq(c->last_total, N);
	ck_assert(c->progress_monotonic);
}

static const int job_counts[] = {1, 4};

START_TEST(test_echo)
{
	struct ctx c = {0};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 0, false, res);
	for (size_t i = 0; i < N; i++)
		assert_echo(&res[i], i);
	ta_pool_results_free(res, N);
	for (size_t i = 0; i < N; i++)
		ck_assert_ptr_null(res[i].text);
}
END_TEST

/* Results land in the item's slot, not in dispatch order. */
START_TEST(test_reverse_order)
{
	struct ctx c = {0};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 0, true, res);
	for (size_t i = 0; i < N; i++)
		assert_echo(&res[i], i);
	ta_pool_results_free(res, N);
}
END_TEST

START_TEST(test_crash_signal)
{
	struct ctx c = {.act = {[3] = SEGV}};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 0, false, res);
	ck_assert_int_eq(res[3].outcome, TA_POOL_CRASHED);
	ck_assert_int_eq(res[3].signal, SIGSEGV);
	ck_assert_ptr_null(res[3].text);
	for (size_t i = 0; i < N; i++)
		if (i != 3)
			assert_echo(&res[i], i);
	ta_pool_results_free(res, N);
}
END_TEST

START_TEST(test_crash_exit)
{
	struct ctx c = {.act = {[0] = EXIT5, [N - 1] = EXIT5}};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 0, false, res);
	for (size_t i = 0; i < N; i++) {
		if (i == 0 || i == N - 1) {
			ck_assert_int_eq(res[i].outcome, TA_POOL_CRASHED);
			ck_assert_int_eq(res[i].signal, 0);
			ck_assert_ptr_null(res[i].text);
		} else {
			assert_echo(&res[i], i);
		}
	}
	ta_pool_results_free(res, N);
}
END_TEST

START_TEST(test_timeout)
{
	struct ctx c = {.act = {[5] = HANG}};
	ta_pool_result res[N];
	double t0 = now(), elapsed;

	run(&c, job_counts[_i], 1, false, res);
	elapsed = now() - t0;
	ck_assert_int_eq(res[5].outcome, TA_POOL_TIMEOUT);
	ck_assert_ptr_null(res[5].text);
	ck_assert_msg(res[5].seconds >= 1.0 && res[5].seconds < 5.0, "timed out after %.2f s",
		      res[5].seconds);
	ck_assert_msg(elapsed < 10.0, "the run took %.2f s", elapsed);
	for (size_t i = 0; i < N; i++)
		if (i != 5)
			assert_echo(&res[i], i);
	ta_pool_results_free(res, N);
}
END_TEST

/* A result far larger than a pipe buffer, and an empty one. */
START_TEST(test_big_and_empty_results)
{
	struct ctx c = {.act = {[2] = BIG, [7] = SILENT}};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 30, false, res);
	ck_assert_int_eq(res[2].outcome, TA_POOL_DONE);
	ck_assert_uint_eq(strlen(res[2].text), 600000);
	for (size_t i = 0; i < 300000; i++) {
		if (res[2].text[2 * i] != (char)('0' + i % 10) || res[2].text[2 * i + 1] != '\n')
			ck_abort_msg("big result corrupt at line %zu", i);
	}
	ck_assert_int_eq(res[7].outcome, TA_POOL_DONE);
	ck_assert_ptr_nonnull(res[7].text);
	ck_assert_str_eq(res[7].text, "");
	assert_echo(&res[8], 8);
	ta_pool_results_free(res, N);
}
END_TEST

/* Everything goes wrong at once, with more workers than items left. */
START_TEST(test_mixed_failures)
{
	struct ctx c = {.act = {[0] = HANG, [1] = SEGV, [2] = EXIT5, [3] = HANG}};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 1, false, res);
	ck_assert_int_eq(res[0].outcome, TA_POOL_TIMEOUT);
	ck_assert_int_eq(res[1].outcome, TA_POOL_CRASHED);
	ck_assert_int_eq(res[1].signal, SIGSEGV);
	ck_assert_int_eq(res[2].outcome, TA_POOL_CRASHED);
	ck_assert_int_eq(res[2].signal, 0);
	ck_assert_int_eq(res[3].outcome, TA_POOL_TIMEOUT);
	for (size_t i = 4; i < N; i++)
		assert_echo(&res[i], i);
	ta_pool_results_free(res, N);
}
END_TEST

START_TEST(test_zero_items)
{
	struct ctx c = {0};
	ta_pool_result res[1] = {{.outcome = TA_POOL_TIMEOUT}};

	ck_assert_int_eq(ta_pool_run(0, NULL, 4, 1, job, &c, res, progress), 0);
	ck_assert_uint_eq(c.progress_calls, 0);
	ck_assert_int_eq(res[0].outcome, TA_POOL_TIMEOUT); /* untouched */
	ta_pool_results_free(res, 0);
}
END_TEST

/* jobs < 1 means one worker; more workers than items is fine. */
START_TEST(test_bad_job_counts)
{
	static const int counts[] = {0, -3, 64};
	size_t order[3] = {0, 1, 2};

	for (size_t k = 0; k < sizeof(counts) / sizeof(*counts); k++) {
		struct ctx c = {0};
		ta_pool_result res[3];
		memset(res, 0, sizeof(res));
		c.progress_monotonic = true;
		ck_assert_int_eq(ta_pool_run(3, order, counts[k], 0, job, &c, res, NULL), 0);
		for (size_t i = 0; i < 3; i++)
			assert_echo(&res[i], i);
		ck_assert_uint_eq(c.progress_calls, 0); /* no callback given */
		ta_pool_results_free(res, 3);
	}
}
END_TEST

static void on_sigpipe(int sig)
{
	(void)sig;
}

/* The pool ignores SIGPIPE while it runs and puts the caller's handler back. */
START_TEST(test_sigpipe_restored)
{
	struct ctx c = {.act = {[1] = SEGV}};
	ta_pool_result res[N];

	signal(SIGPIPE, on_sigpipe);
	run(&c, job_counts[_i], 0, false, res);
	ck_assert_ptr_eq(signal(SIGPIPE, SIG_DFL), on_sigpipe);
	ta_pool_results_free(res, N);
}
END_TEST

/* No worker is left behind: every child has been reaped when run returns. */
START_TEST(test_no_children_left)
{
	struct ctx c = {.act = {[4] = SEGV, [6] = HANG}};
	ta_pool_result res[N];

	run(&c, job_counts[_i], 1, false, res);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ta_pool_results_free(res, N);
}
END_TEST

/* A job that says it ran: item i creates <dir>/ran-<i>, then echoes. */
static void marking_job(void *vctx, size_t index, ta_buf *out)
{
	char *rel = xasprintf("ran-%zu", index);

	tu_write((const char *)vctx, rel, "");
	free(rel);
	ta_buf_printf(out, "item %zu", index);
}

/*
 * ta_pool_start() returns with the workers at their first items: they run
 * while the caller waits, before ta_pool_finish() is called, and the
 * results are those of ta_pool_run().
 */
START_TEST(test_start_then_finish)
{
	size_t order[2] = {1, 0};
	ta_pool_result res[2] = {0};
	char *dir = tu_mkdtemp();
	char *ran[2] = {xasprintf("%s/ran-0", dir), xasprintf("%s/ran-1", dir)};
	ta_pool *p = ta_pool_start(2, order, 2, 0, marking_job, dir, res, NULL);
	double t0 = now();

	ck_assert_ptr_nonnull(p);
	while ((access(ran[0], F_OK) != 0 || access(ran[1], F_OK) != 0) && now() - t0 < 30)
		usleep(10000);
	ck_assert_msg(access(ran[0], F_OK) == 0 && access(ran[1], F_OK) == 0,
		      "the workers did not run before ta_pool_finish()");
	ck_assert_int_eq(ta_pool_finish(&p), 0);
	ck_assert_ptr_null(p);
	for (size_t i = 0; i < 2; i++)
		assert_echo(&res[i], i);
	ck_assert_int_eq(waitpid(-1, NULL, WNOHANG), -1);
	ta_pool_results_free(res, 2);
	free(ran[0]);
	free(ran[1]);
	tu_rmtree(&dir);
}
END_TEST

static Suite *pool_suite(void)
{
	Suite *s = suite_create("pool");
	TCase *tc = tcase_create("pool");
	int nj = (int)(sizeof(job_counts) / sizeof(*job_counts));

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_echo, 0, nj);
	tcase_add_loop_test(tc, test_reverse_order, 0, nj);
	tcase_add_loop_test(tc, test_crash_signal, 0, nj);
	tcase_add_loop_test(tc, test_crash_exit, 0, nj);
	tcase_add_loop_test(tc, test_timeout, 0, nj);
	tcase_add_loop_test(tc, test_big_and_empty_results, 0, nj);
	tcase_add_loop_test(tc, test_mixed_failures, 0, nj);
	tcase_add_test(tc, test_zero_items);
	tcase_add_test(tc, test_start_then_finish);
	tcase_add_test(tc, test_bad_job_counts);
	tcase_add_loop_test(tc, test_sigpipe_restored, 0, nj);
	tcase_add_loop_test(tc, test_no_children_left, 0, nj);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(pool_suite());
}
