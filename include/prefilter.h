/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prefilter.h - the text pre-filter: walks a directory (never following
 * symlinks, so loops cannot trap it) and keeps the .c files whose text
 * mentions a tasklet token, before anything is parsed.
 *
 * A ta_candidates owns its path strings; ta_candidates_free() frees them.
 */
#ifndef TA_PREFILTER_H
#define TA_PREFILTER_H

#include <stddef.h>

typedef struct ta_candidates {
	char **paths; /* tree-relative, sorted */
	size_t n, cap;
	char **unreadable; /* .c files that could not be read, "path: reason" */
	size_t n_unreadable, cap_unreadable;
	size_t scanned; /* .c files looked at */
} ta_candidates;

/* Scan root/subtree.  Returns 0, or -1 after one error line naming the path. */
int ta_prefilter(const char *root, const char *subtree, ta_candidates *out);
/*
 * The same with a memo file (NULL: none): a file whose size, mtime and
 * inode match the memo is not read again; the memo is rewritten atomically
 * when anything changed.  A damaged memo is ignored.
 */
int ta_prefilter_memo(const char *root, const char *subtree, const char *memo_path,
		      ta_candidates *out);
void ta_candidates_free(ta_candidates *c);

/* Does this text mention a tasklet token ("tasklet_" or "DECLARE_TASKLET"), or take
 * the address of an object named like a tasklet ("&fhci_tasklet")? */
int ta_text_mentions_tasklet(const char *text, size_t len);

#endif
