/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testbase.h - the test helpers that know nothing of the audit model:
 * running a suite and reporting its skipped cases to ctest, finding the
 * files of a corpus directory.  testutil.h
 * includes it.  Returned lists belong to the caller (tu_strv_free).
 */
#ifndef TA_TESTBASE_H
#define TA_TESTBASE_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

/* The exit status of a suite of which a case was skipped and nothing failed
 * (ctest's SKIP_RETURN_CODE, set in CMakeLists.txt). */
#define TU_EXIT_SKIPPED 77

/*
 * Run one suite; returns the process exit status: EXIT_FAILURE when a test
 * or a tu_at_end() check failed, else TU_EXIT_SKIPPED when a case was
 * skipped, else 0.
 */
int tu_run(Suite *s);
/*
 * Add the optional case name to s (suite is s's name): one that needs what
 * this machine may lack (a tool, root).  When why_not is NULL the case is
 * created, tagged "optional", given its tests by add_tests and added;
 * else it is left out and recorded as skipped, and tu_run() says why.
 * main() calls it before tu_run(), so the decision holds with and without
 * CK_FORK.  A case that CK_RUN_SUITE, CK_RUN_CASE, CK_INCLUDE_TAGS or
 * CK_EXCLUDE_TAGS deselects is not counted as skipped.  CMakeLists.txt
 * runs a suite that has optional cases as two ctest tests, SUITE without
 * them and SUITE_optional with them alone, so a skipped optional case
 * shows as such without hiding the rest of its suite.
 */
void tu_optional_case(Suite *s, const char *suite, const char *name, const char *why_not,
		      void (*add_tests)(TCase *tc));
/*
 * Have tu_run() call check after the suite ran: it returns false, having
 * said why on stderr, when the suite must fail (testutil.c: a test changed
 * an audit every test shares).
 */
void tu_at_end(bool (*check)(void));

/* Absolute path of a file under the source tree ("corpus/index/x.c"). */
char *tu_src(const char *rel);
/*
 * The files below dir whose names end in suffix ("" for every file), in
 * subdirectories too except those named "golden", hidden ones left out;
 * sorted, relative to dir.  Returns how many; free with tu_strv_free().
 */
size_t tu_find_files(const char *dir, const char *suffix, char ***out);
void tu_strv_free(char **v, size_t n);
/* Is name a corpus case source (a .c or a .h file)? */
bool tu_is_source(const char *name);
/*
 * The case sources below corpus/<sub> (in tu_find_files() order), relative
 * to corpus/ ("index/declare.c").  Exits when there is none: a suite
 * whose cases are gone must not pass by running nothing.
 */
size_t tu_corpus_cases(const char *sub, char ***out);

#endif
