// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_prep.c - the preparation patch for a tasklet whose data is
 * another pointer than its container, done the way the 2020 series'
 * preparation patches did it by hand: tasklet_init() is given the
 * container, the callback reads the old data from it, and the container
 * keeps that data in a member (one it already has and the init function
 * already sets to the same value, or a new one set right before
 * tasklet_init() from the same expression, so that the callback sees the
 * value the data had at init time).  Statements are matched on their
 * tokens (white space and comments ignored); anything not recognised
 * exactly is refused with the construct named.
 */
#include "rewrite_prep.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "rewrite_array.h"
#include "util.h"

void ta_prep_clear(struct ta_prep *p)
{
	free(p->data);
	free(p->passed);
	free(p->container);
	free(p->root_type);
	free(p->member_path);
	free(p->text);
	free(p->also);
	memset(p, 0, sizeof(*p));
}

/* ------------------------------------------------------------ token text */

static bool word_tok(const ta_tok *tk)
{
	return tk->kind == TA_TOK_IDENT || tk->kind == TA_TOK_NUMBER;
}

static bool skipped_tok(const ta_tok *tk)
{
	return tk->kind == TA_TOK_SPACE || tk->kind == TA_TOK_COMMENT || tk->kind == TA_TOK_SPLICE;
}

static void canon_put(ta_buf *b, const char *s, size_t n, bool word, bool *prev_word)
{
	if (word && *prev_word)
		ta_buf_putc(b, ' ');
	ta_buf_add(b, s, n);
	*prev_word = word;
}

/*
 * The tokens of s[a, b) without white space and comments, a space only
 * between two words: "struct atm_dev*dev=(struct atm_dev*)data;".  With
 * id, its occurrences that are not member names become repl (canonical).
 */
static char *canon_subst(const char *s, size_t a, size_t b, const char *id, const char *repl)
{
	ta_lexer lx;
	ta_tok tk;
	ta_buf out = {0};
	bool prev_word = false, member = false;

	ta_lexer_init(&lx, s, b, a, 0);
	while (ta_lex_next(&lx, &tk) != TA_TOK_END) {
		if (skipped_tok(&tk))
			continue;
		if (id && tk.kind == TA_TOK_IDENT && !member && tk.len == strlen(id) &&
		    strncmp(s + tk.off, id, tk.len) == 0) {
			canon_put(&out, repl, strlen(repl), ta_lex_ident_char(repl[0]), &prev_word);
			prev_word = ta_lex_ident_char(repl[strlen(repl) - 1]);
		} else {
			canon_put(&out, s + tk.off, tk.len, word_tok(&tk), &prev_word);
		}
		member = tk.kind == TA_TOK_PUNCT &&
			 ((tk.len == 1 && s[tk.off] == '.') ||
			  (tk.len == 2 && strncmp(s + tk.off, "->", 2) == 0));
	}
	return out.s ? ta_buf_steal(&out) : xstrdup("");
}

static char *canon(const char *s, size_t a, size_t b)
{
	return canon_subst(s, a, b, NULL, NULL);
}

/* A canonical expression needing no parentheses as an operand (a->b.c[i], &x)? */
static bool plain_operand(const char *c)
{
	int depth = 0;

	if (*c == '&')
		c++;
	if (!*c)
		return false;
	for (; *c; c++) {
		if (*c == '[')
			depth++;
		else if (*c == ']')
			depth--;
		else if (!ta_lex_ident_char(*c) && *c != '.' && !(c[0] == '-' && c[1] == '>') &&
			 !(c[0] == '>' && c[-1] == '-') && !(depth > 0 && *c == '+'))
			return false;
	}
	return depth == 0;
}

/* ------------------------------------------------------------ statements */

/* One simple statement of a body: [a, semi] at brace depth depth. */
struct stmt {
	size_t a, semi;
	int depth;
	bool own_lines; /* only white space before it on its first line and after it on its last */
	char *canon;
};

static void stmts_free(struct stmt *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].canon);
	free(v);
}

static size_t line_start(const char *s, size_t i)
{
	while (i > 0 && s[i - 1] != '\n')
		i--;
	return i;
}

/* The end of the line holding i: the offset after its '\n' (or len). */
static size_t line_after(const ta_src *src, size_t i)
{
	const char *nl = memchr(src->text + i, '\n', src->len - i);

	return nl ? (size_t)(nl - src->text) + 1 : src->len;
}

static bool own_lines(const ta_src *src, size_t a, size_t semi)
{
	const char *s = src->text;
	size_t e = semi + 1;

	for (size_t k = line_start(s, a); k < a; k++)
		if (s[k] != ' ' && s[k] != '\t')
			return false;
	while (e < src->len && (s[e] == ' ' || s[e] == '\t'))
		e++;
	if (e + 1 < src->len && s[e] == '\\' && s[e + 1] == '\n')
		e++; /* a macro's line: its continuation */
	return e >= src->len || s[e] == '\n';
}

/*
 * The statements of the body [lo, hi) (lo after its '{'): every run of
 * tokens ended by a ';' outside parentheses, restarted after each brace.
 */
static size_t statements(const ta_src *src, size_t lo, size_t hi, struct stmt **out)
{
	ta_lexer lx;
	ta_tok tk;
	size_t n = 0, cap = 0, start = TA_NPOS;
	int parens = 0, depth = 1;

	*out = NULL;
	ta_lexer_init(&lx, src->text, hi, lo, TA_LEX_DIRECTIVES);
	while (ta_lex_next_sig(&lx, &tk) != TA_TOK_END) {
		char c = tk.kind == TA_TOK_PUNCT && tk.len == 1 ? src->text[tk.off] : 0;
		if (tk.kind == TA_TOK_DIRECTIVE) {
			/* #ifdef lines end what came before */
			start = TA_NPOS;
			continue;
		}
		if (c == '(' || c == '[')
			parens++;
		else if ((c == ')' || c == ']') && parens > 0)
			parens--;
		if (parens == 0 && (c == '{' || c == '}')) {
			depth += c == '{' ? 1 : -1;
			start = TA_NPOS;
			continue;
		}
		if (start == TA_NPOS)
			start = tk.off;
		if (parens == 0 && c == ';') {
			struct stmt st = {.a = start, .semi = tk.off, .depth = depth};
			st.own_lines = own_lines(src, start, tk.off);
			st.canon = canon(src->text, start, tk.off + 1);
			TA_PUSH(*out, n, cap, st);
			start = TA_NPOS;
		}
	}
	return n;
}

/* The function body holding off: its braces.  -1 at file scope. */
static int enclosing_function(const ta_src *src, size_t off, size_t *open, size_t *close)
{
	ta_lexer lx;
	ta_tok tk;
	int depth = 0;
	size_t top = TA_NPOS;

	ta_lexer_init(&lx, src->text, src->len, 0, TA_LEX_DIRECTIVES);
	while (ta_lex_next_sig(&lx, &tk) != TA_TOK_END && tk.off < off) {
		if (tk.kind != TA_TOK_PUNCT || tk.len != 1)
			continue;
		if (src->text[tk.off] == '{' && depth++ == 0)
			top = tk.off;
		else if (src->text[tk.off] == '}' && depth > 0 && --depth == 0)
			top = TA_NPOS;
	}
	if (top == TA_NPOS)
		return -1;
	*open = top;
	*close = ta_lex_match(src->text, src->len, top);
	return *close == TA_NPOS ? -1 : 0;
}

/* Is id used in [a, b) other than as a member name or a struct/union/enum tag? */
static bool ident_used(const char *s, size_t a, size_t b, const char *id)
{
	for (size_t p = ta_lex_find_ident(s, a, b, id, true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + 1, b, id, true)) {
		size_t q = ta_lex_prev(s, a, p), w = q;
		bool tag = false;
		while (w != TA_NPOS && w > a && ta_lex_ident_char(s[w - 1]))
			w--;
		if (q != TA_NPOS && ta_lex_ident_char(s[q]))
			tag = (q + 1 - w == 6 && strncmp(s + w, "struct", 6) == 0) ||
			      (q + 1 - w == 5 && strncmp(s + w, "union", 5) == 0) ||
			      (q + 1 - w == 4 && strncmp(s + w, "enum", 4) == 0);
		if (!tag)
			return true;
	}
	return false;
}

/* The leading white space of the line holding off (caller frees). */
static char *indent_of(const char *s, size_t off)
{
	size_t ls = line_start(s, off), e = ls;

	while (s[e] == ' ' || s[e] == '\t')
		e++;
	return xstrndup(s + ls, e - ls);
}

/* ------------------------------------------------------------ the callback */

/* `T *d = (T *)data;` or `d = (T *)data;`, the one use of the data in the callback. */
struct data_stmt {
	size_t stmt;  /* its index */
	bool decl;    /* a declaration (else an assignment) */
	char *var;    /* d */
	char *type;   /* T, as declared (or cast for an assignment) */
	char *indent; /* of its first line */
};

static void data_stmt_free(struct data_stmt *d)
{
	free(d->var);
	free(d->type);
	free(d->indent);
}

/* canon ends with "=(" TYPE "*)" pname ";": the declared part before '=' and the cast type. */
static bool split_data_stmt(const char *c, const char *pname, char **lhs, char **cast)
{
	size_t n = strlen(c), pn = strlen(pname), star, open;

	if (n < pn + 6 || c[n - 1] != ';' || strncmp(c + n - 1 - pn, pname, pn) != 0 ||
	    c[n - 2 - pn] != ')' || c[n - 3 - pn] != '*')
		return false;
	star = n - 3 - pn;
	for (open = star; open > 0 && c[open] != '('; open--)
		;
	if (open == 0 || c[open - 1] != '=')
		return false;
	*lhs = xstrndup(c, open - 1);
	*cast = xstrndup(c + open + 1, star - open - 1);
	return true;
}

/* "struct foo*bar" -> type "struct foo", name "bar"; false unless TYPE *NAME. */
static bool split_decl(const char *lhs, char **type, char **name)
{
	const char *star = strrchr(lhs, '*');
	const char *v;

	if (!star)
		return false;
	for (v = star + 1; *v; v++)
		if (!ta_lex_ident_char(*v))
			return false;
	if (star == lhs || !star[1] || strchr(lhs, '=') || strchr(lhs, ','))
		return false;
	*type = xstrndup(lhs, (size_t)(star - lhs));
	*name = xstrdup(star + 1);
	return true;
}

static bool is_ident(const char *s)
{
	if (!*s || !(ta_lex_ident_char(*s) && !(*s >= '0' && *s <= '9')))
		return false;
	for (; *s; s++)
		if (!ta_lex_ident_char(*s))
			return false;
	return true;
}

static bool same_canon_type(const char *a, const char *b)
{
	if (ta_str_starts(a, "const "))
		a += 6;
	if (ta_str_starts(b, "const "))
		b += 6;
	return strcmp(a, b) == 0;
}

/* The type T of the callback's declaration `T *var;` (canonical), or NULL. */
static char *local_type(const struct stmt *v, size_t n, const char *var)
{
	for (size_t i = 0; i < n; i++) {
		size_t cl = strlen(v[i].canon), vl = strlen(var);
		const char *c = v[i].canon;
		if (cl > vl + 2 && strncmp(c + cl - vl - 1, var, vl) == 0 && c[cl - 1] == ';' &&
		    c[cl - vl - 2] == '*' && !strchr(c, ',') && !strchr(c, '='))
			return xstrndup(c, cl - vl - 2);
	}
	return NULL;
}

/* The callback's definition: its file, parameter and body.  0 when found. */
static int callback_body(ta_rw *rw, ta_src **srcp, size_t *param_s, size_t *param_e, size_t *body,
			 size_t *body_end)
{
	const ta_tasklet *t = rw->t;
	const char *file = t->callback_file ? t->callback_file : t->file;
	unsigned line = t->callback_line;
	char *found = NULL;
	ta_src *src = NULL;
	size_t name_off, open, close, st[2], en[2];
	int rc;

	if (file && line)
		src = ta_srcset_get(rw->set, file);
	if (src && ta_rw_find_call(src, line, 0, t->callback, &name_off, &open) != 0 &&
	    (rc = ta_rw_macro_callback(rw, src, line, t->callback, &name_off, &open)) !=
		    TA_RW_NOT_NEEDED) {
		if (rc != TA_RW_DONE)
			return rc; /* a macro writes it, and something else too */
	} else if (!src || ta_rw_find_call(src, line, 0, t->callback, &name_off, &open) != 0) {
		if (!file || ta_rw_find_definition(rw, t->callback, file, &found, &line) != 0)
			return ta_rw_refuse(rw, "cannot find the definition of '%s'", t->callback);
		src = ta_srcset_get(rw->set, found);
		free(found);
		if (!src || ta_rw_find_call(src, line, 0, t->callback, &name_off, &open) != 0)
			return ta_rw_refuse(rw, "cannot find the definition of '%s'", t->callback);
	}
	close = ta_lex_match(src->text, src->len, open);
	*body = close == TA_NPOS ? TA_NPOS : ta_lex_skip(src->text, src->len, close + 1);
	if (*body == TA_NPOS || *body >= src->len || src->text[*body] != '{' ||
	    (*body_end = ta_lex_match(src->text, src->len, *body)) == TA_NPOS ||
	    ta_lex_args(src->text, src->len, open, st, en, 2) != 1)
		return ta_rw_refuse(rw, "%s:%u: cannot read the definition of '%s'", src->rel, line,
				    t->callback);
	*srcp = src;
	*param_s = st[0];
	*param_e = en[0];
	return TA_RW_DONE;
}

/* ------------------------------------------------------------ the preparation */

struct prep {
	ta_rw *rw;
	const ta_prep_rules *rules;
	const ta_site *site;
	bool any_stmt; /* the init may be an if's or else's unbraced body (several_callbacks()) */
	/* the init site */
	ta_src *isrc;
	size_t iname, iopen, ist[4], ien[4];
	size_t fn_open, fn_close; /* the init function's body */
	struct stmt *istmts;
	size_t n_istmts, init_stmt; /* init_stmt: the tasklet_init() statement */
	char *base;                 /* the container as written at the init: "eni_dev" */
	char *base_c;               /* canonical */
	bool arrow;                 /* base->field (else base.field) */
	size_t d0_start, d0_end;    /* the data expression without its integer casts */
	char *d0, *d0_c;            /* as written; canonical */
	/* the callback */
	ta_src *csrc;
	size_t body, body_end;
	char *pname;
	struct stmt *cstmts;
	size_t n_cstmts;
	struct data_stmt ds;
	/* the container in the callback */
	char *cvar;        /* its local variable */
	size_t derived;    /* the statement computing it from the data (TA_NPOS: none) */
	char *derived_how; /* for the changelog */
	bool d_needed;     /* the callback uses the data for more than the container */
	/* where the callback finds the data */
	char *member;    /* the member of the container holding it */
	size_t existing; /* the init function's statement setting it (TA_NPOS: a new member) */
};

static void prep_free(struct prep *p)
{
	stmts_free(p->istmts, p->n_istmts);
	stmts_free(p->cstmts, p->n_cstmts);
	free(p->base);
	free(p->base_c);
	free(p->d0);
	free(p->d0_c);
	free(p->pname);
	data_stmt_free(&p->ds);
	free(p->cvar);
	free(p->derived_how);
	free(p->member);
}

static bool integer_type(const char *c)
{
	static const char *const types[] = {"unsigned long",
					    "ulong",
					    "u_long",
					    "u64",
					    "uintptr_t",
					    "long",
					    "unsigned long int",
					    "long unsigned int",
					    "unsigned long long"};

	for (size_t i = 0; i < sizeof(types) / sizeof(*types); i++)
		if (strcmp(c, types[i]) == 0)
			return true;
	return false;
}

/* The init site: tasklet_init(&BASE->field, cb, (unsigned long)D0) as one statement. */
static int read_init(struct prep *p)
{
	ta_rw *rw = p->rw;
	const ta_site *s = p->site;
	const char *txt;
	size_t o, f, e, d, end, paren;

	p->isrc = ta_srcset_get(rw->set, s->file);
	if (!p->isrc ||
	    ta_rw_find_call(p->isrc, s->line, s->col, "tasklet_init", &p->iname, &p->iopen) != 0 ||
	    ta_lex_args(p->isrc->text, p->isrc->len, p->iopen, p->ist, p->ien, 4) != 3)
		return ta_rw_refuse(rw, "%s:%u: cannot read tasklet_init()", s->file, s->line);
	txt = p->isrc->text;
	/* &base->field */
	o = ta_lex_skip(txt, p->isrc->len, p->ist[0]);
	if (txt[o] != '&')
		return ta_rw_refuse(rw, "%s:%u: the tasklet '%.*s' is not taken by its address",
				    s->file, s->line, (int)(p->ien[0] - p->ist[0]),
				    txt + p->ist[0]);
	o = ta_lex_skip(txt, p->isrc->len, o + 1);
	end = p->ien[0];
	/* &(base->field), as mvsas writes it */
	if (txt[o] == '(' && (paren = ta_lex_match(txt, p->isrc->len, o)) != TA_NPOS &&
	    ta_lex_skip(txt, p->isrc->len, paren + 1) >= p->ien[0]) {
		end = paren;
		while (end > o && strchr(" \t\n", txt[end - 1]))
			end--;
		o = ta_lex_skip(txt, p->isrc->len, o + 1);
	}
	if (rw->t->array && end > o && txt[end - 1] == ']') {
		/* an element, `&base->field[IDX]`: the member is the array */
		size_t open = ta_lex_open_of(txt, end, o, end - 1);
		if (open != TA_NPOS) {
			end = open;
			while (end > o && strchr(" \t\n", txt[end - 1]))
				end--;
		}
	}
	f = TA_NPOS;
	for (size_t q = ta_lex_find_ident(txt, o, end, rw->t->field, false); q != TA_NPOS;
	     q = ta_lex_find_ident(txt, q + 1, end, rw->t->field, false))
		f = q;
	if (f == TA_NPOS || f + strlen(rw->t->field) != end || !ta_lex_after_member_op(txt, f))
		return ta_rw_refuse(rw, "%s:%u: cannot find the member '%s' in '%.*s'", s->file,
				    s->line, rw->t->field, (int)(p->ien[0] - p->ist[0]),
				    txt + p->ist[0]);
	e = ta_lex_prev(txt, o, f);
	p->arrow = txt[e] == '>';
	e = p->arrow ? e - 1 : e;
	while (e > o && strchr(" \t\n", txt[e - 1]))
		e--;
	p->base = xstrndup(txt + o, e - o);
	p->base_c = canon(txt, o, e);
	if (!plain_operand(p->base_c) || p->base_c[0] == '&')
		return ta_rw_refuse(rw,
				    "%s:%u: the tasklet's container '%s' is not a plain expression "
				    "(it would be evaluated twice)",
				    s->file, s->line, p->base);
	/* the data without its integer casts */
	d = ta_lex_skip(txt, p->isrc->len, p->ist[2]);
	while (txt[d] == '(') {
		size_t c = ta_lex_match(txt, p->isrc->len, d);
		char *ty;
		bool integer;
		if (c == TA_NPOS || c >= p->ien[2])
			break;
		ty = canon(txt, d + 1, c);
		integer = integer_type(ty);
		free(ty);
		if (!integer)
			break;
		d = ta_lex_skip(txt, p->isrc->len, c + 1);
	}
	p->d0_start = d;
	p->d0_end = p->ien[2];
	p->d0 = xstrndup(txt + d, p->d0_end - d);
	p->d0_c = canon(txt, d, p->d0_end);
	/* the statement it is, in its function */
	if (enclosing_function(p->isrc, p->iname, &p->fn_open, &p->fn_close) != 0)
		return ta_rw_refuse(rw, "%s:%u: tasklet_init() outside a function", s->file,
				    s->line);
	p->n_istmts = statements(p->isrc, p->fn_open + 1, p->fn_close, &p->istmts);
	p->init_stmt = TA_NPOS;
	for (size_t i = 0; i < p->n_istmts; i++)
		if (p->istmts[i].a == p->iname ||
		    (p->any_stmt && p->istmts[i].a <= p->iname && p->iname < p->istmts[i].semi))
			p->init_stmt = i;
	if (p->any_stmt && p->init_stmt != TA_NPOS)
		return TA_RW_DONE;
	/* not the body of an if/else/for without braces: then the statement starts before it */
	if (p->init_stmt == TA_NPOS || !p->istmts[p->init_stmt].own_lines)
		return ta_rw_refuse(rw,
				    "%s:%u: tasklet_init() is not a statement of its own line(s) "
				    "in a block",
				    s->file, s->line);
	return TA_RW_DONE;
}

/* Is the statement k of the init function, before its tasklet_init(), one that holds there? */
static bool holds_at_init(const struct prep *p, size_t k)
{
	int depth = p->istmts[k].depth;

	if (k >= p->init_stmt || depth > p->istmts[p->init_stmt].depth)
		return false;
	for (size_t i = k; i <= p->init_stmt; i++)
		if (p->istmts[i].depth < depth)
			return false;
	return true;
}

/* The type T of name declared `T *name` in the init function's statements or parameters. */
static char *declared_type(const struct prep *p, const char *name)
{
	const char *s = p->isrc->text;
	size_t close = ta_lex_prev(s, 0, p->fn_open), open;
	size_t st[16], en[16];
	int n;

	for (size_t i = 0; i < p->n_istmts && i < p->init_stmt; i++) {
		const char *c = p->istmts[i].canon, *eq = strchr(c, '=');
		size_t vl = strlen(name), cl = eq ? (size_t)(eq - c) : strlen(c) - 1;
		if (strchr(c, ',') || cl <= vl + 1 || strncmp(c + cl - vl, name, vl) != 0 ||
		    c[cl - vl - 1] != '*')
			continue;
		return xstrndup(c, cl - vl - 1);
	}
	if (close == TA_NPOS || s[close] != ')' ||
	    (open = ta_lex_open_of(s, p->isrc->len, 0, close)) == TA_NPOS)
		return NULL;
	n = ta_lex_args(s, p->isrc->len, open, st, en, 16);
	for (int i = 0; i < n; i++) {
		char *c = canon(s, st[i], en[i]);
		size_t cl = strlen(c), vl = strlen(name);
		if (cl > vl + 1 && strcmp(c + cl - vl, name) == 0 && c[cl - vl - 1] == '*') {
			c[cl - vl - 1] = '\0';
			return c;
		}
		free(c);
	}
	return NULL;
}

/*
 * `D0 = container_of(BASE, T, m);` (also as a declaration) at statement
 * k: the data is the outer container of the tasklet's own, read the
 * other way (mt7921's `dev = container_of(mdev, struct mt792x_dev, mt76)`
 * before tasklet_init(&mdev->irq_tasklet, ..., dev)).  The member path
 * goes into *m, T into *type.
 */
static bool container_of_stmt(const struct prep *p, size_t k, char **type, char **m)
{
	const char *c = p->istmts[k].canon, *f, *rest, *comma;
	char *want = xasprintf("%s=container_of(%s,", p->d0_c, p->base_c);
	size_t n;

	f = strstr(c, want);
	rest = f ? f + strlen(want) : NULL;
	free(want);
	if (!f || !(f == c || (f[-1] == '*' && !memchr(c, ',', (size_t)(f - c)))))
		return false;
	comma = strchr(rest, ',');
	n = strlen(rest);
	if (!comma || strchr(comma + 1, ',') || n < 2 || strcmp(rest + n - 2, ");") != 0 ||
	    !ta_str_starts(rest, "struct "))
		return false;
	for (const char *q = comma + 1; q < rest + n - 2; q++)
		if (!ta_lex_ident_char(*q) && *q != '.')
			return false;
	if (comma + 1 == rest + n - 2)
		return false;
	*type = xstrndup(rest, (size_t)(comma - rest));
	*m = xstrndup(comma + 1, (size_t)(rest + n - 2 - comma - 1));
	return true;
}

/*
 * The tasklet's container is a local alias of a member of the data, set
 * before tasklet_init() and not changed until then (`base = &D0->m;`), or
 * the data was computed from it (`D0 = container_of(base, T, m);`): the
 * data is the outer container.  The model's correction goes into out.
 */
static bool alias_of_data(struct prep *p, struct ta_prep *out)
{
	const ta_tasklet *t = p->rw->t;
	char *want = xasprintf("%s=&%s->", p->base_c, p->d0_c), *m = NULL, *type = NULL;
	size_t at = TA_NPOS;

	if (!is_ident(p->base) || !p->arrow || !is_ident(p->d0_c)) {
		free(want);
		return false;
	}
	for (size_t i = 0; i < p->n_istmts; i++) {
		const char *c = p->istmts[i].canon, *f = strstr(c, want);
		char *ct = NULL, *cm = NULL;
		if (f && holds_at_init(p, i) && (f == c || (f[-1] == '*' && !strchr(c, ',')))) {
			free(m);
			free(type);
			type = NULL;
			m = xstrndup(f + strlen(want), strlen(f + strlen(want)) - 1);
			at = i;
		} else if (holds_at_init(p, i) && container_of_stmt(p, i, &ct, &cm)) {
			free(m);
			free(type);
			m = cm;
			type = ct;
			at = i;
		} else if (at != TA_NPOS && i < p->init_stmt &&
			   ((ta_str_starts(c, p->base_c) && c[strlen(p->base_c)] == '=') ||
			    (ta_str_starts(c, p->d0_c) && c[strlen(p->d0_c)] == '='))) {
			at = TA_NPOS; /* set again: not the alias any more */
		} else {
			free(ct);
			free(cm);
		}
	}
	free(want);
	for (const char *k = m; m && *k; k++)
		if (!ta_lex_ident_char(*k) && *k != '.') {
			free(m);
			free(type);
			return false;
		}
	if (at != TA_NPOS && m && *m && !type)
		type = declared_type(p, p->d0_c);
	if (at == TA_NPOS || !m || !*m || !type) {
		free(m);
		free(type);
		return false;
	}
	out->root_type = type;
	out->member_path = xasprintf("%s.%s", m, t->field);
	out->text = xasprintf("%s->%s.%s", p->d0, m, t->field);
	out->data = xstrdup(p->site->data);
	free(m);
	return true;
}

/* The one use of the data in the callback: `T *d = (T *)data;` or `d = (T *)data;`. */
static int read_callback(struct prep *p)
{
	ta_rw *rw = p->rw;
	const char *txt;
	size_t ps = 0, pe = 0, use = TA_NPOS, n_uses = 0, e;
	char *lhs = NULL, *cast = NULL, *ptype;
	int rc;

	if ((rc = callback_body(rw, &p->csrc, &ps, &pe, &p->body, &p->body_end)) != TA_RW_DONE)
		return rc;
	txt = p->csrc->text;
	e = pe;
	while (e > ps && ta_lex_ident_char(txt[e - 1]))
		e--;
	p->pname = xstrndup(txt + e, pe - e);
	ptype = canon(txt, ps, e);
	if (!integer_type(ptype) || !*p->pname) {
		free(ptype);
		return TA_RW_NOT_NEEDED; /* not an old-style callback with a named parameter */
	}
	free(ptype);
	for (size_t q = ta_lex_find_ident(txt, p->body, p->body_end, p->pname, true); q != TA_NPOS;
	     q = ta_lex_find_ident(txt, q + 1, p->body_end, p->pname, true)) {
		n_uses++;
		use = q;
	}
	if (n_uses == 0)
		return TA_RW_NOT_NEEDED;
	p->n_cstmts = statements(p->csrc, p->body + 1, p->body_end, &p->cstmts);
	p->ds.stmt = TA_NPOS;
	for (size_t i = 0; i < p->n_cstmts; i++)
		if (p->cstmts[i].a <= use && use < p->cstmts[i].semi)
			p->ds.stmt = i;
	if (n_uses > 1 || p->ds.stmt == TA_NPOS ||
	    !split_data_stmt(p->cstmts[p->ds.stmt].canon, p->pname, &lhs, &cast))
		return ta_rw_refuse(rw,
				    "%s:%u: %s() uses '%s' other than in one statement "
				    "`T *var = (T *)%s;`",
				    p->csrc->rel, ta_src_line_of(p->csrc, use), rw->t->callback,
				    p->pname, p->pname);
	if (split_decl(lhs, &p->ds.type, &p->ds.var)) {
		p->ds.decl = true;
		if (strcmp(p->ds.type, "void") == 0 && strcmp(cast, "void") != 0) {
			free(p->ds.type);
			p->ds.type = xstrdup(cast);
		}
	} else if (is_ident(lhs)) {
		p->ds.var = xstrdup(lhs);
		p->ds.type = xstrdup(cast);
	}
	free(lhs);
	free(cast);
	if (!p->ds.var || !p->cstmts[p->ds.stmt].own_lines || p->cstmts[p->ds.stmt].depth != 1)
		return ta_rw_refuse(rw,
				    "%s:%u: %s() takes '%s' in a statement that is not "
				    "`T *var = (T *)%s;` alone on its line at the top of the body",
				    p->csrc->rel, ta_src_line_of(p->csrc, use), rw->t->callback,
				    p->pname, p->pname);
	p->ds.indent = indent_of(txt, p->cstmts[p->ds.stmt].a);
	return TA_RW_DONE;
}

/*
 * Does the callback compute the container from the data the way the init
 * function obtained it?  `C *c = EXPR(d);` in the callback, and before
 * tasklet_init() either `base = EXPR(D0)` / `EXPR(D0) = base` or
 * `SET(D0, base)` for a getter/setter pair with EXPR = GET(d).
 */
static void find_derived(struct prep *p)
{
	const ta_tasklet *t = p->rw->t;
	char *root = canon(t->root_type, 0, strlen(t->root_type));
	char *d0 = plain_operand(p->d0_c) ? xstrdup(p->d0_c) : xasprintf("(%s)", p->d0_c);

	p->derived = TA_NPOS;
	for (size_t i = p->ds.stmt + 1; i < p->n_cstmts && p->derived == TA_NPOS; i++) {
		const struct stmt *st = &p->cstmts[i];
		const char *c = st->canon, *eq = strchr(c, '=');
		char *lhs, *type = NULL, *var = NULL, *expr, *sub;
		bool ok = false;
		if (!eq || eq[1] == '=' || !st->own_lines || st->depth != 1 ||
		    ta_lex_find_ident(p->csrc->text, st->a, st->semi, p->ds.var, true) == TA_NPOS)
			continue;
		lhs = xstrndup(c, (size_t)(eq - c));
		if (!p->ds.decl && is_ident(lhs))
			type = local_type(p->cstmts, p->n_cstmts, lhs);
		if (p->ds.decl ? !split_decl(lhs, &type, &var) || !same_canon_type(type, root)
			       : !type || !same_canon_type(type, root)) {
			free(lhs);
			free(type);
			free(var);
			continue;
		}
		if (!var)
			var = xstrdup(lhs);
		expr = xstrndup(eq + 1, strlen(eq + 1) - 1);
		/* EXPR(D0), canonical: d replaced */
		{
			size_t ea = (size_t)(strchr(p->csrc->text + st->a, '=') - p->csrc->text) +
				    1;
			sub = canon_subst(p->csrc->text, ea, st->semi, p->ds.var, d0);
		}
		for (size_t k = 0; k < p->n_istmts && !ok; k++) {
			const char *ic = p->istmts[k].canon;
			char *w1, *w2, *w3;
			if (!holds_at_init(p, k))
				continue;
			w1 = xasprintf("%s=%s;", p->base_c, sub);
			w2 = xasprintf("%s=%s;", sub, p->base_c);
			w3 = xasprintf("*%s=%s;", p->base_c, sub);
			ok = strcmp(ic, w1) == 0 || strcmp(ic, w2) == 0 ||
			     (ta_str_ends(ic, w3) && !strchr(ic, ','));
			if (ok)
				p->derived_how = xasprintf("%s", expr);
			free(w1);
			free(w2);
			free(w3);
			for (size_t a = 0; a < p->rules->n_accessors && !ok; a++) {
				char *get = xasprintf("%s(%s)", p->rules->getters[a], p->ds.var);
				char *set = xasprintf("%s(%s,%s);", p->rules->setters[a], p->d0_c,
						      p->base_c);
				ok = strcmp(expr, get) == 0 && strcmp(ic, set) == 0;
				if (ok)
					p->derived_how = xasprintf("%s", expr);
				free(get);
				free(set);
			}
		}
		if (ok) {
			p->derived = i;
			p->cvar = xstrdup(var);
		}
		free(sub);
		free(expr);
		free(lhs);
		free(type);
		free(var);
	}
	free(root);
	free(d0);
}

/* A name for the container's local variable that the callback does not use. */
static char *fresh_container_name(const struct prep *p)
{
	const ta_tasklet *t = p->rw->t;
	const char *tag = t->root_type;
	const char *cands[4], *last = NULL;
	size_t n = 0;

	if (ta_str_starts(tag, "struct "))
		tag += 7;
	if (is_ident(p->base))
		cands[n++] = p->base;
	/* a nested struct: its member's name ("dma_priv" of "priv->dma_priv") */
	for (const char *c = p->base; *c; c++)
		if (*c == '.' || *c == '>')
			last = c + 1;
	if (last)
		cands[n++] = last;
	if (strrchr(tag, '_') && strlen(strrchr(tag, '_') + 1) >= 3)
		cands[n++] = strrchr(tag, '_') + 1;
	cands[n++] = tag;
	for (size_t i = 0; i < n; i++)
		if (is_ident(cands[i]) && strcmp(cands[i], p->pname) != 0 &&
		    strcmp(cands[i], p->ds.var) != 0 &&
		    !ident_used(p->csrc->text, p->body, p->body_end, cands[i]))
			return xstrdup(cands[i]);
	return NULL;
}

/*
 * A member of the container the init function sets to the data:
 * `base->m = D0;`, before tasklet_init() (kept) or right after it in the
 * same block (moved before it).  *k its statement.
 */
static char *existing_member(const struct prep *p, size_t *k, bool *move)
{
	char *prefix = xasprintf("%s%s", p->base_c, p->arrow ? "->" : ".");
	char *tail = xasprintf("=%s;", p->d0_c);
	char *m = NULL;

	for (size_t i = 0; i < p->n_istmts && !m; i++) {
		const char *c = p->istmts[i].canon;
		size_t pl = strlen(prefix), tl = strlen(tail), cl = strlen(c);
		char *name;
		if (!ta_str_starts(c, prefix) || cl <= pl + tl || strcmp(c + cl - tl, tail) != 0)
			continue;
		name = xstrndup(c + pl, cl - pl - tl);
		if (!is_ident(name) || strcmp(name, p->rw->t->field) == 0) {
			free(name);
			continue;
		}
		if (holds_at_init(p, i)) {
			m = name;
			*k = i;
			*move = false;
		} else if (i > p->init_stmt && p->istmts[i].own_lines &&
			   p->istmts[i].depth == p->istmts[p->init_stmt].depth &&
			   ta_src_line_of(p->isrc, p->istmts[i].a) ==
				   ta_src_line_of(p->isrc, p->istmts[i].semi)) {
			/* nothing in between uses the member, sets the data or leaves the block */
			bool clear = true;
			char *set_d0 = xasprintf("%s=", p->d0_c);
			for (size_t j = p->init_stmt + 1; j < i && clear; j++)
				clear = p->istmts[j].depth >= p->istmts[i].depth &&
					!ta_str_starts(p->istmts[j].canon, set_d0) &&
					ta_lex_find_ident(p->isrc->text, p->istmts[j].a,
							  p->istmts[j].semi, name,
							  false) == TA_NPOS;
			if (clear) {
				/* and the block does not close in between */
				size_t from = p->istmts[p->init_stmt].semi + 1;
				for (size_t q = from; q < p->istmts[i].a && clear; q++)
					clear = p->isrc->text[q] != '}' ||
						ta_lex_skip_literal(p->isrc->text, p->isrc->len,
								    q) != q;
			}
			free(set_d0);
			if (clear) {
				m = name;
				*k = i;
				*move = true;
			} else {
				free(name);
			}
		} else {
			free(name);
		}
	}
	free(prefix);
	free(tail);
	return m;
}

/*
 * The line `TYPE *name;` for a member declared after the one whose
 * "tasklet_struct" is at at: its name in the same column when the struct
 * aligns its member names (with tabs or spaces, as it does).
 */
static char *member_line(const char *s, size_t at, const char *ind, const char *type,
			 const char *name)
{
	size_t q = at + strlen("tasklet_struct"), e = q;
	ta_buf b = {0};
	unsigned target, col;
	bool tabs;

	while (s[e] == ' ' || s[e] == '\t')
		e++;
	target = ta_lex_column(s, e);
	tabs = memchr(s + q, '\t', e - q) != NULL;
	ta_buf_printf(&b, "%s%s", ind, type);
	col = ta_lex_column(b.s, b.len);
	if (e - q == 1 && !tabs) {
		ta_buf_putc(&b, ' ');
	} else if (tabs) {
		size_t keep = b.len;
		while (col < target) {
			ta_buf_putc(&b, '\t');
			col = (col / 8 + 1) * 8;
		}
		if (col != target || b.len == keep) {
			b.len = keep;
			ta_buf_putc(&b, ' ');
		}
	} else {
		do
			ta_buf_putc(&b, ' ');
		while (++col < target);
	}
	ta_buf_printf(&b, "*%s;\n", name);
	return ta_buf_steal(&b);
}

/* Insert `TYPE *name;` after the tasklet's declaration, and its kernel-doc tag. */
static int add_member(struct prep *p, const char *name)
{
	ta_rw *rw = p->rw;
	const ta_tasklet *t = rw->t;
	ta_src *src;
	size_t at, semi, open, close, tag, comment_end = TA_NPOS, ins;
	char *ind, *line;
	int rc;

	if ((rc = t->array ? ta_rw_find_array_decl(rw, t->field, &src, &at, &semi)
			   : ta_rw_find_decl(rw, t->field, &src, &at, &semi)) != TA_RW_DONE)
		return rc;
	if (ta_lex_enclosing_braces(src->text, src->len, at, &open, &close) != 0)
		return ta_rw_refuse(rw, "%s:%u: cannot find the struct declaring '%s'", src->rel,
				    ta_src_line_of(src, at), t->field);
	if (ta_lex_find_ident(src->text, open, close, name, false) != TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: %s already has a member or word '%s'", src->rel,
				    ta_src_line_of(src, at), t->root_type, name);
	ind = indent_of(src->text, at);
	line = member_line(src->text, at, ind, p->ds.type, name);
	ins = line_after(src, semi);
	rc = ta_src_edit(src, ins, 0, line);
	free(line);
	free(ind);
	if (rc != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	/* the struct's kernel-doc describes every member */
	tag = ta_rw_member_doc_tag(src, at, t->field, &comment_end);
	if (tag != TA_NPOS) {
		size_t ls = line_start(src->text, tag), e = line_after(src, tag);
		char *lead = xstrndup(src->text + ls, tag - ls), *doc;
		/* past the tag's continuation lines: up to the next tag, blank line or the end */
		while (e < comment_end) {
			size_t k = e;
			while (k < comment_end && strchr(" \t*", src->text[k]))
				k++;
			if (k >= comment_end || src->text[k] == '@' || src->text[k] == '\n')
				break;
			e = line_after(src, e);
		}
		doc = xasprintf("%s@%s: what the @%s callback works on\n", lead, name, t->field);
		rc = e <= comment_end ? ta_src_edit(src, e, 0, doc) : -1;
		free(doc);
		free(lead);
		if (rc != 0)
			return ta_rw_refuse(rw, "%s: cannot add '%s' to the kernel-doc", src->rel,
					    name);
	}
	return TA_RW_DONE;
}

/* The edits at the init site: the member set before it, the container passed. */
static int edit_init(struct prep *p, bool move, size_t existing)
{
	ta_rw *rw = p->rw;
	ta_src *src = p->isrc;
	size_t ls = line_start(src->text, p->iname);
	char *ind = indent_of(src->text, p->iname), *txt;
	int rc = 0;

	if (p->d_needed && p->existing == TA_NPOS) {
		txt = xasprintf("%s%s%s%s = %s;\n", ind, p->base, p->arrow ? "->" : ".", p->member,
				p->d0);
		rc = ta_src_edit(src, ls, 0, txt);
		free(txt);
	} else if (p->d_needed && move) {
		const struct stmt *st = &p->istmts[existing];
		size_t a = line_start(src->text, st->a), b = line_after(src, st->semi);
		txt = xasprintf("%s%.*s\n", ind, (int)(st->semi + 1 - st->a), src->text + st->a);
		rc = ta_src_edit(src, ls, 0, txt) || ta_src_edit(src, a, b - a, "");
		free(txt);
	}
	free(ind);
	if (rc == 0) {
		txt = p->arrow ? xstrdup(p->base) : xasprintf("&%s", p->base);
		rc = ta_src_edit(src, p->d0_start, p->d0_end - p->d0_start, txt);
		free(txt);
	}
	return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
}

/* The callback's edits: the container from the data, the old data from the container. */
static int edit_callback(struct prep *p)
{
	ta_src *src = p->csrc;
	const char *ct = p->rw->t->root_type;
	const struct stmt *s1 = &p->cstmts[p->ds.stmt];
	size_t a1 = line_start(src->text, s1->a), b1 = line_after(src, s1->semi);
	const char *ind = p->ds.indent;
	ta_buf b = {0};
	int rc = 0;

	if (p->ds.decl) {
		ta_buf_printf(&b, "%s%s *%s = (%s *)%s;\n", ind, ct, p->cvar, ct, p->pname);
		if (p->d_needed)
			ta_buf_printf(&b, "%s%s *%s = %s->%s;\n", ind, p->ds.type, p->ds.var,
				      p->cvar, p->member);
		rc = ta_src_edit(src, a1, b1 - a1, b.s);
		if (rc == 0 && p->derived != TA_NPOS) {
			const struct stmt *s2 = &p->cstmts[p->derived];
			size_t a2 = line_start(src->text, s2->a), b2 = line_after(src, s2->semi);
			rc = ta_src_edit(src, a2, b2 - a2, "");
		}
	} else if (p->derived != TA_NPOS) {
		const struct stmt *s2 = &p->cstmts[p->derived];
		size_t a2 = line_start(src->text, s2->a), b2 = line_after(src, s2->semi);
		char *ind2 = indent_of(src->text, s2->a);
		ta_buf_printf(&b, "%s%s = (%s *)%s;\n", ind, p->cvar, ct, p->pname);
		rc = ta_src_edit(src, a1, b1 - a1, b.s);
		b.len = 0;
		ta_buf_printf(&b, "%s%s = %s->%s;\n", ind2, p->ds.var, p->cvar, p->member);
		rc = rc || ta_src_edit(src, a2, b2 - a2, b.s);
		free(ind2);
	} else {
		/* declare the container first in the body, take the data from it */
		size_t first = line_after(src, p->body);
		ta_buf_printf(&b, "\t%s *%s = (%s *)%s;\n", ct, p->cvar, ct, p->pname);
		rc = ta_src_edit(src, first, 0, b.s);
		b.len = 0;
		ta_buf_printf(&b, "%s%s = %s->%s;\n", ind, p->ds.var, p->cvar, p->member);
		rc = rc || ta_src_edit(src, a1, b1 - a1, b.s);
	}
	ta_buf_free(&b);
	return rc ? ta_rw_refuse(p->rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
}

/* Does the callback use the data variable for anything but the derived container? */
static bool data_needed(const struct prep *p)
{
	const char *s = p->csrc->text;

	if (!p->ds.decl || p->derived == TA_NPOS)
		return true;
	for (size_t q = ta_lex_find_ident(s, p->body, p->body_end, p->ds.var, true); q != TA_NPOS;
	     q = ta_lex_find_ident(s, q + 1, p->body_end, p->ds.var, true)) {
		const struct stmt *s1 = &p->cstmts[p->ds.stmt], *s2 = &p->cstmts[p->derived];
		if (!(q >= s1->a && q <= s1->semi) && !(q >= s2->a && q <= s2->semi))
			return true;
	}
	return false;
}

static void note(struct prep *p, bool move)
{
	ta_rw *rw = p->rw;
	const ta_tasklet *t = rw->t;
	const char *fn = p->site->function ? p->site->function : "the init function";
	ta_buf b = {0};

	ta_buf_printf(&b, "%s: %s() is given the %s it is a member of, %s, instead of %s", t->name,
		      t->callback, t->root_type, p->base, p->d0);
	if (p->derived != TA_NPOS)
		ta_buf_printf(&b, "; the callback computed it as %s, which is how %s() obtained it",
			      p->derived_how, fn);
	if (!p->d_needed)
		ta_buf_printf(&b, ", and used %s for nothing else", p->ds.var);
	else if (p->existing == TA_NPOS)
		ta_buf_printf(&b,
			      "; %s is kept in the new member %s%s%s, set right before "
			      "tasklet_init() from the expression tasklet_init() was given",
			      p->ds.var, p->base, p->arrow ? "->" : ".", p->member);
	else if (move)
		ta_buf_printf(&b,
			      "; %s is read from %s%s%s, which %s() set to the same value right "
			      "after tasklet_init() and now sets right before it",
			      p->ds.var, p->base, p->arrow ? "->" : ".", p->member, fn);
	else
		ta_buf_printf(&b,
			      "; %s is read from %s%s%s, which %s() already sets to the same "
			      "value before tasklet_init()",
			      p->ds.var, p->base, p->arrow ? "->" : ".", p->member, fn);
	ta_buf_puts(&b, ".");
	ta_rw_note(rw, "%s", b.s);
	ta_buf_free(&b);
}

/* The callback cb is also called directly, or installed on another tasklet: refused. */
static int data_fixed_elsewhere(ta_rw *rw, const char *cb)
{
	const ta_tasklet *t = rw->t, *other;

	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].api == TA_API_DIRECT_CALL && t->sites[i].callback &&
		    strcmp(t->sites[i].callback, cb) == 0)
			return ta_rw_refuse(rw,
					    "%s:%u: %s() is also called directly, with data the "
					    "preparation cannot follow",
					    t->sites[i].file, t->sites[i].line, cb);
	other = ta_rw_shared_callback(rw, cb);
	if (other)
		return ta_rw_refuse(rw,
				    "the callback '%s' is shared with tasklet '%s': its data "
				    "cannot change for one of them",
				    cb, other->name ? other->name : other->key);
	return TA_RW_DONE;
}

/*
 * The driver macros of src that write callbacks named in names[]: a
 * `#define M(...)` whose body pastes a prefix to an argument
 * (`static void talitos1_done_##name(...)`) writes those named
 * prefix + something.  Appended to b: " macros A (file:line, 2 of them)
 * and B (file:line, 4)", or " macro A at file:line" when one writes all;
 * nothing when none does.
 */
static void writing_macros(const ta_src *src, const char *const *names, size_t n, ta_buf *b)
{
	struct {
		size_t name, len, count;
		unsigned line;
	} found[8];
	size_t nf = 0, covered = 0;
	ta_lexer lx;
	struct ta_define d;

	ta_lexer_init(&lx, src->text, src->len, 0, TA_LEX_DIRECTIVES);
	while (nf < 8 && ta_rw_next_define(src, &lx, &d)) {
		size_t end = d.end, m = d.name + d.name_len, q = d.name, count = 0;
		const char *paste;
		for (size_t k = 0; k < n; k++) {
			bool writes = false;
			for (size_t at = m; !writes && at < end &&
					    (paste = memmem(src->text + at, end - at, "##", 2));
			     at = (size_t)(paste - src->text) + 2) {
				size_t pe = (size_t)(paste - src->text), ps = pe;
				while (ps > m &&
				       (src->text[ps - 1] == ' ' || src->text[ps - 1] == '\t'))
					ps--;
				pe = ps;
				while (ps > m && ta_lex_ident_char(src->text[ps - 1]))
					ps--;
				writes = pe > ps && strlen(names[k]) > pe - ps &&
					 strncmp(names[k], src->text + ps, pe - ps) == 0;
			}
			count += writes;
		}
		if (count) {
			found[nf].name = q;
			found[nf].len = m - q;
			found[nf].count = count;
			found[nf].line = ta_src_line_of(src, d.at);
			covered += count;
			nf++;
		}
	}
	if (nf == 1 && covered == n) {
		ta_buf_printf(b, " macro %.*s at %s:%u", (int)found[0].len,
			      src->text + found[0].name, src->rel, found[0].line);
		return;
	}
	if (nf)
		ta_buf_puts(b, nf == 1 ? " macro " : " macros ");
	for (size_t i = 0; i < nf; i++)
		ta_buf_printf(b, "%s%.*s (%s:%u, %zu%s)",
			      i == 0        ? ""
			      : i + 1 == nf ? " and "
					    : ", ",
			      (int)found[i].len, src->text + found[i].name, src->rel, found[i].line,
			      found[i].count, i == 0 ? " of them" : "");
}

/*
 * What the old-API init sites install, when that is more than one
 * callback: ", installing 6 callbacks (talitos1_done_ch0() and 5 more,
 * written by the driver macros DEF_TALITOS1_DONE (talitos.c:466, 2 of
 * them) and DEF_TALITOS2_DONE (talitos.c:493, 4))": each
 * would need the data moved into the container ("" for one callback).
 */
static char *callbacks_installed(ta_rw *rw)
{
	const ta_tasklet *t = rw->t;
	const char *names[64];
	size_t n = 0;
	ta_buf b = {0};
	ta_src *src;

	for (size_t i = 0; i < t->n_init && n < 64; i++) {
		const char *cb = t->init_sites[i].callback;
		bool seen = !cb || t->init_sites[i].api != TA_API_TASKLET_INIT;
		for (size_t k = 0; k < n && !seen; k++)
			seen = strcmp(names[k], cb) == 0;
		if (!seen)
			names[n++] = cb;
	}
	if (n < 2)
		return xstrdup("");
	ta_buf_printf(&b, ", installing %zu callbacks with it (%s()", n, names[0]);
	for (size_t k = 1; k < n && k < 3; k++)
		ta_buf_printf(&b, "%s%s()", k + 1 == n ? " and " : ", ", names[k]);
	if (n > 3)
		ta_buf_printf(&b, " and %zu more", n - 3);
	/* a definition whose line does not name it is a macro's expansion */
	src = t->callback_file && t->callback_line && t->callback
		      ? ta_srcset_get(rw->set, t->callback_file)
		      : NULL;
	if (src) {
		size_t a = ta_src_line(src, t->callback_line);
		size_t e = ta_src_line_end(src, t->callback_line);
		if (a != TA_NPOS &&
		    ta_lex_find_ident(src->text, a, e, t->callback, true) == TA_NPOS) {
			ta_buf m = {0};
			writing_macros(src, names, n, &m);
			if (m.len)
				ta_buf_printf(&b, ", written by the driver%s", m.s);
			ta_buf_free(&m);
		}
	}
	ta_buf_puts(&b, "), each to be given the container instead");
	if (t->array) {
		/* talitos: done_task[0] and done_task[1] get different callbacks */
		const char *elems[8];
		size_t ne = 0;
		for (size_t i = 0; i < t->n_init && ne < 8; i++) {
			const char *e = t->init_sites[i].text;
			bool seen = !e;
			for (size_t k = 0; k < ne && !seen; k++)
				seen = strcmp(elems[k], e) == 0;
			if (!seen)
				elems[ne++] = e;
		}
		if (ne > 1) {
			ta_buf_printf(&b, " and to find the element of the array it serves (%s",
				      elems[0]);
			for (size_t k = 1; k < ne; k++)
				ta_buf_printf(&b, "%s%s", k + 1 == ne ? " or " : ", ", elems[k]);
			ta_buf_puts(&b, ")");
		}
	}
	return ta_buf_steal(&b);
}

/* Could the init site s be the alias found for the first one (out)? */
static bool same_alias(ta_rw *rw, const ta_prep_rules *rules, const ta_site *s,
		       const ta_site *first, const struct ta_prep *out)
{
	struct prep p = {
		.rw = rw, .rules = rules, .site = s, .existing = TA_NPOS, .derived = TA_NPOS};
	struct ta_prep one = {0};
	char *reason = rw->reason;
	bool same = false;

	rw->reason = NULL;
	if (s->api == TA_API_TASKLET_INIT && s->data_kind == TA_DATA_OTHER_POINTER && s->callback &&
	    first->callback && strcmp(s->callback, first->callback) == 0 && !s->via_macro &&
	    read_init(&p) == TA_RW_DONE && alias_of_data(&p, &one))
		same = strcmp(one.root_type, out->root_type) == 0 &&
		       strcmp(one.member_path, out->member_path) == 0 &&
		       strcmp(one.text, out->text) == 0;
	ta_prep_clear(&one);
	prep_free(&p);
	free(rw->reason);
	rw->reason = reason;
	return same;
}

/*
 * The start of the statement of the function body (its '{' at open) at
 * the body's own depth that holds off: the `if` of an if/else chain whose
 * branches hold it.
 */
static size_t top_statement(const ta_src *src, size_t open, size_t off)
{
	ta_lexer lx;
	ta_tok tk;
	size_t start = TA_NPOS;
	int depth = 0, parens = 0;
	bool closed = false;

	ta_lexer_init(&lx, src->text, off + 1, open + 1, TA_LEX_DIRECTIVES);
	while (ta_lex_next_sig(&lx, &tk) != TA_TOK_END) {
		char c = tk.kind == TA_TOK_PUNCT && tk.len == 1 ? src->text[tk.off] : 0;
		if (tk.kind == TA_TOK_DIRECTIVE)
			continue;
		if (depth == 0 && parens == 0 &&
		    (start == TA_NPOS ||
		     (closed && !(tk.len == 4 && strncmp(src->text + tk.off, "else", 4) == 0))))
			start = tk.off;
		closed = false;
		if (c == '(' || c == '[')
			parens++;
		else if ((c == ')' || c == ']') && parens > 0)
			parens--;
		else if (c == '{' && parens == 0)
			depth++;
		else if (c == '}' && parens == 0 && --depth == 0)
			closed = true;
		else if (c == ';' && depth == 0 && parens == 0)
			start = TA_NPOS;
	}
	return start;
}

/*
 * talitos' shape: several tasklet_init() in one function, in the branches
 * of an if/else chain, each installing its own callback with the same data
 * (`(unsigned long)dev`).  The member keeping the data is set once before
 * the statement that holds them all, every init passes the container, and
 * each callback reads the data from it.  TA_RW_NOT_NEEDED when the sites
 * do not have that shape (the caller's refusal stands).
 */
static int several_callbacks(ta_rw *rw, const ta_prep_rules *rules, struct ta_prep *out, char **why)
{
	const ta_tasklet *t = rw->t;
	struct prep *ps = xcalloc(t->n_init + 1, sizeof(*ps));
	size_t n = 0, first = TA_NPOS, last = 0, at, k = TA_NPOS, cap = 0;
	ta_tasklet *cbs = xcalloc(t->n_init + 1, sizeof(*cbs));
	size_t *cb_of = xcalloc(t->n_init + 1, sizeof(*cb_of)), n_cb = 0;
	char *member = NULL, *ind = NULL, *txt;
	bool move = false, needed = false;
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < t->n_init; i++) {
		const ta_site *s = &t->init_sites[i];
		if (s->api != TA_API_TASKLET_INIT || s->data_kind != TA_DATA_OTHER_POINTER ||
		    !s->callback || s->via_macro) {
			rc = TA_RW_NOT_NEEDED;
			goto out;
		}
		ps[n] = (struct prep){.rw = rw,
				      .rules = rules,
				      .site = s,
				      .any_stmt = true,
				      .existing = TA_NPOS,
				      .derived = TA_NPOS};
		if ((rc = read_init(&ps[n])) != TA_RW_DONE) {
			n++;
			goto out;
		}
		if (n > 0 && (ps[n].isrc != ps[0].isrc || ps[n].fn_open != ps[0].fn_open ||
			      strcmp(ps[n].base_c, ps[0].base_c) != 0 ||
			      strcmp(ps[n].d0_c, ps[0].d0_c) != 0)) {
			/* what one member set once cannot serve */
			if (ps[n].isrc != ps[0].isrc || ps[n].fn_open != ps[0].fn_open)
				*why = xasprintf("they are in different functions (%s:%u, %s:%u)",
						 ps[0].site->file, ps[0].site->line, s->file,
						 s->line);
			else if (strcmp(ps[n].d0_c, ps[0].d0_c) != 0)
				*why = xasprintf("they pass different data ('%s' at line %u, '%s' "
						 "at line %u)",
						 ps[0].d0, ps[0].site->line, ps[n].d0, s->line);
			else
				*why = xasprintf("they initialize it through different containers "
						 "('%s', '%s')",
						 ps[0].base, ps[n].base);
			n++;
			rc = TA_RW_NOT_NEEDED;
			goto out;
		}
		if (first == TA_NPOS || ps[n].iname < ps[first].iname)
			first = n;
		if (ps[n].iname > ps[last].iname)
			last = n;
		n++;
	}
	if (n < 2) {
		rc = TA_RW_NOT_NEEDED;
		goto out;
	}
	/* each callback once, read from the first init installing it */
	for (size_t i = 0; i < n; i++) {
		bool seen = false;
		for (size_t c = 0; c < n_cb && !seen; c++)
			seen = strcmp(cbs[c].callback, ps[i].site->callback) == 0;
		if (seen)
			continue;
		cbs[n_cb] = *t;
		cbs[n_cb].callback = ps[i].site->callback;
		if (strcmp(ps[i].site->callback, t->callback) != 0) {
			char *file = NULL;
			unsigned line = 0;
			if (ta_rw_find_definition(rw, ps[i].site->callback, ps[i].site->file, &file,
						  &line) != 0) {
				rc = ta_rw_refuse(rw,
						  "cannot find the definition of the callback '%s'",
						  ps[i].site->callback);
				goto out;
			}
			cbs[n_cb].callback_file = ta_srcset_get(rw->set, file)->rel;
			cbs[n_cb].callback_line = line;
			free(file);
		}
		rw->t = &cbs[n_cb];
		rc = data_fixed_elsewhere(rw, ps[i].site->callback);
		if (rc == TA_RW_DONE)
			rc = read_callback(&ps[i]);
		if (rc == TA_RW_DONE) {
			find_derived(&ps[i]);
			ps[i].d_needed = data_needed(&ps[i]);
			if (!ps[i].cvar && !(ps[i].cvar = fresh_container_name(&ps[i])))
				rc = ta_rw_refuse(rw, "%s: no free name for a %s variable in %s()",
						  ps[i].csrc->rel, t->root_type,
						  ps[i].site->callback);
		}
		rw->t = t;
		if (rc != TA_RW_DONE)
			goto out;
		if (!same_canon_type(ps[i].ds.type, ps[cb_of[0]].ds.type)) {
			rc = ta_rw_refuse(rw,
					  "%s() and %s() take the data '%s' as different types "
					  "('%s', '%s')",
					  ps[cb_of[0]].site->callback, ps[i].site->callback,
					  ps[i].d0, ps[cb_of[0]].ds.type, ps[i].ds.type);
			goto out;
		}
		needed |= ps[i].d_needed;
		cb_of[n_cb++] = i;
	}
	/* the member: one the function already sets to the data, or a new one */
	if (needed) {
		struct prep *p0 = &ps[first];
		bool borrowed = p0 != &ps[cb_of[0]];
		if (borrowed)
			p0->ds = ps[cb_of[0]].ds; /* the data's type and name */
		member = existing_member(p0, &k, &move);
		if (member && move) {
			free(member);
			member = NULL; /* set after the inits: a new member instead */
		}
		if (!member) {
			member = xstrdup(p0->ds.var);
			if (add_member(p0, member) != TA_RW_DONE) {
				free(rw->reason);
				rw->reason = NULL;
				free(member);
				member = xasprintf("%s_%s", t->field, p0->ds.var);
				rc = add_member(p0, member);
			}
		}
		if (borrowed)
			memset(&p0->ds, 0, sizeof(p0->ds));
		if (rc != TA_RW_DONE)
			goto out;
	}
	/* set once before the statement holding every init, nothing changing it until then */
	at = top_statement(ps[first].isrc, ps[first].fn_open, ps[first].iname);
	if (needed && k == TA_NPOS) {
		const struct prep *p0 = &ps[first];
		bool first_on_line = true;
		for (size_t q = line_start(p0->isrc->text, at); at != TA_NPOS && q < at; q++)
			first_on_line &= p0->isrc->text[q] == ' ' || p0->isrc->text[q] == '\t';
		if (at == TA_NPOS || !first_on_line) {
			rc = ta_rw_refuse(rw,
					  "%s:%u: cannot find the statement holding the %zu "
					  "tasklet_init() of '%s'",
					  p0->site->file, p0->site->line, n, t->name);
			goto out;
		}
		for (size_t i = 0; i < p0->n_istmts; i++) {
			const char *c = p0->istmts[i].canon;
			size_t bl = strlen(p0->base_c), dl = strlen(p0->d0_c);
			if (p0->istmts[i].a < at || p0->istmts[i].a > ps[last].iname)
				continue;
			if ((strncmp(c, p0->base_c, bl) == 0 && c[bl] == '=') ||
			    (strncmp(c, p0->d0_c, dl) == 0 && c[dl] == '=')) {
				rc = ta_rw_refuse(
					rw,
					"%s:%u: '%s' changes between the statement holding "
					"the tasklet_init() calls and them",
					p0->site->file, ta_src_line_of(p0->isrc, p0->istmts[i].a),
					c[bl] == '=' ? p0->base : p0->d0);
				goto out;
			}
		}
		ind = indent_of(p0->isrc->text, at);
		txt = xasprintf("%s%s%s%s = %s;\n", ind, p0->base, p0->arrow ? "->" : ".", member,
				p0->d0);
		rc = ta_src_edit(p0->isrc, line_start(p0->isrc->text, at), 0, txt) ? TA_RW_REFUSED
										   : TA_RW_DONE;
		free(txt);
		if (rc != TA_RW_DONE) {
			rc = ta_rw_refuse(rw, "%s: overlapping edits", p0->isrc->rel);
			goto out;
		}
	}
	/* every init passes the container, every callback reads the data from it */
	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		txt = ps[i].arrow ? xstrdup(ps[i].base) : xasprintf("&%s", ps[i].base);
		if (ta_src_edit(ps[i].isrc, ps[i].d0_start, ps[i].d0_end - ps[i].d0_start, txt))
			rc = ta_rw_refuse(rw, "%s: overlapping edits", ps[i].isrc->rel);
		free(txt);
	}
	for (size_t c = 0; c < n_cb && rc == TA_RW_DONE; c++) {
		struct prep *q = &ps[cb_of[c]];
		q->member = member ? xstrdup(member) : NULL;
		rw->t = &cbs[c];
		rc = edit_callback(q);
		rw->t = t;
	}
	if (rc != TA_RW_DONE)
		goto out;
	{
		ta_buf b = {0};
		const struct prep *p0 = &ps[first];
		ta_buf_printf(&b, "%s: ", t->name);
		for (size_t c = 0; c < n_cb; c++)
			ta_buf_printf(&b, "%s%s()",
				      c == 0          ? ""
				      : c + 1 == n_cb ? " and "
						      : ", ",
				      cbs[c].callback);
		ta_buf_printf(&b,
			      ", installed by %zu tasklet_init() calls, are given the %s it is a "
			      "member of, %s, instead of %s",
			      n, t->root_type, p0->base, p0->d0);
		if (needed && k == TA_NPOS)
			ta_buf_printf(&b,
				      "; %s is kept in the new member %s%s%s, set once before the "
				      "statement holding those calls",
				      ps[cb_of[0]].ds.var, p0->base, p0->arrow ? "->" : ".",
				      member);
		else if (needed)
			ta_buf_printf(&b, "; %s is read from %s%s%s, which %s() already sets",
				      ps[cb_of[0]].ds.var, p0->base, p0->arrow ? "->" : ".", member,
				      p0->site->function ? p0->site->function
							 : "the init function");
		ta_buf_puts(&b, ".");
		ta_rw_note(rw, "%s", b.s);
		ta_buf_free(&b);
	}
	out->init = (size_t)(ps[first].site - t->init_sites);
	for (size_t i = 0; i < n; i++)
		if (i != first)
			TA_PUSH(out->also, out->n_also, cap, (size_t)(ps[i].site - t->init_sites));
	{
		const struct prep *p0 = &ps[first];
		const char *x = p0->isrc->text;
		out->data = xasprintf("%.*s%s%s%.*s", (int)(p0->d0_start - p0->ist[2]),
				      x + p0->ist[2], p0->arrow ? "" : "&", p0->base,
				      (int)(p0->ien[2] - p0->d0_end), x + p0->d0_end);
	}
	out->passed = xstrdup(ps[cb_of[0]].ds.type);
	out->container = xstrdup(t->root_type);
out:
	rw->t = t;
	for (size_t i = 0; i < n; i++)
		prep_free(&ps[i]);
	free(ps);
	free(cbs);
	free(cb_of);
	free(member);
	free(ind);
	return rc;
}

/*
 * Several init sites (mt76's irq_tasklet: three chips tasklet_setup() it,
 * mt7921 and mt7925 tasklet_init() it with `dev`, the container_of() of
 * the tasklet's own struct): no edit can serve them all, but the model's
 * correction can, when every tasklet_init() with other data is the same
 * alias of its data for one callback and the other sites pass none.
 */
static int several_inits(ta_rw *rw, const ta_prep_rules *rules, size_t init, struct ta_prep *out)
{
	const ta_tasklet *t = rw->t;
	const ta_site *first = &t->init_sites[init];
	struct prep p = {
		.rw = rw, .rules = rules, .site = first, .existing = TA_NPOS, .derived = TA_NPOS};
	size_t cap = 0;
	char *why = NULL;
	int rc = TA_RW_DONE;

	if (first->via_macro || read_init(&p) != TA_RW_DONE || !alias_of_data(&p, out)) {
		free(rw->reason);
		rw->reason = NULL;
		rc = TA_RW_REFUSED;
	}
	out->init = init;
	for (size_t i = 0; i < t->n_init && rc == TA_RW_DONE; i++) {
		const ta_site *s = &t->init_sites[i];
		if (i == init || s->api == TA_API_TASKLET_SETUP)
			continue;
		if (!same_alias(rw, rules, s, first, out))
			rc = TA_RW_REFUSED;
		else
			TA_PUSH(out->also, out->n_also, cap, i);
	}
	prep_free(&p);
	if (rc == TA_RW_DONE)
		return rc;
	ta_prep_clear(out);
	rc = several_callbacks(rw, rules, out, &why);
	if (rc != TA_RW_NOT_NEEDED) {
		free(why);
		return rc;
	}
	ta_prep_clear(out);
	free(rw->reason);
	rw->reason = NULL;
	{
		char *cbs = callbacks_installed(rw);
		rc = ta_rw_refuse(rw,
				  "%s:%u: the data '%s' is not the tasklet's container, and the "
				  "tasklet has %zu init sites%s%s%s",
				  first->file, first->line, first->data ? first->data : "",
				  t->n_init, cbs, why ? "; " : "", why ? why : "");
		free(cbs);
	}
	free(why);
	return rc;
}

/*
 * The preparation of rw->t, a direct member of its container
 * (root_type), through init site `init`.
 */
static int prep_member(ta_rw *rw, const ta_prep_rules *rules, size_t init, struct ta_prep *out)
{
	const ta_tasklet *t = rw->t;
	struct prep p = {.rw = rw, .rules = rules, .existing = TA_NPOS, .derived = TA_NPOS};
	size_t k = TA_NPOS;
	bool move = false;
	const char *cb;
	int rc;

	p.site = &t->init_sites[init];
	cb = p.site->callback ? p.site->callback : t->callback;
	if (t->scope != TA_SCOPE_FIELD || !t->field || !t->member_path || !t->root_type ||
	    strcmp(t->member_path, t->field) != 0)
		return ta_rw_refuse(rw,
				    "%s:%u: the data '%s' is not the tasklet's container, and the "
				    "tasklet is not a direct member of a struct",
				    p.site->file, p.site->line, p.site->data ? p.site->data : "");
	if (p.site->via_macro)
		return ta_rw_refuse(rw, "%s:%u: tasklet_init() is written inside the macro '%s'",
				    p.site->file, p.site->line, p.site->via_macro);
	if ((rc = data_fixed_elsewhere(rw, cb)) != TA_RW_DONE)
		return rc;
	if ((rc = read_init(&p)) != TA_RW_DONE)
		goto out;
	if (alias_of_data(&p, out)) {
		out->init = init;
		rc = TA_RW_DONE;
		goto out;
	}
	if ((rc = read_callback(&p)) != TA_RW_DONE)
		goto out;
	find_derived(&p);
	p.d_needed = data_needed(&p);
	if (!p.cvar && !(p.cvar = fresh_container_name(&p))) {
		rc = ta_rw_refuse(rw, "%s: no free name for a %s variable in %s()", p.csrc->rel,
				  t->root_type, t->callback);
		goto out;
	}
	if (p.d_needed) {
		p.member = existing_member(&p, &k, &move);
		if (p.member) {
			p.existing = k;
		} else {
			p.member = xstrdup(p.ds.var);
			rc = add_member(&p, p.member);
			if (rc != TA_RW_DONE) {
				/* the name is taken: prefix the tasklet's */
				char *other = xasprintf("%s_%s", t->field, p.ds.var);
				free(rw->reason);
				rw->reason = NULL;
				free(p.member);
				p.member = other;
				if ((rc = add_member(&p, p.member)) != TA_RW_DONE)
					goto out;
			}
		}
	}
	if ((rc = edit_init(&p, move, k)) != TA_RW_DONE || (rc = edit_callback(&p)) != TA_RW_DONE)
		goto out;
	note(&p, move);
	out->init = init;
	{
		ta_src *src = p.isrc;
		size_t st[4], en[4];
		char *now = ta_src_result(src, NULL);
		/* the data as the prepared file writes it */
		size_t name_off = ta_src_map(src, p.iname), open;
		open = ta_lex_skip(now, strlen(now), name_off + strlen("tasklet_init"));
		if (ta_lex_args(now, strlen(now), open, st, en, 4) == 3)
			out->data = xstrndup(now + st[2], en[2] - st[2]);
		free(now);
	}
	out->passed = xstrdup(p.ds.type);
	out->container = xstrdup(t->root_type);
	rc = out->data ? TA_RW_DONE
		       : ta_rw_refuse(rw, "%s: cannot read the prepared init", p.isrc->rel);
out:
	prep_free(&p);
	return rc;
}

int ta_rewrite_prep(ta_rw *rw, const ta_prep_rules *rules, struct ta_prep *out)
{
	const ta_tasklet *t = rw->t;
	size_t init = TA_NPOS;
	const char *cb;
	int rc;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].api == TA_API_TASKLET_INIT &&
		    t->init_sites[i].data_kind == TA_DATA_OTHER_POINTER && init == TA_NPOS)
			init = i;
	if (init == TA_NPOS ||
	    (t->init_sites[init].sig == TA_SIG_NEW ||
	     (t->init_sites[init].sig == TA_SIG_UNKNOWN && t->sig == TA_SIG_NEW)))
		return TA_RW_NOT_NEEDED;
	if (t->array) {
		/* the same element of a parallel array: the conversion moves the work there */
		struct ta_array_pair pair;
		rc = ta_array_pair_find(rw, &pair);
		ta_array_pair_clear(&pair);
		if (rc != TA_RW_NOT_NEEDED)
			return rc == TA_RW_DONE ? TA_RW_NOT_NEEDED : rc;
	}
	cb = t->init_sites[init].callback ? t->init_sites[init].callback : t->callback;
	if (!cb || t->callback_is_expr)
		return TA_RW_NOT_NEEDED; /* the conversion says why */
	if (ta_rw_refuse_compiled_out(rw) != TA_RW_DONE)
		return TA_RW_REFUSED; /* the configuration hides the code to prepare */
	if (t->n_init > 1 && t->scope == TA_SCOPE_FIELD && t->field) {
		/* the root type the model took is one site's: each site's alias is its own */
		if ((rc = data_fixed_elsewhere(rw, cb)) != TA_RW_DONE)
			return rc;
		return several_inits(rw, rules, init, out);
	}
	if (t->scope == TA_SCOPE_FIELD && t->field && t->ctype && t->member_path &&
	    strcmp(t->member_path, t->field) != 0 && ta_str_ends(t->member_path, t->field) &&
	    t->member_path[strlen(t->member_path) - strlen(t->field) - 1] == '.') {
		/*
		 * A member of a struct nested in the root (renesas_sdhi's
		 * &priv->dma_priv.dma_complete): the struct declaring it is the
		 * container the tasklet is given, as from_tasklet() can recover it.
		 */
		ta_tasklet inner = *t;
		inner.root_type = t->ctype;
		inner.member_path = t->field;
		rw->t = &inner;
		rc = prep_member(rw, rules, init, out);
		rw->t = t;
		if (rc == TA_RW_DONE && !out->root_type) {
			out->root_type = xstrdup(t->ctype);
			out->member_path = xstrdup(t->field);
			out->text = xstrdup(t->init_sites[init].text ? t->init_sites[init].text
								     : t->name);
		}
		return rc;
	}
	return prep_member(rw, rules, init, out);
}

/* ------------------------------------------------------------ the model after it */

/* The copy and the strings it owns. */
struct prepped {
	ta_tasklet t;
	char *data, *root_type, *member_path, *text;
};

static ta_site *move_sites(const ta_site *v, size_t n, const ta_srcset *set)
{
	ta_site *out = xcalloc(n + 1, sizeof(*out));

	for (size_t i = 0; i < n; i++) {
		out[i] = v[i];
		ta_srcset_move(set, out[i].file, &out[i].line, &out[i].col);
	}
	return out;
}

ta_tasklet *ta_prep_tasklet(const ta_tasklet *t, const struct ta_prep *p, const ta_srcset *set)
{
	struct prepped *c = xcalloc(1, sizeof(*c));

	c->t = *t;
	c->t.init_sites = move_sites(t->init_sites, t->n_init, set);
	c->t.cap_init = t->n_init;
	c->t.sites = move_sites(t->sites, t->n_sites, set);
	c->t.cap_sites = t->n_sites;
	ta_srcset_move(set, t->file, &c->t.line, NULL);
	ta_srcset_move(set, t->callback_file, &c->t.callback_line, NULL);
	ta_srcset_move(set, t->decl_file, &c->t.decl_line, NULL);
	if (p && p->data && p->init < t->n_init) {
		c->data = xstrdup(p->data);
		c->t.init_sites[p->init].data = c->data;
		c->t.init_sites[p->init].data_kind = TA_DATA_CONTAINER;
		for (size_t i = 0; i < p->n_also && !p->root_type; i++) {
			/* several_callbacks(): every init passes the container */
			c->t.init_sites[p->also[i]].data = c->data;
			c->t.init_sites[p->also[i]].data_kind = TA_DATA_CONTAINER;
		}
		c->t.data = c->data;
		c->t.data_kind = TA_DATA_CONTAINER;
	}
	if (p && p->root_type && p->member_path && p->text && p->init < t->n_init) {
		c->root_type = xstrdup(p->root_type);
		c->member_path = xstrdup(p->member_path);
		c->text = xstrdup(p->text);
		c->t.root_type = c->root_type;
		c->t.member_path = c->member_path;
		c->t.init_sites[p->init].text = c->text;
		for (size_t i = 0; i < p->n_also; i++) {
			c->t.init_sites[p->also[i]].text = c->text;
			c->t.init_sites[p->also[i]].data_kind = TA_DATA_CONTAINER;
		}
	}
	return &c->t;
}

void ta_prep_tasklet_free(ta_tasklet **tp)
{
	struct prepped *c = (struct prepped *)*tp;

	if (!c)
		return;
	free(c->t.init_sites);
	free(c->t.sites);
	free(c->data);
	free(c->root_type);
	free(c->member_path);
	free(c->text);
	free(c);
	*tp = NULL;
}
