// SPDX-License-Identifier: GPL-2.0-only
/*
 * pipeline.c - the audit's stages in their order: rules, scan, classify,
 * behaviour, relevance (pipeline.h), and where the bundled corpus is.
 */
#include "pipeline.h"

#include <unistd.h>

#include "behavior.h"
#include "classify.h"
#include "diag.h"
#include "relevance.h"
#include "rules.h"
#include "util.h"

void ta_pipeline_opts_init(struct ta_pipeline_opts *o)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

	*o = (struct ta_pipeline_opts){
		.scan = {.jobs = ncpu > 0 ? (int)ncpu : 1, .timeout = TA_DEFAULT_TIMEOUT}};
}

int ta_pipeline_run(const struct ta_pipeline_opts *o, ta_audit **out)
{
	struct ta_scan_opts so = o->scan;
	ta_rules *rules;
	int rc;

	*out = NULL;
	if (!so.path)
		so.path = ta_default_corpus();
	rules = ta_rules_load(o->rules_dir ? o->rules_dir : ta_rules_default_dir());
	if (!rules)
		return TA_EXIT_USAGE;
	rc = ta_scan(&so, out);
	if (rc != TA_EXIT_OK) {
		ta_audit_free(out);
		ta_rules_free(&rules);
		return rc;
	}
	ta_classify(*out, rules);
	if (!o->classify_only) {
		ta_behavior_check_all(*out);
		ta_relevance_assess_all(rules, *out);
	}
	ta_rules_free(&rules);
	return TA_EXIT_OK;
}

const char *ta_default_corpus(void)
{
	return ta_bundled_path(TA_SOURCE_DIR "/corpus", TA_DATA_DIR "/corpus");
}
