/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_clang.h - parses one translation unit with libclang and extracts
 * the raw tasklet facts (facts.h) from it.  This is the only module that
 * includes clang-c: it converts everything to our own structs at once.
 *
 * A ta_indexer holds one CXIndex: use one per thread or process.  The
 * caller owns the ta_parse_result and frees it with ta_parse_result_free().
 */
#ifndef TA_INDEX_CLANG_H
#define TA_INDEX_CLANG_H

#include "facts.h"

typedef struct ta_indexer ta_indexer;

typedef struct ta_parse_result {
	enum ta_status status;
	char *reason;      /* why not parsed (NULL when parsed) */
	unsigned n_errors; /* error diagnostics of the parse */
	ta_facts facts;
	char **deps; /* every file the parse read (absolute paths), for the cache */
	size_t n_deps, cap_deps;
} ta_parse_result;

ta_indexer *ta_indexer_new(void);
void ta_indexer_free(ta_indexer **ix);

/*
 * Parse root/relpath with the compiler arguments args[0..nargs) and fill
 * *out.  Paths in facts are relative to root when inside it.  Never fails:
 * a file libclang cannot parse gets status failed and a reason.
 */
void ta_indexer_parse(ta_indexer *ix, const char *root, const char *relpath,
		      const char *const *args, int nargs, ta_parse_result *out);
void ta_parse_result_free(ta_parse_result *r);

/*
 * Build a precompiled header from `header` with args and save it to
 * out_path.  Fills *deps with the files it read (caller frees each and the
 * array).  0 on success; -1 when the header does not parse cleanly or
 * cannot be saved (the caller then parses without a PCH).
 */
int ta_indexer_build_pch(ta_indexer *ix, const char *header, const char *const *args, int nargs,
			 const char *out_path, char ***deps, size_t *n_deps);

/* "clang version 14.0.6" or similar; the caller frees it. */
char *ta_libclang_version(void);

/*
 * Parse root/relpath with args like ta_indexer_parse(), with the files
 * unsaved_paths[i] (absolute, or relative to root) read from unsaved_texts[i]
 * instead of the disk, and count the error diagnostics into *n_errors.
 * *errors (may be NULL) gets every error formatted, one per line (NULL when
 * none; the caller frees it).
 * 0 on success; -1 when libclang cannot parse at all.
 */
int ta_indexer_count_errors(ta_indexer *ix, const char *root, const char *relpath,
			    const char *const *args, int nargs, const char *const *unsaved_paths,
			    const char *const *unsaved_texts, size_t n_unsaved, unsigned *n_errors,
			    char **errors);

#endif
