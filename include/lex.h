/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lex.h - the one lexer of the project.  It cuts C source (or JSON with
 * comments, the rule files' format) into tokens: white space, line
 * splices, comments, preprocessor lines, identifiers, numbers, strings,
 * character constants and punctuators.  Code that must tell code from
 * comments and literals goes through it: the lexical recovery of the
 * indexer (lexsites.c), the rewriters' edit anchoring (the offset helpers
 * below), and for the rule files ta_lex_blank_json_comments().
 *
 * The lexer works on bytes: any byte (NUL, non-ASCII, a lone CR) is
 * accepted, and every byte of the text lands in exactly one token.  A
 * ta_lexer is a cursor over text the caller owns and keeps alive; it holds
 * no memory, so it lives on the stack and needs no free.  Functions
 * returning char * hand ownership to the caller.
 */
#ifndef TA_LEX_H
#define TA_LEX_H

#include <stdbool.h>
#include <stddef.h>

/* "No such offset", for the functions returning one. */
#define TA_NPOS ((size_t)-1)

enum ta_tok_kind {
	TA_TOK_END,       /* no more text */
	TA_TOK_SPACE,     /* a run of ' ', \t, \n, \r, \f, \v */
	TA_TOK_SPLICE,    /* a backslash-newline (or backslash-CR-LF) outside a literal */
	TA_TOK_COMMENT,   /* a block comment with its delimiters, a line comment to its newline */
	TA_TOK_DIRECTIVE, /* with TA_LEX_DIRECTIVES: a preprocessor line, to its newline */
	TA_TOK_IDENT,     /* [A-Za-z_][A-Za-z0-9_]* */
	TA_TOK_NUMBER,    /* a preprocessing number: 42, 0x1f, 1.5e+3, 10UL */
	TA_TOK_STRING,    /* "..." with its quotes */
	TA_TOK_CHAR,      /* '...' with its quotes (C only) */
	TA_TOK_PUNCT,     /* a punctuator, longest match: "->", "<<=", "(", "#" */
	TA_TOK_OTHER,     /* one byte that starts no C token: '@', '$', '\', NUL, non-ASCII */
};

/* Flags of ta_lexer_init(). */
enum {
	/*
	 * A '#' that is the first token of its line starts a TA_TOK_DIRECTIVE
	 * running to the end of the line, line splices and block comments
	 * included.  Without the flag '#' is a punctuator and a directive's
	 * tokens come one by one.
	 */
	TA_LEX_DIRECTIVES = 1u << 0,
	/*
	 * JSON with comments: strings are "..." only and do not end at a
	 * newline, there are no character constants nor line splices, and a
	 * line comment ends at the next newline whatever precedes it.
	 */
	TA_LEX_JSON = 1u << 1,
	/*
	 * Lines are not counted: every token's line is 0.  For the helpers
	 * that read only offsets, which then need not count the newlines
	 * before start.
	 */
	TA_LEX_NO_LINES = 1u << 2,
};

typedef struct ta_tok {
	enum ta_tok_kind kind;
	size_t off, len; /* the token's bytes: text[off, off + len) */
	unsigned line;   /* 1-based line of off; each '\n' ends a line (a CR alone does not) */
	/*
	 * A comment, string, character constant or directive that its
	 * closing delimiter does not end: cut by the end of the text, or (a
	 * string or character constant) by a newline, which is not part of
	 * the token.
	 */
	bool unterminated;
} ta_tok;

/* A cursor over text[0, len); read its fields only through the functions below. */
typedef struct ta_lexer {
	const char *s;
	size_t len, pos;
	unsigned line;
	unsigned flags;
	bool bol; /* only white space and comments since the start of the line */
} ta_lexer;

/*
 * Start lexing text[start, len).  The text before start only tells the
 * line number and whether start is at the beginning of a line.  A NULL
 * text, or start past len, gives an empty lexer.
 */
void ta_lexer_init(ta_lexer *lx, const char *text, size_t len, size_t start, unsigned flags);
/* The next token into *tok (kind TA_TOK_END at the end); returns its kind. */
enum ta_tok_kind ta_lex_next(ta_lexer *lx, ta_tok *tok);
/* The next token that is not white space, a line splice nor a comment. */
enum ta_tok_kind ta_lex_next_sig(ta_lexer *lx, ta_tok *tok);

/*
 * A copy of JSON-with-comments text (len bytes, NUL-terminated) with every
 * byte of each comment made a space, except its newlines: line and column
 * numbers of the rest stay as they were, so a parser's error still names
 * the right place.  Strings are kept as they are.  NULL for a NULL text.
 */
char *ta_lex_blank_json_comments(const char *text, size_t len);

/* ------------------------------------------------- offset helpers on C text */

bool ta_lex_ident_char(char c);
/* Skip white space, line splices and comments from i; returns the next significant offset. */
size_t ta_lex_skip(const char *s, size_t len, size_t i);
/* The end of the comment, string or character constant starting at i (else i). */
size_t ta_lex_skip_literal(const char *s, size_t len, size_t i);
/*
 * Where the name of the directive s[off, off + len) (a TA_TOK_DIRECTIVE)
 * starts: past its '#' and the blanks after it; off + len when none.
 */
size_t ta_lex_directive_name(const char *s, size_t off, size_t len);
/* The bracket matching the one at open ('(', '[' or '{'); TA_NPOS if none. */
size_t ta_lex_match(const char *s, size_t len, size_t open);
/*
 * The braces around offset off (a struct's, for a member declared there):
 * the nearest '{' before off that the text up to off does not close, in
 * *open, and its match in *close.  -1 when there is none or it is unmatched.
 */
int ta_lex_enclosing_braces(const char *s, size_t len, size_t off, size_t *open, size_t *close);
/*
 * The bracket that the one at close (')', ']' or '}') closes, lexing
 * forward from lo: the innermost bracket of its kind still open at close
 * (other kinds are not counted).  TA_NPOS when none is open.
 */
size_t ta_lex_open_of(const char *s, size_t len, size_t lo, size_t close);
/*
 * The last significant byte before i, lexing s[lo, i): the last byte of
 * the last token that is not white space nor a comment.  A line splice
 * counts as significant (its backslash is returned): code inside a
 * multi-line macro is not taken for plain statements.  TA_NPOS when none.
 */
size_t ta_lex_prev(const char *s, size_t lo, size_t i);
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
