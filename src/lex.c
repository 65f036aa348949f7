// SPDX-License-Identifier: GPL-2.0-only
/*
 * lex.c - the one lexer: C tokens (and JSON with comments) as offsets into
 * the caller's text, and the offset helpers the rewriters anchor their
 * edits with (bracket matching, argument splitting, finding an identifier
 * outside comments and literals, the previous significant byte).  It is
 * deliberately a lexer, not a preprocessor: macros are not expanded and a
 * splice inside a token is not joined, so what it reports is always bytes
 * of the file as written.
 */
#include "lex.h"

#include <string.h>

#include "util.h"

bool ta_lex_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static bool ident_start(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* The length of the line splice (backslash-newline, backslash-CR-LF) at i, else 0. */
static size_t splice_len(const char *s, size_t len, size_t i)
{
	if (i >= len || s[i] != '\\')
		return 0;
	if (i + 1 < len && s[i + 1] == '\n')
		return 2;
	if (i + 2 < len && s[i + 1] == '\r' && s[i + 2] == '\n')
		return 3;
	return 0;
}

/* The end of the block comment opening at i ("/" "*"); the text's end when unclosed. */
static size_t block_comment_end(const char *s, size_t len, size_t i, bool *unterminated)
{
	for (size_t j = i + 2; j + 1 < len; j++)
		if (s[j] == '*' && s[j + 1] == '/')
			return j + 2;
	*unterminated = true;
	return len;
}

/* The end of the line comment opening at i: its newline (not part of it). */
static size_t line_comment_end(const char *s, size_t len, size_t i, unsigned flags)
{
	for (size_t j = i + 2; j < len; j++) {
		if (s[j] != '\n')
			continue;
		if (flags & TA_LEX_JSON)
			return j;
		/* a backslash at the end of the line continues the comment */
		if (s[j - 1] == '\\' || (s[j - 1] == '\r' && s[j - 2] == '\\'))
			continue;
		return j;
	}
	return len;
}

/* The end of the string or character constant opening at i (its quote is s[i]). */
static size_t literal_end(const char *s, size_t len, size_t i, unsigned flags, bool *unterminated)
{
	char q = s[i];

	for (size_t j = i + 1; j < len; j++) {
		if (s[j] == '\\') {
			size_t sp = (flags & TA_LEX_JSON) ? 0 : splice_len(s, len, j);
			j += sp ? sp - 1 : 1;
			continue;
		}
		if (s[j] == q)
			return j + 1;
		if (s[j] == '\n' && !(flags & TA_LEX_JSON)) {
			*unterminated = true;
			return j;
		}
	}
	*unterminated = true;
	return len;
}

/* The end of the preprocessor line whose '#' is at i: its unspliced newline. */
static size_t directive_end(const char *s, size_t len, size_t i, unsigned flags, bool *unterminated)
{
	size_t j = i + 1;

	while (j < len) {
		size_t sp = splice_len(s, len, j);
		bool cut = false;
		if (s[j] == '\n')
			return j;
		if (sp) {
			j += sp;
		} else if (s[j] == '/' && j + 1 < len && s[j + 1] == '*') {
			j = block_comment_end(s, len, j, &cut);
		} else if (s[j] == '/' && j + 1 < len && s[j + 1] == '/') {
			j = line_comment_end(s, len, j, flags);
		} else if (s[j] == '"' || s[j] == '\'') {
			j = literal_end(s, len, j, flags, &cut);
		} else {
			j++;
		}
		if (cut && j == len)
			*unterminated = true;
	}
	return len;
}

/* The end of the preprocessing number starting at i. */
static size_t number_end(const char *s, size_t len, size_t i)
{
	size_t j = i + 1;

	while (j < len) {
		char c = s[j];
		if ((c == '+' || c == '-') && strchr("eEpP", s[j - 1]))
			j++;
		else if (ta_lex_ident_char(c) || c == '.')
			j++;
		else
			break;
	}
	return j;
}

/*
 * The length of the punctuator at i (longest match), 0 when none starts
 * there: "..." "<<=" ">>=", "->" "++" "--" "<<" ">>" "<=" ">=" "==" "!="
 * "&&" "||" "*=" "/=" "%=" "+=" "-=" "&=" "^=" "|=" "##", and one of
 * [](){}.&*+-~!/%<>^|?:;=,#
 */
static size_t punct_len(const char *s, size_t len, size_t i)
{
	char d = i + 1 < len ? s[i + 1] : '\0', e = i + 2 < len ? s[i + 2] : '\0';

	switch (s[i]) {
	case '.':
		return d == '.' && e == '.' ? 3 : 1;
	case '<':
	case '>':
		if (d == s[i])
			return e == '=' ? 3 : 2;
		return d == '=' ? 2 : 1;
	case '-':
		return d == '>' || d == '-' || d == '=' ? 2 : 1;
	case '+':
	case '&':
	case '|':
		return d == s[i] || d == '=' ? 2 : 1;
	case '=':
	case '!':
	case '*':
	case '/':
	case '%':
	case '^':
		return d == '=' ? 2 : 1;
	case '#':
		return d == '#' ? 2 : 1;
	case '[':
	case ']':
	case '(':
	case ')':
	case '{':
	case '}':
	case '~':
	case '?':
	case ':':
	case ';':
	case ',':
		return 1;
	default:
		return 0;
	}
}

/* Lex the one token at i (< len): its kind, end and whether it is cut short. */
static size_t lex_one(const char *s, size_t len, size_t i, unsigned flags, bool bol,
		      enum ta_tok_kind *kind, bool *unterminated)
{
	char c = s[i];
	size_t j, sp;

	*unterminated = false;
	if (is_space(c)) {
		for (j = i + 1; j < len && is_space(s[j]); j++)
			;
		*kind = TA_TOK_SPACE;
		return j;
	}
	if (!(flags & TA_LEX_JSON) && (sp = splice_len(s, len, i))) {
		*kind = TA_TOK_SPLICE;
		return i + sp;
	}
	if (c == '/' && i + 1 < len && s[i + 1] == '*') {
		*kind = TA_TOK_COMMENT;
		return block_comment_end(s, len, i, unterminated);
	}
	if (c == '/' && i + 1 < len && s[i + 1] == '/') {
		*kind = TA_TOK_COMMENT;
		return line_comment_end(s, len, i, flags);
	}
	if (c == '"' || (c == '\'' && !(flags & TA_LEX_JSON))) {
		*kind = c == '"' ? TA_TOK_STRING : TA_TOK_CHAR;
		return literal_end(s, len, i, flags, unterminated);
	}
	if (c == '#' && bol && (flags & TA_LEX_DIRECTIVES) && !(flags & TA_LEX_JSON)) {
		*kind = TA_TOK_DIRECTIVE;
		return directive_end(s, len, i, flags, unterminated);
	}
	if (ident_start(c)) {
		for (j = i + 1; j < len && ta_lex_ident_char(s[j]); j++)
			;
		*kind = TA_TOK_IDENT;
		return j;
	}
	if (is_digit(c) || (c == '.' && i + 1 < len && is_digit(s[i + 1]))) {
		*kind = TA_TOK_NUMBER;
		return number_end(s, len, i);
	}
	if ((j = punct_len(s, len, i)) > 0) {
		*kind = TA_TOK_PUNCT;
		return i + j;
	}
	*kind = TA_TOK_OTHER;
	return i + 1;
}

void ta_lexer_init(ta_lexer *lx, const char *text, size_t len, size_t start, unsigned flags)
{
	size_t k;

	memset(lx, 0, sizeof(*lx));
	lx->flags = flags;
	lx->line = 1;
	lx->bol = true;
	if (!text)
		return;
	lx->s = text;
	lx->len = len;
	lx->pos = start < len ? start : len;
	if (flags & TA_LEX_NO_LINES)
		lx->line = 0;
	else
		for (const char *p = text; (p = memchr(p, '\n', lx->pos - (size_t)(p - text))); p++)
			lx->line++;
	for (k = lx->pos; k > 0 && is_space(text[k - 1]) && text[k - 1] != '\n'; k--)
		;
	lx->bol = k == 0 || text[k - 1] == '\n';
}

enum ta_tok_kind ta_lex_next(ta_lexer *lx, ta_tok *tok)
{
	size_t end;
	unsigned nl = 0;

	memset(tok, 0, sizeof(*tok));
	tok->off = lx->pos;
	tok->line = lx->line;
	if (!lx->s || lx->pos >= lx->len) {
		tok->kind = TA_TOK_END;
		return TA_TOK_END;
	}
	end = lex_one(lx->s, lx->len, lx->pos, lx->flags, lx->bol, &tok->kind, &tok->unterminated);
	tok->len = end - lx->pos;
	/* an identifier, a number, a punctuator never holds a newline */
	if (tok->kind != TA_TOK_IDENT && tok->kind != TA_TOK_NUMBER && tok->kind != TA_TOK_PUNCT)
		for (size_t k = lx->pos; k < end; k++)
			nl += lx->s[k] == '\n';
	if (!(lx->flags & TA_LEX_NO_LINES))
		lx->line += nl;
	lx->pos = end;
	/* a comment and a splice join what is around them: they leave the line state alone */
	if (tok->kind == TA_TOK_SPACE) {
		if (nl)
			lx->bol = true;
	} else if (tok->kind != TA_TOK_COMMENT && tok->kind != TA_TOK_SPLICE) {
		lx->bol = false;
	}
	return tok->kind;
}

static bool insignificant(enum ta_tok_kind k)
{
	return k == TA_TOK_SPACE || k == TA_TOK_SPLICE || k == TA_TOK_COMMENT;
}

enum ta_tok_kind ta_lex_next_sig(ta_lexer *lx, ta_tok *tok)
{
	while (insignificant(ta_lex_next(lx, tok)))
		;
	return tok->kind;
}

char *ta_lex_blank_json_comments(const char *text, size_t len)
{
	ta_lexer lx;
	ta_tok t;
	char *out;

	if (!text)
		return NULL;
	out = xmalloc(len + 1);
	memcpy(out, text, len);
	out[len] = '\0';
	ta_lexer_init(&lx, text, len, 0, TA_LEX_JSON);
	while (ta_lex_next(&lx, &t) != TA_TOK_END)
		if (t.kind == TA_TOK_COMMENT)
			for (size_t k = t.off; k < t.off + t.len; k++)
				if (out[k] != '\n')
					out[k] = ' ';
	return out;
}

/* ------------------------------------------------- offset helpers on C text */

/* A single-byte punctuator token equal to c? */
static bool punct_is(const ta_tok *t, const char *s, char c)
{
	return t->kind == TA_TOK_PUNCT && t->len == 1 && s[t->off] == c;
}

size_t ta_lex_skip_literal(const char *s, size_t len, size_t i)
{
	enum ta_tok_kind kind;
	bool cut;
	size_t end;

	if (!s || i >= len)
		return i;
	end = lex_one(s, len, i, 0, false, &kind, &cut);
	return kind == TA_TOK_COMMENT || kind == TA_TOK_STRING || kind == TA_TOK_CHAR ? end : i;
}

size_t ta_lex_directive_name(const char *s, size_t off, size_t len)
{
	size_t i = off + 1, end = off + len;

	while (i < end && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

size_t ta_lex_skip(const char *s, size_t len, size_t i)
{
	enum ta_tok_kind kind;
	bool cut;

	while (s && i < len) {
		size_t end = lex_one(s, len, i, 0, false, &kind, &cut);
		if (!insignificant(kind))
			break;
		i = end;
	}
	return i;
}

int ta_lex_enclosing_braces(const char *s, size_t len, size_t off, size_t *open, size_t *close)
{
	int depth = 0;

	for (size_t i = off < len ? off : len; i-- > 0;) {
		if (s[i] == '}')
			depth++;
		else if (s[i] == '{' && depth-- == 0) {
			*open = i;
			*close = ta_lex_match(s, len, i);
			return *close == TA_NPOS ? -1 : 0;
		}
	}
	return -1;
}

size_t ta_lex_match(const char *s, size_t len, size_t open)
{
	char stack[256];
	int depth = 0;
	ta_lexer lx;
	ta_tok t;

	if (!s || open >= len || !s[open] || !strchr("([{", s[open]))
		return TA_NPOS;
	ta_lexer_init(&lx, s, len, open, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		char c = s[t.off];
		if (t.kind != TA_TOK_PUNCT || t.len != 1)
			continue;
		if (c == '(' || c == '[' || c == '{') {
			if (depth == (int)sizeof(stack))
				return TA_NPOS;
			stack[depth++] = c == '(' ? ')' : c == '[' ? ']' : '}';
		} else if (c == ')' || c == ']' || c == '}') {
			if (depth == 0 || stack[depth - 1] != c)
				return TA_NPOS;
			if (--depth == 0)
				return t.off;
		}
	}
	return TA_NPOS;
}

size_t ta_lex_open_of(const char *s, size_t len, size_t lo, size_t close)
{
	size_t stack[512];
	int depth = 0;
	char opener;
	ta_lexer lx;
	ta_tok t;

	if (!s || close >= len || !s[close] || !strchr(")]}", s[close]))
		return TA_NPOS;
	opener = s[close] == ')' ? '(' : s[close] == ']' ? '[' : '{';
	ta_lexer_init(&lx, s, len, lo, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END && t.off < close) {
		if (punct_is(&t, s, opener)) {
			if (depth == 512)
				return TA_NPOS;
			stack[depth++] = t.off;
		} else if (punct_is(&t, s, s[close]) && depth > 0) {
			depth--;
		}
	}
	return depth > 0 ? stack[depth - 1] : TA_NPOS;
}

size_t ta_lex_prev(const char *s, size_t lo, size_t i)
{
	size_t last = TA_NPOS;
	ta_lexer lx;
	ta_tok t;

	if (!s || lo >= i)
		return TA_NPOS;
	ta_lexer_init(&lx, s, i, lo, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END)
		if (t.kind == TA_TOK_SPLICE)
			last = t.off;
		else if (t.kind != TA_TOK_SPACE && t.kind != TA_TOK_COMMENT)
			last = t.off + t.len - 1;
	return last;
}

int ta_lex_args(const char *s, size_t len, size_t open, size_t *starts, size_t *ends, int max)
{
	size_t close = ta_lex_match(s, len, open);
	size_t a = open + 1;
	int n = 0, depth = 0;
	ta_lexer lx;
	ta_tok t;

	if (close == TA_NPOS || s[open] != '(')
		return -1;
	if (ta_lex_skip(s, len, a) == close)
		return 0;
	ta_lexer_init(&lx, s, len, a, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END && t.off <= close) {
		char c = s[t.off];
		if (t.kind != TA_TOK_PUNCT || t.len != 1)
			continue;
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && t.off != close)
			depth--;
		if ((c == ',' && depth == 0) || t.off == close) {
			size_t b = t.off;
			if (n == max)
				return -1;
			a = ta_lex_skip(s, len, a);
			while (b > a && strchr(" \t\n\r\\", s[b - 1]))
				b--;
			starts[n] = a;
			ends[n] = b;
			n++;
			a = t.off + 1;
		}
	}
	return n;
}

bool ta_lex_after_member_op(const char *s, size_t i)
{
	while (i > 0 && strchr(" \t\n\r", s[i - 1]))
		i--;
	if (i >= 1 && s[i - 1] == '.')
		return true;
	return i >= 2 && s[i - 1] == '>' && s[i - 2] == '-';
}

size_t ta_lex_find_ident(const char *s, size_t from, size_t to, const char *id, bool not_member)
{
	size_t n;
	ta_lexer lx;
	ta_tok t;

	if (!s || !id)
		return TA_NPOS;
	n = strlen(id);
	/* most texts searched lack the name: no need to lex them */
	if (n == 0 || from >= to || !memmem(s + from, to - from, id, n))
		return TA_NPOS;
	ta_lexer_init(&lx, s, to, from, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END)
		if (t.kind == TA_TOK_IDENT && t.len == n && memcmp(s + t.off, id, n) == 0 &&
		    !(not_member && ta_lex_after_member_op(s, t.off)))
			return t.off;
	return TA_NPOS;
}

int ta_lex_depth_at(const char *s, size_t len, size_t at)
{
	int depth = 0;
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, s, len, 0, 0);
	while (ta_lex_next(&lx, &t) != TA_TOK_END && t.off < at) {
		if (punct_is(&t, s, '{'))
			depth++;
		else if (punct_is(&t, s, '}') && depth > 0)
			depth--;
	}
	return depth;
}

char *ta_lex_norm(const char *s, size_t n)
{
	ta_buf b = {0};
	bool space = false;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = b.len > 0;
			continue;
		}
		if (space && c != '*' && b.s[b.len - 1] != '*' && c != ')' && b.s[b.len - 1] != '(')
			ta_buf_putc(&b, ' ');
		space = false;
		ta_buf_putc(&b, c);
	}
	return ta_buf_steal(&b);
}

unsigned ta_lex_column(const char *s, size_t i)
{
	size_t a = i;
	unsigned col = 0;

	while (a > 0 && s[a - 1] != '\n')
		a--;
	for (; a < i; a++)
		col = s[a] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}
