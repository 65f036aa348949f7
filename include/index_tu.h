/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * index_tu.h - what every libclang parse of ours does with its translation
 * unit once clang_parseTranslationUnit2() returns: count (and format) its
 * error diagnostics and list the files it read.  The one place the
 * diagnostics loop is written.
 *
 * This header includes clang-c: only the index modules (index_*.c)
 * include it, so that libclang stays confined to them.  Every char *
 * returned, and every string added to a deps array, belongs to the caller.
 */
#ifndef TA_INDEX_TU_H
#define TA_INDEX_TU_H

#include <clang-c/Index.h>
#include <stddef.h>

/* The text of a CXString (never NULL: "" for none), which is disposed of at once. */
char *ta_tu_take(CXString s);

/*
 * The number of error (and fatal) diagnostics of tu.  *first, when first
 * is not NULL, gets the first of them formatted "file:line:col: error:
 * ..."; *all, when all is not NULL, gets every one so formatted, one per
 * line.  Both stay NULL when there is no error.
 */
unsigned ta_tu_errors(CXTranslationUnit tu, char **first, char **all);

/* Append the path of every file tu read to (*deps)[0..*n) (capacity *cap). */
void ta_tu_deps(CXTranslationUnit tu, char ***deps, size_t *n, size_t *cap);

#endif
