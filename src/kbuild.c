// SPDX-License-Identifier: GPL-2.0-only
/*
 * kbuild.c - reads a directory's Kbuild or Makefile the way GNU make and
 * scripts/Makefile.lib compose objects (logical lines, comments, rules and
 * their recipes, variable references, the multi-search for composites),
 * without evaluating the configuration, and answers which module a .c
 * file is linked into.  Each directory is read at most once; its
 * variables are dropped as soon as its objects are known.
 */
#include "kbuild.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "util.h"

#define MAX_MAKEFILE (8u << 20) /* bytes: anything larger is not a Makefile */
#define MAX_EXPAND (1u << 20)   /* bytes one expansion may produce */
#define MAX_DEPTH 32            /* nested variable references */
#define MAX_REFS (1u << 16)     /* references one expansion may follow */
#define MAX_PATTERN 256         /* longest variable name matched as a pattern */
#define MAX_WILD 8              /* references in a pattern name that may match */

/*
 * A variable of one Makefile, every assignment appended to its value.  A
 * name with references left in it ("foo-$(CONFIG_BAR)") is a pattern: each
 * reference stands for "", "y" or "m", what a configuration could make of
 * it, so foo-$(CONFIG_BAR) is one of the lists a reference to foo-y reads.
 */
struct var {
	char *name;   /* expanded: "obj-$(CONFIG_FOO)", "ccree-y" */
	ta_buf value; /* raw text of every assignment, space separated */
	bool busy;    /* being expanded (a self-reference expands to nothing) */
};

/* The pattern names sharing one literal prefix ("foo-" of foo-$(CONFIG_BAR)). */
struct wild {
	size_t *vars;
	size_t n, cap;
};

struct vars {
	struct var *v;
	size_t n, cap;
	ta_strmap by_name; /* name -> index into v */
	struct wild *w;
	size_t n_w, cap_w;
	ta_strmap by_prefix; /* literal prefix of a pattern name -> index into w */
};

struct mod {
	ta_kmodule pub; /* first member: a ta_kmodule * is a struct mod * */
	struct ta_kobject *objs;
	size_t cap_objs;
	ta_strmap seen; /* object stems, for the union */
	char **files;
	size_t n_files;
	size_t files_for; /* n_objects when files were listed; SIZE_MAX before */
};

/* The modules one object stem is part of. */
struct owners {
	const ta_kmodule **m;
	size_t n, cap;
};

/* One directory's Makefile, reduced to the object stems it names. */
struct dir {
	ta_strmap stems; /* tree-relative object stem -> index into own */
	struct owners *own;
	size_t n_own, cap_own;
};

struct ta_kbuild {
	char *root;
	ta_strmap dir_ix; /* tree-relative directory ("" for the root) -> index into dirs */
	struct dir **dirs;
	size_t n_dirs, cap_dirs;
	ta_strmap mod_ix; /* module id -> index into mods (listed modules) */
	struct mod **mods;
	size_t n_mods, cap_mods;
	ta_strmap fb_ix; /* stem -> index into fb (modules of files no Makefile names) */
	struct owners *fb;
	size_t n_fb, cap_fb;
	size_t n_makefiles, n_unreadable;
};

/* ---- strings ---------------------------------------------------------- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

/* Trim s[0..*n) in place: returns the new start, *n the new length. */
static const char *trim(const char *s, size_t *n)
{
	while (*n && is_space(*s)) {
		s++;
		(*n)--;
	}
	while (*n && is_space(s[*n - 1]))
		(*n)--;
	return s;
}

/* Index of the ')' or '}' closing the reference opened at s[0] ('(' or '{'), or n. */
static size_t ref_end(const char *s, size_t n)
{
	char open = s[0], close = open == '(' ? ')' : '}';
	size_t depth = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == open)
			depth++;
		else if (s[i] == close && --depth == 0)
			return i;
	}
	return n;
}

/*
 * Tree-relative dir + "/" + rel with "." and ".." resolved; NULL when rel
 * is absolute, empty, or climbs above the root.
 */
static char *path_norm(const char *dir, const char *rel)
{
	ta_buf b = {0};
	const char *p;

	if (!*rel || rel[0] == '/')
		return NULL;
	ta_buf_puts(&b, dir);
	for (p = rel; *p;) {
		size_t len = strcspn(p, "/");
		if ((len == 1 && p[0] == '.') || len == 0) {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			char *slash;
			if (!b.len) {
				ta_buf_free(&b);
				return NULL;
			}
			slash = strrchr(b.s, '/');
			b.len = slash ? (size_t)(slash - b.s) : 0;
			b.s[b.len] = '\0';
		} else {
			if (b.len)
				ta_buf_putc(&b, '/');
			ta_buf_add(&b, p, len);
		}
		p += len;
		if (*p == '/')
			p++;
	}
	if (!b.len) {
		ta_buf_free(&b);
		return NULL;
	}
	return ta_buf_steal(&b);
}

/* ---- variables and their expansion ------------------------------------ */

static int size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

static struct var *var_get(struct vars *vs, const char *name)
{
	size_t *ix = ta_strmap_get(&vs->by_name, name);

	return ix ? &vs->v[*ix] : NULL;
}

/* Where the first reference of a name starts, or NULL for a plain name. */
static const char *first_ref(const char *name)
{
	for (const char *p = name; *p; p++)
		if (p[0] == '$' && (p[1] == '(' || p[1] == '{'))
			return p;
	return NULL;
}

/* Append value to the variable `name` (created on first use). */
static void var_add(struct vars *vs, const char *name, const char *value, size_t len)
{
	struct var *v = var_get(vs, name);

	if (!v) {
		struct var nv = {.name = xstrdup(name)};
		const char *ref = first_ref(name);
		size_t ix = vs->n;

		if (ref && strlen(name) <= MAX_PATTERN) {
			char *prefix = xstrndup(name, (size_t)(ref - name));
			size_t *wx = ta_strmap_get(&vs->by_prefix, prefix);
			if (!wx) {
				struct wild nw = {0};
				ta_strmap_put(&vs->by_prefix, prefix, vs->n_w);
				TA_PUSH(vs->w, vs->n_w, vs->cap_w, nw);
				wx = ta_strmap_get(&vs->by_prefix, prefix);
			}
			TA_PUSH(vs->w[*wx].vars, vs->w[*wx].n, vs->w[*wx].cap, ix);
			free(prefix);
		}
		TA_PUSH(vs->v, vs->n, vs->cap, nv);
		ta_strmap_put(&vs->by_name, name, ix);
		v = &vs->v[ix];
	}
	if (!len)
		return;
	if (v->value.len)
		ta_buf_putc(&v->value, ' ');
	ta_buf_add(&v->value, value, len);
}

static void vars_free(struct vars *vs)
{
	for (size_t i = 0; i < vs->n; i++) {
		free(vs->v[i].name);
		ta_buf_free(&vs->v[i].value);
	}
	free(vs->v);
	for (size_t i = 0; i < vs->n_w; i++)
		free(vs->w[i].vars);
	free(vs->w);
	ta_strmap_free(&vs->by_name);
	ta_strmap_free(&vs->by_prefix);
	memset(vs, 0, sizeof(*vs));
}

/*
 * Does the pattern name p match s, each reference in p standing for "",
 * "y" or "m"?  At most MAX_WILD references branch; more never match.
 */
static bool wild_match(const char *p, const char *s, int wild)
{
	for (;;) {
		if (p[0] == '$' && (p[1] == '(' || p[1] == '{')) {
			size_t len = strlen(p + 1), end = ref_end(p + 1, len);
			const char *rest = p + 2 + end;
			if (end >= len || wild >= MAX_WILD)
				return false;
			if (wild_match(rest, s, wild + 1))
				return true;
			return (s[0] == 'y' || s[0] == 'm') && wild_match(rest, s + 1, wild + 1);
		}
		if (!*p)
			return !*s;
		if (*p != *s)
			return false;
		p++;
		s++;
	}
}

/* The variables a reference to `name` reads, in creation order: the plain one and the patterns. */
static size_t resolve(struct vars *vs, const char *name, size_t **out)
{
	size_t n = 0, cap = 0, len = strlen(name);
	size_t *ix = ta_strmap_get(&vs->by_name, name);

	*out = NULL;
	if (ix)
		TA_PUSH(*out, n, cap, *ix);
	if (!vs->n_w || len > MAX_PATTERN)
		return n;
	for (size_t k = 0; k <= len; k++) {
		char *prefix = xstrndup(name, k);
		size_t *wx = ta_strmap_get(&vs->by_prefix, prefix);
		free(prefix);
		for (size_t i = 0; wx && i < vs->w[*wx].n; i++) {
			size_t v = vs->w[*wx].vars[i];
			if ((!ix || v != *ix) && wild_match(vs->v[v].name, name, 0))
				TA_PUSH(*out, n, cap, v);
		}
	}
	ta_sort(*out, n, sizeof(**out), size_cmp);
	return n;
}

struct expand {
	struct vars *vs;
	bool keep; /* keep what cannot be resolved as written (names), else drop it (values) */
	int depth;
	size_t *work; /* references expanded so far, against MAX_REFS */
};

static void expand(struct expand *e, const char *s, size_t n, ta_buf *out);

/* Expand the value of v into out, unless it is already being expanded. */
static void expand_var(struct expand *e, struct var *v, ta_buf *out)
{
	if (v->busy || !v->value.len)
		return;
	v->busy = true;
	expand(e, v->value.s, v->value.len, out);
	v->busy = false;
}

/*
 * $(addprefix p,words) and $(addsuffix s,words), its words one space apart
 * and joined to the text around as make does; false for any other function.
 */
static bool expand_function(struct expand *e, const char *s, size_t n, ta_buf *out)
{
	bool prefix = n > 10 && memcmp(s, "addprefix", 9) == 0 && is_space(s[9]);
	bool suffix = n > 10 && memcmp(s, "addsuffix", 9) == 0 && is_space(s[9]);
	ta_buf a = {0}, w = {0};
	size_t comma = 0, depth = 0;

	if (!prefix && !suffix)
		return false;
	for (comma = 10; comma < n; comma++) {
		if (s[comma] == '(' || s[comma] == '{')
			depth++;
		else if ((s[comma] == ')' || s[comma] == '}') && depth)
			depth--;
		else if (s[comma] == ',' && !depth)
			break;
	}
	if (comma >= n)
		return false;
	e->depth++;
	expand(e, s + 10, comma - 10, &a);
	expand(e, s + comma + 1, n - comma - 1, &w);
	e->depth--;
	if (a.s) {
		size_t al = a.len;
		const char *ap = trim(a.s, &al);
		bool first = true;
		for (const char *p = w.s; p && *p; first = false) {
			size_t len;
			p += strspn(p, " \t\r\n\v\f");
			len = strcspn(p, " \t\r\n\v\f");
			if (!len)
				break;
			if (!first)
				ta_buf_putc(out, ' ');
			if (prefix)
				ta_buf_add(out, ap, al);
			ta_buf_add(out, p, len);
			if (suffix)
				ta_buf_add(out, ap, al);
			p += len;
		}
	}
	ta_buf_free(&a);
	ta_buf_free(&w);
	return true;
}

#define WS " \t\r\n\v\f"

/* The words of `in`, each with from replaced by to as $(var:from=to) does. */
static void substitute(const char *in, const char *from, const char *to, ta_buf *out)
{
	const char *pct = strchr(from, '%'), *tpct = strchr(to, '%');
	size_t fl = strlen(from);
	bool first = true;

	for (const char *p = in; p && *p; first = false) {
		size_t len, a, b;
		p += strspn(p, WS);
		len = strcspn(p, WS);
		if (!len)
			break;
		if (!first)
			ta_buf_putc(out, ' ');
		a = pct ? (size_t)(pct - from) : 0;
		b = pct ? fl - a - 1 : fl;
		if (pct && len >= a + b && memcmp(p, from, a) == 0 &&
		    memcmp(p + len - b, pct + 1, b) == 0) {
			if (tpct) {
				ta_buf_add(out, to, (size_t)(tpct - to));
				ta_buf_add(out, p + a, len - a - b);
				ta_buf_puts(out, tpct + 1);
			} else {
				ta_buf_puts(out, to);
			}
		} else if (!pct && fl && len >= fl && memcmp(p + len - fl, from, fl) == 0) {
			ta_buf_add(out, p, len - fl);
			ta_buf_puts(out, to);
		} else {
			ta_buf_add(out, p, len);
		}
		p += len;
	}
}

/* Expand every variable a reference to `name` reads (see resolve()); false when none. */
static bool expand_name(struct expand *e, const char *name, ta_buf *out)
{
	size_t *ix, n = resolve(e->vs, name, &ix);

	e->depth++;
	for (size_t i = 0; i < n; i++) {
		if (i) /* a union of lists; one variable concatenates as make does */
			ta_buf_putc(out, ' ');
		expand_var(e, &e->vs->v[ix[i]], out);
	}
	e->depth--;
	free(ix);
	return n > 0;
}

/*
 * One reference: `inner` is the text between the parentheses, `whole` the
 * reference as written.  $(foo-y) reads foo-y and every pattern such as
 * foo-$(CONFIG_BAR) (no configuration: every part); $(var:a=b) substitutes.
 */
static void expand_ref(struct expand *e, const char *inner, size_t n, const char *whole,
		       size_t whole_n, ta_buf *out)
{
	ta_buf name = {0};
	char *colon, *eq;

	if (e->depth >= MAX_DEPTH || ++*e->work > MAX_REFS)
		goto unresolved;
	if (memchr(inner, ' ', n) || memchr(inner, '\t', n)) {
		if (expand_function(e, inner, n, out))
			return;
		goto unresolved;
	}
	if (memchr(inner, '$', n)) {
		struct expand sub = {e->vs, false, e->depth + 1, e->work};
		expand(&sub, inner, n, &name);
	} else {
		ta_buf_add(&name, inner, n);
	}
	if (!name.s || !name.len || ta_str_starts(name.s, "CONFIG_"))
		goto unresolved;
	colon = strchr(name.s, ':');
	if (colon && (eq = strchr(colon, '='))) {
		ta_buf words = {0};
		bool found;
		*colon = *eq = '\0';
		found = expand_name(e, name.s, &words);
		if (found && words.s)
			substitute(words.s, colon + 1, eq + 1, out);
		ta_buf_free(&words);
		if (!found)
			goto unresolved;
	} else if (colon || !expand_name(e, name.s, out)) {
		goto unresolved;
	}
	ta_buf_free(&name);
	return;
unresolved:
	ta_buf_free(&name);
	if (e->keep)
		ta_buf_add(out, whole, whole_n);
}

/* Expand s[0..n) into out, bounded by MAX_EXPAND bytes and MAX_DEPTH levels. */
static void expand(struct expand *e, const char *s, size_t n, ta_buf *out)
{
	size_t i = 0;

	while (i < n) {
		if (out->len > MAX_EXPAND)
			return;
		if (s[i] != '$') {
			size_t run = i;
			while (run < n && s[run] != '$')
				run++;
			ta_buf_add(out, s + i, run - i);
			i = run;
			continue;
		}
		if (i + 1 >= n) {
			if (e->keep)
				ta_buf_putc(out, '$');
			return;
		}
		if (s[i + 1] == '$') {
			ta_buf_putc(out, '$');
			i += 2;
		} else if (s[i + 1] == '(' || s[i + 1] == '{') {
			size_t end = i + 1 + ref_end(s + i + 1, n - i - 1);
			if (end >= n) { /* unterminated: keep or drop the rest */
				if (e->keep)
					ta_buf_add(out, s + i, n - i);
				return;
			}
			expand_ref(e, s + i + 2, end - i - 2, s + i, end + 1 - i, out);
			i = end + 1;
		} else { /* $@, $<, $x: automatic or one-letter variables */
			if (e->keep)
				ta_buf_add(out, s + i, 2);
			i += 2;
		}
	}
}

/* ---- Makefile text ----------------------------------------------------- */

static bool word_is(const char *s, size_t n, const char *w)
{
	size_t l = strlen(w);

	return n >= l && memcmp(s, w, l) == 0 && (n == l || is_space(s[l]));
}

/* Is there white space outside references ("a b", not "a-$(if $(X),y)")? */
static bool top_space(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '$' && (s[1] == '(' || s[1] == '{')) {
			depth++;
			s++;
		} else if ((*s == ')' || *s == '}') && depth) {
			depth--;
		} else if (!depth && is_space(*s)) {
			return true;
		}
	}
	return false;
}

struct parse {
	struct vars *vs;
	bool in_rule;   /* after a rule line: tab-led lines are its recipe */
	bool in_define; /* inside define ... endef */
};

/* One logical line (continuations joined, NUL-terminated, length n). */
static void parse_line(struct parse *ps, char *line, size_t n, bool tab_led)
{
	const char *s, *name, *value;
	size_t name_n = 0, value_n, i, depth = 0;
	char op = 0;
	ta_buf canon = {0};
	size_t work = 0;
	struct expand e = {ps->vs, true, 0, &work};

	if (ps->in_define) {
		s = trim(line, &n);
		if (word_is(s, n, "endef"))
			ps->in_define = false;
		return;
	}
	if (tab_led && ps->in_rule)
		return;
	/* a comment runs to the end of the logical line, unless the # is escaped */
	for (i = 0; i < n; i++)
		if (line[i] == '#' && (i == 0 || line[i - 1] != '\\')) {
			n = i;
			break;
		}
	s = trim(line, &n);
	if (!n)
		return;
	if (word_is(s, n, "ifeq") || word_is(s, n, "ifneq") || word_is(s, n, "ifdef") ||
	    word_is(s, n, "ifndef") || word_is(s, n, "else") || word_is(s, n, "endif"))
		return;
	if (word_is(s, n, "include") || word_is(s, n, "-include") || word_is(s, n, "sinclude") ||
	    word_is(s, n, "unexport") || word_is(s, n, "undefine") || word_is(s, n, "vpath")) {
		ps->in_rule = false;
		return;
	}
	for (;;) { /* modifiers of an assignment */
		const char *mods[] = {"export", "override", "private"};
		bool again = false;
		for (size_t k = 0; k < 3; k++)
			if (word_is(s, n, mods[k]) && n > strlen(mods[k])) {
				size_t l = strlen(mods[k]);
				s += l;
				n -= l;
				s = trim(s, &n);
				again = true;
			}
		if (!again)
			break;
	}
	if (word_is(s, n, "define")) {
		ps->in_define = true;
		ps->in_rule = false;
		return;
	}
	/* the first '=' or ':' outside references decides: assignment or rule */
	for (i = 0; i < n; i++) {
		if (s[i] == '$' && i + 1 < n && (s[i + 1] == '(' || s[i + 1] == '{')) {
			depth++;
			i++;
		} else if ((s[i] == ')' || s[i] == '}') && depth) {
			depth--;
		} else if (!depth && s[i] == '=') {
			op = '=';
			name_n = i;
			break;
		} else if (!depth && s[i] == ':') {
			name_n = i;
			if (i + 1 < n && s[i + 1] == '=') {
				op = ':';
				i++;
			} else if (i + 2 < n && s[i + 1] == ':' && s[i + 2] == '=') {
				op = ':';
				i += 2;
			} else {
				ps->in_rule = true; /* a rule, or a target-specific variable */
				return;
			}
			break;
		}
	}
	ps->in_rule = false;
	if (!op)
		return; /* $(eval ...), $(error ...), stray text */
	value = s + i + 1;
	value_n = n - i - 1;
	value = trim(value, &value_n);
	if (op == '=' && name_n && strchr("+?!", s[name_n - 1])) {
		if (s[name_n - 1] == '!')
			return; /* shell assignment: nothing to read */
		name_n--;
	}
	name = trim(s, &name_n);
	if (!name_n)
		return;
	expand(&e, name, name_n, &canon);
	if (canon.s && canon.len && !top_space(canon.s))
		var_add(ps->vs, canon.s, value, value_n);
	ta_buf_free(&canon);
}

/* Split text (NUL bytes already blanked) into logical lines and parse each. */
static void parse_text(struct vars *vs, const char *text, size_t len)
{
	struct parse ps = {.vs = vs};
	ta_buf line = {0};
	size_t i = 0;

	while (i < len) {
		bool tab_led = text[i] == '\t';

		line.len = 0;
		ta_buf_add(&line, "", 0);
		for (;;) {
			size_t start = i, end, bs = 0;
			while (i < len && text[i] != '\n')
				i++;
			end = i;
			if (i < len)
				i++;
			if (end > start && text[end - 1] == '\r')
				end--;
			while (end - bs > start && text[end - 1 - bs] == '\\')
				bs++;
			if (bs % 2 == 0) {
				ta_buf_add(&line, text + start, end - start);
				break;
			}
			/* backslash-newline joins the next line with one space */
			ta_buf_add(&line, text + start, end - 1 - start);
			ta_buf_putc(&line, ' ');
			if (i >= len)
				break; /* a continuation at the end of the file ends the line */
		}
		parse_line(&ps, line.s, line.len, tab_led);
	}
	ta_buf_free(&line);
}

/* ---- modules ----------------------------------------------------------- */

static char *cond_label(const char *suffix)
{
	size_t n = suffix ? strlen(suffix) : 0;

	if (!suffix)
		return NULL;
	if (n > 3 && ta_str_starts(suffix, "$(CONFIG_") && suffix[n - 1] == ')' &&
	    strcspn(suffix + 2, "$(){} \t") == n - 3)
		return xstrndup(suffix + 2, n - 3);
	return xstrdup(suffix);
}

static void mod_add_object(struct mod *m, const char *stem, const char *cond)
{
	struct ta_kobject o;

	if (ta_strmap_get(&m->seen, stem))
		return;
	ta_strmap_put(&m->seen, stem, m->pub.n_objects);
	o.stem = xstrdup(stem);
	o.cond = cond_label(cond);
	ta_grow((void **)&m->objs, &m->cap_objs, m->pub.n_objects + 1, sizeof(*m->objs));
	m->objs[m->pub.n_objects++] = o;
	m->pub.objects = m->objs;
}

static struct mod *mod_new(const char *id, const char *makefile, const char *cond)
{
	struct mod *m = xcalloc(1, sizeof(*m));
	const char *slash = strrchr(id, '/');

	m->pub.id = xstrdup(id);
	m->pub.name = xstrdup(slash ? slash + 1 : id);
	m->pub.makefile = makefile ? xstrdup(makefile) : NULL;
	m->pub.cond = cond_label(cond);
	m->files_for = SIZE_MAX;
	return m;
}

static void mod_free(struct mod *m)
{
	for (size_t i = 0; i < m->pub.n_objects; i++) {
		free((char *)m->objs[i].stem);
		free((char *)m->objs[i].cond);
	}
	free(m->objs);
	ta_strmap_free(&m->seen);
	for (size_t i = 0; i < m->n_files; i++)
		free(m->files[i]);
	free(m->files);
	free((char *)m->pub.id);
	free((char *)m->pub.name);
	free((char *)m->pub.makefile);
	free((char *)m->pub.cond);
	free(m);
}

/* The listed module `id`: one per object path, whichever Makefile names it. */
static struct mod *mod_get(ta_kbuild *kb, const char *id, const char *makefile, const char *cond)
{
	size_t *ix = ta_strmap_get(&kb->mod_ix, id);
	struct mod *m;

	if (ix)
		return kb->mods[*ix];
	m = mod_new(id, makefile, cond);
	ta_strmap_put(&kb->mod_ix, id, kb->n_mods);
	TA_PUSH(kb->mods, kb->n_mods, kb->cap_mods, m);
	return m;
}

static void owners_add(struct owners *o, const ta_kmodule *m)
{
	for (size_t i = 0; i < o->n; i++)
		if (o->m[i] == m)
			return;
	TA_PUSH(o->m, o->n, o->cap, m);
}

static void dir_register(struct dir *d, const char *stem, const ta_kmodule *m)
{
	size_t *ix = ta_strmap_get(&d->stems, stem);

	if (!ix) {
		struct owners o = {0};
		ta_strmap_put(&d->stems, stem, d->n_own);
		TA_PUSH(d->own, d->n_own, d->cap_own, o);
		ix = ta_strmap_get(&d->stems, stem);
	}
	owners_add(&d->own[*ix], m);
}

/*
 * Call fn on each word of the expanded value of v that names an object
 * ("x.o"), with its path below dir and the condition of the list.
 */
static void each_object(struct vars *vs, struct var *v, const char *cond, const char *dir,
			void (*fn)(void *ctx, const char *stem, const char *cond), void *ctx)
{
	size_t work = 0;
	struct expand e = {vs, false, 0, &work};
	ta_buf out = {0};

	expand_var(&e, v, &out);
	for (char *p = out.s; p && *p;) {
		size_t len;
		p += strspn(p, " \t\r\n\v\f");
		len = strcspn(p, " \t\r\n\v\f");
		if (!len)
			break;
		if (len > 2 && p[len - 2] == '.' && p[len - 1] == 'o' && !memchr(p, '$', len) &&
		    !memchr(p, '%', len)) {
			char *w = xstrndup(p, len - 2);
			char *stem = path_norm(dir, w);
			if (stem)
				fn(ctx, stem, cond);
			free(stem);
			free(w);
		}
		p += len;
	}
	ta_buf_free(&out);
}

struct obj_entry {
	char *stem; /* tree-relative */
	char *rel;  /* as written, without .o: the base of its part lists */
	char *cond;
};

struct collect {
	const char *dir;
	struct obj_entry *e;
	size_t n, cap;
	ta_strmap seen;
};

static void collect_obj(void *ctx, const char *stem, const char *cond)
{
	struct collect *c = ctx;
	struct obj_entry e;
	size_t skip = *c->dir ? strlen(c->dir) + 1 : 0;

	if (ta_strmap_get(&c->seen, stem))
		return;
	/* only objects at or below the Makefile's directory have part lists in it */
	if (skip && (strncmp(stem, c->dir, skip - 1) != 0 || stem[skip - 1] != '/'))
		return;
	ta_strmap_put(&c->seen, stem, c->n);
	e.stem = xstrdup(stem);
	e.rel = xstrdup(stem + skip);
	e.cond = xstrdup(cond);
	TA_PUSH(c->e, c->n, c->cap, e);
}

struct parts {
	ta_kbuild *kb;
	struct dir *d;
	struct mod *m;
	const char *makefile;
	const char *cond;
	const char *id;
};

static void add_part(void *ctx, const char *stem, const char *cond)
{
	struct parts *p = ctx;

	if (!p->m)
		p->m = mod_get(p->kb, p->id, p->makefile, p->cond);
	mod_add_object(p->m, stem, cond);
	dir_register(p->d, stem, &p->m->pub);
}

/*
 * The variables that references to any of names[] read (see resolve()), in
 * creation order, without duplicates; *n gets the count.
 */
static size_t *lists_of(struct vars *vs, const char *const *names, size_t n_names, size_t *n)
{
	size_t *all = NULL, cap = 0;

	*n = 0;
	for (size_t k = 0; k < n_names; k++) {
		size_t *ix, m = resolve(vs, names[k], &ix);
		for (size_t i = 0; i < m; i++)
			TA_PUSH(all, *n, cap, ix[i]);
		free(ix);
	}
	ta_sort(all, *n, sizeof(*all), size_cmp);
	if (*n) {
		size_t j = 1;
		for (size_t i = 1; i < *n; i++)
			if (all[i] != all[j - 1])
				all[j++] = all[i];
		*n = j;
	}
	return all;
}

/* The condition of a list: its name after "base-" ("y", "objs", "$(CONFIG_BAR)"). */
static const char *list_cond(const char *name, const char *base)
{
	size_t n = strlen(base);

	return strncmp(name, base, n) == 0 && name[n] == '-' ? name + n + 1 : name;
}

/*
 * The multi-search of scripts/Makefile.lib over the obj- and lib- lists:
 * an object foo.o with foo-y, foo-m or foo-objs lists (or patterns that a
 * configuration could make one of them) is a composite of their parts, any
 * other is a single object.  Composites register first, so they lead each
 * stem's owners.
 */
static void compose(ta_kbuild *kb, struct dir *d, struct vars *vs, const char *dir,
		    const char *makefile)
{
	static const char *const obj_lists[] = {"obj-y", "obj-m", "lib-y", "lib-m"};
	struct collect c = {.dir = dir};
	size_t n, *ix = lists_of(vs, obj_lists, 4, &n);
	bool *single;

	for (size_t i = 0; i < n; i++) {
		const char *name = vs->v[ix[i]].name;
		each_object(vs, &vs->v[ix[i]],
			    list_cond(name, ta_str_starts(name, "obj") ? "obj" : "lib"), dir,
			    collect_obj, &c);
	}
	free(ix);
	single = xcalloc(c.n + 1, sizeof(*single));
	for (size_t i = 0; i < c.n; i++) {
		char *names[3] = {xasprintf("%s-y", c.e[i].rel), xasprintf("%s-m", c.e[i].rel),
				  xasprintf("%s-objs", c.e[i].rel)};
		struct parts p = {kb, d, NULL, makefile, c.e[i].cond, c.e[i].stem};

		ix = lists_of(vs, (const char *const *)names, 3, &n);
		for (size_t j = 0; j < n; j++)
			each_object(vs, &vs->v[ix[j]], list_cond(vs->v[ix[j]].name, c.e[i].rel),
				    dir, add_part, &p);
		free(ix);
		for (size_t k = 0; k < 3; k++)
			free(names[k]);
		if (p.m)
			p.m->pub.composite = true;
		else
			single[i] = true;
	}
	for (size_t i = 0; i < c.n; i++) {
		if (single[i]) {
			struct mod *m = mod_get(kb, c.e[i].stem, makefile, c.e[i].cond);
			mod_add_object(m, c.e[i].stem, c.e[i].cond);
			dir_register(d, c.e[i].stem, &m->pub);
		}
		free(c.e[i].stem);
		free(c.e[i].rel);
		free(c.e[i].cond);
	}
	free(single);
	free(c.e);
	ta_strmap_free(&c.seen);
}

/*
 * Read dir's Kbuild, else its Makefile (the choice of scripts/Makefile.build);
 * *rel gets its tree-relative path.  NULL when there is neither, and after
 * one warning when the one there is cannot be read: not a regular file (a
 * symbolic link is not followed), larger than MAX_MAKEFILE, or unreadable.
 */
static char *read_makefile(ta_kbuild *kb, const char *dir, char **rel, size_t *len)
{
	static const char *const names[] = {"Kbuild", "Makefile"};

	for (size_t k = 0; k < 2; k++) {
		char *r = *dir ? xasprintf("%s/%s", dir, names[k]) : xstrdup(names[k]);
		char *abs = ta_path_join(kb->root, r);
		const char *why = NULL;
		struct stat st;
		char *text = NULL;

		free(r);
		if (lstat(abs, &st) != 0) {
			if (errno != ENOENT && errno != ENOTDIR)
				why = strerror(errno);
		} else if (!S_ISREG(st.st_mode)) {
			why = "not a regular file";
		} else if ((unsigned long long)st.st_size > MAX_MAKEFILE) {
			why = "larger than 8 MiB";
		} else if (!(text = ta_read_file(abs, len))) {
			why = strerror(errno);
		}
		if (text) {
			free(abs);
			*rel = *dir ? xasprintf("%s/%s", dir, names[k]) : xstrdup(names[k]);
			kb->n_makefiles++;
			return text;
		}
		if (why) {
			ta_warn("cannot read '%s': %s", abs, why);
			kb->n_unreadable++;
			free(abs);
			return NULL;
		}
		free(abs);
	}
	return NULL;
}

/* The directory's objects, its Makefile read on first use. */
static struct dir *dir_get(ta_kbuild *kb, const char *dir)
{
	size_t *ix = ta_strmap_get(&kb->dir_ix, dir);
	struct dir *d;
	struct vars vs = {0};
	char *rel = NULL, *text;
	size_t len = 0;

	if (ix)
		return kb->dirs[*ix];
	d = xcalloc(1, sizeof(*d));
	ta_strmap_put(&kb->dir_ix, dir, kb->n_dirs);
	TA_PUSH(kb->dirs, kb->n_dirs, kb->cap_dirs, d);
	text = read_makefile(kb, dir, &rel, &len);
	if (!text)
		return d;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\0')
			text[i] = ' ';
	parse_text(&vs, text, len);
	compose(kb, d, &vs, dir, rel);
	vars_free(&vs);
	free(text);
	free(rel);
	return d;
}

/* ---- the API ----------------------------------------------------------- */

ta_kbuild *ta_kbuild_new(const char *tree_root)
{
	struct stat st;
	ta_kbuild *kb;
	size_t n;

	if (!tree_root || !*tree_root) {
		ta_error("no kernel tree given");
		return NULL;
	}
	if (stat(tree_root, &st) != 0) {
		ta_error("cannot open '%s': %s", tree_root, strerror(errno));
		return NULL;
	}
	if (!S_ISDIR(st.st_mode)) {
		ta_error("cannot open '%s': %s", tree_root, strerror(ENOTDIR));
		return NULL;
	}
	kb = xcalloc(1, sizeof(*kb));
	n = strlen(tree_root);
	while (n > 1 && tree_root[n - 1] == '/')
		n--;
	kb->root = xstrndup(tree_root, n);
	return kb;
}

void ta_kbuild_free(ta_kbuild **kbp)
{
	ta_kbuild *kb = kbp ? *kbp : NULL;

	if (!kb)
		return;
	for (size_t i = 0; i < kb->n_dirs; i++) {
		struct dir *d = kb->dirs[i];
		for (size_t j = 0; j < d->n_own; j++)
			free(d->own[j].m);
		free(d->own);
		ta_strmap_free(&d->stems);
		free(d);
	}
	free(kb->dirs);
	ta_strmap_free(&kb->dir_ix);
	for (size_t i = 0; i < kb->n_mods; i++)
		mod_free(kb->mods[i]);
	free(kb->mods);
	ta_strmap_free(&kb->mod_ix);
	for (size_t i = 0; i < kb->n_fb; i++) {
		mod_free((struct mod *)kb->fb[i].m[0]);
		free(kb->fb[i].m);
	}
	free(kb->fb);
	ta_strmap_free(&kb->fb_ix);
	free(kb->root);
	free(kb);
	*kbp = NULL;
}

/* A tree-relative path to a .c file: no empty, "." or ".." component. */
static bool valid_path(const char *path)
{
	size_t n;

	if (!path || path[0] == '/' || !ta_str_ends(path, ".c") || strlen(path) < 3)
		return false;
	for (const char *p = path; *p;) {
		n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return false;
		p += n;
		if (*p == '/' && !*++p)
			return false;
	}
	return path[strlen(path) - 3] != '/';
}

size_t ta_kbuild_modules_of(ta_kbuild *kb, const char *path, const ta_kmodule *const **mods)
{
	char *stem, *dir;
	size_t *ix;
	struct owners o = {0};
	struct mod *m;

	if (mods)
		*mods = NULL;
	if (!kb || !mods || !valid_path(path))
		return 0;
	stem = xstrndup(path, strlen(path) - 2);
	dir = xstrdup(stem);
	for (int up = 0; up <= TA_KBUILD_MAX_UP; up++) {
		char *slash = strrchr(dir, '/');
		struct dir *d;

		if (slash)
			*slash = '\0';
		else
			dir[0] = '\0';
		d = dir_get(kb, dir);
		ix = ta_strmap_get(&d->stems, stem);
		if (ix) {
			*mods = d->own[*ix].m;
			free(dir);
			free(stem);
			return d->own[*ix].n;
		}
		if (!slash)
			break;
	}
	free(dir);
	ix = ta_strmap_get(&kb->fb_ix, stem);
	if (!ix) {
		m = mod_new(stem, NULL, NULL);
		mod_add_object(m, stem, NULL);
		owners_add(&o, &m->pub);
		ta_strmap_put(&kb->fb_ix, stem, kb->n_fb);
		TA_PUSH(kb->fb, kb->n_fb, kb->cap_fb, o);
		ix = ta_strmap_get(&kb->fb_ix, stem);
	}
	free(stem);
	*mods = kb->fb[*ix].m;
	return kb->fb[*ix].n;
}

const ta_kmodule *ta_kbuild_module_of(ta_kbuild *kb, const char *path)
{
	const ta_kmodule *const *mods;

	return ta_kbuild_modules_of(kb, path, &mods) ? mods[0] : NULL;
}

const char *const *ta_kbuild_module_files(ta_kbuild *kb, const ta_kmodule *km, size_t *n)
{
	struct mod *m = (struct mod *)km;
	size_t cap = 0;

	if (n)
		*n = 0;
	if (!kb || !m)
		return NULL;
	if (m->files_for != m->pub.n_objects) {
		for (size_t i = 0; i < m->n_files; i++)
			free(m->files[i]);
		m->n_files = 0;
		cap = 0;
		free(m->files);
		m->files = NULL;
		for (size_t i = 0; i < m->pub.n_objects; i++) {
			char *rel = xasprintf("%s.c", m->objs[i].stem);
			char *abs = ta_path_join(kb->root, rel);
			struct stat st;
			if (stat(abs, &st) == 0 && S_ISREG(st.st_mode))
				TA_PUSH(m->files, m->n_files, cap, rel);
			else
				free(rel);
			free(abs);
		}
		ta_sort(m->files, m->n_files, sizeof(*m->files), ta_strptr_cmp);
		m->files_for = m->pub.n_objects;
	}
	if (n)
		*n = m->n_files;
	return (const char *const *)m->files;
}

size_t ta_kbuild_n_makefiles(const ta_kbuild *kb)
{
	return kb ? kb->n_makefiles : 0;
}

size_t ta_kbuild_n_unreadable(const ta_kbuild *kb)
{
	return kb ? kb->n_unreadable : 0;
}
