/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_clang.h - parses one translation unit with libclang and extracts
 * the raw tasklet facts (facts.h) from it, converting everything to our
 * own structs at once.  libclang is confined to the index modules: this
 * one, index_reparse.h (the PCH and the validation parses) and index_tu.h
 * (what they share); the lexical recovery (lexsites.h) needs none of it.
 *
 * A ta_indexer holds one CXIndex: use one per thread or process.  The
 * caller owns the ta_parse_result and frees it with ta_parse_result_free().
 */
#ifndef TA_INDEX_CLANG_H
#define TA_INDEX_CLANG_H

#include "facts.h"
#include "pch.h"

typedef struct ta_indexer ta_indexer;

typedef struct ta_parse_result {
	enum ta_status status;
	char *reason;      /* why not parsed (NULL when parsed) */
	unsigned n_errors; /* error diagnostics of the parse */
	ta_facts facts;
	char **deps; /* every file the parse read (absolute paths), for the cache */
	size_t n_deps, cap_deps;
	bool wide_pch; /* the parse took the wide PCH (ta_indexer_wide_pch()) */
} ta_parse_result;

ta_indexer *ta_indexer_new(void);

/*
 * This process is a crash-isolated parse worker (pool.h): from now on
 * libclang parses on the calling thread, not on a thread it makes (and
 * gives 8 MiB of fresh stack) for each parse, and without its own crash
 * recovery, so that a fault (an allocation over --max-memory, a stack
 * overflow) ends the worker, which the pool reports, rather than leaving
 * it stuck.  Only when the thread may grow as much stack (RLIMIT_STACK at
 * least 8 MiB); otherwise nothing changes.
 */
void ta_indexer_in_worker(void);
void ta_indexer_free(ta_indexer **ix);

/*
 * From now on, give every parse the headers it may read without their
 * function bodies (hdrstrip.h), but keep[0..n_keep) (absolute paths: the
 * precompiled header's inputs) and the headers that mention tasklets.
 */
void ta_indexer_strip_headers(ta_indexer *ix, const char *const *keep, size_t n_keep);

/*
 * From now on (after ta_indexer_strip_headers()), parse with the wide PCH
 * at wide, in place of the one at base that the arguments name, every file
 * whose headers allow it: no file of its #include closure names a macro
 * of extra (pch.h) that a header it cannot reach defines.  extra's files
 * are then not replaced by stripped copies (libclang checks a PCH's inputs).
 */
void ta_indexer_wide_pch(ta_indexer *ix, const char *base, const char *wide,
			 const ta_pch_extra *extra);

/*
 * Parse root/relpath with the compiler arguments args[0..nargs) and fill
 * *out.  Paths in facts are relative to root when inside it.  Never fails:
 * a file libclang cannot parse gets status failed and a reason.
 */
void ta_indexer_parse(ta_indexer *ix, const char *root, const char *relpath,
		      const char *const *args, int nargs, ta_parse_result *out);
void ta_parse_result_free(ta_parse_result *r);

/* "clang version 14.0.6" or similar; the caller frees it. */
char *ta_libclang_version(void);

#endif
