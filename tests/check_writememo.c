// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_writememo.c - the patch writer's remembered dry-run answers
 * (writememo.h), end to end on a copy of the corpus's BH cases: a second
 * audit with the same cache asks the writer nothing and reports the same
 * JSON; a file a dry run read that changes (its facts do not: a comment at
 * its end), a new entry in a directory a dry run listed, other rules and
 * another .config (the facts change, no file does) each make the affected
 * answers computed again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "testutil.h"
#include "util.h"

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

struct outcome {
	double dry_runs, hits;
	char *report; /* the JSON without "timing", "generated_at" and "tree_id" */
};

/* Audit the copy's patch/bh with the test's cache (and extra arguments). */
static struct outcome audit(const char *extra)
{
	char *args = xasprintf("-j 1 --cache-dir '%s' --timing --json - %s '%s/patch/bh'", cache,
			       extra, tree);
	struct tu_run r = tu_exec(args);
	struct outcome o;
	cJSON *j, *t;

	ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
	j = cJSON_Parse(r.out);
	ck_assert_ptr_nonnull(j);
	t = cJSON_GetObjectItem(j, "timing");
	ck_assert_ptr_nonnull(t);
	o.dry_runs = cJSON_GetObjectItem(t, "writer_dry_runs")->valuedouble;
	o.hits = cJSON_GetObjectItem(t, "writer_memo_hits")->valuedouble;
	cJSON_DeleteItemFromObject(j, "timing");
	cJSON_DeleteItemFromObject(j, "generated_at");
	cJSON_DeleteItemFromObject(j, "tree_id"); /* a hash of the files, edited here */
	o.report = cJSON_Print(j);
	cJSON_Delete(j);
	tu_run_free(&r);
	free(args);
	return o;
}

/*
 * Remove the report memo's entry (reportmemo.h) from the cache, so that the
 * next run classifies again and asks the writer, whose memo is kept.
 */
static void drop_report_memo(void)
{
	ck_assert_int_eq(tu_sh("grep -l '^tasklet-audit [^ ]* report	' '%s'/facts/* | "
			       "xargs rm -f",
			       cache),
			 0);
}

START_TEST(test_second_run_asks_nothing)
{
	struct outcome cold = audit(""), warm = audit(""), again;

	ck_assert(cold.dry_runs > 10);
	ck_assert(cold.hits == 0);
	/* the report memo answers the unchanged tree: no question at all */
	ck_assert(warm.dry_runs == 0);
	ck_assert(warm.hits == 0);
	ck_assert_msg(strcmp(cold.report, warm.report) == 0, "the warm report differs");
	/* without it, every question is answered by the writer memo */
	drop_report_memo();
	again = audit("");
	ck_assert(again.dry_runs == 0);
	ck_assert(again.hits == cold.dry_runs);
	ck_assert_msg(strcmp(cold.report, again.report) == 0, "the report differs");
	free(cold.report);
	free(warm.report);
	free(again.report);
}
END_TEST

START_TEST(test_changes_recompute)
{
	struct outcome cold = audit(""), edited, listed, rules;
	char *rdir = tu_mkdtemp();

	/* bh_basic.c's dry run reads bh_basic.c: a comment at its end keeps its facts */
	ck_assert_int_eq(tu_sh("printf '/* end */\\n' >> '%s/patch/bh/bh_basic.c'", tree), 0);
	edited = audit("");
	ck_assert(edited.dry_runs >= 1);
	ck_assert(edited.dry_runs < cold.dry_runs);
	ck_assert(edited.hits == cold.dry_runs - edited.dry_runs);
	ck_assert_msg(strcmp(cold.report, edited.report) == 0, "the report after the edit differs");
	/* a file added to a directory the dry runs listed */
	tu_write(tree, "patch/bh/family/chip_a/notes.txt", "no code here\n");
	listed = audit("");
	ck_assert(listed.dry_runs >= 1);
	ck_assert(listed.hits >= 1);
	ck_assert_msg(strcmp(cold.report, listed.report) == 0,
		      "the report after a new file differs");
	/* other rules (the same, one byte more): every answer afresh */
	ck_assert_int_eq(tu_sh("cp -r '%s/rules/.' '%s' && printf ' ' >> '%s/classes.json'",
			       TA_SOURCE_DIR, rdir, rdir),
			 0);
	{
		char *arg = xasprintf("--rules '%s'", rdir);
		rules = audit(arg);
		free(arg);
	}
	ck_assert(rules.hits == 0);
	ck_assert(rules.dry_runs == cold.dry_runs);
	free(cold.report);
	free(edited.report);
	free(listed.report);
	free(rules.report);
	tu_rmtree(&rdir);
}
END_TEST

/*
 * Another .config changes no file a dry run read, only the facts (an init
 * site compiled in): the answer must be the writer's again, not the one
 * remembered for the code compiled out.
 */
START_TEST(test_config_change_recomputes)
{
	struct outcome off, on;
	char *cfg = xasprintf("%s/on.config", cache), *arg = xasprintf("--config '%s'", cfg);
	const char *refusal = "cfg_case.c:15: every init site is compiled out";

	tu_write(tree, "patch/bh/cfg_case.c",
		 "#include <linux/interrupt.h>\n"
		 "struct cfg_dev {\n\tstruct tasklet_struct cfg_tasklet;\n\tint n;\n};\n"
		 "static void cfg_fn(struct tasklet_struct *t)\n{\n"
		 "\tstruct cfg_dev *w = from_tasklet(w, t, cfg_tasklet);\n\n\tw->n++;\n}\n"
		 "void cfg_init(struct cfg_dev *w)\n{\n#ifdef CONFIG_CFG_CASE\n"
		 "\ttasklet_setup(&w->cfg_tasklet, cfg_fn);\n#endif\n}\n"
		 "void cfg_kick(struct cfg_dev *w)\n{\n\ttasklet_schedule(&w->cfg_tasklet);\n}\n"
		 "void cfg_stop(struct cfg_dev *w)\n{\n\ttasklet_kill(&w->cfg_tasklet);\n}\n");
	ck_assert_int_eq(tu_sh("cat '%s/corpus/.config' > '%s' && echo CONFIG_CFG_CASE=y >> '%s'",
			       TA_SOURCE_DIR, cfg, cfg),
			 0);
	off = audit("");
	ck_assert_msg(strstr(off.report, refusal) != NULL, "no refusal '%s'", refusal);
	on = audit(arg);
	ck_assert(on.dry_runs >= 1);
	ck_assert_msg(strstr(on.report, refusal) == NULL, "the remembered refusal came back");
	ck_assert_ptr_nonnull(strstr(on.report, "cfg_case.c"));
	free(off.report);
	free(on.report);
	free(arg);
	free(cfg);
}
END_TEST

/* Without a cache nothing is remembered: every answer is the writer's own, every report derived. */
START_TEST(test_no_cache_asks_every_time)
{
	char *args = xasprintf("-j 1 --no-cache --timing --json - '%s/patch/bh'", tree);
	struct tu_run a = tu_exec(args), b = tu_exec(args);

	ck_assert_int_eq(a.status, 0);
	ck_assert_int_eq(b.status, 0);
	ck_assert_ptr_nonnull(strstr(b.out, "\"writer_memo_hits\":\t0"));
	ck_assert_ptr_null(strstr(b.out, "\"writer_dry_runs\":\t0,"));
	/* nor the last report (reportmemo.h: check_reportmemo) */
	ck_assert_ptr_nonnull(strstr(b.out, "\"report_memo_hit\":\tfalse"));
	tu_run_free(&a);
	tu_run_free(&b);
	free(args);
}
END_TEST

static Suite *writememo_suite(void)
{
	Suite *s = suite_create("writememo");
	TCase *tc = tcase_create("runs");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_second_run_asks_nothing);
	tcase_add_test(tc, test_changes_recompute);
	tcase_add_test(tc, test_config_change_recomputes);
	tcase_add_test(tc, test_no_cache_asks_every_time);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(writememo_suite());
}
