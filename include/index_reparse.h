/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_reparse.h - the libclang parses whose AST is checked, not walked:
 * building the precompiled header of common kernel headers (for pch.c),
 * and re-parsing a translation unit with patched texts to count its errors
 * (for patch_validate.c).  The facts come from index_clang.h.
 *
 * A ta_reparser holds one CXIndex: use one per thread or process;
 * ta_reparser_free() releases it and clears the caller's pointer.  Arrays
 * and strings handed back belong to the caller.
 */
#ifndef TA_INDEX_REPARSE_H
#define TA_INDEX_REPARSE_H

#include <stddef.h>

typedef struct ta_reparser ta_reparser;

ta_reparser *ta_reparser_new(void);
void ta_reparser_free(ta_reparser **rp);

/*
 * Build a precompiled header from `header` with args and save it to
 * out_path.  Fills *deps with the files it read (caller frees each and the
 * array).  0 on success; -1 when the header does not parse cleanly or
 * cannot be saved (the caller then parses without a PCH).
 */
int ta_reparser_build_pch(ta_reparser *rp, const char *header, const char *const *args, int nargs,
			  const char *out_path, char ***deps, size_t *n_deps);

/*
 * Parse root/relpath with the compiler arguments args[0..nargs), with the
 * files unsaved_paths[i] (absolute, or relative to root) read from
 * unsaved_texts[i] instead of the disk, and count the error diagnostics
 * into *n_errors.  *errors (may be NULL) gets every error formatted, one
 * per line (NULL when none; the caller frees it).
 * 0 on success; -1 when libclang cannot parse at all.
 */
int ta_reparser_count_errors(ta_reparser *rp, const char *root, const char *relpath,
			     const char *const *args, int nargs, const char *const *unsaved_paths,
			     const char *const *unsaved_texts, size_t n_unsaved, unsigned *n_errors,
			     char **errors);

#endif
