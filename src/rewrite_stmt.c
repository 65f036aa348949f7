// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_stmt.c - statement-level help for the rewriters that remove
 * code: which keyword owns a block, deleting a call statement with its
 * line (what precedes and follows it read through the lexer), and listing
 * every mention of a function in a driver's directory (so that a handler
 * or a callback whose role changes is not also used somewhere the model
 * did not see).
 */
#include "rewrite_stmt.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

/* The identifier ending at e (exclusive) as a word equal to w? */
static bool word_before(const char *s, size_t lo, size_t e, const char *w)
{
	size_t n = strlen(w);

	return e >= lo + n && strncmp(s + e - n, w, n) == 0 &&
	       (e - n == lo || !ta_lex_ident_char(s[e - n - 1]));
}

const char *ta_stmt_block_owner(const char *s, size_t lo, size_t brace)
{
	size_t p = ta_lex_prev(s, lo, brace);
	static const char *const kw[] = {"if", "for", "while", "switch"};

	if (p == TA_NPOS)
		return "";
	if (word_before(s, lo, p + 1, "else"))
		return "else";
	if (word_before(s, lo, p + 1, "do"))
		return "do";
	if (s[p] == ')') {
		size_t k = ta_lex_open_of(s, brace, lo, p), q;
		if (k == TA_NPOS)
			return "";
		q = ta_lex_prev(s, lo, k);
		for (size_t i = 0; q != TA_NPOS && i < sizeof(kw) / sizeof(*kw); i++)
			if (word_before(s, lo, q + 1, kw[i]))
				return kw[i];
		return "fn";
	}
	return "";
}

int ta_stmt_call_end(const ta_src *src, size_t name_off, size_t *semi)
{
	size_t i = name_off, close, q;

	while (i < src->len && ta_lex_ident_char(src->text[i]))
		i++;
	i = ta_lex_skip(src->text, src->len, i);
	if (i >= src->len || src->text[i] != '(')
		return -1;
	close = ta_lex_match(src->text, src->len, i);
	if (close == TA_NPOS)
		return -1;
	q = ta_lex_skip(src->text, src->len, close + 1);
	if (q >= src->len || src->text[q] != ';')
		return -1;
	*semi = q;
	return 0;
}

static size_t line_start(const char *s, size_t i)
{
	while (i > 0 && s[i - 1] != '\n')
		i--;
	return i;
}

/* Is the line starting at a white space only?  *next: the start of the line after it. */
static bool blank_line(const ta_src *src, size_t a, size_t *next)
{
	size_t i = a;

	while (i < src->len && (src->text[i] == ' ' || src->text[i] == '\t'))
		i++;
	if (next)
		*next = i < src->len ? i + 1 : i;
	return i < src->len && src->text[i] == '\n';
}

int ta_stmt_delete_lines(ta_rw *rw, ta_src *src, size_t a, size_t b)
{
	const char *s = src->text;
	size_t prev_ls = a > 0 ? line_start(s, a - 1) : TA_NPOS, nb = b;
	bool prev_blank = prev_ls != TA_NPOS && blank_line(src, prev_ls, NULL);
	bool next_blank = b < src->len && blank_line(src, b, &nb);
	size_t k = b;
	bool next_close, prev_open;

	while (k < src->len && (s[k] == ' ' || s[k] == '\t'))
		k++;
	next_close = k < src->len && s[k] == '}';
	k = ta_lex_prev(s, 0, a);
	prev_open = k != TA_NPOS && s[k] == '{' && line_start(s, k) == prev_ls;
	if (prev_blank && (next_close || next_blank))
		a = prev_ls;
	else if (next_blank && prev_open)
		b = nb;
	if (ta_src_edit(src, a, b - a, "") != 0)
		return ta_rw_refuse(rw, "%s:%u: overlapping edits", src->rel,
				    ta_src_line_of(src, a));
	return TA_RW_DONE;
}

int ta_stmt_delete_call(ta_rw *rw, ta_src *src, size_t name_off, const char *what)
{
	const char *s = src->text;
	size_t semi, ls = line_start(s, name_off), e, p, n;
	unsigned line = ta_src_line_of(src, name_off);

	if (ta_stmt_call_end(src, name_off, &semi) != 0)
		return ta_rw_refuse(rw, "%s:%u: %s is not a statement of its own", src->rel, line,
				    what);
	for (size_t i = ls; i < name_off; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return ta_rw_refuse(rw, "%s:%u: %s shares its line with other code",
					    src->rel, line, what);
	e = semi + 1;
	while (e < src->len && (s[e] == ' ' || s[e] == '\t'))
		e++;
	if (e < src->len && s[e] != '\n')
		return ta_rw_refuse(rw, "%s:%u: %s shares its line with other code", src->rel, line,
				    what);
	e = e < src->len ? e + 1 : e;
	p = ta_lex_prev(s, 0, ls);
	if (p != TA_NPOS && !strchr(";{}:", s[p])) {
		/* after a preprocessor line is fine; after `if (x)` or `else` it is the body */
		size_t pl = line_start(s, p);
		pl = ta_lex_skip(s, src->len, pl);
		if (s[pl] != '#')
			return ta_rw_refuse(rw,
					    "%s:%u: %s is the body of a statement without braces",
					    src->rel, line, what);
	}
	n = ta_lex_skip(s, src->len, e);
	if (p != TA_NPOS && s[p] == ':' && n < src->len && s[n] == '}')
		return ta_rw_refuse(rw,
				    "%s:%u: removing %s would leave a label at the end of a "
				    "block",
				    src->rel, line, what);
	if (p != TA_NPOS && s[p] == '{' && n < src->len && s[n] == '}' &&
	    strcmp(ta_stmt_block_owner(s, 0, p), "fn") != 0)
		return ta_rw_refuse(rw, "%s:%u: removing %s would leave an empty block", src->rel,
				    line, what);
	return ta_stmt_delete_lines(rw, src, ls, e);
}

static size_t mentions(ta_srcset *set, const char *file, const char *ident, bool not_member,
		       ta_mention **out)
{
	char *dir = xstrdup(file), *slash = strrchr(dir, '/'), *path;
	char **files = NULL;
	size_t nf = 0, capf = 0, n = 0, cap = 0;
	DIR *d;
	struct dirent *de;

	*out = NULL;
	if (slash)
		*slash = '\0';
	path = slash ? ta_path_join(set->root, dir) : xstrdup(set->root);
	ta_srcset_note_dir(set, slash ? dir : "");
	d = opendir(path);
	while (d && (de = readdir(d)))
		if (ta_str_ends(de->d_name, ".c") || ta_str_ends(de->d_name, ".h"))
			TA_PUSH(files, nf, capf,
				slash ? xasprintf("%s/%s", dir, de->d_name) : xstrdup(de->d_name));
	if (d)
		closedir(d);
	ta_sort(files, nf, sizeof(char *), ta_strptr_cmp);
	for (size_t i = 0; i < nf; i++) {
		ta_src *src = ta_srcset_get(set, files[i]);
		for (size_t p = src ? ta_lex_find_ident(src->text, 0, src->len, ident, not_member)
				    : TA_NPOS;
		     p != TA_NPOS;
		     p = ta_lex_find_ident(src->text, p + 1, src->len, ident, not_member)) {
			ta_mention m = {.file = src->rel, .off = p, .line = ta_src_line_of(src, p)};
			TA_PUSH(*out, n, cap, m);
		}
		free(files[i]);
	}
	free(files);
	free(path);
	free(dir);
	return n;
}

size_t ta_stmt_mentions(ta_srcset *set, const char *file, const char *ident, ta_mention **out)
{
	return mentions(set, file, ident, true, out);
}

size_t ta_stmt_member_mentions(ta_srcset *set, const char *file, const char *ident,
			       ta_mention **out)
{
	return mentions(set, file, ident, false, out);
}
