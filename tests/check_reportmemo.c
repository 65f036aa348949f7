// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_reportmemo.c - the last report of a tree read back on a re-run
 * (reportmemo.h), end to end on a copy of the corpus's BH cases: an
 * unchanged tree gives every report format byte for byte as a run without
 * any cache does; a change to what the report depends on outside the facts
 * (a file only a dry run of the patch writer read, MAINTAINERS, the rules)
 * is never answered from the memo, and the report is the one a run without
 * a cache gives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "testutil.h"
#include "util.h"

/* Every run's "generated_at" is this time, so whole outputs compare. */
#define FIXED_TIME "SOURCE_DATE_EPOCH=1700000000"

static char *tree, *cache;

static void setup(void)
{
	tree = tu_corpus_tree();
	cache = tu_mkdtemp();
}

static void teardown(void)
{
	tu_rmtree(&tree);
	tu_rmtree(&cache);
}

/* Audit the copy's patch/bh with the test's cache: stdout, and whether the memo answered. */
static char *audit(const char *extra, bool *hit)
{
	char *json = xasprintf("%s/timing.json", cache);
	char *args = xasprintf("-j 2 --cache-dir '%s' --timing --json '%s' %s '%s/patch/bh'", cache,
			       json, extra, tree);
	struct tu_run r = tu_exec_env(FIXED_TIME, args);
	size_t len = 0;
	char *text;
	cJSON *j, *t;

	ck_assert_msg(r.status == 0 || r.status == 1, "%s: %s", args, r.err);
	text = ta_read_file(json, &len);
	ck_assert_ptr_nonnull(text);
	j = cJSON_Parse(text);
	ck_assert_ptr_nonnull(j);
	t = cJSON_GetObjectItem(j, "timing");
	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(cJSON_GetObjectItem(t, "report_memo_hit"));
	*hit = cJSON_IsTrue(cJSON_GetObjectItem(t, "report_memo_hit"));
	cJSON_Delete(j);
	free(text);
	free(args);
	free(json);
	free(r.err);
	return r.out;
}

/* The same audit without any cache: what every run must print. */
static char *uncached(const char *extra)
{
	char *args = xasprintf("-j 2 --no-cache %s '%s/patch/bh'", extra, tree);
	struct tu_run r = tu_exec_env(FIXED_TIME, args);

	ck_assert_msg(r.status == 0 || r.status == 1, "%s: %s", args, r.err);
	free(args);
	free(r.err);
	return r.out;
}

/*
 * A JSON report on stdout without its "timing" (which only the audits with
 * the memo ask for), printed again; any other output as it is.
 */
static char *without_timing(char *out)
{
	cJSON *j = cJSON_Parse(out);
	char *again;

	if (!j)
		return out;
	cJSON_DeleteItemFromObject(j, "timing");
	again = cJSON_Print(j);
	cJSON_Delete(j);
	free(out);
	return again;
}

/* The warm run answers from the memo and prints exactly what the uncached run prints. */
static void check_same(const char *extra, bool want_hit)
{
	bool hit = !want_hit;
	char *warm = without_timing(audit(extra, &hit)), *plain = without_timing(uncached(extra));

	ck_assert_msg(hit == want_hit, "%s: the memo %s", extra, hit ? "answered" : "missed");
	ck_assert_msg(strcmp(warm, plain) == 0, "%s: the output differs from an uncached run",
		      extra);
	free(warm);
	free(plain);
}

START_TEST(test_unchanged_tree_reads_back)
{
	bool hit = true;
	char *cold = audit("", &hit);

	ck_assert_msg(!hit, "the memo answered the first run");
	free(cold);
	check_same("", true);
	check_same("-v", true);
	check_same("--format json", true);
	check_same("--format json --no-traces", true);
	check_same("--format sarif", true);
	check_same("--only dma_completion -v", true);
	check_same("--min-confidence 0.9 --format json", true);
	check_same("--fail-on note", true);
}
END_TEST

START_TEST(test_writer_input_edit_misses)
{
	bool hit = true;
	char *cold = audit("--format json", &hit), *edited;

	ck_assert(!hit);
	/*
	 * oo_fusion.c names no tasklet API (not a candidate: no facts of its
	 * own) but a dry run reads it: a direct call of the callback with an
	 * argument the writer cannot turn into the tasklet changes its answer.
	 */
	ck_assert_int_eq(tu_sh("printf 'int oo_fusion_odd(void)\\n{\\n"
			       "\\too_complete_cmd_dpc_fusion(42);\\n\\treturn 0;\\n}\\n' >> "
			       "'%s/patch/bh/ops_old/oo_fusion.c'",
			       tree),
			 0);
	edited = uncached("--format json");
	ck_assert_msg(strcmp(cold, edited) != 0, "the edit does not change the report");
	ck_assert_ptr_nonnull(strstr(edited, "cannot turn the direct call's argument '42'"));
	check_same("--format json", false);
	check_same("--format json", true); /* remembered again */
	free(cold);
	free(edited);
}
END_TEST

START_TEST(test_maintainers_edit_misses)
{
	bool hit = true;
	char *cold = audit("--format json", &hit);

	ck_assert(!hit);
	ck_assert_ptr_null(strstr(cold, "\"maintainers_entry\""));
	tu_write(tree, "MAINTAINERS",
		 "BH CASES\nM:\tA Maintainer <a@example.org>\nS:\tMaintained\n"
		 "F:\tpatch/bh/\n");
	check_same("--format json", false);
	{
		char *now = uncached("--format json");
		ck_assert_ptr_nonnull(strstr(now, "\"maintainers_entry\":\t\"BH CASES\""));
		free(now);
	}
	check_same("--format json", true);
	/* the same size, another title */
	tu_write(tree, "MAINTAINERS",
		 "BH THINGS\nM:\tA Maintainer <a@example.org>\nS:\tMaintained\n"
		 "F:\tpatch/bh/\n");
	check_same("--format json", false);
	free(cold);
}
END_TEST

START_TEST(test_rules_change_misses)
{
	bool hit = true;
	char *rdir = tu_mkdtemp(), *arg = xasprintf("--format json --rules '%s'", rdir);
	char *cold;

	ck_assert_int_eq(tu_sh("cp -r '%s/rules/.' '%s'", TA_SOURCE_DIR, rdir), 0);
	cold = audit(arg, &hit);
	ck_assert(!hit);
	check_same(arg, true);
	ck_assert_int_eq(tu_sh("printf ' ' >> '%s/classes.json'", rdir), 0);
	check_same(arg, false);
	free(cold);
	free(arg);
	tu_rmtree(&rdir);
}
END_TEST

static Suite *reportmemo_suite(void)
{
	Suite *s = suite_create("reportmemo");
	TCase *tc = tcase_create("runs");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_unchanged_tree_reads_back);
	tcase_add_test(tc, test_writer_input_edit_misses);
	tcase_add_test(tc, test_maintainers_edit_misses);
	tcase_add_test(tc, test_rules_change_misses);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(reportmemo_suite());
}
