/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testutil.h - helpers shared by the Check suites: those of testbase.h
 * (running a suite, listing the corpus cases), scanning the bundled
 * corpus once per process, dumping an audit in the golden-file format,
 * running the real binary and shell commands and capturing their output,
 * making and removing temporary trees and git copies of the corpus,
 * capturing stderr.
 */
#ifndef TA_TESTUTIL_H
#define TA_TESTUTIL_H

#include <check.h>
#include <stdbool.h>

#include "audit.h"
#include "testbase.h"
#include "util.h"

/*
 * The audits of tu_corpus() and tu_classified() are made on first use and
 * shared by every test of the process: no test may change them.  Without
 * CK_FORK a change would reach the tests after it, so tu_run() compares
 * each with its report when it was made and fails the suite on a
 * difference.  The corpus audit: */
const ta_audit *tu_corpus(void);

/* Append the golden dump of every tasklet whose file is `file` to b. */
void tu_dump_file(const ta_audit *a, const char *file, ta_buf *b);
/* The classifier's results for those tasklets (a classified audit: tu_classified()). */
void tu_dump_class(const ta_audit *a, const char *file, ta_buf *b);
/* The corpus audit, classified with the bundled rules (once per process). */
const ta_audit *tu_classified(void);
/* A classified corpus audit of the caller's own, for a test that changes it. */
ta_audit *tu_classified_copy(void);
/* Find a tasklet by key; NULL when absent. */
const ta_tasklet *tu_find(const ta_audit *a, const char *key);

/* Compare text with the golden file rel (or write it when TA_UPDATE_GOLDEN=1). */
void tu_golden(const char *rel, const char *text);

/* Run the tasklet-audit binary with a shell argument string; captures output. */
struct tu_run {
	int status; /* exit code, or 128 + signal */
	char *out;
	char *err;
};
struct tu_run tu_exec(const char *args);
/* The same with environment assignments ("A=1 B=2") for the binary only. */
struct tu_run tu_exec_env(const char *env, const char *args);
void tu_run_free(struct tu_run *r);
/* Run a shell command line built from fmt; returns its exit status (128 if killed). */
int tu_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A fresh directory under /tmp (the test fails if it cannot be made). */
char *tu_mkdtemp(void);
/* Remove a directory tree (symlinks are removed, not followed); frees *dir. */
void tu_rmtree(char **dir);
/* Write text to dir/rel, creating the parent directories. */
void tu_write(const char *dir, const char *rel, const char *text);
/* A copy of the corpus in a fresh directory (the caller removes it). */
char *tu_corpus_tree(void);
/* Make dir a git repository with everything in it committed as "base". */
void tu_git_commit_all(const char *dir);
/* The entries of a directory (without . and ..), sorted, one per line. */
char *tu_ls(const char *dir);
/* Capture what is printed on stderr between begin and end (not nestable). */
void tu_stderr_begin(void);
char *tu_stderr_end(void);

#endif
