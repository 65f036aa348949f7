/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * udiff.h - our own unified diff generator (Myers' O(ND) line diff), in
 * the form `diff -u -p` and git write: "--- a/PATH", "+++ b/PATH", hunks
 * with context lines and the enclosing function after "@@".  No external
 * diff is ever run.  Returned strings belong to the caller.
 */
#ifndef TA_UDIFF_H
#define TA_UDIFF_H

#include <stddef.h>

struct ta_diffstat {
	unsigned added, removed;
};

/*
 * The hunks turning old into new, headed "--- a/path" / "+++ b/path";
 * "" when the texts are equal.  context: lines around each change (3 for
 * patches).  st (may be NULL) receives the added and removed line counts.
 */
char *ta_udiff(const char *path, const char *old, size_t olen, const char *new_text, size_t nlen,
	       unsigned context, struct ta_diffstat *st);

/* The line-level edit script: for each op '=' (keep), '-' or '+'; for tests. */
char *ta_diff_script(const char *old, size_t olen, const char *new_text, size_t nlen);

#endif
