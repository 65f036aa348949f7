// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_callback.c - the callback converter both migrations use: a
 * tasklet callback's definition, prototypes and direct calls go from
 * `void fn(unsigned long data)` or `void fn(struct tasklet_struct *t)` to
 * the form a migration asks for (struct ta_cb_form), the cast of data
 * turned into from_tasklet()/from_work() or the global it always was, the
 * kernel-doc and the return type following.  A `void fn(void *data)`
 * installed with a (void *) cast is converted the same way when data only
 * initializes one local and fn is used nowhere else.  What is not
 * mechanical is refused with a reason.
 */
#include "rewrite_callback.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lex.h"
#include "rewrite_stmt.h"
#include "util.h"

/* White space removed, for comparing expressions written differently. */
static char *squeeze(const char *s, size_t n)
{
	ta_buf b = {0};

	for (size_t i = 0; i < n && s[i]; i++)
		if (!strchr(" \t\n\r\\", s[i]))
			ta_buf_putc(&b, s[i]);
	return ta_buf_steal(&b);
}

/* Is s[0..n) one postfix expression (a->b.c[i]) that needs no parentheses? */
static bool simple_expr(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '[' || c == '(')
			depth++;
		else if (c == ']' || c == ')')
			depth--;
		else if (depth == 0 && !ta_lex_ident_char(c) && c != '.' &&
			 !(c == '-' && i + 1 < n && s[i + 1] == '>') &&
			 !(c == '>' && i > 0 && s[i - 1] == '-'))
			return false;
	}
	return n > 0;
}

/* The parameter of a one-parameter list at open: its type and name. */
static int one_param(const ta_src *src, size_t open, char **type, char **name, size_t *ps,
		     size_t *pe)
{
	size_t st[2], en[2];
	int n = ta_lex_args(src->text, src->len, open, st, en, 2);
	size_t e, s;

	*type = *name = NULL;
	if (n != 1)
		return -1;
	*ps = st[0];
	*pe = en[0];
	e = en[0];
	s = e;
	while (s > st[0] && ta_lex_ident_char(src->text[s - 1]))
		s--;
	*type = ta_lex_norm(src->text + st[0], s - st[0]);
	*name = xstrndup(src->text + s, e - s);
	/* "unsigned long" alone: the last word is part of the type */
	if (strcmp(*type, "unsigned") == 0 || strcmp(*type, "struct") == 0 || !**type) {
		char *all = ta_lex_norm(src->text + st[0], e - st[0]);
		free(*type);
		free(*name);
		*type = all;
		*name = xstrdup("");
	}
	return 0;
}

static bool type_is_ulong(const char *type)
{
	return strcmp(type, "unsigned long") == 0 || strcmp(type, "unsigned long int") == 0 ||
	       strcmp(type, "long unsigned int") == 0 || strcmp(type, "ulong") == 0 ||
	       strcmp(type, "u_long") == 0 || strcmp(type, "uintptr_t") == 0;
}

static bool type_is_tasklet_ptr(const char *type)
{
	return strcmp(type, "struct tasklet_struct*") == 0;
}

/* The callback's parameter before the conversion. */
enum cb_param {
	CB_ULONG,   /* unsigned long data: the old API */
	CB_VOIDP,   /* void *data, installed through a (void *) cast */
	CB_TASKLET, /* struct tasklet_struct *t: the 2020 API */
};

static bool param_is(const char *type, enum cb_param kind)
{
	switch (kind) {
	case CB_ULONG:
		return type_is_ulong(type);
	case CB_VOIDP:
		return strcmp(type, "void*") == 0;
	case CB_TASKLET:
		return type_is_tasklet_ptr(type);
	}
	return false;
}

/* Is s[a..b) a pointer type name as written in a cast ("struct foo *", "void *")? */
static bool is_pointer_type(const char *s, size_t a, size_t b)
{
	char *t = ta_lex_norm(s + a, b - a);
	size_t n = strlen(t);
	bool ok = n > 1 && t[n - 1] == '*';

	for (size_t i = 0; ok && i < n; i++)
		ok = ta_lex_ident_char(t[i]) || t[i] == ' ' || t[i] == '*';
	free(t);
	return ok;
}

struct data_use {
	size_t at;       /* the parameter's name */
	size_t end;      /* the end of the use with its parentheses and integer casts */
	size_t cast;     /* '(' of the cast before it, or TA_NPOS */
	char *cast_type; /* normalized, without the final '*' */
	char *decl_var;  /* TYPE *VAR = (cast)data; or VAR = (cast)data; */
	char *decl_type; /* normalized TYPE, for declarations */
};

static void data_use_free(struct data_use *u)
{
	free(u->cast_type);
	free(u->decl_var);
	free(u->decl_type);
}

/*
 * Describe one use of the data parameter at p within the body [lo, hi).
 * A void * parameter needs no cast: `TYPE *VAR = data;` counts as cast to
 * TYPE (u->cast is then the use itself).
 */
static void describe_use(const ta_src *src, size_t lo, size_t p, size_t n, bool voidp,
			 struct data_use *u)
{
	const char *s = src->text;
	size_t i = p, c, v, ve, a = p, e = p + n;

	memset(u, 0, sizeof(*u));
	u->at = p;
	u->end = e;
	u->cast = TA_NPOS;
	/* (data), (uintptr_t)data, (unsigned long)(data): still the same integer */
	for (int guard = 0; guard < 8; guard++) {
		size_t j = ta_lex_skip(s, src->len, e);
		i = a;
		while (i > lo && strchr(" \t\n", s[i - 1]))
			i--;
		if (i > lo && s[i - 1] == '(' && j < src->len && s[j] == ')') {
			a = i - 1;
			e = j + 1;
			continue;
		}
		if (i > lo && s[i - 1] == ')' &&
		    (c = ta_lex_open_of(s, src->len, lo, i - 1)) != TA_NPOS) {
			char *t = ta_lex_norm(s + c + 1, i - 1 - c - 1);
			bool integer = type_is_ulong(t) || strcmp(t, "uintptr_t") == 0 ||
				       strcmp(t, "long") == 0;
			free(t);
			if (integer) {
				a = c;
				continue;
			}
		}
		break;
	}
	u->end = e;
	i = a;
	while (i > lo && strchr(" \t\n", s[i - 1]))
		i--;
	if (voidp && (i == lo || s[i - 1] != ')')) {
		size_t semi = ta_lex_skip(s, src->len, e);
		c = a; /* no cast: the declaration below gives the type */
		if (semi >= src->len || s[semi] != ';')
			return;
	} else {
		if (i == lo || s[i - 1] != ')')
			return;
		c = ta_lex_open_of(s, src->len, lo, i - 1);
		if (c == TA_NPOS || !is_pointer_type(s, c + 1, i - 1))
			return;
		{
			char *t = ta_lex_norm(s + c + 1, i - 1 - c - 1);
			t[strlen(t) - 1] = '\0';
			u->cast_type = t;
		}
		u->cast = c;
	}
	/* before the cast: "VAR =" and before that a type or a statement boundary */
	i = c;
	while (i > lo && strchr(" \t\n", s[i - 1]))
		i--;
	if (i == lo || s[i - 1] != '=' || (i >= 2 && strchr("=!<>+-*/%&|^", s[i - 2])))
		return;
	i--;
	while (i > lo && strchr(" \t\n", s[i - 1]))
		i--;
	ve = i;
	while (i > lo && ta_lex_ident_char(s[i - 1]))
		i--;
	v = i;
	if (v == ve)
		return;
	while (i > lo && strchr(" \t\n", s[i - 1]))
		i--;
	if (i > lo && s[i - 1] == '*') {
		/* a declaration: the type runs back to ; { } or the body start */
		size_t t = i;
		while (t > lo && !strchr(";{}", s[t - 1]))
			t--;
		t = ta_lex_skip(s, src->len, t);
		u->decl_type = ta_lex_norm(s + t, i - 1 - t);
		u->decl_var = xstrndup(s + v, ve - v);
	} else if (i > lo && strchr(";{}", s[i - 1]) && u->cast_type) {
		u->decl_var = xstrndup(s + v, ve - v);
	}
	if (!u->cast_type && u->decl_type) {
		/* the implicit conversion of a void * in a declaration */
		u->cast = c;
		u->cast_type = xstrdup(u->decl_type);
	}
}

static bool same_type(const char *a, const char *b)
{
	char *x, *y;
	bool eq;

	if (!a || !b)
		return false;
	x = ta_lex_norm(a, strlen(a));
	y = ta_lex_norm(b, strlen(b));
	/* "const struct foo" names the same container */
	eq = strcmp(ta_str_starts(x, "const ") ? x + 6 : x,
		    ta_str_starts(y, "const ") ? y + 6 : y) == 0;
	free(x);
	free(y);
	return eq;
}

/* Strip one leading (unsigned long) cast and surrounding space: the global as an expression. */
static char *strip_ulong_cast(const char *data)
{
	size_t n = strlen(data), i = ta_lex_skip(data, n, 0);

	if (data[i] == '(') {
		size_t c = ta_lex_match(data, n, i);
		char *t;
		if (c != TA_NPOS) {
			t = ta_lex_norm(data + i + 1, c - i - 1);
			if (type_is_ulong(t)) {
				free(t);
				i = ta_lex_skip(data, n, c + 1);
				return xstrdup(data + i);
			}
			free(t);
		}
	}
	return xstrdup(data + i);
}
/*
 * The statement `TYPE *VAR = <expr at [a, b)>;` alone on its line(s), the
 * first of a body starting at lo: drop it and give "TYPE *VAR" for the
 * parameter that replaces it (the timer migration).
 */
static int take_container_decl(ta_rw *rw, ta_src *src, size_t lo, size_t a, size_t b, char **param)
{
	const char *s = src->text;
	size_t eq = ta_lex_prev(s, lo, a), ve, vs, star, ts, semi, e;

	*param = NULL;
	if (eq == TA_NPOS || s[eq] != '=')
		return ta_rw_refuse(rw, "%s:%u: the container is not taken by a declaration",
				    src->rel, ta_src_line_of(src, a));
	ve = ta_lex_prev(s, lo, eq) + 1;
	vs = ve;
	while (vs > lo && ta_lex_ident_char(s[vs - 1]))
		vs--;
	star = ta_lex_prev(s, lo, vs);
	if (vs == ve || star == TA_NPOS || s[star] != '*')
		return ta_rw_refuse(rw, "%s:%u: the container is not taken by a declaration",
				    src->rel, ta_src_line_of(src, a));
	ts = star;
	while (ts > lo && !strchr(";{}", s[ts - 1]))
		ts--;
	ts = ta_lex_skip(s, src->len, ts);
	semi = ta_lex_skip(s, src->len, b);
	if (semi >= src->len || s[semi] != ';')
		return ta_rw_refuse(rw,
				    "%s:%u: the container's declaration is not a statement of "
				    "its own",
				    src->rel, ta_src_line_of(src, a));
	e = semi + 1;
	while (e < src->len && (s[e] == ' ' || s[e] == '\t'))
		e++;
	if (e >= src->len || s[e] != '\n')
		return ta_rw_refuse(rw, "%s:%u: the container's declaration shares its line",
				    src->rel, ta_src_line_of(src, a));
	{
		char *type = ta_lex_norm(s + ts, star - ts);
		char *var = xstrndup(s + vs, ve - vs);
		*param = xasprintf("%s *%s", type, var);
		free(type);
		free(var);
	}
	{
		size_t ls = ts;
		while (ls > 0 && s[ls - 1] != '\n')
			ls--;
		for (size_t k = ls; k < ts; k++)
			if (s[k] != ' ' && s[k] != '\t') {
				free(*param);
				*param = NULL;
				return ta_rw_refuse(rw,
						    "%s:%u: the container's declaration shares "
						    "its line",
						    src->rel, ta_src_line_of(src, a));
			}
		return ta_stmt_delete_lines(rw, src, ls, e + 1);
	}
}

/*
 * No local variable takes the container: every use is `(T *)data` with T
 * the container, passed straight to a call or used in an expression.
 * Each becomes container_of() on the new parameter (or the container
 * expression the form gives).
 */
static int container_in_place(ta_rw *rw, ta_src *src, const struct data_use *uses, size_t n,
			      const char *pname, const struct ta_cb_form *f)
{
	const ta_tasklet *t = rw->t;

	for (size_t i = 0; i < n; i++)
		if (uses[i].decl_var || !same_type(uses[i].cast_type, t->root_type) ||
		    f->container_param)
			return ta_rw_refuse(
				rw, "%s:%u: no local variable takes the container from '%s'",
				src->rel, ta_src_line_of(src, uses[0].at), pname);
	for (size_t i = 0; i < n; i++) {
		char *txt = f->container_expr ? xstrdup(f->container_expr)
					      : xasprintf("container_of(%s, %s, %s)", f->param_name,
							  t->root_type, f->member);
		int rc = ta_src_edit(src, uses[i].cast, uses[i].end - uses[i].cast, txt);
		free(txt);
		if (rc != 0)
			return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	}
	return TA_RW_DONE;
}

/* How many times the body [lo, hi) writes the variable var (or takes its address). */
static size_t count_writes(const ta_src *src, size_t lo, size_t hi, const char *var)
{
	const char *s = src->text;
	size_t n = 0;

	for (size_t p = ta_lex_find_ident(s, lo, hi, var, true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + strlen(var), hi, var, true)) {
		size_t q = ta_lex_skip(s, src->len, p + strlen(var)), b = ta_lex_prev(s, lo, p);
		bool write = false;
		if (q + 1 < src->len)
			write = (s[q] == '=' && s[q + 1] != '=') ||
				(strchr("+-*/%&|^", s[q]) && s[q + 1] == '=') ||
				(s[q] == '+' && s[q + 1] == '+') ||
				(s[q] == '-' && s[q + 1] == '-') ||
				(strchr("<>", s[q]) && s[q + 1] == s[q] && q + 2 < src->len &&
				 s[q + 2] == '=');
		/* &var and ++var, but not &var->field nor ++var[i] */
		if (b != TA_NPOS && b > lo && q < src->len && !strchr(".[", s[q]) &&
		    !(s[q] == '-' && q + 1 < src->len && s[q + 1] == '>'))
			write = write || s[b] == '&' || (strchr("+-", s[b]) && s[b - 1] == s[b]);
		n += write;
	}
	return n;
}

/*
 * The use u of data as a number (not cast to a pointer), after the local
 * var took the container from it: data was (unsigned long)container, so
 * it becomes (unsigned long)var, the same value while var is written only
 * by that initialization.  he.c prints it: HPRINTK("...%lx", data).
 */
static int number_use(ta_rw *rw, ta_src *src, size_t lo, size_t hi, const char *pname,
		      const struct data_use *u, const char *var)
{
	char *txt;
	int rc = TA_RW_DONE;

	if (count_writes(src, lo, hi, var) != 1)
		return ta_rw_refuse(rw,
				    "%s:%u: the callback uses '%s' other than through a pointer "
				    "cast, and '%s' does not keep its value",
				    src->rel, ta_src_line_of(src, u->at), pname, var);
	txt = xasprintf("(unsigned long)%s", var);
	if (ta_src_edit(src, u->at, strlen(pname), txt) != 0)
		rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	else
		ta_rw_note(rw,
			   "The callback used its data as a number at %s:%u; it now uses %s, "
			   "the same value.",
			   src->rel, ta_src_line_of(src, u->at), txt);
	free(txt);
	return rc;
}

/*
 * Rewrite the uses of the old data parameter in the body [lo, hi); a
 * void * one (voidp) may only initialize one local variable.
 */
static int convert_data_uses(ta_rw *rw, ta_src *src, size_t lo, size_t hi, const char *pname,
			     bool voidp, const struct ta_cb_form *f, const char *cb, char **param)
{
	const ta_tasklet *t = rw->t;
	struct data_use *uses = NULL;
	size_t n = 0, cap = 0, container = TA_NPOS;
	char *global = NULL;
	int rc = TA_RW_DONE;

	for (size_t p = ta_lex_find_ident(src->text, lo, hi, pname, true); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + strlen(pname), hi, pname, true)) {
		struct data_use u;
		describe_use(src, lo, p, strlen(pname), voidp, &u);
		TA_PUSH(uses, n, cap, u);
	}
	if (n == 0)
		goto out;
	if (voidp) {
		/* the first use that is not the one local's initializer */
		bool first_ok = uses[0].decl_type && uses[0].cast != TA_NPOS;
		if (!first_ok || n > 1) {
			rc = ta_rw_refuse(rw,
					  "%s:%u: the callback uses its 'void *' parameter '%s' "
					  "other than to initialize one local variable",
					  src->rel, ta_src_line_of(src, uses[first_ok ? 1 : 0].at),
					  pname);
			goto out;
		}
	}
	{
		/* data recovered for one tasklet would be wrong for another using the callback */
		const ta_tasklet *other = ta_rw_shared_callback(rw, cb);
		if (other) {
			rc = ta_rw_refuse(
				rw,
				"the callback '%s' uses its data and is shared with tasklet '%s'",
				cb, other->name ? other->name : other->key);
			goto out;
		}
	}
	/* data as a number after the container's local (he.c prints it): see below */
	for (size_t i = 0; i < n; i++)
		if (uses[i].cast == TA_NPOS &&
		    (i == 0 || t->data_kind != TA_DATA_CONTAINER || f->container_param)) {
			rc = ta_rw_refuse(
				rw,
				"%s:%u: the callback uses '%s' other than through a pointer cast",
				src->rel, ta_src_line_of(src, uses[i].at), pname);
			goto out;
		}
	if (t->data_kind == TA_DATA_GLOBAL && t->data) {
		global = strip_ulong_cast(t->data);
		if (!simple_expr(global, strlen(global)) &&
		    !(global[0] == '&' && simple_expr(global + 1, strlen(global + 1)))) {
			rc = ta_rw_refuse(rw, "the data '%s' is not a plain global", t->data);
			goto out;
		}
		for (size_t i = 0; i < n; i++) {
			size_t end = uses[i].end;
			char *txt = xstrdup(global);
			/* (cast)data used as a postfix operand needs parentheses around &global */
			size_t after = ta_lex_skip(src->text, src->len, end);
			if (global[0] == '&' && after < src->len &&
			    (src->text[after] == '-' || src->text[after] == '[' ||
			     src->text[after] == '.')) {
				free(txt);
				txt = xasprintf("(%s)", global);
			}
			if (ta_src_edit(src, uses[i].cast, end - uses[i].cast, txt) != 0)
				rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
			free(txt);
		}
		ta_rw_note(rw,
			   "The callback used its data argument only to reach the global '%s'; "
			   "it now uses the global directly.",
			   global[0] == '&' ? global + 1 : global);
		goto out;
	}
	if (t->data_kind != TA_DATA_CONTAINER) {
		rc = ta_rw_refuse(
			rw,
			"the data '%s' is %s, not the tasklet's container, and the callback "
			"uses it: it needs a back-pointer first",
			t->data ? t->data : "0", ta_data_kind_name(t->data_kind));
		goto out;
	}
	if (!t->member_path || !t->root_type || t->array) {
		rc = ta_rw_refuse(rw, "%s",
				  t->array ? "the tasklet is an array element: the "
					     "container cannot be recovered by a member name"
					   : "the container type or member path is unknown");
		goto out;
	}
	/* the first declaration or assignment from the cast gets from_tasklet() */
	for (size_t i = 0; i < n && container == TA_NPOS; i++)
		if (uses[i].decl_var &&
		    (same_type(uses[i].cast_type, t->root_type) ||
		     strcmp(uses[i].cast_type, "void") == 0 ||
		     same_type(uses[i].cast_type, uses[i].decl_type)) &&
		    (!uses[i].decl_type || same_type(uses[i].decl_type, t->root_type) ||
		     !strchr(uses[i].decl_type, ' ')))
			container = i;
	if (container == TA_NPOS) {
		rc = container_in_place(rw, src, uses, n, pname, f);
		goto out;
	}
	if (container != 0) {
		rc = ta_rw_refuse(rw, "%s:%u: '%s' is used before the container variable is set",
				  src->rel, ta_src_line_of(src, uses[0].at), pname);
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		size_t end = uses[i].end;
		char *txt;
		if (i == container && f->container_param) {
			rc = take_container_decl(rw, src, lo, uses[i].cast, end, param);
			if (rc != TA_RW_DONE)
				goto out;
			continue;
		}
		if (i == container) {
			txt = f->container_expr
				      ? xstrdup(f->container_expr)
				      : xasprintf("%s(%s, %s, %s)", f->from, uses[i].decl_var,
						  f->param_name, f->member);
		} else if (uses[i].cast == TA_NPOS) {
			rc = number_use(rw, src, lo, hi, pname, &uses[i], uses[container].decl_var);
			if (rc != TA_RW_DONE)
				goto out;
			continue;
		} else {
			if (!same_type(uses[i].cast_type, t->root_type) &&
			    strcmp(uses[i].cast_type, "void") != 0) {
				rc = ta_rw_refuse(
					rw, "%s:%u: '%s' is cast to '%s *', not the container",
					src->rel, ta_src_line_of(src, uses[i].at), pname,
					uses[i].cast_type);
				goto out;
			}
			txt = xstrdup(uses[container].decl_var);
		}
		if (ta_src_edit(src, uses[i].cast, end - uses[i].cast, txt) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		free(txt);
	}
out:
	for (size_t i = 0; i < n; i++)
		data_use_free(&uses[i]);
	free(uses);
	free(global);
	return rc;
}

static const char *last_component(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot ? dot + 1 : path;
}

/*
 * The member argument [a, b) of from_tasklet()/container_of(): the renamed
 * member.  A longer designator whose last component is the field
 * (from_tasklet(rcfw, t, creq.creq_tasklet) for the field of the creq
 * member) gets that component renamed.
 */
static int rename_member(ta_rw *rw, ta_src *src, size_t a, size_t b, const struct ta_cb_form *f)
{
	const char *old_field, *new_field;
	char *m;
	size_t p;
	int rc = TA_RW_DONE;

	if (!f->old_member || !f->member || strcmp(f->old_member, f->member) == 0)
		return TA_RW_DONE;
	m = squeeze(src->text + a, b - a);
	old_field = last_component(f->old_member);
	new_field = last_component(f->member);
	if (strcmp(m, f->old_member) == 0) {
		if (ta_src_edit(src, a, b - a, f->member) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	} else if (strcmp(m, old_field) == 0) {
		/* the container holds the field itself: dfs_pd of dev->dfs_pd.dfs_tasklet */
		if (ta_src_edit(src, a, b - a, new_field) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	} else if (ta_str_ends(m, old_field) && strlen(m) > strlen(old_field) &&
		   m[strlen(m) - strlen(old_field) - 1] == '.' &&
		   (p = b - strlen(old_field)) >= a &&
		   strncmp(src->text + p, old_field, strlen(old_field)) == 0) {
		if (ta_src_edit(src, p, strlen(old_field), new_field) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	}
	free(m);
	return rc;
}

/*
 * from_tasklet(c, t, m) or container_of(t, T, m) on the parameter pname:
 * the whole call becomes the container expression, or (timer) the
 * declaration taking it is dropped for the new parameter.
 */
static int replace_container(ta_rw *rw, ta_src *src, size_t lo, size_t p, size_t open,
			     size_t arg_start, size_t arg_end, const char *pname,
			     const struct ta_cb_form *f, char **param)
{
	size_t close = ta_lex_match(src->text, src->len, open);
	char *arg = squeeze(src->text + arg_start, arg_end - arg_start);
	bool same = strcmp(arg, pname) == 0;

	if (!same) {
		ta_rw_refuse(rw,
			     "%s:%u: the container is recovered from '%s', not the callback's "
			     "parameter",
			     src->rel, ta_src_line_of(src, p), arg);
		free(arg);
		return TA_RW_REFUSED;
	}
	free(arg);
	if (f->container_param) {
		if (*param)
			return ta_rw_refuse(rw, "%s:%u: the container is recovered twice", src->rel,
					    ta_src_line_of(src, p));
		return take_container_decl(rw, src, lo, p, close + 1, param);
	}
	if (ta_src_edit(src, p, close + 1 - p, f->container_expr) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/*
 * The call whose '(' is at open was renamed to a name delta columns longer:
 * continuation lines aligned after the old parenthesis move with it
 * (from_tasklet(sde, t,\n<aligned>member) -> from_work(sde, work, ...)).
 * Only indentation is edited; a line another edit touches is left as it is.
 */
static void realign_args(ta_src *src, size_t open, int delta)
{
	const char *s = src->text;
	size_t close = ta_lex_match(s, src->len, open);
	unsigned old_col = ta_lex_column(s, open) + 1;

	if (close == TA_NPOS || delta == 0 || (int)old_col + delta <= 0)
		return;
	for (size_t i = open; i < close; i++) {
		size_t ls = i + 1, first = ls;
		unsigned col = (unsigned)((int)old_col + delta);
		ta_buf b = {0};
		char *ind;

		if (s[i] != '\n')
			continue;
		while (first < close && (s[first] == ' ' || s[first] == '\t'))
			first++;
		if (first >= close || s[first] == '\n' || ta_lex_column(s, first) != old_col)
			continue;
		for (unsigned k = 0; k < col / 8; k++)
			ta_buf_putc(&b, '\t');
		for (unsigned k = 0; k < col % 8; k++)
			ta_buf_putc(&b, ' ');
		ind = ta_buf_steal(&b);
		(void)ta_src_edit(src, ls, first - ls, ind);
		free(ind);
	}
}

/* New-style callback: rename the parameter, from_tasklet -> form->from. */
static int convert_new_uses(ta_rw *rw, ta_src *src, size_t lo, size_t hi, const char *pname,
			    const struct ta_cb_form *f, char **param)
{
	const char *s = src->text;
	bool whole = f->container_expr || f->container_param;

	for (size_t p = ta_lex_find_ident(s, lo, hi, "from_tasklet", true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + 12, hi, "from_tasklet", true)) {
		size_t open = ta_lex_skip(s, src->len, p + 12), st[4], en[4];
		if (open >= hi || s[open] != '(' || ta_lex_args(s, src->len, open, st, en, 4) != 3)
			return ta_rw_refuse(rw, "%s:%u: cannot read from_tasklet()", src->rel,
					    ta_src_line_of(src, p));
		if (whole) {
			if (replace_container(rw, src, lo, p, open, st[1], en[1], pname, f, param))
				return TA_RW_REFUSED;
			continue;
		}
		if (strcmp(f->from, "from_tasklet") != 0) {
			if (ta_src_edit(src, p, 12, f->from) != 0)
				return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
			realign_args(src, open, (int)strlen(f->from) - 12);
		}
		if (rename_member(rw, src, st[2], en[2], f) != TA_RW_DONE)
			return TA_RW_REFUSED;
	}
	for (size_t p = ta_lex_find_ident(s, lo, hi, "container_of", true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + 12, hi, "container_of", true)) {
		size_t open = ta_lex_skip(s, src->len, p + 12), st[4], en[4];
		if (open >= hi || s[open] != '(' || ta_lex_args(s, src->len, open, st, en, 4) != 3)
			continue;
		if (whole) {
			if (replace_container(rw, src, lo, p, open, st[0], en[0], pname, f, param))
				return TA_RW_REFUSED;
			continue;
		}
		if (rename_member(rw, src, st[2], en[2], f) != TA_RW_DONE)
			return TA_RW_REFUSED;
	}
	if (whole) {
		/* every use of the tasklet pointer went with its container_of() */
		size_t p = ta_lex_find_ident(s, lo, hi, pname, true);
		for (; p != TA_NPOS; p = ta_lex_find_ident(s, p + 1, hi, pname, true)) {
			bool inside = false;
			for (size_t e = 0; e < src->n_edits && !inside; e++)
				inside = p >= src->edits[e].off &&
					 p < src->edits[e].off + src->edits[e].len;
			if (!inside)
				return ta_rw_refuse(rw,
						    "%s:%u: the callback uses '%s' other than to "
						    "recover its container",
						    src->rel, ta_src_line_of(src, p), pname);
		}
		if (f->container_param && !*param)
			return ta_rw_refuse(rw, "%s: the callback never recovers its container",
					    src->rel);
		return TA_RW_DONE;
	}
	if (strcmp(pname, f->param_name) != 0)
		for (size_t p = ta_lex_find_ident(s, lo, hi, pname, true); p != TA_NPOS;
		     p = ta_lex_find_ident(s, p + strlen(pname), hi, pname, true))
			if (ta_src_edit(src, p, strlen(pname), f->param_name) != 0)
				return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/* Is rel already one of v[0..n)? */
static bool listed(char *const *v, size_t n, const char *rel)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], rel) == 0)
			return true;
	return false;
}

/*
 * The driver's headers the files of the list include with quotes (and
 * those they include, two levels down): a prototype may live in another
 * directory of the driver ("lib/eq.h" for mlx5).  A name resolves against
 * the including file's directory, then its parents' (kbuild's -I$(src)).
 */
static void add_includes(ta_rw *rw, char ***out, size_t *n, size_t *cap)
{
	size_t from = 0;

	for (int level = 0; level < 2; level++) {
		size_t to = *n;
		for (size_t i = from; i < to; i++) {
			ta_src *src;
			ta_lexer lx;
			ta_tok tk;
			/* a file named twice (a site's, a site's again) adds its includes once */
			if (listed(*out, i, (*out)[i]) ||
			    !(src = ta_srcset_get(rw->set, (*out)[i])))
				continue;
			ta_lexer_init(&lx, src->text, src->len, 0, TA_LEX_DIRECTIVES);
			while (ta_lex_next(&lx, &tk) != TA_TOK_END) {
				const char *d = src->text + tk.off, *q, *e;
				char *dir, *name;
				if (tk.kind != TA_TOK_DIRECTIVE)
					continue;
				q = memchr(d, '"', tk.len);
				e = q ? memchr(q + 1, '"', tk.len - (size_t)(q + 1 - d)) : NULL;
				/* the directive's own text: it is not NUL-terminated */
				if (!e || !memmem(d, (size_t)(q - d), "include", 7))
					continue;
				name = xstrndup(q + 1, (size_t)(e - q - 1));
				dir = xstrdup((*out)[i]);
				for (char *slash = strrchr(dir, '/'); slash;
				     slash = strrchr(dir, '/')) {
					char *joined, *rel;
					*slash = '\0';
					joined = xasprintf("%s/%s", dir, name);
					rel = ta_path_normalize(joined);
					free(joined);
					if (listed(*out, *n, rel)) {
						free(rel);
						break;
					}
					if (ta_srcset_get(rw->set, rel)) {
						TA_PUSH(*out, *n, *cap, rel);
						break;
					}
					free(rel);
				}
				free(dir);
				free(name);
			}
		}
		from = to;
	}
}

/* Files that may hold a prototype of the callback: its own, the sites', the headers beside. */
static void prototype_files(ta_rw *rw, const char *cb_file, char ***out, size_t *n, size_t *cap)
{
	const ta_tasklet *t = rw->t;
	const char *fixed[2] = {cb_file, t->file};

	for (size_t i = 0; i < 2; i++)
		if (fixed[i])
			TA_PUSH(*out, *n, *cap, xstrdup(fixed[i]));
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].file)
			TA_PUSH(*out, *n, *cap, xstrdup(t->sites[i].file));
	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].file)
			TA_PUSH(*out, *n, *cap, xstrdup(t->init_sites[i].file));
	add_includes(rw, out, n, cap);
	ta_rw_dir_files(rw, cb_file, ".h", out, n, cap);
	ta_sort(*out, *n, sizeof(char *), ta_strptr_cmp);
}

/* `void` right before the function name at name_off becomes ret_type. */
static int change_return_type(ta_rw *rw, ta_src *src, size_t name_off, const char *ret_type)
{
	const char *s = src->text;
	size_t p = ta_lex_prev(s, 0, name_off);

	if (p == TA_NPOS || p < 3 || strncmp(s + p - 3, "void", 4) != 0 ||
	    (p >= 4 && ta_lex_ident_char(s[p - 4])))
		return ta_rw_refuse(rw, "%s:%u: the callback does not return void", src->rel,
				    ta_src_line_of(src, name_off));
	if (ta_src_edit(src, p - 3, 4, ret_type) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/* Every `return;` of the body [body, body_end] returns value, and so does its end. */
static int fix_returns(ta_rw *rw, ta_src *src, size_t body, size_t body_end, const char *value)
{
	const char *s = src->text;
	size_t last, st;
	bool ends_in_return;
	char *txt = xasprintf("return %s;", value);
	int rc = TA_RW_DONE;

	for (size_t p = ta_lex_find_ident(s, body, body_end, "return", true);
	     p != TA_NPOS && rc == TA_RW_DONE;
	     p = ta_lex_find_ident(s, p + 6, body_end, "return", true)) {
		size_t q = ta_lex_skip(s, src->len, p + 6);
		if (s[q] != ';')
			rc = ta_rw_refuse(rw, "%s:%u: a void callback returns a value", src->rel,
					  ta_src_line_of(src, p));
		else if (ta_src_edit(src, p, q + 1 - p, txt) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	}
	last = ta_lex_prev(s, body + 1, body_end);
	st = last;
	while (st != TA_NPOS && st > body + 1 && !strchr(";{}", s[st - 1]))
		st--;
	ends_in_return = last != TA_NPOS && s[last] == ';' &&
			 ta_lex_find_ident(s, ta_lex_skip(s, src->len, st), last, "return", true) ==
				 ta_lex_skip(s, src->len, st);
	if (rc == TA_RW_DONE && !ends_in_return) {
		char *ins = last == TA_NPOS ? xasprintf("\n\t%s", txt) : xasprintf("\n\n\t%s", txt);
		if (ta_src_edit(src, last == TA_NPOS ? body + 1 : last + 1, 0, ins) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		free(ins);
	}
	free(txt);
	return rc;
}

/* Prototypes `cb(unsigned long ...);` at file scope: change their parameter. */
static int convert_prototypes(ta_rw *rw, const char *cb, const char *cb_file, const char *newparam,
			      enum cb_param kind, const struct ta_cb_form *f)
{
	char **files = NULL;
	size_t n = 0, cap = 0;
	int rc = TA_RW_DONE;

	prototype_files(rw, cb_file, &files, &n, &cap);
	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src;
		if (i > 0 && strcmp(files[i], files[i - 1]) == 0)
			continue;
		src = ta_srcset_get(rw->set, files[i]);
		if (!src)
			continue;
		for (size_t p = ta_lex_find_ident(src->text, 0, src->len, cb, true); p != TA_NPOS;
		     p = ta_lex_find_ident(src->text, p + 1, src->len, cb, true)) {
			size_t open = ta_lex_skip(src->text, src->len, p + strlen(cb)), close,
			       after;
			size_t ps, pe;
			char *type, *name;
			if (open >= src->len || src->text[open] != '(')
				continue;
			close = ta_lex_match(src->text, src->len, open);
			if (close == TA_NPOS)
				continue;
			after = ta_lex_skip(src->text, src->len, close + 1);
			if (after >= src->len || src->text[after] != ';' ||
			    ta_lex_depth_at(src->text, src->len, p) != 0)
				continue;
			if (one_param(src, open, &type, &name, &ps, &pe) != 0 ||
			    !param_is(type, kind)) {
				rc = ta_rw_refuse(
					rw,
					"%s:%u: a declaration of '%s' has an unexpected parameter list",
					src->rel, ta_src_line_of(src, p), cb);
			} else if (ta_src_edit(src, ps, pe - ps, newparam) != 0) {
				rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
			} else if (f->ret_type) {
				rc = change_return_type(rw, src, p, f->ret_type);
			}
			free(type);
			free(name);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return rc;
}

/* `&expr->member` for a direct call's argument `(unsigned long)expr`, or NULL. */
static char *member_of_arg(const char *arg, const char *expr, const struct ta_cb_form *f)
{
	if (!f->member || strcmp(expr, arg) == 0 || !*expr)
		return NULL;
	return simple_expr(expr, strlen(expr)) ? xasprintf("&%s->%s", expr, f->member)
					       : xasprintf("&(%s)->%s", expr, f->member);
}

/* A direct call's argument [a, b) becomes txt (NULL: refused). */
static int pass_item(ta_rw *rw, ta_src *src, size_t a, size_t b, const char *txt, const char *arg,
		     unsigned line)
{
	if (!txt)
		return ta_rw_refuse(
			rw, "%s:%u: cannot turn the direct call's argument '%s' into the tasklet",
			src->rel, line, arg);
	if (ta_src_edit(src, a, b - a, txt) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/* The note on a callback's direct calls (at: "a.c:1" or "a.c:1, b.c:2 and b.c:3"). */
static void note_direct_calls(ta_rw *rw, const char *cb, const char *at, bool several,
			      const struct ta_cb_form *f)
{
	ta_rw_note(rw,
		   "%s() is also called directly at %s: the call%s now pass%s the %s and still "
		   "run%s the callback there, at once.",
		   cb, at, several ? "s" : "", several ? "" : "es",
		   strcmp(f->from, "from_work") == 0 ? "work item" : "tasklet", several ? "" : "s");
}

/* Direct calls cb((unsigned long)c) become cb(&c->member). */
static int convert_direct_calls(ta_rw *rw, const char *cb, const struct ta_cb_form *f,
				enum cb_param kind)
{
	const ta_tasklet *t = rw->t;

	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		ta_src *src;
		size_t name_off, open, st[2], en[2];
		char *arg, *expr, *txt;
		int rc = 0;

		if (s->api != TA_API_DIRECT_CALL || !s->callback || strcmp(s->callback, cb) != 0)
			continue;
		if (f->no_direct_calls)
			return ta_rw_refuse(rw, "%s:%u: %s() is also called directly", s->file,
					    s->line, cb);
		if (kind == CB_VOIDP)
			return ta_rw_refuse(rw,
					    "%s:%u: %s() is also called directly, with a 'void *' "
					    "the conversion cannot follow",
					    s->file, s->line, cb);
		if (kind == CB_TASKLET)
			continue; /* the argument already is the tasklet: the migration renames it
				   */
		src = ta_srcset_get(rw->set, s->file);
		if (!src || ta_rw_find_call(src, s->line, s->col, cb, &name_off, &open) != 0 ||
		    ta_lex_args(src->text, src->len, open, st, en, 2) != 1)
			return ta_rw_refuse(rw, "%s:%u: cannot find the direct call of '%s'",
					    s->file, s->line, cb);
		arg = xstrndup(src->text + st[0], en[0] - st[0]);
		expr = strip_ulong_cast(arg);
		if (t->scope != TA_SCOPE_FIELD && t->scope != TA_SCOPE_UNRESOLVED && t->name &&
		    simple_expr(t->name, strlen(t->name))) {
			/* the variable as the migration renames it (ap_bus: ap_tasklet) */
			txt = xasprintf("&%s", f->new_name ? f->new_name : t->name);
		} else {
			txt = t->scope == TA_SCOPE_FIELD ? member_of_arg(arg, expr, f) : NULL;
		}
		rc = pass_item(rw, src, st[0], en[0], txt, arg, s->line);
		if (rc == TA_RW_DONE) {
			char *at = xasprintf(
				"%s:%u%s%s%s", src->rel, s->line, s->function ? ", in " : "",
				s->function ? s->function : "", s->function ? "()" : "");
			note_direct_calls(rw, cb, at, false, f);
			free(at);
		}
		free(arg);
		free(expr);
		free(txt);
		if (rc)
			return rc;
	}
	return TA_RW_DONE;
}

/* Is the identifier whose last character is s[i] the word w? */
static bool word_ends_at(const char *s, size_t i, const char *w)
{
	size_t n = strlen(w), a = i + 1;

	while (a > 0 && ta_lex_ident_char(s[a - 1]))
		a--;
	return i + 1 - a == n && strncmp(s + a, w, n) == 0;
}

/*
 * Direct calls of a function an ops table sets as the callback (megaraid's
 * `megasas_complete_cmd_dpc_fusion((unsigned long)instance)`): the index
 * ties no call to the tasklet, so they are found by name in the driver's
 * directory, and each passes the container's work item (or tasklet) now.
 */
static int convert_table_fn_calls(ta_rw *rw, const char *cb, const char *cb_file,
				  const struct ta_cb_form *f, enum cb_param kind)
{
	ta_mention *ms = NULL;
	size_t n = ta_stmt_mentions(rw->set, cb_file, cb, &ms), n_calls = 0, last = 0;
	ta_buf at = {0}; /* where the calls are: "a.c:1, b.c:2", the last ", " at last */
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src = ta_srcset_get(rw->set, ms[i].file);
		const char *s = src->text;
		size_t open = ta_lex_skip(s, src->len, ms[i].off + strlen(cb));
		size_t prev = ta_lex_prev(s, 0, ms[i].off), st[2], en[2];
		char *arg, *expr, *txt;
		if (open >= src->len || s[open] != '(' || prev == TA_NPOS)
			continue;
		/* a declaration: a type word or '*' before the name */
		if (s[prev] == '*' ||
		    (ta_lex_ident_char(s[prev]) && !word_ends_at(s, prev, "return") &&
		     !word_ends_at(s, prev, "else")))
			continue;
		if (kind == CB_TASKLET)
			continue; /* already the tasklet: the migration renames it */
		if (kind != CB_ULONG) {
			rc = ta_rw_refuse(
				rw,
				"%s:%u: %s() is also called directly, with a 'void *' the "
				"conversion cannot follow",
				src->rel, ms[i].line, cb);
			break;
		}
		if (ta_lex_args(s, src->len, open, st, en, 2) != 1) {
			rc = ta_rw_refuse(rw, "%s:%u: cannot read the direct call of '%s'",
					  src->rel, ms[i].line, cb);
			break;
		}
		arg = xstrndup(s + st[0], en[0] - st[0]);
		expr = strip_ulong_cast(arg);
		txt = member_of_arg(arg, expr, f);
		rc = pass_item(rw, src, st[0], en[0], txt, arg, ms[i].line);
		if (rc == TA_RW_DONE) {
			last = n_calls++ ? at.len : 0;
			ta_buf_printf(&at, "%s%s:%u", last ? ", " : "", src->rel, ms[i].line);
		}
		free(arg);
		free(expr);
		free(txt);
	}
	if (rc == TA_RW_DONE && n_calls) {
		/* one note per function: "at a.c:1, b.c:2 and b.c:3" */
		char *joined = n_calls > 1
				       ? xasprintf("%.*s and %s", (int)last, at.s, at.s + last + 2)
				       : xstrdup(at.s);
		note_direct_calls(rw, cb, joined, n_calls > 1, f);
		free(joined);
	}
	ta_buf_free(&at);
	free(ms);
	return rc;
}

/*
 * A void * callback is installed with a (void *) cast that hides its type:
 * any other use of its name (a direct call, its address stored or passed,
 * another tasklet's init) may give it other data than the container.  Only
 * file-scope declarations and the tasklet's own tasklet_init() may name it,
 * in the files that may hold a prototype and the .c files beside cb_file.
 */
static int check_void_callback(ta_rw *rw, const char *cb, const char *cb_file)
{
	const ta_tasklet *t = rw->t;
	char **files = NULL;
	size_t n = 0, cap = 0;
	int rc = TA_RW_DONE;

	prototype_files(rw, cb_file, &files, &n, &cap);
	ta_rw_dir_files(rw, cb_file, ".c", &files, &n, &cap);
	ta_sort(files, n, sizeof(char *), ta_strptr_cmp);
	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src;
		if (i > 0 && strcmp(files[i], files[i - 1]) == 0)
			continue;
		src = ta_srcset_get(rw->set, files[i]);
		if (!src)
			continue;
		for (size_t p = ta_lex_find_ident(src->text, 0, src->len, cb, true);
		     p != TA_NPOS && rc == TA_RW_DONE;
		     p = ta_lex_find_ident(src->text, p + 1, src->len, cb, true)) {
			size_t after = ta_lex_skip(src->text, src->len, p + strlen(cb));
			bool call = after < src->len && src->text[after] == '(';
			bool ok = ta_lex_depth_at(src->text, src->len, p) == 0 && call;
			for (size_t k = 0; k < t->n_init && !ok; k++) {
				const ta_site *s = &t->init_sites[k];
				size_t name_off, open, close;
				if (s->api != TA_API_TASKLET_INIT || !s->callback ||
				    strcmp(s->callback, cb) != 0 ||
				    strcmp(s->file, src->rel) != 0 ||
				    ta_rw_find_call(src, s->line, s->col, "tasklet_init", &name_off,
						    &open) != 0)
					continue;
				close = ta_lex_match(src->text, src->len, open);
				ok = close != TA_NPOS && p > open && p < close;
			}
			if (ok)
				continue;
			if (call)
				rc = ta_rw_refuse(rw,
						  "%s:%u: %s() is also called directly, with a "
						  "'void *' the conversion cannot follow",
						  src->rel, ta_src_line_of(src, p), cb);
			else
				rc = ta_rw_refuse(rw,
						  "%s:%u: the address of %s() is also taken here: "
						  "its 'void *' may come with other data",
						  src->rel, ta_src_line_of(src, p), cb);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return rc;
}

/*
 * A kernel-doc comment right before the definition at def describes the old
 * parameter as "@pname: ...": describe the new one instead, or W=1 builds
 * warn about an excess and an undescribed parameter.
 */
static int fix_kdoc(ta_rw *rw, ta_src *src, size_t def, const char *pname,
		    const struct ta_cb_form *f)
{
	const char *s = src->text;
	size_t i = def, end, start, tag, eol;
	char *want;
	int rc = TA_RW_DONE;

	/* back over the declaration specifiers to the comment's end */
	while (i > 0 && (ta_lex_ident_char(s[i - 1]) || strchr(" \t\n*", s[i - 1])) &&
	       !(i >= 2 && s[i - 1] == '/' && s[i - 2] == '*'))
		i--;
	if (i < 2 || s[i - 1] != '/' || s[i - 2] != '*')
		return TA_RW_DONE;
	end = i - 2;
	{
		const char *open = NULL;
		for (size_t k = end; k-- > 0;)
			if (s[k] == '/' && s[k + 1] == '*') {
				open = s + k;
				break;
			}
		if (!open || open[2] != '*')
			return TA_RW_DONE; /* not a kernel-doc comment */
		start = (size_t)(open - s);
	}
	/* "@data:" or "@data\t:" */
	want = xasprintf("@%s", pname);
	for (tag = start; tag < end; tag++) {
		size_t c = tag + strlen(want);
		if (strncmp(s + tag, want, strlen(want)) != 0 || ta_lex_ident_char(s[tag - 1]) ||
		    ta_lex_ident_char(s[c]))
			continue;
		while (c < end && (s[c] == ' ' || s[c] == '\t'))
			c++;
		if (s[c] == ':')
			break;
	}
	if (tag >= end) {
		/*
		 * No "@pname:" but exactly one "@name:" tag: a one-parameter
		 * function's stale description (the 2020 conversion renamed
		 * data to t and left "@data:"), which describes the parameter.
		 */
		size_t only = TA_NPOS, n_tags = 0;
		for (size_t k = start; k + 1 < end; k++) {
			size_t c = k + 1;
			if (s[k] != '@' || ta_lex_ident_char(s[k - 1]) || !ta_lex_ident_char(s[c]))
				continue;
			while (c < end && ta_lex_ident_char(s[c]))
				c++;
			while (c < end && (s[c] == ' ' || s[c] == '\t'))
				c++;
			if (s[c] == ':') {
				n_tags++;
				only = k;
			}
		}
		if (n_tags == 1)
			tag = only;
	}
	if (tag < end) {
		char *txt;
		if (f->kdoc) {
			/* several lines: each continues the comment as the tag's line did */
			size_t ls = tag;
			ta_buf b = {0};
			while (ls > 0 && s[ls - 1] != '\n')
				ls--;
			for (const char *k = f->kdoc; *k; k++) {
				if (*k == '\n')
					ta_buf_printf(&b, "\n%.*s", (int)(tag - ls), s + ls);
				else
					ta_buf_putc(&b, *k);
			}
			txt = ta_buf_steal(&b);
		} else {
			txt = xasprintf("@%s: %s", f->param_name,
					strcmp(f->from, "from_work") == 0 ? "the work item"
									  : "the tasklet");
		}
		eol = tag;
		while (eol < end && s[eol] != '\n')
			eol++;
		if (ta_src_edit(src, tag, eol - tag, txt) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		free(txt);
	}
	free(want);
	return rc;
}

/* Convert one callback function, defined at cb_file:cb_line. */
static int convert_one(ta_rw *rw, const struct ta_cb_form *f, const char *cb, const char *cb_file,
		       unsigned cb_line)
{
	ta_src *src;
	size_t name_off, open, close, body, body_end, ps, pe;
	char *type = NULL, *pname = NULL, *newparam = NULL;
	enum cb_param kind;
	int rc;

	src = ta_srcset_get(rw->set, cb_file);
	if (!src)
		return ta_rw_refuse(rw, "cannot read '%s'", cb_file);
	if (ta_rw_find_call(src, cb_line, 0, cb, &name_off, &open) != 0 &&
	    (rc = ta_rw_macro_callback(rw, src, cb_line, cb, &name_off, &open)) !=
		    TA_RW_NOT_NEEDED) {
		if (rc != TA_RW_DONE)
			return rc;
	} else if (ta_rw_find_call(src, cb_line, 0, cb, &name_off, &open) != 0) {
		/* the model's location may be another callback's: search the driver */
		char *file = NULL;
		unsigned line = 0;
		if (ta_rw_find_definition(rw, cb, cb_file, &file, &line) != 0)
			return ta_rw_refuse(rw, "%s:%u: cannot find the definition of '%s'",
					    src->rel, cb_line, cb);
		src = ta_srcset_get(rw->set, file);
		cb_line = line;
		cb_file = file;
		free(file);
		cb_file = src->rel;
		if (ta_rw_find_call(src, cb_line, 0, cb, &name_off, &open) != 0 &&
		    (rc = ta_rw_macro_callback(rw, src, cb_line, cb, &name_off, &open)) !=
			    TA_RW_DONE)
			return rc != TA_RW_NOT_NEEDED
				       ? rc
				       : ta_rw_refuse(rw,
						      "%s:%u: cannot find the definition of '%s'",
						      src->rel, cb_line, cb);
	}
	close = ta_lex_match(src->text, src->len, open);
	body = close == TA_NPOS ? TA_NPOS : ta_lex_skip(src->text, src->len, close + 1);
	if (body == TA_NPOS || body >= src->len || src->text[body] != '{' ||
	    (body_end = ta_lex_match(src->text, src->len, body)) == TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: cannot read the body of '%s'", src->rel, cb_line,
				    cb);
	if (one_param(src, open, &type, &pname, &ps, &pe) != 0) {
		rc = ta_rw_refuse(rw, "%s:%u: '%s' does not take one parameter", src->rel, cb_line,
				  cb);
		goto out;
	}
	if (param_is(type, CB_ULONG)) {
		kind = CB_ULONG;
	} else if (param_is(type, CB_TASKLET)) {
		kind = CB_TASKLET;
	} else if (param_is(type, CB_VOIDP)) {
		kind = CB_VOIDP;
		if ((rc = check_void_callback(rw, cb, src->rel)) != TA_RW_DONE)
			goto out;
	} else {
		rc = ta_rw_refuse(rw,
				  "%s:%u: the parameter of '%s' is '%s', not a tasklet callback's",
				  src->rel, cb_line, cb, type);
		goto out;
	}
	if (kind == CB_TASKLET && strcmp(f->param_type, "struct tasklet_struct *") == 0 &&
	    strcmp(f->from, "from_tasklet") == 0 && !f->container_expr && !f->container_param &&
	    !f->ret_type) {
		/* tasklet_setup() already installs it (the old API's sites are elsewhere) */
		rc = TA_RW_DONE;
		goto out;
	}
	if (!*pname) {
		rc = ta_rw_refuse(rw, "%s:%u: the parameter of '%s' has no name", src->rel, cb_line,
				  cb);
		goto out;
	}
	if (!f->container_param && strcmp(pname, f->param_name) != 0 &&
	    ta_lex_find_ident(src->text, body, body_end, f->param_name, true) != TA_NPOS) {
		rc = ta_rw_refuse(rw, "%s:%u: '%s' already uses the name '%s'", src->rel, cb_line,
				  cb, f->param_name);
		goto out;
	}
	if (f->avoid && ta_lex_find_ident(src->text, body, body_end, f->avoid, true) != TA_NPOS) {
		rc = ta_rw_refuse(rw, "%s:%u: '%s' already uses the name '%s'", src->rel, cb_line,
				  cb, f->avoid);
		goto out;
	}
	if (!f->container_param && (rc = fix_kdoc(rw, src, name_off, pname, f)) != TA_RW_DONE)
		goto out;
	if (!f->container_param)
		newparam = xasprintf("%s%s", f->param_type, f->param_name);
	if (kind != CB_TASKLET)
		rc = convert_data_uses(rw, src, body + 1, body_end, pname, kind == CB_VOIDP, f, cb,
				       &newparam);
	else
		rc = convert_new_uses(rw, src, body + 1, body_end, pname, f, &newparam);
	if (rc == TA_RW_DONE && !newparam)
		rc = ta_rw_refuse(rw, "%s:%u: '%s' never recovers its container", src->rel, cb_line,
				  cb);
	if (rc == TA_RW_DONE && ta_src_edit(src, ps, pe - ps, newparam) != 0)
		rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	if (rc == TA_RW_DONE && f->container_param) {
		/* the kernel-doc describes the new parameter by its name */
		struct ta_cb_form g = *f;
		char *name = strrchr(newparam, '*') + 1;
		char *doc = xasprintf("@%s: the state the work uses", name);
		g.param_name = name;
		g.kdoc = doc;
		rc = fix_kdoc(rw, src, name_off, pname, &g);
		free(doc);
	}
	if (rc == TA_RW_DONE && f->ret_type)
		rc = change_return_type(rw, src, name_off, f->ret_type);
	if (rc == TA_RW_DONE && f->ret_type)
		rc = fix_returns(rw, src, body, body_end, f->ret_value);
	if (rc == TA_RW_DONE && !rw->cb_proto) {
		/* "static void" before the name, on one line, with the new return type */
		size_t a = name_off;
		char *spec;
		while (a > 0 &&
		       (ta_lex_ident_char(src->text[a - 1]) || strchr(" \t\n*", src->text[a - 1])))
			a--;
		a = ta_lex_skip(src->text, src->len, a);
		spec = ta_lex_norm(src->text + a, name_off - a);
		if (f->ret_type && ta_str_ends(spec, "void"))
			spec[strlen(spec) - 4] = '\0';
		rw->cb_proto = xasprintf("%s%s%s%s(%s);", spec, f->ret_type ? f->ret_type : "",
					 spec[0] && !ta_str_ends(spec, "*") ? " " : "", cb,
					 newparam);
		free(spec);
	}
	if (rc == TA_RW_DONE)
		rc = convert_prototypes(rw, cb, cb_file, newparam, kind, f);
	if (rc == TA_RW_DONE)
		rc = convert_direct_calls(rw, cb, f, kind);
	if (rc == TA_RW_DONE && rw->t->callback_is_expr)
		rc = convert_table_fn_calls(rw, cb, src->rel, f, kind);
out:
	free(type);
	free(pname);
	free(newparam);
	return rc;
}

/* The member a callback expression reads last: "rx_tasklet" of "d->ops->lib->rx_tasklet". */
static char *callback_member(const char *expr)
{
	size_t n = strlen(expr), a = n;

	while (a > 0 && ta_lex_ident_char(expr[a - 1]))
		a--;
	if (a == n || a == 0 ||
	    !(expr[a - 1] == '.' || (a >= 2 && expr[a - 1] == '>' && expr[a - 2] == '-')))
		return NULL;
	return xstrdup(expr + a);
}

/*
 * May a member `void (*fn)(unsigned long)` the tasklet's callback is read
 * from take the work item instead?  When every init site passes the
 * tasklet's container as data (the preparation gave it what else it
 * passed), the converted functions recover what the cast did.
 */
static bool old_api_member(const ta_rw *rw)
{
	const ta_tasklet *t = rw->t;

	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].api != TA_API_TASKLET_INIT ||
		    t->init_sites[i].data_kind != TA_DATA_CONTAINER)
			return false;
	return t->n_init > 0;
}

/*
 * The declaration of the function-pointer member `void (*member)(struct
 * tasklet_struct *t);` (or `(unsigned long)`, see old_api_member()) of rec
 * in the driver's files: its parameter list becomes the form's.
 */
static int convert_member_decl(ta_rw *rw, const char *rec, const char *member,
			       const struct ta_cb_form *f, char **found_rec)
{
	const ta_tasklet *t = rw->t;
	const char *tag = !rec ? NULL : ta_str_starts(rec, "struct ") ? rec + 7 : rec;
	ta_mention *ms = NULL;
	size_t n = ta_stmt_mentions(rw->set, t->decl_file ? t->decl_file : t->file, member, &ms);
	size_t found = 0;
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src = ta_srcset_get(rw->set, ms[i].file);
		const char *s = src->text;
		size_t p = ms[i].off, star = ta_lex_prev(s, 0, p), close, po, pc;
		size_t st[2], en[2], ob = TA_NPOS, q;
		int depth = 0;
		char *type = NULL, *name = NULL, *param;
		if (star == TA_NPOS || s[star] != '*' || s[ta_lex_prev(s, 0, star)] != '(')
			continue;
		close = ta_lex_skip(s, src->len, p + strlen(member));
		if (s[close] != ')')
			continue;
		po = ta_lex_skip(s, src->len, close + 1);
		if (s[po] != '(' || (pc = ta_lex_match(s, src->len, po)) == TA_NPOS)
			continue;
		/* the struct it is a member of */
		for (size_t k = p; k-- > 0;) {
			if (s[k] == '}')
				depth++;
			else if (s[k] == '{' && depth-- == 0) {
				ob = k;
				break;
			}
		}
		q = ob == TA_NPOS ? TA_NPOS : ta_lex_prev(s, 0, ob);
		if (q == TA_NPOS ||
		    (tag && (q + 1 < strlen(tag) ||
			     strncmp(s + q + 1 - strlen(tag), tag, strlen(tag)) != 0)))
			continue;
		found++;
		if (!*found_rec && q != TA_NPOS) {
			size_t b = q + 1;
			while (b > 0 && ta_lex_ident_char(s[b - 1]))
				b--;
			*found_rec = xasprintf("struct %.*s", (int)(q + 1 - b), s + b);
		}
		if (one_param(src, po, &type, &name, &st[0], &en[0]) != 0 ||
		    !(type_is_tasklet_ptr(type) || (type_is_ulong(type) && old_api_member(rw)))) {
			rc = ta_rw_refuse(rw, "%s:%u: the member '%s' of %s takes '%.*s'", src->rel,
					  ms[i].line, member, rec ? rec : "its struct",
					  (int)(pc - po - 1), s + po + 1);
		} else {
			param = xasprintf("%s%s", f->param_type, f->param_name);
			/* `void (*fn) (args)`: the line changes, checkpatch wants no space */
			if ((po > close + 1 &&
			     ta_src_edit(src, close + 1, po - close - 1, "") != 0) ||
			    ta_src_edit(src, st[0], en[0] - st[0], param) != 0)
				rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
			free(param);
		}
		free(type);
		free(name);
	}
	free(ms);
	if (rc == TA_RW_DONE && found != 1)
		rc = ta_rw_refuse(rw, "%s: %zu declarations of the member '%s' of %s",
				  t->decl_file ? t->decl_file : t->file, found, member,
				  rec ? rec : "a struct");
	return rc;
}

/*
 * Tables in files the scan did not parse (they name no tasklet API:
 * rt2800pci.c's `.pretbtt_tasklet = rt2800mmio_pretbtt_tasklet,`): the
 * designated initializers `.member = fn` of the driver's directory whose
 * fn is not converted yet.
 */
static int tables_in(ta_rw *rw, const struct ta_cb_form *f, const char *member, const char *beside,
		     size_t *n)
{
	ta_mention *ms = NULL;
	size_t nm = ta_stmt_member_mentions(rw->set, beside, member, &ms);
	char **done = NULL;
	size_t n_done = 0, cap = 0;
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < nm && rc == TA_RW_DONE; i++) {
		ta_src *src = ta_srcset_get(rw->set, ms[i].file);
		const char *s = src->text;
		size_t dot = ta_lex_prev(s, 0, ms[i].off), eq, v, ve, after;
		char *fn, *file = NULL;
		unsigned line = 0;
		bool seen = false, converted = false;
		if (dot == TA_NPOS || s[dot] != '.' || ta_lex_prev(s, 0, dot) == TA_NPOS ||
		    !strchr("{,", s[ta_lex_prev(s, 0, dot)]))
			continue;
		eq = ta_lex_skip(s, src->len, ms[i].off + strlen(member));
		if (s[eq] != '=' || s[eq + 1] == '=')
			continue;
		v = ta_lex_skip(s, src->len, eq + 1);
		for (ve = v; ve < src->len && ta_lex_ident_char(s[ve]); ve++)
			;
		after = ta_lex_skip(s, src->len, ve);
		if (ve == v || (s[after] != ',' && s[after] != '}'))
			continue;
		fn = xstrndup(s + v, ve - v);
		for (size_t k = 0; k < n_done && !seen; k++)
			seen = strcmp(done[k], fn) == 0;
		/* set by a table the scan parsed: converted already */
		for (size_t k = 0; k < rw->audit->n_refs && !converted; k++)
			converted = rw->audit->refs[k].fn &&
				    strcmp(rw->audit->refs[k].fn, fn) == 0 &&
				    rw->audit->refs[k].context &&
				    ta_str_starts(rw->audit->refs[k].context, "field:") &&
				    ta_str_ends(rw->audit->refs[k].context, member) &&
				    rw->audit->refs[k].context[strlen(rw->audit->refs[k].context) -
							       strlen(member) - 1] == '.';
		if (seen || converted) {
			free(fn);
			continue;
		}
		TA_PUSH(done, n_done, cap, fn);
		if (ta_rw_find_definition(rw, fn, src->rel, &file, &line) != 0)
			rc = ta_rw_refuse(rw,
					  "%s:%u: cannot find the definition of '%s' (set as .%s)",
					  src->rel, ms[i].line, fn, member);
		else
			rc = convert_one(rw, f, fn, file, line);
		free(file);
		++*n;
	}
	for (size_t k = 0; k < n_done; k++)
		free(done[k]);
	free(done);
	free(ms);
	return rc;
}

/*
 * The tables of the tasklet's directory; when none sets the member, those
 * of the directories right below it (nfp's nfd3/rings.c and
 * nfdk/rings.c set the .ctrl_poll that nfp_net_common.c's tasklet reads).
 */
static int lexical_tables(ta_rw *rw, const struct ta_cb_form *f, const char *member, size_t *n)
{
	const char *file = rw->t->file, *slash = strrchr(file, '/');
	char *dir = slash ? xstrndup(file, (size_t)(slash - file)) : xstrdup("");
	char *path = *dir ? ta_path_join(rw->set->root, dir) : xstrdup(rw->set->root);
	char **subs = NULL;
	size_t n_subs = 0, cap = 0;
	int rc = tables_in(rw, f, member, file, n);
	DIR *d;
	struct dirent *de;

	d = rc == TA_RW_DONE && *n == 0 ? opendir(path) : NULL;
	while (d && (de = readdir(d))) {
		char *sub = ta_path_join(path, de->d_name);
		struct stat st;
		if (de->d_name[0] != '.' && stat(sub, &st) == 0 && S_ISDIR(st.st_mode))
			TA_PUSH(subs, n_subs, cap,
				*dir ? xasprintf("%s/%s/.", dir, de->d_name)
				     : xasprintf("%s/.", de->d_name));
		free(sub);
	}
	if (d)
		closedir(d);
	ta_sort(subs, n_subs, sizeof(*subs), ta_strptr_cmp);
	for (size_t i = 0; i < n_subs; i++) {
		if (rc == TA_RW_DONE)
			rc = tables_in(rw, f, member, subs[i], n);
		free(subs[i]);
	}
	free(subs);
	free(path);
	free(dir);
	return rc;
}

/* Does r set a function to a member `want` (".tasklet") of a static table? */
static bool table_ref(const ta_ref *r, const char *want)
{
	return r->context && ta_str_starts(r->context, "field:") && ta_str_ends(r->context, want) &&
	       r->fn && r->fn[0] != '$';
}

/* Is the context "field:struct foo.member" (want: ".member") struct rec's? */
static bool same_struct(const char *context, const char *rec, const char *want)
{
	size_t n = strlen(context) - strlen(want) - 6;

	return rec && strlen(rec) == n && strncmp(context + 6, rec, n) == 0;
}

/* Is one file's directory the other's or above it? */
static bool near_file(const char *a, const char *b)
{
	const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
	size_t na = sa ? (size_t)(sa - a) : 0, nb = sb ? (size_t)(sb - b) : 0;
	size_t n = na < nb ? na : nb;

	return strncmp(a, b, n) == 0 && (na == nb || (na < nb ? b[n] : a[n]) == '/');
}

/*
 * The struct whose member `want` (".tasklet") the tables set, from the
 * tables beside the tasklet's file when there are any (6.1's mlxsw also
 * has a member 'tasklet' in its ops, megaraid_sas reads its own), else
 * from all; *other names a second one when that is ambiguous.
 */
static char *member_struct(ta_rw *rw, const char *want, char **other)
{
	const ta_audit *a = rw->audit;
	const char *file = rw->t->file ? rw->t->file : "";
	char *rec = NULL;

	*other = NULL;
	for (int pass = 0; pass < 2 && !rec; pass++)
		for (size_t i = 0; i < a->n_refs && !*other; i++) {
			const ta_ref *r = &a->refs[i];
			size_t n;
			if (!table_ref(r, want) ||
			    (pass == 0 && (!r->file || !near_file(r->file, file))))
				continue;
			n = strlen(r->context) - strlen(want) - 6;
			if (!rec)
				rec = xstrndup(r->context + 6, n);
			else if (!same_struct(r->context, rec, want))
				*other = xstrndup(r->context + 6, n);
		}
	return rec;
}

/*
 * A callback read from a member of a static ops table (rt2x00's
 * rt2x00dev->ops->lib->txstatus_tasklet, nfp's nn->dp.ops->ctrl_poll):
 * every function the tables set that member to is converted, and the
 * member's declaration with them.
 */
static int convert_member_callbacks(ta_rw *rw, const struct ta_cb_form *f)
{
	const ta_tasklet *t = rw->t;
	const ta_audit *a = rw->audit;
	char *member = callback_member(t->callback), *rec = NULL, *found = NULL, *want;
	char *other = NULL;
	int rc = TA_RW_DONE;
	size_t n = 0;

	if (!member)
		return ta_rw_refuse(rw, "the callback '%s' is an expression, not a function",
				    t->callback);
	want = xasprintf(".%s", member);
	rec = member_struct(rw, want, &other);
	if (other) {
		rc = ta_rw_refuse(rw,
				  "the callback '%s' is read from a member '%s' that more than one "
				  "struct has (%s, %s)",
				  t->callback, member, rec, other);
		free(other);
	}
	for (size_t i = 0; i < a->n_refs && rc == TA_RW_DONE; i++) {
		const ta_ref *r = &a->refs[i];
		char *file = NULL;
		unsigned line = 0;
		bool seen = false;
		if (!table_ref(r, want) || !same_struct(r->context, rec, want))
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = a->refs[k].fn && strcmp(a->refs[k].fn, r->fn) == 0 &&
			       a->refs[k].context && strcmp(a->refs[k].context, r->context) == 0;
		if (seen)
			continue;
		for (size_t k = 0; k < a->n_funcs && !file; k++)
			if (strcmp(a->funcs[k].name, r->fn) == 0) {
				file = xstrdup(a->funcs[k].file);
				line = ta_rw_line(rw, a->funcs[k].file, a->funcs[k].line);
			}
		if (!file && ta_rw_find_definition(rw, r->fn, r->file, &file, &line) != 0) {
			rc = ta_rw_refuse(rw, "cannot find the definition of '%s' (set as %s.%s)",
					  r->fn, rec, member);
			break;
		}
		rc = convert_one(rw, f, r->fn, file, line);
		free(file);
		n++;
	}
	if (rc == TA_RW_DONE)
		rc = lexical_tables(rw, f, member, &n);
	if (rc == TA_RW_DONE && n == 0)
		rc = ta_rw_refuse(rw,
				  "the callback '%s' is an expression, and no static table of the "
				  "driver sets its member '%s'",
				  t->callback, member);
	if (rc == TA_RW_DONE)
		rc = convert_member_decl(rw, rec, member, f, &found);
	/* one note for all the members of the struct the driver's tasklets read */
	if (rc == TA_RW_DONE)
		ta_rw_note(rw,
			   "The callbacks are read from the ops tables (%s): the functions the "
			   "tables set take the %s now, and the members' type says so.",
			   rec     ? rec
			   : found ? found
				   : "a struct",
			   strcmp(f->from, "from_work") == 0 ? "work item" : "tasklet");
	free(found);
	free(want);
	free(member);
	free(rec);
	return rc;
}

/*
 * The constant element of the array that the init sites of t install cb
 * on ("1" for `&priv->done_task[1]`): NULL when none does, when they name
 * different elements (*mixed set) or an index that is not a number.
 */
static char *element_of(const ta_tasklet *t, const char *cb, bool *mixed)
{
	char *k = NULL;

	for (size_t i = 0; i < t->n_init && !*mixed; i++) {
		const ta_site *s = &t->init_sites[i];
		char *here;
		if (!s->callback || strcmp(s->callback, cb) != 0 || !s->text)
			continue;
		if (!(here = ta_rw_element_index(s->text))) {
			*mixed = true;
			break;
		}
		if (k && strcmp(k, here) != 0)
			*mixed = true;
		free(k);
		k = here;
	}
	if (*mixed) {
		free(k);
		return NULL;
	}
	return k;
}

/*
 * The macro writing cb (mc) writes callbacks for different elements
 * (talitos' DEF_TALITOS2_DONE: ch1_3 serves done_task[1], the others
 * [0]): it gains a parameter for the index, every expansion passes its
 * own.  The parameter's name into *param (caller frees).
 */
static int add_index_param(ta_rw *rw, ta_src *src, const struct ta_macro_cb *mc, char **param)
{
	static const char *const names[] = {"idx", "elem", "index"};
	const ta_tasklet *t = rw->t;
	const char *s = src->text;
	size_t popen, pclose, k = 0;
	int rc = TA_RW_DONE;

	*param = NULL;
	for (size_t i = 0; i < 3 && !*param; i++)
		if (ta_lex_find_ident(s, mc->def, mc->def_end, names[i], false) == TA_NPOS)
			*param = xstrdup(names[i]);
	if (!*param)
		return ta_rw_refuse(rw,
				    "%s:%u: no free name for an index parameter of the macro %s",
				    src->rel, ta_src_line_of(src, mc->def), mc->macro);
	popen = ta_lex_skip(s, mc->def_end,
			    ta_lex_find_ident(s, mc->def, mc->def_end, mc->macro, false) +
				    strlen(mc->macro));
	pclose = ta_lex_match(s, mc->def_end, popen);
	if (pclose == TA_NPOS)
		return ta_rw_refuse(rw, "%s: cannot read the macro %s", src->rel, mc->macro);
	{
		char *add = xasprintf(", %s", *param);
		rc = ta_src_edit(src, pclose, 0, add) ? TA_RW_REFUSED : TA_RW_DONE;
		free(add);
	}
	/* each expansion, in the order ta_rw_find_macro_callback() listed them */
	for (size_t p = ta_lex_find_ident(s, 0, src->len, mc->macro, true);
	     p != TA_NPOS && rc == TA_RW_DONE;
	     p = ta_lex_find_ident(s, p + 1, src->len, mc->macro, true)) {
		size_t o = ta_lex_skip(s, src->len, p + strlen(mc->macro)), c;
		bool mixed = false;
		char *e, *add;
		if ((p >= mc->def && p < mc->def_end) || o >= src->len || s[o] != '(')
			continue;
		if (k >= mc->n_written || (c = ta_lex_match(s, src->len, o)) == TA_NPOS)
			return ta_rw_refuse(rw, "%s: cannot read the expansions of %s", src->rel,
					    mc->macro);
		e = element_of(t, mc->written[k++], &mixed);
		if (!e)
			return ta_rw_refuse(rw,
					    "%s:%u: %s() is not installed on one constant element "
					    "of the array",
					    src->rel, ta_src_line_of(src, p), mc->written[k - 1]);
		add = xasprintf(", %s", e);
		rc = ta_src_edit(src, c, 0, add) ? TA_RW_REFUSED : TA_RW_DONE;
		free(add);
		free(e);
	}
	return rc == TA_RW_DONE ? rc : ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
}

/*
 * An array of tasklets whose init sites each install a callback on a
 * constant element (talitos' done_task[0] and done_task[1]): each
 * callback recovers the container through its own element,
 * `from_work(priv, work, done_work[1])`.
 */
static int element_callbacks(ta_rw *rw, const struct ta_cb_form *f)
{
	const ta_tasklet *t = rw->t;
	ta_tasklet elem = *t;
	const char **cbs;
	size_t n_cbs = ta_rw_callbacks(t, &cbs);
	int rc = TA_RW_DONE;

	elem.array = false;
	for (size_t i = 0; i < n_cbs && rc == TA_RW_DONE; i++) {
		const char *cb = cbs[i];
		char *file = NULL, *k, *member = NULL, *param = NULL;
		unsigned line = 0;
		bool mixed = false;
		ta_src *src;
		struct ta_macro_cb mc;
		size_t no, op;
		struct ta_cb_form g = *f;
		k = element_of(t, cb, &mixed);
		if (!k) {
			rc = ta_rw_refuse(rw,
					  "%s() is not installed on one constant element of the "
					  "array %s",
					  cb, t->field);
			break;
		}
		if (ta_rw_find_definition(rw, cb, t->file, &file, &line) != 0) {
			free(k);
			rc = ta_rw_refuse(rw, "cannot find the definition of the callback '%s'",
					  cb);
			break;
		}
		src = ta_srcset_get(rw->set, file);
		member = xasprintf("%s[%s]", f->member, k);
		if (src && ta_rw_find_call(src, line, 0, cb, &no, &op) != 0 &&
		    ta_rw_find_macro_callback(src, line, cb, &mc) == 0) {
			/* one macro for several elements: the index becomes its parameter */
			for (size_t w = 0; w < mc.n_written && rc == TA_RW_DONE; w++) {
				bool m2 = false;
				char *kw = element_of(t, mc.written[w], &m2);
				if (kw && strcmp(kw, k) != 0 && !param) {
					rc = add_index_param(rw, src, &mc, &param);
					if (rc == TA_RW_DONE) {
						free(member);
						member = xasprintf("%s[%s]", f->member, param);
					}
				}
				free(kw);
			}
			ta_macro_cb_clear(&mc);
		}
		if (rc == TA_RW_DONE) {
			g.member = member;
			rw->t = &elem;
			rc = convert_one(rw, &g, cb, src ? src->rel : file, line);
			rw->t = t;
		}
		free(param);
		free(member);
		free(file);
		free(k);
	}
	free(cbs);
	return rc;
}

int ta_rw_callback(ta_rw *rw, const struct ta_cb_form *f)
{
	const ta_tasklet *t = rw->t;
	int rc;

	if (!t->callback)
		return ta_rw_refuse(rw, "the callback is an expression, not a function");
	if (t->callback_is_expr)
		return convert_member_callbacks(rw, f);
	if (t->array)
		return element_callbacks(rw, f);
	if (!t->callback_file || !t->callback_line) {
		/* defined in a file the scan did not parse (no tasklet word in it): look beside */
		char *file = NULL;
		unsigned line = 0;
		if (!t->file || ta_rw_find_definition(rw, t->callback, t->file, &file, &line) != 0)
			return ta_rw_refuse(rw,
					    "the callback '%s' is not defined in the audited files "
					    "nor beside '%s'",
					    t->callback, t->file ? t->file : "?");
		rc = convert_one(rw, f, t->callback, file, line);
		free(file);
	} else {
		rc = convert_one(rw, f, t->callback, t->callback_file, t->callback_line);
	}
	/* other init sites may install other callbacks on the same object */
	for (size_t i = 0; i < t->n_init && rc == TA_RW_DONE; i++) {
		const ta_site *s = &t->init_sites[i];
		char *file = NULL;
		unsigned line = 0;
		bool seen = !s->callback || strcmp(s->callback, t->callback) == 0;
		for (size_t k = 0; k < i && !seen; k++)
			seen = t->init_sites[k].callback &&
			       strcmp(t->init_sites[k].callback, s->callback) == 0;
		if (seen)
			continue;
		if (ta_rw_find_definition(rw, s->callback, s->file, &file, &line) != 0)
			return ta_rw_refuse(rw, "cannot find the definition of the callback '%s'",
					    s->callback);
		rc = convert_one(rw, f, s->callback, file, line);
		free(file);
	}
	return rc;
}
