// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_alias.c - the unresolved sites that may act on a tasklet being
 * converted (rewrite_alias.h): those in the tasklet's directories written
 * as its member, and, when its address escapes into something other than
 * a tasklet call, those reached through a pointer.  An escape into an IRQ
 * request whose handler holds the site, with the site on the handler's
 * dev_id, proves the site is the tasklet; anything else unproven refuses
 * the conversion with both places named.
 */
#include "rewrite_alias.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

/* The address of the tasklet taken outside a tasklet call. */
struct escape {
	char *file;
	unsigned line;
	char *callee; /* the call it is an argument of, or NULL */
};

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

static void add_dir(char ***v, size_t *n, size_t *cap, const char *path)
{
	char *d;

	if (!path)
		return;
	d = dir_of(path);
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], d) == 0) {
			free(d);
			return;
		}
	TA_PUSH(*v, *n, *cap, d);
}

/* The directories of the tasklet's own files (a header under include/ is not the driver's). */
static size_t tasklet_dirs(const ta_tasklet *t, char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	add_dir(out, &n, &cap, t->file);
	add_dir(out, &n, &cap, t->callback_file);
	if (t->decl_file && !ta_str_starts(t->decl_file, "include/"))
		add_dir(out, &n, &cap, t->decl_file);
	for (size_t i = 0; i < t->n_init; i++)
		add_dir(out, &n, &cap, t->init_sites[i].file);
	for (size_t i = 0; i < t->n_sites; i++)
		add_dir(out, &n, &cap, t->sites[i].file);
	return n;
}

static bool in_dirs(char *const *dirs, size_t n, const char *file)
{
	char *d;
	bool in = false;

	if (!file)
		return false;
	d = dir_of(file);
	for (size_t i = 0; i < n && !in; i++)
		in = strcmp(dirs[i], d) == 0;
	free(d);
	return in;
}

static char *squeeze(const char *s)
{
	ta_buf b = {0};

	for (; s && *s; s++)
		if (!strchr(" \t\n\\", *s))
			ta_buf_putc(&b, *s);
	return b.len ? ta_buf_steal(&b) : xstrdup("");
}

/* Is the unresolved site written as the tasklet itself (its member, or its variable)? */
static bool names_tasklet(const ta_tasklet *t, const ta_site *s)
{
	char *text = squeeze(s->text);
	size_t n = strlen(text);
	bool yes = false;

	if (t->scope == TA_SCOPE_FIELD && t->field) {
		size_t f = strlen(t->field);
		if (n > f + 1 && strcmp(text + n - f, t->field) == 0) {
			const char *before = text + n - f;
			yes = before[-1] == '.' ||
			      (n > f + 2 && before[-1] == '>' && before[-2] == '-');
		}
	} else if ((t->scope == TA_SCOPE_STATIC || t->scope == TA_SCOPE_GLOBAL) && t->name) {
		yes = strcmp(text, t->name) == 0;
	}
	free(text);
	return yes;
}

/* Is file:line a site the audit attributed (to any tasklet) or left unresolved? */
static bool known_line(const ta_audit *a, const char *file, unsigned line)
{
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *u = &a->tasklets[i];
		for (size_t k = 0; k < u->n_init; k++)
			if (u->init_sites[k].line == line && u->init_sites[k].file &&
			    strcmp(u->init_sites[k].file, file) == 0)
				return true;
		for (size_t k = 0; k < u->n_sites; k++)
			if (u->sites[k].line == line && u->sites[k].file &&
			    strcmp(u->sites[k].file, file) == 0)
				return true;
	}
	for (size_t i = 0; i < a->n_unresolved; i++)
		if (a->unresolved[i].line == line && a->unresolved[i].file &&
		    strcmp(a->unresolved[i].file, file) == 0)
			return true;
	return false;
}

/* The start of the postfix expression (a->b.c[i]) that ends with the identifier at id. */
static size_t expr_start(const char *s, size_t lo, size_t id)
{
	size_t i = id;

	for (int guard = 0; guard < 64; guard++) {
		size_t p = ta_lex_prev(s, lo, i);
		if (p == TA_NPOS)
			return i;
		if (s[p] == '.' || (s[p] == '>' && p > 0 && s[p - 1] == '-')) {
			size_t q = ta_lex_prev(s, lo, s[p] == '.' ? p : p - 1);
			if (q == TA_NPOS)
				return i;
			if (s[q] == ']' || s[q] == ')') {
				size_t o = ta_lex_open_of(s, q + 1, lo, q);
				if (o == TA_NPOS)
					return i;
				q = ta_lex_prev(s, lo, o);
				if (q == TA_NPOS || !ta_lex_ident_char(s[q])) {
					i = o; /* (cast)->f or (x)->f: the parenthesis starts it */
					return i;
				}
			}
			if (!ta_lex_ident_char(s[q]))
				return i;
			while (q > 0 && ta_lex_ident_char(s[q - 1]))
				q--;
			i = q;
			continue;
		}
		return i;
	}
	return i;
}

/*
 * The call whose argument list holds off: its name's offset and its '(',
 * scanning back within the statement.  False at a statement boundary.
 */
static bool enclosing_call(const char *s, size_t off, size_t *name, size_t *open)
{
	int depth = 0;
	size_t lo = off > 8192 ? off - 8192 : 0;

	for (size_t i = off; i-- > lo;) {
		char c = s[i];
		if (c == ')' || c == ']')
			depth++;
		else if ((c == '(' || c == '[') && depth > 0)
			depth--;
		else if (c == '(') {
			size_t e = i, b;
			while (e > lo && strchr(" \t\n", s[e - 1]))
				e--;
			b = e;
			while (b > lo && ta_lex_ident_char(s[b - 1]))
				b--;
			if (b == e)
				return false;
			*name = b;
			*open = i;
			return true;
		} else if (c == ';' || c == '{' || c == '}')
			return false;
	}
	return false;
}

static void escape_free(struct escape *e)
{
	free(e->file);
	free(e->callee);
}

/* The files of a directory that may take the address: its .c and .h files, sorted. */
static size_t dir_files(ta_srcset *set, const char *dir, char ***out)
{
	char *path = *dir ? ta_path_join(set->root, dir) : xstrdup(set->root);
	DIR *d = opendir(path);
	struct dirent *de;
	size_t n = 0, cap = 0;

	*out = NULL;
	ta_srcset_note_dir(set, dir);
	while (d && (de = readdir(d)))
		if (ta_str_ends(de->d_name, ".c") || ta_str_ends(de->d_name, ".h"))
			TA_PUSH(*out, n, cap,
				*dir ? xasprintf("%s/%s", dir, de->d_name) : xstrdup(de->d_name));
	if (d)
		closedir(d);
	free(path);
	ta_sort(*out, n, sizeof(char *), ta_strptr_cmp);
	return n;
}

/*
 * Can file see the tasklet's declaration?  A struct declared in a .c file
 * (or a static variable) only there; one in a header in the files that
 * name that header, and the header itself.
 */
static bool sees_decl(const ta_tasklet *t, const ta_src *src)
{
	const char *decl = t->decl_file ? t->decl_file : t->file;
	const char *base;
	char *inc;
	bool yes;

	if (!decl || t->scope == TA_SCOPE_GLOBAL)
		return true;
	if (strcmp(src->rel, decl) == 0)
		return true;
	if (ta_str_ends(decl, ".c") || t->scope == TA_SCOPE_STATIC)
		return false;
	base = strrchr(decl, '/') ? strrchr(decl, '/') + 1 : decl;
	inc = xasprintf("%s\"", base);
	yes = strstr(src->text, inc) != NULL;
	free(inc);
	inc = xasprintf("%s>", base);
	yes |= strstr(src->text, inc) != NULL;
	free(inc);
	return yes;
}

/* Where the tasklet's address is taken outside the audit's known sites. */
static size_t find_escapes(ta_rw *rw, char *const *dirs, size_t n_dirs, struct escape **out)
{
	const ta_tasklet *t = rw->t;
	const char *id = t->scope == TA_SCOPE_FIELD ? t->field : t->name;
	bool member = t->scope == TA_SCOPE_FIELD;
	size_t n = 0, cap = 0;

	*out = NULL;
	if (!id || !(member || t->scope == TA_SCOPE_STATIC || t->scope == TA_SCOPE_GLOBAL))
		return 0;
	for (size_t d = 0; d < n_dirs; d++) {
		char **files;
		size_t nf = dir_files(rw->set, dirs[d], &files);
		for (size_t f = 0; f < nf; f++) {
			ta_src *src = ta_srcset_get(rw->set, files[f]);
			const char *s = src && sees_decl(t, src) ? src->text : NULL;
			for (size_t p = s ? ta_lex_find_ident(s, 0, src->len, id, !member)
					  : TA_NPOS;
			     p != TA_NPOS; p = ta_lex_find_ident(s, p + 1, src->len, id, !member)) {
				size_t after = ta_lex_skip(s, src->len, p + strlen(id)), st, amp,
				       lo;
				size_t name = 0, open = 0;
				struct escape e = {0};
				if (member != ta_lex_after_member_op(s, p))
					continue;
				/* the address of the tasklet itself, not of one of its members */
				if (after < src->len && (s[after] == '.' || s[after] == '[' ||
							 (s[after] == '-' && after + 1 < src->len &&
							  s[after + 1] == '>')))
					continue;
				/* a floor 64 lines up: an expression and its '&' are closer */
				lo = ta_src_lex_floor(src, p, 64);
				st = member ? expr_start(s, lo, p) : p;
				amp = ta_lex_prev(s, lo, st);
				if (amp == TA_NPOS || s[amp] != '&' ||
				    (amp > 0 && s[amp - 1] == '&'))
					continue;
				if (known_line(rw->audit, src->rel, ta_src_line_of(src, p)))
					continue;
				if (enclosing_call(s, amp, &name, &open)) {
					e.callee = xstrndup(s + name, open - name);
					while (e.callee[strlen(e.callee) - 1] == ' ' ||
					       e.callee[strlen(e.callee) - 1] == '\t' ||
					       e.callee[strlen(e.callee) - 1] == '\n')
						e.callee[strlen(e.callee) - 1] = '\0';
					/* an argument of a tasklet call the audit did not list */
					if (ta_str_starts(e.callee, "tasklet_") ||
					    strcmp(e.callee, "from_tasklet") == 0) {
						free(e.callee);
						continue;
					}
				}
				e.file = xstrdup(src->rel);
				e.line = ta_src_line_of(src, p);
				TA_PUSH(*out, n, cap, e);
			}
			free(files[f]);
		}
		free(files);
	}
	return n;
}

/* The name of the second parameter of fn as defined in file (the handler's dev_id). */
static char *second_param(ta_rw *rw, const char *fn, const char *file)
{
	char *def = NULL, *name = NULL;
	unsigned line = 0;
	ta_src *src;
	size_t at, open, st[3], en[3], e, b;

	if (ta_rw_find_definition(rw, fn, file, &def, &line) != 0)
		return NULL;
	src = ta_srcset_get(rw->set, def);
	free(def);
	if (!src || ta_rw_find_call(src, line, 0, fn, &at, &open) != 0 ||
	    ta_lex_args(src->text, src->len, open, st, en, 3) != 2)
		return NULL;
	e = en[1];
	b = e;
	while (b > st[1] && ta_lex_ident_char(src->text[b - 1]))
		b--;
	if (b < e && memchr(src->text + st[1], '*', b - st[1]))
		name = xstrndup(src->text + b, e - b);
	return name;
}

/*
 * Is fn, as defined in file, a schedule wrapper: does it take the site's
 * text as a parameter `struct tasklet_struct *NAME`?  The BH writer
 * converts those (ta_rewrite_work); they are no alias.
 */
static bool is_wrapper(ta_rw *rw, const char *fn, const char *file, const char *text)
{
	char *def = NULL;
	unsigned line = 0;
	ta_src *src;
	size_t at, open, st[8], en[8];
	int n;
	bool yes = false;

	if (!fn || !text || ta_rw_find_definition(rw, fn, file, &def, &line) != 0)
		return false;
	src = ta_srcset_get(rw->set, def);
	free(def);
	if (!src || ta_rw_find_call(src, line, 0, fn, &at, &open) != 0)
		return false;
	n = ta_lex_args(src->text, src->len, open, st, en, 8);
	for (int i = 0; i < n && !yes; i++) {
		char *raw = xstrndup(src->text + st[i], en[i] - st[i]), *c = squeeze(raw);
		char *want = xasprintf("structtasklet_struct*%s", text);
		yes = strcmp(c, want) == 0;
		free(raw);
		free(c);
		free(want);
	}
	return yes;
}

/* Is the site's text the handler's dev_id, as is or cast to a tasklet pointer? */
static bool is_cookie(const ta_site *s, const char *param)
{
	char *text = squeeze(s->text), *cast = xasprintf("(structtasklet_struct*)%s", param);
	bool yes = strcmp(text, param) == 0 || strcmp(text, cast) == 0;

	free(text);
	free(cast);
	return yes;
}

static bool listed(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(v[i], s) == 0)
			return true;
	return false;
}

/* Is the squeezed argument the tasklet's address? */
static bool our_address(const ta_tasklet *t, const char *arg)
{
	size_t n = strlen(arg);

	if (arg[0] != '&')
		return false;
	if (t->scope == TA_SCOPE_FIELD && t->field) {
		size_t f = strlen(t->field);
		const char *e = arg + n - f;
		return n > f + 2 && strcmp(e, t->field) == 0 &&
		       (e[-1] == '.' || (e[-1] == '>' && e[-2] == '-'));
	}
	return t->name && strcmp(arg + 1, t->name) == 0;
}

/*
 * The handler fn's IRQ requests in the directories: 1 when one passes the
 * tasklet's address as dev_id (*where set), 0 when every one passes the
 * address of something else, -1 when a dev_id is not an address.
 */
static int requests_of(ta_rw *rw, const ta_patch_rules *r, char *const *dirs, size_t n_dirs,
		       const char *fn, char **where)
{
	int verdict = 0;

	*where = NULL;
	for (size_t d = 0; d < n_dirs && verdict != 1; d++) {
		char **files;
		size_t nf = dir_files(rw->set, dirs[d], &files);
		for (size_t f = 0; f < nf; f++) {
			ta_src *src = verdict == 1 ? NULL : ta_srcset_get(rw->set, files[f]);
			for (size_t c = 0; src && c < r->n_irq_cookie_calls && verdict != 1; c++) {
				const char *call = r->irq_cookie_calls[c];
				for (size_t p =
					     ta_lex_find_ident(src->text, 0, src->len, call, true);
				     p != TA_NPOS && verdict != 1;
				     p = ta_lex_find_ident(src->text, p + 1, src->len, call,
							   true)) {
					size_t open = ta_lex_skip(src->text, src->len,
								  p + strlen(call));
					size_t st[8], en[8];
					bool names = false;
					int n;
					char *last;
					if (open >= src->len || src->text[open] != '(')
						continue;
					n = ta_lex_args(src->text, src->len, open, st, en, 8);
					for (int k = 0; k < n; k++)
						names |= en[k] - st[k] == strlen(fn) &&
							 strncmp(src->text + st[k], fn,
								 en[k] - st[k]) == 0;
					if (!names || n < 2)
						continue;
					last = xstrndup(src->text + st[n - 1],
							en[n - 1] - st[n - 1]);
					{
						char *sq = squeeze(last);
						if (our_address(rw->t, sq) &&
						    sees_decl(rw->t, src)) {
							verdict = 1;
							*where = xasprintf("%s:%u", src->rel,
									   ta_src_line_of(src, p));
						} else if (sq[0] != '&') {
							verdict = -1;
						}
						free(sq);
					}
					free(last);
				}
			}
			free(files[f]);
		}
		free(files);
	}
	return verdict;
}

int ta_rw_aliases(ta_rw *rw, const ta_patch_rules *r, ta_alias **out, size_t *n)
{
	const ta_audit *a = rw->audit;
	const ta_tasklet *t = rw->t;
	char **dirs = NULL;
	size_t n_dirs = tasklet_dirs(t, &dirs), cap = 0, n_esc = 0;
	struct escape *esc = NULL, *loose = NULL;
	char **wrappers = NULL;
	size_t n_wrappers = 0, wcap = 0;
	bool esc_done = false, esc_listed = false;
	int rc = TA_RW_DONE;

	*out = NULL;
	*n = 0;
	/* schedule wrappers: the BH writer converts the calls passing this tasklet */
	for (size_t i = 0; i < a->n_unresolved; i++) {
		const ta_site *s = &a->unresolved[i];
		if (s->self && in_dirs(dirs, n_dirs, s->file) &&
		    !listed(wrappers, n_wrappers, s->function) &&
		    is_wrapper(rw, s->function, s->file, s->text))
			TA_PUSH(wrappers, n_wrappers, wcap, xstrdup(s->function));
	}
	for (size_t i = 0; i < a->n_unresolved && rc == TA_RW_DONE; i++) {
		const ta_site *s = &a->unresolved[i];
		ta_alias al = {s, TA_ALIAS_NAMED, NULL, NULL, 0};
		char *param, *where = NULL;
		int req = -1;
		if (!in_dirs(dirs, n_dirs, s->file))
			continue;
		if (s->self && listed(wrappers, n_wrappers, s->function))
			continue;
		if (names_tasklet(t, s)) {
			TA_PUSH(*out, *n, cap, al);
			continue;
		}
		/* an IRQ handler's dev_id: its requests say which object it is */
		param = s->function && r ? second_param(rw, s->function, s->file) : NULL;
		if (param && is_cookie(s, param))
			req = requests_of(rw, r, dirs, n_dirs, s->function, &where);
		free(param);
		if (req == 1) {
			al.kind = TA_ALIAS_COOKIE;
			al.escape = where;
			TA_PUSH(*out, *n, cap, al);
			continue;
		}
		free(where);
		if (req == 0)
			continue; /* every request passes another object */
		if (!esc_done) {
			n_esc = find_escapes(rw, dirs, n_dirs, &esc);
			esc_done = true;
			esc_listed = true;
			/* an address given to an IRQ request or its release goes nowhere else */
			for (size_t k = 0; k < n_esc && !loose; k++)
				if (!listed(wrappers, n_wrappers, esc[k].callee) &&
				    (!r || !(listed(r->irq_cookie_calls, r->n_irq_cookie_calls,
						    esc[k].callee) ||
					     listed(r->irq_cookie_releases,
						    r->n_irq_cookie_releases, esc[k].callee))))
					loose = &esc[k];
		}
		if (!loose)
			continue; /* the address never reaches a pointer: not this tasklet */
		rc = ta_rw_refuse(
			rw,
			"%s:%u: %s() on '%s'%s%s%s may act on this tasklet, whose address "
			"is taken at %s:%u%s%s%s: the tool cannot follow that pointer",
			s->file, s->line, ta_api_name(s->api), s->text ? s->text : "?",
			s->function ? " in " : "", s->function ? s->function : "",
			s->function ? "()" : "", loose->file, loose->line,
			loose->callee ? " (an argument of " : "",
			loose->callee ? loose->callee : "", loose->callee ? "())" : "");
	}
	/* the address handed to the IRQ core is written with the tasklet's name */
	if (rc == TA_RW_DONE && !esc_listed)
		n_esc = find_escapes(rw, dirs, n_dirs, &esc);
	for (size_t k = 0; rc == TA_RW_DONE && r && k < n_esc; k++)
		if (listed(r->irq_cookie_calls, r->n_irq_cookie_calls, esc[k].callee) ||
		    listed(r->irq_cookie_releases, r->n_irq_cookie_releases, esc[k].callee)) {
			ta_alias al = {NULL, TA_ALIAS_ADDRESS, NULL, xstrdup(esc[k].file),
				       esc[k].line};
			TA_PUSH(*out, *n, cap, al);
		}
	for (size_t i = 0; i < n_esc; i++)
		escape_free(&esc[i]);
	free(esc);
	for (size_t i = 0; i < n_dirs; i++)
		free(dirs[i]);
	free(dirs);
	for (size_t i = 0; i < n_wrappers; i++)
		free(wrappers[i]);
	free(wrappers);
	if (rc != TA_RW_DONE) {
		ta_rw_aliases_free(out, *n);
		*n = 0;
	}
	return rc;
}

void ta_rw_aliases_free(ta_alias **v, size_t n)
{
	if (!v || !*v)
		return;
	for (size_t i = 0; i < n; i++) {
		free((*v)[i].escape);
		free((*v)[i].file);
	}
	free(*v);
	*v = NULL;
}
