// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_report_sarif.c - the SARIF back end on the corpus: the log of the
 * classified corpus validates against the vendored SARIF 2.1.0 schema
 * (tests/sarif, with python3-jsonschema) and has one result per finding
 * and recommendation, each rule id described in tool.driver.rules and the
 * schedule sites as related locations; a log with a required property
 * removed or a wrong version is rejected by the same check; the BH
 * patches the binary writes for the corpus become fixes that, applied to
 * a copy of the corpus, give the same files as `git apply` of the
 * patches; and a diff SARIF cannot express gives no fix.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <cJSON.h>

#include "classify.h"
#include "report.h"
#include "report_read.h"
#include "report_sarif.h"
#include "testutil.h"

/* Run a shell command; its exit status. */
static int sh(const char *cmd)
{
	int st = system(cmd);

	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* The SARIF log of a (with extra), in memory. */
static char *sarif_mem(const ta_audit *a, const struct ta_sarif_extra *extra)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(ta_report_sarif_write(a, fp, NULL, extra), 0);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

static void write_text(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_ge(fputs(text, fp), 0);
	ck_assert_int_eq(fclose(fp), 0);
}

/* Exit status of the schema check of the log at path (its output on stdout). */
static int validate(const char *path)
{
	char *schema = tu_src("tests/sarif/sarif-schema-2.1.0.json");
	char *script = tu_src("tests/sarif/sarif_check.py");
	char *cmd = xasprintf("python3 '%s' validate '%s' '%s'", script, schema, path);
	int rc = sh(cmd);

	free(cmd);
	free(script);
	free(schema);
	return rc;
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* text with the first occurrence of from after anchor replaced by to. */
static char *replace_first(const char *text, const char *anchor, const char *from, const char *to)
{
	const char *a = strstr(text, anchor), *p = a ? strstr(a, from) : NULL;

	ck_assert_msg(p != NULL, "'%s' not in the log", from);
	return xasprintf("%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
}

START_TEST(test_corpus_log_is_valid)
{
	const ta_audit *a = tu_classified();
	char *dir = tu_mkdtemp(), *path = ta_path_join(dir, "corpus.sarif");
	char *log = sarif_mem(a, NULL);
	size_t want = 0, scheduled = 0;

	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		want += ta_classification_of(t)->n_findings +
			(ta_classification_of(t)->rec.mechanism &&
			 ta_classification_of(t)->rec.n_reasons);
	}
	ck_assert_uint_gt(want, 50);
	ck_assert_uint_eq(count(log, "\"ruleIndex\":"), want);
	ck_assert(strstr(log, "\"version\":\t\"2.1.0\""));
	ck_assert(strstr(log, "\"name\":\t\"tasklet-audit\""));
	/* rule ids of findings and recommendations, described by the rules' own text */
	ck_assert(strstr(log, "\"id\":\t\"bug.no-kill\""));
	ck_assert(strstr(log, "\"id\":\t\"rec.bh-default\""));
	ck_assert(strstr(log, "\"text\":\t\"the BH workqueue keeps the softirq context and BH "
			      "exclusion: the direct replacement\""));
	ck_assert(!strstr(log, "description_source"));
	ck_assert(strstr(log, "\"level\":\t\"error\""));
	ck_assert(strstr(log, "\"uriBaseId\":\t\"SRCROOT\""));
	/* the schedule sites are related locations, with their contexts */
	for (size_t i = 0; i < a->n_tasklets; i++)
		for (size_t j = 0; j < a->tasklets[i].n_sites; j++)
			scheduled += a->tasklets[i].sites[j].api == TA_API_SCHEDULE;
	ck_assert_uint_gt(scheduled, 0);
	ck_assert(strstr(log, "\"relatedLocations\":"));
	ck_assert(strstr(log,
			 "tasklet_schedule in ib_ack() [hardirq]: ib_isr() (a caller): hardirq"));
	write_text(path, log);
	ck_assert_int_eq(validate(path), 0);
	free(log);
	free(path);
	tu_rmtree(&dir);
}
END_TEST

/* The same check rejects a log that breaks the schema. */
START_TEST(test_broken_log_is_rejected)
{
	const ta_audit *a = tu_classified();
	char *dir = tu_mkdtemp(), *path = ta_path_join(dir, "broken.sarif");
	char *log = sarif_mem(a, NULL);
	/* a result without its required message; a run without its tool; a wrong version */
	static const char *const breaks[][3] = {
		{"\"results\":", "\"message\":", "\"massage\":"},
		{"\"runs\":", "\"tool\":", "\"tools\":"},
		{"\"driver\":", "\"name\":", "\"nom\":"},
		{"{", "\"version\":\t\"2.1.0\"", "\"version\":\t\"2.2.0\""},
		{"\"results\":", "\"startLine\":\t", "\"startLine\":\t-"},
		{"\"results\":", "\"level\":\t\"", "\"level\":\t\"fatal"},
	};

	for (size_t i = 0; i < sizeof(breaks) / sizeof(*breaks); i++) {
		char *bad = replace_first(log, breaks[i][0], breaks[i][1], breaks[i][2]);
		write_text(path, bad);
		ck_assert_msg(validate(path) == 1, "'%s' -> '%s' was not rejected", breaks[i][1],
			      breaks[i][2]);
		free(bad);
	}
	free(log);
	free(path);
	tu_rmtree(&dir);
}
END_TEST

/* The patch of each written tasklet: the file of -o DIR that changes its first init file. */
static char *subject_of(const char *text)
{
	const char *s = strstr(text, "Subject: [PATCH"), *b = s ? strchr(s, ']') : NULL;
	const char *end = b ? strchr(b, '\n') : NULL;

	return b && end ? xstrndup(b + 2, (size_t)(end - b - 2)) : NULL;
}

/*
 * The patches of a series as one diff against the files as on disk: what
 * a SARIF fix, whose replacements all apply to the original, must say.
 */
static char *series_diff(const char *pdir, const char *first, const char *second)
{
	char *repo = tu_corpus_tree(), *out = ta_path_join(repo, "series.diff"), *text;

	tu_git_commit_all(repo);
	ck_assert_msg(tu_sh("cd '%s' && git apply '%s/%s' && git apply '%s/%s' && "
			    "git diff >series.diff",
			    repo, pdir, first, pdir, second) == 0,
		      "%s then %s do not apply", first, second);
	text = ta_read_file(out, NULL);
	ck_assert_ptr_nonnull(text);
	free(out);
	tu_rmtree(&repo);
	return text;
}

/* The patch (a series: its combined diff) that changes t's file; *subject its subject. */
static char *find_patch(const char *pdir, const ta_tasklet *t, char **subject)
{
	char *needle = xasprintf("diff --git a/%s b/%s\n", t->file, t->file), *hit = NULL;
	char **names;
	size_t n = tu_find_files(pdir, ".patch", &names);

	for (size_t i = 0; i < n && !hit; i++) {
		char *p = ta_path_join(pdir, names[i]);
		char *text = ta_read_file(p, NULL);
		ck_assert_ptr_nonnull(text);
		if (strstr(text, needle) && strstr(text, "Subject: [PATCH 1/2] ")) {
			/* the series' second patch is the next one */
			char *p2 = ta_path_join(pdir, names[i + 1]), *second;
			ck_assert_uint_lt(i + 1, n);
			second = ta_read_file(p2, NULL);
			ck_assert_ptr_nonnull(second);
			ck_assert_ptr_nonnull(strstr(second, "Subject: [PATCH 2/2] "));
			*subject = subject_of(second);
			hit = series_diff(pdir, names[i], names[i + 1]);
			free(second);
			free(p2);
			free(text);
		} else if (strstr(text, needle)) {
			*subject = subject_of(text);
			hit = text;
		} else {
			free(text);
		}
		free(p);
	}
	tu_strv_free(names, n);
	free(needle);
	return hit;
}

/* The ids of the tasklets whose patch.status is "written" in a report; NULL-ended. */
static char **written_ids(const char *json)
{
	char *text = ta_read_file(json, NULL);
	cJSON *root = cJSON_Parse(text), *arr, *t;
	char **ids = NULL;
	size_t n = 0, cap = 0;

	ck_assert_ptr_nonnull(root);
	arr = cJSON_GetObjectItemCaseSensitive(root, "tasklets");
	cJSON_ArrayForEach(t, arr)
	{
		cJSON *p = cJSON_GetObjectItemCaseSensitive(t, "patch");
		cJSON *st = cJSON_GetObjectItemCaseSensitive(p, "status");
		cJSON *id = cJSON_GetObjectItemCaseSensitive(t, "id");
		if (cJSON_IsString(st) && strcmp(st->valuestring, "written") == 0)
			TA_PUSH(ids, n, cap, xstrdup(id->valuestring));
	}
	TA_PUSH(ids, n, cap, NULL);
	cJSON_Delete(root);
	free(text);
	return ids;
}

START_TEST(test_patches_become_fixes)
{
	char *dir = tu_mkdtemp(), *corpus = tu_src("corpus"), *script;
	char *pdir = ta_path_join(dir, "p"), *json = ta_path_join(dir, "p.json");
	char *args, *cmd, *path = ta_path_join(dir, "fixes.sarif"), *log;
	struct ta_sarif_fix *fixes = NULL;
	size_t n = 0, cap = 0, written = 0;
	struct tu_run r;
	ta_audit *a = NULL;
	int rc;

	args = xasprintf("patch --to bh -q -j 2 -o '%s' --json '%s' '%s'", pdir, json, corpus);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "patch: %s", r.err);
	tu_run_free(&r);
	ck_assert_int_eq(ta_report_read(json, &a), 0);
	/* the reader leaves "patch" out: take the statuses from the JSON itself */
	char **ids = written_ids(json);
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		struct ta_sarif_fix f = {.tasklet_id = t->id};
		char *subject = NULL;
		bool w = false;
		for (size_t k = 0; ids[k]; k++)
			w |= strcmp(ids[k], t->id) == 0;
		if (!w)
			continue;
		written++;
		f.patch = find_patch(pdir, t, &subject);
		ck_assert_msg(f.patch != NULL, "no patch changes '%s' (%s)", t->file, t->key);
		f.description = subject;
		TA_PUSH(fixes, n, cap, f);
	}
	ck_assert_uint_gt(written, 20);
	struct ta_sarif_extra extra = {.fixes = fixes, .n_fixes = n};
	log = sarif_mem(a, &extra);
	ck_assert_uint_eq(count(log, "\"fixes\":"), written);
	ck_assert(strstr(log, "Convert from tasklet to BH workqueue"));
	write_text(path, log);
	ck_assert_int_eq(validate(path), 0);

	/* the fixes applied to one copy equal the patches applied to another */
	script = tu_src("tests/sarif/sarif_check.py");
	cmd = xasprintf(
		"cd '%s' && cp -a '%s' viasarif && cp -a '%s' viagit && "
		"python3 '%s' apply fixes.sarif viasarif >/dev/null && "
		"cd viagit && for p in ../p/*.patch; do git apply \"$p\" || exit 1; done && "
		"cd .. && diff -r viasarif viagit >diff.out && "
		"! diff -r -q '%s' viasarif >/dev/null",
		dir, corpus, corpus, script, corpus);
	rc = sh(cmd);
	ck_assert_msg(rc == 0, "the fixes and the patches disagree (see %s/diff.out)", dir);

	for (size_t k = 0; ids[k]; k++)
		free(ids[k]);
	free(ids);
	for (size_t i = 0; i < n; i++) {
		free((char *)fixes[i].patch);
		free((char *)fixes[i].description);
	}
	free(fixes);
	free(cmd);
	free(script);
	free(log);
	ta_audit_free(&a);
	free(args);
	free(path);
	free(json);
	free(pdir);
	free(corpus);
	tu_rmtree(&dir);
}
END_TEST

/* A diff that replacements cannot say gives no fix; the rest of the log is written. */
START_TEST(test_unexpressible_patch_gives_no_fix)
{
	const ta_audit *a = tu_classified();
	const ta_tasklet *t = NULL;
	static const char *const patches[] = {
		"--- /dev/null\n+++ b/new.c\n@@ -0,0 +1 @@\n+int x;\n",
		"--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n",
		"--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n-a\n+b\n", /* short hunk */
		"diff --git a/x.bin b/x.bin\nBinary files a/x.bin and b/x.bin differ\n",
		"no diff at all\n",
	};
	char *log;

	for (size_t i = 0; i < a->n_tasklets && !t; i++)
		if (ta_classification_of(&a->tasklets[i])->rec.mechanism &&
		    ta_classification_of(&a->tasklets[i])->rec.n_reasons)
			t = &a->tasklets[i];
	ck_assert_ptr_nonnull(t);
	for (size_t i = 0; i < sizeof(patches) / sizeof(*patches); i++) {
		struct ta_sarif_fix f = {
			.tasklet_id = t->id, .description = "x", .patch = patches[i]};
		struct ta_sarif_extra extra = {.fixes = &f, .n_fixes = 1};
		log = sarif_mem(a, &extra);
		ck_assert_msg(!strstr(log, "\"fixes\":"), "patch %zu gave a fix", i);
		ck_assert(strstr(log, "\"results\":"));
		free(log);
	}
	/* and a good one does, with the replacements listed bottom up */
	struct ta_sarif_fix f = {
		.tasklet_id = t->id,
		.description = "two hunks",
		.patch = "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n"
			 "@@ -10,0 +11,1 @@\n+new\n@@ -20,1 +21,0 @@\n-gone\n",
	};
	struct ta_sarif_extra extra = {.fixes = &f, .n_fixes = 1};
	log = sarif_mem(a, &extra);
	ck_assert_uint_eq(count(log, "\"fixes\":"), 1);
	const char *fx = strstr(log, "\"fixes\":");
	const char *p20 = strstr(fx, "\"startLine\":\t20"), *p11 = strstr(fx, "\"startLine\":\t11");
	const char *p1 = strstr(fx, "\"startLine\":\t1,");
	ck_assert(p20 && p11 && p1 && p20 < p11 && p11 < p1);
	ck_assert(strstr(log, "\"text\":\t\"A\\nb\""));
	ck_assert(strstr(log, "\"text\":\t\"new\\n\""));
	free(log);
}
END_TEST

/* The back end is in the ops shape, and a tasklet filter drops results. */
START_TEST(test_ops_and_filter)
{
	const ta_audit *a = tu_classified();
	struct ta_report_opts only = {.only_class = "no-such-class"};
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_str_eq(ta_report_sarif.name, "sarif");
	ck_assert_int_eq(ta_report_sarif.write(a, fp, &only), 0);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert(strstr(buf, "\"results\":\t[]"));
	ck_assert(!strstr(buf, "\"ruleId\""));
	free(buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_sarif");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_corpus_log_is_valid);
	tcase_add_test(tc, test_broken_log_is_rejected);
	tcase_add_test(tc, test_patches_become_fixes);
	tcase_add_test(tc, test_unexpressible_patch_gives_no_fix);
	tcase_add_test(tc, test_ops_and_filter);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
