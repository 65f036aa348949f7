// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_review_file.c - the review file: decisions, comments, picked
 * mechanisms and the position (cursor, sort, filters, search) survive a
 * save and a load into a fresh model; a tasklet whose facts changed comes
 * back stale, one whose lines only moved (a line inserted above it in a
 * copy of the corpus) does not; a review file of format 1.0 is read;
 * decisions on ids the report lacks are kept; a missing file is a fresh
 * review; every malformed file is refused with one error line naming it
 * and leaves the model as it was; a save that cannot be written fails
 * with one error line and no stray file; a save killed with SIGKILL at
 * any point leaves the previous file or the new one, never a torn one.
 */
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "report.h"
#include "report_read.h"
#include "review_file.h"
#include "testutil.h"

static char *dir;

static void setup(void)
{
	dir = tu_mkdtemp();
}

static void teardown(void)
{
	tu_rmtree(&dir);
}

/* A private copy of the corpus audit (through the JSON report), which a test may change. */
static ta_audit *corpus_copy(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	ta_audit *a = NULL;

	ck_assert_int_eq(ta_report_json.write(tu_classified(), fp, NULL), 0);
	fclose(fp);
	ck_assert_int_eq(ta_report_parse("copy", buf, len, &a), 0);
	free(buf);
	return a;
}

START_TEST(test_default_name)
{
	char *s = ta_review_file_default("/x/report.json");

	ck_assert_str_eq(s, "/x/report.review.json");
	free(s);
	s = ta_review_file_default("out");
	ck_assert_str_eq(s, "out.review.json");
	free(s);
}
END_TEST

START_TEST(test_roundtrip)
{
	ta_audit *a = corpus_copy();
	ta_review *rv = ta_review_new(a), *r2;
	char *path = ta_path_join(dir, "r.review.json");
	const ta_review_decision *d;
	char *text;

	ta_review_decide(rv, 0, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 1, TA_DECISION_REJECT, NULL);
	ta_review_decide(rv, 2, TA_DECISION_ACCEPT, "workqueue");
	ta_review_decide(rv, 3, TA_DECISION_DEFER, NULL);
	ta_review_set_comment(rv, 3, "needs \"care\"\nsecond line");
	ta_review_set_sort(rv, TA_FIELD_CLASS);
	ta_review_set_filter(rv, TA_FIELD_SUBSYSTEM, "index");
	ta_review_set_search(rv, "tasklet");
	ta_review_set_cursor(rv, 4);
	ck_assert_int_eq(ta_review_file_save(rv, path, "/r.json"), 0);
	text = ta_read_file(path, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "\"format_version\":\t\"1.1\""));
	ck_assert_ptr_nonnull(strstr(text, "\"source_hash\":\t\""));
	ck_assert_ptr_nonnull(strstr(text, "\"source\":\t\"/r.json\""));
	free(text);

	r2 = ta_review_new(a);
	ck_assert_int_eq(ta_review_file_load(r2, path), 0);
	ck_assert_int_eq(ta_review_sort(r2), TA_FIELD_CLASS);
	ck_assert_str_eq(ta_review_filter(r2, TA_FIELD_SUBSYSTEM), "index");
	ck_assert_str_eq(ta_review_search(r2), "tasklet");
	ck_assert_int_eq(ta_review_current(r2), ta_review_current(rv));
	ck_assert_int_eq(ta_review_decision_of(r2, 0)->decision, TA_DECISION_ACCEPT);
	ck_assert_int_eq(ta_review_decision_of(r2, 1)->decision, TA_DECISION_REJECT);
	d = ta_review_decision_of(r2, 2);
	ck_assert_str_eq(d->mechanism, "workqueue");
	ck_assert_int_eq(d->when, ta_review_decision_of(rv, 2)->when);
	d = ta_review_decision_of(r2, 3);
	ck_assert_int_eq(d->decision, TA_DECISION_DEFER);
	ck_assert_str_eq(d->comment, "needs \"care\"\nsecond line");
	for (size_t i = 0; i < 4; i++)
		ck_assert(!ta_review_decision_of(r2, i)->stale);
	ck_assert_ptr_null(ta_review_decision_of(r2, 4));
	/* no temporary left beside it */
	text = tu_ls(dir);
	ck_assert_str_eq(text, "r.review.json\n");
	free(text);
	ta_review_free(&r2);
	ta_review_free(&rv);
	ta_audit_free(&a);
	free(path);
}
END_TEST

START_TEST(test_stale_and_kept)
{
	ta_audit *a = corpus_copy();
	ta_review *rv = ta_review_new(a), *r2;
	char *path = ta_path_join(dir, "s.json");
	const ta_review_decision **all;
	size_t n;

	ck_assert_uint_gt(a->tasklets[1].n_sites, 0);
	ck_assert_uint_gt(a->tasklets[2].n_sites, 0);
	ta_review_decide(rv, 0, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 1, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 2, TA_DECISION_ACCEPT, NULL);
	ck_assert_int_eq(ta_review_file_save(rv, path, NULL), 0);
	ta_review_free(&rv);
	/*
	 * a use site of tasklet 1 is now in another function; tasklet 2's use
	 * sites only moved down (lines are not what a decision is about);
	 * tasklet 0 leaves the report (its id changes)
	 */
	free(a->tasklets[1].sites[0].function);
	a->tasklets[1].sites[0].function = xstrdup("another_function");
	a->tasklets[2].sites[0].line += 3;
	a->tasklets[2].line += 3;
	free(a->tasklets[0].id);
	a->tasklets[0].id = xstrdup("t-renamed");
	r2 = ta_review_new(a);
	ck_assert_int_eq(ta_review_file_load(r2, path), 0);
	ck_assert_ptr_null(ta_review_decision_of(r2, 0));
	ck_assert(ta_review_decision_of(r2, 1)->stale);
	ck_assert(!ta_review_decision_of(r2, 2)->stale);
	/* saving keeps the decision on the id the report lost */
	ck_assert_int_eq(ta_review_file_save(r2, path, NULL), 0);
	ta_review_free(&r2);
	r2 = ta_review_new(a);
	ck_assert_int_eq(ta_review_file_load(r2, path), 0);
	ta_review_all_decisions(r2, &all, &n);
	ck_assert_uint_eq(n, 3);
	free(all);
	ta_review_free(&r2);
	ta_audit_free(&a);
	free(path);
}
END_TEST

START_TEST(test_missing_is_fresh)
{
	ta_review *rv = ta_review_new(tu_classified());
	char *path = ta_path_join(dir, "none.json");

	ck_assert_int_eq(ta_review_file_load(rv, path), 0);
	ck_assert_ptr_null(ta_review_decision_of(rv, 0));
	ta_review_free(&rv);
	free(path);
}
END_TEST

/* Loading text must fail with one line containing want, and change nothing. */
static void expect_bad(const char *text, const char *want)
{
	ta_review *rv = ta_review_new(tu_classified());
	char *err;

	tu_write(dir, "bad.json", text);
	ta_review_decide(rv, 0, TA_DECISION_DEFER, NULL);
	ta_review_set_cursor(rv, 3);
	{
		char *path = ta_path_join(dir, "bad.json");
		tu_stderr_begin();
		ck_assert_int_eq(ta_review_file_load(rv, path), TA_EXIT_USAGE);
		err = tu_stderr_end();
		free(path);
	}
	ck_assert_msg(strstr(err, "bad.json") && strstr(err, want), "want '%s' in: %s", want, err);
	ck_assert_msg(strchr(err, '\n') && !strchr(err, '\n')[1], "not one line: %s", err);
	ck_assert_int_eq(ta_review_decision_of(rv, 0)->decision, TA_DECISION_DEFER);
	ck_assert_ptr_null(ta_review_decision_of(rv, 1));
	ck_assert_uint_eq(ta_review_cursor(rv), 3);
	ck_assert_int_eq(ta_review_sort(rv), TA_FIELD_SUBSYSTEM);
	free(err);
	ta_review_free(&rv);
}

START_TEST(test_bad_files)
{
	const char *id = tu_classified()->tasklets[1].id;
	char *ok_then_bad = xasprintf(
		"{\"format_version\": \"1.0\", \"decisions\": [{\"id\": \"%s\", \"decision\": "
		"\"accept\"}, {\"id\": \"x\", \"decision\": \"perhaps\"}]}",
		id);

	expect_bad("{\"format_version\": \"1.0\",\n \"decisions\": [}", "bad.json:2:");
	expect_bad("[]", "not a review file");
	expect_bad("{\"decisions\": []}", "not a review file of format version 1");
	expect_bad("{\"format_version\": \"2.0\", \"decisions\": []}", "format version 1");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": {}}",
		   "'decisions' is not an array");
	/* the first decision is valid: still nothing is applied */
	expect_bad(ok_then_bad, "'decisions[1]' has an unknown decision");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [{\"decision\": \"accept\"}]}",
		   "'decisions[0]' has no id");
	expect_bad(
		"{\"format_version\": \"1.0\", \"decisions\": [{\"id\": 4, \"decision\": \"accept\"}]}",
		"'decisions[0].id' is not a string");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [{\"id\": \"a\", \"decision\": "
		   "\"accept\", \"time\": \"yesterday\"}]}",
		   "YYYY-MM-DDTHH:MM:SSZ");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [], \"position\": 3}",
		   "'position' is not an object");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [], \"position\": "
		   "{\"sort\": \"decision\"}}",
		   "'position.sort' names no sort field");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [], \"position\": "
		   "{\"filters\": {\"colour\": \"red\"}}}",
		   "names an unknown field");
	expect_bad("{\"format_version\": \"1.0\", \"decisions\": [], \"position\": "
		   "{\"filters\": {\"class\": 1}}}",
		   "not a string");
	free(ok_then_bad);
}
END_TEST

START_TEST(test_unreadable_and_unwritable)
{
	ta_review *rv = ta_review_new(tu_classified());
	char *path = ta_path_join(dir, "missing-dir/r.json"), *err;

	/* a directory where the file should be */
	tu_stderr_begin();
	ck_assert_int_eq(ta_review_file_load(rv, dir), TA_EXIT_USAGE);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "cannot read"));
	free(err);
	tu_stderr_begin();
	ck_assert_int_eq(ta_review_file_save(rv, path, NULL), -1);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "missing-dir/r.json"));
	free(err);
	err = tu_ls(dir);
	ck_assert_str_eq(err, "");
	free(err);
	ta_review_free(&rv);
	free(path);
}
END_TEST

/*
 * SIGKILL during saves: a child saves the review over and over, each time
 * with another comment, and is killed after a varying delay; after each kill
 * the file must load into a fresh model, with one of the comments written.
 * Odd rounds kill at once (the kill may hit the first save); even rounds
 * wait for the child's word that a save is done, so the test does not hang
 * on how fast the machine (or valgrind) runs the child.
 */
START_TEST(test_sigkill_during_save)
{
	ta_audit *a = corpus_copy();
	char *path = ta_path_join(dir, "k.review.json");
	struct timespec delay = {0, 0};
	unsigned loaded = 0;

	for (int round = 0; round < 40; round++) {
		int status, saved[2];
		pid_t pid;

		ck_assert_int_eq(pipe(saved), 0);
		pid = fork();
		ck_assert_int_ne(pid, -1);
		if (pid == 0) {
			ta_review *rv = ta_review_new(a);
			close(saved[0]);
			for (unsigned i = 0;; i++) {
				char comment[64];
				snprintf(comment, sizeof(comment), "round %d save %u", round, i);
				ta_review_decide(rv, i % 4, TA_DECISION_ACCEPT, NULL);
				ta_review_set_comment(rv, i % 4, comment);
				if (ta_review_file_save(rv, path, "/r.json") != 0)
					_exit(3);
				if (i == 0 &&
				    (write(saved[1], "s", 1) != 1 || close(saved[1]) != 0))
					_exit(4);
			}
		}
		close(saved[1]);
		if (round % 2 == 0) {
			char c;
			ck_assert_int_eq(read(saved[0], &c, 1), 1);
		}
		/* 0.2 ms .. 8 ms: early kills hit the first saves, later ones any point */
		delay.tv_nsec = 200000L * (1 + (round * 7919) % 40);
		nanosleep(&delay, NULL);
		kill(pid, SIGKILL);
		ck_assert_int_eq(waitpid(pid, &status, 0), pid);
		ck_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
		close(saved[0]); /* after the kill: a write to it never raises SIGPIPE */
		if (access(path, F_OK) == 0) {
			ta_review *r2 = ta_review_new(a);
			bool found = false;

			ck_assert_int_eq(ta_review_file_load(r2, path), 0);
			for (size_t i = 0; i < 4; i++) {
				const ta_review_decision *d = ta_review_decision_of(r2, i);
				found |= d && d->comment && strncmp(d->comment, "round ", 6) == 0;
			}
			ck_assert_msg(found, "round %d: the loaded file has none of the comments",
				      round);
			ta_review_free(&r2);
			loaded++;
		}
		/* the kill may leave its own temporary behind: remove it for the next round */
		{
			char *ls = tu_ls(dir), *line, *save = NULL;

			for (line = strtok_r(ls, "\n", &save); line;
			     line = strtok_r(NULL, "\n", &save))
				if (strstr(line, ".tmp.")) {
					char *t = ta_path_join(dir, line);
					unlink(t);
					free(t);
				}
			free(ls);
		}
	}
	ck_assert_msg(loaded >= 20, "only %u of 40 kills came after a first save", loaded);
	free(path);
	ta_audit_free(&a);
}
END_TEST

/* Every line of file in a (the tasklets' own, their sites, callbacks) by delta, as a re-audit. */
static void shift_lines(ta_audit *a, const char *file, unsigned delta)
{
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		if (strcmp(t->file, file) == 0)
			t->line += delta;
		if (t->decl_file && strcmp(t->decl_file, file) == 0)
			t->decl_line += delta;
		if (t->callback_file && strcmp(t->callback_file, file) == 0)
			t->callback_line += delta;
		for (size_t k = 0; k < t->n_init; k++)
			if (strcmp(t->init_sites[k].file, file) == 0)
				t->init_sites[k].line += delta;
		for (size_t k = 0; k < t->n_sites; k++)
			if (strcmp(t->sites[k].file, file) == 0)
				t->sites[k].line += delta;
	}
}

/* Load path into a fresh model of a: is tasklet i's decision stale? */
static bool reload_stale(ta_audit *a, const char *path, size_t i)
{
	ta_review *rv = ta_review_new(a);
	bool stale;

	ck_assert_int_eq(ta_review_file_load(rv, path), 0);
	ck_assert_ptr_nonnull(ta_review_decision_of(rv, i));
	stale = ta_review_decision_of(rv, i)->stale;
	ta_review_free(&rv);
	return stale;
}

/*
 * A decision follows its tasklet's code, not its lines: made on a copy of
 * the corpus, it stays fresh after a line is inserted above the tasklet
 * and the code is re-indented and commented, and goes stale when the
 * callback's body changes.
 */
START_TEST(test_survives_line_shift)
{
	char *tree = tu_corpus_tree(), *path = ta_path_join(dir, "shift.json");
	ta_audit *a = corpus_copy();
	const ta_tasklet *t = tu_find(a, "classify/poller.c:struct po_dev.poll");
	ta_review *rv;
	char *before, *after;
	size_t i;

	ck_assert_ptr_nonnull(t);
	i = (size_t)(t - a->tasklets);
	free(a->tree);
	a->tree = xstrdup(tree);
	before = ta_review_source_hash(a->tree, t);
	rv = ta_review_new(a);
	ta_review_decide(rv, i, TA_DECISION_ACCEPT, NULL);
	ck_assert_str_eq(ta_review_decision_of(rv, i)->source_hash, before);
	ck_assert_int_eq(ta_review_file_save(rv, path, NULL), 0);
	ta_review_free(&rv);
	ck_assert(!reload_stale(a, path, i));

	/* a line above the tasklet; the re-audit sees every line of the file one lower */
	ck_assert_int_eq(
		tu_sh("cd '%s' && sed -i '1i /* one more line */' classify/poller.c "
		      "&& sed -i 's/^\\ttasklet_setup(/\\t\\ttasklet_setup( /; "
		      "s/^\\tif (--po->budget > 0)/\\tif (--po->budget  >  0) \\/\\* why \\*\\//' "
		      "classify/poller.c",
		      tree),
		0);
	shift_lines(a, "classify/poller.c", 1);
	after = ta_review_source_hash(a->tree, t);
	ck_assert_str_eq(after, before);
	free(after);
	/* the old line-based hash would have called it stale */
	{
		char *facts = ta_review_facts_hash(t);
		ck_assert_str_ne(facts, "");
		rv = ta_review_new(a);
		ck_assert_int_eq(ta_review_file_load(rv, path), 0);
		ck_assert(!ta_review_decision_of(rv, i)->stale);
		/* the decision takes the current hashes: saved again, it stays fresh */
		ck_assert_str_eq(ta_review_decision_of(rv, i)->facts_hash, facts);
		ck_assert_int_eq(ta_review_file_save(rv, path, NULL), 0);
		ta_review_free(&rv);
		free(facts);
	}
	ck_assert(!reload_stale(a, path, i));

	/* the callback's body changes */
	ck_assert_int_eq(tu_sh("cd '%s' && sed -i 's/--po->budget  >  0/--po->budget > 1/' "
			       "classify/poller.c && grep -q 'budget > 1' classify/poller.c",
			       tree),
			 0);
	after = ta_review_source_hash(a->tree, t);
	ck_assert_str_ne(after, before);
	free(after);
	ck_assert(reload_stale(a, path, i));

	/* an unreadable tree: stale too, not a crash */
	free(a->tree);
	a->tree = xstrdup("/nonexistent");
	ck_assert(reload_stale(a, path, i));
	free(before);
	free(path);
	ta_audit_free(&a);
	tu_rmtree(&tree);
}
END_TEST

/*
 * A review file of format 1.0 has the line-based facts_hash only: a
 * decision whose hash matches is fresh and gets its source_hash when saved
 * again; one whose lines moved is stale once (the man page says why).
 */
START_TEST(test_format_1_0)
{
	ta_audit *a = corpus_copy();
	ta_review *rv;
	char *path = ta_path_join(dir, "old.json"), *text, *h0, *h1;

	h0 = ta_review_facts_hash(&a->tasklets[0]);
	text = xasprintf("{\"format_version\": \"1.0\", \"decisions\": ["
			 "{\"id\": \"%s\", \"decision\": \"accept\", \"facts_hash\": \"%s\"},"
			 "{\"id\": \"%s\", \"decision\": \"reject\", \"facts_hash\": "
			 "\"0123456789abcdef\"}]}",
			 a->tasklets[0].id, h0, a->tasklets[1].id);
	tu_write(dir, "old.json", text);
	free(text);
	rv = ta_review_new(a);
	ck_assert_int_eq(ta_review_file_load(rv, path), 0);
	ck_assert(!ta_review_decision_of(rv, 0)->stale);
	ck_assert(ta_review_decision_of(rv, 1)->stale);
	h1 = ta_review_source_hash(a->tree, &a->tasklets[0]);
	ck_assert_str_eq(ta_review_decision_of(rv, 0)->source_hash, h1);
	ck_assert_ptr_null(ta_review_decision_of(rv, 1)->source_hash);
	ck_assert_int_eq(ta_review_file_save(rv, path, NULL), 0);
	ta_review_free(&rv);
	text = ta_read_file(path, NULL);
	ck_assert_ptr_nonnull(strstr(text, h1));
	ck_assert_ptr_nonnull(strstr(text, "\"source_hash\":\tnull"));
	free(text);
	/* the upgraded decision no longer depends on its lines */
	a->tasklets[0].line += 5;
	for (size_t k = 0; k < a->tasklets[0].n_sites; k++)
		a->tasklets[0].sites[k].line += 5;
	rv = ta_review_new(a);
	ck_assert_int_eq(ta_review_file_load(rv, path), 0);
	ck_assert(!ta_review_decision_of(rv, 0)->stale);
	ck_assert(ta_review_decision_of(rv, 1)->stale);
	ta_review_free(&rv);
	free(h0);
	free(h1);
	free(path);
	ta_audit_free(&a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("review_file");
	TCase *tc = tcase_create("file");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_default_name);
	tcase_add_test(tc, test_roundtrip);
	tcase_add_test(tc, test_stale_and_kept);
	tcase_add_test(tc, test_survives_line_shift);
	tcase_add_test(tc, test_format_1_0);
	tcase_add_test(tc, test_missing_is_fresh);
	tcase_add_test(tc, test_bad_files);
	tcase_add_test(tc, test_unreadable_and_unwritable);
	tcase_add_test(tc, test_sigkill_during_save);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
