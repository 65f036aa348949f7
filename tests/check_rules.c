// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_rules.c - the rules loader: the bundled rules load and carry the
 * ids the report cites; every malformed file is refused with one error
 * naming the file, the line and the problem, before any work.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rules.h"
#include "testutil.h"

START_TEST(test_bundled_rules_load)
{
	char *dir = tu_src("rules");
	ta_rules *r = ta_rules_load(dir);
	bool have_isr = false;

	ck_assert_ptr_nonnull(r);
	ck_assert_uint_ge(r->n_classes, 8);
	ck_assert_uint_ge(r->n_recs, 5);
	ck_assert_uint_eq(r->n_findings, TA_CHECK_COUNT);
	for (size_t i = 0; i < r->n_classes; i++)
		have_isr |= strcmp(r->classes[i].id, "class.isr-bottom-half") == 0;
	ck_assert(have_isr);
	ck_assert_ptr_nonnull(r->locks.id);
	/* behavior.json: the relevance rules end with a catch-all */
	ck_assert_uint_ge(r->n_relevance, 5);
	ck_assert(ta_strlist_has(&r->relevance[r->n_relevance - 1].properties, "*"));
	ck_assert_ptr_null(r->relevance[r->n_relevance - 1].when);
	ta_rules_free(&r);
	ck_assert_ptr_null(r);
	free(dir);
}
END_TEST

/* Load text as a rules file; capture stderr; return the rules (or NULL). */
static ta_rules *parse_capture(const char *text, char **err)
{
	char path[] = "/tmp/ta-rules-err-XXXXXX";
	int fd = mkstemp(path);
	int saved = dup(2);
	ta_rules *r;

	ck_assert_int_ge(fd, 0);
	dup2(fd, 2);
	r = ta_rules_parse_text("bad.json", text);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	*err = ta_read_file(path, NULL);
	unlink(path);
	return r;
}

static const struct {
	const char *text;
	const char *error;
} bad[] = {
	{"{\n  \"classes\": [\n    { \"id\": \"c\",, }\n  ]\n}\n",
	 "bad.json:3:18: error: invalid JSON near ' }'"},
	{"[1, 2]\n", "bad.json:1:1: error: a rules file must hold one JSON object"},
	{"{ \"version\": 2 }\n", "unsupported rules version"},
	/* a comment keeps the lines and columns after it */
	{"/* two\n   lines */ { \"version\": 2 }\n",
	 "bad.json:2:26: error: unsupported rules version (this tool reads 1)"},
	{"{ \"roles\": [ { \"id\": \"r.z\", \"role\": \"timer\", \"call\": 3, \"arg\": 0,"
	 " \"text\": \"t\" } ] }",
	 "bad.json:1:54: error: rule 'r.z': 'roles[0].call' is not a string"},
	{"{ \"classes\": [ { \"id\": \"c.e\", \"class\": \"e\", \"description\": \"d\",\n"
	 "  \"when\": { \"all\": [ { \"site\": \"x\" }, { \"schedule_context_any\": [\"irq\"] } ] } } ] }",
	 "bad.json:2:66: error: rule 'c.e': unknown role 'irq'"},
	{"{ \"colours\": [] }\n", "bad.json:1:3: error: unknown key 'colours'"},
	{"{\n\"roles\": [\n{ \"id\": \"r.x\", \"role\": \"hardirqs\", \"call\": \"f\", \"arg\": 0,"
	 " \"text\": \"t\" }\n] }\n",
	 "bad.json:3:24: error: rule 'r.x': unknown role 'hardirqs'"},
	{"{ \"roles\": [ { \"id\": \"r.y\", \"role\": \"timer\", \"call\": \"f\", \"text\": \"t\" } ] }",
	 "rule 'r.y': a \"call\" rule needs a non-negative \"arg\""},
	{"{ \"classes\": [ { \"id\": \"c.a\", \"class\": \"a\", \"description\": \"d\" } ] }",
	 "bad.json:1:16: error: rule 'c.a': 'classes[0].when' is missing"},
	{"{ \"classes\": [ { \"id\": \"c.b\", \"class\": \"b\", \"description\": \"d\","
	 " \"when\": { \"phase_of_moon\": true } } ] }",
	 "rule 'c.b': unknown condition \"phase_of_moon\""},
	{"{ \"classes\": [ { \"id\": \"c.c\", \"class\": \"c\", \"description\": \"d\","
	 " \"when\": { \"hi\": true, \"scheduled\": true } } ] }",
	 "a condition must be an object with exactly one key"},
	{"{ \"recommendations\": [ { \"id\": \"r.m\", \"mechanism\": \"magic\", \"text\": \"t\","
	 " \"when\": { \"scheduled\": true } } ] }",
	 "rule 'r.m': unknown mechanism 'magic'"},
	{"{ \"recommendations\": [ { \"id\": \"r.c\", \"mechanism\": \"timer\", \"text\": \"t\","
	 " \"confidence\": 1.5, \"when\": { \"scheduled\": true } } ] }",
	 "\"confidence\" must be between 0 and 1"},
	{"{ \"findings\": [ { \"id\": \"f.x\", \"check\": \"telepathy\", \"severity\": \"error\","
	 " \"text\": \"t\" } ] }",
	 "rule 'f.x': unknown check 'telepathy'"},
	{"{ \"traits\": [ { \"id\": \"t.d\", \"trait\": \"x\", \"text\": \"t\", \"calls\": [\"a\"] },"
	 " { \"id\": \"t.d\", \"trait\": \"y\", \"text\": \"t\", \"calls\": [\"b\"] } ] }",
	 "bad.json:1:83: error: rule id 't.d' is defined twice (first at bad.json:1)"},
	{"{ \"traits\": [ { \"trait\": \"x\", \"text\": \"t\", \"calls\": [\"a\"] } ] }",
	 "bad.json:1:15: error: 'traits[0].id' is missing"},
	{"{ \"relevance\": [ { \"id\": \"rel.x\", \"properties\": [\"callback-colour\"],"
	 " \"relevance\": \"benign\", \"text\": \"t\" } ] }",
	 "rule 'rel.x': unknown property 'callback-colour'"},
	{"{ \"relevance\": [ { \"id\": \"rel.y\", \"properties\": [\"*\"],"
	 " \"relevance\": \"harmless\", \"text\": \"t\" } ] }",
	 "rule 'rel.y': \"relevance\" must be observable or benign"},
	{"{ \"relevance\": [ { \"id\": \"rel.z\", \"relevance\": \"benign\", \"text\": \"t\" } ] }",
	 "rule 'rel.z': \"properties\" needs a non-empty array of strings"},
	{"{ \"classes\": [ { \"id\": \"c.d\", \"class\": \"d\", \"description\": \"d\","
	 " \"when\": { \"not\": { \"trace_op\": [\"kill\"] } } } ] }",
	 "rule 'c.d': a condition about a difference"},
};

START_TEST(test_malformed_rules_refused)
{
	char *err = NULL;
	ta_rules *r = parse_capture(bad[_i].text, &err);
	int lines = 0;

	ck_assert_msg(r == NULL, "case %d was accepted", _i);
	ck_assert_msg(err && strstr(err, bad[_i].error), "case %d: stderr '%s' lacks '%s'", _i,
		      err ? err : "", bad[_i].error);
	for (const char *p = err; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(lines, 1);
	free(err);
}
END_TEST

START_TEST(test_comments_allowed)
{
	char *err = NULL;
	ta_rules *r = parse_capture(
		"/* a comment with \"quotes\" */\n{\n  // line comment\n"
		"  \"traits\": [ { \"id\": \"t.c\", \"trait\": \"x\", \"text\": "
		"\"a // not a comment\", \"calls\": [\"f\"] } ]\n}\n",
		&err);

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r->traits[0].text, "a // not a comment");
	ck_assert_str_eq(err, "");
	ta_rules_free(&r);
	free(err);
}
END_TEST

START_TEST(test_missing_directory_and_cli)
{
	struct tu_run run = tu_exec("--rules /nonexistent-rules-dir");

	ck_assert_ptr_null(ta_rules_load("/nonexistent-rules-dir"));
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(
		strstr(run.err, "cannot open rules directory '/nonexistent-rules-dir'"));
	ck_assert_str_eq(run.out, "");
	tu_run_free(&run);
	run = tu_exec("--list-rules");
	ck_assert_int_eq(run.status, 0);
	ck_assert_ptr_nonnull(strstr(run.out, "class.gpu-scheduler"));
	ck_assert_ptr_nonnull(strstr(run.out, "rec.hi-priority"));
	ck_assert_ptr_nonnull(strstr(run.out, "bug.callback-sleeps"));
	tu_run_free(&run);
}
END_TEST

/* A malformed rules directory stops the run before any parse. */
START_TEST(test_bad_rules_dir_stops_run)
{
	char dir[] = "/tmp/ta-rules-XXXXXX";
	char *file, *args;
	FILE *fp;
	struct tu_run run;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	file = xasprintf("%s/broken.json", dir);
	fp = fopen(file, "w");
	fputs("{\n  \"classes\": [\n    { \"id\": \"x\" \n  ]\n}\n", fp);
	fclose(fp);
	args = xasprintf("--rules '%s' -j 1", dir);
	run = tu_exec(args);
	ck_assert_int_eq(run.status, 2);
	ck_assert_ptr_nonnull(strstr(run.err, "broken.json:4:"));
	ck_assert_str_eq(run.out, "");
	tu_run_free(&run);
	unlink(file);
	rmdir(dir);
	free(file);
	free(args);
}
END_TEST

static Suite *rules_suite(void)
{
	Suite *s = suite_create("rules");
	TCase *tc = tcase_create("load");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_bundled_rules_load);
	tcase_add_loop_test(tc, test_malformed_rules_refused, 0, (int)(sizeof(bad) / sizeof(*bad)));
	tcase_add_test(tc, test_comments_allowed);
	tcase_add_test(tc, test_missing_directory_and_cli);
	tcase_add_test(tc, test_bad_rules_dir_stops_run);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(rules_suite());
}
