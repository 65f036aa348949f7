// SPDX-License-Identifier: GPL-2.0-only
/*
 * lexsites.c - the lexical recovery of tasklet sites: walks the tokens of
 * a region of the main file and turns each tasklet API call or
 * DECLARE_TASKLET* use into a site fact with the arguments as written
 * (white space dropped), the way the AST walk would have recorded it had
 * it seen the code.  Nothing here knows libclang: the indexer passes the
 * regions (skipped by the preprocessor, or the whole file after errors)
 * and resolves enclosing functions for it.
 */
#include "lexsites.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

/*
 * Has the AST walk already recorded this API at this line of the main file?
 * A record the broken AST could not resolve is returned through *weak, so
 * the lexical text (what the source says) can replace its partial text.
 */
static bool already_found(const struct ta_lexsites *ls, enum ta_api api, unsigned line,
			  ta_fact **weak)
{
	if (weak)
		*weak = NULL;
	for (size_t i = 0; i < ls->facts->n; i++) {
		ta_fact *f = &ls->facts->v[i];
		if (f->kind != TA_FACT_SITE || f->line != line || !f->file ||
		    strcmp(f->file, ls->file) != 0)
			continue;
		if (f->flags & TA_FF_INACTIVE)
			return true;
		if (f->api == api) {
			if (!f->key && !(f->flags & TA_FF_SELF) && weak) {
				*weak = f;
				return false;
			}
			return true;
		}
	}
	return false;
}

/*
 * "x->irq_tasklet.func = fn;" in a file whose AST is broken: an open-coded
 * init.  p is the offset of "func", line its line.
 */
static void func_assign(const struct ta_lexsites *ls, const char *text, unsigned p, unsigned b,
			unsigned line, unsigned flags)
{
	unsigned q = p + 4, start = p;
	ta_buf base = {0}, cb = {0};
	ta_fact f = {0};

	while (q < b && (text[q] == ' ' || text[q] == '\t'))
		q++;
	if (q + 1 >= b || text[q] != '=' || text[q + 1] == '=')
		return;
	/* the object right before ".func" / "->func" */
	if (start >= 1 && text[start - 1] == '.')
		start -= 1;
	else if (start >= 2 && text[start - 1] == '>' && text[start - 2] == '-')
		start -= 2;
	else
		return;
	unsigned end = start;
	while (start > 0 && (ta_lex_ident_char(text[start - 1]) || text[start - 1] == '.' ||
			     text[start - 1] == '>' || text[start - 1] == '-' ||
			     text[start - 1] == ']' || text[start - 1] == '['))
		start--;
	if (end <= start || !memmem(text + start, end - start, "tasklet", 7))
		return;
	ta_buf_add(&base, text + start, end - start);
	for (q++; q < b && text[q] != ';'; q++)
		if (text[q] != ' ' && text[q] != '\t' && text[q] != '\n')
			ta_buf_putc(&cb, text[q]);
	if (!already_found(ls, TA_API_ASSIGN_FUNC, line, NULL)) {
		f.kind = TA_FACT_SITE;
		f.api = TA_API_ASSIGN_FUNC;
		f.scope = TA_SCOPE_UNRESOLVED;
		f.flags = flags;
		f.file = (char *)ls->file;
		f.line = line;
		f.col = 1;
		f.text = base.s;
		f.callback = cb.s;
		f.sig = TA_SIG_OLD;
		ta_facts_add(ls->facts, &f);
	}
	ta_buf_free(&base);
	ta_buf_free(&cb);
}

/* "(mpi->mv_tasklet)", taken by &(mpi->mv_tasklet) as mvsas writes it: without its parentheses. */
static void unwrap(ta_buf *b)
{
	size_t depth = 0;

	if (b->len < 2 || b->s[0] != '(' || b->s[b->len - 1] != ')')
		return;
	for (size_t i = 0; i < b->len; i++) {
		depth += b->s[i] == '(';
		depth -= b->s[i] == ')';
		if (depth == 0 && i + 1 < b->len)
			return; /* (a)->b[(c)]: the first parenthesis closes early */
	}
	memmove(b->s, b->s + 1, b->len - 2);
	b->len -= 2;
	b->s[b->len] = '\0';
}

/*
 * The first three arguments of the call whose name ends at q, as written
 * minus white space (and minus a leading '&' on the first), split at
 * top-level commas; the count of commas seen (up to 3) goes to *argi.
 */
static void call_args(const char *text, size_t q, unsigned b, ta_buf args[3], int *argi)
{
	size_t depth = 0;

	*argi = 0;
	while (q < b && (text[q] == ' ' || text[q] == '\t'))
		q++;
	if (q >= b || text[q] != '(')
		return;
	for (q++; q < b; q++) {
		char ch = text[q];
		if (ch == ')' && depth == 0)
			break;
		if (ch == '(')
			depth++;
		else if (ch == ')')
			depth--;
		if (ch == ',' && depth == 0) {
			if (++*argi == 3)
				break;
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\n' ||
		    (ch == '&' && args[*argi].len == 0 && *argi == 0))
			continue;
		ta_buf_putc(&args[*argi], ch);
	}
	unwrap(&args[0]);
}

/* The API call or DECLARE_TASKLET* use named by the identifier token t, if one. */
static void api_site(const struct ta_lexsites *ls, const char *text, const ta_tok *t, unsigned b,
		     unsigned flags)
{
	unsigned p = (unsigned)t->off;
	size_t len = t->len;
	char name[64];
	enum ta_api api;
	ta_buf args[3] = {{0}, {0}, {0}};
	int argi = 0;
	ta_fact *weak = NULL;
	char *fn;

	if (len > sizeof(name) - 1)
		len = sizeof(name) - 1;
	memcpy(name, text + p, len);
	name[len] = '\0';
	api = ta_api_from_name(name);
	if (api != TA_API_NONE && ta_api_role(api) != TA_ROLE_INIT && api >= TA_API_DIRECT_CALL)
		api = TA_API_NONE;
	if (api == TA_API_NONE)
		return;
	call_args(text, p + len, b, args, &argi);
	ta_fact f = {.kind = TA_FACT_SITE,
		     .api = api,
		     .scope = TA_SCOPE_UNRESOLVED,
		     .flags = flags,
		     .file = (char *)ls->file,
		     .line = t->line,
		     .col = 1,
		     .text = args[0].s};
	if (ta_api_role(api) == TA_ROLE_INIT && argi >= 1) {
		f.callback = args[1].s;
		f.sig = api == TA_API_TASKLET_SETUP || api == TA_API_DECLARE_TASKLET ||
					api == TA_API_DECLARE_TASKLET_DISABLED
				? TA_SIG_NEW
				: TA_SIG_OLD;
	}
	if (api == TA_API_TASKLET_INIT && argi >= 2)
		f.data = args[2].s;
	if ((flags & TA_FF_LEXICAL) && (already_found(ls, api, t->line, &weak) || weak)) {
		if (weak && args[0].s) {
			/* the source's text, not the broken AST's */
			free(weak->text);
			weak->text = xstrdup(args[0].s);
			weak->flags |= TA_FF_LEXICAL;
		}
	} else {
		fn = ls->function_at(ls->data, p);
		f.function = fn;
		ta_facts_add(ls->facts, &f);
		free(fn);
	}
	for (int k = 0; k < 3; k++)
		ta_buf_free(&args[k]);
}

/*
 * Does a token make the name after it a declaration's (`void
 * tasklet_setup(struct tasklet_struct *t, ...)` in kernel/softirq.c, a
 * prototype, a pointer)?  `static DECLARE_TASKLET(...)` stays a site.
 */
static bool declares(const char *w, enum ta_tok_kind kind, size_t len)
{
	static const char *const types[] = {"void", "int",    "bool",   "long",
					    "char", "extern", "inline", "__always_inline"};

	if (kind == TA_TOK_PUNCT)
		return len == 1 && *w == '*';
	if (kind != TA_TOK_IDENT)
		return false;
	for (size_t i = 0; i < sizeof(types) / sizeof(*types); i++)
		if (len == strlen(types[i]) && memcmp(w, types[i], len) == 0)
			return true;
	return false;
}

/* Does text[0, n) hold a word ta_lexsites_scan() reads as a site? */
static bool holds_site_word(const char *text, size_t n)
{
	return memmem(text, n, "tasklet_", 8) || memmem(text, n, "DECLARE_TASKLET", 15);
}

/*
 * How the directive text[off, off + len) nests: 1 opens a conditional
 * block, -1 closes one, 0 neither, 2 cannot tell.
 */
static int nesting(const char *text, size_t off, size_t len)
{
	static const struct {
		const char *name;
		int nesting;
	} names[] = {{"if", 1}, {"ifdef", 1}, {"ifndef", 1}, {"endif", -1}};
	size_t i = ta_lex_directive_name(text, off, len), end = off + len, n;

	if (i < end && (text[i] == '/' || text[i] == '\\'))
		return 2;
	for (n = 0; i + n < end && ta_lex_ident_char(text[i + n]); n++)
		;
	for (size_t k = 0; k < sizeof(names) / sizeof(*names); k++)
		if (strlen(names[k].name) == n && strncmp(text + i, names[k].name, n) == 0)
			return names[k].nesting;
	return 0;
}

bool ta_lexsites_may_be_inactive(const char *text, size_t len)
{
	ta_lexer lx;
	ta_tok t;
	size_t depth = 0, open = 0;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		int how;
		if (t.unterminated)
			return true;
		if (t.kind != TA_TOK_DIRECTIVE)
			continue;
		how = nesting(text, t.off, t.len);
		if (how == 2)
			return true;
		if (how == 1 && depth++ == 0)
			open = t.off;
		else if (how == -1 && depth > 0 && --depth == 0 &&
			 holds_site_word(text + open, t.off + t.len - open))
			return true;
	}
	return depth > 0 && holds_site_word(text + open, len - open);
}

void ta_lexsites_scan(const struct ta_lexsites *ls, const char *text, unsigned a, unsigned b,
		      unsigned flags)
{
	ta_lexer lx;
	ta_tok t;
	bool declarator = false;

	ta_lexer_init(&lx, text, b, a, TA_LEX_DIRECTIVES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		const char *w = text + t.off;
		bool declared = declarator;
		if (t.kind == TA_TOK_SPACE || t.kind == TA_TOK_COMMENT || t.kind == TA_TOK_SPLICE)
			continue;
		declarator = declares(w, t.kind, t.len);
		if (t.kind != TA_TOK_IDENT || declared)
			continue;
		if ((flags & TA_FF_LEXICAL) && t.len == 4 && memcmp(w, "func", 4) == 0)
			func_assign(ls, text, (unsigned)t.off, b, t.line, flags);
		else if ((t.len >= 8 && memcmp(w, "tasklet_", 8) == 0) ||
			 (t.len >= 15 && memcmp(w, "DECLARE_TASKLET", 15) == 0))
			api_site(ls, text, &t, b, flags);
	}
}
