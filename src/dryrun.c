// SPDX-License-Identifier: GPL-2.0-only
/*
 * dryrun.c - the first dry runs of settling the recommendations, answered
 * ahead: from the writer memo, else in parallel workers (dryrun.h).  A
 * worker's answer travels as records "KIND LENGTH:BYTES\n": O the answer
 * (1 or 0), W the refusal, F, D and A a file read, a directory listed, a
 * file found absent.  A worker reads each file of the tree once
 * (ta_srcset_cache_reads()).
 */
#include "dryrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "mechanism.h"
#include "pool.h"
#include "srcedit.h"
#include "util.h"

struct answer {
	size_t tasklet; /* index into the audit's tasklets */
	const char *to;
	bool known, ok, from_memo, taken;
	char *why;
	ta_patch_reads reads;
};

struct ta_dryruns {
	struct answer *v; /* grouped by tasklet, in the audit's order */
	size_t n;
	size_t *first; /* per tasklet: its first answer in v */
	size_t n_tasklets;
};

struct job_ctx {
	const ta_audit *a;
	const ta_patch_rules *rules;
	struct answer *v;
	bool with_reads;
};

static void put_record(ta_buf *out, char kind, const char *s)
{
	ta_buf_printf(out, "%c%zu:", kind, strlen(s));
	ta_buf_puts(out, s);
	ta_buf_putc(out, '\n');
}

/* In a worker: one dry run, as records. */
static void dry_run_job(void *vctx, size_t index, ta_buf *out)
{
	struct job_ctx *c = vctx;
	const struct answer *q = &c->v[index];
	ta_patch_reads reads = {0};
	char *why = NULL;
	bool ok;

	/* a worker only reads the tree: its dry runs share what they read */
	ta_srcset_cache_reads(true);
	ok = ta_patch_can_write(c->a, &c->a->tasklets[q->tasklet], c->rules, q->to, &why,
				c->with_reads ? &reads : NULL);

	put_record(out, 'O', ok ? "1" : "0");
	if (why)
		put_record(out, 'W', why);
	for (size_t i = 0; i < reads.n_files; i++)
		put_record(out, 'F', reads.files[i]);
	for (size_t i = 0; i < reads.n_dirs; i++)
		put_record(out, 'D', reads.dirs[i]);
	for (size_t i = 0; i < reads.n_absent; i++)
		put_record(out, 'A', reads.absent[i]);
	free(why);
	ta_patch_reads_clear(&reads);
}

/* A worker's records into q; false (q untouched) when they are malformed. */
static bool take_records(struct answer *q, const char *text)
{
	struct answer got = {0};
	const char *p = text;
	size_t cap_files = 0, cap_dirs = 0, cap_absent = 0;
	bool seen_ok = false;

	while (*p) {
		char kind = *p, *end, *s;
		unsigned long long len = strtoull(p + 1, &end, 10);
		if (end == p + 1 || *end != ':' || strlen(end + 1) < len + 1 ||
		    end[1 + len] != '\n')
			goto bad;
		s = xstrndup(end + 1, (size_t)len);
		p = end + 1 + len + 1;
		switch (kind) {
		case 'O':
			got.ok = strcmp(s, "1") == 0;
			seen_ok = true;
			free(s);
			break;
		case 'W':
			free(got.why);
			got.why = s;
			break;
		case 'F':
			TA_PUSH(got.reads.files, got.reads.n_files, cap_files, s);
			break;
		case 'D':
			TA_PUSH(got.reads.dirs, got.reads.n_dirs, cap_dirs, s);
			break;
		case 'A':
			TA_PUSH(got.reads.absent, got.reads.n_absent, cap_absent, s);
			break;
		default:
			free(s);
			goto bad;
		}
	}
	if (!seen_ok)
		goto bad;
	q->known = true;
	q->ok = got.ok;
	q->why = got.why;
	q->reads = got.reads;
	return true;
bad:
	free(got.why);
	ta_patch_reads_clear(&got.reads);
	return false;
}

/* Ask about t and the mechanism named mech too, unless it is not one the writer writes. */
static void ask(ta_dryruns *d, ta_writememo *memo, const ta_audit *a, size_t i, const char *mech,
		bool ahead, size_t *order, size_t *n_ahead)
{
	const ta_tasklet *t = &a->tasklets[i];
	int m = mech ? ta_mech_from_name(mech) : -1;
	const char *to = m >= 0 ? ta_mech_to((enum ta_mech)m) : NULL;
	struct answer *q = &d->v[d->n];

	if (!to)
		return;
	for (size_t k = d->first[i]; k < d->n; k++)
		if (strcmp(d->v[k].to, to) == 0)
			return; /* asked already */
	*q = (struct answer){.tasklet = i, .to = to};
	if (ta_writememo_get(memo, t, to, &q->ok, &q->why))
		q->known = q->from_memo = true;
	else if (ahead)
		order[(*n_ahead)++] = d->n;
	d->n++;
}

ta_dryruns *ta_dryruns_ahead(const ta_audit *a, const ta_patch_rules *rules, ta_writememo *memo,
			     int jobs)
{
	ta_dryruns *d = xcalloc(1, sizeof(*d));
	size_t n_asks = 0, *order, n_ahead = 0;
	ta_pool_result *res;
	struct job_ctx ctx = {a, rules, NULL, memo != NULL};

	for (size_t i = 0; i < a->n_tasklets; i++)
		if (a->tasklets[i].classification)
			n_asks += 1 + ta_classification_of(&a->tasklets[i])->rec.n_alternatives;
	d->v = xcalloc(n_asks + 1, sizeof(*d->v));
	d->first = xcalloc(a->n_tasklets + 1, sizeof(*d->first));
	order = xcalloc(n_asks + 1, sizeof(*order));
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_recommendation *rec = &ta_classification_of(&a->tasklets[i])->rec;
		d->first[i] = d->n;
		if (!a->tasklets[i].classification)
			continue;
		ask(d, memo, a, i, rec->mechanism, jobs > 1, order, &n_ahead);
		for (size_t k = 0; k < rec->n_alternatives; k++)
			ask(d, memo, a, i, rec->alternatives[k], jobs > 1, order, &n_ahead);
	}
	d->first[a->n_tasklets] = d->n;
	d->n_tasklets = a->n_tasklets;
	if (n_ahead < 2) {
		free(order);
		return d; /* one dry run is no faster in a worker */
	}
	res = xcalloc(d->n, sizeof(*res));
	ctx.v = d->v;
	if (ta_pool_run(n_ahead, order, jobs, 0, dry_run_job, &ctx, res, NULL) == 0)
		for (size_t k = 0; k < n_ahead; k++) {
			const ta_pool_result *r = &res[order[k]];
			if (r->outcome == TA_POOL_DONE && r->text)
				take_records(&d->v[order[k]], r->text); /* else made when asked */
		}
	ta_pool_results_free(res, d->n);
	free(res);
	free(order);
	return d;
}

bool ta_dryruns_take(ta_dryruns *d, const ta_audit *a, const ta_tasklet *t, const char *to,
		     bool *ok, char **why, ta_patch_reads *reads, bool *from_memo)
{
	size_t i = (size_t)(t - a->tasklets);

	*why = NULL;
	if (!d || i >= d->n_tasklets)
		return false;
	for (size_t k = d->first[i]; k < d->first[i + 1]; k++) {
		struct answer *q = &d->v[k];
		if (q->tasklet != i || strcmp(q->to, to) != 0 || !q->known || q->taken)
			continue;
		q->taken = true;
		*ok = q->ok;
		*why = q->why;
		q->why = NULL;
		*from_memo = q->from_memo;
		if (reads)
			*reads = q->reads;
		else
			ta_patch_reads_clear(&q->reads);
		memset(&q->reads, 0, sizeof(q->reads));
		return true;
	}
	return false;
}

void ta_dryruns_free(ta_dryruns **d)
{
	if (!*d)
		return;
	for (size_t k = 0; k < (*d)->n; k++) {
		free((*d)->v[k].why);
		ta_patch_reads_clear(&(*d)->v[k].reads);
	}
	free((*d)->v);
	free((*d)->first);
	free(*d);
	*d = NULL;
}
