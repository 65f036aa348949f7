// SPDX-License-Identifier: GPL-2.0-only
/*
 * successor.c - finds, in a newer tree, the work item, timer or threaded
 * IRQ that replaced a tasklet of an older audit.  The calls it knows are
 * one table (inits: where the new callback and object are; queues: where
 * a work item is queued and on which queue).  Each file is read once,
 * with its comments and string literals blanked so that offsets and line
 * numbers stay those of the file.
 */
#include "successor.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "mechanism.h"
#include "util.h"

/* Calls that set up a replacement: argument positions of object and callback. */
static const struct init_api {
	const char *name;
	int mech; /* enum ta_mech; -1: a work item (the queue decides) */
	int obj, cb;
} inits[] = {
	{"INIT_WORK", -1, 0, 1},
	{"INIT_DELAYED_WORK", -1, 0, 1},
	{"DECLARE_WORK", -1, 0, 1},
	{"DECLARE_DELAYED_WORK", -1, 0, 1},
	{"timer_setup", TA_MECH_TIMER, 0, 1},
	{"DEFINE_TIMER", TA_MECH_TIMER, 0, 1},
	{"request_threaded_irq", TA_MECH_THREADED_IRQ, -1, 2},
	{"devm_request_threaded_irq", TA_MECH_THREADED_IRQ, -1, 3},
};

/* Calls that queue a work item: argument positions of queue (-1: named) and work. */
static const struct queue_api {
	const char *name;
	int wq, work;
	const char *implicit; /* the queue when the call names none */
} queues[] = {
	{"queue_work", 0, 1, NULL},
	{"queue_work_on", 1, 2, NULL},
	{"enable_and_queue_work", 0, 1, NULL},
	{"queue_delayed_work", 0, 1, NULL},
	{"queue_delayed_work_on", 1, 2, NULL},
	{"mod_delayed_work", 0, 1, NULL},
	{"schedule_work", -1, 0, "system_wq"},
	{"schedule_delayed_work", -1, 0, "system_wq"},
};

/* The queues that run work in softirq context. */
static const char *const bh_queues[] = {"system_bh_wq", "system_bh_highpri_wq"};

/* Words that name the deferral mechanism, not the job. */
static const char *const mechanism_words[] = {
	"tasklet", "tasklets", "task",     "tsklet",  "tl",     "bh",     "work", "works",   "wq",
	"fn",      "func",     "function", "handler", "workfn", "worker", "cb",   "callback"};

struct text {
	char *path; /* relative to the root */
	char *raw;  /* the file */
	char *code; /* the same with comments and literals blanked */
	size_t len;
};

struct ta_successor_finder {
	char *root;
	ta_strmap texts; /* path -> index in v, or SIZE_MAX for unreadable */
	struct text **v; /* stable addresses: callers keep them */
	size_t n, cap;
	bool indexed;
	ta_strmap by_base; /* base name -> index in names of its last path */
	struct name {
		char *path;
		size_t next; /* the previous path of the same base name, or SIZE_MAX */
	} * names;
	size_t n_names, cap_names;
};

ta_successor_finder *ta_successor_finder_new(const char *root)
{
	ta_successor_finder *f = xcalloc(1, sizeof(*f));

	f->root = xstrdup(root);
	return f;
}

void ta_successor_finder_free(ta_successor_finder **fp)
{
	ta_successor_finder *f = fp ? *fp : NULL;

	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i]->path);
		free(f->v[i]->raw);
		free(f->v[i]->code);
		free(f->v[i]);
	}
	free(f->v);
	ta_strmap_free(&f->texts);
	ta_strmap_free(&f->by_base);
	for (size_t i = 0; i < f->n_names; i++)
		free(f->names[i].path);
	free(f->names);
	free(f->root);
	free(f);
	*fp = NULL;
}

void ta_successor_clear(struct ta_successor *s)
{
	free(s->queues);
	free(s->evidence);
	free(s->files);
	memset(s, 0, sizeof(*s));
}

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* The text with comments, string and character literals blanked (newlines kept). */
static char *blank_comments(const char *s, size_t n)
{
	char *o = xmalloc(n + 1);

	memcpy(o, s, n);
	o[n] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (o[i] == '/' && i + 1 < n && o[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < n && !(o[j] == '*' && o[j + 1] == '/'))
				j++;
			j = j + 1 < n ? j + 2 : n;
			for (size_t k = i; k < j; k++)
				if (o[k] != '\n')
					o[k] = ' ';
			i = j - 1;
		} else if (o[i] == '/' && i + 1 < n && o[i + 1] == '/') {
			while (i < n && o[i] != '\n')
				o[i++] = ' ';
		} else if (o[i] == '"' || o[i] == '\'') {
			char q = o[i];
			size_t j = i + 1;
			while (j < n && o[j] != q && o[j] != '\n')
				j += o[j] == '\\' && j + 1 < n ? 2 : 1;
			for (size_t k = i + 1; k < j && k < n; k++)
				if (o[k] != '\n')
					o[k] = ' ';
			i = j < n ? j : n - 1;
		}
	}
	return o;
}

/* The text of a tree file (NULL when it cannot be read). */
static const struct text *text_of(ta_successor_finder *f, const char *rel)
{
	size_t *idx = ta_strmap_get(&f->texts, rel), len;
	struct text *t;
	char *abs, *raw;

	if (idx)
		return *idx == SIZE_MAX ? NULL : f->v[*idx];
	abs = ta_path_join(f->root, rel);
	raw = ta_read_file(abs, &len);
	free(abs);
	if (!raw) {
		ta_strmap_put(&f->texts, rel, SIZE_MAX);
		return NULL;
	}
	t = xcalloc(1, sizeof(*t));
	t->raw = raw;
	t->len = len;
	t->path = xstrdup(rel);
	t->code = blank_comments(raw, len);
	TA_PUSH(f->v, f->n, f->cap, t);
	ta_strmap_put(&f->texts, rel, f->n - 1);
	return t;
}

static bool is_source(const char *name)
{
	return ta_str_ends(name, ".c") || ta_str_ends(name, ".h");
}

/* Index every .c and .h file of the tree by base name (once). */
static void index_tree(ta_successor_finder *f, const char *rel)
{
	char *abs = rel[0] ? ta_path_join(f->root, rel) : xstrdup(f->root);
	DIR *d = opendir(abs);
	struct dirent *e;

	free(abs);
	if (!d)
		return;
	while ((e = readdir(d))) {
		char *sub;
		if (e->d_name[0] == '.')
			continue;
		sub = rel[0] ? ta_path_join(rel, e->d_name) : xstrdup(e->d_name);
		if (e->d_type == DT_DIR) {
			index_tree(f, sub);
		} else if ((e->d_type == DT_REG || e->d_type == DT_UNKNOWN) &&
			   is_source(e->d_name)) {
			size_t *last = ta_strmap_get(&f->by_base, e->d_name);
			struct name nm = {xstrdup(sub), last ? *last : SIZE_MAX};
			TA_PUSH(f->names, f->n_names, f->cap_names, nm);
			ta_strmap_put(&f->by_base, e->d_name, f->n_names - 1);
		}
		free(sub);
	}
	closedir(d);
}

/* Does the code name word as a whole identifier? */
static bool has_word(const char *code, const char *word)
{
	size_t n = strlen(word);

	if (!n)
		return false;
	for (const char *p = code; (p = strstr(p, word)); p += n)
		if ((p == code || !ident_char(p[-1])) && !ident_char(p[n]))
			return true;
	return false;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* The last identifier of an expression ("&priv->dma.done_work" -> "done_work"). */
static char *last_ident(const char *expr, size_t n)
{
	size_t end = n, start;

	while (end > 0) {
		char c = expr[end - 1];
		if (c == ' ' || c == '\t' || c == '\n' || c == ')') {
			end--;
		} else if (c == ']') {
			int depth = 0;
			while (end > 0) {
				c = expr[--end];
				depth += c == ']';
				depth -= c == '[';
				if (!depth)
					break;
			}
		} else {
			break;
		}
	}
	start = end;
	while (start > 0 && ident_char(expr[start - 1]))
		start--;
	return start < end ? xstrndup(expr + start, end - start) : NULL;
}

/* One call found in code: its argument spans and where it starts. */
struct call {
	size_t at;
	size_t nargs;
	size_t arg_start[8], arg_len[8];
};

/* Parse the arguments of the call whose '(' is at code[open]; false when unbalanced. */
static bool parse_args(const char *code, size_t len, size_t open, struct call *c)
{
	int depth = 0;
	size_t start = open + 1;

	c->nargs = 0;
	for (size_t i = open; i < len; i++) {
		char ch = code[i];
		if (ch == '(' || ch == '[' || ch == '{') {
			depth++;
		} else if (ch == ')' || ch == ']' || ch == '}') {
			if (--depth == 0) {
				if (c->nargs < 8) {
					c->arg_start[c->nargs] = start;
					c->arg_len[c->nargs++] = i - start;
				}
				return true;
			}
		} else if (ch == ',' && depth == 1 && c->nargs < 8) {
			c->arg_start[c->nargs] = start;
			c->arg_len[c->nargs++] = i - start;
			start = i + 1;
		} else if (ch == ';' && depth <= 1) {
			return false;
		}
	}
	return false;
}

/* The next call of name in code from *pos; false when there is none. */
static bool next_call(const char *code, size_t len, const char *name, size_t *pos, struct call *c)
{
	size_t n = strlen(name);

	for (const char *p = code + *pos; (p = strstr(p, name)); p += n) {
		size_t at = (size_t)(p - code), k = at + n;
		if ((at > 0 && ident_char(code[at - 1])) || ident_char(code[k]))
			continue;
		while (k < len && (code[k] == ' ' || code[k] == '\t' || code[k] == '\n'))
			k++;
		if (k >= len || code[k] != '(')
			continue;
		*pos = at + n;
		c->at = at;
		if (parse_args(code, len, k, c))
			return true;
	}
	return false;
}

static unsigned line_at(const char *s, size_t off)
{
	unsigned line = 1;

	for (size_t i = 0; i < off; i++)
		line += s[i] == '\n';
	return line;
}

/* Append "path:line: CALL(args)", the call's whitespace folded, as a line of b. */
static void cite(ta_buf *b, const struct text *t, const struct call *c)
{
	size_t end = c->arg_start[c->nargs - 1] + c->arg_len[c->nargs - 1] + 1;
	bool space = false;

	if (b->len)
		ta_buf_putc(b, '\n');
	ta_buf_printf(b, "%s:%u: ", t->path, line_at(t->raw, c->at));
	for (size_t i = c->at; i < end && i < t->len; i++) {
		char ch = t->raw[i];
		if (ch == ' ' || ch == '\t' || ch == '\n') {
			space = true;
			continue;
		}
		if (space && b->len && b->s[b->len - 1] != '(')
			ta_buf_putc(b, ' ');
		space = false;
		ta_buf_putc(b, ch);
	}
}

static bool is_mechanism_word(const char *w, size_t n)
{
	for (size_t i = 0; i < sizeof(mechanism_words) / sizeof(*mechanism_words); i++)
		if (strlen(mechanism_words[i]) == n && strncmp(mechanism_words[i], w, n) == 0)
			return true;
	return false;
}

/* The '_'-separated words of s that are not mechanism words, sorted, one string. */
static char *job_words(const char *s)
{
	char *words[32];
	size_t n = 0;
	ta_buf b = {0};

	for (const char *p = s; *p && n < 32;) {
		const char *q = p;
		while (*q && *q != '_')
			q++;
		if (q > p && !is_mechanism_word(p, (size_t)(q - p)))
			words[n++] = xstrndup(p, (size_t)(q - p));
		p = *q ? q + 1 : q;
	}
	ta_sort(words, n, sizeof(*words), ta_strptr_cmp);
	for (size_t i = 0; i < n; i++)
		if (!i || strcmp(words[i], words[i - 1]) != 0)
			ta_buf_printf(&b, "%s ", words[i]);
	for (size_t i = 0; i < n; i++)
		free(words[i]);
	return b.s ? ta_buf_steal(&b) : NULL;
}

/* Is every job word of a one of b's, or the other way round (both not empty)? */
static bool words_subset(const char *a, const char *b)
{
	char *wa = job_words(a), *wb = job_words(b);
	bool sub = false;

	if (wa && wb) {
		const char *small = strlen(wa) <= strlen(wb) ? wa : wb;
		const char *big = small == wa ? wb : wa;
		sub = true;
		for (const char *p = small; *p && sub;) {
			const char *sp = strchr(p, ' ');
			char *w = xasprintf(" %.*s ", (int)(sp - p), p);
			char *hay = xasprintf(" %s", big);
			sub = strstr(hay, w) != NULL;
			free(w);
			free(hay);
			p = sp + 1;
		}
	}
	free(wa);
	free(wb);
	return sub;
}

bool ta_successor_names_related(const char *a, const char *b)
{
	char *wa, *wb;
	bool same;

	if (!a || !b || !*a || !*b)
		return false;
	wa = job_words(a);
	wb = job_words(b);
	same = wa && wb && strcmp(wa, wb) == 0;
	free(wa);
	free(wb);
	return same;
}

/* The member or variable name of a tasklet ("rx_tasklet" of "struct foo.rx_tasklet"). */
static const char *member_of(const ta_tasklet *t)
{
	const char *k = t->field ? t->field : t->key, *p;

	if (t->field)
		return t->field;
	p = k + strlen(k);
	while (p > k && ident_char(p[-1]))
		p--;
	return p;
}

/* The struct name of a field tasklet without "struct " (NULL otherwise). */
static const char *struct_of(const ta_tasklet *t)
{
	if (!t->ctype)
		return NULL;
	return ta_str_starts(t->ctype, "struct ") ? t->ctype + 7 : t->ctype;
}

static void add_unique(char ***v, size_t *n, size_t *cap, const char *s)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0)
			return;
	TA_PUSH(*v, *n, *cap, xstrdup(s));
}

/* The tasklet's files in the old tree: init file, declaration, callback, sites, key. */
static void old_files(const ta_tasklet *t, char ***v, size_t *n)
{
	size_t cap = 0;
	const char *colon;

	*v = NULL;
	*n = 0;
	if (t->file)
		add_unique(v, n, &cap, t->file);
	if (t->decl_file)
		add_unique(v, n, &cap, t->decl_file);
	if (t->callback_file)
		add_unique(v, n, &cap, t->callback_file);
	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].file)
			add_unique(v, n, &cap, t->init_sites[i].file);
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].file)
			add_unique(v, n, &cap, t->sites[i].file);
	colon = strchr(t->key, ':');
	if (colon && !ta_str_starts(t->key, "inactive:") && !ta_str_starts(t->key, "unresolved:")) {
		char *p = xstrndup(t->key, (size_t)(colon - t->key));
		if (is_source(p))
			add_unique(v, n, &cap, p);
		free(p);
	}
}

/*
 * Does a moved file still speak of the tasklet: its struct and its
 * callback, each when known (a same-named struct of another driver is not
 * enough)?
 */
static bool names_tasklet(const struct text *x, const ta_tasklet *t)
{
	const char *st = struct_of(t);
	const char *cb = t->callback && !t->callback_is_expr ? t->callback : NULL;

	if (!st && !cb)
		return false;
	return (!st || has_word(x->code, st)) && (!cb || has_word(x->code, cb));
}

/* Does the file name the tasklet's struct or its callback? */
static bool names_any(const struct text *x, const ta_tasklet *t)
{
	const char *st = struct_of(t);
	const char *cb = t->callback && !t->callback_is_expr ? t->callback : NULL;

	return (st && has_word(x->code, st)) || (cb && has_word(x->code, cb));
}

/* The tree's counterparts of the old files: same path, else a moved file that names it. */
static void new_files(ta_successor_finder *f, const ta_tasklet *t, char **old, size_t n_old,
		      char ***v, size_t *n)
{
	size_t cap = 0;

	*v = NULL;
	*n = 0;
	for (size_t i = 0; i < n_old; i++) {
		const struct text *x = text_of(f, old[i]);
		size_t *first;
		if (x) {
			add_unique(v, n, &cap, old[i]);
			continue;
		}
		if (!f->indexed) {
			index_tree(f, "");
			f->indexed = true;
		}
		first = ta_strmap_get(&f->by_base, base_name(old[i]));
		for (size_t k = first ? *first : SIZE_MAX; k != SIZE_MAX; k = f->names[k].next) {
			const struct text *y = text_of(f, f->names[k].path);
			if (y && names_tasklet(y, t))
				add_unique(v, n, &cap, f->names[k].path);
		}
	}
}

/*
 * How well an init call's callback and object name the tasklet: 4 the
 * same callback, 3 a callback renamed ("foo_tasklet" -> "foo_work"), 2 a
 * member renamed, 1 a callback whose name keeps part of the old one's
 * ("rxe_do_task" -> "do_work"); 0 not at all.
 */
static int init_score(const ta_tasklet *t, const char *cb, const char *obj)
{
	const char *old_cb = t->callback && !t->callback_is_expr ? t->callback : NULL;

	if (cb && old_cb && strcmp(cb, old_cb) == 0)
		return 4;
	if (cb && old_cb && ta_successor_names_related(cb, old_cb))
		return 3;
	if (obj && ta_successor_names_related(obj, member_of(t)))
		return 2;
	if (cb && old_cb && words_subset(cb, old_cb))
		return 1;
	return 0;
}

struct best {
	int score;
	const struct init_api *api;
	const struct text *x;
	struct call call;
	char *obj;
};

static void scan_inits(const ta_tasklet *t, const struct text *x, struct best *b)
{
	for (size_t a = 0; a < sizeof(inits) / sizeof(*inits); a++) {
		const struct init_api *api = &inits[a];
		struct call c;
		size_t pos = 0;
		while (next_call(x->code, x->len, api->name, &pos, &c)) {
			char *cb, *obj = NULL;
			int s;
			if ((int)c.nargs <= api->cb || (api->obj >= 0 && (int)c.nargs <= api->obj))
				continue;
			cb = last_ident(x->code + c.arg_start[api->cb], c.arg_len[api->cb]);
			if (api->obj >= 0)
				obj = last_ident(x->code + c.arg_start[api->obj],
						 c.arg_len[api->obj]);
			s = init_score(t, cb, obj);
			if (s > b->score) {
				free(b->obj);
				b->score = s;
				b->api = api;
				b->x = x;
				b->call = c;
				b->obj = obj;
				obj = NULL;
			}
			free(cb);
			free(obj);
		}
	}
}

static bool is_bh_queue(const char *q)
{
	for (size_t i = 0; i < sizeof(bh_queues) / sizeof(*bh_queues); i++)
		if (strcmp(q, bh_queues[i]) == 0)
			return true;
	return false;
}

/* The .c and .h files of dir, sorted, as paths relative to the root. */
static void dir_files(ta_successor_finder *f, const char *dir, char ***v, size_t *n)
{
	char *abs = dir[0] ? ta_path_join(f->root, dir) : xstrdup(f->root);
	DIR *d = opendir(abs);
	struct dirent *e;
	size_t cap = 0;

	*v = NULL;
	*n = 0;
	free(abs);
	if (!d)
		return;
	while ((e = readdir(d)))
		if (is_source(e->d_name))
			TA_PUSH(*v, *n, cap,
				dir[0] ? ta_path_join(dir, e->d_name) : xstrdup(e->d_name));
	closedir(d);
	ta_sort(*v, *n, sizeof(**v), ta_strptr_cmp);
}

/* The queue calls on work item obj in files: the queues named, and citations. */
static void scan_queues(ta_successor_finder *f, char **files, size_t n, const char *obj, char ***qs,
			size_t *nq, size_t *capq, ta_buf *ev, size_t *cited)
{
	for (size_t i = 0; i < n; i++) {
		const struct text *x = text_of(f, files[i]);
		for (size_t a = 0; x && a < sizeof(queues) / sizeof(*queues); a++) {
			const struct queue_api *api = &queues[a];
			struct call c;
			size_t pos = 0;
			while (next_call(x->code, x->len, api->name, &pos, &c)) {
				char *w, *q;
				if ((int)c.nargs <= api->work || (int)c.nargs <= api->wq)
					continue;
				w = last_ident(x->code + c.arg_start[api->work],
					       c.arg_len[api->work]);
				if (!w || strcmp(w, obj) != 0) {
					free(w);
					continue;
				}
				q = api->wq >= 0 ? last_ident(x->code + c.arg_start[api->wq],
							      c.arg_len[api->wq])
						 : xstrdup(api->implicit);
				if (q) {
					bool fresh = true;
					for (size_t k = 0; k < *nq; k++)
						fresh &= strcmp((*qs)[k], q) != 0;
					if (fresh || (*cited < 3 && is_bh_queue(q))) {
						cite(ev, x, &c);
						(*cited)++;
					}
					add_unique(qs, nq, capq, q);
				}
				free(q);
				free(w);
			}
		}
	}
}

static char *dir_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? xstrndup(path, (size_t)(s - path)) : xstrdup("");
}

static char *join(char **v, size_t n)
{
	ta_buf b = {0};

	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
	return b.s ? ta_buf_steal(&b) : NULL;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void ta_successor_find(ta_successor_finder *f, const ta_tasklet *t, struct ta_successor *out)
{
	char **old, **cand, **dirs = NULL, **qs = NULL;
	size_t n_old, n_cand, n_dirs = 0, cap_dirs = 0, nq = 0, capq = 0, cited = 0;
	struct best b = {0};
	ta_buf ev = {0};

	memset(out, 0, sizeof(*out));
	old_files(t, &old, &n_old);
	new_files(f, t, old, n_old, &cand, &n_cand);
	/* a driver whose .c files are gone is gone, even when a header is left */
	for (size_t i = 0; i < n_cand; i++)
		out->files_found |= ta_str_ends(cand[i], ".c");
	if (!out->files_found) {
		bool any_c = false;
		for (size_t i = 0; i < n_old; i++)
			any_c |= ta_str_ends(old[i], ".c");
		out->files_found = !any_c && n_cand > 0;
	}
	out->files = join(cand, n_cand);
	for (size_t i = 0; i < n_cand; i++) {
		const struct text *x = text_of(f, cand[i]);
		if (x)
			scan_inits(t, x, &b);
	}
	if (b.api) {
		cite(&ev, b.x, &b.call);
		out->mechanism = b.api->mech < 0 ? NULL : ta_mech_name((enum ta_mech)b.api->mech);
		if (!out->mechanism && b.obj) {
			/* a work item: where it is queued, in the tasklet's files, else in
			 * the files beside them that name its struct or callback */
			scan_queues(f, cand, n_cand, b.obj, &qs, &nq, &capq, &ev, &cited);
			for (size_t i = 0; i < n_cand; i++) {
				char *d = dir_of(cand[i]);
				add_unique(&dirs, &n_dirs, &cap_dirs, d);
				free(d);
			}
			for (size_t i = 0; i < n_dirs && !nq; i++) {
				char **sib;
				size_t n_sib, k = 0;
				dir_files(f, dirs[i], &sib, &n_sib);
				for (size_t j = 0; j < n_sib; j++) {
					const struct text *y = text_of(f, sib[j]);
					bool mine = false;
					for (size_t c = 0; c < n_cand; c++)
						mine |= strcmp(cand[c], sib[j]) == 0;
					if (y && !mine && names_any(y, t))
						sib[k++] = sib[j];
					else
						free(sib[j]);
				}
				scan_queues(f, sib, k, b.obj, &qs, &nq, &capq, &ev, &cited);
				free_strings(sib, k);
			}
		}
		if (!out->mechanism) {
			out->mechanism = ta_mech_name(TA_MECH_WORKQUEUE);
			for (size_t i = 0; i < nq; i++)
				if (is_bh_queue(qs[i]))
					out->mechanism = ta_mech_name(TA_MECH_BH_WORKQUEUE);
			ta_sort(qs, nq, sizeof(*qs), ta_strptr_cmp);
			out->queues = join(qs, nq);
		}
		out->evidence = ta_buf_steal(&ev);
	}
	ta_buf_free(&ev);
	free(b.obj);
	free_strings(qs, nq);
	free_strings(dirs, n_dirs);
	free_strings(cand, n_cand);
	free_strings(old, n_old);
}
