/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * srcedit.h - the source text the rewriters work on: one ta_src per file
 * (its bytes, content hash and line index) with a list of non-overlapping
 * byte-range edits, a ta_srcset of the files one conversion touches, and
 * the small C lexer the rewriters anchor their edits with (it skips
 * comments, strings and character constants and matches brackets).
 *
 * A ta_srcset owns its ta_src entries and every string in them;
 * ta_srcset_free() releases all and clears the caller's pointer.  Strings
 * returned as char * belong to the caller.
 */
#ifndef TA_SRCEDIT_H
#define TA_SRCEDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TA_NPOS ((size_t)-1)

typedef struct ta_edit {
	size_t off, len; /* the bytes replaced */
	char *text;      /* what replaces them */
} ta_edit;

typedef struct ta_src {
	char *rel;  /* path relative to the tree root */
	char *text; /* the original bytes, NUL-terminated */
	size_t len;
	uint64_t hash; /* FNV-1a of the original bytes */
	size_t *lines; /* offset of each line start; lines[0] is line 1 */
	size_t n_lines;
	ta_edit *edits; /* sorted by offset, never overlapping */
	size_t n_edits, cap_edits;
} ta_src;

typedef struct ta_srcset {
	char *root;
	ta_src **files;
	size_t n_files, cap_files;
} ta_srcset;

ta_srcset *ta_srcset_new(const char *root);
void ta_srcset_free(ta_srcset **set);
/* "a/b/../c" -> "a/c", "./x" -> "x" (the caller frees it). */
char *ta_path_normalize(const char *rel);
/* The file rel (normalized) of the set, loaded on first use; NULL (errno set) when unreadable. */
ta_src *ta_srcset_get(ta_srcset *set, const char *rel);

/* A ta_src over text (copied), for tests and for files already read. */
ta_src *ta_src_new(const char *rel, const char *text, size_t len);
void ta_src_free(ta_src **src);

/* Byte offset of the start of line (1-based); TA_NPOS when out of range. */
size_t ta_src_line(const ta_src *src, unsigned line);
/* End of that line (the offset of its '\n', or len). */
size_t ta_src_line_end(const ta_src *src, unsigned line);
/* 1-based line number of an offset. */
unsigned ta_src_line_of(const ta_src *src, size_t off);

/*
 * Replace [off, off + len) with text.  An edit identical to one already
 * recorded is accepted once; one overlapping another is refused: -1.
 */
int ta_src_edit(ta_src *src, size_t off, size_t len, const char *text);
/* Copy every edit of from into to (same file); -1 on a conflict, to unchanged. */
int ta_src_merge(ta_src *to, const ta_src *from);
bool ta_src_changed(const ta_src *src);
/* The text with every edit applied; *len gets its length when not NULL. */
char *ta_src_result(const ta_src *src, size_t *len);

/* ---------------------------------------------------------------- lexer */

bool ta_lex_ident_char(char c);
/* Skip white space and comments from i; returns the next significant offset. */
size_t ta_lex_skip(const char *s, size_t len, size_t i);
/* Skip a comment, string or character constant starting at i (else i). */
size_t ta_lex_skip_literal(const char *s, size_t len, size_t i);
/* The bracket matching the one at open ('(', '[' or '{'); TA_NPOS if none. */
size_t ta_lex_match(const char *s, size_t len, size_t open);
/*
 * Split the arguments of the parenthesized list at open at top-level
 * commas: starts/ends of each argument, trimmed of white space.  Returns
 * the argument count (0 for "()"), or -1 when unbalanced or more than max.
 */
int ta_lex_args(const char *s, size_t len, size_t open, size_t *starts, size_t *ends, int max);
/*
 * The next occurrence of identifier id in [from, to) outside comments,
 * strings and character constants; TA_NPOS when none.  With not_member,
 * occurrences after '.' or '->' are skipped.
 */
size_t ta_lex_find_ident(const char *s, size_t from, size_t to, const char *id, bool not_member);
/* Is the identifier at i preceded (across white space) by '.' or '->'? */
bool ta_lex_after_member_op(const char *s, size_t i);
/* Brace depth at offset i (0 at file scope), counting from the start. */
int ta_lex_depth_at(const char *s, size_t len, size_t i);
/* Collapse runs of white space to one space and drop spaces next to '*'. */
char *ta_lex_norm(const char *s, size_t n);
/* Display column (tabs of 8) of offset i within its line. */
unsigned ta_lex_column(const char *s, size_t i);

#endif
