// SPDX-License-Identifier: GPL-2.0-only
/*
 * pipeline.c - the audit's stages in their order: rules, scan, classify,
 * behaviour, relevance (pipeline.h), and where the bundled corpus is.
 */
#include "pipeline.h"

#include <string.h>
#include <unistd.h>

#include "behavior.h"
#include "classify.h"
#include "diag.h"
#include "dryrun.h"
#include "mechanism.h"
#include "patch.h"
#include "patch_rules.h"
#include "relevance.h"
#include "reportmemo.h"
#include "rules.h"
#include "util.h"
#include "writememo.h"

void ta_pipeline_opts_init(struct ta_pipeline_opts *o)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	*o = (struct ta_pipeline_opts){
		.scan = {.jobs = ncpu > 0 ? (int)ncpu : 1, .timeout = TA_DEFAULT_TIMEOUT}};
}

bool ta_pipeline_known_class(const ta_rules *rules, const char *cls)
{
	ta_buf names = {0};
	bool found = false;

	for (size_t i = 0; i < rules->n_classes && !found; i++)
		found = strcmp(rules->classes[i].cls, cls) == 0;
	if (found)
		return true;
	for (size_t i = 0; i < rules->n_classes; i++) {
		bool dup = false;
		for (size_t k = 0; k < i && !dup; k++)
			dup = strcmp(rules->classes[k].cls, rules->classes[i].cls) == 0;
		if (!dup)
			ta_buf_printf(&names, "%s%s", names.len ? ", " : "", rules->classes[i].cls);
	}
	ta_error("unknown class '%s' (one of: %s)", cls, names.len ? names.s : "none");
	ta_buf_free(&names);
	return false;
}

struct writer {
	ta_audit *a;
	const ta_patch_rules *rules;
	ta_writememo *memo;    /* the answers of earlier runs (NULL: no cache) */
	ta_dryruns *ahead;     /* the first answers, made ahead */
	ta_reportmemo *report; /* notes every answer (NULL: no report memo) */
};

static bool answer(const struct writer *w, const ta_tasklet *t, const char *to, char **why)
{
	ta_patch_reads reads = {0};
	bool ok, from_memo;

	if (ta_dryruns_take(w->ahead, w->a, t, to, &ok, why, w->memo ? &reads : NULL, &from_memo)) {
		if (from_memo) {
			w->a->writer_memo_hits++;
		} else {
			w->a->writer_dry_runs++;
			ta_writememo_put(w->memo, t, to, ok, *why, &reads);
			ta_patch_reads_clear(&reads);
		}
		return ok;
	}
	if (ta_writememo_get(w->memo, t, to, &ok, why)) {
		w->a->writer_memo_hits++;
		return ok;
	}
	ok = ta_patch_can_write(w->a, t, w->rules, to, why, w->memo ? &reads : NULL);
	w->a->writer_dry_runs++;
	ta_writememo_put(w->memo, t, to, ok, *why, &reads);
	ta_patch_reads_clear(&reads);
	return ok;
}

static bool can_write(void *ctx, const ta_tasklet *t, const char *mechanism, char **why)
{
	const struct writer *w = ctx;
	const char *to = ta_mech_to((enum ta_mech)ta_mech_from_name(mechanism));
	bool ok = answer(w, t, to, why);

	ta_reportmemo_answer(w->report, t->key, to, ok, *why);
	return ok;
}

/*
 * ta_pipeline_classify(); with report non-NULL, the report memo of the
 * audit is opened there when it is not yet, and notes the writer's answers.
 */
static int classify(ta_audit *a, const ta_rules *rules, int jobs, ta_reportmemo **report)
{
	ta_patch_rules *pr = ta_patch_rules_load(rules->dir);
	struct writer w = {.a = a, .rules = pr};
	double t0;

	ta_classify(a, rules);
	if (!pr)
		return TA_EXIT_USAGE;
	t0 = ta_monotonic();
	w.memo = ta_writememo_open(a, rules->dir);
	if (report && !*report)
		*report = ta_reportmemo_open(a, w.memo, rules->dir);
	w.report = report ? *report : NULL;
	w.ahead = ta_dryruns_ahead(a, pr, w.memo, jobs);
	ta_classify_writable(a, rules, can_write, &w);
	ta_dryruns_free(&w.ahead);
	ta_writememo_free(&w.memo);
	a->writer_seconds = ta_monotonic() - t0;
	ta_patch_rules_free(&pr);
	return TA_EXIT_OK;
}

int ta_pipeline_classify(ta_audit *a, const ta_rules *rules, int jobs)
{
	return classify(a, rules, jobs, NULL);
}

/* The scan's reuse: the report memo's audit when it is current (scan.h). */
struct reuse {
	const ta_rules *rules;
	ta_reportmemo *memo; /* opened here, for the put after the stages on a miss */
};

static ta_audit *reuse_report(void *ctx, const ta_audit *so_far)
{
	struct reuse *r = ctx;
	ta_writememo *w = ta_writememo_open(so_far, r->rules->dir);
	ta_audit *a;

	r->memo = ta_reportmemo_open(so_far, w, r->rules->dir);
	a = ta_reportmemo_get(r->memo, w);
	ta_writememo_free(&w);
	return a;
}

int ta_pipeline_run(const struct ta_pipeline_opts *o, ta_audit **out)
{
	struct ta_scan_opts so = o->scan;
	struct reuse reuse = {0};
	ta_rules *rules;
	int rc;

	*out = NULL;
	if (!so.path)
		so.path = ta_default_corpus();
	rules = ta_rules_load(o->rules_dir ? o->rules_dir : ta_rules_default_dir());
	if (!rules)
		return TA_EXIT_USAGE;
	if (o->only_class && !ta_pipeline_known_class(rules, o->only_class)) {
		ta_rules_free(&rules);
		return TA_EXIT_USAGE;
	}
	if (o->report_memo && !o->classify_only) {
		reuse.rules = rules;
		so.reuse = reuse_report;
		so.reuse_ctx = &reuse;
	}
	rc = ta_scan(&so, out);
	if (rc == TA_EXIT_OK && !(*out)->reused) {
		rc = classify(*out, rules, so.jobs, so.reuse ? &reuse.memo : NULL);
		if (rc == TA_EXIT_OK && !o->classify_only) {
			ta_behavior_check_all(*out);
			ta_relevance_assess_all(rules, *out);
			ta_reportmemo_put(reuse.memo, *out);
		}
	}
	if (rc != TA_EXIT_OK)
		ta_audit_free(out);
	ta_reportmemo_free(&reuse.memo);
	ta_rules_free(&rules);
	return rc;
}

const char *ta_default_corpus(void)
{
	return ta_bundled_path(TA_SOURCE_DIR "/corpus", TA_DATA_DIR "/corpus");
}
