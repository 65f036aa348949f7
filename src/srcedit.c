// SPDX-License-Identifier: GPL-2.0-only
/*
 * srcedit.c - files as bytes plus an edit list: what the rewriters load,
 * the edits they record (checked never to overlap) and the text with the
 * edits applied.  Everything not covered by an edit stays byte-for-byte as
 * it was.  Finding the bytes to change is the lexer's job (lex.h).
 */
#include "srcedit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

/* The files this process read, when ta_srcset_cache_reads() is on: path -> index into v. */
static struct {
	bool on;
	ta_strmap index;
	ta_src **v;
	size_t n, cap;
} reads;

uint64_t ta_src_hash(ta_src *src)
{
	if (src->origin) {
		src->hash = ta_src_hash(src->origin);
		src->hashed = true;
	}
	if (!src->hashed) {
		src->hash = ta_fnv1a(TA_FNV_INIT, src->text, src->len);
		src->hashed = true;
	}
	return src->hash;
}

/* A ta_src taking text (len bytes and a NUL, from malloc) as its own. */
static ta_src *src_take(const char *rel, char *text, size_t len)
{
	ta_src *src = xcalloc(1, sizeof(*src));
	size_t cap = 0;

	src->rel = xstrdup(rel);
	src->text = text;
	src->len = len;
	TA_PUSH(src->lines, src->n_lines, cap, 0);
	for (const char *nl = memchr(text, '\n', len); nl && (size_t)(nl - text) + 1 < len;
	     nl = memchr(nl + 1, '\n', len - (size_t)(nl + 1 - text)))
		TA_PUSH(src->lines, src->n_lines, cap, (size_t)(nl - text) + 1);
	return src;
}

ta_src *ta_src_new(const char *rel, const char *text, size_t len)
{
	char *copy = xmalloc(len + 1);

	memcpy(copy, text, len);
	copy[len] = '\0';
	return src_take(rel, copy, len);
}

void ta_src_free(ta_src **src)
{
	if (!*src)
		return;
	for (size_t i = 0; i < (*src)->n_edits; i++)
		free((*src)->edits[i].text);
	free((*src)->edits);
	if (!(*src)->origin) {
		free((*src)->lines);
		free((*src)->safe);
		free((*src)->text);
	}
	free((*src)->rel);
	free(*src);
	*src = NULL;
}

size_t ta_src_lex_floor(ta_src *src, size_t off, unsigned back)
{
	size_t lo = 0, hi;

	if (src->origin) {
		/* built once, in the read cache's copy, for every set that shares it */
		ta_src_lex_floor(src->origin, off, back);
		src->safe = src->origin->safe;
		src->n_safe = src->origin->n_safe;
	}
	if (!src->safe) {
		ta_lexer lx;
		ta_tok tk;
		size_t cap = 0;
		TA_PUSH(src->safe, src->n_safe, cap, 0);
		ta_lexer_init(&lx, src->text, src->len, 0, 0);
		while (ta_lex_next(&lx, &tk) != TA_TOK_END)
			for (size_t i = tk.off; tk.kind == TA_TOK_SPACE && i < tk.off + tk.len; i++)
				if (src->text[i] == '\n')
					TA_PUSH(src->safe, src->n_safe, cap, i + 1);
	}
	/* the last safe start at or before off */
	hi = src->n_safe;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (src->safe[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return src->safe[lo > back ? lo - back : 0];
}

void ta_srcset_forget_unchanged(ta_srcset *set)
{
	for (size_t i = 0; set && i < set->n_files; i++) {
		ta_src *s = set->files[i];
		if (s->forgotten || s->put || s->n_edits)
			continue;
		if (!s->origin) {
			free(s->lines);
			free(s->safe);
			free(s->text);
		}
		*s = (ta_src){.rel = s->rel, .forgotten = true};
	}
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
	for (size_t i = 0; i < (*set)->n_dirs; i++)
		free((*set)->dirs[i]);
	free((*set)->dirs);
	for (size_t i = 0; i < (*set)->n_absent; i++)
		free((*set)->absent[i]);
	free((*set)->absent);
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

/* Add rel to v[0..n) unless it is there. */
static void note(char ***v, size_t *n, size_t *cap, const char *rel)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], rel) == 0)
			return;
	TA_PUSH(*v, *n, *cap, xstrdup(rel));
}

void ta_srcset_note_dir(ta_srcset *set, const char *rel)
{
	note(&set->dirs, &set->n_dirs, &set->cap_dirs, rel);
}

void ta_srcset_cache_reads(bool on)
{
	reads.on = on;
	if (on)
		return;
	for (size_t i = 0; i < reads.n; i++)
		ta_src_free(&reads.v[i]);
	free(reads.v);
	ta_strmap_free(&reads.index);
	memset(&reads, 0, sizeof(reads));
}

/* The file rel of the tree at root, read or shared from the read cache; NULL (errno set) if not. */
static ta_src *load(const char *root, const char *rel)
{
	char *path = ta_path_join(root, rel);
	const size_t *k = reads.on ? ta_strmap_get(&reads.index, path) : NULL;
	size_t len = 0;
	char *text;
	ta_src *src, *o;

	if (k) {
		o = reads.v[*k];
	} else {
		if (!(text = ta_read_file(path, &len))) {
			int e = errno;
			free(path);
			errno = e;
			return NULL;
		}
		src = src_take(rel, text, len);
		if (!reads.on) {
			free(path);
			return src;
		}
		TA_PUSH(reads.v, reads.n, reads.cap, src);
		ta_strmap_put(&reads.index, path, reads.n - 1);
		o = src;
	}
	free(path);
	src = xcalloc(1, sizeof(*src));
	*src = (ta_src){.rel = xstrdup(rel),
			.text = o->text,
			.len = o->len,
			.hash = o->hash,
			.hashed = o->hashed,
			.lines = o->lines,
			.n_lines = o->n_lines,
			.safe = o->safe,
			.n_safe = o->n_safe,
			.origin = o};
	return src;
}

/* The forgotten file i of the set (named rel, which it takes) read again; NULL when unreadable. */
static ta_src *remembered(ta_srcset *set, size_t i, char *rel)
{
	ta_src *src = load(set->root, rel);

	if (!src) {
		free(rel);
		return NULL;
	}
	ta_src_free(&set->files[i]);
	set->files[i] = src;
	free(rel);
	return set->files[i];
}

ta_src *ta_srcset_get(ta_srcset *set, const char *rel_in)
{
	char *rel;
	ta_src *src;

	if (!rel_in || !*rel_in) {
		errno = EINVAL;
		return NULL;
	}
	rel = ta_path_normalize(rel_in);
	for (size_t i = 0; i < set->n_files; i++)
		if (strcmp(set->files[i]->rel, rel) == 0) {
			if (set->files[i]->forgotten)
				return remembered(set, i, rel);
			free(rel);
			return set->files[i];
		}
	src = load(set->root, rel);
	if (!src) {
		int e = errno;
		note(&set->absent, &set->n_absent, &set->cap_absent, rel);
		free(rel);
		errno = e;
		return NULL;
	}
	free(rel);
	TA_PUSH(set->files, set->n_files, set->cap_files, src);
	return src;
}

ta_src *ta_srcset_put(ta_srcset *set, const char *rel_in, const char *text, size_t len,
		      uint64_t disk_hash)
{
	char *rel = ta_path_normalize(rel_in);
	ta_src *src = ta_src_new(rel, text, len);

	src->hash = disk_hash;
	src->hashed = true;
	src->put = true;
	for (size_t i = 0; i < set->n_files; i++)
		if (strcmp(set->files[i]->rel, rel) == 0) {
			ta_src_free(&set->files[i]);
			set->files[i] = src;
			free(rel);
			return src;
		}
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

void ta_src_pad(ta_buf *b, unsigned w, unsigned col)
{
	if (w >= col) {
		ta_buf_putc(b, ' ');
		return;
	}
	while ((w / 8 + 1) * 8 <= col) {
		ta_buf_putc(b, '\t');
		w = (w / 8 + 1) * 8;
	}
	for (; w < col; w++)
		ta_buf_putc(b, ' ');
}

/*
 * Is off inside a multi-line #define: the line before ends with a
 * backslash, or off is past the start of a line that does?  *col gets the
 * display column of that backslash, *tabs whether tabs pad up to it.
 */
static bool in_macro(const ta_src *src, size_t off, unsigned *col, bool *tabs)
{
	const char *s = src->text;
	size_t ls = off, le = off, bs;

	while (ls > 0 && s[ls - 1] != '\n')
		ls--;
	while (le < src->len && s[le] != '\n')
		le++;
	if (off > ls && le > ls && s[le - 1] == '\\')
		bs = le - 1;
	else if (ls >= 2 && s[ls - 2] == '\\')
		bs = ls - 2;
	else
		return false;
	*col = ta_lex_column(s, bs);
	*tabs = bs > 0 && s[bs - 1] == '\t';
	return true;
}

/*
 * text for [off, off + len) inside a multi-line macro: each line break it
 * writes continues the macro (a backslash in the macro's column, tabs
 * padding it as the macro does), but the one that ends the macro where
 * the replaced bytes ended it.  NULL: not in a macro, or no line break.
 */
static char *continued(const ta_src *src, size_t off, size_t len, const char *text)
{
	const char *s = src->text;
	unsigned col, w;
	bool tabs, last_plain;
	ta_buf b = {0};

	if (!strchr(text, '\n') || !in_macro(src, off, &col, &tabs))
		return NULL;
	last_plain = len > 0 && s[off + len - 1] == '\n' &&
		     (off + len < 2 || s[off + len - 2] != '\\');
	w = ta_lex_column(s, off);
	for (const char *p = text; *p; p++) {
		if (*p == '\n' && !(p > text && p[-1] == '\\') && !(p[1] == '\0' && last_plain)) {
			if (tabs)
				ta_src_pad(&b, w, col);
			else
				ta_buf_putc(&b, ' ');
			ta_buf_puts(&b, "\\\n");
			w = 0;
			continue;
		}
		ta_buf_putc(&b, *p);
		w = *p == '\t' ? (w / 8 + 1) * 8 : *p == '\n' ? 0 : w + 1;
	}
	return ta_buf_steal(&b);
}

int ta_src_edit(ta_src *src, size_t off, size_t len, const char *text)
{
	size_t i = 0;
	int rc;
	ta_edit e;

	char *cont;

	if (off > src->len || len > src->len - off || !text)
		return -1;
	cont = continued(src, off, len, text);
	rc = edit_check(src, off, len, cont ? cont : text, &i);
	if (rc != 0) {
		free(cont);
		return rc > 0 ? 0 : -1;
	}
	e.off = off;
	e.len = len;
	e.text = cont ? cont : xstrdup(text);
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

size_t ta_src_map(const ta_src *src, size_t off)
{
	size_t to = off;

	for (size_t i = 0; i < src->n_edits; i++) {
		const ta_edit *e = &src->edits[i];
		if (e->off >= off && !(e->off == off && e->len == 0))
			break;
		if (off < e->off + e->len)
			return to - (off - e->off);
		to = to - e->len + strlen(e->text);
	}
	return to;
}

void ta_srcset_move(const ta_srcset *set, const char *file, unsigned *line, unsigned *col)
{
	char *rel;
	const ta_src *src = NULL;
	size_t off, to, ls;
	char *now;
	unsigned n = 1;

	if (!set || !file || !*line)
		return;
	rel = ta_path_normalize(file);
	for (size_t i = 0; i < set->n_files && !src; i++)
		if (strcmp(set->files[i]->rel, rel) == 0 && set->files[i]->n_edits)
			src = set->files[i];
	free(rel);
	if (!src || ta_src_line(src, *line) == TA_NPOS)
		return;
	off = ta_src_line(src, *line) + (col && *col ? *col - 1 : 0);
	if (off > src->len)
		off = src->len;
	to = ta_src_map(src, off);
	now = ta_src_result(src, NULL);
	for (size_t i = 0; i < to; i++)
		n += now[i] == '\n';
	for (ls = to; ls > 0 && now[ls - 1] != '\n'; ls--)
		;
	*line = n;
	if (col && *col)
		*col = (unsigned)(to - ls) + 1;
	free(now);
}

/* Offsets, growable. */
struct offsets {
	size_t *v;
	size_t n, cap;
};

/*
 * text with the whole-identifier occurrences of from (identifier tokens,
 * words in comments) renamed to to; their offsets into at when not NULL.
 */
static char *rename_in(const char *text, size_t len, const char *from, const char *to,
		       unsigned *count, struct offsets *at_out)
{
	ta_lexer lx;
	ta_tok t;
	ta_buf b = {0};
	size_t at = 0, n = strlen(from);

	ta_lexer_init(&lx, text, len, 0, 0);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		size_t lo = t.off, hi = t.off + t.len;
		if (t.kind == TA_TOK_IDENT) {
			if (t.len != n || memcmp(text + t.off, from, n) != 0)
				continue;
		} else if (t.kind != TA_TOK_COMMENT) {
			continue;
		}
		for (size_t i = lo; i + n <= hi; i++) {
			if (memcmp(text + i, from, n) != 0 ||
			    (i > lo && ta_lex_ident_char(text[i - 1])) ||
			    (i + n < hi && ta_lex_ident_char(text[i + n])))
				continue;
			ta_buf_add(&b, text + at, i - at);
			ta_buf_puts(&b, to);
			at = i + n;
			(*count)++;
			if (at_out)
				TA_PUSH(at_out->v, at_out->n, at_out->cap, i);
			i += n - 1;
		}
	}
	ta_buf_add(&b, text + at, len - at);
	return b.s ? ta_buf_steal(&b) : xstrdup("");
}

unsigned ta_src_rename(ta_src *src, const char *from, const char *to)
{
	unsigned count = 0, in_edits = 0;
	struct offsets at = {0};
	char *unused;

	if (!*from)
		return 0;
	/* inside what the edits write */
	for (size_t i = 0; i < src->n_edits; i++) {
		char *t = rename_in(src->edits[i].text, strlen(src->edits[i].text), from, to,
				    &in_edits, NULL);
		free(src->edits[i].text);
		src->edits[i].text = t;
	}
	/* in the original text, where no edit covers it */
	unused = rename_in(src->text, src->len, from, to, &count, &at);
	free(unused);
	count = 0;
	for (size_t k = 0; k < at.n; k++)
		count += ta_src_edit(src, at.v[k], strlen(from), to) == 0;
	free(at.v);
	return count + in_edits;
}
