// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_review_detail.c - the detail page as lines: every section is
 * there in order, the source around the init site is read from the tree
 * with the site's line marked, a file that is gone says so, prose wraps at
 * the width, a behaviour verdict and its trace are shown, a patch is
 * styled as a diff, and text from the tree is cleaned (tabs, bytes that
 * are not UTF-8, control characters).  On a tree without the BH API the
 * page gives the writer's refusal, and --force-api (the model's patch
 * options) the BH patch; a preview is computed once and then cached, in
 * memory and, with a cache directory, on disk for the next review.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "report.h"
#include "report_read.h"
#include "review_detail.h"
#include "review_export.h"
#include "testutil.h"

static long find(const ta_audit *a, const char *key)
{
	for (size_t i = 0; i < a->n_tasklets; i++)
		if (strcmp(a->tasklets[i].key, key) == 0)
			return (long)i;
	ck_abort_msg("no tasklet '%s'", key);
	return -1;
}

/* The first line containing text at or after from; -1 when none. */
static long line_with(const ta_detail *d, size_t from, const char *text)
{
	for (size_t k = from; k < d->n; k++)
		if (strstr(d->v[k].text, text))
			return (long)k;
	return -1;
}

START_TEST(test_sections_and_source)
{
	const ta_audit *a = tu_classified();
	ta_review *rv = ta_review_new(a);
	long i = find(a, "classify/dma_done.c:struct dd_chan.task"), k;
	ta_detail *d = ta_detail_build(rv, (size_t)i, 100, NULL, "none yet");
	const char *order[] = {
		"c->task",
		"decision: undecided",
		"Class: dma_completion",
		"[class.dma-completion]",
		"Recommendation: bh_workqueue",
		"alternatives: threaded_irq",
		"Findings: 0",
		"Behaviour: no verdict",
		"Source: 1 init site, 2 use sites",
		"init tasklet_setup at classify/dma_done.c:34 in dd_init()",
		">    34 |         tasklet_setup(&c->task, dd_tasklet);",
		"tasklet_schedule at classify/dma_done.c:28 in dd_irq() - context hardirq",
		"Patch: none yet"};

	k = 0;
	for (size_t j = 0; j < sizeof(order) / sizeof(*order); j++) {
		k = line_with(d, (size_t)k, order[j]);
		ck_assert_msg(k >= 0, "missing, or out of order: '%s'", order[j]);
	}
	k = line_with(d, 0, ">    34 |");
	ck_assert_int_eq(d->v[k].style, TA_STYLE_SOURCE_HIT);
	ck_assert_int_eq(d->v[k - 1].style, TA_STYLE_SOURCE);
	ck_assert_ptr_nonnull(strstr(d->v[k - 3].text, "    31 |"));
	ck_assert_int_eq(d->v[line_with(d, 0, "Class:")].style, TA_STYLE_HEADING);
	/* prose wraps at the width */
	for (size_t j = 0; j < d->n; j++)
		if (d->v[j].style != TA_STYLE_SOURCE && d->v[j].style != TA_STYLE_SOURCE_HIT)
			ck_assert_msg(strlen(d->v[j].text) < 100, "too wide: %s", d->v[j].text);
	ta_detail_free(&d);
	ck_assert_ptr_null(d);
	ta_detail_free(&d);
	ta_review_free(&rv);
}
END_TEST

/* A site reached through a schedule wrapper says which wrapper, under the site. */
START_TEST(test_wrapper_site)
{
	const ta_audit *a = tu_classified();
	ta_review *rv = ta_review_new(a);
	long i = find(a, "index/sched_wrapper.c:struct sw_port.tx"), k;
	ta_detail *d = ta_detail_build(rv, (size_t)i, 100, NULL, "none yet");

	k = line_with(d, 0, "tasklet_schedule at index/sched_wrapper.c:75 in sw_isr()");
	ck_assert_msg(k >= 0, "no site line");
	ck_assert_ptr_nonnull(strstr(d->v[k + 1].text, "through sw_kick() -> sw_tasklet_schedule() "
						       "(index/sched_wrapper.c:36)"));
	ta_detail_free(&d);
	ta_review_free(&rv);
}
END_TEST

/* A site reached through a pointer field names the field and where it is set. */
START_TEST(test_pointer_field_site)
{
	const ta_audit *a = tu_classified();
	ta_review *rv = ta_review_new(a);
	long i = find(a, "pf_done_tasklet"), k;
	ta_detail *d = ta_detail_build(rv, (size_t)i, 100, NULL, "none yet");

	k = line_with(d, 0, "tasklet_schedule at index/ptr_field.c:55 in pf_hcd_irq()");
	ck_assert_msg(k >= 0, "no site line");
	ck_assert_ptr_nonnull(strstr(d->v[k + 1].text,
				     "through the pointer field struct pf_hcd.done_task (set at "
				     "index/ptr_field_set.c:11)"));
	ta_detail_free(&d);
	ta_review_free(&rv);
}
END_TEST

START_TEST(test_decision_behavior_patch)
{
	ta_audit *a = NULL;
	ta_behavior *b;
	ta_review *rv;
	ta_detail *d;
	long k;

	{
		char *buf = NULL;
		size_t len = 0;
		FILE *fp = open_memstream(&buf, &len);
		ck_assert_int_eq(ta_report_json.write(tu_classified(), fp, NULL), 0);
		fclose(fp);
		ck_assert_int_eq(ta_report_parse("copy", buf, len, &a), 0);
		free(buf);
	}
	b = a->tasklets[0].behavior = xcalloc(1, sizeof(*b));
	b->verdict = "differs";
	b->target = "bh";
	b->states_explored = 321;
	b->complete = true;
	b->n_diffs = 1;
	b->diffs = xcalloc(1, sizeof(*b->diffs));
	b->diffs[0].property = xstrdup("pending-on-kill");
	b->diffs[0].explanation = xstrdup("cancel_work_sync drops a pending run");
	b->diffs[0].trace_model = xstrdup("bh");
	b->diffs[0].n_trace = 2;
	b->diffs[0].trace = xcalloc(2, sizeof(char *));
	b->diffs[0].trace[0] = xstrdup("1. cpu0: schedule");
	b->diffs[0].trace[1] = xstrdup("2. cpu1: kill");
	b->diffs[0].other_model = xstrdup("tasklet");
	b->diffs[0].n_other_trace = 1;
	b->diffs[0].other_trace = xcalloc(1, sizeof(char *));
	b->diffs[0].other_trace[0] = xstrdup("1. cpu1: kill waits");
	b->diffs[0].relevance = "observable";
	b->diffs[0].relevance_reason = xstrdup("the callback completes requests");
	b->assessment = "review";
	rv = ta_review_new(a);
	ta_review_decide(rv, 0, TA_DECISION_ACCEPT, "workqueue");
	ta_review_set_comment(rv, 0, "ok");
	d = ta_detail_build(
		rv, 0, 80,
		"diff -u -p a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-old\n+new\n ctx\n",
		NULL);
	k = line_with(d, 0, "decision: accept with workqueue");
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(d->v[k].style, TA_STYLE_GOOD);
	ck_assert_int_ge(line_with(d, 0, "comment: ok"), 0);
	k = line_with(d, 0, "Behaviour: differs against bh, review");
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(d->v[k].style, TA_STYLE_WARN);
	ck_assert_int_ge(line_with(d, 0, "321 states explored"), 0);
	k = line_with(d, 0, "pending-on-kill: cancel_work_sync drops a pending run");
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(d->v[k + 1].style, TA_STYLE_WARN);
	ck_assert_int_ge(line_with(d, (size_t)k, "observable: the callback completes requests"), 0);
	k = line_with(d, (size_t)k, "trace on bh:");
	ck_assert_int_ge(k, 0);
	k = line_with(d, (size_t)k, "      2. cpu1: kill");
	ck_assert_int_ge(k, 0);
	k = line_with(d, (size_t)k, "the same on tasklet:");
	ck_assert_int_ge(k, 0);
	ck_assert_int_ge(line_with(d, (size_t)k, "1. cpu1: kill waits"), 0);
	k = line_with(d, 0, "Patch");
	ck_assert_int_eq(d->v[k + 1].style, TA_STYLE_DIFF_FILE);
	ck_assert_int_eq(d->v[k + 2].style, TA_STYLE_DIFF_FILE);
	ck_assert_int_eq(d->v[k + 3].style, TA_STYLE_DIFF_FILE);
	ck_assert_int_eq(d->v[k + 4].style, TA_STYLE_DIFF_HUNK);
	ck_assert_int_eq(d->v[k + 5].style, TA_STYLE_DIFF_DEL);
	ck_assert_int_eq(d->v[k + 6].style, TA_STYLE_DIFF_ADD);
	ck_assert_int_eq(d->v[k + 7].style, TA_STYLE_TEXT);
	ck_assert_uint_eq(d->n, (size_t)k + 8);
	ta_detail_free(&d);
	/* a stale decision says so */
	{
		ta_review_decision sd = {
			.id = a->tasklets[1].id, .decision = TA_DECISION_REJECT, .facts_hash = "x"};
		ta_review_restore(rv, &sd);
		d = ta_detail_build(rv, 1, 80, NULL, NULL);
		k = line_with(d, 0, "STALE");
		ck_assert_int_ge(k, 0);
		ck_assert_int_eq(d->v[k].style, TA_STYLE_WARN);
		ta_detail_free(&d);
	}
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

START_TEST(test_missing_source)
{
	ta_audit *a = NULL;
	static const char report[] =
		"{\"format_version\": \"1.0\", \"tree\": \"/nonexistent-tree\", \"tasklets\": "
		"[{\"id\": \"t1\", \"key\": \"k\", \"name\": \"x\", \"file\": \"a.c\", \"line\": 3, "
		"\"init_api\": \"tasklet_setup\", \"init_sites\": [{\"api\": \"tasklet_setup\", "
		"\"file\": \"a.c\", \"line\": 3}]}]}";
	ta_review *rv;
	ta_detail *d;

	ck_assert_int_eq(ta_report_parse("r", report, strlen(report), &a), 0);
	rv = ta_review_new(a);
	d = ta_detail_build(rv, 0, 80, NULL, NULL);
	ck_assert_int_ge(line_with(d, 0, "(cannot read 'a.c': No such file or directory)"), 0);
	ck_assert_int_ge(line_with(d, 0, "Class: (not classified)"), 0);
	ck_assert_int_ge(line_with(d, 0, "Recommendation: (none)"), 0);
	ck_assert_int_ge(line_with(d, 0, "Behaviour: no verdict"), 0);
	ta_detail_free(&d);
	/* out of range: one line, no crash */
	d = ta_detail_build(rv, 5, 80, NULL, NULL);
	ck_assert_uint_eq(d->n, 1);
	ta_detail_free(&d);
	/* a tiny width still wraps to something */
	d = ta_detail_build(rv, 0, 1, NULL, NULL);
	ck_assert_uint_gt(d->n, 3);
	ta_detail_free(&d);
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

START_TEST(test_clean)
{
	char *s = ta_detail_clean("\tx\ty", 4);

	ck_assert_str_eq(s, "        x       y");
	free(s);
	s = ta_detail_clean("caf\xe9 \xc3\xa9\x1b[2J\r", 12);
	ck_assert_str_eq(s, "caf? \xc3\xa9?[2J ");
	free(s);
	s = ta_detail_clean("\xe2\x82", 2); /* a cut sequence */
	ck_assert_str_eq(s, "??");
	free(s);
	s = ta_detail_clean("ab\0cd", 5);
	ck_assert_str_eq(s, "ab");
	free(s);
	s = ta_detail_clean("", 0);
	ck_assert_str_eq(s, "");
	free(s);
}
END_TEST

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

/*
 * A tree without the BH API (6.1): the page shows the writer's refusal and
 * how to get past it; with --force-api (the model's patch options) the
 * preview is the BH patch, and the export writes it.  Each preview is
 * computed once: the second asks the cache and answers at once.
 */
START_TEST(test_force_api_preview)
{
	char *tree = tu_corpus_tree(), *out = tu_mkdtemp(), *note, *text, *msg;
	ta_audit *a = corpus_copy();
	long i = find(a, "classify/dma_done.c:struct dd_chan.task");
	ta_review *rv;
	ta_detail *d;
	double t0, first, second;

	ck_assert_int_eq(
		tu_sh("cd '%s' && sed -i '/system_bh_wq\\|disable_work_sync\\|enable_and_queue_work/d' "
		      "include/linux/workqueue.h",
		      tree),
		0);
	free(a->tree);
	a->tree = xstrdup(tree);
	rv = ta_review_new(a);
	ck_assert_str_eq(ta_review_mechanism(rv, (size_t)i), "bh_workqueue");
	ck_assert(!ta_review_patch_opts(rv)->force_api);
	ck_assert(!ta_review_preview_ready(rv, (size_t)i));
	t0 = ta_monotonic();
	text = ta_review_patch_preview(rv, (size_t)i, &note);
	first = ta_monotonic() - t0;
	ck_assert_ptr_null(text);
	ck_assert_msg(
		note && ta_str_starts(note, "none written for bh: the tree lacks the bh API") &&
			strstr(note, "--force-api"),
		"note '%s'", note);
	/* the page says why, at its end */
	d = ta_detail_build(rv, (size_t)i, 100, text, note);
	ck_assert_int_ge(line_with(d, 0, "Patch: none written for bh: the tree lacks the bh API"),
			 0);
	ck_assert_int_ge(line_with(d, 0, "--force-api"), 0);
	ta_detail_free(&d);
	/* the second time from the cache: the same answer, without the writer */
	ck_assert(ta_review_preview_ready(rv, (size_t)i));
	free(note);
	t0 = ta_monotonic();
	text = ta_review_patch_preview(rv, (size_t)i, &note);
	second = ta_monotonic() - t0;
	ck_assert_ptr_null(text);
	ck_assert_ptr_nonnull(strstr(note, "lacks the bh API"));
	ck_assert_msg(second < 0.05 && second < first, "first %.3f s, second %.3f s", first,
		      second);
	free(note);
	/* the export without --force-api writes nothing and says why */
	ta_review_decide(rv, (size_t)i, TA_DECISION_ACCEPT, NULL);
	ck_assert_int_eq(ta_review_export(rv, out, &msg), 0);
	ck_assert_msg(strstr(msg, "exported 0 patches for 0 of 1 accepted tasklet to '") &&
			      strstr(msg, "; not written: 1 (the tree lacks the bh API"),
		      "%s", msg);
	free(msg);

	/* --force-api: the cache is emptied, the preview and the export are the BH patch */
	ta_review_set_patch_opts(rv, &(struct ta_review_patch_opts){.force_api = true});
	ck_assert(ta_review_patch_opts(rv)->force_api);
	ck_assert(!ta_review_preview_ready(rv, (size_t)i));
	text = ta_review_patch_preview(rv, (size_t)i, &note);
	ck_assert_msg(text != NULL, "no patch: %s", note);
	ck_assert_ptr_null(note);
	ck_assert_ptr_nonnull(strstr(text, "+\tqueue_work(system_bh_wq, &c->"));
	d = ta_detail_build(rv, (size_t)i, 100, text, note);
	ck_assert_int_ge(line_with(d, 0, "queue_work(system_bh_wq"), 0);
	ta_detail_free(&d);
	free(text);
	ck_assert(ta_review_preview_ready(rv, (size_t)i));
	ck_assert_int_eq(ta_review_export(rv, out, &msg), 0);
	ck_assert_msg(strstr(msg, "exported 1 patch for 1 of 1 accepted tasklet to '") &&
			      !strstr(msg, "not written"),
		      "%s", msg);
	free(msg);
	ta_review_free(&rv);
	ta_audit_free(&a);
	tu_rmtree(&out);
	tu_rmtree(&tree);
}
END_TEST

/* Tasklet i's preview in a fresh model of a with the disk cache in cache_dir: hits, misses. */
static char *disk_preview(ta_audit *a, size_t i, const char *cache_dir, const char *report,
			  size_t *hits, size_t *misses, double *seconds)
{
	ta_review *rv = ta_review_new(a);
	char *note, *text;
	double t0;

	ta_review_set_patch_opts(rv, &(struct ta_review_patch_opts){.force_api = false,
								    .cache_dir = cache_dir,
								    .report = report});
	ck_assert_ptr_nonnull(ta_review_preview_disk(rv));
	ck_assert(!ta_review_preview_ready(rv, i));
	t0 = ta_monotonic();
	text = ta_review_patch_preview(rv, i, &note);
	*seconds = ta_monotonic() - t0;
	ck_assert_msg(text != NULL, "no preview: %s", note);
	ck_assert(ta_review_preview_ready(rv, i));
	ta_cache_stats(ta_review_preview_disk(rv), hits, misses);
	ta_review_free(&rv);
	return text;
}

/*
 * With a cache directory and a report, a preview is kept on disk: a new
 * model (the next review) takes it from there, and a change to one of the
 * tasklet's files or to the report makes the writer run again.
 */
START_TEST(test_preview_disk_cache)
{
	char *tree = tu_corpus_tree(), *cache = tu_mkdtemp(), *report, *t1, *t2, *t3;
	ta_audit *a = corpus_copy();
	size_t i = (size_t)find(a, "classify/dma_done.c:struct dd_chan.task"), hits, misses;
	double first, second, third;

	free(a->tree);
	a->tree = xstrdup(tree);
	tu_write(cache, "r.json", "{\"a report\": 1}\n");
	report = ta_path_join(cache, "r.json");
	t1 = disk_preview(a, i, cache, report, &hits, &misses, &first);
	ck_assert_uint_eq(hits, 0);
	ck_assert_uint_eq(misses, 1);
	t2 = disk_preview(a, i, cache, report, &hits, &misses, &second);
	ck_assert_uint_eq(hits, 1);
	ck_assert_uint_eq(misses, 0);
	ck_assert_str_eq(t2, t1);
	ck_assert_msg(second < first && second < 0.05, "first %.3f s, from disk %.3f s", first,
		      second);
	free(t2);
	/* the callback's file changes: the writer runs again */
	ck_assert_int_eq(tu_sh("echo '/* changed */' >> '%s/classify/dma_done.c'", tree), 0);
	t3 = disk_preview(a, i, cache, report, &hits, &misses, &third);
	ck_assert_uint_eq(hits, 0);
	ck_assert_uint_eq(misses, 1);
	free(t3);
	/* so does a new report */
	tu_write(cache, "r.json", "{\"another report\": 2}\n");
	t3 = disk_preview(a, i, cache, report, &hits, &misses, &third);
	ck_assert_uint_eq(hits, 0);
	free(t3);
	t3 = disk_preview(a, i, cache, report, &hits, &misses, &third);
	ck_assert_uint_eq(hits, 1);
	free(t3);
	free(t1);
	free(report);
	ta_audit_free(&a);
	tu_rmtree(&cache);
	tu_rmtree(&tree);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("review_detail");
	TCase *tc = tcase_create("page");

	tcase_add_test(tc, test_sections_and_source);
	tcase_add_test(tc, test_wrapper_site);
	tcase_add_test(tc, test_pointer_field_site);
	tcase_add_test(tc, test_decision_behavior_patch);
	tcase_add_test(tc, test_missing_source);
	tcase_add_test(tc, test_clean);
	tcase_add_test(tc, test_force_api_preview);
	tcase_add_test(tc, test_preview_disk_cache);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
