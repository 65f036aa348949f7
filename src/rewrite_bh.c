// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_bh.c - tasklet -> work item, one site at a time from the model,
 * with the API mapping taken from the conversion rules.  Edits are kept
 * small (the call's name and queue argument, the renamed member) so that
 * the callback conversion can edit the same statements without conflict
 * and the rest of each line stays as written.
 */
#include "rewrite_bh.h"

#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "classify.h"
#include "lex.h"
#include "rewrite_alias.h"
#include "rewrite_array.h"
#include "patch_model.h"
#include "rewrite_callback.h"
#include "rewrite_stmt.h"
#include "util.h"

char *ta_work_name(const char *old, const char *noun)
{
	size_t n = strlen(old);

	if (strcmp(old, "tasklet") == 0)
		return xstrdup(noun);
	if (n > 8 && strcmp(old + n - 8, "_tasklet") == 0) {
		/* pf2vf_bh_tasklet -> pf2vf_bh_work, not pf2vf_bh_bh_work */
		bool bh = n >= 10 && (n == 10 || old[n - 11] == '_') &&
			  strncmp(old + n - 10, "bh_", 3) == 0 && ta_str_starts(noun, "bh_");
		return xasprintf("%.*s_%s", (int)(n - 8), old, bh ? noun + 3 : noun);
	}
	return xstrdup(old);
}

char *ta_work_item_name(const ta_tasklet *t, const char *noun)
{
	if (t->scope == TA_SCOPE_FIELD && t->field) {
		for (size_t i = 0; i < t->n_init; i++)
			if (t->init_sites[i].via_macro)
				return xstrdup(t->field);
		return ta_work_name(t->field, noun);
	}
	return t->scope == TA_SCOPE_STATIC ? ta_work_name(t->name, noun) : xstrdup(t->name);
}

struct names {
	const char *old_name; /* field or variable as declared */
	char *new_name;
	char *old_member, *new_member; /* member paths (fields) */
	bool field;
	/* an array paired with its data's array: the work items move there (rewrite_array.h) */
	const struct ta_array_pair *arr;
};

/* Rename the last mention of the object in [a, b): priv->rx_tasklet -> priv->rx_bh_work. */
static int rename_in(ta_rw *rw, ta_src *src, size_t a, size_t b, const struct names *nm)
{
	size_t last = TA_NPOS;

	if (nm->arr)
		return ta_array_rename(rw, src, a, b, nm->old_name, nm->arr, nm->new_name);
	if (strcmp(nm->old_name, nm->new_name) == 0)
		return TA_RW_DONE;
	for (size_t p = ta_lex_find_ident(src->text, a, b, nm->old_name, false); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + 1, b, nm->old_name, false))
		if (ta_lex_after_member_op(src->text, p) == nm->field)
			last = p;
	if (last == TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: cannot find '%s' in the argument", src->rel,
				    ta_src_line_of(src, a), nm->old_name);
	if (ta_src_edit(src, last, strlen(nm->old_name), nm->new_name) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/*
 * A field declared in a header: the model may know the same field under
 * another path (drivers/dma/ti/../virt-dma.h, reached by drivers it does
 * not list as users): one patch would leave those calling the tasklet API
 * on a work item.  Refuse.  Otherwise every user is in the model (the
 * index has every site of the object): one patch converts them all, across
 * directories and MAINTAINERS sections (hyperv.h's channel->callback_event:
 * drivers/hv and drivers/pci), and the series cover letter names the
 * sections it spans.
 */
static int shared_header(ta_rw *rw, const char *header)
{
	const ta_tasklet *t = rw->t;
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < rw->audit->n_tasklets && rc == TA_RW_DONE; i++) {
		const ta_tasklet *u = &rw->audit->tasklets[i];
		char *d;
		if (u == t || u->id == t->id || !u->decl_file || !u->field || !t->field ||
		    !u->ctype || !t->ctype || strcmp(u->field, t->field) ||
		    strcmp(u->ctype, t->ctype))
			continue;
		d = ta_path_normalize(u->decl_file);
		if (strcmp(d, header) == 0)
			rc = ta_rw_refuse(rw,
					  "the field is also used as '%s' from %s: '%s' is shared "
					  "by other drivers",
					  u->name ? u->name : u->key,
					  u->file ? u->file : "elsewhere", header);
		free(d);
	}
	return rc;
}

/*
 * name (the work item's, which the caller gave up) when nothing where it
 * is declared has it already, else name with "_item" appended when that
 * is free: hifn_795x's struct already has a `work` member,
 * backtracetest.c a completion named backtrace_work.  NULL when both are
 * taken.  The search is lexical and errs towards a longer name: in the
 * struct for a field (any identifier of its body), in the file for a
 * static.
 */
static char *free_name(ta_rw *rw, const struct names *nm, char *name)
{
	const ta_tasklet *t = rw->t;
	char *reason = rw->reason;
	ta_src *src = NULL;
	size_t lo = 0, hi = 0, at, semi;

	if (strcmp(nm->old_name, name) == 0 || nm->arr)
		return name; /* kept; an array's work items: ta_array_convert_decl() checks */
	rw->reason = NULL;
	if (nm->field) {
		if (ta_rw_find_decl(rw, nm->old_name, &src, &at, &semi) != TA_RW_DONE ||
		    ta_lex_enclosing_braces(src->text, src->len, at, &lo, &hi) != 0)
			src = NULL; /* the conversion of the declaration says why */
	} else {
		src = ta_srcset_get(rw->set, t->decl_file ? t->decl_file : t->file);
		hi = src ? src->len : 0;
	}
	free(rw->reason);
	rw->reason = reason;
	for (int k = 0; src && k < 2; k++) {
		char *alt;
		if (ta_lex_find_ident(src->text, lo, hi, name, false) == TA_NPOS)
			return name;
		alt = k == 0 ? xasprintf("%s_item", name) : NULL;
		free(name);
		name = alt;
	}
	return name;
}

/* The kernel-doc of the struct holding the field at off names it "@old:": rename the tag. */
static int rename_member_doc(ta_rw *rw, ta_src *src, size_t off, const struct names *nm)
{
	size_t tag;

	if (!nm->field || strcmp(nm->old_name, nm->new_name) == 0)
		return TA_RW_DONE;
	tag = ta_rw_member_doc_tag(src, off, nm->old_name, NULL);
	if (tag != TA_NPOS && ta_src_edit(src, tag + 1, strlen(nm->old_name), nm->new_name) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/* struct tasklet_struct NAME; -> struct work_struct NEW; */
static int convert_decl(ta_rw *rw, const struct names *nm)
{
	ta_src *src;
	size_t p, q, semi;
	int rc = nm->arr || rw->t->array ? ta_rw_find_array_decl(rw, nm->old_name, &src, &p, &semi)
					 : ta_rw_find_decl(rw, nm->old_name, &src, &p, &semi);

	if (rc == TA_RW_DONE && !ta_str_ends(src->rel, ".c"))
		rc = shared_header(rw, src->rel);
	if (rc != TA_RW_DONE)
		return rc;
	if (nm->arr) {
		rc = ta_array_convert_decl(rw, nm->arr, "struct work_struct", nm->new_name);
		if (rc == TA_RW_DONE)
			ta_array_note(rw, nm->arr, "work items", "from_work");
		return rc;
	}
	q = ta_lex_skip(src->text, src->len, p + 14);
	if (ta_rw_tab_indent(rw, src, p) != TA_RW_DONE)
		return TA_RW_REFUSED;
	if (ta_src_edit(src, p, 14, "work_struct") != 0 ||
	    (strcmp(nm->old_name, nm->new_name) != 0 &&
	     ta_src_edit(src, q, strlen(nm->old_name), nm->new_name) != 0))
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return rename_member_doc(rw, src, p, nm);
}

static bool in_list(char *const *v, size_t n, const char *s)
{
	for (size_t i = 0; s && i < n; i++)
		if (strcmp(v[i], s) == 0)
			return true;
	return false;
}

static const char *retaken(const ta_mechanism_rules *m, const char *api)
{
	for (size_t i = 0; api && i < m->n_retake; i++)
		if (strcmp(m->retake_from[i], api) == 0)
			return m->retake_to[i];
	return NULL;
}

/*
 * The tasklet shared a lock with code that took it with spin_lock_bh() to
 * keep the tasklet off its CPU.  As a process-context work item the
 * callback must keep softirqs off itself: its plain acquisitions of every
 * such lock, and their releases, get the _bh calls of m's retake map.
 */
static int retake_locks(ta_rw *rw, const ta_mechanism_rules *m)
{
	const ta_audit *a = rw->audit;
	const ta_tasklet *t = rw->t;
	size_t n_shared = 0;

	for (size_t i = 0; i < a->n_locks; i++) {
		const ta_lock *in = &a->locks[i];
		bool shared = false;
		if (!in->function || strcmp(in->function, t->callback) != 0 || !in->key)
			continue;
		for (size_t k = 0; k < a->n_locks && !shared; k++) {
			const ta_lock *out = &a->locks[k];
			shared = out->key && strcmp(out->key, in->key) == 0 && out->function &&
				 strcmp(out->function, t->callback) != 0 &&
				 in_list(m->bh_calls, m->n_bh_calls, out->api);
		}
		if (!shared)
			continue;
		n_shared++;
		/* every other function taking it must keep softirqs off itself */
		for (size_t k = 0; k < a->n_locks; k++) {
			const ta_lock *o = &a->locks[k];
			if (!o->key || strcmp(o->key, in->key) != 0 || !o->function ||
			    strcmp(o->function, t->callback) == 0 ||
			    !in_list(m->plain_calls, m->n_plain_calls, o->api))
				continue;
			return ta_rw_refuse(
				rw,
				"%s:%u: '%s' is also taken with %s() in %s(), which "
				"may run in softirq context or be called by the callback: "
				"not mechanical",
				o->file, o->line, in->key, o->api, o->function);
		}
		/* _bh, _irqsave, releases, init: nothing to retake */
		if (!in_list(m->plain_calls, m->n_plain_calls, in->api))
			continue;
		if (!retaken(m, in->api))
			return ta_rw_refuse(rw,
					    "%s:%u: the callback takes '%s' with %s(), which has "
					    "no _bh counterpart here",
					    in->file, in->line, in->key, in->api);
		{
			ta_src *src = ta_srcset_get(rw->set, in->file);
			size_t name_off, open, st[2], en[2], body, body_end, dopen, def;
			char *arg, *file = NULL;
			unsigned line = 0;
			int n_unlocks = 0;
			if (!src ||
			    ta_rw_find_call(src, ta_rw_line(rw, in->file, in->line), 0, in->api,
					    &name_off, &open) != 0 ||
			    ta_lex_args(src->text, src->len, open, st, en, 2) != 1)
				return ta_rw_refuse(rw, "%s:%u: cannot find %s()", in->file,
						    in->line, in->api);
			if (ta_src_edit(src, name_off, strlen(in->api), retaken(m, in->api)) != 0)
				return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
			/* its releases in the callback: the same lock expression */
			if (ta_rw_find_definition(rw, t->callback, in->file, &file, &line) != 0 ||
			    strcmp(file, src->rel) != 0 ||
			    ta_rw_find_call(src, line, 0, t->callback, &def, &dopen) != 0) {
				free(file);
				return ta_rw_refuse(rw, "%s: cannot find the definition of %s()",
						    in->file, t->callback);
			}
			free(file);
			body = ta_lex_skip(src->text, src->len,
					   ta_lex_match(src->text, src->len, dopen) + 1);
			body_end = ta_lex_match(src->text, src->len, body);
			arg = ta_lex_norm(src->text + st[0], en[0] - st[0]);
			for (size_t r = 0; r < m->n_retake && body_end != TA_NPOS; r++) {
				const char *un = m->retake_from[r];
				if (!strstr(un, "unlock") ||
				    strncmp(un, in->api, strcspn(in->api, "_")) != 0)
					continue;
				for (size_t p =
					     ta_lex_find_ident(src->text, body, body_end, un, true);
				     p != TA_NPOS;
				     p = ta_lex_find_ident(src->text, p + 1, body_end, un, true)) {
					size_t o = ta_lex_skip(src->text, src->len, p + strlen(un));
					char *ua;
					if (src->text[o] != '(' ||
					    ta_lex_args(src->text, src->len, o, st, en, 2) != 1)
						continue;
					ua = ta_lex_norm(src->text + st[0], en[0] - st[0]);
					if (strcmp(ua, arg) == 0) {
						if (ta_src_edit(src, p, strlen(un),
								m->retake_to[r]) != 0) {
							free(ua);
							free(arg);
							return ta_rw_refuse(rw,
									    "%s: overlapping edits",
									    src->rel);
						}
						n_unlocks++;
					}
					free(ua);
				}
			}
			free(arg);
			if (n_unlocks == 0)
				return ta_rw_refuse(
					rw,
					"%s:%u: cannot find where the callback releases "
					"'%s'",
					in->file, in->line, in->key);
			ta_rw_note(
				rw,
				"Code elsewhere took %s with a _bh lock to keep the tasklet "
				"off its CPU; the callback, now in process context, takes it with "
				"%s() so that softirqs stay off while it holds it.",
				strrchr(in->key, ':') ? strrchr(in->key, ':') + 1 : in->key,
				retaken(m, in->api));
		}
	}
	if (n_shared == 0)
		return ta_rw_refuse(rw, "the tasklet shares data with code under spin_lock_bh() "
					"through a function the callback calls: not mechanical");
	return TA_RW_DONE;
}

static const char *queue_of(const ta_mechanism_rules *m, enum ta_map_queue q, bool hi)
{
	switch (q) {
	case TA_Q_NORMAL:
		return m->queue;
	case TA_Q_HI:
		return m->hi_queue;
	case TA_Q_OWN:
		return hi ? m->hi_queue : m->queue;
	default:
		return NULL;
	}
}

/* A dev_id cast to the tasklet's type, (struct tasklet_struct *)cookie, now casts to the work's. */
static int retype_cookie(ta_rw *rw, ta_src *src, size_t a, size_t b)
{
	size_t p = ta_lex_find_ident(src->text, a, b, "tasklet_struct", true);

	if (p != TA_NPOS && ta_src_edit(src, p, 14, "work_struct") != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	return TA_RW_DONE;
}

/*
 * The one call of s's API in the definition of the driver macro s is
 * written in, with n_args arguments: 0 with [*at, *end) the definition,
 * *p the call's name, *open its '(' and the arguments' spans in st/en
 * (room for n_args + 1); -1 refused (no such macro); 1 when the call is not
 * there exactly once with n_args arguments.
 */
static int call_in_macro(ta_rw *rw, const ta_src *src, const ta_site *s, int n_args, size_t *at,
			 size_t *end, size_t *p, size_t *open, size_t *st, size_t *en)
{
	const char *api = ta_api_name(s->api);

	if (!src || ta_rw_find_macro(src, s->via_macro, at, end) != 0) {
		ta_rw_refuse(rw, "%s:%u: cannot find the definition of the macro '%s'", s->file,
			     s->line, s->via_macro);
		return -1;
	}
	*p = ta_lex_find_ident(src->text, *at, *end, api, true);
	if (*p == TA_NPOS || ta_lex_find_ident(src->text, *p + 1, *end, api, true) != TA_NPOS ||
	    (*open = ta_lex_skip(src->text, *end, *p + strlen(api))) >= *end ||
	    src->text[*open] != '(' ||
	    ta_lex_args(src->text, *end, *open, st, en, n_args + 1) != n_args)
		return 1;
	return 0;
}

/*
 * tasklet_setup() written in a driver macro (rt2x00's RT2X00_TASKLET_INIT,
 * which pastes its argument as the field and as the ops member holding
 * the callback): the call in the definition becomes the counterpart,
 * when every expansion of the macro in the file is the init site of a
 * tasklet the audit knows.  Each tasklet of the family makes the same
 * edit; the patch holds them all or the re-parse refuses it.
 */
static int convert_macro_init(ta_rw *rw, const ta_api_map *map, const ta_site *s)
{
	ta_src *src = ta_srcset_get(rw->set, s->file);
	const char *api = ta_api_name(s->api);
	size_t at, end, p, open, st[4], en[4];
	ta_mention *ms = NULL;
	size_t n;
	int rc = TA_RW_DONE;
	int found = call_in_macro(rw, src, s, 2, &at, &end, &p, &open, st, en);

	if (found != 0)
		return found < 0 ? TA_RW_REFUSED
				 : ta_rw_refuse(
					   rw,
					   "%s:%u: the macro '%s' does not call %s() once with two "
					   "arguments",
					   s->file, ta_src_line_of(src, at), s->via_macro, api);
	/* every expansion initializes a tasklet the audit knows */
	n = ta_stmt_mentions(rw->set, s->file, s->via_macro, &ms);
	for (size_t i = 0; i < n && rc == TA_RW_DONE; i++) {
		bool known = false;
		if (strcmp(ms[i].file, src->rel) != 0 || (ms[i].off >= at && ms[i].off < end) ||
		    ta_lex_skip(src->text, src->len, ms[i].off + strlen(s->via_macro)) >=
			    src->len ||
		    src->text[ta_lex_skip(src->text, src->len, ms[i].off + strlen(s->via_macro))] !=
			    '(')
			continue;
		for (size_t k = 0; k < rw->audit->n_tasklets && !known; k++) {
			const ta_tasklet *u = &rw->audit->tasklets[k];
			for (size_t j = 0; j < u->n_init && !known; j++)
				known = u->init_sites[j].via_macro &&
					strcmp(u->init_sites[j].via_macro, s->via_macro) == 0 &&
					u->init_sites[j].file &&
					strcmp(u->init_sites[j].file, s->file) == 0 &&
					ta_rw_line(rw, u->init_sites[j].file,
						   u->init_sites[j].line) == ms[i].line;
		}
		if (!known)
			rc = ta_rw_refuse(rw,
					  "%s:%u: the macro '%s' is also expanded for something "
					  "that is not a tasklet's init",
					  ms[i].file, ms[i].line, s->via_macro);
	}
	free(ms);
	if (rc != TA_RW_DONE)
		return rc;
	if (ta_src_edit(src, p, strlen(api), map->call) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	/* a continuation aligned with the parenthesis (or one column off) is aligned with it */
	{
		size_t ls = st[1];
		unsigned old_col = ta_lex_column(src->text, open) + 1, col;
		while (ls > open && src->text[ls - 1] != '\n')
			ls--;
		col = ta_lex_column(src->text, st[1]);
		if (ls > open && col + 1 >= old_col && col <= old_col + 1 &&
		    old_col > strlen(api)) {
			ta_buf b = {0};
			unsigned want = old_col - (unsigned)strlen(api) +
					(unsigned)strlen(map->call);
			for (unsigned k = 0; k < want / 8; k++)
				ta_buf_putc(&b, '\t');
			for (unsigned k = 0; k < want % 8; k++)
				ta_buf_putc(&b, ' ');
			rc = ta_src_edit(src, ls, st[1] - ls, b.s) != 0;
			ta_buf_free(&b);
			if (rc)
				return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
		}
	}
	ta_rw_note(rw, "%s() in the macro %s becomes %s().", api, s->via_macro, map->call);
	return TA_RW_DONE;
}

/*
 * A use site written inside a driver macro (talitos'
 * DEF_TALITOS1_INTERRUPT calls tasklet_schedule(&priv->done_task[tlet])):
 * the call is converted in the macro's definition, once for every
 * expansion, when the definition makes that call exactly once and on this
 * tasklet's member (an element of it for an array).  *out: the site moved
 * to the definition's line.
 */
static int macro_site(ta_rw *rw, const ta_site *s, ta_site *out)
{
	const ta_tasklet *t = rw->t;
	ta_src *src = ta_srcset_get(rw->set, s->file);
	const char *api = ta_api_name(s->api);
	size_t at, end, p, open, st[2], en[2];
	char *arg;
	size_t n;
	bool ours;
	int found = call_in_macro(rw, src, s, 1, &at, &end, &p, &open, st, en);

	if (found != 0)
		return found < 0 ? TA_RW_REFUSED
				 : ta_rw_refuse(rw, "%s:%u: %s() is written inside the macro '%s'",
						s->file, s->line, api, s->via_macro);
	/* `&BASE->field` or `&BASE->field[IDX]`, the index a macro argument or not */
	arg = ta_lex_norm(src->text + st[0], en[0] - st[0]);
	n = strlen(arg);
	if (t->array && n && arg[n - 1] == ']') {
		int depth = 0;
		while (n > 0) {
			char c = arg[--n];
			depth += c == ']' ? 1 : c == '[' ? -1 : 0;
			if (depth == 0)
				break;
		}
		while (n > 0 && arg[n - 1] == ' ')
			n--;
	}
	arg[n] = '\0';
	ours = t->scope == TA_SCOPE_FIELD && t->field && arg[0] == '&' &&
	       n > strlen(t->field) + 1 && strcmp(arg + n - strlen(t->field), t->field) == 0 &&
	       (arg[n - strlen(t->field) - 1] == '.' || arg[n - strlen(t->field) - 1] == '>');
	free(arg);
	if (!ours)
		return ta_rw_refuse(rw,
				    "%s:%u: %s() is written inside the macro '%s' on an object "
				    "that is not this tasklet's member",
				    s->file, s->line, api, s->via_macro);
	*out = *s;
	out->file = src->rel;
	out->line = ta_src_line_of(src, p);
	out->col = 0;
	out->via_macro = NULL;
	return TA_RW_DONE;
}

/* How a use site is written when it is not simply the map's call. */
struct site_form {
	const char *call;  /* another call, without a queue (the barrier's flush_work) */
	bool queue_enable; /* tasklet_enable(): the queueing form */
	bool flush;        /* tasklet_kill(): flush_call(ARG); first */
	bool drop;         /* the statement goes (the enable of a barrier) */
	bool cookie;       /* an IRQ handler's dev_id: its cast is retyped */
	bool guard;        /* only on an initialized work item: `if (obj.func)` */
};

/* The text of [a, b) of src with the object renamed; caller frees. */
static char *renamed(ta_rw *rw, const ta_src *src, size_t a, size_t b, const struct names *nm)
{
	ta_src *scratch = ta_src_new(src->rel, src->text + a, b - a);
	char *out = NULL;

	if (rename_in(rw, scratch, 0, scratch->len, nm) == TA_RW_DONE)
		out = ta_src_result(scratch, NULL);
	ta_src_free(&scratch);
	return out;
}

/* The start of the line holding off, and whether only blanks precede off on it. */
static size_t line_start(const ta_src *src, size_t off, bool *first)
{
	size_t ls = off;

	while (ls > 0 && src->text[ls - 1] != '\n')
		ls--;
	*first = true;
	for (size_t k = ls; k < off; k++)
		*first &= src->text[k] == ' ' || src->text[k] == '\t';
	return ls;
}

/* The last character of the code token before i, over line splices (inside a macro). */
static size_t prev_code(const char *s, size_t i)
{
	size_t p = ta_lex_prev(s, 0, i);

	while (p != TA_NPOS && s[p] == '\\' && (s[p + 1] == '\n' || s[p + 1] == '\r'))
		p = ta_lex_prev(s, 0, p);
	return p;
}

/*
 * The statement at name_off is the whole body of `for (...)`, `while
 * (...)` or an `if (...)` without else, on its own line(s) below the
 * header: the header's keyword line's indentation into *ind (caller
 * frees), the header's ')' into *close.  Such a body must be braced
 * before a second statement joins it (dma-jz4780's remove loop).
 */
static bool unbraced_body(const ta_src *src, size_t name_off, size_t semi, size_t *close,
			  char **ind)
{
	const char *s = src->text;
	size_t c = prev_code(s, name_off), open, kw, ls, e, after;
	bool first;

	if (c == TA_NPOS || s[c] != ')' ||
	    ta_src_line_of(src, c) == ta_src_line_of(src, name_off) ||
	    (open = ta_lex_open_of(s, src->len, 0, c)) == TA_NPOS ||
	    (kw = ta_lex_prev(s, 0, open)) == TA_NPOS)
		return false;
	while (kw > 0 && ta_lex_ident_char(s[kw - 1]))
		kw--;
	if (!((open - kw >= 3 && strncmp(s + kw, "for", 3) == 0 && !ta_lex_ident_char(s[kw + 3])) ||
	      (strncmp(s + kw, "while", 5) == 0 && !ta_lex_ident_char(s[kw + 5])) ||
	      (strncmp(s + kw, "if", 2) == 0 && !ta_lex_ident_char(s[kw + 2]))))
		return false;
	after = ta_lex_skip(s, src->len, semi + 1);
	if (s[kw] == 'i' && after + 4 <= src->len && strncmp(s + after, "else", 4) == 0 &&
	    !ta_lex_ident_char(s[after + 4]))
		return false; /* braces on one arm only: checkpatch asks for both */
	if (s[kw] == 'w' && kw > 0) {
		/* not the `while (...)` of a do-while */
		size_t b = ta_lex_prev(s, 0, kw);
		if (b != TA_NPOS && s[b] == '}')
			return false;
	}
	ls = line_start(src, kw, &first);
	if (!first)
		return false;
	/* only white space and a comment after it on its line */
	for (e = semi + 1; e < src->len && (s[e] == ' ' || s[e] == '\t'); e++)
		;
	if (e + 1 < src->len && s[e] == '/' && s[e + 1] == '*') {
		const char *nl = memchr(s + e, '\n', src->len - e);
		const char *cl = memmem(s + e + 2, src->len - e - 2, "*/", 2);
		if (!cl || (nl && nl < cl))
			return false;
		for (e = (size_t)(cl - s) + 2; e < src->len && (s[e] == ' ' || s[e] == '\t'); e++)
			;
	} else if (e + 1 < src->len && s[e] == '/' && s[e + 1] == '/') {
		while (e < src->len && s[e] != '\n')
			e++;
	}
	if (e < src->len && s[e] != '\n')
		return false;
	*close = c;
	*ind = xstrndup(s + ls, kw - ls);
	return true;
}

/*
 * `call(arg);` put on its own line before the statement at name_off; a
 * loop's or if's unbraced body gets its braces.
 */
static int put_before(ta_rw *rw, ta_src *src, size_t name_off, const char *call, const char *arg,
		      const ta_site *s)
{
	size_t semi, prev = prev_code(src->text, name_off), close;
	bool first;
	size_t ls = line_start(src, name_off, &first);
	char *text, *ind = NULL;
	int rc;

	if (ta_stmt_call_end(src, name_off, &semi) == 0 && first && prev != TA_NPOS &&
	    unbraced_body(src, name_off, semi, &close, &ind)) {
		size_t end = semi + 1;
		while (end < src->len && src->text[end] != '\n')
			end++;
		text = xasprintf("%.*s%s(%s);\n", (int)(name_off - ls), src->text + ls, call, arg);
		rc = ta_src_edit(src, close + 1, 0, " {") || ta_src_edit(src, ls, 0, text);
		free(text);
		text = xasprintf("\n%s}", ind);
		rc = rc || ta_src_edit(src, end, 0, text);
		free(text);
		free(ind);
		return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
	}
	/* after a statement, a brace or a label (case X:), at the start of its line */
	if (ta_stmt_call_end(src, name_off, &semi) != 0 || !first || prev == TA_NPOS ||
	    !strchr(";{}:", src->text[prev]))
		return ta_rw_refuse(rw,
				    "%s:%u: %s() must become %s() then its counterpart, but it is "
				    "not a statement of its own line in a block",
				    s->file, s->line, ta_api_name(s->api), call);
	text = xasprintf("%.*s%s(%s);\n", (int)(name_off - ls), src->text + ls, call, arg);
	rc = ta_src_edit(src, ls, 0, text);
	free(text);
	return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
}

/*
 * The comments right before the statement at name_off (on their own
 * lines) and after it on its line, lowercased; caller frees.
 */
static char *comment_near(const ta_src *src, size_t name_off)
{
	const char *s = src->text;
	bool first;
	size_t ls = line_start(src, name_off, &first), e = name_off, a = ls;
	ta_buf b = {0};

	while (e < src->len && s[e] != '\n')
		e++;
	/* back over the lines above that hold only comment text */
	while (a > 0) {
		size_t pe = a - 1, ps = pe;
		const char *t;
		while (ps > 0 && s[ps - 1] != '\n')
			ps--;
		t = s + ps;
		while (t < s + pe && (*t == ' ' || *t == '\t'))
			t++;
		if (t == s + pe || !(t[0] == '*' || (t[0] == '/' && (t[1] == '*' || t[1] == '/'))))
			break;
		a = ps;
	}
	/* keep only what is inside comments */
	for (size_t k = a; k < e; k++) {
		size_t end;
		if (s[k] == '"' || s[k] == '\'') {
			k = ta_lex_skip_literal(s, src->len, k);
			continue;
		}
		if (s[k] == '/' && (s[k + 1] == '*' || s[k + 1] == '/'))
			end = ta_lex_skip_literal(s, src->len, k);
		else if (k == a && s[k] != '/' && ls > a) {
			/* the first line starts inside a comment ("* text") */
			end = k;
			while (end < ls && !(s[end] == '*' && s[end + 1] == '/'))
				end++;
		} else
			continue;
		for (size_t c = k; c <= end && c < e; c++)
			ta_buf_putc(&b,
				    (char)(s[c] >= 'A' && s[c] <= 'Z' ? s[c] - 'A' + 'a' : s[c]));
		ta_buf_putc(&b, ' ');
		k = end;
	}
	return b.len ? ta_buf_steal(&b) : xstrdup("");
}

/* Does the comment by the kill at name_off say the driver wants its pending run? */
static const char *flush_word(const ta_api_map *map, const ta_src *src, size_t name_off)
{
	char *c = comment_near(src, name_off);
	const char *hit = NULL;

	for (size_t i = 0; i < map->n_flush_words && !hit; i++)
		if (strstr(c, map->flush_words[i]))
			hit = map->flush_words[i];
	free(c);
	return hit;
}

/* Delete the enable of a barrier, with a comment right above it about that call. */
static int drop_statement(ta_rw *rw, ta_src *src, size_t name_off, const char *api)
{
	const char *s = src->text;
	bool first;
	size_t ls = line_start(src, name_off, &first), semi, e, a = ls;

	if (ta_stmt_call_end(src, name_off, &semi) != 0)
		return ta_stmt_delete_call(rw, src, name_off, api);
	/* a comment block just above that names the call describes it: it goes too */
	if (ls > 1) {
		size_t pe = ls - 1, ps = pe;
		while (ps > 0 && s[ps - 1] != '\n')
			ps--;
		while (ps < pe && (s[ps] == ' ' || s[ps] == '\t'))
			ps++;
		if (pe >= ps + 2 && s[pe - 1] == '/' && s[pe - 2] == '*') {
			size_t cs = pe - 2;
			while (cs > 0 && !(s[cs] == '/' && s[cs + 1] == '*'))
				cs--;
			while (cs > 0 && (s[cs - 1] == ' ' || s[cs - 1] == '\t'))
				cs--;
			if ((cs == 0 || s[cs - 1] == '\n') &&
			    ta_lex_find_ident(s, cs, pe, api, false) == TA_NPOS) {
				char *c = xstrndup(s + cs, pe - cs);
				if (strstr(c, api))
					a = cs;
				free(c);
			}
		}
	}
	if (a == ls)
		return ta_stmt_delete_call(rw, src, name_off, api);
	e = semi + 1;
	while (e < src->len && (s[e] == ' ' || s[e] == '\t'))
		e++;
	if (e >= src->len || s[e] != '\n')
		return ta_stmt_delete_call(rw, src, name_off, api);
	return ta_stmt_delete_lines(rw, src, a, e + 1);
}

/*
 * The condition a driver macro initializes the tasklet under (rt2x00's
 * `if (rt2x00dev->ops->lib->taskletname) { tasklet_setup(...); }`), with
 * its one parameter replaced by the argument of the expansion at the init
 * site s: "rt2x00dev->ops->lib->txstatus_tasklet".  NULL when the call
 * is not under an if of the definition, or it cannot be read.
 */
static char *macro_guard(ta_rw *rw, const ta_site *s)
{
	ta_src *src = ta_srcset_get(rw->set, s->file);
	const char *x;
	size_t at, end, name, open, close, p, ifo, ifc, st[2], en[2], xo, xopen, xst[2], xen[2];
	ta_buf b = {0};

	if (!src || ta_rw_find_macro(src, s->via_macro, &at, &end) != 0)
		return NULL;
	x = src->text;
	name = ta_lex_find_ident(x, at, end, s->via_macro, false);
	open = name + strlen(s->via_macro);
	if (name == TA_NPOS || x[open] != '(' || ta_lex_args(x, end, open, st, en, 2) != 1 ||
	    (close = ta_lex_match(x, end, open)) == TA_NPOS)
		return NULL;
	p = ta_lex_skip(x, end, close + 1);
	if (p + 2 >= end || strncmp(x + p, "if", 2) != 0 || ta_lex_ident_char(x[p + 2]) ||
	    x[ifo = ta_lex_skip(x, end, p + 2)] != '(' ||
	    (ifc = ta_lex_match(x, end, ifo)) == TA_NPOS ||
	    ta_lex_find_ident(x, ifc, end, ta_api_name(s->api), true) == TA_NPOS)
		return NULL;
	/* the expansion's argument */
	if (ta_rw_find_call(src, s->line, s->col, s->via_macro, &xo, &xopen) != 0 ||
	    ta_lex_args(x, src->len, xopen, xst, xen, 2) != 1)
		return NULL;
	for (size_t q = ifo + 1; q < ifc;) {
		size_t r = ta_lex_skip(x, ifc, q);
		if (r > q) {
			ta_buf_putc(&b, ' ');
			q = r;
		} else if (ta_lex_ident_char(x[q]) && (q == 0 || !ta_lex_ident_char(x[q - 1]))) {
			size_t e = q;
			while (e < ifc && ta_lex_ident_char(x[e]))
				e++;
			if (e - q == en[0] - st[0] && strncmp(x + q, x + st[0], e - q) == 0)
				ta_buf_printf(&b, "%.*s", (int)(xen[0] - xst[0]), x + xst[0]);
			else
				ta_buf_printf(&b, "%.*s", (int)(e - q), x + q);
			q = e;
		} else {
			ta_buf_putc(&b, x[q++]);
		}
	}
	{
		char *out = b.s ? ta_lex_norm(b.s, strlen(b.s)) : NULL;
		ta_buf_free(&b);
		return out;
	}
}

/*
 * A cancel, flush or disable of a work item that was never initialized
 * warns (__flush_work() checks work->func), where tasklet_kill() of a
 * zeroed tasklet returned.  A use site in the file of a macro init made
 * under a condition (rt2x00dev.c's remove path, also reached by a probe
 * that failed before the init) is made only when the work item has its
 * function, the kernel's idiom for "initialized": `if (obj.func)`.  The
 * other files' sites belong to the drivers whose tables set the callback.
 */
static int put_guard(ta_rw *rw, ta_src *src, size_t name_off, size_t a, size_t b,
		     const struct names *nm, const ta_site *s)
{
	size_t semi, prev = ta_lex_prev(src->text, 0, name_off);
	bool first;
	size_t ls = line_start(src, name_off, &first);
	char *arg = renamed(rw, src, a, b, nm), *text;
	int rc;

	for (size_t k = ls; k < name_off; k++)
		first &= src->text[k] == '\t';
	if (!arg || ta_stmt_call_end(src, name_off, &semi) != 0 || !first || prev == TA_NPOS ||
	    !strchr(";{}", src->text[prev])) {
		free(arg);
		return ta_rw_refuse(rw,
				    "%s:%u: %s() must be made only on an initialized work item, "
				    "but it is not a statement of its own line in a block",
				    s->file, s->line, ta_api_name(s->api));
	}
	if (arg[0] == '&')
		text = xasprintf("%.*sif (%s.func)\n\t", (int)(name_off - ls), src->text + ls,
				 arg + 1 + strspn(arg + 1, " "));
	else
		text = xasprintf("%.*sif ((%s)->func)\n\t", (int)(name_off - ls), src->text + ls,
				 arg);
	free(arg);
	rc = ta_src_edit(src, ls, 0, text);
	free(text);
	return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
}

/*
 * One init or use site: its call renamed, the queue put first, the object
 * renamed (or, for an IRQ handler's dev_id, its cast retyped); f says how
 * a use site is written when it is not the map's call (NULL: it is).
 */
static int convert_site(ta_rw *rw, const ta_mechanism_rules *m, const ta_site *s,
			const struct names *nm, bool hi, const struct site_form *f)
{
	static const struct site_form plain = {0};
	const ta_api_map *map = &m->apis[s->api];
	const char *api = ta_api_name(s->api);
	ta_src *src = ta_srcset_get(rw->set, s->file);
	size_t name_off, open, st[4], en[4];
	const char *call = map->call, *queue;
	char *head;
	int n, rc;

	if (!f)
		f = &plain;
	if (s->via_macro)
		return convert_macro_init(rw, map, s);
	if (s->api == TA_API_DIRECT_CALL) {
		/* a new-style callback called with the tasklet: only the object is renamed */
		if (!src || !s->callback ||
		    ta_rw_find_call(src, s->line, s->col, s->callback, &name_off, &open) ||
		    ta_lex_args(src->text, src->len, open, st, en, 4) != 1)
			return ta_rw_refuse(rw, "%s:%u: cannot find the direct call of %s()",
					    s->file, s->line, s->callback ? s->callback : "?");
		if (rw->t->sig != TA_SIG_NEW)
			return TA_RW_DONE; /* the callback converter rewrites the old form */
		ta_rw_note(rw,
			   "%s() is also called directly at %s:%u%s%s%s: the call now passes the "
			   "work item and still runs the callback there, at once.",
			   s->callback, s->file, s->line, s->function ? ", in " : "",
			   s->function ? s->function : "", s->function ? "()" : "");
		return rename_in(rw, src, st[0], en[0], nm);
	}
	if (!src || ta_rw_find_call(src, s->line, s->col, api, &name_off, &open) != 0)
		return ta_rw_refuse(rw, "%s:%u: cannot find %s()", s->file, s->line, api);
	n = ta_lex_args(src->text, src->len, open, st, en, 4);
	if (map->kind == TA_MAP_INIT) {
		char *a0;
		if (n != 2 && n != 3)
			return ta_rw_refuse(rw, "%s:%u: %s() with %d arguments", s->file, s->line,
					    api, n);
		if (s->api == TA_API_TASKLET_INIT && (rc = ta_rw_check_data(rw, s)) != TA_RW_DONE)
			return rc;
		/* the first argument with the object renamed, through a scratch copy */
		a0 = renamed(rw, src, st[0], en[0], nm);
		rc = a0 ? ta_rw_call2(rw, src, name_off, open, call, a0) : TA_RW_REFUSED;
		free(a0);
		return rc;
	}
	if (map->kind == TA_MAP_DECLARE) {
		ta_buf b = {0};
		size_t close = ta_lex_match(src->text, src->len, open);
		if (n != 2 && !(n == 3 && en[2] - st[2] == 1 && src->text[st[2]] == '0'))
			return ta_rw_refuse(rw, "%s:%u: %s() with %d arguments", s->file, s->line,
					    api, n);
		ta_buf_printf(&b, "%s(%s, %.*s)", call, nm->new_name, (int)(en[1] - st[1]),
			      src->text + st[1]);
		rc = ta_src_edit(src, name_off, close + 1 - name_off, b.s);
		ta_buf_free(&b);
		return rc ? ta_rw_refuse(rw, "%s: overlapping edits", src->rel) : TA_RW_DONE;
	}
	if (n != 1)
		return ta_rw_refuse(rw, "%s:%u: %s() with %d arguments", s->file, s->line, api, n);
	if (f->drop)
		return drop_statement(rw, src, name_off, api);
	if (f->call) {
		call = f->call;
		queue = NULL;
	} else if (s->api == TA_API_ENABLE && !f->queue_enable && map->unscheduled_call) {
		call = map->unscheduled_call;
		queue = NULL;
	} else {
		queue = queue_of(m, map->queue, hi);
		if (map->note && !f->flush)
			ta_rw_note(rw, "%s", map->note);
	}
	if (f->guard && (rc = put_guard(rw, src, name_off, st[0], en[0], nm, s)) != TA_RW_DONE)
		return rc;
	if (f->flush) {
		char *arg = s->self ? xstrndup(src->text + st[0], en[0] - st[0])
				    : renamed(rw, src, st[0], en[0], nm);
		rc = arg ? put_before(rw, src, name_off, map->flush_call, arg, s) : TA_RW_REFUSED;
		free(arg);
		if (rc != TA_RW_DONE)
			return rc;
	}
	/* an argument on the next line: no trailing space after the queue's comma */
	head = !queue                        ? xasprintf("%s(", call)
	       : src->text[open + 1] == '\n' ? xasprintf("%s(%s,", call, queue)
					     : xasprintf("%s(%s, ", call, queue);
	rc = ta_src_edit(src, name_off, open + 1 - name_off, head);
	free(head);
	if (rc)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	/* inside the callback the argument is its parameter: the callback rename covers it */
	if (s->self)
		return TA_RW_DONE;
	if (f->cookie)
		return retype_cookie(rw, src, st[0], en[0]);
	return rename_in(rw, src, st[0], en[0], nm);
}

/* Is file one where the tasklet is initialized, used or called back? */
static bool tasklet_file(const ta_tasklet *t, const char *file)
{
	if ((t->file && strcmp(t->file, file) == 0) ||
	    (t->callback_file && strcmp(t->callback_file, file) == 0))
		return true;
	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].file && strcmp(t->init_sites[i].file, file) == 0)
			return true;
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].file && strcmp(t->sites[i].file, file) == 0)
			return true;
	return false;
}

/* Does the argument as written name this tasklet (&c->field, &c.field, &name)? */
static bool names_tasklet(const ta_tasklet *t, const char *text, size_t n)
{
	char *sq = ta_lex_norm(text, n), *p = sq, *obj;
	bool yes = false;

	while (*p == '&' || *p == ' ')
		p++;
	obj = p;
	if (t->scope == TA_SCOPE_FIELD && t->field) {
		size_t fl = strlen(t->field), ol = strlen(obj);
		yes = sq[0] == '&' && ol > fl + 1 && strcmp(obj + ol - fl, t->field) == 0 &&
		      (obj[ol - fl - 1] == '.' ||
		       (obj[ol - fl - 1] == '>' && obj[ol - fl - 2] == '-'));
	} else if (t->name) {
		yes = sq[0] == '&' && strcmp(obj, t->name) == 0;
	}
	free(sq);
	return yes;
}

/* The calls handing the tasklet to a wrapper that the writer converted: file and line. */
struct handed {
	const char **file;
	unsigned *line;
	size_t n, cap;
};

static void handed_add(struct handed *h, const char *file, unsigned line)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 8;
		h->file = xrealloc(h->file, h->cap * sizeof(*h->file));
		h->line = xrealloc(h->line, h->cap * sizeof(*h->line));
	}
	h->file[h->n] = file;
	h->line[h->n++] = line;
}

static bool handed_has(const struct handed *h, const char *file, unsigned line)
{
	for (size_t i = 0; file && i < h->n; i++)
		if (h->line[i] == line && strcmp(h->file[i], file) == 0)
			return true;
	return false;
}

/*
 * A schedule wrapper: the function holding the unresolved site u takes
 * the tasklet as its parameter `struct tasklet_struct *NAME` and only
 * hands it to the tasklet API (atmel_tasklet_schedule(port,
 * &port->tasklet_rx)).  When this tasklet is passed to it, the parameter
 * becomes a struct work_struct *, the API call its counterpart, and the
 * argument of every call passing the tasklet is renamed.
 */
static int convert_wrapper(ta_rw *rw, const ta_mechanism_rules *m, const ta_site *u,
			   const struct names *nm, bool hi, bool *scheduled, struct handed *h)
{
	const ta_tasklet *t = rw->t;
	ta_src *src = ta_srcset_get(rw->set, u->file);
	char *file = NULL;
	unsigned line = 0;
	size_t name_off, open, close, body, body_end, st[8], en[8], pst = 0, pen = 0;
	int n, k = -1, rc = TA_RW_DONE;
	ta_mention *ms = NULL;
	size_t n_ms, passed = 0;

	if (!src || ta_rw_find_definition(rw, u->function, u->file, &file, &line) != 0 ||
	    strcmp(file, src->rel) != 0 ||
	    ta_rw_find_call(src, line, 0, u->function, &name_off, &open) != 0) {
		free(file);
		return TA_RW_NOT_NEEDED;
	}
	free(file);
	n = ta_lex_args(src->text, src->len, open, st, en, 8);
	for (int i = 0; i < n && k < 0; i++) {
		char *c = ta_lex_norm(src->text + st[i], en[i] - st[i]);
		char *want = xasprintf("struct tasklet_struct *%s", u->text);
		char *want2 = xasprintf("struct tasklet_struct*%s", u->text);
		if (strcmp(c, want) == 0 || strcmp(c, want2) == 0) {
			k = i;
			pst = st[i];
			pen = en[i];
		}
		free(c);
		free(want);
		free(want2);
	}
	close = ta_lex_match(src->text, src->len, open);
	body = close == TA_NPOS ? TA_NPOS : ta_lex_skip(src->text, src->len, close + 1);
	if (k < 0 || body >= src->len || src->text[body] != '{' ||
	    (body_end = ta_lex_match(src->text, src->len, body)) == TA_NPOS)
		return TA_RW_NOT_NEEDED;
	/* calls passing this tasklet */
	n_ms = ta_stmt_mentions(rw->set, u->file, u->function, &ms);
	for (size_t i = 0; i < n_ms && rc == TA_RW_DONE; i++) {
		ta_src *cs = ta_srcset_get(rw->set, ms[i].file);
		size_t o = ta_lex_skip(cs->text, cs->len, ms[i].off + strlen(u->function));
		size_t cst[8], cen[8];
		if ((cs == src && ms[i].off == name_off) || !tasklet_file(t, cs->rel))
			continue;
		if (o >= cs->len || cs->text[o] != '(' ||
		    ta_lex_args(cs->text, cs->len, o, cst, cen, 8) != n ||
		    !names_tasklet(t, cs->text + cst[k], cen[k] - cst[k]))
			continue;
		passed++;
		handed_add(h, cs->rel, ta_src_line_of(cs, ms[i].off));
		rc = rename_in(rw, cs, cst[k], cen[k], nm);
	}
	free(ms);
	if (rc != TA_RW_DONE || passed == 0)
		return rc == TA_RW_DONE ? TA_RW_NOT_NEEDED : rc;
	/* the parameter is only handed to the tasklet API */
	for (size_t p = ta_lex_find_ident(src->text, body, body_end, u->text, true); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + 1, body_end, u->text, true)) {
		size_t before = ta_lex_prev(src->text, body, p), w = before;
		size_t after = ta_lex_skip(src->text, src->len, p + strlen(u->text));
		char *callee;
		bool api;
		while (w != TA_NPOS && w > body && strchr(" \t\n", src->text[w - 1]))
			w--;
		if (before == TA_NPOS || src->text[before] != '(' || src->text[after] != ')')
			return ta_rw_refuse(rw,
					    "%s:%u: %s() hands the tasklet on other than as the "
					    "argument of a tasklet API call",
					    src->rel, ta_src_line_of(src, p), u->function);
		w = ta_lex_prev(src->text, body, before) + 1;
		{
			size_t a = w;
			while (a > body && ta_lex_ident_char(src->text[a - 1]))
				a--;
			callee = xstrndup(src->text + a, w - a);
		}
		api = ta_api_from_name(callee) != TA_API_NONE;
		free(callee);
		if (!api)
			return ta_rw_refuse(
				rw,
				"%s:%u: %s() hands the tasklet to a function other than "
				"the tasklet API",
				src->rel, ta_src_line_of(src, p), u->function);
	}
	{
		size_t q = ta_lex_find_ident(src->text, pst, pen, "tasklet_struct", true);
		if (q == TA_NPOS ||
		    ta_src_edit(src, q, strlen("tasklet_struct"), "work_struct") != 0)
			return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	}
	{
		ta_site w = *u;
		struct site_form f = {.queue_enable = true};
		w.self = true;
		w.line = ta_rw_line(rw, u->file, u->line);
		w.col = 0;
		*scheduled |= u->api == TA_API_SCHEDULE || u->api == TA_API_HI_SCHEDULE;
		rc = convert_site(rw, m, &w, nm, hi, &f);
	}
	if (rc == TA_RW_DONE)
		ta_rw_note(rw, "%s() takes the work item instead of the tasklet.", u->function);
	return rc;
}

/* The schedule wrappers, in the tasklet's own files, that it is passed to. */
static int convert_wrappers(ta_rw *rw, const ta_mechanism_rules *m, const struct names *nm, bool hi,
			    bool *scheduled, struct handed *h)
{
	const ta_audit *a = rw->audit;
	int rc = TA_RW_DONE;

	for (size_t i = 0; i < a->n_unresolved && rc != TA_RW_REFUSED; i++) {
		const ta_site *u = &a->unresolved[i];
		const ta_api_map *map;
		if (!u->self || !u->function || !u->file || !u->text || !u->line ||
		    !tasklet_file(rw->t, u->file))
			continue;
		map = &m->apis[u->api];
		if (map->kind != TA_MAP_REFUSE && map->kind != TA_MAP_NONE &&
		    map->kind != TA_MAP_INIT && map->kind != TA_MAP_DECLARE)
			rc = convert_wrapper(rw, m, u, nm, hi, scheduled, h);
	}
	return rc == TA_RW_REFUSED ? rc : TA_RW_DONE;
}

/*
 * tasklet_disable() at d followed at once (comments between) by
 * tasklet_enable() at e: a barrier that only waits for a running callback
 * (qed's qed_slowpath_tasklet_flush(), mac80211's drv_stop()).  With code
 * between, the pair keeps the callback off while that code runs: a lock.
 */
static bool barrier_pair(ta_rw *rw, const ta_site *d, bool atomic_lock, const ta_site *e)
{
	ta_src *src = ta_srcset_get(rw->set, d->file);
	size_t dn, dopen, en_, eopen, dsemi, esemi;

	return src && !atomic_lock &&
	       ta_rw_find_call(src, d->line, d->col, ta_api_name(d->api), &dn, &dopen) == 0 &&
	       ta_rw_find_call(src, e->line, e->col, ta_api_name(e->api), &en_, &eopen) == 0 &&
	       ta_stmt_call_end(src, dn, &dsemi) == 0 && ta_stmt_call_end(src, en_, &esemi) == 0 &&
	       dsemi < en_ && ta_lex_skip(src->text, src->len, dsemi + 1) == en_;
}

/*
 * DECLARE_TASKLET_DISABLED*: the work item is declared enabled, so the
 * init point disables it before anything can queue it (rules' init_points).
 */

/* Is the tasklet disabled in function fn of file before line (a disable/enable pair)? */
static bool disabled_before(const ta_tasklet *t, const ta_site *e)
{
	for (size_t k = 0; k < t->n_sites; k++) {
		const ta_site *d = &t->sites[k];
		if ((d->api == TA_API_DISABLE || d->api == TA_API_DISABLE_NOSYNC ||
		     d->api == TA_API_DISABLE_IN_ATOMIC) &&
		    d->file && d->function && strcmp(d->file, e->file) == 0 &&
		    strcmp(d->function, e->function) == 0 && d->line <= e->line)
			return true;
	}
	return false;
}

static bool in_strs(char *const *v, size_t n, const char *s, bool suffix)
{
	for (size_t i = 0; i < n; i++)
		if (suffix ? ta_str_ends(s, v[i]) : strcmp(s, v[i]) == 0)
			return true;
	return false;
}

/* fn of file is a driver's probe as the init points name it: its registration, else NULL. */
static const ta_ref *probe_ref(const ta_audit *a, const ta_init_points *ip, const char *file,
			       const char *fn)
{
	for (size_t i = 0; i < a->n_refs; i++) {
		const ta_ref *r = &a->refs[i];
		const char *dot;
		char *type;
		bool ok;
		if (!r->file || !r->fn || !r->context || strcmp(r->file, file) != 0 ||
		    strcmp(r->fn, fn) != 0 || !ta_str_starts(r->context, "field:") ||
		    !(dot = strrchr(r->context, '.')))
			continue;
		type = xstrndup(r->context + 6, (size_t)(dot - r->context - 6));
		ok = in_strs(ip->fields, ip->n_fields, dot + 1, false) &&
		     in_strs(ip->struct_suffixes, ip->n_struct_suffixes, type, true);
		free(type);
		if (ok)
			return r;
	}
	return NULL;
}

/*
 * Is g (a function of file) run only once init has run: init itself, or a
 * static function every registration and caller of which (there is one at
 * least) is.  A function registered at file scope (in a driver's ops) or
 * callable from other files is not known to be.
 */
static bool after_init(const ta_audit *a, const char *file, const char *g, const char *init,
		       int depth)
{
	size_t n = 0;
	bool is_static = false;

	if (strcmp(g, init) == 0)
		return true;
	if (depth > 8)
		return false;
	for (size_t i = 0; i < a->n_funcs; i++)
		if (a->funcs[i].file && a->funcs[i].name && strcmp(a->funcs[i].file, file) == 0 &&
		    strcmp(a->funcs[i].name, g) == 0)
			is_static = a->funcs[i].is_static;
	if (!is_static)
		return false;
	for (size_t i = 0; i < a->n_refs; i++) {
		const ta_ref *r = &a->refs[i];
		if (!r->file || !r->fn || strcmp(r->file, file) != 0 || strcmp(r->fn, g) != 0)
			continue;
		if (!r->where || !after_init(a, file, r->where, init, depth + 1))
			return false;
		n++;
	}
	for (size_t i = 0; i < a->n_edges; i++) {
		const ta_edge *e = &a->edges[i];
		if (e->macro || !e->file || !e->callee || strcmp(e->file, file) != 0 ||
		    strcmp(e->callee, g) != 0)
			continue;
		if (!e->caller || !after_init(a, file, e->caller, init, depth + 1))
			return false;
		n++;
	}
	return n > 0;
}

/* Does a declaration start at i (a type, then a name), as opposed to a statement? */
static bool declaration_at(const char *s, size_t len, size_t i)
{
	static const char *const stmt[] = {"return",   "if",   "for",  "while",   "do",
					   "switch",   "goto", "case", "default", "break",
					   "continue", "else", "asm",  "__asm__", NULL};
	size_t e = i, j;

	while (e < len && ta_lex_ident_char(s[e]))
		e++;
	if (e == i || (s[i] >= '0' && s[i] <= '9'))
		return false;
	for (int k = 0; stmt[k]; k++)
		if (e - i == strlen(stmt[k]) && strncmp(s + i, stmt[k], e - i) == 0)
			return false;
	j = ta_lex_skip(s, len, e);
	while (j < len && s[j] == '*')
		j = ta_lex_skip(s, len, j + 1);
	/* `type name`, `type *name`, or a keyword that starts a type (struct, const, ...) */
	return j < len && ta_lex_ident_char(s[j]) && !(s[j] >= '0' && s[j] <= '9');
}

/* The end (its ';') of the declaration or statement at i, brackets skipped; TA_NPOS if none. */
static size_t statement_end(const char *s, size_t len, size_t i)
{
	while (i < len && s[i] != ';' && s[i] != '}') {
		size_t k = ta_lex_skip_literal(s, len, i);
		if (k != i) {
			i = k;
			continue;
		}
		if (s[i] == '(' || s[i] == '[' || s[i] == '{') {
			i = ta_lex_match(s, len, i);
			if (i == TA_NPOS)
				return TA_NPOS;
		}
		i = ta_lex_skip(s, len, i + 1);
	}
	return i < len && s[i] == ';' ? i : TA_NPOS;
}

/*
 * The definition of fn in src: *name_off its name, *body its '{'; -1 when
 * not found.  *marked: the text before the name, back to the previous
 * declaration, holds one of markers.
 */
static int find_function(const ta_src *src, const char *fn, char *const *markers, size_t n_markers,
			 size_t *name_off, size_t *body, bool *marked)
{
	for (size_t p = ta_lex_find_ident(src->text, 0, src->len, fn, true); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + 1, src->len, fn, true)) {
		size_t open = ta_lex_skip(src->text, src->len, p + strlen(fn)), close, b, from;
		if (open >= src->len || src->text[open] != '(' ||
		    ta_lex_depth_at(src->text, src->len, p) != 0)
			continue;
		close = ta_lex_match(src->text, src->len, open);
		b = close == TA_NPOS ? TA_NPOS : ta_lex_skip(src->text, src->len, close + 1);
		if (b >= src->len || src->text[b] != '{')
			continue;
		from = p;
		while (from > 0 && !strchr(";}", src->text[from - 1]))
			from--;
		*marked = false;
		for (size_t k = 0; k < n_markers; k++)
			*marked |= ta_lex_find_ident(src->text, from, p, markers[k], false) !=
				   TA_NPOS;
		*name_off = p;
		*body = b;
		return 0;
	}
	return -1;
}

static int start_disabled(ta_rw *rw, const ta_mechanism_rules *m, const struct names *nm,
			  const ta_alias *al, size_t n_al)
{
	const ta_tasklet *t = rw->t;
	const ta_api_map *map = &m->apis[t->init_api];
	const ta_init_points *ip = &m->init_points;
	const char *api = ta_api_name(t->init_api), *init = NULL, *file = NULL;
	const ta_site *first = NULL, *decl = &t->init_sites[0];
	const ta_ref *probe;
	ta_src *src;
	size_t name_off, body, at, ls;
	bool marked, line_first;
	char *text;
	int rc;

	/* the init point: the function of the enables no disable precedes */
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *e = &t->sites[i];
		if (e->api != TA_API_ENABLE || !e->function || !e->file || disabled_before(t, e))
			continue;
		if (init && (strcmp(init, e->function) != 0 || strcmp(file, e->file) != 0))
			return ta_rw_refuse(
				rw,
				"%s:%u: %s: %s is first enabled both in %s() and in %s(): no "
				"single init point to disable the work item at",
				decl->file, decl->line, api, t->name, init, e->function);
		init = e->function;
		file = e->file;
		first = e;
	}
	if (!init)
		return ta_rw_refuse(
			rw,
			"%s:%u: %s: %s is never enabled but after a tasklet_disable() in the "
			"same function: no init point to disable the work item at",
			decl->file, decl->line, api, t->name);
	src = ta_srcset_get(rw->set, file);
	if (!src ||
	    find_function(src, init, ip->markers, ip->n_markers, &name_off, &body, &marked) != 0)
		return ta_rw_refuse(
			rw, "%s:%u: %s: cannot find the definition of %s(), where %s is enabled",
			decl->file, decl->line, api, init, t->name);
	probe = probe_ref(rw->audit, ip, file, init);
	if (!probe && !marked)
		return ta_rw_refuse(
			rw,
			"%s:%u: %s: %s is first enabled in %s() (%s:%u), which is neither a "
			"driver's probe nor init code: no init point to disable the "
			"work item at",
			decl->file, decl->line, api, t->name, init, first->file, first->line);
	/* nothing queues or enables it before the init point */
	for (size_t i = 0; i < n_al; i++)
		if (!al[i].site)
			return ta_rw_refuse(
				rw,
				"%s:%u: %s: the address of %s is taken at %s:%u: the tool "
				"cannot tell whether it is queued before %s()",
				decl->file, decl->line, api, t->name, al[i].file, al[i].line, init);
	for (size_t i = 0; i < t->n_sites + n_al; i++) {
		const ta_site *s = i < t->n_sites ? &t->sites[i] : al[i - t->n_sites].site;
		if (s->api != TA_API_SCHEDULE && s->api != TA_API_HI_SCHEDULE &&
		    s->api != TA_API_ENABLE)
			continue;
		if (!s->function || !s->file || strcmp(s->file, file) != 0 ||
		    !after_init(rw->audit, file, s->function, init, 0))
			return ta_rw_refuse(
				rw,
				"%s:%u: %s: %s() at %s:%u runs in %s(), which the index does not show "
				"reached only after %s() disables the work item: a queue_work() "
				"before it would run the callback, where the tasklet kept the run "
				"pending",
				decl->file, decl->line, api, ta_api_name(s->api),
				s->file ? s->file : "?", s->line, s->function ? s->function : "?",
				init);
	}
	/* put first in the body, after its declarations */
	at = ta_lex_skip(src->text, src->len, body + 1);
	while (at < src->len && src->text[at] != '}' && declaration_at(src->text, src->len, at)) {
		size_t semi = statement_end(src->text, src->len, at);
		if (semi == TA_NPOS)
			break;
		at = ta_lex_skip(src->text, src->len, semi + 1);
	}
	ls = line_start(src, at, &line_first);
	if (at >= src->len || src->text[at] == '}' || !line_first || ls <= body)
		return ta_rw_refuse(
			rw, "%s:%u: %s: %s() has no statement of its own line to put %s() before",
			decl->file, decl->line, api, init, map->start_call);
	text = xasprintf("%.*s%s(&%s);\n", (int)(at - ls), src->text + ls, map->start_call,
			 nm->new_name);
	rc = ta_src_edit(src, ls, 0, text);
	free(text);
	if (rc)
		return ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	if (map->start_note) {
		/* the rules checked it has two %s */
		char *note = xasprintf(map->start_note, init, nm->new_name);
		ta_rw_note(rw, "%s", note);
		free(note);
	}
	return TA_RW_DONE;
}

/* The reference core finds the conversion unsafe: refuse, quoting the check and its trace. */
static int refuse_unsafe(ta_rw *rw, const struct ta_behavior_diff *d)
{
	ta_buf trace = {0};
	size_t n = d->explanation ? strlen(d->explanation) : 0;
	int rc;

	for (size_t i = 0; i < d->n_trace && i < 8; i++)
		ta_buf_printf(&trace, "%s%s", i ? "; " : "", d->trace[i]);
	rc = ta_rw_refuse(rw,
			  "%s: the reference-core check finds this conversion unsafe (%s): "
			  "%.*s; %s%s%s",
			  rw->t->name, d->property,
			  (int)(n && d->explanation[n - 1] == '.' ? n - 1 : n),
			  d->explanation ? d->explanation : "",
			  d->relevance_reason ? d->relevance_reason : "the driver can observe it",
			  trace.len ? "; its trace: " : "", trace.len ? trace.s : "");
	ta_buf_free(&trace);
	return rc;
}

/*
 * The flush notes of the kills the reference core finds observable: one
 * per reason, since one reason covers every kill of the tasklet the check
 * saw (virt-dma's 35 remove paths would otherwise repeat it 35 times).
 */
static void flush_notes(ta_rw *rw, const ta_mechanism_rules *m, const ta_patch_model *pm,
			const bool *flushed, const bool *commented)
{
	const ta_tasklet *t = rw->t;
	const char *flush_note = m->apis[TA_API_KILL].flush_note;
	bool *done = xcalloc(t->n_sites + 1, sizeof(bool));

	for (size_t i = 0; i < t->n_sites && flush_note; i++) {
		const char *why = ta_patch_model_kill_reason(pm, i);
		ta_buf at = {0};
		size_t n = 0;
		if (done[i] || !flushed[i] || commented[i] ||
		    !ta_patch_model_kill_observable(pm, i) || !why)
			continue;
		for (size_t k = i; k < t->n_sites; k++) {
			const char *other = ta_patch_model_kill_reason(pm, k);
			if (done[k] || !flushed[k] || commented[k] ||
			    !ta_patch_model_kill_observable(pm, k) || !other ||
			    strcmp(other, why) != 0)
				continue;
			done[k] = true;
			if (n++ < 3)
				ta_buf_printf(&at, "%s%s:%u", n > 1 ? ", " : "", t->sites[k].file,
					      t->sites[k].line);
		}
		if (n > 3)
			ta_rw_note(rw, "%zu tasklet_kill() sites: %s (%s)", n, flush_note, why);
		else
			ta_rw_note(rw, "%s: %s (%s)", at.s, flush_note, why);
		ta_buf_free(&at);
	}
	free(done);
}

static int convert_work(ta_rw *rw, const ta_mechanism_rules *m, const ta_alias *al, size_t n_al)
{
	const ta_tasklet *t = rw->t;
	struct names nm = {0};
	struct ta_cb_form form = {
		.param_type = "struct work_struct *", .param_name = "work", .from = "from_work"};
	bool hi = false, plain = false, scheduled = false, macro_init = false;
	char *guard = NULL;
	struct site_form *forms = xcalloc(t->n_sites + 1, sizeof(*forms));
	bool *skip = xcalloc(t->n_sites + 1, sizeof(bool)), *flushed, *commented;
	ta_patch_model *pm = NULL;
	const struct ta_behavior_diff *unsafe;
	const char *handled;
	struct handed handed = {0};
	struct ta_array_pair pair = {0};
	int rc = TA_RW_DONE;

	flushed = xcalloc(t->n_sites + 1, sizeof(bool));
	commented = xcalloc(t->n_sites + 1, sizeof(bool));
	for (int pass = 0; pass < 3 && rc == TA_RW_DONE; pass++)
		for (size_t i = 0; i < (pass == 2 ? n_al : pass ? t->n_sites : t->n_init); i++) {
			const ta_site *s = pass == 2 ? al[i].site
					   : pass    ? &t->sites[i]
						     : &t->init_sites[i];
			const ta_api_map *map;
			if (!s || s->api == TA_API_DIRECT_CALL)
				continue; /* an address handed to the IRQ core, a direct call */
			map = &m->apis[s->api];
			if (map->kind == TA_MAP_REFUSE)
				rc = ta_rw_refuse(rw, "%s:%u: %s", s->file, s->line, map->refuse);
			else if (map->kind == TA_MAP_NONE)
				rc = ta_rw_refuse(rw, "%s:%u: no %s counterpart for %s()", s->file,
						  s->line, m->name, ta_api_name(s->api));
			else if (s->via_macro && pass == 1) {
				ta_site in;
				rc = macro_site(rw, s, &in);
			} else if (s->via_macro && !(pass == 0 && s->api == TA_API_TASKLET_SETUP))
				rc = ta_rw_refuse(
					rw, "%s:%u: %s() is written inside the macro '%s'", s->file,
					s->line, ta_api_name(s->api), s->via_macro);
			else if (!s->file || !s->line)
				rc = ta_rw_refuse(rw, "a %s() site has no location",
						  ta_api_name(s->api));
			if (rc != TA_RW_DONE)
				break;
			macro_init |= pass == 0 && s->via_macro != NULL;
			hi |= s->api == TA_API_HI_SCHEDULE;
			plain |= s->api == TA_API_SCHEDULE;
			scheduled |= s->api == TA_API_SCHEDULE || s->api == TA_API_HI_SCHEDULE;
		}
	if (rc != TA_RW_DONE)
		goto out;
	if (ta_classification_of(t)->bh_exclusion && !m->bh_exclusion_ok && !m->n_retake) {
		rc = ta_rw_refuse(rw, "the tasklet shares data with code under spin_lock_bh(); in "
				      "process context that no longer excludes it: not mechanical");
		goto out;
	}
	if (ta_classification_of(t)->bh_exclusion && !m->bh_exclusion_ok && t->callback &&
	    (rc = retake_locks(rw, m)) != TA_RW_DONE)
		goto out;
	if (t->array) {
		rc = ta_array_pair_find(rw, &pair);
		if (rc == TA_RW_NOT_NEEDED && !ta_rw_constant_elements(t))
			rc = ta_rw_refuse(rw, "an array of tasklets whose init sites do not each "
					      "name a constant element: not handled");
		else if (rc == TA_RW_NOT_NEEDED)
			rc = TA_RW_DONE; /* each callback finds its own element */
		else if (rc == TA_RW_DONE)
			nm.arr = &pair;
		if (rc != TA_RW_DONE)
			goto out;
	}
	if (t->scope == TA_SCOPE_FIELD) {
		if (!t->field || !t->member_path) {
			rc = ta_rw_refuse(rw, "the tasklet's field is unknown");
			goto out;
		}
		nm.field = true;
		nm.old_name = t->field;
		nm.new_name = ta_work_item_name(t, m->work_noun);
		nm.old_member = xstrdup(t->member_path);
		{
			size_t n = strlen(t->member_path), f = strlen(t->field);
			nm.new_member = xasprintf("%.*s%s", (int)(n - f), t->member_path,
						  nm.new_name);
		}
	} else if (t->scope == TA_SCOPE_STATIC || t->scope == TA_SCOPE_GLOBAL) {
		nm.old_name = t->name;
		/* a global is referenced from other files the model may not list: keep its name */
		nm.new_name = ta_work_item_name(t, m->work_noun);
	} else {
		rc = ta_rw_refuse(rw, "a %s tasklet: not handled", ta_scope_name(t->scope));
		goto out;
	}
	{
		char *want = ta_work_item_name(t, m->work_noun);
		if (!(nm.new_name = free_name(rw, &nm, nm.new_name))) {
			rc = ta_rw_refuse(
				rw, "'%s' and '%s_item' are both taken where '%s' is declared",
				want, want, nm.old_name);
			free(want);
			goto out;
		}
		free(want);
		if (nm.field) {
			size_t n = strlen(t->member_path), f = strlen(t->field);
			free(nm.new_member);
			nm.new_member = xasprintf("%.*s%s", (int)(n - f), t->member_path,
						  nm.new_name);
		}
		free(rw->work_name);
		rw->work_name = xstrdup(nm.new_name);
	}
	/* disable/enable barriers become the flush; the rest is mapped from the check */
	for (size_t i = 0; i < t->n_sites && m->apis[TA_API_DISABLE].barrier_call; i++) {
		const ta_site *d = &t->sites[i], *e = NULL;
		size_t ei = 0;
		if (d->api != TA_API_DISABLE || !d->active || skip[i])
			continue;
		for (size_t k = 0; k < t->n_sites; k++) {
			const ta_site *c = &t->sites[k];
			if (k == i || !c->file || strcmp(c->file, d->file) != 0 ||
			    c->line < d->line || (c->line == d->line && c->col <= d->col) ||
			    !(c->function && d->function && strcmp(c->function, d->function) == 0))
				continue;
			if (!e || c->line < e->line || (c->line == e->line && c->col < e->col)) {
				e = c;
				ei = k;
			}
		}
		if (!e || e->api != TA_API_ENABLE ||
		    !barrier_pair(rw, d, ta_site_context_of(t, i)->atomic_lock, e))
			continue;
		skip[i] = skip[ei] = true;
		forms[i].call = m->apis[TA_API_DISABLE].barrier_call;
		forms[ei].drop = true;
		if (m->apis[TA_API_DISABLE].barrier_note)
			ta_rw_note(rw, "%s:%u-%u: %s", d->file, d->line, e->line,
				   m->apis[TA_API_DISABLE].barrier_note);
	}
	pm = ta_patch_model_new(t, m->name, rw->check_rules, skip);
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		const ta_api_map *map = &m->apis[s->api];
		if (skip[i] || s->via)
			continue; /* a wrapper's call: its API call is converted in the wrapper */
		if (s->api == TA_API_ENABLE) {
			forms[i].queue_enable = pm ? ta_patch_model_enable_queues(pm, i)
						   : scheduled;
			if (!forms[i].queue_enable && scheduled && map->plain_note)
				ta_rw_note(rw, "%s:%u: %s", s->file, s->line, map->plain_note);
		}
		if (s->api == TA_API_KILL && map->flush_call) {
			ta_site in;
			const ta_site *at = s;
			ta_src *src;
			size_t no, op;
			const char *word = NULL;
			if (s->via_macro && macro_site(rw, s, &in) == TA_RW_DONE)
				at = &in; /* the call as its macro writes it */
			src = ta_srcset_get(rw->set, at->file);
			if (src && ta_rw_find_call(src, at->line, at->col, ta_api_name(s->api), &no,
						   &op) == 0)
				word = flush_word(map, src, no);
			if (word || ta_patch_model_kill_observable(pm, i)) {
				forms[i].flush = flushed[i] = true;
				if (map->flush_note && word)
					ta_rw_note(rw, "%s:%u: %s (the comment there says so)",
						   s->file, s->line, map->flush_note);
				commented[i] = word != NULL;
			}
		}
	}
	flush_notes(rw, m, pm, flushed, commented);
	handled = ta_classification_of(t)->bh_exclusion && !m->bh_exclusion_ok ? "bh-exclusion"
									       : NULL;
	unsafe = ta_patch_model_unsafe(pm, flushed, handled);
	if (unsafe) {
		rc = refuse_unsafe(rw, unsafe);
		goto out;
	}
	if (macro_init) {
		const ta_site *in = NULL;
		for (size_t i = 0; i < t->n_init && !in; i++)
			if (t->init_sites[i].via_macro)
				in = &t->init_sites[i];
		guard = macro_guard(rw, in);
		for (size_t i = 0; i < t->n_sites && guard && rc == TA_RW_DONE; i++) {
			const ta_site *s = &t->sites[i];
			if (s->api == TA_API_SCHEDULE || s->api == TA_API_HI_SCHEDULE ||
			    s->api == TA_API_DIRECT_CALL || !s->file ||
			    strcmp(s->file, in->file) != 0)
				continue;
			if (forms[i].flush || forms[i].call || forms[i].drop)
				rc = ta_rw_refuse(rw,
						  "%s:%u: %s() must be made only on an initialized "
						  "work item, as the macro %s initializes it under "
						  "'%s', and it is rewritten to more than one call",
						  s->file, s->line, ta_api_name(s->api),
						  in->via_macro, guard);
			forms[i].guard = true;
			if (rc == TA_RW_DONE)
				ta_rw_note(rw,
					   "%s: %s() is called only on a work item that has its "
					   "function set: the macro %s initializes the work "
					   "items under a condition, and %s() of one never "
					   "initialized warns where %s() returned.",
					   s->file, m->apis[s->api].call, in->via_macro,
					   m->apis[s->api].call, ta_api_name(s->api));
		}
		if (rc != TA_RW_DONE)
			goto out;
	}
	form.member = nm.new_member;
	form.old_member = nm.old_member;
	form.new_name = nm.field ? NULL : nm.new_name;
	if (m->apis[t->init_api].kind != TA_MAP_DECLARE)
		rc = convert_decl(rw, &nm);
	if (rc == TA_RW_DONE)
		rc = convert_wrappers(rw, m, &nm, hi, &scheduled, &handed);
	for (size_t i = 0; i < t->n_init && rc == TA_RW_DONE; i++)
		rc = convert_site(rw, m, &t->init_sites[i], &nm, hi, NULL);
	if (rc == TA_RW_DONE && m->apis[t->init_api].start_call)
		rc = start_disabled(rw, m, &nm, al, n_al);
	for (size_t i = 0; i < t->n_sites && rc == TA_RW_DONE; i++) {
		const ta_site *s = &t->sites[i];
		/* a call handing the tasklet to a wrapper: converted with the wrapper */
		if (s->through)
			rc = ta_rw_refuse_through(rw, s);
		else if (s->via && !handed_has(&handed, s->file, s->line))
			rc = ta_rw_refuse(rw,
					  "%s:%u: %s() gets the tasklet through %s, a wrapper the "
					  "writer does not convert",
					  s->file, s->line, s->function ? s->function : "?",
					  s->via);
		else if (!s->via && s->via_macro) {
			ta_site in;
			rc = macro_site(rw, s, &in);
			if (rc == TA_RW_DONE)
				rc = convert_site(rw, m, &in, &nm, hi, &forms[i]);
		} else if (!s->via)
			rc = convert_site(rw, m, s, &nm, hi, &forms[i]);
	}
	for (size_t i = 0; i < n_al && rc == TA_RW_DONE; i++) {
		const ta_site *s = al[i].site;
		struct site_form f = {0};
		if (al[i].kind == TA_ALIAS_ADDRESS) {
			ta_src *src = ta_srcset_get(rw->set, al[i].file);
			size_t a = src ? ta_src_line(src, al[i].line) : TA_NPOS;
			rc = a == TA_NPOS
				     ? ta_rw_refuse(rw, "cannot read '%s'", al[i].file)
				     : rename_in(rw, src, a, ta_src_line_end(src, al[i].line), &nm);
			continue;
		}
		f.cookie = al[i].kind == TA_ALIAS_COOKIE;
		f.queue_enable = scheduled;
		rc = convert_site(rw, m, s, &nm, hi, &f);
		if (rc == TA_RW_DONE && al[i].kind == TA_ALIAS_COOKIE)
			ta_rw_note(rw,
				   "%s() gets the work item as its dev_id, which %s passes to the "
				   "IRQ request; its %s() at %s:%u is converted with the others "
				   "(the reference-core check below does not model that site).",
				   s->function, al[i].escape, ta_api_name(s->api), s->file,
				   s->line);
		else if (rc == TA_RW_DONE && !s->active)
			ta_rw_note(rw,
				   "%s:%u, in code this configuration does not build, is converted "
				   "too (the indexer could not check it).",
				   s->file, s->line);
	}
	if (rc == TA_RW_DONE && nm.arr) {
		/* the callback's data is the element, now the work item's container */
		ta_tasklet elem = *t;
		elem.root_type = pair.elem_type;
		elem.data_kind = TA_DATA_CONTAINER;
		elem.array = false;
		rw->t = &elem;
		rc = ta_rw_callback(rw, &form);
		rw->t = t;
	} else if (rc == TA_RW_DONE) {
		rc = ta_rw_callback(rw, &form);
	}
	if (rc == TA_RW_DONE && hi && plain && m->one_queue_note)
		ta_rw_note(rw, "%s: %s", t->name, m->one_queue_note);
	if (rc == TA_RW_DONE && m->context_note)
		ta_rw_note(rw, "%s", m->context_note);
	if (rc == TA_RW_DONE && pm) {
		char **lines = NULL;
		size_t n = ta_patch_model_notes(pm, flushed, handled, &lines);
		for (size_t i = 0; i < n; i++) {
			ta_rw_note(rw, "%s: %s", t->name, lines[i]);
			free(lines[i]);
		}
		free(lines);
	}
out:
	ta_array_pair_clear(&pair);
	free(handed.file);
	free(handed.line);
	free(guard);
	ta_patch_model_free(&pm);
	free(forms);
	free(skip);
	free(flushed);
	free(commented);
	free(nm.new_name);
	free(nm.old_member);
	free(nm.new_member);
	return rc;
}

int ta_rewrite_work(ta_rw *rw, const ta_mechanism_rules *m)
{
	ta_alias *al = NULL;
	size_t n_al = 0;
	int rc;

	if (rw->t->n_init == 0)
		return ta_rw_refuse(rw, "no init site in the audited files");
	if (ta_rw_refuse_compiled_out(rw) != TA_RW_DONE)
		return TA_RW_REFUSED;
	if (ta_rw_aliases(rw, rw->rules, &al, &n_al) != TA_RW_DONE)
		return TA_RW_REFUSED;
	rc = convert_work(rw, m, al, n_al);
	ta_rw_aliases_free(&al, n_al);
	return rc;
}
