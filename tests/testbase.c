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

static char *skipped; /* "suite/tcase: why" lines of the cases left out */

void tu_skip_case(const char *suite, const char *tcase, const char *why)
{
	const char *run_suite = getenv("CK_RUN_SUITE"), *run_case = getenv("CK_RUN_CASE");
	char *line;

	if ((run_suite && *run_suite && strcmp(run_suite, suite) != 0) ||
	    (run_case && *run_case && strcmp(run_case, tcase) != 0))
		return; /* not selected: not run either way */
	line = xasprintf("%s%s/%s: skipped: %s\n", skipped ? skipped : "", suite, tcase, why);
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
