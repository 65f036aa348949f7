// SPDX-License-Identifier: GPL-2.0-only
/*
 * testbase.c - the test helpers that know nothing of the audit model (see
 * testbase.h).
 */
#include "testbase.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

static char *skipped; /* "suite/case: skipped: why" lines of the cases left out */

/* Does the space-separated list of Check tags in variable var name tag? */
static bool tags_name(const char *var, const char *tag)
{
	const char *list = getenv(var);
	size_t n = strlen(tag);

	for (const char *p = list; p && (p = strstr(p, tag)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return true;
	return false;
}

/* Would Check run the case name of suite, tagged "optional", were it there? */
static bool selected(const char *suite, const char *name)
{
	const char *run_suite = getenv("CK_RUN_SUITE"), *run_case = getenv("CK_RUN_CASE");
	const char *include = getenv("CK_INCLUDE_TAGS");

	if (run_suite && *run_suite && strcmp(run_suite, suite) != 0)
		return false;
	if (run_case && *run_case && strcmp(run_case, name) != 0)
		return false;
	if (include && *include && !tags_name("CK_INCLUDE_TAGS", "optional"))
		return false;
	return !tags_name("CK_EXCLUDE_TAGS", "optional");
}

void tu_optional_case(Suite *s, const char *suite, const char *name, const char *why_not,
		      void (*add_tests)(TCase *tc))
{
	char *line;

	if (!why_not) {
		TCase *tc = tcase_create(name);
		tcase_set_tags(tc, "optional");
		add_tests(tc);
		suite_add_tcase(s, tc);
		return;
	}
	if (!selected(suite, name))
		return; /* it would not run here either way */
	line = xasprintf("%s%s/%s: skipped: %s\n", skipped ? skipped : "", suite, name, why_not);
	free(skipped);
	skipped = line;
}

static bool (*end_checks[4])(void);
static size_t n_end_checks;

void tu_at_end(bool (*check)(void))
{
	for (size_t i = 0; i < n_end_checks; i++)
		if (end_checks[i] == check)
			return;
	if (n_end_checks == sizeof(end_checks) / sizeof(*end_checks)) {
		fprintf(stderr, "tu_at_end: more than %zu checks\n", n_end_checks);
		abort();
	}
	end_checks[n_end_checks++] = check;
}

int tu_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	bool skip = skipped != NULL;
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	for (size_t i = 0; i < n_end_checks; i++)
		failed += !end_checks[i]();
	if (skip) {
		fputs(skipped, stdout);
		free(skipped);
		skipped = NULL;
	}
	if (failed)
		return EXIT_FAILURE;
	return skip ? TU_EXIT_SKIPPED : EXIT_SUCCESS;
}

char *tu_src(const char *rel)
{
	return xasprintf("%s/%s", TA_SOURCE_DIR, rel);
}

/* tu_find_files below dir/sub ("" at the top); the names pushed are sub-relative. */
static void find_below(const char *dir, const char *sub, const char *suffix, char ***v, size_t *n,
		       size_t *cap)
{
	char *path = *sub ? ta_path_join(dir, sub) : xstrdup(dir);
	DIR *d = opendir(path);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		char *rel, *full;
		struct stat st;
		if (de->d_name[0] == '.')
			continue;
		rel = *sub ? ta_path_join(sub, de->d_name) : xstrdup(de->d_name);
		full = ta_path_join(dir, rel);
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
			if (strcmp(de->d_name, "golden") != 0)
				find_below(dir, rel, suffix, v, n, cap);
			free(rel);
		} else if (ta_str_ends(de->d_name, suffix)) {
			TA_PUSH(*v, *n, *cap, rel);
		} else {
			free(rel);
		}
		free(full);
	}
	if (d)
		closedir(d);
	free(path);
}

size_t tu_find_files(const char *dir, const char *suffix, char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	find_below(dir, "", suffix, out, &n, &cap);
	ta_sort(*out, n, sizeof(**out), ta_strptr_cmp);
	return n;
}

void tu_strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

bool tu_is_source(const char *name)
{
	return ta_str_ends(name, ".c") || ta_str_ends(name, ".h");
}

size_t tu_corpus_cases(const char *sub, char ***out)
{
	char *dir = xasprintf("%s/corpus/%s", TA_SOURCE_DIR, sub);
	char **all;
	size_t n_all = tu_find_files(dir, "", &all), n = 0;

	*out = NULL;
	for (size_t i = 0; i < n_all; i++) {
		char *name = all[i];
		if (tu_is_source(name))
			all[n++] = xasprintf("%s/%s", sub, name);
		free(name);
	}
	if (n == 0) {
		fprintf(stderr, "no case in '%s'\n", dir);
		exit(EXIT_FAILURE);
	}
	*out = all;
	free(dir);
	return n;
}
