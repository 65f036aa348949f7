/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_stmt.h - statement-level help for the rewriters that remove
 * code rather than rename it (threaded IRQ, timer): the keyword owning a
 * block, and deleting a call statement together with its line so that no
 * empty line pair or blank line before '}' is left behind (checkpatch).
 * The previous significant byte and the brace opening a block are the
 * lexer's (ta_lex_prev(), ta_lex_open_of()).
 */
#ifndef TA_REWRITE_STMT_H
#define TA_REWRITE_STMT_H

#include <stdbool.h>
#include <stddef.h>

#include "rewrite_util.h"
#include "srcedit.h"

/*
 * What owns the block opening at brace: "if", "else", "for", "while",
 * "switch", "do", "fn" (a function body or other ')' owner) or "" (a bare
 * block or unknown).  Returns a static string.
 */
const char *ta_stmt_block_owner(const char *s, size_t lo, size_t brace);

/*
 * The statement `name(...);` whose name starts at name_off: *semi is its
 * ';'.  -1 when the call is not a whole statement.
 */
int ta_stmt_call_end(const ta_src *src, size_t name_off, size_t *semi);

/*
 * Delete the call statement at name_off and its line(s).  Refused (with
 * `what` in the reason) when it shares its lines with other code, is the
 * body of an if/for/while without braces, or would leave an empty block.
 */
int ta_stmt_delete_call(ta_rw *rw, ta_src *src, size_t name_off, const char *what);

/* Delete the lines [a, b) (a at a line start, b after a newline), tidying blank lines. */
int ta_stmt_delete_lines(ta_rw *rw, ta_src *src, size_t a, size_t b);

/* One mention of an identifier: the file (owned by the srcset) and the offset. */
typedef struct ta_mention {
	const char *file;
	size_t off;
	unsigned line;
} ta_mention;

/*
 * Every mention of ident outside comments and strings in the .c and .h
 * files of the directory of `file` (tree-relative), except those after
 * '.' or '->'; the caller frees *out.
 */
size_t ta_stmt_mentions(ta_srcset *set, const char *file, const char *ident, ta_mention **out);
/* The same, members included: `p->ident`, `.ident = fn` in a table. */
size_t ta_stmt_member_mentions(ta_srcset *set, const char *file, const char *ident,
			       ta_mention **out);

#endif
