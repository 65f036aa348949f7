// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_setup.c - tasklet_init() -> tasklet_setup(): the 2020
 * modernization, done the way the hand-made treewide patch did it, one
 * init site, prototype and callback at a time.  Tasklets already on the
 * new API need nothing (nor do the new-API sites of a tasklet some other
 * site still initializes the old way); open-coded initializations and
 * data that is not the container (and not a global) are refused.  An
 * array of tasklets whose data are the elements of a parallel array moves
 * into those elements.
 */
#include "rewrite_setup.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "srcedit.h"
#include "rewrite_array.h"
#include "rewrite_callback.h"
#include "util.h"

/* DECLARE_TASKLET_OLD(name, fn) -> DECLARE_TASKLET(name, fn): rename the macro. */
static int convert_declare(ta_rw *rw, const ta_site *s, const char *from, const char *to)
{
	ta_src *src = ta_srcset_get(rw->set, s->file);
	size_t name_off, open;

	if (!src || ta_rw_find_call(src, s->line, s->col, from, &name_off, &open) != 0)
		return ta_rw_refuse(rw, "%s:%u: cannot find %s()", s->file, s->line, from);
	if (ta_src_edit(src, name_off, strlen(from), to) != 0)
		return ta_rw_refuse(rw, "%s: overlapping edits", s->file);
	return TA_RW_DONE;
}

static int convert_init(ta_rw *rw, const ta_site *s)
{
	ta_src *src = ta_srcset_get(rw->set, s->file);
	size_t name_off, open, st[4], en[4];

	if (!src || ta_rw_find_call(src, s->line, s->col, "tasklet_init", &name_off, &open) != 0)
		return ta_rw_refuse(rw, "%s:%u: cannot find tasklet_init()", s->file, s->line);
	if (ta_lex_args(src->text, src->len, open, st, en, 4) != 3)
		return ta_rw_refuse(rw, "%s:%u: tasklet_init() without three arguments", s->file,
				    s->line);
	return ta_rw_call2(rw, src, name_off, open, "tasklet_setup", NULL);
}

/* The text of [a, b) of src with the tasklet's array renamed to its element's member. */
static char *elem_arg(ta_rw *rw, const ta_src *src, size_t a, size_t b,
		      const struct ta_array_pair *pair)
{
	ta_src *scratch = ta_src_new(src->rel, src->text + a, b - a);
	char *out = NULL;

	if (ta_array_rename(rw, scratch, 0, scratch->len, rw->t->field, pair, rw->t->field) ==
	    TA_RW_DONE)
		out = ta_src_result(scratch, NULL);
	ta_src_free(&scratch);
	return out;
}

/*
 * pmcraid's shape: each tasklet of an array is given the element of the
 * same index of a parallel array of per-vector structs.  tasklet_setup()
 * passes the tasklet itself, so the tasklets move into those structs, as
 * the work-item conversions move their work items: every use indexes the
 * data's array as it indexed the tasklets', and the callback recovers its
 * element with from_tasklet().
 */
static int move_into_elements(ta_rw *rw, const struct ta_array_pair *pair,
			      const struct ta_cb_form *form)
{
	const ta_tasklet *t = rw->t;
	int rc = ta_array_convert_decl(rw, pair, "struct tasklet_struct", t->field);

	for (int pass = 0; pass < 2 && rc == TA_RW_DONE; pass++)
		for (size_t i = 0; i < (pass ? t->n_sites : t->n_init) && rc == TA_RW_DONE; i++) {
			const ta_site *s = pass ? &t->sites[i] : &t->init_sites[i];
			const char *api = ta_api_name(s->api);
			ta_src *src = s->file ? ta_srcset_get(rw->set, s->file) : NULL;
			size_t name_off, open, st[4], en[4];
			char *a0;
			if (s->api == TA_API_DIRECT_CALL)
				continue; /* the callback's conversion passes the tasklet */
			if (!src ||
			    ta_rw_find_call(src, s->line, s->col, api, &name_off, &open) != 0 ||
			    ta_lex_args(src->text, src->len, open, st, en, 4) < 1) {
				rc = ta_rw_refuse(rw, "%s:%u: cannot read %s()", s->file, s->line,
						  api);
			} else if (s->api == TA_API_TASKLET_INIT) {
				a0 = elem_arg(rw, src, st[0], en[0], pair);
				rc = a0 ? ta_rw_call2(rw, src, name_off, open, "tasklet_setup", a0)
					: TA_RW_REFUSED;
				free(a0);
			} else if (ta_api_old_init(s->api) || s->api == TA_API_TASKLET_SETUP) {
				rc = ta_rw_refuse(rw, "%s:%u: %s() on an element: not handled",
						  s->file, s->line, api);
			} else {
				rc = ta_array_rename(rw, src, st[0], en[0], t->field, pair,
						     t->field);
			}
		}
	if (rc == TA_RW_DONE) {
		ta_tasklet elem = *t;
		ta_array_note(rw, pair, "tasklets", "from_tasklet");
		/* the callback's data is the element, now the tasklet's container */
		elem.root_type = pair->elem_type;
		elem.data_kind = TA_DATA_CONTAINER;
		elem.array = false;
		rw->t = &elem;
		rc = ta_rw_callback(rw, form);
		rw->t = t;
	}
	return rc;
}

int ta_rewrite_setup(ta_rw *rw)
{
	const ta_tasklet *t = rw->t;
	struct ta_cb_form form = {.param_type = "struct tasklet_struct *",
				  .param_name = "t",
				  .from = "from_tasklet",
				  .member = t->member_path};
	bool old = false;
	int rc;

	if (t->n_init == 0) {
		rw->reason = xstrdup("no init site in the audited files");
		return TA_RW_NOT_NEEDED;
	}
	for (size_t i = 0; i < t->n_init; i++) {
		const ta_site *s = &t->init_sites[i];
		switch (s->api) {
		case TA_API_TASKLET_INIT:
		case TA_API_DECLARE_TASKLET_OLD:
		case TA_API_DECLARE_TASKLET_DISABLED_OLD:
			old = true;
			break;
		case TA_API_TASKLET_SETUP:
		case TA_API_DECLARE_TASKLET:
		case TA_API_DECLARE_TASKLET_DISABLED:
			break;
		case TA_API_ASSIGN_DATA:
		case TA_API_ASSIGN_FUNC:
		case TA_API_ASSIGN_CALLBACK:
		case TA_API_STATIC_INIT:
		default:
			return ta_rw_refuse(rw,
					    "%s:%u: open-coded initialization (%s): not mechanical",
					    s->file, s->line, ta_api_name(s->api));
		}
		/* a macro calling tasklet_setup() (rt2x00's) has nothing to change */
		if (s->via_macro && ta_api_old_init(s->api))
			return ta_rw_refuse(rw,
					    "%s:%u: the init site is written inside the macro '%s'",
					    s->file, s->line, s->via_macro);
	}
	if (!old) {
		rw->reason = xstrdup("already on tasklet_setup()/DECLARE_TASKLET()");
		return TA_RW_NOT_NEEDED;
	}
	if (ta_rw_refuse_compiled_out(rw) != TA_RW_DONE)
		return TA_RW_REFUSED;
	{
		/* the old-API sites' callbacks: a tasklet_setup() beside them is left alone */
		const ta_site *seen = NULL;
		bool any_old_cb = false;
		for (size_t i = 0; i < t->n_init; i++) {
			const ta_site *s = &t->init_sites[i];
			enum ta_sig sig = s->sig != TA_SIG_UNKNOWN ? s->sig : t->sig;
			if (!ta_api_old_init(s->api))
				continue;
			seen = s;
			any_old_cb |= sig == TA_SIG_OLD || sig == TA_SIG_UNKNOWN;
		}
		if (!any_old_cb)
			return ta_rw_refuse(
				rw, "the callback '%s' already takes a struct tasklet_struct *",
				seen && seen->callback ? seen->callback
				: t->callback          ? t->callback
						       : "?");
	}
	if (t->array) {
		/* data paired with a parallel array: the tasklets move into its elements */
		struct ta_array_pair pair;
		rc = ta_array_pair_find(rw, &pair);
		if (rc == TA_RW_DONE)
			rc = move_into_elements(rw, &pair, &form);
		ta_array_pair_clear(&pair);
		if (rc != TA_RW_NOT_NEEDED)
			return rc;
	}
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].via_macro && t->sites[i].api == TA_API_DIRECT_CALL)
			return ta_rw_refuse(rw, "%s:%u: a direct call inside the macro '%s'",
					    t->sites[i].file, t->sites[i].line,
					    t->sites[i].via_macro);
	for (size_t i = 0; i < t->n_init; i++) {
		const ta_site *s = &t->init_sites[i];
		if (s->api == TA_API_TASKLET_INIT) {
			if ((rc = ta_rw_check_data(rw, s)) != TA_RW_DONE)
				return rc;
			rc = convert_init(rw, s);
		} else if (s->api == TA_API_DECLARE_TASKLET_OLD) {
			rc = convert_declare(rw, s, "DECLARE_TASKLET_OLD", "DECLARE_TASKLET");
		} else if (s->api == TA_API_DECLARE_TASKLET_DISABLED_OLD) {
			rc = convert_declare(rw, s, "DECLARE_TASKLET_DISABLED_OLD",
					     "DECLARE_TASKLET_DISABLED");
		} else {
			continue; /* already tasklet_setup()/DECLARE_TASKLET() */
		}
		if (rc != TA_RW_DONE)
			return rc;
	}
	return ta_rw_callback(rw, &form);
}
