// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_array.c - an array of tasklets paired, index by index, with a
 * parallel array of per-element structs that are the tasklets' data.  The
 * shape is read from the init sites as written (the tasklet's container
 * and index, the data's container, array and index, compared after white
 * space is normalized) and from the two declarations (members of one
 * struct, with the same bound); the edits are lexical, each use keeping
 * its index expression.
 */
#include "rewrite_array.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "rewrite_stmt.h"
#include "util.h"

void ta_array_pair_clear(struct ta_array_pair *p)
{
	free(p->data_member);
	free(p->elem_type);
	free(p->bound);
	memset(p, 0, sizeof(*p));
}

/* An element reference `&BASE->MEMBER[INDEX]` read from text (integer casts, parentheses). */
struct elem {
	char *base, *member, *index;
};

static void elem_free(struct elem *e)
{
	free(e->base);
	free(e->member);
	free(e->index);
	memset(e, 0, sizeof(*e));
}

/* [a, b) of s, white space normalized and trimmed; caller frees. */
static char *trimmed(const char *s, size_t a, size_t b)
{
	char *n, *p;
	size_t len;

	while (a < b && strchr(" \t\n", s[a]))
		a++;
	while (b > a && strchr(" \t\n", s[b - 1]))
		b--;
	n = ta_lex_norm(s + a, b - a);
	p = n + strspn(n, " ");
	len = strlen(p);
	while (len > 0 && p[len - 1] == ' ')
		len--;
	p = xstrndup(p, len);
	free(n);
	return p;
}

static bool parse_elem(const char *text, bool need_amp, struct elem *e)
{
	static const char *const casts[] = {"(unsigned long)", "(ulong)", "(u_long)", "(uintptr_t)",
					    "(u64)",           "(long)",  "(void*)"};
	char *n = trimmed(text, 0, strlen(text)), *p = n;
	size_t len, lb = TA_NPOS, ms, me, op, be;
	int depth = 0;
	bool again = true, ok = false;

	memset(e, 0, sizeof(*e));
	while (again) {
		again = false;
		for (size_t i = 0; i < sizeof(casts) / sizeof(*casts); i++)
			if (ta_str_starts(p, casts[i])) {
				p += strlen(casts[i]);
				p += strspn(p, " ");
				again = true;
			}
	}
	if (*p == '&')
		p += 1 + strspn(p + 1, " ");
	else if (need_amp)
		goto out;
	len = strlen(p);
	while (len > 2 && p[0] == '(' && ta_lex_match(p, len, 0) == len - 1) {
		p++;
		len -= 2;
		while (len > 0 && *p == ' ') {
			p++;
			len--;
		}
		while (len > 0 && p[len - 1] == ' ')
			len--;
	}
	if (len == 0 || p[len - 1] != ']')
		goto out;
	for (size_t i = len; i-- > 0;) {
		if (p[i] == ']')
			depth++;
		else if (p[i] == '[' && --depth == 0) {
			lb = i;
			break;
		}
	}
	if (lb == TA_NPOS)
		goto out;
	me = lb;
	while (me > 0 && p[me - 1] == ' ')
		me--;
	ms = me;
	while (ms > 0 && ta_lex_ident_char(p[ms - 1]))
		ms--;
	op = ms;
	while (op > 0 && p[op - 1] == ' ')
		op--;
	if (ms == me)
		goto out;
	if (op >= 2 && p[op - 1] == '>' && p[op - 2] == '-')
		be = op - 2;
	else if (op >= 1 && p[op - 1] == '.')
		be = op - 1;
	else
		goto out;
	if (be == 0)
		goto out;
	e->base = trimmed(p, 0, be);
	e->member = xstrndup(p + ms, me - ms);
	e->index = trimmed(p, lb + 1, len - 1);
	ok = true;
out:
	free(n);
	if (!ok)
		elem_free(e);
	return ok;
}

/* The bound of an array member whose name ends at e: `[BOUND];`; *semi its ';'. NULL if not. */
static char *array_bound(const ta_src *src, size_t e, size_t *semi)
{
	size_t lb = ta_lex_skip(src->text, src->len, e), rb, sc;

	if (lb >= src->len || src->text[lb] != '[' ||
	    (rb = ta_lex_match(src->text, src->len, lb)) == TA_NPOS)
		return NULL;
	sc = ta_lex_skip(src->text, src->len, rb + 1);
	if (sc >= src->len || src->text[sc] != ';')
		return NULL;
	*semi = sc;
	return trimmed(src->text, lb + 1, rb);
}

/* The identifier ending at the significant byte before i (after lo): [*a, *b), or false. */
static bool ident_before(const char *s, size_t lo, size_t i, size_t *a, size_t *b)
{
	size_t q = ta_lex_prev(s, lo, i);

	if (q == TA_NPOS || !ta_lex_ident_char(s[q]))
		return false;
	*b = q + 1;
	*a = q;
	while (*a > lo && ta_lex_ident_char(s[*a - 1]))
		(*a)--;
	return true;
}

/*
 * The member `struct TYPE name[BOUND];` of the struct body (open, close):
 * its type ("struct TYPE") and bound; -1 when there is no such member.
 */
static int struct_array_member(const ta_src *src, size_t open, size_t close, const char *name,
			       char **type, char **bound)
{
	const char *s = src->text;

	for (size_t p = ta_lex_find_ident(s, open, close, name, true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + 1, close, name, true)) {
		size_t ta, tb, sa, sb, semi, before;
		if (ta_lex_depth_at(s, src->len, p) != ta_lex_depth_at(s, src->len, open) + 1 ||
		    !ident_before(s, open, p, &ta, &tb) || !ident_before(s, open, ta, &sa, &sb) ||
		    sb - sa != 6 || strncmp(s + sa, "struct", 6) != 0)
			continue;
		before = ta_lex_prev(s, open, sa);
		if (before == TA_NPOS || !strchr(";{}", s[before]))
			continue;
		*bound = array_bound(src, p + strlen(name), &semi);
		if (!*bound)
			continue;
		*type = xasprintf("struct %.*s", (int)(tb - ta), s + ta);
		return 0;
	}
	return -1;
}

/* The definition `struct NAME {` in src: its braces; -1 when absent. */
static int struct_definition(const ta_src *src, const char *type, size_t *open, size_t *close)
{
	const char *name = type + strlen("struct ");

	for (size_t p = ta_lex_find_ident(src->text, 0, src->len, name, true); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + 1, src->len, name, true)) {
		size_t a, b, o = ta_lex_skip(src->text, src->len, p + strlen(name));
		if (o >= src->len || src->text[o] != '{' ||
		    !ident_before(src->text, 0, p, &a, &b) || b - a != 6 ||
		    strncmp(src->text + a, "struct", 6) != 0)
			continue;
		*open = o;
		*close = ta_lex_match(src->text, src->len, o);
		return *close == TA_NPOS ? -1 : 0;
	}
	return -1;
}

/* An element of the data array assigned whole (it would overwrite the work item). */
static int whole_writes(ta_rw *rw, const char *member)
{
	ta_mention *ms = NULL;
	size_t n = ta_stmt_member_mentions(rw->set, rw->t->file, member, &ms);
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src = ta_srcset_get(rw->set, ms[i].file);
		size_t q, rb;
		if (!src || !ta_lex_after_member_op(src->text, ms[i].off))
			continue;
		q = ta_lex_skip(src->text, src->len, ms[i].off + strlen(member));
		if (q >= src->len || src->text[q] != '[' ||
		    (rb = ta_lex_match(src->text, src->len, q)) == TA_NPOS)
			continue;
		q = ta_lex_skip(src->text, src->len, rb + 1);
		if (q + 1 < src->len && src->text[q] == '=' && src->text[q + 1] != '=')
			rc = ta_rw_refuse(
				rw,
				"%s:%u: an element of '%s' is assigned whole, which would "
				"overwrite the work item moved into it",
				ms[i].file, ms[i].line, member);
	}
	free(ms);
	return rc;
}

int ta_array_pair_find(ta_rw *rw, struct ta_array_pair *out)
{
	const ta_tasklet *t = rw->t;
	bool any = false;
	ta_src *src;
	size_t at, semi, open, close, sopen, sclose;
	char *bound = NULL, *type = NULL, *dbound = NULL;
	int rc = TA_RW_DONE;

	memset(out, 0, sizeof(*out));
	if (!t->array)
		return TA_RW_NOT_NEEDED;
	for (size_t i = 0; i < t->n_init && !any; i++) {
		struct elem d;
		if (t->init_sites[i].data && parse_elem(t->init_sites[i].data, true, &d)) {
			any = true;
			elem_free(&d);
		}
	}
	if (!any)
		return TA_RW_NOT_NEEDED;
	if (t->scope != TA_SCOPE_FIELD || !t->field || !t->member_path || !t->root_type ||
	    strcmp(t->member_path, t->field) != 0)
		return ta_rw_refuse(rw,
				    "%s:%u: the tasklet array is not a direct member of a struct: "
				    "the parallel array its data indexes cannot be paired with it",
				    t->file, t->line);
	for (size_t i = 0; i < t->n_init && rc == TA_RW_DONE; i++) {
		const ta_site *s = &t->init_sites[i];
		struct elem k = {0}, d = {0};
		if (s->api != TA_API_TASKLET_INIT || s->via_macro)
			rc = ta_rw_refuse(rw,
					  "%s:%u: an element of the tasklet array is initialized "
					  "other than by tasklet_init() as written",
					  s->file, s->line);
		else if (!s->text || !parse_elem(s->text, false, &k) ||
			 strcmp(k.member, t->field) != 0)
			rc = ta_rw_refuse(rw, "%s:%u: cannot read '%s' as an element of '%s'",
					  s->file, s->line, s->text ? s->text : "?", t->field);
		else if (!s->data || !parse_elem(s->data, true, &d))
			rc = ta_rw_refuse(rw,
					  "%s:%u: the data '%s' of '%s' is not the address of an "
					  "element of a parallel array",
					  s->file, s->line, s->data ? s->data : "0", s->text);
		else if (strcmp(d.member, t->field) == 0)
			rc = ta_rw_refuse(rw,
					  "%s:%u: the data '%s' is an element of the tasklet "
					  "array itself",
					  s->file, s->line, s->data);
		else if (strcmp(k.base, d.base) != 0)
			rc = ta_rw_refuse(rw,
					  "%s:%u: the data '%s' indexes an array of '%s', the "
					  "tasklet '%s' one of '%s'",
					  s->file, s->line, s->data, d.base, s->text, k.base);
		else if (strcmp(k.index, d.index) != 0)
			rc = ta_rw_refuse(
				rw,
				"%s:%u: the tasklet '%s' and its data '%s' are indexed "
				"differently ('%s', '%s'): the work item cannot be paired "
				"with the element",
				s->file, s->line, s->text, s->data, k.index, d.index);
		else if (out->data_member && strcmp(out->data_member, d.member) != 0)
			rc = ta_rw_refuse(rw,
					  "%s:%u: the data indexes '%s' here and '%s' at another "
					  "init site",
					  s->file, s->line, d.member, out->data_member);
		else if (!out->data_member)
			out->data_member = xstrdup(d.member);
		elem_free(&k);
		elem_free(&d);
	}
	if (rc != TA_RW_DONE)
		goto fail;
	/* both arrays members of the one struct, of one bound */
	if ((rc = ta_rw_find_array_decl(rw, t->field, &src, &at, &semi)) != TA_RW_DONE)
		goto fail;
	bound = array_bound(src, ta_lex_skip(src->text, src->len, at + 14) + strlen(t->field),
			    &semi);
	if (!bound || ta_lex_enclosing_braces(src->text, src->len, at, &open, &close) != 0) {
		rc = ta_rw_refuse(rw, "%s:%u: the declaration of '%s' is not a plain array member",
				  src->rel, ta_src_line_of(src, at), t->field);
		goto fail;
	}
	if (struct_array_member(src, open, close, out->data_member, &type, &dbound) != 0) {
		rc = ta_rw_refuse(rw,
				  "%s:%u: the data array '%s' is not an array of structs declared "
				  "in %s beside '%s'",
				  src->rel, ta_src_line_of(src, at), out->data_member, t->root_type,
				  t->field);
		goto fail;
	}
	if (strcmp(bound, dbound) != 0) {
		rc = ta_rw_refuse(rw,
				  "%s:%u: the tasklet array has %s elements, the data array '%s' "
				  "%s",
				  src->rel, ta_src_line_of(src, at), bound, out->data_member,
				  dbound);
		goto fail;
	}
	if (struct_definition(src, type, &sopen, &sclose) != 0) {
		rc = ta_rw_refuse(rw,
				  "%s: the definition of %s, to hold the work item, is not there",
				  src->rel, type);
		goto fail;
	}
	if ((rc = whole_writes(rw, out->data_member)) != TA_RW_DONE)
		goto fail;
	out->elem_type = type;
	out->bound = bound;
	free(dbound);
	return TA_RW_DONE;
fail:
	free(bound);
	free(type);
	free(dbound);
	ta_array_pair_clear(out);
	return TA_RW_REFUSED;
}

int ta_array_rename(ta_rw *rw, ta_src *src, size_t a, size_t b, const char *field,
		    const struct ta_array_pair *p, const char *work)
{
	size_t last = TA_NPOS, lb, rb;
	char *tail;
	int rc;

	for (size_t q = ta_lex_find_ident(src->text, a, b, field, false); q != TA_NPOS;
	     q = ta_lex_find_ident(src->text, q + 1, b, field, false))
		if (ta_lex_after_member_op(src->text, q))
			last = q;
	if (last == TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: cannot find '%s' in the argument", src->rel,
				    ta_src_line_of(src, a), field);
	lb = ta_lex_skip(src->text, b, last + strlen(field));
	if (lb >= b || src->text[lb] != '[' || (rb = ta_lex_match(src->text, b, lb)) == TA_NPOS)
		return ta_rw_refuse(rw,
				    "%s:%u: '%s' is used other than by indexing it: no element of "
				    "'%s' to pair it with",
				    src->rel, ta_src_line_of(src, a), field, p->data_member);
	tail = xasprintf(".%s", work);
	rc = ta_src_edit(src, last, strlen(field), p->data_member) != 0 ||
	     ta_src_edit(src, rb + 1, 0, tail) != 0;
	free(tail);
	return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
}

/*
 * A comment alone on its lines right above the line starting at ls that
 * names the tasklet: the start of its first line; else TA_NPOS.
 */
static size_t comment_above(const ta_src *src, size_t ls)
{
	const char *s = src->text;
	size_t pe, ps, cs;
	char *c;
	bool names;

	if (ls < 2)
		return TA_NPOS;
	pe = ls - 1;
	while (pe > 0 && (s[pe - 1] == ' ' || s[pe - 1] == '\t'))
		pe--;
	if (pe < 2 || s[pe - 1] != '/' || s[pe - 2] != '*')
		return TA_NPOS;
	for (cs = pe - 2; cs > 0 && !(s[cs] == '/' && s[cs + 1] == '*'); cs--)
		;
	ps = cs;
	while (ps > 0 && (s[ps - 1] == ' ' || s[ps - 1] == '\t'))
		ps--;
	if (ps > 0 && s[ps - 1] != '\n')
		return TA_NPOS;
	c = xstrndup(s + cs, pe - cs);
	for (char *k = c; *k; k++)
		if (*k >= 'A' && *k <= 'Z')
			*k = (char)(*k - 'A' + 'a');
	names = strstr(c, "tasklet") != NULL;
	free(c);
	return names ? ps : TA_NPOS;
}

/* Is the line starting at ls a directive `#NAME...` (blanks allowed around '#')? */
static bool directive_line(const ta_src *src, size_t ls, const char *name)
{
	size_t k = ls;

	while (k < src->len && (src->text[k] == ' ' || src->text[k] == '\t'))
		k++;
	if (k >= src->len || src->text[k] != '#')
		return false;
	k++;
	while (k < src->len && (src->text[k] == ' ' || src->text[k] == '\t'))
		k++;
	return strncmp(src->text + k, name, strlen(name)) == 0;
}

/*
 * The lines [*a, *b) were all a conditional block held (`#ifdef X` right
 * above, `#endif` right below): the block goes with them.
 */
static void only_conditional(const ta_src *src, size_t *a, size_t *b)
{
	size_t pl = *a, ne = *b;

	if (*a == 0)
		return;
	pl = *a - 1;
	while (pl > 0 && src->text[pl - 1] != '\n')
		pl--;
	if (!directive_line(src, pl, "if") || !directive_line(src, *b, "endif"))
		return;
	while (ne < src->len && src->text[ne] != '\n')
		ne++;
	*a = pl;
	*b = ne < src->len ? ne + 1 : ne;
}

int ta_array_convert_decl(ta_rw *rw, const struct ta_array_pair *p, const char *type,
			  const char *work)
{
	const ta_tasklet *t = rw->t;
	ta_src *src;
	size_t at, semi, ss, ls, e, a, open, close, cl, il, ie;
	char *line, *bound;
	int rc;

	if ((rc = ta_rw_find_array_decl(rw, t->field, &src, &at, &semi)) != TA_RW_DONE)
		return rc;
	ss = ta_lex_prev(src->text, 0, at);
	if (ss == TA_NPOS || ss < 5 || strncmp(src->text + ss - 5, "struct", 6) != 0)
		return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' is not a single plain one",
				    src->rel, ta_src_line_of(src, at), t->field);
	ss -= 5;
	semi = ta_lex_skip(src->text, src->len, at + 14);
	bound = array_bound(src, semi + strlen(t->field), &semi);
	if (!bound)
		return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' is not a plain array",
				    src->rel, ta_src_line_of(src, at), t->field);
	free(bound); /* only its end (semi) matters here */
	ls = ss;
	while (ls > 0 && (src->text[ls - 1] == ' ' || src->text[ls - 1] == '\t'))
		ls--;
	e = semi + 1;
	while (e < src->len && (src->text[e] == ' ' || src->text[e] == '\t'))
		e++;
	if ((ls > 0 && src->text[ls - 1] != '\n') || (e < src->len && src->text[e] != '\n'))
		return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' shares its line", src->rel,
				    ta_src_line_of(src, at), t->field);
	if (ta_rw_member_doc_tag(src, at, t->field, NULL) != TA_NPOS)
		return ta_rw_refuse(rw,
				    "%s:%u: the kernel-doc of %s describes '@%s', which the "
				    "members added to %s replace: not written",
				    src->rel, ta_src_line_of(src, at), t->root_type, t->field,
				    p->elem_type);
	a = comment_above(src, ls);
	a = a != TA_NPOS ? a : ls;
	e = e < src->len ? e + 1 : e;
	only_conditional(src, &a, &e);
	if ((rc = ta_stmt_delete_lines(rw, src, a, e)) != TA_RW_DONE)
		return rc;
	/* the work item, last in the element struct, indented as its last member */
	if (struct_definition(src, p->elem_type, &open, &close) != 0)
		return ta_rw_refuse(rw, "%s: cannot find the definition of %s", src->rel,
				    p->elem_type);
	if (ta_lex_find_ident(src->text, open, close, work, false) != TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: %s already has a member or word '%s'", src->rel,
				    ta_src_line_of(src, open), p->elem_type, work);
	cl = close;
	while (cl > 0 && (src->text[cl - 1] == ' ' || src->text[cl - 1] == '\t'))
		cl--;
	il = ta_lex_prev(src->text, open, close);
	if (cl == 0 || src->text[cl - 1] != '\n' || il == TA_NPOS || il <= open)
		return ta_rw_refuse(rw,
				    "%s:%u: the closing brace of %s is not on a line of its own",
				    src->rel, ta_src_line_of(src, close), p->elem_type);
	while (il > 0 && src->text[il - 1] != '\n')
		il--;
	ie = il;
	while (src->text[ie] == ' ' || src->text[ie] == '\t')
		ie++;
	line = xasprintf("%.*s%s %s;\n", (int)(ie - il), src->text + il, type, work);
	rc = ta_src_edit(src, cl, 0, line);
	free(line);
	if (rc)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

void ta_array_note(ta_rw *rw, const struct ta_array_pair *p, const char *items, const char *from)
{
	const ta_tasklet *t = rw->t;

	ta_rw_note(rw,
		   "Each tasklet of the %s array was given the element of the same index of %s "
		   "as its data: the %s are now members of %s, so the callback recovers that "
		   "element with %s(), and every use indexes %s as it indexed %s.",
		   t->field, p->data_member, items, p->elem_type, from, p->data_member, t->field);
}
