/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pch.h - a precompiled header of the kernel headers nearly every driver
 * includes, built once per run (or reused from the cache while every header
 * it read is unchanged) so that each translation unit does not parse them
 * again.  Only for synthesized flags: compile_commands.json entries differ
 * too much from one file to the next to share one.
 *
 * ta_pch_prepare() builds it in a worker process (the parent never loads
 * libclang state before forking) and hands its path to the flags.  The
 * scan also builds a wide one, with the next most included headers, for
 * the files it cannot change (ta_pch_extra, ta_indexer_wide_pch()).
 */
#ifndef TA_PCH_H
#define TA_PCH_H

#include <stdbool.h>
#include <stddef.h>

#include "cache.h"
#include "hdrstrip.h"
#include "flags.h"
#include "tree.h"

/*
 * Prepare the PCH for fl: in cache's directory when cache is non-NULL
 * (reused across runs), else in a temporary file that *tmp_path names (the
 * caller removes it with ta_pch_remove()).  Returns 0 with ta_flags_set_pch() done, or
 * -1 (after a warning) when no PCH could be built: the run goes on without.
 */
int ta_pch_prepare(const ta_tree *tree, ta_flags *fl, ta_cache *cache, char **tmp_path);
/*
 * The same in two steps, so that the caller works while a worker builds
 * it: ta_pch_start() reuses the cache's or starts the build (call it before
 * starting threads: the worker is forked there), ta_pch_finish() waits for
 * it and returns what ta_pch_prepare() does, freeing the build (clearing
 * *b).
 */
typedef struct ta_pch_build ta_pch_build;
ta_pch_build *ta_pch_start(const ta_tree *tree, ta_flags *fl, ta_cache *cache, bool wide);
int ta_pch_finish(ta_pch_build **b, ta_flags *fl, char **tmp_path, char **tmp_wide);
/*
 * With wide, ta_pch_start() also builds the wide PCH: the same headers and
 * more (pch.c says which), for the files whose headers allow it (the
 * indexer decides, ta_indexer_wide_pch()).  ta_pch_finish() then also
 * calls ta_flags_set_wide_pch() when both PCHs are there, and *tmp_wide
 * (unless NULL) names a temporary one as *tmp_path does.
 */

/* What the wide PCH holds beyond the base one (their ".members" files). */
typedef struct ta_pch_extra {
	char **only; /* the files the wide PCH alone read */
	size_t n_only;
	char **names;  /* the macros those files define and leave defined */
	char **owners; /* owners[i]: the file of only[] that defines names[i] */
	size_t n_names;
} ta_pch_extra;
/*
 * Read it for the PCHs at base and wide; 0, or -1 when a ".members" file
 * cannot be read or a file of only[] names a tasklet in its code (its
 * sites would be walked in no file: the wide PCH is not for this tree).
 */
int ta_pch_extra_read(const char *base, const char *wide, ta_pch_extra *out);
/* Have h watch for e's macros, so that a closure takes the wide PCH only where it may. */
void ta_pch_extra_watch(const ta_pch_extra *e, ta_hdrstrip *h);
void ta_pch_extra_free(ta_pch_extra *e);
/*
 * The files the PCH at pch_path read when it was built (absolute paths, from
 * its ".members" file, written beside it): the caller frees each and the
 * array.  NULL when there is no such file.
 */
char **ta_pch_members(const char *pch_path, size_t *n);
/* Remove a temporary PCH (and its header) made without a cache; frees and clears *tmp_path. */
void ta_pch_remove(char **tmp_path);

#endif
