// SPDX-License-Identifier: GPL-2.0-only
/*
 * hdrstrip.c - the headers a parse reads, without their function bodies
 * (hdrstrip.h): a lexical pass that drops file-scope function bodies, and
 * the #include closure of a file through its arguments' directories.
 */
#include "hdrstrip.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lex.h"
#include "util.h"

/* ------------------------------------------------------------ stripping */

/* Is the directive text[off, off + len) a conditional (#if, #ifdef, #ifndef, #elif, #else, #endif)?
 */
static bool conditional(const char *text, size_t off, size_t len)
{
	size_t i = ta_lex_directive_name(text, off, len), end = off + len;

	return (end - i >= 2 && strncmp(text + i, "if", 2) == 0) ||
	       (end - i >= 4 &&
		(strncmp(text + i, "elif", 4) == 0 || strncmp(text + i, "else", 4) == 0)) ||
	       (end - i >= 5 && strncmp(text + i, "endif", 5) == 0);
}

/*
 * The end of the function body whose '{' the lexer just read (one past its
 * '}'), or 0 when the body must be kept: unterminated, or a conditional
 * directive inside it (its branches may open braces another one closes).
 */
static size_t body_end(const char *text, size_t len, size_t open)
{
	ta_lexer lx;
	ta_tok t;
	int depth = 0;

	ta_lexer_init(&lx, text, len, open, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.kind == TA_TOK_DIRECTIVE && conditional(text, t.off, t.len))
			return 0;
		if (t.kind != TA_TOK_PUNCT || t.len != 1)
			continue;
		if (text[t.off] == '{')
			depth++;
		else if (text[t.off] == '}' && --depth == 0)
			return t.off + 1;
	}
	return 0;
}

/* Is the identifier text[off, off + len) a keyword (or the kernel's macro) for inline? */
static bool inline_word(const char *text, size_t off, size_t len)
{
	static const char *const words[] = {"inline", "__inline", "__inline__", "__always_inline"};

	for (size_t i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (strlen(words[i]) == len && strncmp(text + off, words[i], len) == 0)
			return true;
	return false;
}

/* Is the single-byte punctuator token t the character c? */
static bool punct(const char *text, const ta_tok *t, char c)
{
	return t->kind == TA_TOK_PUNCT && t->len == 1 && text[t->off] == c;
}

/* Is the identifier t the word w? */
static bool word(const char *text, const ta_tok *t, const char *w)
{
	size_t n = strlen(w);

	return t->kind == TA_TOK_IDENT && t->len == n && strncmp(text + t->off, w, n) == 0;
}

/* Where a run of declarations (at file scope, or a macro's text) stands. */
struct decl {
	int depth;      /* of parentheses and braces together */
	char prev;      /* the last significant punctuator or 'x' for any other token */
	bool is_inline; /* the declaration so far says inline */
	bool is_static; /* ... or static */
};

/* The character of a one-byte punctuator token, 'x' for any other token. */
static char tok_char(const char *text, const ta_tok *t)
{
	return t->kind == TA_TOK_PUNCT && t->len == 1 ? text[t->off] : 'x';
}

/* Note what the token t says of the declaration (before asking decl_body()). */
static void decl_see(struct decl *d, const char *text, const ta_tok *t)
{
	if (d->depth == 0 && t->kind == TA_TOK_IDENT && inline_word(text, t->off, t->len))
		d->is_inline = true;
	if (d->depth == 0 && word(text, t, "static"))
		d->is_static = true;
}

/* Does the token of character c open a function's body? */
static bool decl_body(const struct decl *d, char c)
{
	return c == '{' && d->depth == 0 && d->prev == ')';
}

/* After a body: the next declaration starts. */
static void decl_next(struct decl *d)
{
	d->prev = ';';
	d->is_inline = d->is_static = false;
}

/* Step over a token of character c that opens no body. */
static void decl_step(struct decl *d, char c)
{
	if (c == '(' || c == '{')
		d->depth++;
	else if ((c == ')' || c == '}') && d->depth > 0)
		d->depth--;
	if (d->depth == 0 && (c == ';' || c == '}'))
		d->is_inline = d->is_static = false;
	d->prev = c;
}

/*
 * A #define's replacement list, text[from, end): the bodies of the inline
 * functions it defines, or none when it also defines a static function that
 * is not inline (the rule of the file scope, for the same reason).  The
 * bodies' offsets go to open[] and close[] ('{' and one past '}'); returns
 * their number (at most max).
 */
static size_t macro_bodies(const char *text, size_t from, size_t end, size_t *open, size_t *close,
			   size_t max)
{
	size_t n = 0;
	struct decl d = {0};
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, end, from, TA_LEX_NO_LINES);
	while (ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		char c = tok_char(text, &t);
		decl_see(&d, text, &t);
		if (decl_body(&d, c) && d.is_static && !d.is_inline)
			return 0;
		if (decl_body(&d, c) && d.is_inline) {
			ta_lexer b = lx;
			ta_tok bt;
			int braces = 1;
			while (braces && ta_lex_next(&b, &bt) != TA_TOK_END)
				braces += punct(text, &bt, '{') - punct(text, &bt, '}');
			if (braces)
				return n; /* the body ends in another macro: kept */
			if (n == max)
				return 0;
			open[n] = t.off;
			close[n++] = bt.off + 1;
			lx = b;
			decl_next(&d);
			continue;
		}
		decl_step(&d, c);
	}
	return n;
}

/*
 * Copy the directive text[off, off + len) to o; a #define without the
 * bodies of its inline functions, each a ';' and a line splice per line it
 * spanned (the macro goes on, every line keeps its number).  Returns
 * whether a body went.
 */
static bool copy_directive(const char *text, size_t off, size_t len, ta_buf *o)
{
	size_t name = ta_lex_directive_name(text, off, len), end = off + len, from = off, n;
	size_t open[64], close[64];

	if (end - name < 6 || strncmp(text + name, "define", 6) != 0 ||
	    !(n = macro_bodies(text, name + 6, end, open, close, 64))) {
		ta_buf_add(o, text + off, len);
		return false;
	}
	for (size_t b = 0; b < n; b++) {
		ta_buf_add(o, text + from, open[b] - from);
		ta_buf_putc(o, ';');
		for (size_t i = open[b]; i < close[b]; i++)
			if (text[i] == '\n')
				ta_buf_puts(o, "\\\n");
		from = close[b];
	}
	ta_buf_add(o, text + from, end - from);
	return true;
}

char *ta_strip_bodies(const char *text, size_t len, unsigned flags, size_t *out_len, bool *macros)
{
	ta_buf o = {0};
	size_t from = 0; /* text[from, ...) not yet copied */
	struct decl d = {0};
	ta_lexer lx;
	ta_tok t;

	if (macros)
		*macros = false;
	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		char c = tok_char(text, &t);
		size_t end;
		if (t.kind == TA_TOK_DIRECTIVE) {
			/* no token of the code; a #define may lose its inline bodies */
			if (flags & TA_STRIP_MACROS) {
				ta_buf_add(&o, text + from, t.off - from);
				if (copy_directive(text, t.off, t.len, &o) && macros)
					*macros = true;
				from = t.off + t.len;
			}
			continue;
		}
		decl_see(&d, text, &t);
		/*
		 * A static function that is not inline may be used only by the
		 * inline bodies that go: left unused, it would draw "unused
		 * function".  Such a header is kept whole.
		 */
		if (decl_body(&d, c) && d.is_static && !d.is_inline) {
			ta_buf_free(&o);
			if (macros)
				*macros = false;
			*out_len = len;
			return xstrndup(text, len);
		}
		/*
		 * Only an inline function's body: a static function declared and
		 * never defined draws "unused function" where an inline one draws
		 * nothing, and the validation's -Werror=unused-function would count it.
		 */
		if (decl_body(&d, c) && d.is_inline && (end = body_end(text, len, t.off))) {
			/* a function body: ';' and its newlines, so every line keeps its number */
			ta_buf_add(&o, text + from, t.off - from);
			ta_buf_putc(&o, ';');
			for (size_t i = t.off; i < end; i++)
				if (text[i] == '\n')
					ta_buf_putc(&o, '\n');
			from = end;
			ta_lexer_init(&lx, text, len, end, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
			decl_next(&d);
			continue;
		}
		decl_step(&d, c);
	}
	ta_buf_add(&o, text + from, len - from);
	*out_len = o.len;
	return ta_buf_steal(&o);
}

/* ------------------------------------------------------------ the closure */

/* What the #include lines of a file resolve to through one list of directories. */
struct resolved {
	size_t dirs;   /* the list's number (ta_hdrstrip.dir_lists) */
	size_t *files; /* indices into ta_hdrstrip.files, in the order reached */
	size_t n_files, cap_files;
};

struct hfile {
	char *path;
	char **incs; /* '"' or '<' or 'n' (include_next), then the name */
	size_t n_incs, cap_incs;
	char *stripped; /* NULL: kept as it is (names a tasklet, unreadable, kept) */
	size_t len;
	char *plain; /* with its macros' inline bodies, when stripped lost some (else NULL) */
	size_t plain_len;
	char **macros; /* with plain: the macros that lose a body or expand one that does */
	size_t n_macros, cap_macros;
	/* the main file or one that names a tasklet (the indexer walks it): its identifiers */
	ta_strmap words;
	size_t *mentions; /* the owners (ta_hdrstrip_watch()) of the watched names it names */
	size_t n_mentions, cap_mentions;
	unsigned seen;        /* the generation of the last closure that reached it */
	struct resolved *res; /* one per list of directories it was followed through */
	size_t n_res, cap_res;
};

struct ta_hdrstrip {
	struct hfile *files;
	size_t n_files, cap_files;
	ta_strmap by_path;   /* path -> index into files */
	ta_strmap keep;      /* paths never replaced */
	ta_strmap exists;    /* path -> 1 (a regular file) or 0 */
	ta_strmap dir_lists; /* the directories of a call, one per line -> its number */
	unsigned gen;
	struct ta_stripped *out;
	size_t n_out, cap_out;
	size_t *work;
	size_t n_work, cap_work;
	size_t *reached; /* the files of the last closure */
	size_t n_reached, cap_reached;
	size_t *walked; /* those of them the indexer walks */
	size_t n_walked, cap_walked;
	ta_strmap watch; /* a watched name -> its owner's number */
	char **owners;   /* an owner's path, by number */
	size_t n_owners, cap_owners;
	bool watching;  /* ta_hdrstrip_watch() was called */
	ta_strmap only; /* the files only the wide PCH holds */
	bool took_wide; /* the last closure takes the wide PCH */
};

ta_hdrstrip *ta_hdrstrip_new(void)
{
	return xcalloc(1, sizeof(ta_hdrstrip));
}

void ta_hdrstrip_free(ta_hdrstrip **hp)
{
	ta_hdrstrip *h = *hp;

	if (!h)
		return;
	for (size_t i = 0; i < h->n_files; i++) {
		for (size_t k = 0; k < h->files[i].n_incs; k++)
			free(h->files[i].incs[k]);
		free(h->files[i].incs);
		for (size_t r = 0; r < h->files[i].n_res; r++)
			free(h->files[i].res[r].files);
		free(h->files[i].res);
		free(h->files[i].path);
		free(h->files[i].stripped);
		free(h->files[i].plain);
		for (size_t k = 0; k < h->files[i].n_macros; k++)
			free(h->files[i].macros[k]);
		free(h->files[i].macros);
		free(h->files[i].mentions);
		ta_strmap_free(&h->files[i].words);
	}
	free(h->files);
	ta_strmap_free(&h->by_path);
	ta_strmap_free(&h->keep);
	ta_strmap_free(&h->exists);
	ta_strmap_free(&h->dir_lists);
	ta_strmap_free(&h->watch);
	ta_strmap_free(&h->only);
	for (size_t i = 0; i < h->n_owners; i++)
		free(h->owners[i]);
	free(h->owners);
	free(h->out);
	free(h->work);
	free(h->reached);
	free(h->walked);
	free(h);
	*hp = NULL;
}

void ta_hdrstrip_keep(ta_hdrstrip *h, const char *path)
{
	ta_strmap_put(&h->keep, path, 1);
}

static bool is_file(ta_hdrstrip *h, const char *path)
{
	const size_t *known = ta_strmap_get(&h->exists, path);
	struct stat st;
	bool yes;

	if (known)
		return *known;
	yes = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	ta_strmap_put(&h->exists, path, yes);
	return yes;
}

/* The #include lines of text (every branch), into f->incs. */
static void read_includes(struct hfile *f, const char *text, size_t n)
{
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, n, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		size_t j, end = t.off + t.len;
		bool next;
		if (t.kind != TA_TOK_DIRECTIVE)
			continue;
		j = ta_lex_directive_name(text, t.off, t.len);
		next = end - j > 12 && strncmp(text + j, "include_next", 12) == 0;
		if (!next && !(end - j > 7 && strncmp(text + j, "include", 7) == 0))
			continue;
		j += next ? 12 : 7;
		while (j < end && (text[j] == ' ' || text[j] == '\t'))
			j++;
		if (j < end && (text[j] == '"' || text[j] == '<')) {
			const char *q = memchr(text + j + 1, text[j] == '"' ? '"' : '>',
					       end - j - 1);
			if (q && q > text + j + 1)
				TA_PUSH(f->incs, f->n_incs, f->cap_incs,
					xasprintf("%c%.*s", next ? 'n' : text[j],
						  (int)(q - text - j - 1), text + j + 1));
		}
	}
}

/* Does text[from, end) hold an identifier of words? */
static bool says_one_of(const ta_strmap *words, const char *text, size_t from, size_t end)
{
	bool found = false;
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, end, from, TA_LEX_NO_LINES);
	while (!found && ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.kind != TA_TOK_IDENT)
			continue;
		char *w = xstrndup(text + t.off, t.len);
		found = ta_strmap_get(words, w) != NULL;
		free(w);
	}
	return found;
}

/* A #define: its name, its text after the name, whether a walked file must not expand it. */
struct define {
	size_t name, name_len, from, end;
	bool strips;
};

/*
 * The macros of f's text that a walked file must not expand: those that
 * lose an inline body to ta_strip_bodies(), and those whose text names one
 * of them, closed over the file (TRACE_EVENT -> DECLARE_TRACE ->
 * __DECLARE_TRACE).  A macro of another header that names one is not
 * followed: the indexer's own check catches that case.
 */
static void read_stripped_macros(struct hfile *f, const char *text, size_t len)
{
	struct define *d = NULL;
	size_t n = 0, cap = 0, open[64], close[64];
	ta_strmap names = {0};
	bool grew = true;
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		size_t i = ta_lex_directive_name(text, t.off, t.len), end = t.off + t.len;
		ta_lexer dl;
		ta_tok name;
		if (t.kind != TA_TOK_DIRECTIVE || end - i < 6 ||
		    strncmp(text + i, "define", 6) != 0)
			continue;
		ta_lexer_init(&dl, text, end, i + 6, TA_LEX_NO_LINES);
		if (ta_lex_next_sig(&dl, &name) != TA_TOK_IDENT)
			continue;
		struct define def = {.name = name.off,
				     .name_len = name.len,
				     .from = name.off + name.len,
				     .end = end,
				     .strips = macro_bodies(text, name.off, end, open, close, 64) >
					       0};
		TA_PUSH(d, n, cap, def);
	}
	while (grew) {
		grew = false;
		for (size_t k = 0; k < n; k++) {
			if (!d[k].strips && names.n)
				d[k].strips = says_one_of(&names, text, d[k].from, d[k].end);
			if (!d[k].strips)
				continue;
			char *name = xstrndup(text + d[k].name, d[k].name_len);
			if (!ta_strmap_get(&names, name)) {
				ta_strmap_put(&names, name, 1);
				TA_PUSH(f->macros, f->n_macros, f->cap_macros, name);
				grew = true;
			} else {
				free(name);
			}
		}
	}
	ta_strmap_free(&names);
	free(d);
}

/*
 * One pass over the identifiers of text (outside comments and literals):
 * with words, each into f->words; with mentions, the owners of the watched
 * names among them (ta_hdrstrip_watch()) into f->mentions.
 */
static void read_idents(const ta_hdrstrip *h, struct hfile *f, const char *text, size_t len,
			bool words, bool mentions)
{
	char name[256];
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.kind != TA_TOK_IDENT)
			continue;
		char *w = t.len < sizeof(name) ? name : xmalloc(t.len + 1);
		memcpy(w, text + t.off, t.len);
		w[t.len] = '\0';
		if (words && !ta_strmap_get(&f->words, w))
			ta_strmap_put(&f->words, w, 1);
		const size_t *owner = mentions ? ta_strmap_get(&h->watch, w) : NULL;
		bool known = false;
		for (size_t m = 0; owner && m < f->n_mentions && !known; m++)
			known = f->mentions[m] == *owner;
		if (owner && !known)
			TA_PUSH(f->mentions, f->n_mentions, f->cap_mentions, *owner);
		if (w != name)
			free(w);
	}
}

/* The file at path, read (and stripped unless kept or it names a tasklet) the first time. */
static size_t file_of(ta_hdrstrip *h, const char *path, bool strip)
{
	const size_t *k = ta_strmap_get(&h->by_path, path);
	struct hfile f = {0};
	size_t len = 0;
	char *text;

	if (k)
		return *k;
	f.path = xstrdup(path);
	text = ta_read_file(path, &len);
	if (text) {
		read_includes(&f, text, len);
		bool macros = false, kept = strip && ta_strmap_get(&h->keep, path);
		bool walked = !strip || (!kept && memmem(text, len, "tasklet", 7));
		if (strip && !walked && !kept && ta_str_ends(path, ".h"))
			f.stripped = ta_strip_bodies(text, len, TA_STRIP_MACROS, &f.len, &macros);
		if (macros) {
			f.plain = ta_strip_bodies(text, len, 0, &f.plain_len, NULL);
			read_stripped_macros(&f, text, len);
		}
		/* a kept header is one of the PCH: read before any watched name is defined */
		if (walked || (h->watch.n && !kept))
			read_idents(h, &f, text, len, walked, h->watch.n && !kept);
	}
	free(text);
	TA_PUSH(h->files, h->n_files, h->cap_files, f);
	ta_strmap_put(&h->by_path, path, h->n_files - 1);
	return h->n_files - 1;
}

/* Queue the file k unless this closure has reached it already. */
static void queue(ta_hdrstrip *h, size_t k)
{
	if (h->files[k].seen == h->gen)
		return;
	h->files[k].seen = h->gen;
	TA_PUSH(h->work, h->n_work, h->cap_work, k);
}

/* Add path, if a regular file, to what res resolves to. */
static void resolve(ta_hdrstrip *h, struct resolved *res, const char *path)
{
	if (is_file(h, path)) {
		size_t k = file_of(h, path, true);
		TA_PUSH(res->files, res->n_files, res->cap_files, k);
	}
}

/* Every file an #include of the file k may name through dirs (a superset), in order. */
static struct resolved resolve_includes(ta_hdrstrip *h, size_t k, char *const *dirs, size_t n_dirs)
{
	struct resolved res = {0};

	for (size_t i = 0; i < h->files[k].n_incs; i++) {
		char kind = h->files[k].incs[i][0];
		const char *name = h->files[k].incs[i] + 1;
		bool found = false;
		if (kind == '"') {
			const char *slash = strrchr(h->files[k].path, '/');
			char *p = xasprintf("%.*s/%s", slash ? (int)(slash - h->files[k].path) : 1,
					    slash ? h->files[k].path : ".", name);
			resolve(h, &res, p);
			free(p);
		}
		for (size_t d = 0; d < n_dirs && (!found || kind == 'n'); d++) {
			char *p = ta_path_join(dirs[d], name);
			if (is_file(h, p)) {
				resolve(h, &res, p);
				found = true;
			}
			free(p);
		}
	}
	return res;
}

/*
 * Queue every file an #include of the file k may name through the list of
 * directories number dirs_id (dirs): resolved once per file and list, for
 * the files and the lists repeat from one parse to the next.
 */
static void follow(ta_hdrstrip *h, size_t k, size_t dirs_id, char *const *dirs, size_t n_dirs)
{
	size_t r = 0;

	while (r < h->files[k].n_res && h->files[k].res[r].dirs != dirs_id)
		r++;
	if (r == h->files[k].n_res) {
		struct resolved res = resolve_includes(h, k, dirs, n_dirs);
		res.dirs = dirs_id;
		/* h->files may have moved: file_of() appends to it */
		TA_PUSH(h->files[k].res, h->files[k].n_res, h->files[k].cap_res, res);
	}
	for (size_t i = 0; i < h->files[k].res[r].n_files; i++)
		queue(h, h->files[k].res[r].files[i]);
}

/* The number of the list of directories dirs (numbered in the order first met). */
static size_t dir_list_id(ta_hdrstrip *h, char *const *dirs, size_t n_dirs)
{
	ta_buf key = {0};
	size_t *known, id;

	for (size_t d = 0; d < n_dirs; d++)
		ta_buf_printf(&key, "%s\n", dirs[d]);
	known = ta_strmap_get(&h->dir_lists, key.s ? key.s : "");
	if (known) {
		id = *known;
	} else {
		id = h->dir_lists.n;
		ta_strmap_put(&h->dir_lists, key.s ? key.s : "", id);
	}
	ta_buf_free(&key);
	return id;
}

void ta_hdrstrip_watch(ta_hdrstrip *h, const char *const *names, const char *const *owners,
		       size_t n, const char *const *only, size_t n_only)
{
	h->watching = true;
	for (size_t i = 0; i < n_only; i++)
		ta_strmap_put(&h->only, only[i], 1);
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;
		while (k < h->n_owners && strcmp(h->owners[k], owners[i]) != 0)
			k++;
		if (k == h->n_owners)
			TA_PUSH(h->owners, h->n_owners, h->cap_owners, xstrdup(owners[i]));
		if (!ta_strmap_get(&h->watch, names[i]))
			ta_strmap_put(&h->watch, names[i], k);
	}
}

/*
 * Does the last closure have a file that names a watched name whose owner
 * it does not reach?
 */
static bool names_unreached(const ta_hdrstrip *h)
{
	for (size_t i = 0; i < h->n_reached; i++) {
		const struct hfile *f = &h->files[h->reached[i]];
		for (size_t m = 0; m < f->n_mentions; m++) {
			const size_t *k = ta_strmap_get(&h->by_path, h->owners[f->mentions[m]]);
			if (!k || h->files[*k].seen != h->gen)
				return true;
		}
	}
	return false;
}

bool ta_hdrstrip_took_wide(const ta_hdrstrip *h)
{
	return h->took_wide;
}

/*
 * May a file the indexer walks (the main file, or a header of this closure
 * that names a tasklet) expand one of f's macros that lose a body?
 */
static bool expanded(const ta_hdrstrip *h, const struct hfile *f)
{
	for (size_t m = 0; m < f->n_macros; m++)
		for (size_t i = 0; i < h->n_walked; i++)
			if (ta_strmap_get(&h->files[h->walked[i]].words, f->macros[m]))
				return true;
	return false;
}

size_t ta_hdrstrip_for(ta_hdrstrip *h, const char *path, const char *const *args, int nargs,
		       unsigned flags, const struct ta_stripped **out)
{
	char **dirs = NULL, **forced = NULL;
	size_t n_dirs = 0, cap_dirs = 0, n_forced = 0, cap_forced = 0, main_k, dirs_id;

	h->n_out = 0;
	h->n_work = 0;
	h->gen++;
	for (int i = 0; i < nargs; i++) {
		const char *a = args[i];
		static const char *const dir_opts[] = {"-isystem", "-iquote", "-idirafter", "-I"};
		bool taken = false;
		for (size_t o = 0; o < sizeof(dir_opts) / sizeof(*dir_opts) && !taken; o++) {
			size_t l = strlen(dir_opts[o]);
			if (strncmp(a, dir_opts[o], l) != 0)
				continue;
			taken = true;
			if (a[l])
				TA_PUSH(dirs, n_dirs, cap_dirs, (char *)a + l);
			else if (i + 1 < nargs)
				TA_PUSH(dirs, n_dirs, cap_dirs, (char *)args[++i]);
		}
		if (!taken && strcmp(a, "-include") == 0 && i + 1 < nargs)
			TA_PUSH(forced, n_forced, cap_forced, (char *)args[++i]);
		else if (!taken && strcmp(a, "-include-pch") == 0)
			i++;
	}
	/* the main file is parsed as it is */
	main_k = file_of(h, path, false);
	h->files[main_k].seen = h->gen;
	TA_PUSH(h->work, h->n_work, h->cap_work, main_k);
	for (size_t i = 0; i < n_forced; i++)
		if (is_file(h, forced[i]))
			queue(h, file_of(h, forced[i], true));
	dirs_id = dir_list_id(h, dirs, n_dirs);
	h->n_reached = h->n_walked = 0;
	while (h->n_work) {
		size_t k = h->work[--h->n_work];
		follow(h, k, dirs_id, dirs, n_dirs);
		TA_PUSH(h->reached, h->n_reached, h->cap_reached, k);
		if (h->files[k].words.n)
			TA_PUSH(h->walked, h->n_walked, h->cap_walked, k);
	}
	h->took_wide = (flags & TA_HDRSTRIP_WIDE) && h->watching && !names_unreached(h);
	for (size_t i = 0; i < h->n_reached; i++) {
		const struct hfile *f = &h->files[h->reached[i]];
		bool plain;
		/* a file the wide PCH holds is read from there */
		if (!f->stripped || (h->took_wide && ta_strmap_get(&h->only, f->path)))
			continue;
		plain = f->plain && ((flags & TA_HDRSTRIP_KEEP_MACROS) || expanded(h, f));
		struct ta_stripped s = {.path = f->path,
					.text = plain ? f->plain : f->stripped,
					.len = plain ? f->plain_len : f->len,
					.macros = f->plain && !plain};
		TA_PUSH(h->out, h->n_out, h->cap_out, s);
	}
	free(dirs);
	free(forced);
	*out = h->out;
	return h->n_out;
}
