/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pipeline.h - the one driver of an audit, run by every command that
 * audits a tree: load the rules (a malformed rule stops the run before any
 * work), scan the tree, classify and recommend, check each tasklet's
 * behaviour on the reference core and assess the relevance of each
 * difference.  The ta_audit it makes is the caller's (ta_audit_free());
 * the rules live only for the run.
 */
#ifndef TA_PIPELINE_H
#define TA_PIPELINE_H

#include <stdbool.h>

#include "audit.h"
#include "rules.h"
#include "scan.h"

struct ta_pipeline_opts {
	struct ta_scan_opts scan; /* what to scan and how; scan.path NULL: the bundled corpus */
	const char *rules_dir;    /* NULL: ta_rules_default_dir() */
	bool classify_only;       /* stop after the classifier: no behaviour check */
	const char *only_class; /* --only: must be a class of the rules (checked before the scan) */
	bool report_memo;       /* reuse the report memo of an unchanged tree (reportmemo.h) */
};

/* The defaults: a worker per CPU, TA_DEFAULT_TIMEOUT, nothing else set. */
void ta_pipeline_opts_init(struct ta_pipeline_opts *o);

/*
 * Run the stages.  0 with *out set; otherwise the exit code (enum ta_exit:
 * TA_EXIT_USAGE after one error line for bad rules, a bad path or input)
 * and *out NULL.
 */
int ta_pipeline_run(const struct ta_pipeline_opts *o, ta_audit **out);

/*
 * The classifier's stage: classify and recommend (classify.h), then keep
 * each recommendation to what the patch writer can produce
 * (ta_classify_writable(), asking ta_patch_can_write(); the first dry runs
 * made ahead in jobs workers: dryrun.h).  0, or the exit code after one
 * error line when the conversion rules cannot be read.
 */
int ta_pipeline_classify(ta_audit *a, const ta_rules *rules, int jobs);

/* Is cls a class the rules give?  If not, one error line listing those they do. */
bool ta_pipeline_known_class(const ta_rules *rules, const char *cls);

/*
 * The bundled corpus, audited when no PATH is given: an installed binary's
 * is the installed copy (PREFIX/share/tasklet-audit/corpus), one run from
 * the build tree the source tree's corpus/ (ta_bundled_path()).
 */
const char *ta_default_corpus(void);

#endif
