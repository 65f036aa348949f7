// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_maintainers.c - the MAINTAINERS lookup (maintainers.h) on the
 * handwritten fixture tests/data/maintainers/ (every expectation there
 * was checked against scripts/get_maintainer.pl --no-git --no-rolestats
 * of 6.12; equal-depth sections keep the file's order): F: directories,
 * globs and patterns without a trailing slash, X:, N:, K:, the depth
 * order, de-duplication, L: annotations, .mailmap, the addresses of a
 * touched .yaml file, a missing and an
 * unreadable MAINTAINERS, the Perl-to-POSIX regex translation.  Then the
 * patch command end to end: a copy of the corpus with a MAINTAINERS gets
 * To:/Cc: headers that git am accepts, and the --json report lists them.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "maintainers.h"
#include "testutil.h"
#include "util.h"

#define FIXTURE TA_SOURCE_DIR "/tests/data/maintainers"

static ta_maintainers *fixture(void)
{
	char *err = NULL;
	ta_maintainers *m = ta_maintainers_load(FIXTURE, &err);

	ck_assert_msg(m != NULL, "%s", err ? err : "no MAINTAINERS");
	return m;
}

/* "a|b|c" of a list, for one assertion per list. */
static char *joined(char *const *v, size_t n)
{
	ta_buf b = {0};

	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%s%s", i ? "|" : "", v[i]);
	return ta_buf_steal(&b);
}

static void expect(const struct ta_recipients *r, const char *to, const char *cc)
{
	char *got_to = joined(r->to, r->n_to), *got_cc = joined(r->cc, r->n_cc);

	ck_assert_str_eq(got_to, to);
	ck_assert_str_eq(got_cc, cc);
	free(got_to);
	free(got_cc);
}

/* The paths of a patch: those of its "diff --git a/X b/X" lines. */
static size_t patch_paths(const char *text, char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (const char *p = text; (p = strstr(p, "diff --git a/")); p++) {
		const char *s = p + 13;
		TA_PUSH(*out, n, cap, xstrndup(s, strcspn(s, " \n")));
	}
	return n;
}

/* Query the fixture with one of its patches (tests/data/maintainers/patches/NAME.patch). */
static void query_patch(const ta_maintainers *m, const char *name, bool keywords,
			struct ta_recipients *r)
{
	char *path = xasprintf(FIXTURE "/patches/%s.patch", name);
	char *text = ta_read_file(path, NULL);
	char **paths;
	size_t n;

	ck_assert_msg(text != NULL, "%s", path);
	n = patch_paths(text, &paths);
	ck_assert_uint_gt(n, 0);
	ta_maintainers_query(m, (const char *const *)paths, n, keywords ? text : NULL, r);
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
	free(text);
	free(path);
}

/* The recipients of one path, without keywords, as "to / cc". */
static char *for_path(const ta_maintainers *m, const char *file)
{
	struct ta_recipients r;
	char *to, *cc, *out;

	ta_maintainers_query(m, &file, 1, NULL, &r);
	to = joined(r.to, r.n_to);
	cc = joined(r.cc, r.n_cc);
	out = xasprintf("%s / %s", to, cc);
	free(to);
	free(cc);
	ta_recipients_clear(&r);
	return out;
}

#define EXPECT_PATH(m, file, want)                                                                 \
	do {                                                                                       \
		char *got_ = for_path(m, file);                                                    \
		ck_assert_str_eq(got_, want);                                                      \
		free(got_);                                                                        \
	} while (0)

static const char lkml[] = "linux-kernel@vger.kernel.org";

/*
 * drivers/alpha/core.c: its own section first (depth 3), then the
 * directory ones (2), the N: one (0) and THE REST (-1); a name or address
 * seen before (case-insensitively) is dropped, so is the second spelling
 * of a list; subscribers-only lists are left out, moderated ones kept;
 * Linus is dropped from THE REST; Rob, a reviewer first, is a maintainer
 * of a later section and goes to To.
 */
START_TEST(test_depth_and_duplicates)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "depth", true, &r);
	expect(&r,
	       "Carol Core <carol@example.org>|Alice Alpha <alice@example.org>|"
	       "Rob Reviewer <rob@example.org>|Sam Sub <sam@example.org>",
	       "\"Dot. Person\" <dot@example.org>|Alpha-List@EXAMPLE.org|"
	       "moderated@example.org|linux-kernel@vger.kernel.org");
	ta_recipients_clear(&r);
	ta_maintainers_free(&m);
	ck_assert_ptr_null(m);
}
END_TEST

/* X: drivers/alpha/core.c excludes its section from core.c only. */
START_TEST(test_exclusion)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "whole", true, &r);
	expect(&r,
	       "Alice Alpha <alice@example.org>|Rob Reviewer <rob@example.org>|"
	       "Xavier Ex <xavier@example.org>|Sam Sub <sam@example.org>",
	       "\"Dot. Person\" <dot@example.org>|Carol Core <carol@example.org>|"
	       "alpha-list@example.org|moderated@example.org|linux-kernel@vger.kernel.org");
	ta_recipients_clear(&r);
	/* the exclusion is a pattern like F:: a prefix with as many slashes */
	EXPECT_PATH(m, "drivers/alpha/core.c/x.c",
		    "Alice Alpha <alice@example.org>|Rob Reviewer <rob@example.org>|"
		    "Xavier Ex <xavier@example.org>|Sam Sub <sam@example.org> / "
		    "\"Dot. Person\" <dot@example.org>|Carol Core <carol@example.org>|"
		    "alpha-list@example.org|moderated@example.org|linux-kernel@vger.kernel.org");
	ta_maintainers_free(&m);
}
END_TEST

/* Globs: * and ? in a pattern, no trailing slash (same slash count), a directory named bare. */
START_TEST(test_file_patterns)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "globs", true, &r);
	/* sorted paths: Kconfig.debug, drivers/Kconfig, drivers/dirpat/..., drivers/glob/... */
	expect(&r,
	       "Nora Noslash <nora@example.org>|Dirk Dir <dirk@example.org>|"
	       "Gina Glob <gina@example.org>|Quentin Mark <quentin@example.org>",
	       lkml);
	ta_recipients_clear(&r);
	EXPECT_PATH(m, "drivers/glob/x.h",
		    "Gina Glob <gina@example.org> / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/glb/x.c",
		    "Gina Glob <gina@example.org> / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/glob/sub/y.c", " / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/glob/x.s", " / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/q1x.c",
		    "Quentin Mark <quentin@example.org> / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/qx.c", " / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "Kconfig", "Nora Noslash <nora@example.org> / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "drivers/Kconfig", " / linux-kernel@vger.kernel.org");
	/* drivers/dirpat is a directory of the fixture: the pattern covers its tree */
	EXPECT_PATH(m, "drivers/dirpat/sub/z.c",
		    "Dirk Dir <dirk@example.org> / linux-kernel@vger.kernel.org");
	/* a pattern without slash at its end matches as a prefix */
	EXPECT_PATH(m, "drivers/alpha/core.c.orig",
		    "Carol Core <carol@example.org>|Alice Alpha <alice@example.org>|"
		    "Rob Reviewer <rob@example.org>|Sam Sub <sam@example.org> / "
		    "\"Dot. Person\" <dot@example.org>|Alpha-List@EXAMPLE.org|"
		    "moderated@example.org|linux-kernel@vger.kernel.org");
	/* the tab-indented preamble lines are not a section */
	EXPECT_PATH(m, "drivers/none/n.c", " / linux-kernel@vger.kernel.org");
	ck_assert_uint_eq(ta_maintainers_n_sections(m), 15);
	ck_assert_uint_eq(ta_maintainers_n_unsupported(m), 0);
	ta_maintainers_free(&m);
}
END_TEST

START_TEST(test_name_regex)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "names", true, &r);
	expect(&r, "Nadia Regex <nadia@example.org>", lkml);
	ta_recipients_clear(&r);
	EXPECT_PATH(m, "drivers/bet/y.c", " / linux-kernel@vger.kernel.org");
	EXPECT_PATH(m, "sound/beta7.c",
		    "Nadia Regex <nadia@example.org> / linux-kernel@vger.kernel.org");
	ta_maintainers_free(&m);
}
END_TEST

/* K: in the changelog, on a + line, not on a context line; none without the text. */
START_TEST(test_keywords)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "kw_body", true, &r);
	expect(&r, "Kevin Keyword <kevin@example.org>",
	       "linux-kernel@vger.kernel.org|kw-list@example.org");
	ta_recipients_clear(&r);
	query_patch(m, "kw_diff", true, &r);
	expect(&r, "Kevin Keyword <kevin@example.org>",
	       "linux-kernel@vger.kernel.org|kw-list@example.org");
	ta_recipients_clear(&r);
	query_patch(m, "kw_context", true, &r);
	expect(&r, "", lkml);
	ta_recipients_clear(&r);
	query_patch(m, "kw_diff", false, &r);
	expect(&r, "", lkml);
	ta_recipients_clear(&r);
	ta_maintainers_free(&m);
}
END_TEST

/* An orphaned section still answers; .mailmap renames. */
START_TEST(test_orphan_and_mailmap)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "orphan", true, &r);
	expect(&r, "New Name <new@example.org>|Olive Orphan <olive@example.org>", lkml);
	ta_recipients_clear(&r);
	ta_maintainers_free(&m);
}
END_TEST

/*
 * A touched .yaml file's own addresses come after the sections' people, in
 * Cc:: names guessed as get_maintainer guesses them, one already pushed
 * (case-insensitively) left out, .mailmap applied.
 */
START_TEST(test_yaml_file_addresses)
{
	ta_maintainers *m = fixture();
	struct ta_recipients r;

	query_patch(m, "yaml", true, &r);
	expect(&r, "Bea Binding <bea@example.org>",
	       "Yaml Person <yaml@example.org>|\"J. R. Hacker\" <jr@example.org>|"
	       "New Name <new@example.org>|linux-kernel@vger.kernel.org");
	ta_recipients_clear(&r);
	ta_maintainers_free(&m);
}
END_TEST

START_TEST(test_missing_file)
{
	char *dir = tu_mkdtemp(), *err = (char *)"unset";
	ta_maintainers *m = ta_maintainers_load(dir, &err);
	struct ta_recipients r;
	const char *path = "drivers/x.c";

	ck_assert_ptr_null(m);
	ck_assert_ptr_null(err);
	ta_maintainers_query(NULL, &path, 1, "text", &r);
	ck_assert_uint_eq(r.n_to + r.n_cc, 0);
	ta_recipients_clear(&r);
	tu_rmtree(&dir);
}
END_TEST

/* A MAINTAINERS that is a directory, or a dangling link: one line naming it. */
START_TEST(test_unreadable_file)
{
	for (int kind = 0; kind < 2; kind++) {
		char *dir = tu_mkdtemp(), *err = NULL;
		char *path = ta_path_join(dir, "MAINTAINERS");
		ta_maintainers *m;
		if (kind == 0)
			tu_write(dir, "MAINTAINERS/README", "not a file\n");
		else
			ck_assert_int_eq(symlink("nowhere", path), 0);
		m = ta_maintainers_load(dir, &err);
		ck_assert_ptr_null(m);
		ck_assert_ptr_nonnull(err);
		ck_assert_msg(strstr(err, path) != NULL, "%s", err);
		ck_assert_ptr_nonnull(strstr(err, "cannot read"));
		ck_assert_ptr_null(strchr(err, '\n'));
		free(err);
		free(path);
		tu_rmtree(&dir);
	}
}
END_TEST

/* Perl regexes in N:/K:: what translates matches as Perl does; the rest is counted. */
START_TEST(test_regex_translation)
{
	char *dir = tu_mkdtemp(), *err = NULL;
	ta_maintainers *m;
	struct ta_recipients r;
	const char *file = "drivers/x.c";

	tu_write(dir, "MAINTAINERS",
		 "GROUPS\nM:\tA A <a@example.org>\nN:\t(?:foo|bar)\\d+\\.c\n\n"
		 "CASE\nM:\tB B <b@example.org>\nN:\t(?i)camel[a-c]\n"
		 "K:\t\\b(?i:shout)_[A-Z]+ # a comment, as /x allows\n\n"
		 "LOOKAHEAD\nM:\tC C <c@example.org>\nN:\tx(?=y)\nK:\t(?<!a)b\n\n"
		 "ALTERNATION\nM:\tD D <d@example.org>\nK:\taaa|bbb\n");
	m = ta_maintainers_load(dir, &err);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(ta_maintainers_n_sections(m), 4);
	ck_assert_uint_eq(ta_maintainers_n_unsupported(m), 2);
	EXPECT_PATH(m, "drivers/bar12.c", "A A <a@example.org> / ");
	EXPECT_PATH(m, "drivers/bar.c", " / ");
	EXPECT_PATH(m, "drivers/CaMeLB.c", "B B <b@example.org> / ");
	EXPECT_PATH(m, "drivers/camelD.c", " / ");
	EXPECT_PATH(m, "drivers/xy.c", " / ");
	/* (?i:) covers its group only; \b and /x blanks and comments */
	ta_maintainers_query(m, &file, 1, "Subject: [PATCH] x\n\nuses ShOuT_ABC here\n", &r);
	expect(&r, "B B <b@example.org>", "");
	ta_recipients_clear(&r);
	ta_maintainers_query(m, &file, 1, "Subject: [PATCH] x\n\nuses ashout_ABC, shout_abc\n", &r);
	expect(&r, "", "");
	ta_recipients_clear(&r);
	/* "^[+-].*aaa|bbb": in the diff the prefix binds the first branch only, as in Perl */
	ta_maintainers_query(m, &file, 1, "---\n--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n bbb\n", &r);
	expect(&r, "D D <d@example.org>", "");
	ta_recipients_clear(&r);
	ta_maintainers_query(m, &file, 1, "---\n--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n aaa\n", &r);
	expect(&r, "", "");
	ta_recipients_clear(&r);
	ta_maintainers_free(&m);
	tu_rmtree(&dir);
}
END_TEST

/* ------------------------------------------------------------ end to end */

/* The corpus in a git repository, with a MAINTAINERS for two of its BH cases. */
static char *addressed_repo(void)
{
	char *dir = tu_corpus_tree();

	tu_write(dir, "MAINTAINERS",
		 "List of maintainers\n\n"
		 "BH BASIC\nM:\tAlice Alpha <alice@example.org>\n"
		 "M:\t\"Lee, Chun-Yi\" <lee@example.org>\nR:\tRob Reviewer <rob@example.org>\n"
		 "L:\twatched@example.org (moderated for non-subscribers)\n"
		 "S:\tMaintained\nF:\tpatch/bh/bh_basic.c\n\n"
		 "WATCHERS OF A LIST\nM:\tWendy Watcher <wendy@example.org>\nS:\tMaintained\n"
		 "K:\twatched@\n\n"
		 "THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
		 "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\n"
		 "F:\t*\nF:\t*/\n");
	tu_git_commit_all(dir);
	return dir;
}

static char *patch_named(const char *out, const char *part)
{
	char *list = tu_ls(out), *found = NULL, *save = NULL;

	for (char *l = strtok_r(list, "\n", &save); l && !found; l = strtok_r(NULL, "\n", &save))
		if (strstr(l, part))
			found = ta_path_join(out, l);
	free(list);
	ck_assert_msg(found != NULL, "no patch for %s", part);
	return found;
}

static const cJSON *patch_object(const cJSON *report, const char *file)
{
	const cJSON *t;

	cJSON_ArrayForEach(t, cJSON_GetObjectItem(report, "tasklets"))
	{
		const cJSON *f = cJSON_GetObjectItem(t, "file");
		if (cJSON_IsString(f) && strcmp(f->valuestring, file) == 0)
			return cJSON_GetObjectItem(t, "patch");
	}
	return NULL;
}

/*
 * Several patches at once, as get_maintainer.pl answers for a series: the
 * union of their paths, then the K: sections of any of them (checked
 * against get_maintainer.pl names.patch kw_diff.patch orphan.patch).
 */
START_TEST(test_series_query)
{
	ta_maintainers *m = fixture();
	static const char *const names[] = {"names", "kw_diff", "orphan"};
	char *texts[3], **paths = NULL;
	size_t n_paths = 0, cap = 0;
	struct ta_recipients r;

	for (int i = 0; i < 3; i++) {
		char *path = xasprintf(FIXTURE "/patches/%s.patch", names[i]);
		char **p;
		size_t n;
		texts[i] = ta_read_file(path, NULL);
		ck_assert_ptr_nonnull(texts[i]);
		n = patch_paths(texts[i], &p);
		for (size_t k = 0; k < n; k++)
			TA_PUSH(paths, n_paths, cap, p[k]);
		free(p);
		free(path);
	}
	ta_maintainers_query_series(m, (const char *const *)paths, n_paths,
				    (const char *const *)texts, 3, &r);
	expect(&r,
	       "Nadia Regex <nadia@example.org>|New Name <new@example.org>|"
	       "Olive Orphan <olive@example.org>|Kevin Keyword <kevin@example.org>",
	       "linux-kernel@vger.kernel.org|kw-list@example.org");
	ta_recipients_clear(&r);
	/* a NULL text adds no K: section */
	texts[1] = (free(texts[1]), NULL);
	ta_maintainers_query_series(m, (const char *const *)paths, n_paths,
				    (const char *const *)texts, 3, &r);
	expect(&r,
	       "Nadia Regex <nadia@example.org>|New Name <new@example.org>|"
	       "Olive Orphan <olive@example.org>",
	       "linux-kernel@vger.kernel.org");
	ta_recipients_clear(&r);
	for (int i = 0; i < 3; i++)
		free(texts[i]);
	for (size_t i = 0; i < n_paths; i++)
		free(paths[i]);
	free(paths);
	ta_maintainers_free(&m);
}
END_TEST

/*
 * The section a patch belongs to: the deepest match (core.c's own
 * section), or the deepest one naming a tree (ALPHA DRIVER's T:); the
 * file's order among equal depths; N: at depth 0; THE REST never.
 */
START_TEST(test_section)
{
	ta_maintainers *m = fixture();
	const char *core[] = {"drivers/alpha/core.c"};
	const char *main_c[] = {"drivers/alpha/main.c", "drivers/alpha/main.h"};
	const char *beta[] = {"drivers/beta7/x.c"};
	const char *mixed[] = {"drivers/beta7/x.c", "drivers/orphan/o.c"};
	const char *none[] = {"README"};

	ck_assert_str_eq(ta_maintainers_section(m, core, 1, TA_SECTION_SPECIFIC),
			 "ALPHA CORE FILE");
	ck_assert_str_eq(ta_maintainers_section(m, core, 1, TA_SECTION_TREE), "ALPHA DRIVER");
	ck_assert_str_eq(ta_maintainers_section(m, main_c, 2, TA_SECTION_SPECIFIC), "ALPHA DRIVER");
	ck_assert_str_eq(ta_maintainers_section(m, beta, 1, TA_SECTION_TREE), "NAME REGEX");
	ck_assert_str_eq(ta_maintainers_section(m, mixed, 2, TA_SECTION_SPECIFIC), "ORPHANED");
	ck_assert_ptr_null(ta_maintainers_section(m, none, 1, TA_SECTION_TREE));
	ck_assert_ptr_null(ta_maintainers_section(m, none, 0, TA_SECTION_TREE));
	ck_assert_ptr_null(ta_maintainers_section(NULL, core, 1, TA_SECTION_TREE));
	ta_maintainers_free(&m);
}
END_TEST

static char *json_strings(const cJSON *arr)
{
	ta_buf b = {0};
	const cJSON *s;

	ck_assert_msg(cJSON_IsArray(arr), "not an array");
	cJSON_ArrayForEach(s, arr) ta_buf_printf(&b, "%s%s", b.len ? "|" : "", s->valuestring);
	return ta_buf_steal(&b);
}

/*
 * The written patch is addressed: To: the M: people (Linus dropped), Cc:
 * the reviewer and the lists, the K: section its own Cc: line brings in
 * (the written file is what get_maintainer reads), folded as git does.
 */
START_TEST(test_patch_command_addresses)
{
	char *repo = addressed_repo(), *out = tu_mkdtemp();
	char *json = ta_path_join(out, "report.json");
	char *args = xasprintf("patch --to bh -j 1 -o '%s/p' --json '%s' '%s/patch/bh'", out, json,
			       repo);
	struct tu_run r = tu_exec(args);
	char *pdir = ta_path_join(out, "p"), *basic, *hi, *text, *json_text;
	cJSON *report;
	const cJSON *po;

	ck_assert_msg(r.status == 0, "%s", r.err);
	basic = patch_named(pdir, "bh_basic");
	text = ta_read_file(basic, NULL);
	ck_assert_ptr_nonnull(strstr(
		text, "Subject: [PATCH] patch: bh_basic: Convert from tasklet to BH workqueue\n"
		      "To: Alice Alpha <alice@example.org>,\n"
		      "    \"Lee, Chun-Yi\" <lee@example.org>,\n"
		      "    Wendy Watcher <wendy@example.org>\n"
		      "Cc: Rob Reviewer <rob@example.org>,\n"
		      "    watched@example.org,\n"
		      "    linux-kernel@vger.kernel.org\n"
		      "\n"
		      "The only generic interface"));
	free(text);
	/* a case no section names: only THE REST's list, no To: line */
	hi = patch_named(pdir, "bh_hi");
	text = ta_read_file(hi, NULL);
	ck_assert_ptr_nonnull(strstr(text, "BH workqueue\nCc: linux-kernel@vger.kernel.org\n\n"));
	ck_assert_ptr_null(strstr(text, "\nTo:"));
	free(text);
	/* the report carries them */
	json_text = ta_read_file(json, NULL);
	report = cJSON_Parse(json_text);
	po = patch_object(report, "patch/bh/bh_basic.c");
	ck_assert_ptr_nonnull(po);
	{
		char *to = json_strings(cJSON_GetObjectItem(po, "to"));
		char *cc = json_strings(cJSON_GetObjectItem(po, "cc"));
		ck_assert_str_eq(to, "Alice Alpha <alice@example.org>|\"Lee, Chun-Yi\" "
				     "<lee@example.org>|Wendy Watcher <wendy@example.org>");
		ck_assert_str_eq(cc, "Rob Reviewer <rob@example.org>|watched@example.org|"
				     "linux-kernel@vger.kernel.org");
		free(to);
		free(cc);
	}
	/* git am takes the addressed patches from the root */
	ck_assert_int_eq(tu_sh("cd '%s' && git -c user.name=t -c user.email=t@t am -q '%s' '%s' "
			       ">/dev/null 2>&1",
			       repo, basic, hi),
			 0);
	cJSON_Delete(report);
	free(json_text);
	free(basic);
	free(hi);
	free(pdir);
	tu_run_free(&r);
	free(args);
	free(json);
	tu_rmtree(&out);
	tu_rmtree(&repo);
}
END_TEST

static Suite *maintainers_suite(void)
{
	Suite *s = suite_create("maintainers");
	TCase *tc = tcase_create("lookup");

	tcase_add_test(tc, test_depth_and_duplicates);
	tcase_add_test(tc, test_exclusion);
	tcase_add_test(tc, test_file_patterns);
	tcase_add_test(tc, test_name_regex);
	tcase_add_test(tc, test_keywords);
	tcase_add_test(tc, test_orphan_and_mailmap);
	tcase_add_test(tc, test_yaml_file_addresses);
	tcase_add_test(tc, test_missing_file);
	tcase_add_test(tc, test_unreadable_file);
	tcase_add_test(tc, test_regex_translation);
	tcase_add_test(tc, test_series_query);
	tcase_add_test(tc, test_section);
	suite_add_tcase(s, tc);
	tc = tcase_create("patch");
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_patch_command_addresses);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(maintainers_suite());
}
