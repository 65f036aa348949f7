/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cache.h - the persistent cache of per-file facts, in
 * $XDG_CACHE_HOME/tasklet-audit (default ~/.cache/tasklet-audit).
 *
 * An entry holds one candidate file's parse result (the worker's text) and
 * the list of every file that parse read (the source, each header, the
 * generated overlay), each with its size, modification time, inode and
 * content hash.  An entry is used only if every dependency still has the
 * same content (stat first; a changed stat triggers a rehash, so a touched
 * but unchanged header does not invalidate it), and only if its own
 * checksum verifies: a damaged entry is re-computed, never trusted.
 * Entries are written to a temporary file and renamed, so concurrent runs
 * never see half an entry.
 *
 * A ta_cache owns its memo tables; ta_cache_free() releases them.
 */
#ifndef TA_CACHE_H
#define TA_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util.h"

typedef struct ta_cache ta_cache;

/* The default directory: $XDG_CACHE_HOME/tasklet-audit or ~/.cache/tasklet-audit. */
char *ta_cache_default_dir(void);

/* Open (creating) a cache directory; NULL after a warning when it cannot be used. */
ta_cache *ta_cache_open(const char *dir);
void ta_cache_free(ta_cache **c);
const char *ta_cache_dir(const ta_cache *c);

/* Content hash of a file (memoized by path and stat); false when unreadable. */
bool ta_cache_file_hash(ta_cache *c, const char *path, uint64_t *hash);

/*
 * The cached result for key (a string naming the file and its compile
 * arguments), or NULL when absent, damaged or stale.  The caller frees it.
 */
char *ta_cache_lookup(ta_cache *c, const char *key);

/*
 * Store result for key with its dependencies deps[0..n) (absolute paths).
 * Failure to write is not an error: the next run parses again.
 */
void ta_cache_store(ta_cache *c, const char *key, const char *const *deps, size_t n,
		    const char *result);

/* Forget what this run learnt about a file it has just (re)written. */
void ta_cache_forget(ta_cache *c, const char *path);

/*
 * Keep the `keep` most recently used regular files of the cache directory
 * whose names start with prefix and remove the others; `used` (a path, or
 * NULL) is marked used now first.  For the per-tree entries (the
 * pre-filter's memo of each tree and subtree audited) that would otherwise
 * pile up, one for every tree path a user or a test ever audits.
 */
void ta_cache_keep_recent(ta_cache *c, const char *prefix, const char *used, size_t keep);

/* Lookups that hit / missed, for the timing report. */
void ta_cache_stats(const ta_cache *c, size_t *hits, size_t *misses);

#endif
