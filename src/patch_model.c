// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_model.c - the reference-core check of a tasklet as the writer maps
 * it (patch_model.h): one check per function that enables the tasklet,
 * first with enable_work(), then, when the run a disable drops is
 * observable there, with enable_and_queue_work(); the kills whose dropped
 * run is observable; the changelog lines from the checks the writer keeps.
 */
#include "patch_model.h"

#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "mechanism.h"
#include "relevance.h"
#include "util.h"

struct ta_patch_model {
	const ta_tasklet *t;
	const char *model; /* the target's name ("bh") */
	ta_behavior **checks;
	size_t n_checks, cap_checks;
	bool *enable_queue;    /* per t->sites[] */
	bool *kill_seen;       /* per t->sites[] */
	const char **kill_why; /* per t->sites[]: borrowed from the checks */
};

static bool is_disable(enum ta_api api)
{
	return api == TA_API_DISABLE || api == TA_API_DISABLE_NOSYNC ||
	       api == TA_API_DISABLE_IN_ATOMIC;
}

static bool same_function(const ta_site *a, const ta_site *b)
{
	return a->file && b->file && strcmp(a->file, b->file) == 0 &&
	       (a->function == b->function ||
		(a->function && b->function && strcmp(a->function, b->function) == 0));
}

/* Does the function of t->sites[i] both disable and enable the tasklet (outside skip)? */
static bool balanced(const ta_tasklet *t, const bool *skip, size_t i)
{
	bool dis = false, en = false;

	for (size_t k = 0; k < t->n_sites; k++) {
		if ((skip && skip[k]) || !same_function(&t->sites[k], &t->sites[i]))
			continue;
		dis |= is_disable(t->sites[k].api);
		en |= t->sites[k].api == TA_API_ENABLE;
	}
	return dis && en;
}

static bool has_op(const struct ta_behavior_diff *d, enum ta_proto_opk k)
{
	for (size_t i = 0; i < d->n_ops; i++)
		if (d->ops[i].kind == k ||
		    (k == TA_PROTO_DISABLE && (d->ops[i].kind == TA_PROTO_DISABLE_NOSYNC ||
					       d->ops[i].kind == TA_PROTO_DISABLE_IN_ATOMIC)))
			return true;
	return false;
}

static bool observable(const struct ta_behavior_diff *d)
{
	return d->relevance && strcmp(d->relevance, "observable") == 0;
}

/* A run lost through a disable that the enable does not queue again. */
static bool about_enable(const struct ta_behavior_diff *d)
{
	return (strcmp(d->property, "pending-on-disable") == 0 ||
		strcmp(d->property, "schedule-while-disabled") == 0 ||
		strcmp(d->property, "lost-run") == 0) &&
	       has_op(d, TA_PROTO_DISABLE) &&
	       !(d->relevance_rule && ta_str_starts(d->relevance_rule, "rel.kill."));
}

/* A run pending at a kill that cancel_work_sync() drops. */
static bool about_kill(const struct ta_behavior_diff *d)
{
	if (!has_op(d, TA_PROTO_KILL))
		return false;
	return strcmp(d->property, "pending-on-kill") == 0 ||
	       strcmp(d->property, "kill-return") == 0 ||
	       (d->relevance_rule && ta_str_starts(d->relevance_rule, "rel.kill."));
}

static ta_behavior *check(const ta_tasklet *t, const char *mech, const ta_rules *rules,
			  const bool *skip, int queue)
{
	struct ta_behavior_as as = {queue, skip};
	ta_behavior *b = ta_behavior_check_as(t, mech, NULL, &as);

	if (b)
		ta_relevance_assess(rules, t, b);
	return b;
}

static bool enable_observable(const ta_behavior *b)
{
	for (size_t i = 0; b && i < b->n_diffs; i++)
		if (observable(&b->diffs[i]) && about_enable(&b->diffs[i]))
			return true;
	return false;
}

/* The t->sites[] index of the kill at "file:line", or SIZE_MAX. */
static size_t kill_at(const ta_tasklet *t, const char *where)
{
	const char *colon = strrchr(where, ':');
	size_t flen = colon ? (size_t)(colon - where) : 0;
	unsigned line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;

	for (size_t i = 0; colon && i < t->n_sites; i++)
		if (t->sites[i].api == TA_API_KILL && t->sites[i].line == line &&
		    t->sites[i].file && strlen(t->sites[i].file) == flen &&
		    strncmp(t->sites[i].file, where, flen) == 0)
			return i;
	return SIZE_MAX;
}

ta_patch_model *ta_patch_model_new(const ta_tasklet *t, const char *to, const ta_rules *rules,
				   const bool *skip)
{
	int m = ta_mech_from_to(to);
	enum ta_rc_target target;
	const char *mech;
	ta_patch_model *pm;
	bool *done, *mine;

	if (!t || !rules || m < 0 || ta_mech_model((enum ta_mech)m, &target) != 0)
		return NULL;
	mech = ta_mech_name((enum ta_mech)m);
	pm = xcalloc(1, sizeof(*pm));
	pm->t = t;
	pm->model = ta_rc_target_name(target);
	pm->enable_queue = xcalloc(t->n_sites + 1, sizeof(bool));
	pm->kill_seen = xcalloc(t->n_sites + 1, sizeof(bool));
	pm->kill_why = xcalloc(t->n_sites + 1, sizeof(char *));
	done = xcalloc(t->n_sites + 1, sizeof(bool));
	mine = xcalloc(t->n_sites + 1, sizeof(bool));
	/* one check per function that enables the tasklet, with the others' pairs left out */
	for (size_t g = 0; g < t->n_sites; g++) {
		ta_behavior *b;
		if (done[g] || (skip && skip[g]) || t->sites[g].api != TA_API_ENABLE)
			continue;
		for (size_t k = 0; k < t->n_sites; k++) {
			const ta_site *s = &t->sites[k];
			bool here = same_function(s, &t->sites[g]);
			mine[k] = (skip && skip[k]) ||
				  (!here && (s->api == TA_API_ENABLE ||
					     (is_disable(s->api) && balanced(t, skip, k))));
			if (here && s->api == TA_API_ENABLE)
				done[k] = true;
		}
		b = check(t, mech, rules, mine, 0);
		if (enable_observable(b)) {
			ta_behavior_free(&b);
			b = check(t, mech, rules, mine, 1);
			for (size_t k = 0; k < t->n_sites; k++)
				if (t->sites[k].api == TA_API_ENABLE &&
				    same_function(&t->sites[k], &t->sites[g]))
					pm->enable_queue[k] = true;
		}
		if (b)
			TA_PUSH(pm->checks, pm->n_checks, pm->cap_checks, b);
	}
	if (pm->n_checks == 0) {
		ta_behavior *b = check(t, mech, rules, skip, 0);
		if (b)
			TA_PUSH(pm->checks, pm->n_checks, pm->cap_checks, b);
	}
	free(done);
	free(mine);
	for (size_t c = 0; c < pm->n_checks; c++)
		for (size_t i = 0; i < pm->checks[c]->n_diffs; i++) {
			const struct ta_behavior_diff *d = &pm->checks[c]->diffs[i];
			if (!observable(d) || !about_kill(d))
				continue;
			for (size_t o = 0; o < d->n_ops; o++)
				for (size_t s = 0;
				     d->ops[o].kind == TA_PROTO_KILL && s < d->ops[o].n_sites;
				     s++) {
					size_t k = kill_at(t, d->ops[o].sites[s]);
					if (k != SIZE_MAX && !pm->kill_seen[k]) {
						pm->kill_seen[k] = true;
						pm->kill_why[k] = d->relevance_reason;
					}
				}
		}
	return pm;
}

void ta_patch_model_free(ta_patch_model **pmp)
{
	ta_patch_model *pm = pmp ? *pmp : NULL;

	if (!pm)
		return;
	for (size_t i = 0; i < pm->n_checks; i++)
		ta_behavior_free(&pm->checks[i]);
	free(pm->checks);
	free(pm->enable_queue);
	free(pm->kill_seen);
	free(pm->kill_why);
	free(pm);
	*pmp = NULL;
}

bool ta_patch_model_enable_queues(const ta_patch_model *pm, size_t i)
{
	return pm && i < pm->t->n_sites && pm->enable_queue[i];
}

bool ta_patch_model_kill_observable(const ta_patch_model *pm, size_t i)
{
	return pm && i < pm->t->n_sites && pm->kill_seen[i];
}

const char *ta_patch_model_kill_reason(const ta_patch_model *pm, size_t i)
{
	return pm && i < pm->t->n_sites ? pm->kill_why[i] : NULL;
}

/* Are all the kills d involves flushed by the writer? */
static bool kills_flushed(const ta_patch_model *pm, const struct ta_behavior_diff *d,
			  const bool *kill_flush)
{
	size_t n = 0;

	for (size_t o = 0; o < d->n_ops; o++)
		for (size_t s = 0; d->ops[o].kind == TA_PROTO_KILL && s < d->ops[o].n_sites; s++) {
			size_t k = kill_at(pm->t, d->ops[o].sites[s]);
			if (k == SIZE_MAX || !kill_flush || !kill_flush[k])
				return false;
			n++;
		}
	return n > 0;
}

/* Does the writer take care of d (a kill it flushes, the property it handles)? */
static bool handled_by_writer(const ta_patch_model *pm, const struct ta_behavior_diff *d,
			      const bool *kill_flush, const char *handled)
{
	return (about_kill(d) && kills_flushed(pm, d, kill_flush)) ||
	       (handled && strcmp(d->property, handled) == 0);
}

const struct ta_behavior_diff *ta_patch_model_unsafe(const ta_patch_model *pm,
						     const bool *kill_flush, const char *handled)
{
	for (size_t c = 0; pm && c < pm->n_checks; c++)
		for (size_t i = 0; i < pm->checks[c]->n_diffs; i++) {
			const struct ta_behavior_diff *d = &pm->checks[c]->diffs[i];
			if (d->safety && observable(d) &&
			    !handled_by_writer(pm, d, kill_flush, handled))
				return d;
		}
	return NULL;
}

size_t ta_patch_model_notes(const ta_patch_model *pm, const bool *kill_flush, const char *handled,
			    char ***out)
{
	size_t n = 0, cap = 0, n_benign = 0, n_handled = 0;
	ta_buf benign = {0};
	const char *not_checked = NULL;

	*out = NULL;
	if (!pm)
		return 0;
	for (size_t c = 0; c < pm->n_checks; c++) {
		const ta_behavior *b = pm->checks[c];
		if (strcmp(b->verdict, "not_checked") == 0) {
			not_checked = b->reason;
			continue;
		}
		for (size_t i = 0; i < b->n_diffs; i++) {
			const struct ta_behavior_diff *d = &b->diffs[i];
			bool seen = false;
			char *line;
			if (handled_by_writer(pm, d, kill_flush, handled)) {
				n_handled++; /* the flush keeps the run, the _bh locks the exclusion
					      */
				continue;
			}
			if (!observable(d)) {
				char *word = xasprintf(" %s,", d->property);
				if (!benign.s || !strstr(benign.s, word)) {
					ta_buf_puts(&benign, word);
					n_benign++;
				}
				free(word);
				continue;
			}
			line = xasprintf("%s: %s.", d->property,
					 d->relevance_reason ? d->relevance_reason
							     : d->explanation);
			for (size_t k = 0; k < n && !seen; k++)
				seen = strcmp((*out)[k], line) == 0;
			if (seen)
				free(line);
			else
				TA_PUSH(*out, n, cap, line);
		}
	}
	if (n == 0) {
		if (benign.len)
			benign.s[--benign.len] = '\0'; /* the last comma */
		/* benign.s + 1: past the first space */
		if (not_checked && pm->n_checks == 1)
			TA_PUSH(*out, n, cap,
				xasprintf("the reference-core check did not run: %s.",
					  not_checked));
		else if (n_benign)
			TA_PUSH(*out, n, cap,
				xasprintf(
					"the reference-core check (the tasklet's model against the "
					"%s model, as this patch maps each call) finds no %sdifference "
					"the driver can observe; those it finds (%s) are benign.",
					pm->model, n_handled ? "other " : "", benign.s + 1));
		else
			TA_PUSH(*out, n, cap,
				xasprintf(
					"the reference-core check (the tasklet's model against the "
					"%s model, as this patch maps each call) finds no %sdifference.",
					pm->model, n_handled ? "other " : ""));
	}
	ta_buf_free(&benign);
	return n;
}
