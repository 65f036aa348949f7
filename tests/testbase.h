/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testbase.h - the test helpers that know nothing of the audit model:
 * running a suite, finding the files of a corpus directory.  testutil.h
 * includes it; check_refcore.c includes it alone, since the reference
 * core's refcore_tasklet.h and audit.h both define struct ta_tasklet.
 * Returned lists belong to the caller (tu_strv_free).
 */
#ifndef TA_TESTBASE_H
#define TA_TESTBASE_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>

/* Run one suite; returns the process exit status (0 when all passed). */
int tu_run(Suite *s);

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
