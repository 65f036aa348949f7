// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_report_read.c - the JSON report read back: writing what was read
 * gives the same bytes (the corpus report from the library and from the
 * binary, with a behaviour verdict on every tasklet, and a patched report
 * with each tasklet's patch outcome and recipients), unknown fields are
 * ignored, a "behavior" object is read into the tasklet, and every kind of bad input (no file,
 * broken JSON, a wrong type, a missing field, another major version) gives
 * exit 2 and one error line naming the file and the problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "classify.h"
#include "diag.h"
#include "patch.h"
#include "report.h"
#include "report_read.h"
#include "rules.h"
#include "testutil.h"

/* The JSON report of a, in memory. */
static char *write_mem(const ta_audit *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(ta_report_json.write(a, fp, NULL), 0);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

/* How many tasklets have a behaviour verdict, and how many of them a difference. */
static size_t count_verdicts(const ta_audit *a, size_t *with_diffs)
{
	size_t n = 0;

	*with_diffs = 0;
	for (size_t i = 0; i < a->n_tasklets; i++)
		if (a->tasklets[i].behavior) {
			n++;
			*with_diffs += a->tasklets[i].behavior->n_diffs > 0;
		}
	return n;
}

START_TEST(test_roundtrip_library)
{
	ta_audit *orig = tu_classified_copy(), *a = NULL;
	char *first, *second;
	size_t diffs;

	ta_behavior_check_all(orig);
	first = write_mem(orig);
	ck_assert_int_eq(ta_report_parse("mem", first, strlen(first), &a), 0);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->n_tasklets, orig->n_tasklets);
	ck_assert(a->classified);
	/* every tasklet has a verdict, and some show differences with traces */
	ck_assert_uint_eq(count_verdicts(a, &diffs), a->n_tasklets);
	ck_assert_uint_gt(diffs, 0);
	second = write_mem(a);
	ck_assert_str_eq(second, first);
	ta_audit_free(&a);
	ta_audit_free(&orig);
	free(first);
	free(second);
}
END_TEST

START_TEST(test_roundtrip_binary)
{
	char *dir = tu_mkdtemp();
	char *path = ta_path_join(dir, "r.json");
	char *args = xasprintf("-q --json '%s' '%s/corpus'", path, TA_SOURCE_DIR);
	struct tu_run run = tu_exec(args);
	char *want, *got;
	ta_audit *a = NULL;

	ck_assert_msg(run.status == 0, "audit failed: %s", run.err);
	want = ta_read_file(path, NULL);
	ck_assert_ptr_nonnull(want);
	ck_assert_int_eq(ta_report_read(path, &a), 0);
	got = write_mem(a);
	ck_assert_msg(strcmp(got, want) == 0, "the rewritten report differs from '%s'", path);
	/* the model is what the classifier made: spot-check deep fields */
	ck_assert_uint_gt(a->n_tasklets, 40);
	ck_assert_uint_gt(a->n_files, 30);
	ck_assert_str_eq(a->tree, TA_SOURCE_DIR "/corpus");
	{
		size_t diffs;
		ck_assert_uint_eq(count_verdicts(a, &diffs), a->n_tasklets);
	}
	free(got);
	free(want);
	ta_audit_free(&a);
	tu_run_free(&run);
	free(args);
	free(path);
	tu_rmtree(&dir);
}
END_TEST

/*
 * A patched report (the patch command's --json, addressed through a
 * MAINTAINERS file) read back: every tasklet's "patch" object, the
 * recipients of the written ones included, and the same bytes again.
 */
START_TEST(test_roundtrip_patched)
{
	char *tree = tu_corpus_tree(), *out = tu_mkdtemp();
	char *path = ta_path_join(out, "r.json");
	char *args = xasprintf(
		"patch --to auto --force-api -q -j 1 -o '%s/p' --json '%s' '%s/patch'", out, path,
		tree);
	struct tu_run run;
	size_t written = 0, refused = 0, addressed = 0, bh_entry = 0;
	char *want, *got, *entry_count;
	ta_audit *a = NULL;

	tu_write(tree, "MAINTAINERS",
		 "List of maintainers\n\n"
		 "BH\nM:\tAlice Alpha <alice@example.org>\nR:\tRob Reviewer <rob@example.org>\n"
		 "S:\tMaintained\nF:\tpatch/bh/\n\n"
		 "THE REST\nL:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\n"
		 "F:\t*\nF:\t*/\n");
	run = tu_exec(args);
	ck_assert_msg(run.status == 0, "patch failed: %s", run.err);
	want = ta_read_file(path, NULL);
	ck_assert_ptr_nonnull(want);
	ck_assert_int_eq(ta_report_read(path, &a), 0);
	got = write_mem(a);
	ck_assert_msg(strcmp(got, want) == 0, "the rewritten report differs from '%s'", path);
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_patch_outcome *p = a->tasklets[i].patch;
		const ta_tasklet *t = &a->tasklets[i];
		/* each tasklet names its MAINTAINERS entry (1.4); the summary counts them */
		ck_assert_ptr_nonnull(t->maintainers_entry);
		ck_assert_str_eq(t->maintainers_entry,
				 strncmp(t->file, "patch/bh/", 9) == 0 ? "BH" : "THE REST");
		bh_entry += strcmp(t->maintainers_entry, "BH") == 0;
		ck_assert_msg(p != NULL, "no patch outcome for %s", a->tasklets[i].key);
		if (p->status == TA_PATCH_WRITTEN) {
			written++;
			ck_assert_ptr_nonnull(p->migration);
			ck_assert_uint_gt(p->n_cc, 0); /* the list, at least */
			addressed += p->n_to &&
				     strcmp(p->to[0], "Alice Alpha <alice@example.org>") == 0 &&
				     strcmp(p->cc[0], "Rob Reviewer <rob@example.org>") == 0;
		} else if (p->status == TA_PATCH_REFUSED) {
			refused++;
			ck_assert_ptr_nonnull(p->reason);
		}
	}
	ck_assert_uint_gt(written, 0);
	ck_assert_uint_gt(refused, 0);
	ck_assert_uint_gt(addressed, 0);
	ck_assert_uint_gt(bh_entry, 0);
	ck_assert_uint_lt(bh_entry, a->n_tasklets);
	entry_count = xasprintf("\"by_maintainers_entry\":\t{\n\t\t\t\"BH\":\t%zu,\n\t\t\t"
				"\"THE REST\":\t%zu\n",
				bh_entry, a->n_tasklets - bh_entry);
	ck_assert_msg(strstr(want, entry_count), "no '%s' in the summary", entry_count);
	free(entry_count);
	free(got);
	free(want);
	ta_audit_free(&a);
	tu_run_free(&run);
	free(args);
	free(path);
	tu_rmtree(&out);
	tu_rmtree(&tree);
}
END_TEST

static const char minimal[] =
	"{\"format_version\": \"1.3\", \"tree\": \"/t\", \"future_field\": [1, 2],\n"
	" \"tasklets\": [{\"id\": \"t1\", \"key\": \"k\", \"line\": 4, \"file\": \"a.c\",\n"
	"   \"name\": \"x\", \"scope\": \"global\", \"init_api\": \"tasklet_setup\",\n"
	"   \"something_new\": {\"deep\": true},\n"
	"   \"sites\": [{\"api\": \"tasklet_schedule\", \"file\": \"a.c\", \"line\": 9,\n"
	"              \"context\": [\"hardirq\"], \"spinlock_held\": true}],\n"
	"   \"class\": \"isr_bottom_half\",\n"
	"   \"recommendation\": {\"mechanism\": \"bh_workqueue\", \"confidence\": 0.75,\n"
	"                      \"alternatives\": [\"workqueue\"]},\n"
	"   \"behavior\": {\"verdict\": \"differs\", \"target\": \"bh\", \"states_explored\": 1234,\n"
	"     \"complete\": true, \"notes\": [\"one note\"], \"protocol\": \"p\", \"hazards\": [],\n"
	"     \"differences\": [{\"property\": \"pending-on-kill\", \"safety\": false,\n"
	"        \"explanation\": \"dropped\", \"trace_model\": \"bh\",\n"
	"        \"trace\": [\"cpu0: schedule\", \"cpu1: kill\"], \"lines\": [\"a.c:9\"]}]}}]}\n";

START_TEST(test_minimal_and_behavior)
{
	ta_audit *a = NULL;
	const ta_behavior *b;
	const ta_tasklet *t;

	ck_assert_int_eq(ta_report_parse("m.json", minimal, strlen(minimal), &a), 0);
	ck_assert_uint_eq(a->n_tasklets, 1);
	t = &a->tasklets[0];
	ck_assert_str_eq(t->id, "t1");
	ck_assert_int_eq(t->scope, TA_SCOPE_GLOBAL);
	ck_assert_int_eq(t->init_api, TA_API_TASKLET_SETUP);
	ck_assert_uint_eq(t->n_sites, 1);
	ck_assert_int_eq(t->sites[0].api, TA_API_SCHEDULE);
	ck_assert_uint_eq(ta_site_context_of(t, 0)->roles, TA_ROLE_BIT(TA_ROLE_HARDIRQ));
	ck_assert(ta_site_context_of(t, 0)->atomic_lock);
	ck_assert_str_eq(ta_classification_of(t)->cls, "isr_bottom_half");
	ck_assert_str_eq(ta_classification_of(t)->rec.mechanism, "bh_workqueue");
	ck_assert_double_eq_tol(ta_classification_of(t)->rec.confidence, 0.75, 1e-9);
	ck_assert_uint_eq(ta_classification_of(t)->rec.n_alternatives, 1);
	b = t->behavior;
	ck_assert_ptr_nonnull(b);
	ck_assert_str_eq(b->verdict, "differs");
	ck_assert_str_eq(b->target, "bh");
	ck_assert_uint_eq(b->states_explored, 1234);
	ck_assert(b->complete);
	ck_assert_uint_eq(b->n_notes, 1);
	ck_assert_str_eq(b->protocol, "p");
	ck_assert_uint_eq(b->n_hazards, 0);
	ck_assert_uint_eq(b->n_diffs, 1);
	ck_assert_str_eq(b->diffs[0].property, "pending-on-kill");
	ck_assert_str_eq(b->diffs[0].explanation, "dropped");
	ck_assert_uint_eq(b->diffs[0].n_trace, 2);
	ck_assert_str_eq(b->diffs[0].trace[1], "cpu1: kill");
	ck_assert_str_eq(b->diffs[0].lines[0], "a.c:9");
	ck_assert_ptr_null(b->diffs[0].other_model);
	ta_audit_free(&a);
}
END_TEST

/* Parse text that must fail; return the captured stderr. */
static char *parse_bad(const char *text)
{
	ta_audit *a = (ta_audit *)1;
	char *err;
	int rc;

	tu_stderr_begin();
	rc = ta_report_parse("bad.json", text, strlen(text), &a);
	err = tu_stderr_end();
	ck_assert_int_eq(rc, TA_EXIT_USAGE);
	ck_assert_ptr_null(a);
	/* exactly one line */
	ck_assert_msg(strchr(err, '\n') && !strchr(err, '\n')[1], "not one line: %s", err);
	return err;
}

static void expect_error(const char *text, const char *want)
{
	char *err = parse_bad(text);

	ck_assert_msg(strstr(err, want) != NULL, "want '%s' in: %s", want, err);
	free(err);
}

START_TEST(test_bad_json)
{
	expect_error("{\"tree\": \"/t\",\n  \"tasklets\": [,]}",
		     "bad.json:2:16: error: invalid JSON near ',]}'");
	expect_error("", "bad.json:1:1: error: invalid JSON at the end of the file");
	expect_error("[1, 2]", "bad.json:1:1: error: not a tasklet-audit report");
}
END_TEST

START_TEST(test_bad_fields)
{
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\"}",
		     "bad.json:1:1: error: 'tasklets' is missing");
	expect_error("{\"format_version\": \"1.0\", \"tasklets\": []}",
		     "bad.json:1:1: error: 'tree' is missing");
	expect_error("{\"tree\": \"/t\", \"tasklets\": []}",
		     "bad.json:1:1: error: 'format_version' is missing");
	expect_error(
		"{\"format_version\": \"2.0\", \"tree\": \"/t\", \"tasklets\": []}",
		"bad.json:1:20: error: 'format_version' is a major version this program cannot read");
	expect_error("{\"format_version\": \"x\", \"tree\": \"/t\", \"tasklets\": []}",
		     "bad.json:1:20: error: 'format_version' is not a version number");
	expect_error("{\"format_version\": \"1.0\", \"tree\": 3, \"tasklets\": []}",
		     "bad.json:1:35: error: 'tree' is not a string");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": {}}",
		     "bad.json:1:53: error: 'tasklets' is not an array");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": [7]}",
		     "bad.json:1:54: error: 'tasklets[0]' is not an object");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\"},"
		     " {\"id\": \"b\", \"key\": \"k\", \"line\": \"4\", \"init_api\": \"none\"}]}",
		     "bad.json:1:142: error: 'tasklets[1].line' is not a number");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		     "\"sites\": [{\"api\": \"tasklet_frob\", \"line\": 2}]}]}",
		     "bad.json:1:127: error: 'tasklets[0].sites[0].api' has an unknown value");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": -1, \"init_api\": \"none\"}]}",
		     "bad.json:1:86: error: 'tasklets[0].line' is not a non-negative integer");
	expect_error(
		"{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		"[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		"\"class\": \"x\", \"recommendation\": {\"mechanism\": \"timer\", "
		"\"alternatives\": [1]}}]}",
		"bad.json:1:181: error: 'tasklets[0].recommendation.alternatives[0]' is not a string");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		     "\"behavior\": \"equivalent\"}]}",
		     "bad.json:1:121: error: 'tasklets[0].behavior' is not an object");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		     "\"behavior\": {\"verdict\": \"fine\"}}]}",
		     "bad.json:1:133: error: 'tasklets[0].behavior.verdict' has an unknown value");
	expect_error("{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		     "[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		     "\"behavior\": {\"verdict\": \"differs\", \"target\": \"tasklet2\"}}]}",
		     "bad.json:1:154: error: 'tasklets[0].behavior.target' has an unknown value");
	expect_error(
		"{\"format_version\": \"1.0\", \"tree\": \"/t\", \"tasklets\": "
		"[{\"id\": \"a\", \"key\": \"k\", \"line\": 1, \"init_api\": \"none\", "
		"\"behavior\": {\"verdict\": \"differs\", \"differences\": [{\"property\": 3}]}}]}",
		"bad.json:1:173: error: 'tasklets[0].behavior.differences[0].property' is not a string");
}
END_TEST

START_TEST(test_missing_file)
{
	ta_audit *a = NULL;
	char *err;

	tu_stderr_begin();
	ck_assert_int_eq(ta_report_read("/nonexistent/r.json", &a), TA_EXIT_USAGE);
	err = tu_stderr_end();
	ck_assert_ptr_null(a);
	ck_assert_str_eq(err, "tasklet-audit: error: cannot read '/nonexistent/r.json': "
			      "No such file or directory\n");
	free(err);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_read");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_roundtrip_library);
	tcase_add_test(tc, test_roundtrip_binary);
	tcase_add_test(tc, test_roundtrip_patched);
	tcase_add_test(tc, test_minimal_and_behavior);
	tcase_add_test(tc, test_bad_json);
	tcase_add_test(tc, test_bad_fields);
	tcase_add_test(tc, test_missing_file);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
