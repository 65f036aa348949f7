// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_fold.c - tasklet -> threaded IRQ or timer: the tasklet object
 * goes, its callback becomes the thread function (threaded IRQ) or a plain
 * function the timer callback calls (timer).  What each API becomes is the
 * mechanism's "kind" (remove, wake, inline) in rules/patch/conversions.json;
 * where the scheduling function may be registered is its "registrations".
 */
#include "rewrite_fold.h"

#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "lex.h"
#include "rewrite_alias.h"
#include "rewrite_callback.h"
#include "rewrite_stmt.h"
#include "rules.h"
#include "util.h"

/* A registration of the scheduling function and the rule it matched. */
struct reg {
	const ta_ref *ref;
	const ta_registration_rule *rule;
};

struct fold {
	ta_rw *rw;
	const ta_mechanism_rules *m;
	const char *fn;            /* the one function scheduling the tasklet */
	const char *fn_file;       /* where it is defined */
	const ta_site *proto_site; /* timer: a site before the callback's declaration */
	ta_src *h_src;             /* threaded IRQ: the primary handler's file, body, */
	size_t h_body, h_end;
	char *h_base; /* the container variable it schedules through */
	struct reg *regs;
	size_t n_regs, cap_regs;
	ta_mention *allowed; /* mentions of fn or the callback the conversion accounts for */
	size_t n_allowed, cap_allowed;
};

static void allow(struct fold *f, const char *file, size_t off)
{
	ta_mention m = {.file = file, .off = off};

	TA_PUSH(f->allowed, f->n_allowed, f->cap_allowed, m);
}

static bool allowed(const struct fold *f, const ta_mention *m)
{
	for (size_t i = 0; i < f->n_allowed; i++)
		if (f->allowed[i].off == m->off && strcmp(f->allowed[i].file, m->file) == 0)
			return true;
	return false;
}

/* Every site's API has a counterpart; one scheduling function in the one role. */
static int check_sites(struct fold *f)
{
	static const ta_site_context no_context; /* init sites run nowhere in particular */
	ta_rw *rw = f->rw;
	const ta_tasklet *t = rw->t;
	int role = f->m->schedule_role ? ta_role_from_name(f->m->schedule_role) : -1;

	if (t->n_init == 0)
		return ta_rw_refuse(rw, "no init site in the audited files");
	if (ta_rw_refuse_compiled_out(rw) != TA_RW_DONE)
		return TA_RW_REFUSED;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < (pass ? t->n_sites : t->n_init); i++) {
			const ta_site *s = pass ? &t->sites[i] : &t->init_sites[i];
			const ta_site_context *sc = pass ? ta_site_context_of(t, i) : &no_context;
			const ta_api_map *map = &f->m->apis[s->api];
			if (s->api == TA_API_DIRECT_CALL)
				return ta_rw_refuse(rw,
						    "%s:%u: the callback is also called directly",
						    s->file, s->line);
			if (map->kind == TA_MAP_REFUSE)
				return ta_rw_refuse(rw, "%s:%u: %s", s->file, s->line, map->refuse);
			if (map->kind == TA_MAP_NONE)
				return ta_rw_refuse(rw, "%s:%u: no %s counterpart for %s()",
						    s->file, s->line, f->m->name,
						    ta_api_name(s->api));
			if (s->via_macro)
				return ta_rw_refuse(
					rw, "%s:%u: %s() is written inside the macro '%s'", s->file,
					s->line, ta_api_name(s->api), s->via_macro);
			if (s->through)
				return ta_rw_refuse_through(rw, s);
			if (s->via)
				return ta_rw_refuse(
					rw,
					"%s:%u: %s() goes through %s: the %s conversion "
					"rewrites no wrapper",
					s->file, s->line, ta_api_name(s->api), s->via, f->m->name);
			if (!s->file || !s->line)
				return ta_rw_refuse(rw, "a %s() site has no location",
						    ta_api_name(s->api));
			if (map->kind != TA_MAP_WAKE && map->kind != TA_MAP_INLINE)
				continue;
			if (s->self || !s->function)
				return ta_rw_refuse(rw,
						    "%s:%u: the tasklet is scheduled from its own "
						    "callback",
						    s->file, s->line);
			if (role < 0 || sc->roles != TA_ROLE_BIT(role))
				return ta_rw_refuse(rw,
						    "%s:%u: %s() in %s() does not run only in %s "
						    "context (%s)",
						    s->file, s->line, ta_api_name(s->api),
						    s->function,
						    f->m->schedule_role ? f->m->schedule_role : "?",
						    sc->context ? sc->context : "unknown");
			if (sc->atomic_lock)
				return ta_rw_refuse(
					rw, "%s:%u: the tasklet is scheduled with a lock held",
					s->file, s->line);
			if (f->fn && strcmp(f->fn, s->function) != 0)
				return ta_rw_refuse(rw,
						    "scheduled from both %s() and %s(): not one "
						    "%s function",
						    f->fn, s->function, f->m->schedule_role);
			f->fn = s->function;
			f->fn_file = s->file;
		}
	if (!f->fn)
		return ta_rw_refuse(rw, "the tasklet is never scheduled");
	if (t->array)
		return ta_rw_refuse(rw, "an array of tasklets: not handled");
	if (t->scope != TA_SCOPE_FIELD || !t->field || !t->member_path || !t->root_type)
		return ta_rw_refuse(rw,
				    "a %s tasklet: only a tasklet in the driver's structure is "
				    "converted",
				    ta_scope_name(t->scope));
	if (ta_classification_of(t)->bh_exclusion && !f->m->bh_exclusion_ok)
		return ta_rw_refuse(rw,
				    "the tasklet shares data with code under spin_lock_bh(); in "
				    "process context that no longer excludes it: not mechanical");
	if (!t->callback || t->callback_is_expr)
		return ta_rw_refuse(rw, "the callback is an expression, not a function");
	if (ta_rw_shared_callback(rw, t->callback))
		return ta_rw_refuse(rw, "the callback '%s' is shared with another tasklet",
				    t->callback);
	return TA_RW_DONE;
}

/*
 * In softirq context a plain spin_lock() is enough against other softirq
 * users of the lock; in a thread a softirq can interrupt the holder and
 * spin on it forever.  A lock the callback takes with a plain_locks call
 * and another function also takes: refused.
 */
static int check_plain_locks(struct fold *f)
{
	const ta_audit *a = f->rw->audit;
	const ta_tasklet *t = f->rw->t;

	for (size_t i = 0; i < a->n_locks; i++) {
		const ta_lock *l = &a->locks[i];
		bool plain = false;
		if (!l->function || strcmp(l->function, t->callback) != 0 || !l->api)
			continue;
		for (size_t k = 0; k < f->m->n_plain_locks && !plain; k++)
			plain = strcmp(l->api, f->m->plain_locks[k]) == 0;
		if (!plain)
			continue;
		if (!l->key)
			return ta_rw_refuse(f->rw,
					    "%s:%u: the callback takes '%s' with %s(), which a "
					    "softirq could also want once it runs in a thread, and "
					    "the lock cannot be identified",
					    l->file, l->line, l->text ? l->text : "?", l->api);
		for (size_t k = 0; k < a->n_locks; k++) {
			const ta_lock *o = &a->locks[k];
			if (!o->key || strcmp(o->key, l->key) != 0 || !o->function ||
			    strcmp(o->function, t->callback) == 0)
				continue;
			return ta_rw_refuse(f->rw,
					    "%s:%u: the callback takes '%s' with %s(), and "
					    "%s() (%s:%u) takes it too: in a thread that needs "
					    "spin_lock_bh() or spin_lock_irqsave()",
					    l->file, l->line, l->key, l->api, o->function, o->file,
					    o->line);
		}
	}
	return TA_RW_DONE;
}

/* Where the scheduling function is registered: every registration must be convertible. */
static int check_registrations(struct fold *f)
{
	const ta_audit *a = f->rw->audit;

	for (size_t i = 0; i < a->n_refs; i++) {
		const ta_ref *r = &a->refs[i];
		const ta_registration_rule *rule = NULL;
		if (!r->fn || strcmp(r->fn, f->fn) != 0 || !r->context)
			continue;
		for (size_t k = 0; k < f->m->n_registrations && !rule; k++)
			if (ta_str_starts(r->context, f->m->registrations[k].context))
				rule = &f->m->registrations[k];
		if (!rule)
			return ta_rw_refuse(f->rw,
					    "%s:%u: %s() is registered as '%s', which %s "
					    "does not know",
					    r->file, r->line, f->fn, r->context, f->m->name);
		if (rule->refuse)
			return ta_rw_refuse(f->rw, "%s:%u: %s() (%s): %s", r->file, r->line, f->fn,
					    r->context, rule->refuse);
		{
			struct reg g = {.ref = r, .rule = rule};
			TA_PUSH(f->regs, f->n_regs, f->cap_regs, g);
		}
	}
	if (f->n_regs == 0)
		return ta_rw_refuse(
			f->rw, "cannot find where %s() is registered in the audited files", f->fn);
	if (f->m->apis[TA_API_SCHEDULE].kind == TA_MAP_INLINE && f->n_regs > 1)
		return ta_rw_refuse(f->rw,
				    "%s() is registered %zu times: two timers could run the "
				    "work at once, which the tasklet never did",
				    f->fn, f->n_regs);
	return TA_RW_DONE;
}

/* The kernel-doc line(s) "@name: ..." of the struct whose member is at off: removed. */
static int drop_member_doc(ta_rw *rw, ta_src *src, size_t off, const char *name)
{
	const char *s = src->text;
	size_t end = 0, a = ta_rw_member_doc_tag(src, off, name, &end), b;

	if (a == TA_NPOS)
		return TA_RW_DONE;
	/* the tag's line and its continuation lines, up to the next tag or the end */
	while (a > 0 && s[a - 1] != '\n')
		a--;
	b = a;
	for (;;) {
		size_t k;
		while (b < end && s[b] != '\n')
			b++;
		if (b >= end)
			return ta_rw_refuse(rw, "%s:%u: cannot take '@%s' out of the kernel-doc",
					    src->rel, ta_src_line_of(src, a), name);
		b++;
		k = b;
		while (k < end && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k >= end || s[k] != '*' || s[k + 1] == '/' || s[k + 1] == '\n' ||
		    (s[k + 1] == ' ' && s[k + 2] == '@'))
			break;
	}
	if (ta_src_edit(src, a, b - a, "") != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/* struct tasklet_struct NAME; goes, with its kernel-doc line. */
static int drop_decl(struct fold *f)
{
	ta_rw *rw = f->rw;
	const ta_tasklet *t = rw->t;
	ta_src *src;
	size_t e, p, r, ls;

	if (!t->decl_file || !t->decl_line)
		return ta_rw_refuse(rw, "the tasklet's declaration is unknown");
	if (ta_rw_find_decl(rw, t->field, &src, &p, &r) != TA_RW_DONE)
		return TA_RW_REFUSED;
	ls = ta_lex_prev(src->text, 0, p);
	if (ls == TA_NPOS || ls < 5 || strncmp(src->text + ls - 5, "struct", 6) != 0)
		return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' is not a single plain one",
				    src->rel, ta_src_line_of(src, p), t->field);
	ls -= 5;
	{
		/* alone on its line, a trailing comment allowed */
		size_t b = ls, k = r + 1;
		while (b > 0 && (src->text[b - 1] == ' ' || src->text[b - 1] == '\t'))
			b--;
		k = ta_lex_skip(src->text, src->len, k);
		if ((b > 0 && src->text[b - 1] != '\n') ||
		    ta_src_line_of(src, k) == ta_src_line_of(src, r))
			return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' shares its line",
					    src->rel, ta_src_line_of(src, p), t->field);
		e = r + 1;
		while (e < src->len && src->text[e] != '\n')
			e++;
		{
			/* a trailing comment must end on the line that goes */
			char *rest = xstrndup(src->text + r + 1, e - r - 1);
			char *open = strstr(rest, "/*");
			bool cut = open && !strstr(open + 2, "*/");
			free(rest);
			if (cut)
				return ta_rw_refuse(rw,
						    "%s:%u: a comment continues after the "
						    "declaration of '%s'",
						    src->rel, ta_src_line_of(src, p), t->field);
		}
		if (ta_stmt_delete_lines(rw, src, b, e < src->len ? e + 1 : e) != TA_RW_DONE)
			return TA_RW_REFUSED;
	}
	return drop_member_doc(rw, src, p, t->field);
}

/* The init and kill statements go. */
static int drop_sites(struct fold *f)
{
	ta_rw *rw = f->rw;
	const ta_tasklet *t = rw->t;

	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < (pass ? t->n_sites : t->n_init); i++) {
			const ta_site *s = pass ? &t->sites[i] : &t->init_sites[i];
			const ta_api_map *map = &f->m->apis[s->api];
			const char *api = ta_api_name(s->api);
			ta_src *src = ta_srcset_get(rw->set, s->file);
			size_t name_off, open, semi;
			if (map->kind != TA_MAP_REMOVE)
				continue;
			if (!src ||
			    ta_rw_find_call(src, s->line, s->col, api, &name_off, &open) != 0)
				return ta_rw_refuse(rw, "%s:%u: cannot find %s()", s->file, s->line,
						    api);
			if (ta_stmt_call_end(src, name_off, &semi) == 0 && t->callback) {
				size_t c = ta_lex_find_ident(src->text, open, semi, t->callback,
							     true);
				if (c != TA_NPOS)
					allow(f, src->rel, c);
			}
			if (ta_stmt_delete_call(rw, src, name_off, api) != TA_RW_DONE)
				return TA_RW_REFUSED;
			if (map->note)
				ta_rw_note(rw, "%s", map->note);
		}
	return TA_RW_DONE;
}

/* The statement after the one ending at semi, through closing braces of if/else blocks: return X;?
 */
static size_t return_after(const ta_src *src, size_t body, size_t semi, const char *value,
			   bool *crossed, size_t *ret_end)
{
	const char *s = src->text;
	size_t i = semi + 1;

	*crossed = false;
	for (;;) {
		size_t j = ta_lex_skip(s, src->len, i), k, o;
		if (j >= src->len)
			return TA_NPOS;
		if (ta_lex_find_ident(s, j, j + 6, "return", false) == j) {
			k = ta_lex_skip(s, src->len, j + 6);
			if (ta_lex_find_ident(s, k, k + strlen(value), value, false) != k)
				return TA_NPOS;
			k = ta_lex_skip(s, src->len, k + strlen(value));
			if (s[k] != ';')
				return TA_NPOS;
			*ret_end = k;
			return j;
		}
		if (s[j] != '}')
			return TA_NPOS;
		o = ta_lex_open_of(s, src->len, body, j);
		if (o == TA_NPOS || o == body)
			return TA_NPOS;
		{
			const char *owner = ta_stmt_block_owner(s, body, o);
			if (strcmp(owner, "if") != 0 && strcmp(owner, "else") != 0)
				return TA_NPOS;
		}
		*crossed = true;
		i = j + 1;
	}
}

/* Is B assigned exactly once in the body [lo, hi), from the parameter p (maybe cast)? */
static bool base_is_param(const ta_src *src, size_t lo, size_t hi, const char *b, const char *p)
{
	const char *s = src->text;
	size_t n_assign = 0;
	bool from_param = false;

	for (size_t at = ta_lex_find_ident(s, lo, hi, b, true); at != TA_NPOS;
	     at = ta_lex_find_ident(s, at + 1, hi, b, true)) {
		size_t k = ta_lex_skip(s, src->len, at + strlen(b));
		if (s[k] != '=' || s[k + 1] == '=')
			continue;
		n_assign++;
		k = ta_lex_skip(s, src->len, k + 1);
		if (s[k] == '(') {
			size_t c = ta_lex_match(s, src->len, k);
			if (c == TA_NPOS)
				return false;
			k = ta_lex_skip(s, src->len, c + 1);
		}
		if (ta_lex_find_ident(s, k, k + strlen(p), p, false) == k &&
		    s[ta_lex_skip(s, src->len, k + strlen(p))] == ';')
			from_param = true;
	}
	return n_assign == 1 && from_param;
}

/* The name of the last parameter of the function whose '(' is at open. */
static char *param_name(const ta_src *src, size_t open, int want_n)
{
	size_t st[8], en[8], e, b;
	int n = ta_lex_args(src->text, src->len, open, st, en, 8);

	if (n != want_n)
		return NULL;
	e = en[n - 1];
	b = e;
	while (b > st[n - 1] && ta_lex_ident_char(src->text[b - 1]))
		b--;
	return b < e ? xstrndup(src->text + b, e - b) : NULL;
}

/* A schedule site in the primary handler: return the wake value there instead. */
static int wake_site(struct fold *f, const ta_site *s)
{
	ta_rw *rw = f->rw;
	const ta_tasklet *t = rw->t;
	const char *api = ta_api_name(s->api);
	ta_src *src = ta_srcset_get(rw->set, s->file);
	size_t name_off, open, semi, def, dopen, body, body_end, ret, ret_end, prev;
	char *file = NULL, *dev = NULL, *base = NULL, *txt;
	unsigned line = 0;
	bool crossed;
	int rc = TA_RW_DONE;

	if (!src || ta_rw_find_call(src, s->line, s->col, api, &name_off, &open) != 0 ||
	    ta_stmt_call_end(src, name_off, &semi) != 0)
		return ta_rw_refuse(rw, "%s:%u: cannot find the statement %s()", s->file, s->line,
				    api);
	if (ta_rw_find_definition(rw, s->function, s->file, &file, &line) != 0 ||
	    strcmp(file, src->rel) != 0 ||
	    ta_rw_find_call(src, line, 0, s->function, &def, &dopen)) {
		free(file);
		return ta_rw_refuse(rw, "%s:%u: cannot find the definition of %s()", s->file,
				    s->line, s->function);
	}
	free(file);
	allow(f, src->rel, def);
	body = ta_lex_skip(src->text, src->len, ta_lex_match(src->text, src->len, dopen) + 1);
	body_end = src->text[body] == '{' ? ta_lex_match(src->text, src->len, body) : TA_NPOS;
	if (body_end == TA_NPOS || name_off < body || name_off > body_end)
		return ta_rw_refuse(rw, "%s:%u: %s() is not inside %s()", s->file, s->line, api,
				    s->function);
	dev = param_name(src, dopen, 2);
	base = ta_rw_base(s->text, t->member_path);
	if (!dev || !base) {
		rc = ta_rw_refuse(rw, "%s:%u: %s() is not an IRQ handler (int, void *)", s->file,
				  line, s->function);
		goto out;
	}
	for (const char *c = base; *c; c++)
		if (!ta_lex_ident_char(*c)) {
			rc = ta_rw_refuse(rw,
					  "%s:%u: the tasklet '%s' is not a member of a plain "
					  "variable",
					  s->file, s->line, s->text);
			goto out;
		}
	if (!base_is_param(src, body + 1, body_end, base, dev)) {
		rc = ta_rw_refuse(rw,
				  "%s:%u: '%s' in %s() is not its '%s' argument, which the "
				  "thread function would receive",
				  s->file, s->line, base, s->function, dev);
		goto out;
	}
	if (!f->h_base) {
		f->h_src = src;
		f->h_body = body;
		f->h_end = body_end;
		f->h_base = xstrdup(base);
	}
	ret = return_after(src, body, semi, f->m->handled_value, &crossed, &ret_end);
	if (ret == TA_NPOS) {
		rc = ta_rw_refuse(rw,
				  "%s:%u: %s() is not followed by 'return %s;': the handler's "
				  "answer cannot be changed mechanically",
				  s->file, s->line, api, f->m->handled_value);
		goto out;
	}
	prev = ta_lex_prev(src->text, body + 1, name_off);
	{
		/*
		 * The body of `if (...)` or `else` without braces, maybe nested:
		 * only ifs, or the early return would leave a loop it was in.
		 */
		size_t at = prev;
		while (at != TA_NPOS && (src->text[at] == ')' ||
					 (at >= 3 && strncmp(src->text + at - 3, "else", 4) == 0 &&
					  !ta_lex_ident_char(src->text[at - 4])))) {
			size_t o, kw;
			if (src->text[at] != ')') {
				at = ta_lex_prev(src->text, body + 1, at - 3);
				continue;
			}
			o = ta_lex_open_of(src->text, src->len, body, at);
			kw = o == TA_NPOS ? TA_NPOS : ta_lex_prev(src->text, body + 1, o);
			if (kw == TA_NPOS || kw < 1 || strncmp(src->text + kw - 1, "if", 2) != 0 ||
			    (kw >= 2 && ta_lex_ident_char(src->text[kw - 2]))) {
				rc = ta_rw_refuse(rw, "%s:%u: %s() is the body of a loop", s->file,
						  s->line, api);
				goto out;
			}
			at = ta_lex_prev(src->text, body + 1, kw - 1);
		}
	}
	if (!crossed && (prev == TA_NPOS || strchr(";{}", src->text[prev]))) {
		/* schedule; return IRQ_HANDLED; -> return IRQ_WAKE_THREAD; */
		if (ta_stmt_delete_call(rw, src, name_off, api) != TA_RW_DONE) {
			rc = TA_RW_REFUSED;
			goto out;
		}
		{
			size_t v = ta_lex_skip(src->text, src->len, ret + 6);
			if (ta_src_edit(src, v, strlen(f->m->handled_value), f->m->wake_value) != 0)
				rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		}
		goto out;
	}
	txt = xasprintf("return %s;", f->m->wake_value);
	if (ta_src_edit(src, name_off, semi + 1 - name_off, txt) != 0)
		rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	free(txt);
out:
	free(dev);
	free(base);
	return rc;
}

/* A schedule site in the timer callback: call the callback with the container. */
static int inline_site(struct fold *f, const ta_site *s)
{
	ta_rw *rw = f->rw;
	const ta_tasklet *t = rw->t;
	const char *api = ta_api_name(s->api);
	ta_src *src = ta_srcset_get(rw->set, s->file);
	size_t name_off, open, close;
	char *base = ta_rw_base(s->text, t->member_path), *txt;
	bool declared = false;
	int rc = TA_RW_DONE;

	if (!src || ta_rw_find_call(src, s->line, s->col, api, &name_off, &open) != 0 ||
	    (close = ta_lex_match(src->text, src->len, open)) == TA_NPOS) {
		free(base);
		return ta_rw_refuse(rw, "%s:%u: cannot find %s()", s->file, s->line, api);
	}
	if (!base) {
		return ta_rw_refuse(rw, "%s:%u: cannot relate '%s' to its container", s->file,
				    s->line, s->text ? s->text : "?");
	}
	/* C needs the callback declared before the call */
	for (size_t p = ta_lex_find_ident(src->text, 0, name_off, t->callback, true);
	     p != TA_NPOS && !declared;
	     p = ta_lex_find_ident(src->text, p + 1, name_off, t->callback, true))
		declared = ta_lex_depth_at(src->text, src->len, p) == 0;
	if (!declared) {
		/* a prototype goes before the timer callback, when both are in this file */
		if (!t->callback_file || strcmp(t->callback_file, src->rel) != 0) {
			rc = ta_rw_refuse(rw,
					  "%s:%u: %s() is not declared before %s(), which would "
					  "call it, and is defined in another file",
					  s->file, s->line, t->callback, s->function);
			goto out;
		}
		if (!f->proto_site)
			f->proto_site = s;
	}
	txt = xasprintf("%s(%s)", t->callback, base);
	if (ta_src_edit(src, name_off, close + 1 - name_off, txt) != 0)
		rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	free(txt);
	if (f->m->apis[s->api].note)
		ta_rw_note(rw, "%s", f->m->apis[s->api].note);
out:
	free(base);
	return rc;
}

/* The callback's new prototype, before the definition of the function calling it. */
static int add_prototype(struct fold *f)
{
	ta_rw *rw = f->rw;
	const ta_site *s = f->proto_site;
	ta_src *src = ta_srcset_get(rw->set, s->file);
	char *file = NULL, *txt;
	unsigned line = 0;
	size_t def, open, p, at;
	int rc = TA_RW_DONE;

	if (!rw->cb_proto || !src ||
	    ta_rw_find_definition(rw, s->function, s->file, &file, &line) != 0 ||
	    strcmp(file, src->rel) != 0 ||
	    ta_rw_find_call(src, line, 0, s->function, &def, &open)) {
		free(file);
		return ta_rw_refuse(rw, "%s:%u: cannot find where to declare %s()", s->file,
				    s->line, rw->t->callback);
	}
	free(file);
	/* after the previous declaration's line, above any comment on the function */
	p = ta_lex_prev(src->text, 0, def);
	while (p != TA_NPOS && (ta_lex_ident_char(src->text[p]) || src->text[p] == '*'))
		p = ta_lex_prev(src->text, 0, p);
	if (p == TA_NPOS || !strchr(";}", src->text[p]))
		return ta_rw_refuse(rw, "%s:%u: cannot find where to declare %s()", s->file,
				    s->line, rw->t->callback);
	at = p;
	while (at < src->len && src->text[at] != '\n')
		at++;
	at = at < src->len ? at + 1 : at;
	txt = xasprintf("\n%s\n", rw->cb_proto);
	if (ta_src_edit(src, at, 0, txt) != 0)
		rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	free(txt);
	return rc;
}

/* Was off inside an edit of src? */
static bool edited(const ta_src *src, size_t off)
{
	for (size_t e = 0; e < src->n_edits; e++)
		if (off >= src->edits[e].off && off < src->edits[e].off + src->edits[e].len)
			return true;
	return false;
}

/*
 * The primary handler no longer uses the container variable but to set it:
 * its declaration `struct foo *priv = dev_id;` goes too (-Wunused-variable).
 */
static int tidy_handler(struct fold *f)
{
	ta_src *src = f->h_src;
	const char *s;
	size_t decl = TA_NPOS, n = 0, st, semi, e, ls;

	if (!src)
		return TA_RW_DONE;
	s = src->text;
	for (size_t p = ta_lex_find_ident(s, f->h_body, f->h_end, f->h_base, true); p != TA_NPOS;
	     p = ta_lex_find_ident(s, p + 1, f->h_end, f->h_base, true)) {
		size_t k = ta_lex_skip(s, src->len, p + strlen(f->h_base));
		if (edited(src, p))
			continue;
		n++;
		if (s[k] == '=' && s[k + 1] != '=')
			decl = p;
	}
	if (n != 1 || decl == TA_NPOS)
		return TA_RW_DONE; /* still used */
	st = ta_lex_prev(s, f->h_body + 1, decl);
	if (st == TA_NPOS || s[st] != '*')
		return ta_rw_refuse(f->rw, "%s:%u: '%s' would be left set but unused", src->rel,
				    ta_src_line_of(src, decl), f->h_base);
	while (st > f->h_body + 1 && !strchr(";{}", s[st - 1]))
		st--;
	st = ta_lex_skip(s, src->len, st);
	for (semi = decl; semi < f->h_end && s[semi] != ';'; semi++)
		;
	e = semi + 1;
	while (e < src->len && (s[e] == ' ' || s[e] == '\t'))
		e++;
	ls = st;
	while (ls > 0 && (s[ls - 1] == ' ' || s[ls - 1] == '\t'))
		ls--;
	if (s[e] != '\n' || (ls > 0 && s[ls - 1] != '\n'))
		return ta_rw_refuse(f->rw,
				    "%s:%u: '%s' would be left unused and its declaration "
				    "shares its line",
				    src->rel, ta_src_line_of(src, decl), f->h_base);
	return ta_stmt_delete_lines(f->rw, src, ls, e + 1);
}

/* An argument as one line: a line break and its indentation become one space. */
static char *one_line(const char *s, size_t n)
{
	ta_buf b = {0};

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n' || (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n')) {
			while (i + 1 < n && strchr(" \t\n\\", s[i + 1]))
				i++;
			if (b.len && b.s[b.len - 1] != ' ')
				ta_buf_putc(&b, ' ');
			continue;
		}
		ta_buf_putc(&b, s[i]);
	}
	return b.len ? ta_buf_steal(&b) : xstrdup("");
}

/*
 * name(args...) laid out in kernel style: on one line when it fits in 80
 * columns (counting what follows the call on its line), else filled line by
 * line with the continuation aligned after the opening parenthesis.
 */
static char *layout_call(const ta_src *src, size_t name_off, size_t close, const char *name,
			 char **args, size_t n)
{
	unsigned col = ta_lex_column(src->text, name_off), c, open_col;
	size_t tail = 0;
	ta_buf b = {0};

	while (close + 1 + tail < src->len && src->text[close + 1 + tail] != '\n')
		tail++;
	ta_buf_printf(&b, "%s(", name);
	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%s%s", i ? ", " : "", args[i]);
	ta_buf_putc(&b, ')');
	if (col + b.len + tail <= 80)
		return ta_buf_steal(&b);
	b.len = 0;
	open_col = col + (unsigned)strlen(name) + 1;
	ta_buf_printf(&b, "%s(", name);
	c = open_col;
	for (size_t i = 0; i < n; i++) {
		size_t w = strlen(args[i]) + (i + 1 < n ? 1 : 1 + tail);
		if (i > 0 && c + 1 + w > 80) {
			ta_buf_puts(&b, ",\n");
			for (unsigned k = 0; k < open_col / 8; k++)
				ta_buf_putc(&b, '\t');
			for (unsigned k = 0; k < open_col % 8; k++)
				ta_buf_putc(&b, ' ');
			c = open_col;
		} else if (i > 0) {
			ta_buf_puts(&b, ", ");
			c += 2;
		}
		ta_buf_puts(&b, args[i]);
		c += (unsigned)strlen(args[i]);
	}
	ta_buf_putc(&b, ')');
	return ta_buf_steal(&b);
}

/* request_irq(irq, fn, flags, ...) -> request_threaded_irq(irq, fn, cb, flags | IRQF_ONESHOT, ...).
 */
static int convert_registration(struct fold *f, const struct reg *g)
{
	ta_rw *rw = f->rw;
	const ta_registration_rule *rule = g->rule;
	const ta_ref *r = g->ref;
	char *call = xstrdup(r->context + 5), *colon = strchr(call, ':');
	int arg = colon ? atoi(colon + 1) : -1;
	ta_src *src = ta_srcset_get(rw->set, r->file);
	size_t name_off, open, st[12], en[12];
	int n, rc = TA_RW_DONE;

	if (colon)
		*colon = '\0';
	if (!ta_str_starts(r->context, "call:") || !src ||
	    ta_rw_find_call(src, ta_rw_line(rw, r->file, r->line), 0, call, &name_off, &open) !=
		    0 ||
	    (n = ta_lex_args(src->text, src->len, open, st, en, 12)) <= arg || arg < 0 ||
	    rule->thread_arg >= n || rule->flags_arg >= n || rule->null_arg >= n) {
		rc = ta_rw_refuse(rw, "%s:%u: cannot read the %s() call", r->file, r->line, call);
		goto out;
	}
	if (ta_lex_find_ident(src->text, st[arg], en[arg], f->fn, true) != st[arg] ||
	    en[arg] != st[arg] + strlen(f->fn)) {
		rc = ta_rw_refuse(rw, "%s:%u: %s()'s handler argument is not plainly %s", r->file,
				  r->line, call, f->fn);
		goto out;
	}
	allow(f, src->rel, st[arg]);
	{
		char **args = xcalloc((size_t)n + 1, sizeof(*args));
		size_t na = 0, close = ta_lex_match(src->text, src->len, open);
		char *txt;
		for (int i = 0; i < n; i++) {
			char *a = one_line(src->text + st[i], en[i] - st[i]);
			if (i == rule->flags_arg && f->m->flag && !strstr(a, f->m->flag)) {
				char *b = strcmp(a, "0") == 0 ? xstrdup(f->m->flag)
							      : xasprintf("%s | %s", a, f->m->flag);
				if (strstr(a, "IRQF_SHARED"))
					ta_rw_note(rw,
						   "The line is requested with IRQF_SHARED: every "
						   "handler sharing it must now agree on %s, or "
						   "the request fails.",
						   f->m->flag);
				free(a);
				a = b;
			}
			if (i == rule->null_arg) {
				if (strcmp(a, "NULL") != 0 && strcmp(a, "0") != 0) {
					rc = ta_rw_refuse(rw,
							  "%s:%u: %s() already has a thread "
							  "function, '%s'",
							  r->file, r->line, call, a);
				} else {
					free(a);
					a = xstrdup(rw->t->callback);
				}
			}
			args[na++] = a;
			if (i == rule->thread_arg)
				args[na++] = xstrdup(rw->t->callback);
		}
		txt = layout_call(src, name_off, close, rule->call ? rule->call : call, args, na);
		if (rc == TA_RW_DONE && ta_src_edit(src, name_off, close + 1 - name_off, txt) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		free(txt);
		for (size_t i = 0; i < na; i++)
			free(args[i]);
		free(args);
	}
out:
	free(call);
	return rc;
}

/* Every mention of name in the driver's directory is one the conversion accounts for. */
static int check_mentions(struct fold *f, const char *name, const char *file)
{
	ta_mention *ms;
	size_t n = ta_stmt_mentions(f->rw->set, file, name, &ms);
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		ta_src *src = ta_srcset_get(f->rw->set, ms[i].file);
		if (allowed(f, &ms[i]) || ta_lex_depth_at(src->text, src->len, ms[i].off) == 0)
			continue; /* converted, or the definition or a prototype */
		rc = ta_rw_refuse(f->rw,
				  "%s:%u: %s() is also used here, where the conversion "
				  "cannot follow it",
				  ms[i].file, ms[i].line, name);
	}
	free(ms);
	return rc;
}

int ta_rewrite_fold(ta_rw *rw, const ta_mechanism_rules *m)
{
	const ta_tasklet *t = rw->t;
	struct fold f = {.rw = rw, .m = m};
	bool wake = m->apis[TA_API_SCHEDULE].kind == TA_MAP_WAKE;
	struct ta_cb_form form = {0};
	int rc;

	rc = check_sites(&f);
	if (rc == TA_RW_DONE) {
		/* a site reached through a pointer would act on a tasklet that is gone */
		ta_alias *al = NULL;
		size_t n_al = 0;
		rc = ta_rw_aliases(rw, rw->rules, &al, &n_al);
		for (size_t i = 0; i < n_al && rc == TA_RW_DONE; i++)
			if (al[i].site)
				rc = ta_rw_refuse(
					rw,
					"%s:%u: %s() on '%s' also acts on this tasklet, and "
					"the %s conversion does not rewrite such a site",
					al[i].site->file, al[i].site->line,
					ta_api_name(al[i].site->api),
					al[i].site->text ? al[i].site->text : "?", m->name);
		ta_rw_aliases_free(&al, n_al);
	}
	if (rc == TA_RW_DONE)
		rc = check_plain_locks(&f);
	if (rc == TA_RW_DONE)
		rc = check_registrations(&f);
	if (rc == TA_RW_DONE)
		rc = drop_decl(&f);
	if (rc == TA_RW_DONE)
		rc = drop_sites(&f);
	for (size_t i = 0; i < t->n_sites && rc == TA_RW_DONE; i++) {
		const ta_site *s = &t->sites[i];
		if (m->apis[s->api].kind == TA_MAP_WAKE)
			rc = wake_site(&f, s);
		else if (m->apis[s->api].kind == TA_MAP_INLINE)
			rc = inline_site(&f, s);
	}
	if (rc == TA_RW_DONE)
		rc = tidy_handler(&f);
	for (size_t i = 0; i < f.n_regs && rc == TA_RW_DONE; i++)
		if (f.regs[i].rule->call || f.regs[i].rule->thread_arg >= 0 ||
		    f.regs[i].rule->null_arg >= 0 || f.regs[i].rule->flags_arg >= 0)
			rc = convert_registration(&f, &f.regs[i]);
	if (rc == TA_RW_DONE && wake) {
		form.param_type = "int irq, void *";
		form.param_name = "dev_id";
		form.from = "from_tasklet";
		form.container_expr = "dev_id";
		form.ret_type = "irqreturn_t";
		form.ret_value = m->handled_value;
		form.kdoc = "@irq: the interrupt number\n@dev_id: the cookie given to "
			    "request_threaded_irq()";
		form.avoid = "irq";
	} else {
		form.param_type = "";
		form.param_name = "";
		form.from = "from_tasklet";
		form.container_param = true;
	}
	form.no_direct_calls = true;
	if (rc == TA_RW_DONE)
		rc = ta_rw_callback(rw, &form);
	if (rc == TA_RW_DONE && f.proto_site)
		rc = add_prototype(&f);
	if (rc == TA_RW_DONE && wake)
		rc = check_mentions(&f, f.fn, f.fn_file);
	if (rc == TA_RW_DONE && t->callback_file)
		rc = check_mentions(&f, t->callback, t->callback_file);
	if (rc == TA_RW_DONE && m->context_note)
		ta_rw_note(rw, "%s", m->context_note);
	free(f.regs);
	free(f.allowed);
	free(f.h_base);
	return rc;
}
