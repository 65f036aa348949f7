// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_tidy.c - after a patch's edits are merged: continuation lines
 * re-aligned with the parenthesis an edit moved, names that said "tasklet"
 * renamed where that is mechanical, the rest listed for the changelog.
 * Everything is found with the lexer (lex.h) on the original text and
 * what the edits write; nothing here parses C.
 */
#include "patch_tidy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

/* ------------------------------------------------------------ re-alignment */

struct paren {
	bool open;
	unsigned col;
};

/* The parentheses of one line (no newline in it), with their display columns. */
static size_t line_parens(const char *text, struct paren **out)
{
	ta_lexer lx;
	ta_tok t;
	size_t n = 0, cap = 0;

	*out = NULL;
	ta_lexer_init(&lx, text, strlen(text), 0, 0);
	while (ta_lex_next(&lx, &t) != TA_TOK_END)
		if (t.kind == TA_TOK_PUNCT && t.len == 1 &&
		    (text[t.off] == '(' || text[t.off] == ')')) {
			struct paren p = {text[t.off] == '(', ta_lex_column(text, t.off)};
			TA_PUSH(*out, n, cap, p);
		}
	return n;
}

/* The display column of the first non-blank byte, and where it is. */
static unsigned indent_of(const char *text, size_t *end)
{
	unsigned col = 0;
	size_t i = 0;

	for (; text[i] == ' ' || text[i] == '\t'; i++)
		col = text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	if (end)
		*end = i;
	return col;
}

/* Kernel indentation for a column: tabs, then spaces. */
static char *indentation(unsigned col)
{
	ta_buf b = {0};

	for (unsigned k = 0; k < col / 8; k++)
		ta_buf_putc(&b, '\t');
	for (unsigned k = 0; k < col % 8; k++)
		ta_buf_putc(&b, ' ');
	return b.s ? ta_buf_steal(&b) : xstrdup("");
}

/* Is the edit contained in one line, writing no line break? */
static bool one_line(const ta_src *src, const ta_edit *e)
{
	return !memchr(src->text + e->off, '\n', e->len) && !strchr(e->text, '\n');
}

/* Line l (1-based) of the original text with its one-line edits applied. */
static char *edited_line(const ta_src *src, unsigned l)
{
	size_t ls = ta_src_line(src, l), le = ta_src_line_end(src, l), at = ls;
	ta_buf b = {0};

	for (size_t i = 0; i < src->n_edits; i++) {
		const ta_edit *e = &src->edits[i];
		if (e->off < ls || e->off > le || e->off + e->len > le || !one_line(src, e))
			continue;
		ta_buf_add(&b, src->text + at, e->off - at);
		ta_buf_puts(&b, e->text);
		at = e->off + e->len;
	}
	ta_buf_add(&b, src->text + at, le - at);
	return b.s ? ta_buf_steal(&b) : xstrdup("");
}

static char *original_line(const ta_src *src, unsigned l)
{
	size_t ls = ta_src_line(src, l);

	return xstrndup(src->text + ls, ta_src_line_end(src, l) - ls);
}

/* An open parenthesis of the region: where it was and where it is now. */
struct level {
	unsigned old_col, new_col;
};

/*
 * The parentheses of a line, old and new paired in order (shift: what
 * re-indenting the new line adds to its columns), onto the stack; false
 * when the two lines do not have the same parentheses.
 */
static bool track(const char *old, const char *now, int shift, struct level **stack, size_t *n,
		  size_t *cap, bool *closed_outer)
{
	struct paren *po, *pn;
	size_t no = line_parens(old, &po), nn = line_parens(now, &pn);
	bool ok = no == nn;

	for (size_t i = 0; ok && i < no; i++) {
		if (po[i].open != pn[i].open) {
			ok = false;
		} else if (po[i].open) {
			struct level lv = {po[i].col, (unsigned)((int)pn[i].col + shift)};
			TA_PUSH(*stack, *n, *cap, lv);
		} else if (*n) {
			(*n)--;
		} else {
			*closed_outer = true;
		}
	}
	free(po);
	free(pn);
	return ok;
}

unsigned ta_tidy_realign(ta_src *src)
{
	bool *edited = xcalloc(src->n_lines + 2, sizeof(*edited));
	bool *rewritten = xcalloc(src->n_lines + 2, sizeof(*rewritten));
	bool *handled = xcalloc(src->n_lines + 2, sizeof(*handled));
	unsigned moved = 0;

	for (size_t i = 0; i < src->n_edits; i++) {
		const ta_edit *e = &src->edits[i];
		unsigned l0 = ta_src_line_of(src, e->off);
		if (one_line(src, e)) {
			edited[l0] = true;
		} else {
			unsigned l1 = ta_src_line_of(src, e->off + e->len);
			for (unsigned l = l0; l <= l1 && l <= src->n_lines; l++)
				rewritten[l] = true;
		}
	}
	for (unsigned l = 1; l <= src->n_lines; l++) {
		struct level *stack = NULL;
		size_t n = 0, cap = 0;
		bool outer = false, shifted = false;
		char *old, *now;
		if (!edited[l] || rewritten[l] || handled[l])
			continue;
		old = original_line(src, l);
		now = edited_line(src, l);
		if (track(old, now, 0, &stack, &n, &cap, &outer))
			for (size_t k = 0; k < n; k++)
				shifted |= stack[k].old_col != stack[k].new_col;
		free(old);
		free(now);
		/* the lines continuing what line l left open */
		for (unsigned m = l + 1; shifted && n && m <= src->n_lines && m < l + 64; m++) {
			size_t ws, ls = ta_src_line(src, m);
			unsigned ic, new_ic, want;
			int shift = 0;
			if (rewritten[m])
				break;
			old = original_line(src, m);
			now = edited_line(src, m);
			ic = indent_of(old, &ws);
			new_ic = indent_of(now, NULL);
			if (!old[ws] || old[ws] == '#') {
				free(old);
				free(now);
				break;
			}
			want = new_ic;
			if (ic == stack[n - 1].old_col + 1 && ic == new_ic)
				want = stack[n - 1].new_col + 1;
			if (want != new_ic) {
				char *ind = indentation(want);
				if (ta_src_edit(src, ls, ws, ind) == 0) {
					shift = (int)want - (int)new_ic;
					moved++;
				}
				free(ind);
			}
			handled[m] = true;
			if (!track(old, now, shift, &stack, &n, &cap, &outer))
				n = 0;
			free(old);
			free(now);
		}
		free(stack);
	}
	free(edited);
	free(rewritten);
	free(handled);
	return moved;
}

/* ------------------------------------------------------------ macro lines */

/*
 * A line of a multi-line macro that an edit made longer or shorter: its
 * backslash back in the column the macro puts it in with tabs (one space
 * when the line now reaches it); how many were moved.
 */
static unsigned realign_backslashes(ta_src *src)
{
	bool *edited = xcalloc(src->n_lines + 2, sizeof(*edited));
	unsigned moved = 0;

	for (size_t i = 0; i < src->n_edits; i++)
		if (one_line(src, &src->edits[i]))
			edited[ta_src_line_of(src, src->edits[i].off)] = true;
	for (unsigned l = 1; l <= src->n_lines; l++) {
		size_t ls, le, bs, ps;
		unsigned col, w;
		char *now;
		size_t n;
		ta_buf pad = {0};
		if (!edited[l])
			continue;
		ls = ta_src_line(src, l);
		le = ta_src_line_end(src, l);
		if (le <= ls || src->text[le - 1] != '\\')
			continue;
		bs = le - 1;
		for (ps = bs; ps > ls && (src->text[ps - 1] == ' ' || src->text[ps - 1] == '\t');
		     ps--)
			;
		if (!memchr(src->text + ps, '\t', bs - ps))
			continue; /* a single space before it: nothing to align */
		col = ta_lex_column(src->text, bs);
		now = edited_line(src, l);
		n = strlen(now);
		if (n == 0 || now[n - 1] != '\\') {
			free(now);
			continue;
		}
		n--;
		while (n > 0 && (now[n - 1] == ' ' || now[n - 1] == '\t'))
			n--;
		now[n] = '\0';
		w = ta_lex_column(now, n);
		free(now);
		ta_src_pad(&pad, w, col);
		if ((bs - ps != pad.len || memcmp(src->text + ps, pad.s, pad.len) != 0) &&
		    ta_src_edit(src, ps, bs - ps, pad.s) == 0)
			moved++;
		ta_buf_free(&pad);
	}
	free(edited);
	return moved;
}

/* ------------------------------------------------------------ commas */

/*
 * A line an edit changes is a line checkpatch reads in full: a comma
 * followed by something other than white space there ("tasklet_init(&t,fn,
 * data)") gets its space, where no edit is; how many were added.
 */
static unsigned space_commas(ta_src *src)
{
	unsigned added = 0, last = 0;
	size_t n = src->n_edits;
	size_t *lines = xcalloc(n ? n : 1, sizeof(*lines));
	size_t n_lines = 0;

	/* the lines first: the loop below adds edits */
	for (size_t i = 0; i < n; i++) {
		unsigned l = ta_src_line_of(src, src->edits[i].off);
		if (one_line(src, &src->edits[i]) && l != last)
			lines[n_lines++] = last = l; /* edits are sorted: lines ascend */
	}
	for (size_t k = 0; k < n_lines; k++) {
		size_t ls = ta_src_line(src, (unsigned)lines[k]);
		size_t le = ta_src_line_end(src, (unsigned)lines[k]);
		ta_lexer lx;
		ta_tok t;
		if (src->text[ta_lex_skip(src->text, le, ls)] == '#')
			continue; /* a directive: left as it is */
		ta_lexer_init(&lx, src->text + ls, le - ls, 0, 0);
		while (ta_lex_next(&lx, &t) != TA_TOK_END) {
			size_t at = ls + t.off + 1;
			if (t.kind != TA_TOK_PUNCT || t.len != 1 || src->text[ls + t.off] != ',')
				continue;
			if (at >= le || src->text[at] == ' ' || src->text[at] == '\t')
				continue;
			if (ta_src_edit(src, at, 0, " ") == 0)
				added++;
		}
	}
	free(lines);
	return added;
}

/* ------------------------------------------------------------ long lines */

/* The display width of a line (tabs to the next multiple of 8). */
static unsigned line_width(const char *text)
{
	unsigned col = 0;

	for (; *text; text++)
		col = *text == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

/*
 * The '=' of a line that is a declaration or assignment statement of its
 * own, outside any parentheses or brackets ("type *var = expr;"), or
 * TA_NPOS; positions are offsets into text.
 */
static size_t statement_assignment(const char *text)
{
	ta_lexer lx;
	ta_tok t;
	size_t eq = TA_NPOS, last = TA_NPOS;
	int depth = 0;

	static const char *const statements[] = {"if",   "for", "while", "switch", "return",
						 "else", "do",  "case",  "goto"};

	ta_lexer_init(&lx, text, strlen(text), 0, 0);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		const char *p = text + t.off;
		if (t.kind == TA_TOK_SPACE || t.kind == TA_TOK_COMMENT || t.kind == TA_TOK_SPLICE)
			continue;
		if (last == TA_NPOS) {
			/* the line starts a declaration or an lvalue, not a statement keyword */
			if (t.kind != TA_TOK_IDENT)
				return TA_NPOS;
			for (size_t k = 0; k < sizeof(statements) / sizeof(*statements); k++)
				if (strlen(statements[k]) == t.len &&
				    memcmp(p, statements[k], t.len) == 0)
					return TA_NPOS;
		}
		if (t.kind == TA_TOK_PUNCT && t.len == 1 && strchr("([{", *p))
			depth++;
		else if (t.kind == TA_TOK_PUNCT && t.len == 1 && strchr(")]}", *p))
			depth--;
		else if (t.kind == TA_TOK_PUNCT && t.len == 1 && *p == '=' && depth == 0 &&
			 eq == TA_NPOS)
			eq = t.off;
		if (depth < 0)
			return TA_NPOS;
		last = t.off;
	}
	if (depth != 0 || last == TA_NPOS || text[last] != ';')
		return TA_NPOS;
	return eq;
}

/*
 * A line the edits made longer than 100 columns (checkpatch's limit) that
 * is "declaration = expression;" is broken after the '=', the expression
 * on the next line one tab deeper:
 *
 *	struct cc_req_mgr_handle *request_mgr_handle =
 *		from_work(request_mgr_handle, work, comptask);
 *
 * Only lines that were not that long before are touched; how many were.
 */
static unsigned wrap_long_lines(ta_src *src)
{
	unsigned wrapped = 0;
	unsigned last = 0;

	for (size_t i = 0; i < src->n_edits; i++) {
		const ta_edit *e = &src->edits[i];
		unsigned l = ta_src_line_of(src, e->off);
		size_t ls, eq, ws, we;
		char *old, *now, *ind;
		if (l == last || !one_line(src, e))
			continue;
		last = l;
		old = original_line(src, l);
		now = edited_line(src, l);
		if (line_width(now) <= 100 || line_width(old) > 100 ||
		    (eq = statement_assignment(old)) == TA_NPOS ||
		    statement_assignment(now) == TA_NPOS) {
			free(old);
			free(now);
			continue;
		}
		ls = ta_src_line(src, l);
		ws = eq + 1;
		we = ws;
		while (old[we] == ' ' || old[we] == '\t')
			we++;
		ind = indentation(indent_of(old, NULL) + 8);
		{
			char *brk = xasprintf("\n%s", ind);
			if (ta_src_edit(src, ls + ws, we - ws, brk) == 0)
				wrapped++;
			free(brk);
		}
		free(ind);
		free(old);
		free(now);
	}
	return wrapped;
}

/* ------------------------------------------------------------ names */

/* Does the identifier have a "tasklet" component (foo_tasklet, tasklet_fn)? */
static bool says_tasklet(const char *id)
{
	size_t n = strlen(id);

	for (const char *p = strstr(id, "tasklet"); p; p = strstr(p + 1, "tasklet")) {
		size_t i = (size_t)(p - id);
		if ((i == 0 || id[i - 1] == '_') && (i + 7 == n || id[i + 7] == '_'))
			return true;
	}
	return false;
}

/* The kernel's own tasklet API and its macros: never ours to rename or list. */
static bool api_name(const char *id)
{
	return ta_str_starts(id, "tasklet") || strcmp(id, "from_tasklet") == 0;
}

/* id with its "tasklet" components replaced by noun. */
static char *renamed(const char *id, const char *noun)
{
	ta_buf b = {0};
	size_t n = strlen(id);

	for (size_t i = 0; i < n;) {
		if (strncmp(id + i, "tasklet", 7) == 0 && (i == 0 || id[i - 1] == '_') &&
		    (i + 7 == n || id[i + 7] == '_')) {
			/* usbnet_bh_tasklet -> usbnet_bh_work, not usbnet_bh_bh_work */
			bool bh = b.len >= 3 && strcmp(b.s + b.len - 3, "bh_") == 0 &&
				  (b.len == 3 || b.s[b.len - 4] == '_');
			ta_buf_puts(&b, bh && ta_str_starts(noun, "bh_") ? noun + 3 : noun);
			i += 7;
		} else {
			ta_buf_putc(&b, id[i++]);
		}
	}
	return ta_buf_steal(&b);
}

/* The new text's offsets of what the edits write: [starts[i], ends[i]). */
static size_t written_ranges(const ta_src *src, size_t **starts, size_t **ends)
{
	size_t shift = 0, n = 0;

	*starts = xcalloc(src->n_edits + 1, sizeof(**starts));
	*ends = xcalloc(src->n_edits + 1, sizeof(**ends));
	for (size_t i = 0; i < src->n_edits; i++) {
		const ta_edit *e = &src->edits[i];
		size_t w = strlen(e->text);
		(*starts)[n] = e->off + shift;
		(*ends)[n++] = e->off + shift + w;
		shift = shift + w - e->len;
	}
	return n;
}

/* Lines (1-based) of the new text the edits write on, as a bitmap of n_lines + 2. */
static bool *changed_lines(const ta_src *src, const char *text, size_t len, unsigned *n_lines)
{
	size_t *st, *en, n = written_ranges(src, &st, &en);
	unsigned lines = 1;
	bool *map;

	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	map = xcalloc(lines + 2, sizeof(*map));
	for (size_t i = 0; i < n; i++) {
		unsigned l = 1;
		for (size_t k = 0; k < st[i] && k < len; k++)
			l += text[k] == '\n';
		map[l] = true;
		for (size_t k = st[i]; k < en[i] && k < len; k++)
			if (text[k] == '\n')
				map[++l] = true;
	}
	free(st);
	free(en);
	*n_lines = lines;
	return map;
}

static bool near_change(const bool *map, unsigned n_lines, unsigned line, unsigned within)
{
	for (unsigned l = line > within ? line - within : 1; l <= line + within && l <= n_lines;
	     l++)
		if (map[l])
			return true;
	return false;
}

/* A name seen on a changed line, and what kind of name. */
struct name {
	char *id;
	bool tag;  /* after struct/union/enum */
	bool call; /* followed by '(' */
};

static void add_name(struct name **v, size_t *n, size_t *cap, const char *id, bool tag, bool call)
{
	struct name x;

	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i].id, id) == 0 && (*v)[i].tag == tag) {
			(*v)[i].call |= call;
			return;
		}
	x.id = xstrdup(id);
	x.tag = tag;
	x.call = call;
	TA_PUSH(*v, *n, *cap, x);
}

/* Is id a static function of file, as the indexer saw it? */
static bool static_function(const ta_audit *a, const char *file, const char *id)
{
	for (size_t i = 0; a && i < a->n_funcs; i++)
		if (a->funcs[i].is_static && strcmp(a->funcs[i].name, id) == 0 &&
		    strcmp(a->funcs[i].file, file) == 0)
			return true;
	return false;
}

/*
 * Is id declared in text (a .c file) at file scope in a statement that
 * starts with "static" (followed by ';', '=', '[' or '(', or by ')' as a
 * macro's last argument), or, with tag, defined there ("struct id {")?
 */
static bool local_in_text(const char *text, size_t len, const char *id, bool tag)
{
	ta_lexer lx;
	ta_tok t, prev = {0}, prev2 = {0};
	int depth = 0;
	bool is_static = false, found = false;
	size_t n = strlen(id);

	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES);
	while (!found && ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		char c = t.kind == TA_TOK_PUNCT && t.len == 1 ? text[t.off] : 0;
		bool prev_is_id = prev.kind == TA_TOK_IDENT && prev.len == n &&
				  memcmp(text + prev.off, id, n) == 0;
		bool prev2_tag = prev2.kind == TA_TOK_IDENT &&
				 ((prev2.len == 6 && memcmp(text + prev2.off, "struct", 6) == 0) ||
				  (prev2.len == 5 && memcmp(text + prev2.off, "union", 5) == 0));
		if (t.kind == TA_TOK_DIRECTIVE)
			continue;
		/* "struct id {" at file scope */
		if (tag && c == '{' && depth == 0 && prev_is_id && prev2_tag)
			found = true;
		/* "static T id;", "static T id = ...", "static T id[...]", "static T id(...)",
		 * "static M(T, id);" */
		if (!tag && is_static && prev_is_id && !prev2_tag &&
		    (((c == ';' || c == '=' || c == '[' || c == '(') && depth == 0) ||
		     (c == ')' && depth == 1)))
			found = true;
		if (c == '{' || c == '(' || c == '[')
			depth++;
		else if ((c == '}' || c == ')' || c == ']') && depth > 0)
			depth--;
		if (depth == 0 && (c == ';' || c == '}'))
			is_static = false;
		else if (depth == 0 && t.kind == TA_TOK_IDENT && t.len == 6 &&
			 memcmp(text + t.off, "static", 6) == 0)
			is_static = true;
		prev2 = prev;
		prev = t;
	}
	return found;
}

/* How text uses id: as a struct or union tag, as an ordinary identifier, as a function. */
static void uses_of(const char *text, size_t len, const char *id, bool *as_tag, bool *as_ordinary,
		    bool *as_function)
{
	ta_lexer lx;
	ta_tok t, prev = {0};
	size_t n = strlen(id);

	*as_tag = *as_ordinary = *as_function = false;
	ta_lexer_init(&lx, text, len, 0, 0);
	while (ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		if (t.kind == TA_TOK_IDENT && t.len == n && memcmp(text + t.off, id, n) == 0) {
			size_t next = ta_lex_skip(text, len, t.off + t.len);
			bool tag = prev.kind == TA_TOK_IDENT &&
				   ((prev.len == 6 && memcmp(text + prev.off, "struct", 6) == 0) ||
				    (prev.len == 5 && memcmp(text + prev.off, "union", 5) == 0));
			*(tag ? as_tag : as_ordinary) = true;
			*as_function |= !tag && next < len && text[next] == '(';
		}
		prev = t;
	}
}

/* Does any other changed file of the set name id? */
static bool named_elsewhere(ta_srcset *set, const ta_src *self, const char *id)
{
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		char *text;
		bool hit;
		if (s == self || !ta_src_changed(s))
			continue;
		text = ta_src_result(s, NULL);
		hit = ta_lex_find_ident(text, 0, strlen(text), id, false) != TA_NPOS;
		free(text);
		if (hit)
			return true;
	}
	return false;
}

static char *display(const struct name *x, const char *id)
{
	return x->tag ? xasprintf("struct %s", id) : xasprintf("%s%s", id, x->call ? "()" : "");
}

/* Into the names left, once ("x()" and "x" are one name). */
static void add_left(struct ta_tidy *out, size_t *cap, char *name)
{
	size_t n = strcspn(name, "(");

	for (size_t i = 0; i < out->n_left; i++)
		if (strncmp(out->left[i], name, n) == 0 && strcspn(out->left[i], "(") == n) {
			if (name[n] && !out->left[i][n]) {
				free(out->left[i]);
				out->left[i] = name;
			} else {
				free(name);
			}
			return;
		}
	TA_PUSH(out->left, out->n_left, *cap, name);
}

/* The names on changed lines of src that say tasklet, renamed or listed. */
static void tidy_names(ta_srcset *set, ta_src *src, const ta_audit *a, const char *noun,
		       bool rename, struct ta_tidy *out, size_t *cap_r, size_t *cap_l,
		       size_t *cap_c)
{
	size_t len;
	char *text = ta_src_result(src, &len);
	unsigned n_lines;
	bool *map = changed_lines(src, text, len, &n_lines);
	struct name *names = NULL;
	size_t n = 0, cap = 0;
	ta_lexer lx;
	ta_tok t, prev = {0};
	bool is_c = ta_str_ends(src->rel, ".c");

	ta_lexer_init(&lx, text, len, 0, 0);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.kind == TA_TOK_COMMENT) {
			/* the line of the comment's first "tasklet", if near a change */
			unsigned line = t.line;
			for (size_t i = t.off; i + 7 <= t.off + t.len; i++) {
				line += text[i] == '\n';
				if (strncasecmp(text + i, "tasklet", 7) != 0)
					continue;
				if (near_change(map, n_lines, line, 3)) {
					char *where = xasprintf("%s:%u", src->rel, line);
					TA_PUSH(out->comments, out->n_comments, *cap_c, where);
				}
				break;
			}
			continue;
		}
		if (t.kind == TA_TOK_SPACE || t.kind == TA_TOK_SPLICE)
			continue;
		if (t.kind == TA_TOK_IDENT && map[t.line]) {
			char *id = xstrndup(text + t.off, t.len);
			size_t next = ta_lex_skip(text, len, t.off + t.len);
			bool tag = prev.kind == TA_TOK_IDENT &&
				   (strncmp(text + prev.off, "struct", 6) == 0 ||
				    strncmp(text + prev.off, "union", 5) == 0);
			if (says_tasklet(id) && !api_name(id))
				add_name(&names, &n, &cap, id, tag,
					 next < len && text[next] == '(');
			free(id);
		}
		prev = t;
	}
	for (size_t i = 0; i < n; i++) {
		struct name *x = &names[i];
		bool as_tag, as_ordinary, as_function, local;
		/* every entity the file names so must be local: one rename renames them all */
		uses_of(text, len, x->id, &as_tag, &as_ordinary, &as_function);
		x->call |= as_function;
		local = is_c && !named_elsewhere(set, src, x->id) &&
			(!as_tag || local_in_text(text, len, x->id, true)) &&
			(!as_ordinary || static_function(a, src->rel, x->id) ||
			 local_in_text(text, len, x->id, false));
		char *to = noun ? renamed(x->id, noun) : NULL;
		if (rename && local && to &&
		    ta_lex_find_ident(text, 0, len, to, false) == TA_NPOS &&
		    ta_src_rename(src, x->id, to) > 0) {
			char *from_s = display(x, x->id), *to_s = display(x, to);
			TA_PUSH(out->renamed, out->n_renamed, *cap_r,
				xasprintf("%s to %s", from_s, to_s));
			free(from_s);
			free(to_s);
		} else {
			add_left(out, cap_l, display(x, x->id));
		}
		free(to);
		free(x->id);
	}
	free(names);
	free(map);
	free(text);
}

void ta_tidy_set(ta_srcset *set, const ta_audit *a, const char *noun, bool rename,
		 struct ta_tidy *out)
{
	size_t cap_r = 0, cap_l = 0, cap_c = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		if (!ta_src_changed(s))
			continue;
		if (noun)
			tidy_names(set, s, a, noun, rename, out, &cap_r, &cap_l, &cap_c);
		out->spaced += space_commas(s);
		out->realigned += ta_tidy_realign(s);
		out->realigned += realign_backslashes(s);
		out->wrapped += wrap_long_lines(s);
	}
}

void ta_tidy_clear(struct ta_tidy *t)
{
	for (size_t i = 0; i < t->n_renamed; i++)
		free(t->renamed[i]);
	for (size_t i = 0; i < t->n_left; i++)
		free(t->left[i]);
	for (size_t i = 0; i < t->n_comments; i++)
		free(t->comments[i]);
	free(t->renamed);
	free(t->left);
	free(t->comments);
	memset(t, 0, sizeof(*t));
}

/* "a, b and c" of v, at most max named. */
static void listing(ta_buf *b, char *const *v, size_t n, size_t max)
{
	size_t shown = n > max ? max : n;

	for (size_t i = 0; i < shown; i++)
		ta_buf_printf(b, "%s%s",
			      i == 0                         ? ""
			      : i + 1 == shown && shown == n ? " and "
							     : ", ",
			      v[i]);
	if (n > shown)
		ta_buf_printf(b, " and %zu more", n - shown);
}

char *ta_tidy_paragraph(const struct ta_tidy *t)
{
	ta_buf b = {0};

	if (t->n_renamed) {
		ta_buf_puts(&b, "Names that meant the tasklet are renamed with it: ");
		listing(&b, t->renamed, t->n_renamed, 8);
		ta_buf_puts(&b, ".");
	}
	if (t->n_left) {
		ta_buf_printf(&b,
			      "%sStill named for the tasklet (not local to a patched file, or "
			      "the new name is taken): ",
			      b.len ? " " : "");
		listing(&b, t->left, t->n_left, 8);
		ta_buf_puts(&b, ".");
	}
	if (t->n_comments) {
		ta_buf_printf(&b, "%sComments near the changes that still say tasklet: ",
			      b.len ? " " : "");
		listing(&b, t->comments, t->n_comments, 8);
		ta_buf_puts(&b, ".");
	}
	return b.len ? ta_buf_steal(&b) : NULL;
}
