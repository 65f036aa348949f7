/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * flags.h - the compiler arguments for each source file of a tree: taken
 * from compile_commands.json when there is one, else synthesized like
 * kbuild would for x86_64 (standard include paths, the generated-header
 * overlay, the forced includes, the per-directory ccflags of the Makefiles).
 *
 * A ta_flags caches what it read; ta_flags_free() releases it.  Argument
 * vectors returned by ta_flags_for() belong to the caller: ta_argv_free().
 */
#ifndef TA_FLAGS_H
#define TA_FLAGS_H

#include "kconfig.h"
#include "tree.h"

typedef struct ta_flags ta_flags;

/*
 * compdb_dir: directory holding compile_commands.json (NULL: the tree root
 * when it has one).  overlay_dir: generated headers for an unconfigured
 * tree (NULL when the tree is configured).  NULL after one error line when
 * an explicitly named compile_commands.json cannot be read.
 */
ta_flags *ta_flags_new(const ta_tree *tree, const ta_kconfig *kc, const char *overlay_dir,
		       const char *compdb_dir);
void ta_flags_free(ta_flags **fl);

/* Is a compilation database in use? */
bool ta_flags_from_compdb(const ta_flags *fl);
/* "compile_commands.json" or "synthesized" */
const char *ta_flags_source(const ta_flags *fl);

/* Arguments for root/relpath (not including the file itself); NULL-terminated. */
char **ta_flags_for(ta_flags *fl, const char *relpath, int *argc);
void ta_argv_free(char **argv);

/*
 * Precompiled headers.  ta_flags_base() gives the arguments every
 * synthesized file shares (what a precompiled header of the common headers
 * is built with).  After ta_flags_set_pch(), ta_flags_for() replaces the
 * forced includes of synthesized files with -include-pch PATH;
 * ta_flags_for_nopch() still gives the plain arguments (the fallback when
 * libclang rejects the PCH for a file).
 */
char **ta_flags_base(ta_flags *fl, int *argc);
void ta_flags_set_pch(ta_flags *fl, const char *pch_path);
bool ta_flags_uses_pch(const ta_flags *fl, const char *relpath);
/* The PCH in use, or NULL. */
const char *ta_flags_pch(const ta_flags *fl);
/*
 * The wide PCH (pch.h): ta_flags_for() still names the PCH above; the
 * indexer swaps in this one for a file whose headers allow it.
 */
void ta_flags_set_wide_pch(ta_flags *fl, const char *pch_path);
const char *ta_flags_wide_pch(const ta_flags *fl);
/* In args[0, nargs) (from ta_flags_for()), name pch where they name a PCH (-include-pch). */
void ta_flags_args_swap_pch(const char **args, int nargs, const char *pch);
char **ta_flags_for_nopch(ta_flags *fl, const char *relpath, int *argc);

#endif
