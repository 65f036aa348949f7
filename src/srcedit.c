// SPDX-License-Identifier: GPL-2.0-only
/*
 * srcedit.c - files as bytes plus an edit list, and the small C lexer the
 * rewriters use to find the exact bytes to change.  Everything not covered
 * by an edit stays byte-for-byte as it was.
 */
#include "srcedit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

ta_src *ta_src_new(const char *rel, const char *text, size_t len)
{
	ta_src *src = xcalloc(1, sizeof(*src));
	size_t cap = 0;

	src->rel = xstrdup(rel);
	src->text = xmalloc(len + 1);
	memcpy(src->text, text, len);
	src->text[len] = '\0';
	src->len = len;
	src->hash = ta_fnv1a(TA_FNV_INIT, text, len);
	TA_PUSH(src->lines, src->n_lines, cap, 0);
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			TA_PUSH(src->lines, src->n_lines, cap, i + 1);
	return src;
}

void ta_src_free(ta_src **src)
{
	if (!*src)
		return;
	for (size_t i = 0; i < (*src)->n_edits; i++)
		free((*src)->edits[i].text);
	free((*src)->edits);
	free((*src)->lines);
	free((*src)->text);
	free((*src)->rel);
	free(*src);
	*src = NULL;
}

ta_srcset *ta_srcset_new(const char *root)
{
	ta_srcset *set = xcalloc(1, sizeof(*set));

	set->root = xstrdup(root ? root : ".");
	return set;
}

void ta_srcset_free(ta_srcset **set)
{
	if (!*set)
		return;
	for (size_t i = 0; i < (*set)->n_files; i++)
		ta_src_free(&(*set)->files[i]);
	free((*set)->files);
	free((*set)->root);
	free(*set);
	*set = NULL;
}

char *ta_path_normalize(const char *rel)
{
	char *copy = xstrdup(rel), *save = NULL;
	char **parts = NULL;
	size_t n = 0, cap = 0;
	ta_buf b = {0};

	for (char *p = strtok_r(copy, "/", &save); p; p = strtok_r(NULL, "/", &save)) {
		if (strcmp(p, ".") == 0)
			continue;
		if (strcmp(p, "..") == 0 && n > 0 && strcmp(parts[n - 1], "..") != 0) {
			n--;
			continue;
		}
		TA_PUSH(parts, n, cap, p);
	}
	if (rel[0] == '/')
		ta_buf_putc(&b, '/');
	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%s%s", i ? "/" : "", parts[i]);
	free(parts);
	free(copy);
	return ta_buf_steal(&b);
}

ta_src *ta_srcset_get(ta_srcset *set, const char *rel_in)
{
	char *path, *rel;
	char *text;
	size_t len = 0;
	ta_src *src;

	if (!rel_in || !*rel_in) {
		errno = EINVAL;
		return NULL;
	}
	rel = ta_path_normalize(rel_in);
	for (size_t i = 0; i < set->n_files; i++)
		if (strcmp(set->files[i]->rel, rel) == 0) {
			free(rel);
			return set->files[i];
		}
	path = ta_path_join(set->root, rel);
	text = ta_read_file(path, &len);
	free(path);
	if (!text) {
		free(rel);
		return NULL;
	}
	src = ta_src_new(rel, text, len);
	free(text);
	free(rel);
	TA_PUSH(set->files, set->n_files, set->cap_files, src);
	return src;
}

size_t ta_src_line(const ta_src *src, unsigned line)
{
	if (line == 0 || line > src->n_lines)
		return TA_NPOS;
	return src->lines[line - 1];
}

size_t ta_src_line_end(const ta_src *src, unsigned line)
{
	size_t a = ta_src_line(src, line);
	const char *nl;

	if (a == TA_NPOS)
		return TA_NPOS;
	nl = memchr(src->text + a, '\n', src->len - a);
	return nl ? (size_t)(nl - src->text) : src->len;
}

unsigned ta_src_line_of(const ta_src *src, size_t off)
{
	size_t lo = 0, hi = src->n_lines;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (src->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return (unsigned)lo + 1;
}

/* 1: the same edit is recorded; 0: it fits at *at; -1: it overlaps one. */
static int edit_check(const ta_src *src, size_t off, size_t len, const char *text, size_t *at)
{
	size_t i;

	for (i = 0; i < src->n_edits; i++) {
		const ta_edit *x = &src->edits[i];
		if (x->off == off && x->len == len && strcmp(x->text, text) == 0)
			return 1;
		/* overlap, or two insertions at one point (their order would be a guess) */
		if ((off < x->off + x->len && x->off < off + len) ||
		    (off == x->off && (len == 0 || x->len == 0)))
			return -1;
		if (x->off >= off + len)
			break;
	}
	*at = i;
	return 0;
}

int ta_src_edit(ta_src *src, size_t off, size_t len, const char *text)
{
	size_t i = 0;
	int rc;
	ta_edit e;

	if (off > src->len || len > src->len - off || !text)
		return -1;
	rc = edit_check(src, off, len, text, &i);
	if (rc != 0)
		return rc > 0 ? 0 : -1;
	e.off = off;
	e.len = len;
	e.text = xstrdup(text);
	ta_grow((void **)&src->edits, &src->cap_edits, src->n_edits + 1, sizeof(*src->edits));
	memmove(&src->edits[i + 1], &src->edits[i], (src->n_edits - i) * sizeof(*src->edits));
	src->edits[i] = e;
	src->n_edits++;
	return 0;
}

int ta_src_merge(ta_src *to, const ta_src *from)
{
	size_t at;

	/* check everything first: a refused merge leaves to unchanged */
	for (size_t i = 0; i < from->n_edits; i++)
		if (edit_check(to, from->edits[i].off, from->edits[i].len, from->edits[i].text,
			       &at) < 0)
			return -1;
	for (size_t i = 0; i < from->n_edits; i++)
		if (ta_src_edit(to, from->edits[i].off, from->edits[i].len, from->edits[i].text) !=
		    0)
			return -1;
	return 0;
}

bool ta_src_changed(const ta_src *src)
{
	for (size_t i = 0; i < src->n_edits; i++)
		if (src->edits[i].len != strlen(src->edits[i].text) ||
		    memcmp(src->text + src->edits[i].off, src->edits[i].text, src->edits[i].len))
			return true;
	return false;
}

char *ta_src_result(const ta_src *src, size_t *len)
{
	ta_buf b = {0};
	size_t at = 0;

	for (size_t i = 0; i < src->n_edits; i++) {
		ta_buf_add(&b, src->text + at, src->edits[i].off - at);
		ta_buf_puts(&b, src->edits[i].text);
		at = src->edits[i].off + src->edits[i].len;
	}
	ta_buf_add(&b, src->text + at, src->len - at);
	if (len)
		*len = b.len;
	return ta_buf_steal(&b);
}

/* ---------------------------------------------------------------- lexer */

bool ta_lex_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

size_t ta_lex_skip_literal(const char *s, size_t len, size_t i)
{
	if (i + 1 < len && s[i] == '/' && s[i + 1] == '*') {
		const char *e = i + 2 <= len ? strstr(s + i + 2, "*/") : NULL;
		return e && (size_t)(e - s) + 2 <= len ? (size_t)(e - s) + 2 : len;
	}
	if (i + 1 < len && s[i] == '/' && s[i + 1] == '/') {
		/* a line comment ends at a newline not escaped by a backslash */
		for (i += 2; i < len; i++)
			if (s[i] == '\n' && s[i - 1] != '\\')
				return i;
		return len;
	}
	if (i < len && (s[i] == '"' || s[i] == '\'')) {
		char q = s[i];
		for (i++; i < len; i++) {
			if (s[i] == '\\') {
				i++;
				continue;
			}
			if (s[i] == q || s[i] == '\n')
				return i + 1;
		}
		return len;
	}
	return i;
}

size_t ta_lex_skip(const char *s, size_t len, size_t i)
{
	while (i < len) {
		if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' ||
		    s[i] == '\v') {
			i++;
		} else if (s[i] == '\\' && i + 1 < len && s[i + 1] == '\n') {
			i += 2;
		} else if (i + 1 < len && s[i] == '/' && (s[i + 1] == '*' || s[i + 1] == '/')) {
			i = ta_lex_skip_literal(s, len, i);
		} else {
			break;
		}
	}
	return i;
}

size_t ta_lex_match(const char *s, size_t len, size_t open)
{
	char stack[256];
	int depth = 0;

	if (open >= len || !strchr("([{", s[open]) || !s[open])
		return TA_NPOS;
	for (size_t i = open; i < len;) {
		size_t j = ta_lex_skip_literal(s, len, i);
		char c;
		if (j != i) {
			i = j;
			continue;
		}
		c = s[i];
		if (c == '(' || c == '[' || c == '{') {
			if (depth == (int)sizeof(stack))
				return TA_NPOS;
			stack[depth++] = c == '(' ? ')' : c == '[' ? ']' : '}';
		} else if (c == ')' || c == ']' || c == '}') {
			if (depth == 0 || stack[depth - 1] != c)
				return TA_NPOS;
			if (--depth == 0)
				return i;
		}
		i++;
	}
	return TA_NPOS;
}

int ta_lex_args(const char *s, size_t len, size_t open, size_t *starts, size_t *ends, int max)
{
	size_t close = ta_lex_match(s, len, open);
	size_t a = open + 1;
	int n = 0, depth = 0;

	if (close == TA_NPOS || s[open] != '(')
		return -1;
	if (ta_lex_skip(s, len, a) == close)
		return 0;
	for (size_t i = a; i <= close;) {
		size_t j = ta_lex_skip_literal(s, len, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (s[i] == '(' || s[i] == '[' || s[i] == '{')
			depth++;
		else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && i != close)
			depth--;
		if ((s[i] == ',' && depth == 0) || i == close) {
			size_t b = i;
			if (n == max)
				return -1;
			a = ta_lex_skip(s, len, a);
			while (b > a && strchr(" \t\n\r\\", s[b - 1]))
				b--;
			starts[n] = a;
			ends[n] = b;
			n++;
			a = i + 1;
		}
		i++;
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
	size_t n = strlen(id);

	for (size_t i = from; i < to;) {
		size_t j = ta_lex_skip_literal(s, to, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (ta_lex_ident_char(s[i])) {
			size_t e = i;
			while (e < to && ta_lex_ident_char(s[e]))
				e++;
			if (e - i == n && memcmp(s + i, id, n) == 0 &&
			    !(not_member && ta_lex_after_member_op(s, i)) &&
			    !(s[i] >= '0' && s[i] <= '9'))
				return i;
			i = e;
			continue;
		}
		i++;
	}
	return TA_NPOS;
}

int ta_lex_depth_at(const char *s, size_t len, size_t at)
{
	int depth = 0;

	for (size_t i = 0; i < at && i < len;) {
		size_t j = ta_lex_skip_literal(s, len, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && depth > 0)
			depth--;
		i++;
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
