// SPDX-License-Identifier: GPL-2.0-only
/*
 * relevance.c - the relevance of the reference core's differences (see
 * relevance.h): evaluates the conditions of rules/behavior.json against
 * the tasklet's facts and the operations behind one difference, and writes
 * the reason with the driver's lines put in place of {kill},
 * {kill_function}, {enable} and {lines}.
 */
#include "relevance.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify.h"
#include "facts.h"
#include "refcore_protocol.h"
#include "util.h"

static bool has_trait(const ta_tasklet *t, const char *trait)
{
	const ta_classification *c = ta_classification_of(t);

	for (size_t i = 0; i < c->n_traits; i++)
		if (strcmp(c->traits[i], trait) == 0)
			return true;
	return false;
}

static bool has_site(const ta_tasklet *t, const char *api)
{
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].active && strcmp(ta_api_name(t->sites[i].api), api) == 0)
			return true;
	return false;
}

/* Does op match a rule's operation name?  "disable" stands for every disable. */
static bool op_is(enum ta_proto_opk kind, const char *name)
{
	return ta_str_starts(ta_proto_op_name(kind), name);
}

static bool diff_has_op(const struct ta_behavior_diff *d, const ta_strlist *names)
{
	for (size_t i = 0; i < d->n_ops; i++)
		for (size_t j = 0; j < names->n; j++)
			if (op_is(d->ops[i].kind, names->v[j]))
				return true;
	return false;
}

/* Is the last operation d's traces involve one of names? */
static bool ends_with_op(const struct ta_behavior_diff *d, const ta_strlist *names)
{
	for (size_t i = 0; d->n_ops && i < names->n; i++)
		if (op_is(d->ops[d->n_ops - 1].kind, names->v[i]))
			return true;
	return false;
}

/* The use site at "file:line", or NULL. */
static const ta_site *site_at(const ta_tasklet *t, const char *where)
{
	const char *colon = strrchr(where, ':');
	size_t flen = colon ? (size_t)(colon - where) : 0;
	unsigned line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;

	for (size_t i = 0; colon && i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		if (s->line == line && s->file && strlen(s->file) == flen &&
		    strncmp(s->file, where, flen) == 0)
			return s;
	}
	return NULL;
}

static bool is_disable_op(enum ta_proto_opk k)
{
	return k == TA_PROTO_DISABLE || k == TA_PROTO_DISABLE_NOSYNC ||
	       k == TA_PROTO_DISABLE_IN_ATOMIC;
}

/*
 * Is every kill (or every disable) d involves, at least one, in a function
 * whose name ends with a suffix?
 */
static bool ops_in(const ta_tasklet *t, const struct ta_behavior_diff *d,
		   const ta_strlist *suffixes, bool disables)
{
	size_t kills = 0;

	for (size_t i = 0; i < d->n_ops; i++) {
		if (disables ? !is_disable_op(d->ops[i].kind) : d->ops[i].kind != TA_PROTO_KILL)
			continue;
		for (size_t j = 0; j < d->ops[i].n_sites; j++) {
			const ta_site *s = site_at(t, d->ops[i].sites[j]);
			bool ok = false;
			for (size_t k = 0; s && s->function && k < suffixes->n; k++)
				ok |= ta_str_ends(s->function, suffixes->v[k]);
			if (!ok)
				return false;
			kills++;
		}
	}
	return kills > 0;
}

static bool eval(const ta_tasklet *t, const ta_behavior *b, const struct ta_behavior_diff *d,
		 const ta_cond *c)
{
	switch (c->kind) {
	case TA_COND_ALL:
		for (size_t i = 0; i < c->n_kids; i++)
			if (!eval(t, b, d, c->kids[i]))
				return false;
		return true;
	case TA_COND_ANY:
		for (size_t i = 0; i < c->n_kids; i++)
			if (eval(t, b, d, c->kids[i]))
				return true;
		return false;
	case TA_COND_NOT:
		return c->n_kids == 1 && !eval(t, b, d, c->kids[0]);
	case TA_COND_TRAIT:
		return has_trait(t, c->strs.v[0]);
	case TA_COND_SITE:
		return has_site(t, c->strs.v[0]);
	case TA_COND_HI:
		return has_site(t, "tasklet_hi_schedule") == c->value;
	case TA_COND_CLASS:
		return ta_classification_of(t)->cls &&
		       ta_strlist_has(&c->strs, ta_classification_of(t)->cls);
	case TA_COND_SUBSYSTEM:
		return t->file && ta_strlist_has_prefix_of(&c->strs, t->file);
	case TA_COND_TRACE_OP:
		return diff_has_op(d, &c->strs);
	case TA_COND_KILL_IN:
		return ops_in(t, d, &c->strs, false);
	case TA_COND_DISABLE_IN:
		return ops_in(t, d, &c->strs, true);
	case TA_COND_ENABLE_AND_QUEUE:
		return b->enable_and_queue == c->value;
	case TA_COND_REPLACEMENT_BREAKS:
		return d->safety == c->value;
	case TA_COND_TRACE_ENDS_WITH:
		return ends_with_op(d, &c->strs);
	case TA_COND_TRACE_SHOWS:
		for (size_t i = 0; d->observation && i < c->strs.n; i++)
			if (strcasecmp(d->observation, c->strs.v[i]) == 0)
				return true;
		return false;
	case TA_COND_SHOWN_ON_TASKLET:
		return (d->trace_model && strcmp(d->trace_model, "tasklet") == 0) == c->value;
	case TA_COND_LOST_RUN_ENDS_WITH:
		for (size_t i = 0; i < b->n_diffs; i++)
			if (strcmp(b->diffs[i].property, "lost-run") == 0 &&
			    ends_with_op(&b->diffs[i], &c->strs))
				return true;
		return false;
	default:
		return false; /* a fact of the classifier only: never true here */
	}
}

/* "a.c:1, a.c:9" of the sites of d's operations of kind (or of all its lines). */
static void put_sites(ta_buf *out, const struct ta_behavior_diff *d, int kind, bool functions,
		      const ta_tasklet *t)
{
	size_t n = 0;

	if (kind < 0) {
		for (size_t i = 0; i < d->n_lines; i++)
			ta_buf_printf(out, "%s%s", i ? ", " : "", d->lines[i]);
		return;
	}
	for (size_t i = 0; i < d->n_ops; i++) {
		if (!op_is(d->ops[i].kind, ta_proto_op_name((enum ta_proto_opk)kind)))
			continue;
		for (size_t j = 0; j < d->ops[i].n_sites; j++) {
			const ta_site *s = functions ? site_at(t, d->ops[i].sites[j]) : NULL;
			if (functions && !(s && s->function))
				continue;
			ta_buf_printf(out, "%s%s%s", n++ ? ", " : "",
				      functions ? s->function : d->ops[i].sites[j],
				      functions ? "()" : "");
		}
	}
	if (!n)
		ta_buf_puts(out, "?");
}

/* The rule's text with its placeholders filled in. */
static char *reason(const char *text, const ta_tasklet *t, const struct ta_behavior_diff *d)
{
	static const struct {
		const char *name;
		int kind;
		bool functions;
	} holes[] = {
		{"{kill}", TA_PROTO_KILL, false},
		{"{kill_function}", TA_PROTO_KILL, true},
		{"{disable}", TA_PROTO_DISABLE, false},
		{"{disable_function}", TA_PROTO_DISABLE, true},
		{"{enable}", TA_PROTO_ENABLE, false},
		{"{lines}", -1, false},
	};
	ta_buf out = {0};

	while (*text) {
		size_t h = 0;
		while (h < sizeof(holes) / sizeof(*holes) && !ta_str_starts(text, holes[h].name))
			h++;
		if (h == sizeof(holes) / sizeof(*holes)) {
			ta_buf_putc(&out, *text++);
			continue;
		}
		put_sites(&out, d, holes[h].kind, holes[h].functions, t);
		text += strlen(holes[h].name);
	}
	return ta_buf_steal(&out);
}

static bool about(const ta_relevance_rule *rr, const char *property)
{
	return ta_strlist_has(&rr->properties, "*") || ta_strlist_has(&rr->properties, property);
}

void ta_relevance_assess(const ta_rules *r, const ta_tasklet *t, ta_behavior *b)
{
	bool observable = false;

	if (!r || !t || !b || !b->target)
		return;
	for (size_t i = 0; i < b->n_diffs; i++) {
		struct ta_behavior_diff *d = &b->diffs[i];
		const ta_relevance_rule *hit = NULL;
		for (size_t k = 0; k < r->n_relevance && !hit; k++)
			if (about(&r->relevance[k], d->property) &&
			    (!r->relevance[k].when || eval(t, b, d, r->relevance[k].when)))
				hit = &r->relevance[k];
		free(d->relevance_rule);
		free(d->relevance_reason);
		d->relevance = !hit || hit->observable ? "observable" : "benign";
		d->relevance_rule = hit ? xstrdup(hit->id) : NULL;
		d->relevance_reason =
			hit ? reason(hit->text, t, d)
			    : xstrdup("no relevance rule matches: taken as observable");
		observable |= !hit || hit->observable;
	}
	b->assessment = strcmp(b->verdict, "unsafe") == 0       ? "unsafe"
			: strcmp(b->verdict, "equivalent") == 0 ? "equivalent"
			: observable                            ? "review"
								: "benign";
}

void ta_relevance_assess_all(const ta_rules *r, ta_audit *a)
{
	for (size_t i = 0; a && i < a->n_tasklets; i++)
		ta_relevance_assess(r, &a->tasklets[i], a->tasklets[i].behavior);
}
