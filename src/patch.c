// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch.c - the patch writer, ta_patch_run(): choose each tasklet's
 * migration, run its rewriter on a private copy of the sources, group the
 * tasklets whose edits share files into one patch per driver, re-parse
 * every patched translation unit, and write the survivors as format-patch
 * files (-o), to stdout, or in place (--apply, hash-checked and atomic),
 * addressed To:/Cc: as get_maintainer.pl addresses them when the tree has
 * a MAINTAINERS file.  Every tasklet ends written, refused with a reason,
 * or not_needed.  The "patch" command (cmd_patch.c) and the review's
 * export run it.
 */
#include "patch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "classify.h"
#include "diag.h"
#include "fields.h"
#include "maintainers.h"
#include "mechanism.h"
#include "outfile.h"
#include "patch_rules.h"
#include "patch_series.h"
#include "patch_tidy.h"
#include "patch_validate.h"
#include "patch_write.h"
#include "rewrite_bh.h"
#include "rewrite_fold.h"
#include "rewrite_prep.h"
#include "rewrite_setup.h"
#include "rules.h"
#include "subject.h"
#include "util.h"

/* The migrations that are not a mechanism's (mechanism.h): the modernization and
 * each tasklet's recommendation. */
static const char *const modes[] = {"setup", "auto"};

/* Is to a migration --to accepts (per tasklet, "auto" is not one)? */
static bool known_target(const char *to, bool per_tasklet)
{
	for (size_t i = 0; to && i < sizeof(modes) / sizeof(*modes); i++)
		if (strcmp(to, modes[i]) == 0)
			return !per_tasklet || strcmp(to, "auto") != 0;
	return ta_mech_from_to(to) >= 0;
}

bool ta_patch_target_check(const char *to)
{
	ta_buf b = {0};
	size_t n = 0, last = 0;

	if (known_target(to, false))
		return true;
	for (int m = 0; m < TA_MECH_COUNT; m++)
		last += ta_mech_to((enum ta_mech)m) != NULL;
	last += sizeof(modes) / sizeof(*modes);
	for (size_t i = 0; i < sizeof(modes) / sizeof(*modes); i++, n++)
		ta_buf_printf(&b, "%s%s", n ? ", " : "", modes[i]);
	for (int m = 0; m < TA_MECH_COUNT; m++)
		if (ta_mech_to((enum ta_mech)m)) {
			ta_buf_printf(&b, "%s%s", n + 1 == last ? " or " : ", ",
				      ta_mech_to((enum ta_mech)m));
			n++;
		}
	ta_error("unknown migration '%s' (%s)", to ? to : "", b.s);
	ta_buf_free(&b);
	return false;
}

/*
 * One tasklet's conversion.  With a preparation (rewrite_prep.h) the
 * conversion is written against the prepared files: set's files are those
 * texts (ta_srcset_put()), and conv_t is the tasklet as they have it.
 */
struct job {
	const ta_tasklet *t;
	ta_patch_outcome *out; /* what became of it (status set: decided) */
	bool decided;
	const char *mech; /* "setup" or a mechanism's --to name */
	ta_srcset *set;   /* its private edits */
	ta_rw rw;
	int status;        /* enum ta_rw_status */
	size_t group;      /* union-find parent */
	bool dropped;      /* refused at merge or validation time */
	ta_srcset *prep;   /* the preparation's edits on the files as on disk (NULL: none) */
	ta_rw prep_rw;     /* its changelog note */
	struct ta_prep pr; /* what it changed in the model */
	ta_tasklet *conv_t;
};

struct run {
	const ta_audit *a;
	const struct ta_patch_opts *o;
	ta_patch_rules *rules;
	ta_rules *check_rules;       /* the behaviour check's relevance rules (NULL: none) */
	ta_subjects *subjects;       /* rules/patch/subjects.json and the run's subjects */
	char *api_header;            /* text of the tree's include/linux/workqueue.h */
	ta_maintainers *maintainers; /* the tree's MAINTAINERS (NULL: none) */
	ta_series *series;           /* --series: the written patches, kept until the end */
	struct ta_tidy tidy;         /* what the group being written renamed and left */
	struct job *jobs;
	size_t n_jobs;
	ta_validator *val[2]; /* without and with the BH declarations */
	bool val_failed[2];
	unsigned number; /* patches written */
	size_t n_written, n_refused, n_not_needed;
};

static void set_status(struct job *j, enum ta_patch_status status, const char *reason)
{
	/* the migration is set when the job is made (convert()) */
	j->decided = true;
	j->out->status = status;
	free(j->out->reason);
	j->out->reason = reason ? xstrdup(reason) : NULL;
}

/* Does the tree's workqueue.h declare sym (as a word)? */
static bool tree_has(const struct run *r, const char *sym)
{
	const char *p = r->api_header;
	size_t n = strlen(sym);

	while (p && (p = strstr(p, sym))) {
		bool left = p == r->api_header || !ta_lex_ident_char(p[-1]);
		bool right = !ta_lex_ident_char(p[n]);
		if (left && right)
			return true;
		p += n;
	}
	return false;
}

/* The symbols a mechanism needs for this tasklet that the tree lacks: "a, b" or NULL. */
static char *missing_api(const struct run *r, const ta_mechanism_rules *m, const ta_tasklet *t)
{
	ta_buf b = {0};

	for (size_t i = 0; i < m->n_requires; i++)
		if (!tree_has(r, m->requires[i]))
			ta_buf_printf(&b, "%s%s", b.len ? ", " : "", m->requires[i]);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < (pass ? t->n_sites : t->n_init); i++) {
			const ta_api_map *map =
				&m->apis[pass ? t->sites[i].api : t->init_sites[i].api];
			for (size_t k = 0; k < map->n_requires; k++)
				if (!tree_has(r, map->requires[k]) &&
				    !(b.s && strstr(b.s, map->requires[k])))
					ta_buf_printf(&b, "%s%s", b.len ? ", " : "",
						      map->requires[k]);
		}
	return b.len ? ta_buf_steal(&b) : NULL;
}

/* Which migration a tasklet gets: "setup", a mechanism's --to name, or NULL + why. */
static const char *choose(const struct run *r, const ta_tasklet *t, const char *override,
			  char **why)
{
	const char *to = override ? override : r->o->to;
	const ta_recommendation *rec;
	const char *mech, *target;
	int m;

	*why = NULL;
	if (strcmp(to, "auto") != 0)
		return to;
	rec = &ta_classification_of(t)->rec;
	mech = rec->mechanism;
	if (!mech) {
		*why = xstrdup("no recommendation (the classifier did not run)");
		return NULL;
	}
	m = ta_mech_from_name(mech);
	target = m < 0 ? NULL : ta_mech_to((enum ta_mech)m);
	if (target)
		return target;
	if (rec->n_blockers)
		*why = xasprintf("recommendation is a manual rewrite: %s (%s)",
				 rec->blockers[0].text, rec->blockers[0].rule);
	else if (rec->n_reasons)
		*why = xasprintf("recommendation is a manual rewrite: %s (%s)",
				 rec->reasons[0].text, rec->reasons[0].rule);
	else
		*why = xasprintf("recommendation is '%s'", mech);
	return NULL;
}

/* A set whose files changed by base start as base made them. */
static ta_srcset *seeded(const ta_audit *a, const ta_srcset *base)
{
	ta_srcset *set = ta_srcset_new(a->tree);

	for (size_t i = 0; base && i < base->n_files; i++) {
		ta_src *b = base->files[i];
		size_t len;
		char *text;
		if (!ta_src_changed(b))
			continue;
		text = ta_src_result(b, &len);
		ta_srcset_put(set, b->rel, text, len, ta_src_hash(b));
		free(text);
	}
	return set;
}

/* The conversion proper, on the files as base (NULL: the disk) has them. */
static void conversion(struct run *r, struct job *j, const ta_srcset *base)
{
	const ta_mechanism_rules *m;

	ta_srcset_free(&j->set);
	ta_rw_clear(&j->rw);
	ta_prep_tasklet_free(&j->conv_t);
	j->set = seeded(r->a, base);
	if (base || j->pr.data)
		j->conv_t = ta_prep_tasklet(j->t, j->pr.data ? &j->pr : NULL, base);
	j->rw.set = j->set;
	j->rw.audit = r->a;
	j->rw.t = j->conv_t ? j->conv_t : j->t;
	j->rw.base = base;
	if (strcmp(j->mech, "setup") == 0) {
		j->status = ta_rewrite_setup(&j->rw);
		ta_srcset_forget_unchanged(j->set);
		return;
	}
	m = ta_patch_rules_mechanism(r->rules, j->mech);
	j->status = m->schedule_role ? ta_rewrite_fold(&j->rw, m) : ta_rewrite_work(&j->rw, m);
	/* a run keeps every job's set: only what it changed (300 MB read on 6.1) */
	ta_srcset_forget_unchanged(j->set);
}

/* The preparation patch the tasklet needs first, if any; false when refused. */
static bool prepare(struct run *r, struct job *j)
{
	int st;

	if (!r->rules->prep.subject)
		return true;
	j->prep = ta_srcset_new(r->a->tree);
	j->prep_rw.set = j->prep;
	j->prep_rw.audit = r->a;
	j->prep_rw.t = j->t;
	st = ta_rewrite_prep(&j->prep_rw, &r->rules->prep, &j->pr);
	if (st == TA_RW_REFUSED) {
		j->status = TA_RW_REFUSED;
		j->rw.reason = j->prep_rw.reason;
		j->prep_rw.reason = NULL;
	}
	if (st != TA_RW_DONE) {
		ta_srcset_free(&j->prep);
		ta_rw_clear(&j->prep_rw);
		ta_prep_clear(&j->pr);
	} else {
		bool edits = false;
		for (size_t i = 0; i < j->prep->n_files; i++)
			edits |= ta_src_changed(j->prep->files[i]);
		if (!edits) { /* a correction of the model only: no preparation patch */
			ta_srcset_free(&j->prep);
		} else {
			/* tidied before the conversion is written against it */
			struct ta_tidy t;
			ta_tidy_set(j->prep, r->a, NULL, false, &t);
			ta_tidy_clear(&t);
		}
	}
	return st != TA_RW_REFUSED;
}

static void convert(struct run *r, struct job *j, const char *override)
{
	char *why = NULL;
	const ta_mechanism_rules *m = NULL;
	char *missing;

	j->rw.audit = r->a;
	j->rw.t = j->t;
	j->rw.rules = r->rules;
	j->rw.check_rules = r->check_rules;
	j->mech = choose(r, j->t, override, &why);
	j->out->migration = j->mech ? xstrdup(j->mech) : NULL;
	if (!j->mech) {
		j->status = TA_RW_REFUSED;
		j->rw.reason = why;
		return;
	}
	if (strcmp(j->mech, "setup") != 0) {
		m = ta_patch_rules_mechanism(r->rules, j->mech);
		if (!m) {
			j->status = ta_rw_refuse(&j->rw,
						 "the conversion rules (%s) have no '%s' mechanism",
						 r->rules->file, j->mech);
			return;
		}
		if ((missing = missing_api(r, m, j->t)) && !r->o->force_api) {
			j->status = ta_rw_refuse(
				&j->rw,
				"the tree lacks the %s API (%s not declared in "
				"include/linux/workqueue.h); --force-api writes the patch "
				"for a newer base",
				j->mech, missing);
			free(missing);
			return;
		}
		free(missing);
	}
	if (!prepare(r, j))
		return;
	conversion(r, j, j->prep);
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void ta_patch_reads_clear(ta_patch_reads *r)
{
	free_list(r->files, r->n_files);
	free_list(r->dirs, r->n_dirs);
	free_list(r->absent, r->n_absent);
	memset(r, 0, sizeof(*r));
}

/* Append rel to v[0..n) unless it is there. */
static void add_read(char ***v, size_t *n, const char *rel)
{
	for (size_t k = 0; k < *n; k++)
		if (strcmp((*v)[k], rel) == 0)
			return;
	*v = xrealloc(*v, (*n + 1) * sizeof(char *));
	(*v)[(*n)++] = xstrdup(rel);
}

/* Add what set looked at to r. */
static void add_reads(ta_patch_reads *r, const ta_srcset *set)
{
	for (size_t i = 0; i < set->n_files; i++)
		if (!set->files[i]->put) /* made by the preparation, not read */
			add_read(&r->files, &r->n_files, set->files[i]->rel);
	for (size_t i = 0; i < set->n_dirs; i++)
		add_read(&r->dirs, &r->n_dirs, set->dirs[i]);
	for (size_t i = 0; i < set->n_absent; i++)
		add_read(&r->absent, &r->n_absent, set->absent[i]);
}

bool ta_patch_can_write(const ta_audit *a, const ta_tasklet *t, const ta_patch_rules *rules,
			const char *to, char **why, ta_patch_reads *reads)
{
	const ta_mechanism_rules *m = ta_patch_rules_mechanism(rules, to);
	struct ta_prep pr = {0};
	ta_srcset *set, *prep = NULL;
	ta_tasklet *prepared = NULL;
	ta_rw rw = {0};
	int status = TA_RW_DONE;

	*why = NULL;
	if (!m) {
		*why = xasprintf("the conversion rules (%s) have no '%s' mechanism", rules->file,
				 to);
		return false;
	}
	/* the preparation patch first, as a run writes it (prepare() below) */
	if (rules->prep.subject) {
		ta_rw prw = {0};
		prep = ta_srcset_new(a->tree);
		prw.set = prep;
		prw.audit = a;
		prw.t = t;
		status = ta_rewrite_prep(&prw, &rules->prep, &pr);
		if (reads)
			add_reads(reads, prep);
		if (status == TA_RW_REFUSED)
			*why = prw.reason ? xstrdup(prw.reason) : xstrdup("refused");
		else if (status != TA_RW_DONE)
			ta_srcset_free(&prep);
		ta_rw_clear(&prw);
	}
	if (status != TA_RW_REFUSED) {
		set = seeded(a, prep);
		if (prep || pr.data)
			prepared = ta_prep_tasklet(t, pr.data ? &pr : NULL, prep);
		rw.set = set;
		rw.audit = a;
		rw.t = prepared ? prepared : t;
		rw.base = prep;
		status = m->schedule_role ? ta_rewrite_fold(&rw, m) : ta_rewrite_work(&rw, m);
		if (status == TA_RW_REFUSED)
			*why = rw.reason ? xstrdup(rw.reason) : xstrdup("refused");
		ta_rw_clear(&rw);
		if (reads)
			add_reads(reads, set);
		ta_srcset_free(&set);
		ta_prep_tasklet_free(&prepared);
	}
	ta_srcset_free(&prep);
	ta_prep_clear(&pr);
	return status != TA_RW_REFUSED;
}

static size_t find(struct run *r, size_t i)
{
	while (r->jobs[i].group != i)
		i = r->jobs[i].group = r->jobs[r->jobs[i].group].group;
	return i;
}

static void unite(struct run *r, size_t a, size_t b)
{
	a = find(r, a);
	b = find(r, b);
	if (a != b)
		r->jobs[a > b ? a : b].group = a < b ? a : b;
}

/* Is job i a live member of group g? */
static bool live_in(struct run *r, size_t i, size_t g)
{
	return find(r, i) == g && !r->jobs[i].dropped && r->jobs[i].status == TA_RW_DONE;
}

static bool set_touches(const ta_srcset *set, const char *rel)
{
	for (size_t i = 0; set && i < set->n_files; i++)
		if ((ta_src_changed(set->files[i]) || set->files[i]->put) &&
		    strcmp(set->files[i]->rel, rel) == 0)
			return true;
	return false;
}

static bool touches(const struct job *j, const char *rel)
{
	return set_touches(j->set, rel) || set_touches(j->prep, rel);
}

/* Do two jobs edit a file in common (their preparations included)? */
static bool share_files(const struct job *x, const struct job *y)
{
	const ta_srcset *sets[2] = {x->set, x->prep};

	for (int k = 0; k < 2; k++)
		for (size_t f = 0; sets[k] && f < sets[k]->n_files; f++)
			if (set_touches(sets[k], sets[k]->files[f]->rel) &&
			    touches(y, sets[k]->files[f]->rel))
				return true;
	return false;
}

/* Would from's edits merge into set's file of that name (read from the tree when new)? */
static bool merges_cleanly(ta_srcset *set, const ta_src *from)
{
	ta_src *to = ta_srcset_get(set, from->rel);
	ta_src *copy;
	bool ok;

	if (from->forgotten) /* only read: nothing to merge */
		return to != NULL;
	copy = to ? ta_src_new(to->rel, to->text, to->len) : NULL;

	for (size_t e = 0; copy && e < to->n_edits; e++)
		ta_src_edit(copy, to->edits[e].off, to->edits[e].len, to->edits[e].text);
	ok = copy && ta_src_merge(copy, from) == 0;
	ta_src_free(&copy);
	return ok;
}

/*
 * Merge the edits of the group's live jobs into one set, on the files as
 * the group's preparation prep (NULL: none) made them; conflicting jobs
 * are dropped, or with probe (nothing changed) the answer is NULL.
 */
static ta_srcset *merge(struct run *r, size_t g, const ta_srcset *prep, bool probe)
{
	ta_srcset *set = seeded(r->a, prep);

	for (size_t i = 0; i < r->n_jobs; i++) {
		struct job *j = &r->jobs[i];
		bool ok = true;
		if (j->dropped || j->status != TA_RW_DONE || find(r, i) != g)
			continue;
		/* check all files first so a conflict leaves the set unchanged */
		for (size_t f = 0; f < j->set->n_files && ok; f++)
			ok = merges_cleanly(set, j->set->files[f]);
		if (!ok && probe) {
			ta_srcset_free(&set);
			return NULL;
		}
		if (!ok) {
			j->dropped = true;
			ta_rw_refuse(&j->rw,
				     "its edits conflict with another tasklet's in the same patch");
			continue;
		}
		for (size_t f = 0; f < j->set->n_files; f++) {
			const ta_src *from = j->set->files[f];
			ta_src *to = ta_srcset_get(set, from->rel);
			if (!from->forgotten)
				ta_src_merge(to, from);
		}
	}
	return set;
}

static size_t group_mechs(struct run *r, size_t g, const char **seen, size_t max);

/*
 * The merged set of group g on the files as prep made them, tidied
 * (patch_tidy.h): local names renamed only with rename.
 */
static ta_srcset *tidied(struct run *r, size_t g, ta_srcset *set, bool rename);

/* merged() without its side effects: NULL where merge() would drop a job. */
static ta_srcset *probe_merged(struct run *r, size_t g, const ta_srcset *prep)
{
	ta_srcset *set = merge(r, g, prep, true);

	return set ? tidied(r, g, set, true) : NULL;
}

static ta_srcset *merged(struct run *r, size_t g, const ta_srcset *prep, bool rename)
{
	return tidied(r, g, merge(r, g, prep, false), rename);
}

/* set with the names the group's changes rename renamed (rename) or not: r->tidy says which. */
static ta_srcset *tidied(struct run *r, size_t g, ta_srcset *set, bool rename)
{
	const char *mechs[8];
	size_t n = group_mechs(r, g, mechs, 8);
	const ta_mechanism_rules *m = n ? ta_patch_rules_mechanism(r->rules, mechs[0]) : NULL;
	const char *noun = m && m->queue ? m->work_noun : NULL;

	/* tasklets going to several mechanisms (--to auto): one noun fits them all */
	if (noun && n > 1 && r->rules->mixed_noun)
		noun = r->rules->mixed_noun;
	ta_tidy_clear(&r->tidy);
	ta_tidy_set(set, r->a, noun, rename, &r->tidy);
	return set;
}

/* What a merged set asks the validator to parse; the texts are owned. */
struct check {
	const char **paths, **texts, **units;
	char **owned;
	size_t n, np, nu, no;
};

static void check_free(struct check *c)
{
	for (size_t i = 0; i < c->no; i++)
		free(c->owned[i]);
	free(c->owned);
	free(c->paths);
	free(c->texts);
	free(c->units);
	memset(c, 0, sizeof(*c));
}

/* The patched texts of set and the translation units that see them. */
static void collect(struct run *r, size_t g, ta_srcset *set, struct check *c)
{
	size_t cap = 0, cap2 = 0, capu = 0, capo = 0;
	bool header = false;

	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		char *text;
		if (!ta_src_changed(s) && !s->put)
			continue;
		text = ta_src_result(s, NULL);
		TA_PUSH(c->owned, c->no, capo, text);
		TA_PUSH(c->paths, c->np, cap, s->rel);
		TA_PUSH(c->texts, c->n, cap2, text);
		if (ta_str_ends(s->rel, ".c"))
			TA_PUSH(c->units, c->nu, capu, s->rel);
		else
			header = true;
	}
	/* a patched header is checked through the group's own translation units */
	for (size_t i = 0; header && i < r->n_jobs; i++) {
		const ta_tasklet *t = r->jobs[i].t;
		const char *cands[2] = {t->file, t->callback_file};
		if (r->jobs[i].dropped || r->jobs[i].status != TA_RW_DONE || find(r, i) != g)
			continue;
		for (int k = 0; k < 2; k++) {
			bool seen = false;
			if (!cands[k] || !ta_str_ends(cands[k], ".c"))
				continue;
			for (size_t u = 0; u < c->nu; u++)
				seen |= strcmp(c->units[u], cands[k]) == 0;
			if (!seen)
				TA_PUSH(c->units, c->nu, capu, cands[k]);
		}
	}
}

/* The validator with (bh) or without the BH declarations, made on first use. */
static ta_validator *validator(struct run *r, bool bh)
{
	int vi = bh ? 1 : 0;

	if (!r->val[vi] && !r->val_failed[vi]) {
		r->val[vi] = ta_validator_new(r->a->tree, bh, r->o->cache_dir, r->o->config);
		r->val_failed[vi] = !r->val[vi];
		/* the scan's counts spare most unpatched parses */
		for (size_t i = 0; r->val[vi] && i < r->a->n_files; i++)
			if (r->a->files[i].with_pch)
				ta_validator_know_errors(r->val[vi], r->a->files[i].path,
							 r->a->files[i].n_errors);
	}
	return r->val[vi];
}

/* Re-parse the translation units a merged set touches; 0 when no new errors. */
static int validate(struct run *r, size_t g, ta_srcset *set, bool bh, char **reason)
{
	ta_validator *v = validator(r, bh);
	struct check c;
	int rc = 0;

	*reason = NULL;
	if (!v) {
		*reason = xstrdup("cannot set up the re-parse of patched files");
		return -1;
	}
	collect(r, g, set, &c);
	if (c.nu)
		rc = ta_validator_check(v, c.units, c.nu, c.paths, c.texts, c.n, reason);
	check_free(&c);
	return rc;
}

static char *rfc2822_now(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t now = sde && *sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;
	char buf[64];
	static const char *const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
	static const char *const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
					     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

	gmtime_r(&now, &tm);
	snprintf(buf, sizeof(buf), "%s, %d %s %d %02d:%02d:%02d +0000", days[tm.tm_wday],
		 tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		 tm.tm_sec);
	return xstrdup(buf);
}

/*
 * "callback foo()", or for an object whose init sites install several
 * (a driver family's chips), "callbacks a_pre_tbtt() and b_pre_tbtt()".
 * With old_only (the modernization), those of the old API's sites alone
 * when there are any: a tasklet_setup() beside them is left as it is.
 */
static char *callbacks_of(const ta_tasklet *t, bool old_only)
{
	const char *names[8];
	size_t n = 0;
	bool any_old = false;
	ta_buf b = {0};

	for (size_t i = 0; i < t->n_init && old_only; i++)
		any_old |= ta_api_old_init(t->init_sites[i].api) && t->init_sites[i].callback;
	old_only = old_only && any_old;
	if (t->callback) {
		bool installed = !old_only;
		for (size_t i = 0; i < t->n_init && !installed; i++)
			installed = ta_api_old_init(t->init_sites[i].api) &&
				    t->init_sites[i].callback &&
				    strcmp(t->init_sites[i].callback, t->callback) == 0;
		if (installed)
			names[n++] = t->callback;
	}
	for (size_t i = 0; i < t->n_init && n < 8; i++) {
		const char *cb = t->init_sites[i].callback;
		bool seen = !cb || (old_only && !ta_api_old_init(t->init_sites[i].api));
		for (size_t k = 0; k < n && !seen; k++)
			seen = strcmp(names[k], cb) == 0;
		if (!seen)
			names[n++] = cb;
	}
	if (n == 0)
		return xstrdup("callback ?()");
	ta_buf_puts(&b, n > 1 ? "callbacks " : "callback ");
	for (size_t k = 0; k < n; k++)
		ta_buf_printf(&b, "%s%s()", k == 0 ? "" : k + 1 == n ? " and " : ", ", names[k]);
	return ta_buf_steal(&b);
}

/* The changelog: why (intro: core code's, NULL: the mechanism's), what each tasklet
 * became, what changes in behaviour. */
static char *changelog(struct run *r, size_t g, const char *mech, const char *intro)
{
	const ta_mechanism_rules *m = ta_patch_rules_mechanism(r->rules, mech);
	ta_buf b = {0};
	size_t n_notes = 0;

	if (!intro)
		intro = strcmp(mech, "setup") == 0 ? r->rules->setup_intro : m->intro;
	ta_buf_printf(&b, "%s\n", intro);
	ta_buf_puts(&b, strcmp(mech, "setup") == 0 || !m->queue
				? "Converted:\n"
				: "Converted, with the queue each work item now uses:\n");
	for (size_t i = 0; i < r->n_jobs; i++) {
		const struct job *j = &r->jobs[i];
		const ta_tasklet *t = j->t;
		/* --to auto: each tasklet as its own mechanism converted it */
		const ta_mechanism_rules *jm = ta_patch_rules_mechanism(r->rules, j->mech);
		if (j->dropped || j->status != TA_RW_DONE || find(r, i) != g)
			continue;
		if (!jm)
			jm = m;
		if (strcmp(mech, "setup") == 0) {
			char *cbs = callbacks_of(t, true);
			ta_buf_printf(&b, "- %s (%s)\n", t->name, cbs);
			free(cbs);
		} else if (!jm->queue || !jm->work_noun) {
			const ta_site *sched = NULL;
			for (size_t k = 0; k < t->n_sites && !sched; k++)
				if (jm->apis[t->sites[k].api].kind == TA_MAP_WAKE ||
				    jm->apis[t->sites[k].api].kind == TA_MAP_INLINE)
					sched = &t->sites[k];
			ta_buf_printf(&b, "- %s: %s() now %s %s()\n", t->name,
				      sched && sched->function ? sched->function : "?",
				      jm->apis[TA_API_SCHEDULE].kind == TA_MAP_WAKE
					      ? "wakes the thread function"
					      : "calls",
				      t->callback ? t->callback : "?");
		} else {
			bool hi = ta_tasklet_count_sites(t, TA_API_HI_SCHEDULE) > 0;
			char *nn = j->rw.work_name ? xstrdup(j->rw.work_name)
						   : ta_work_item_name(t, jm->work_noun);
			char *cbs = callbacks_of(t, false);
			ta_buf_printf(&b, "- %s -> work item %s on %s (%s)\n", t->name, nn,
				      hi ? jm->hi_queue : jm->queue, cbs);
			free(cbs);
			free(nn);
		}
		n_notes += j->rw.n_notes;
	}
	if (n_notes) {
		ta_buf_puts(&b, strcmp(mech, "setup") == 0 ? "Notes:\n"
							   : "What changes in behaviour:\n");
		for (size_t i = 0; i < r->n_jobs; i++) {
			const struct job *j = &r->jobs[i];
			if (j->dropped || j->status != TA_RW_DONE || find(r, i) != g)
				continue;
			for (size_t k = 0; k < j->rw.n_notes; k++) {
				/* once per patch */
				bool dup = false;
				for (size_t p = 0; p < i && !dup; p++)
					for (size_t q = 0; q < r->jobs[p].rw.n_notes && !dup; q++)
						dup = find(r, p) == g && !r->jobs[p].dropped &&
						      r->jobs[p].status == TA_RW_DONE &&
						      strcmp(r->jobs[p].rw.notes[q],
							     j->rw.notes[k]) == 0;
				if (!dup)
					ta_buf_printf(&b, "- %s\n", j->rw.notes[k]);
			}
		}
	}
	{
		/* the names and comments that said tasklet (patch_tidy.h) */
		char *names = ta_tidy_paragraph(&r->tidy);
		if (names)
			ta_buf_printf(&b, "%s\n", names);
		free(names);
	}
	if (strcmp(mech, "setup") == 0)
		ta_buf_puts(&b, "No functional change intended.\n");
	return ta_buf_steal(&b);
}

/* Write the files of a set in place, each only if unchanged on disk since it was read. */
static int apply_set(struct run *r, ta_srcset *set, char **reason)
{
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		char *path = ta_path_join(set->root, s->rel);
		size_t len = 0;
		char *now = ta_read_file(path, &len);
		bool same = now && ta_fnv1a(TA_FNV_INIT, now, len) == ta_src_hash(s);
		free(now);
		free(path);
		if ((ta_src_changed(s) || s->put) && !same) {
			*reason = xasprintf("'%s' changed since it was scanned: not applied",
					    s->rel);
			return -1;
		}
	}
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		char *path, *text;
		size_t len;
		ta_outfile *of;
		if (!ta_src_changed(s) && !s->put)
			continue;
		path = ta_path_join(set->root, s->rel);
		text = ta_src_result(s, &len);
		of = ta_outfile_open(path);
		if (!of || fwrite(text, 1, len, ta_outfile_stream(of)) != len ||
		    ta_outfile_commit(&of) != 0) {
			ta_outfile_abort(&of);
			*reason = xasprintf("cannot write '%s'", s->rel);
			free(text);
			free(path);
			return -2;
		}
		free(text);
		free(path);
	}
	return 0;
}

/* A copy of n strings. */
static char **copy_strings(char *const *v, size_t n)
{
	char **out = xcalloc(n + 1, sizeof(*out));

	for (size_t i = 0; i < n; i++)
		out[i] = xstrdup(v[i]);
	return out;
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The recipients of a job's written patch. */
static void set_recipients(struct job *j, const struct ta_recipients *rc)
{
	free_strings(j->out->to, j->out->n_to);
	free_strings(j->out->cc, j->out->n_cc);
	j->out->to = copy_strings(rc->to, rc->n_to);
	j->out->n_to = rc->n_to;
	j->out->cc = copy_strings(rc->cc, rc->n_cc);
	j->out->n_cc = rc->n_cc;
}

/*
 * Keep the patch of group g for its series, with its tasklets and their
 * migrations (none for a preparation: the conversion after it, joined,
 * names them).
 */
static void series_add(struct run *r, size_t g, const struct ta_patch_desc *d, bool prep,
		       bool joined)
{
	const ta_tasklet **ts = xcalloc(r->n_jobs + 1, sizeof(*ts));
	const char **migs = xcalloc(r->n_jobs + 1, sizeof(*migs));
	size_t n = 0;

	for (size_t i = 0; i < r->n_jobs && !prep; i++)
		if (!r->jobs[i].dropped && r->jobs[i].status == TA_RW_DONE && find(r, i) == g) {
			ts[n] = r->jobs[i].t;
			migs[n++] = r->jobs[i].mech;
		}
	ta_series_add(r->series, d, ts, migs, n, joined);
	free(ts);
	free(migs);
}

/* The files a set changes, as the patch writer wants them; the caller frees texts. */
static size_t patch_files(const ta_srcset *set, struct ta_patch_file **files, char ***texts,
			  const char **first, size_t *n_c)
{
	size_t n = 0;

	*files = xcalloc(set->n_files + 1, sizeof(**files));
	*texts = xcalloc(set->n_files + 1, sizeof(**texts));
	*first = NULL;
	*n_c = 0;
	for (size_t i = 0; i < set->n_files; i++) {
		ta_src *s = set->files[i];
		if (!ta_src_changed(s))
			continue;
		(*texts)[n] = ta_src_result(s, &(*files)[n].new_len);
		(*files)[n].path = s->rel;
		(*files)[n].old_text = s->text;
		(*files)[n].old_len = s->len;
		(*files)[n].new_text = (*texts)[n];
		if (ta_str_ends(s->rel, ".c")) {
			++*n_c;
			if (!*first)
				*first = s->rel;
		}
		n++;
	}
	if (!*first)
		*first = n ? (*files)[0].path : "";
	return n;
}

/* A formatted patch's description and the files it points to, kept for --series. */
struct kept {
	struct ta_patch_desc d;
	struct ta_patch_file *files;
	char **texts;
};

static void kept_clear(struct kept *k)
{
	for (size_t i = 0; i < k->d.n_files; i++)
		free(k->texts[i]);
	free(k->texts);
	free(k->files);
	memset(k, 0, sizeof(*k));
}

/*
 * One patch of a group (part of parts, 0: alone), addressed; NULL when
 * nothing changes.  Its description stays in *keep (kept_clear() frees it).
 */
static char *format_part(const struct run *r, const ta_srcset *set, const char *subject,
			 const char *body, const char *date, unsigned part, unsigned parts,
			 struct ta_recipients *to, struct kept *keep)
{
	const char *first;
	size_t n_c, n = patch_files(set, &keep->files, &keep->texts, &first, &n_c);
	struct ta_patch_desc *d = &keep->d;

	memset(d, 0, sizeof(*d));
	d->author = r->o->signoff ? r->o->signoff : "tasklet-audit <tasklet-audit@invalid>";
	d->date = date;
	d->subject = subject;
	d->body = body;
	d->signoff = r->o->signoff;
	d->files = keep->files;
	d->n_files = n;
	d->part = part;
	d->parts = parts;
	return ta_patch_format_addressed(r->maintainers, d, to);
}

/* fmt (rules data) with its first "%s" replaced by val: no printf on data. */
static char *fill(const char *fmt, const char *val)
{
	const char *at = strstr(fmt, "%s");

	if (!at)
		return xstrdup(fmt);
	return xasprintf("%.*s%s%s", (int)(at - fmt), fmt, val, at + 2);
}

/* The preparation patch's subject and changelog for group g. */
static void prep_text(struct run *r, size_t g, const char *prefix, const char *const *paths,
		      size_t n, char **subject, char **body)
{
	ta_buf b = {0}, what = {0};

	ta_buf_printf(&b, "%s\n", r->rules->prep.intro);
	for (size_t i = 0; i < r->n_jobs; i++) {
		const struct job *j = &r->jobs[i];
		if (!live_in(r, i, g) || !j->prep)
			continue;
		if (!what.s || !strstr(what.s, j->pr.passed))
			ta_buf_printf(&what, "%s%s", what.len ? " and " : "", j->pr.passed);
		for (size_t k = 0; k < j->prep_rw.n_notes; k++)
			ta_buf_printf(&b, "- %s\n", j->prep_rw.notes[k]);
	}
	ta_buf_puts(&b, "No functional change intended.\n");
	{
		char *s = fill(r->rules->prep.subject, what.s ? what.s : "other data");
		*subject = ta_subject_claim(r->subjects, prefix, s, paths, n);
		free(s);
	}
	*body = ta_buf_steal(&b);
	ta_buf_free(&what);
}

/* Write a patch text to -o DIR (numbered) or the stream. */
static int put_text(struct run *r, const char *subject, const char *text, FILE *stream)
{
	int rc = TA_EXIT_OK;

	if (!text)
		return rc;
	if (r->o->outdir) {
		char *name = ta_patch_filename(++r->number, subject);
		char *path = ta_path_join(r->o->outdir, name);
		ta_outfile *of = ta_outfile_open(path);
		if (!of || fputs(text, ta_outfile_stream(of)) == EOF ||
		    ta_outfile_commit(&of) != 0) {
			ta_outfile_abort(&of);
			rc = TA_EXIT_FAILURE;
		}
		free(name);
		free(path);
	} else if (stream) {
		r->number++;
		fputs(text, stream);
	}
	return rc;
}

/*
 * The subject, the patch and where it goes, for one group: with a
 * preparation (prep, on the files as on disk), a series of two, the
 * conversion (set, on the prepared files) second.
 */
/*
 * The mechanisms of group g's live jobs, each once, in job order (the
 * first is the group's, group_mech()'s): how many, at most max.
 */
static size_t group_mechs(struct run *r, size_t g, const char **seen, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->n_jobs; i++) {
		const struct job *j = &r->jobs[i];
		bool dup = false;
		if (j->dropped || j->status != TA_RW_DONE || find(r, i) != g)
			continue;
		for (size_t k = 0; k < n && !dup; k++)
			dup = strcmp(seen[k], j->mech) == 0;
		if (!dup && n < max)
			seen[n++] = j->mech;
	}
	return n;
}

/*
 * A --to auto group whose tasklets go to different mechanisms: their
 * targets joined ("BH workqueue and workqueue"), else NULL.
 */
static char *mixed_targets(struct run *r, size_t g)
{
	const char *seen[8];
	size_t n = group_mechs(r, g, seen, 8);
	ta_buf b = {0};

	if (n < 2 || !r->rules->mixed_subject)
		return NULL;
	for (size_t k = 0; k < n; k++) {
		const ta_mechanism_rules *m = ta_patch_rules_mechanism(r->rules, seen[k]);
		if (!m || !m->target) {
			ta_buf_free(&b);
			return NULL;
		}
		ta_buf_printf(&b, "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ", m->target);
	}
	return ta_buf_steal(&b);
}

static int emit(struct run *r, size_t g, const ta_srcset *prep, ta_srcset *set, const char *mech,
		FILE *stream)
{
	struct ta_patch_file *files;
	char **texts;
	const char *first;
	size_t n_c, n = patch_files(set, &files, &texts, &first, &n_c);
	const char **paths = xcalloc(n + 1, sizeof(*paths));
	char *prefix, *subject, *intro, *body, *date, *text, *reason = NULL;
	char *mixed, *mixed_subject;
	char *subject1 = NULL, *body1 = NULL, *text1 = NULL;
	struct ta_recipients to = {0}, to1 = {0};
	struct kept k = {0}, k1 = {0};
	unsigned parts = prep ? 2 : 0;
	int rc = TA_EXIT_OK;

	(void)first;
	(void)n_c;
	for (size_t i = 0; i < n; i++)
		paths[i] = files[i].path;
	/* as the subsystem writes it, unique in the run (subject.h) */
	prefix = ta_subject_prefix(r->subjects, paths, n, NULL);
	mixed = strcmp(mech, "setup") == 0 ? NULL : mixed_targets(r, g);
	mixed_subject = mixed ? fill(r->rules->mixed_subject, mixed) : NULL;
	subject = ta_subject_claim(r->subjects, prefix,
				   mixed_subject ? mixed_subject
				   : strcmp(mech, "setup") == 0
					   ? r->rules->setup_subject
					   : ta_patch_rules_mechanism(r->rules, mech)->subject,
				   paths, n);
	intro = ta_subject_core_intro(r->subjects, paths, n, mech);
	if (!intro && mixed)
		intro = fill(r->rules->mixed_intro, mixed);
	free(mixed_subject);
	free(mixed);
	body = changelog(r, g, mech, intro);
	if (prep)
		prep_text(r, g, prefix, paths, n, &subject1, &body1);
	for (size_t i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	free(files);
	date = rfc2822_now();
	if (prep)
		text1 = format_part(r, prep, subject1, body1, date, 1, parts, &to1, &k1);
	text = format_part(r, set, subject, body, date, prep ? 2 : 0, parts, &to, &k);
	if (r->o->apply) {
		int ar = apply_set(r, set, &reason);
		if (ar != 0) {
			ta_error("%s", reason);
			rc = ar == -2 ? TA_EXIT_FAILURE : TA_EXIT_USAGE;
		}
	}
	if (rc == TA_EXIT_OK && r->series) {
		/* the series numbers both, the preparation first */
		if (text1) {
			r->number++;
			series_add(r, g, &k1.d, true, false);
		}
		if (text) {
			r->number++;
			series_add(r, g, &k.d, false, text1 != NULL);
		}
	} else {
		if (rc == TA_EXIT_OK)
			rc = put_text(r, subject1, text1, stream);
		if (rc == TA_EXIT_OK)
			rc = put_text(r, subject, text, stream);
	}
	for (size_t i = 0; i < r->n_jobs; i++) {
		struct job *j = &r->jobs[i];
		if (!live_in(r, i, g))
			continue;
		if (rc == TA_EXIT_OK) {
			set_status(j, TA_PATCH_WRITTEN, NULL);
			set_recipients(j, &to);
			r->n_written++;
		} else {
			set_status(j, TA_PATCH_REFUSED,
				   reason ? reason : "the patch could not be written");
			r->n_refused++;
		}
	}
	free(reason);
	kept_clear(&k);
	kept_clear(&k1);
	ta_recipients_clear(&to);
	ta_recipients_clear(&to1);
	free(paths);
	free(intro);
	free(prefix);
	free(subject);
	free(body);
	free(subject1);
	free(body1);
	free(text1);
	free(date);
	free(text);
	return rc;
}

static bool group_uses_bh_decls(struct run *r, size_t g)
{
	for (size_t i = 0; i < r->n_jobs; i++)
		if (find(r, i) == g && r->jobs[i].mech && r->o->force_api &&
		    strcmp(r->jobs[i].mech, "setup") != 0)
			return true;
	return false;
}

static const char *group_mech(struct run *r, size_t g)
{
	const char *first;

	return group_mechs(r, g, &first, 1) ? first : NULL;
}

/* Drop a live job of the group: it is refused with reason. */
static void drop(struct job *j, const char *fmt, const char *reason)
{
	j->dropped = true;
	ta_rw_refuse(&j->rw, fmt, reason);
}

/*
 * The group's preparation patch: the preparations of its live jobs merged
 * (a job whose preparation conflicts is dropped) and re-parsed alone (the
 * preparing jobs are dropped when it adds errors).  When the group has
 * other live jobs, every one is converted again on the prepared files,
 * until no preparation is lost.  NULL: the group has none.
 */
/*
 * The preparations of group g's live jobs merged into one set; *n_live,
 * *n_prep: the live jobs, those with a preparation.  A job whose
 * preparation conflicts with the others' is dropped (*lost), or with
 * probe (nothing changed) the answer is NULL.
 */
static ta_srcset *prep_set(struct run *r, size_t g, bool probe, size_t *n_live, size_t *n_prep,
			   bool *lost)
{
	ta_srcset *prep = ta_srcset_new(r->a->tree);

	*n_live = *n_prep = 0;
	*lost = false;
	for (size_t i = 0; i < r->n_jobs; i++) {
		struct job *j = &r->jobs[i];
		bool ok = true;
		if (!live_in(r, i, g))
			continue;
		(*n_live)++;
		if (!j->prep)
			continue;
		for (size_t f = 0; f < j->prep->n_files && ok; f++)
			ok = merges_cleanly(prep, j->prep->files[f]);
		if (!ok && probe) {
			ta_srcset_free(&prep);
			return NULL;
		}
		if (!ok) {
			drop(j, "%s", "its preparation conflicts with another tasklet's");
			(*n_live)--;
			*lost = true;
			continue;
		}
		for (size_t f = 0; f < j->prep->n_files; f++)
			ta_src_merge(ta_srcset_get(prep, j->prep->files[f]->rel),
				     j->prep->files[f]);
		(*n_prep)++;
	}
	return prep;
}

static ta_srcset *settle_prep(struct run *r, size_t g)
{
	for (int round = 0;; round++) {
		size_t n_prep, n_live;
		char *reason = NULL;
		bool lost;
		ta_srcset *prep = prep_set(r, g, false, &n_live, &n_prep, &lost);

		if (n_prep == 0) {
			ta_srcset_free(&prep);
			if (round == 0 || n_live == 0)
				return NULL;
		} else if (validate(r, g, prep, false, &reason) != 0) {
			for (size_t i = 0; i < r->n_jobs; i++)
				if (live_in(r, i, g) && r->jobs[i].prep)
					drop(&r->jobs[i], "the preparation patch: %s", reason);
			free(reason);
			ta_srcset_free(&prep);
			continue;
		}
		if (n_live == 1 && round == 0 && !lost)
			return prep;
		/* every live job again, on the files as prep has them */
		lost = false;
		for (size_t i = 0; i < r->n_jobs; i++) {
			struct job *j = &r->jobs[i];
			if (!live_in(r, i, g))
				continue;
			conversion(r, j, prep);
			if (j->status != TA_RW_DONE) {
				j->dropped = true;
				lost |= j->prep != NULL;
			}
		}
		if (!lost)
			return prep;
		ta_srcset_free(&prep);
	}
}

/* Group live jobs of one group that validate alone; returns how many remain. */
static size_t prune(struct run *r, size_t g, bool bh)
{
	size_t live = 0;

	for (size_t i = 0; i < r->n_jobs; i++) {
		struct job *j = &r->jobs[i];
		char *reason = NULL;
		if (j->dropped || j->status != TA_RW_DONE || find(r, i) != g)
			continue;
		if (validate(r, g, j->set, bh, &reason) != 0) {
			j->dropped = true;
			ta_rw_refuse(&j->rw, "%s", reason);
		} else {
			live++;
		}
		free(reason);
	}
	return live;
}

/* Does a live job of group g need a preparation patch? */
static bool group_has_prep(struct run *r, size_t g)
{
	for (size_t i = 0; i < r->n_jobs; i++)
		if (live_in(r, i, g) && r->jobs[i].prep)
			return true;
	return false;
}

/*
 * Parse ahead, in parallel, what the groups' validation will ask for: the
 * serial pass after it then finds each result made (patch_validate.h).
 */
/* The groups parsed ahead at once: their merged sets are held until then. */
enum { PREFETCH_BATCH = 16 };

struct ahead_batch {
	struct ta_validation_req *reqs;
	struct check *checks;
	ta_srcset **sets; /* the checks' paths point into them */
	size_t n, cap, capc, caps;
};

/* Parse the batch's checks ahead and free them. */
static void flush_batch(struct run *r, ta_validator *v, struct ahead_batch *b)
{
	if (b->n)
		ta_validator_prefetch(v, b->reqs, b->n, r->o->jobs);
	for (size_t i = 0; i < b->n; i++) {
		check_free(&b->checks[i]);
		ta_srcset_free(&b->sets[i]);
	}
	b->n = 0;
}

/* Add the check of set (the batch owns it now) to the batch; parse the batch when full. */
static void batch_add(struct run *r, ta_validator *v, struct ahead_batch *b, size_t g,
		      ta_srcset *set)
{
	struct check c;
	size_t n;

	collect(r, g, set, &c);
	n = b->n;
	TA_PUSH(b->sets, n, b->caps, set);
	n = b->n;
	TA_PUSH(b->checks, n, b->capc, c);
	TA_PUSH(b->reqs, b->n, b->cap,
		((struct ta_validation_req){c.units, c.nu, c.paths, c.texts, c.n}));
	if (b->n == PREFETCH_BATCH)
		flush_batch(r, v, b);
}

static void prefetch(struct run *r)
{
	for (int vi = 0; vi < 2 && r->o->jobs > 1; vi++) {
		struct ahead_batch b = {0};
		ta_validator *v = NULL;

		for (size_t g = 0; g < r->n_jobs; g++) {
			ta_srcset *prep = NULL, *set = NULL;
			bool bh, lost;
			size_t n_live, n_prep;
			if (find(r, g) != g || r->jobs[g].status != TA_RW_DONE)
				continue;
			bh = group_uses_bh_decls(r, g);
			if (group_has_prep(r, g)) {
				/*
				 * settle_prep() validates the preparation alone (without
				 * the BH declarations), then the group on it as it is
				 * when it has one live job and loses no preparation (it
				 * reconverts otherwise: those parses are made when asked)
				 */
				prep = prep_set(r, g, true, &n_live, &n_prep, &lost);
				if (prep && n_prep && n_live == 1 && bh == (vi == 1))
					set = probe_merged(r, g, prep);
				if (!prep || !n_prep || vi != 0)
					ta_srcset_free(&prep);
			} else if (bh == (vi == 1)) {
				/* the texts the serial pass asks for first */
				set = merged(r, g, NULL, true);
			}
			if ((prep || set) && !v && !(v = validator(r, vi == 1))) {
				ta_srcset_free(&prep);
				ta_srcset_free(&set);
				break;
			}
			if (prep)
				batch_add(r, v, &b, g, prep);
			if (set)
				batch_add(r, v, &b, g, set);
		}
		if (v) {
			flush_batch(r, v, &b);
			ta_validator_prefetch(v, NULL, 0, r->o->jobs); /* what it left */
		}
		free(b.sets);
		free(b.checks);
		free(b.reqs);
	}
}

int ta_patch_run(const ta_audit *a, const struct ta_patch_opts *o, ta_patch_outcome ***outcomes)
{
	struct run r = {.a = a, .o = o};
	size_t nt = 0;
	int rc = TA_EXIT_OK;
	char *hdr;

	if (outcomes)
		*outcomes = NULL;
	if (!ta_patch_target_check(o->to))
		return TA_EXIT_USAGE;
	if (!a->tree) {
		ta_error("the audit has no tree");
		return TA_EXIT_USAGE;
	}
	r.rules = ta_patch_rules_load(a->rules_dir ? a->rules_dir : ta_rules_default_dir());
	if (!r.rules)
		return TA_EXIT_USAGE;
	r.subjects = ta_subjects_load(a->rules_dir ? a->rules_dir : ta_rules_default_dir(),
				      a->tree);
	if (!r.subjects) {
		ta_patch_rules_free(&r.rules);
		return TA_EXIT_USAGE;
	}
	{
		char *err = NULL;
		r.maintainers = ta_maintainers_load(a->tree, &err);
		if (err) {
			ta_error("%s", err);
			free(err);
			ta_patch_rules_free(&r.rules);
			ta_subjects_free(&r.subjects);
			return TA_EXIT_USAGE;
		}
	}
	r.check_rules = ta_rules_load(a->rules_dir ? a->rules_dir : ta_rules_default_dir());
	if (o->series && o->outdir) {
		struct ta_series_opts so = {.outdir = o->outdir,
					    .max = o->max_series ? o->max_series : 15,
					    .audit = a,
					    .maintainers = r.maintainers,
					    .subjects = r.subjects,
					    .rules_dir = a->rules_dir};
		r.series = ta_series_new(&so);
	}
	hdr = ta_path_join(a->tree, "include/linux/workqueue.h");
	r.api_header = ta_read_file(hdr, NULL);
	free(hdr);
	r.jobs = xcalloc(a->n_tasklets + 1, sizeof(*r.jobs));
	for (size_t i = 0; i < o->n_only; i++) {
		bool found = false;
		for (size_t k = 0; k < a->n_tasklets && !found; k++)
			found = strcmp(a->tasklets[k].id, o->only_ids[i]) == 0;
		if (!found) {
			ta_error("no tasklet with id '%s'", o->only_ids[i]);
			rc = TA_EXIT_USAGE;
			goto out;
		}
		if (o->mechanisms && o->mechanisms[i]) {
			if (!known_target(o->mechanisms[i], true)) {
				ta_error("unknown mechanism '%s' for tasklet '%s'",
					 o->mechanisms[i], o->only_ids[i]);
				rc = TA_EXIT_USAGE;
				goto out;
			}
		}
	}
	for (size_t k = 0; k < a->n_tasklets; k++) {
		const ta_tasklet *t = &a->tasklets[k];
		const char *override = NULL;
		bool take = o->n_only == 0;
		for (size_t i = 0; i < o->n_only; i++)
			if (strcmp(t->id, o->only_ids[i]) == 0) {
				take = true;
				override = o->mechanisms ? o->mechanisms[i] : NULL;
			}
		if (!take)
			continue;
		r.jobs[nt].t = t;
		r.jobs[nt].out = xcalloc(1, sizeof(ta_patch_outcome));
		r.jobs[nt].group = nt;
		convert(&r, &r.jobs[nt], override);
		nt++;
	}
	r.n_jobs = nt;
	/* tasklets whose edits share a file (or their first file) go into one patch */
	for (size_t i = 0; i < nt; i++)
		for (size_t k = i + 1; k < nt; k++) {
			const struct job *x = &r.jobs[i], *y = &r.jobs[k];
			bool share = false;
			if (x->status != TA_RW_DONE || y->status != TA_RW_DONE)
				continue;
			share = x->t->file && y->t->file && strcmp(x->t->file, y->t->file) == 0;
			if (share || share_files(x, y))
				unite(&r, i, k);
		}
	prefetch(&r);
	for (size_t g = 0; g < nt; g++) {
		ta_srcset *set, *prep;
		char *reason = NULL;
		bool bh, bad;
		const char *mech;
		if (find(&r, g) != g || r.jobs[g].status != TA_RW_DONE)
			continue;
		bh = group_uses_bh_decls(&r, g);
		prep = settle_prep(&r, g);
		set = merged(&r, g, prep, true);
		bad = validate(&r, g, set, bh, &reason) != 0;
		if (bad && r.tidy.n_renamed) {
			/* a rename broke it: the patch without them */
			free(reason);
			reason = NULL;
			ta_srcset_free(&set);
			set = merged(&r, g, prep, false);
			bad = validate(&r, g, set, bh, &reason) != 0;
		}
		if (bad) {
			/* keep the tasklets that pass alone, then check them together */
			free(reason);
			reason = NULL;
			ta_srcset_free(&set);
			if (prune(&r, g, bh) > 0) {
				set = merged(&r, g, prep, false);
				if (validate(&r, g, set, bh, &reason) != 0) {
					for (size_t i = 0; i < nt; i++)
						if (find(&r, i) == g && !r.jobs[i].dropped &&
						    r.jobs[i].status == TA_RW_DONE) {
							r.jobs[i].dropped = true;
							ta_rw_refuse(&r.jobs[i].rw, "%s", reason);
						}
					ta_srcset_free(&set);
				}
			}
		}
		free(reason);
		if (!set) {
			ta_srcset_free(&prep);
			continue;
		}
		mech = group_mech(&r, g);
		if (mech) {
			int erc = emit(&r, g, prep, set, mech, o->apply ? NULL : stdout);
			if (erc != TA_EXIT_OK && rc == TA_EXIT_OK)
				rc = erc;
		}
		ta_srcset_free(&set);
		ta_srcset_free(&prep);
	}
	for (size_t i = 0; i < nt; i++) {
		struct job *j = &r.jobs[i];
		if (j->decided)
			continue;
		if (j->status == TA_RW_NOT_NEEDED) {
			set_status(j, TA_PATCH_NOT_NEEDED, j->rw.reason);
			r.n_not_needed++;
		} else {
			set_status(j, TA_PATCH_REFUSED, j->rw.reason ? j->rw.reason : "refused");
			r.n_refused++;
		}
	}
	if (r.series) {
		int src = ta_series_write(r.series);
		if (src != 0 && rc == TA_EXIT_OK)
			rc = src;
	}
	if (!o->outdir && !o->apply && fflush(stdout) != 0)
		rc = TA_EXIT_FAILURE;
	ta_diag(TA_NOTE, NULL, 0, 0, "%u patch%s for %zu tasklet%s; %zu refused, %zu not needed",
		r.number, r.number == 1 ? "" : "es", r.n_written, r.n_written == 1 ? "" : "s",
		r.n_refused, r.n_not_needed);
	if (outcomes) {
		*outcomes = xcalloc(a->n_tasklets + 1, sizeof(**outcomes));
		for (size_t i = 0; i < nt; i++) {
			(*outcomes)[r.jobs[i].t - a->tasklets] = r.jobs[i].out;
			r.jobs[i].out = NULL;
		}
	}
out:
	for (size_t i = 0; i < nt; i++) {
		ta_srcset_free(&r.jobs[i].set);
		ta_rw_clear(&r.jobs[i].rw);
		ta_patch_outcome_free(&r.jobs[i].out);
		ta_srcset_free(&r.jobs[i].prep);
		ta_rw_clear(&r.jobs[i].prep_rw);
		ta_prep_clear(&r.jobs[i].pr);
		ta_prep_tasklet_free(&r.jobs[i].conv_t);
	}
	free(r.jobs);
	free(r.api_header);
	ta_validator_free(&r.val[0]);
	ta_validator_free(&r.val[1]);
	ta_patch_rules_free(&r.rules);
	ta_rules_free(&r.check_rules);
	ta_series_free(&r.series);
	ta_tidy_clear(&r.tidy);
	ta_subjects_free(&r.subjects);
	ta_maintainers_free(&r.maintainers);
	return rc;
}

void ta_patch_outcome_free(ta_patch_outcome **p)
{
	ta_fields_free(&ta_patch_outcome_fields, *p);
	free(*p);
	*p = NULL;
}

void ta_patch_attach(ta_audit *a, ta_patch_outcome ***outcomes)
{
	if (!*outcomes)
		return;
	for (size_t i = 0; i < a->n_tasklets; i++) {
		if (!(*outcomes)[i])
			continue;
		ta_patch_outcome_free(&a->tasklets[i].patch);
		a->tasklets[i].patch = (*outcomes)[i];
	}
	free(*outcomes);
	*outcomes = NULL;
}
