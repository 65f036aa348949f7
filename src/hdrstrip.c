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

char *ta_strip_bodies(const char *text, size_t len, size_t *out_len)
{
	char *o = xmalloc(len + 1);
	size_t k = 0, from = 0; /* text[from, ...) not yet copied */
	int depth = 0;          /* of parentheses and braces together */
	char prev = 0;          /* the last significant punctuator or 'x' for any other token */
	bool is_inline = false; /* the declaration at file scope so far says inline */
	bool is_static = false; /* ... or static */
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next_sig(&lx, &t) != TA_TOK_END) {
		char c = t.kind == TA_TOK_PUNCT && t.len == 1 ? text[t.off] : 'x';
		size_t end;
		if (t.kind == TA_TOK_DIRECTIVE)
			continue; /* kept as it is, and no token of the code */
		if (depth == 0 && t.kind == TA_TOK_IDENT && inline_word(text, t.off, t.len))
			is_inline = true;
		if (depth == 0 && t.kind == TA_TOK_IDENT && t.len == 6 &&
		    strncmp(text + t.off, "static", 6) == 0)
			is_static = true;
		/*
		 * A static function that is not inline may be used only by the
		 * inline bodies that go: left unused, it would draw "unused
		 * function".  Such a header is kept whole.
		 */
		if (c == '{' && depth == 0 && prev == ')' && is_static && !is_inline) {
			memcpy(o, text, len);
			o[len] = '\0';
			*out_len = len;
			return o;
		}
		/*
		 * Only an inline function's body: a static function declared and
		 * never defined draws "unused function" where an inline one draws
		 * nothing, and the validation's -Werror=unused-function would count it.
		 */
		if (c == '{' && depth == 0 && prev == ')' && is_inline &&
		    (end = body_end(text, len, t.off))) {
			/* a function body: ';' and its newlines, so every line keeps its number */
			memcpy(o + k, text + from, t.off - from);
			k += t.off - from;
			o[k++] = ';';
			for (size_t i = t.off; i < end; i++)
				if (text[i] == '\n')
					o[k++] = '\n';
			from = end;
			ta_lexer_init(&lx, text, len, end, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
			prev = ';';
			is_inline = is_static = false;
			continue;
		}
		if (c == '(' || c == '{')
			depth++;
		else if ((c == ')' || c == '}') && depth > 0)
			depth--;
		if (depth == 0 && (c == ';' || c == '}'))
			is_inline = is_static = false;
		prev = c;
	}
	memcpy(o + k, text + from, len - from);
	k += len - from;
	o[k] = '\0';
	*out_len = k;
	return o;
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
	}
	free(h->files);
	ta_strmap_free(&h->by_path);
	ta_strmap_free(&h->keep);
	ta_strmap_free(&h->exists);
	ta_strmap_free(&h->dir_lists);
	free(h->out);
	free(h->work);
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
		if (strip && ta_str_ends(path, ".h") && !ta_strmap_get(&h->keep, path) &&
		    !strstr(text, "tasklet"))
			f.stripped = ta_strip_bodies(text, len, &f.len);
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

size_t ta_hdrstrip_for(ta_hdrstrip *h, const char *path, const char *const *args, int nargs,
		       const struct ta_stripped **out)
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
	while (h->n_work) {
		size_t k = h->work[--h->n_work];
		follow(h, k, dirs_id, dirs, n_dirs);
		if (h->files[k].stripped) {
			struct ta_stripped s = {.path = h->files[k].path,
						.text = h->files[k].stripped,
						.len = h->files[k].len};
			TA_PUSH(h->out, h->n_out, h->cap_out, s);
		}
	}
	free(dirs);
	free(forced);
	*out = h->out;
	return h->n_out;
}
