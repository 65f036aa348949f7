/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch.h - the patch writer: writes the conversions of an audit's
 * tasklets as patches a maintainer can apply, one per driver (per
 * directory for multi-file drivers): the modernization (--to setup) or the
 * replacement by a BH workqueue, a workqueue, a threaded IRQ or a timer.
 * Every patch is re-parsed before it is written and refused when it adds
 * errors.  The audit is only read: each tasklet's outcome (written,
 * refused with the reason, not_needed) is a ta_patch_outcome of the
 * caller's, which ta_patch_attach() hangs on the tasklets of an audit the
 * caller owns (ta_tasklet.patch, freed with it) for the JSON report.
 */
#ifndef TA_PATCH_H
#define TA_PATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "patch_rules.h"

struct ta_patch_opts {
	const char *to;                /* "setup", "auto" or a --to name (mechanism.h) */
	const char *outdir;            /* -o DIR: one git format-patch file per driver */
	const char *signoff;           /* --signoff "Name <mail>" or NULL: never invent one */
	bool apply;                    /* --apply: rewrite files in place (hash-checked, atomic) */
	bool force_api;                /* --force-api */
	const char *const *only_ids;   /* NULL: every tasklet; else these tasklet ids */
	const char *const *mechanisms; /* parallel to only_ids: a mechanism override or NULL */
	size_t n_only;
	int jobs;    /* -j: the patched files are re-parsed in this many workers (0, 1: serially) */
	bool series; /* --series: -o DIR gets series-K/ directories (patch_series.h) */
	unsigned max_series; /* --max-series: patches a series at most (0: 15) */
	/* the facts cache's directory: validation shares the scan's overlay and PCH (NULL: its own)
	 */
	const char *cache_dir;
	/* --config: the .config the scan used, which validation parses with too (NULL: the
	 * tree's own, or the default ta_kconfig_load() picks) */
	const char *config;
};

/* X(enum suffix, name in the report) */
#define TA_PATCH_STATUS_LIST(X)                                                                    \
	X(WRITTEN, "written") X(REFUSED, "refused") X(NOT_NEEDED, "not_needed")
enum ta_patch_status {
#define X(e, name) TA_PATCH_##e,
	TA_PATCH_STATUS_LIST(X)
#undef X
};

/* The report's name of a status ("written"); "?" for another value. */
static inline const char *ta_patch_status_name(enum ta_patch_status s)
{
	static const char *const names[] = {
#define X(e, name) name,
		TA_PATCH_STATUS_LIST(X)
#undef X
	};

	return (size_t)s < sizeof(names) / sizeof(*names) ? names[s] : "?";
}

/* What became of one tasklet. */
typedef struct ta_patch_outcome {
	enum ta_patch_status status;
	char *reason;    /* refused, not_needed: why */
	char *migration; /* setup, bh, wq, threaded-irq, timer (NULL: none chosen) */
	char **to;       /* written: the patch's To: (MAINTAINERS M:), then its Cc: */
	size_t n_to;
	char **cc;
	size_t n_cc;
} ta_patch_outcome;

/* Is to a migration --to accepts?  If not, say so (with the list) and return false. */
bool ta_patch_target_check(const char *to);

/*
 * Would the writer convert t to the mechanism whose --to name is `to`
 * (after the preparation patch a run would write first, if t needs one)?
 * The rewriter runs on a private copy of what it reads and nothing is written;
 * two things are not asked: whether the tree declares the mechanism's API
 * (--force-api answers that) and whether the result compiles (the re-parse
 * of a real run).  true, or false with *why (the caller frees it).  With
 * reads, also what it looked at (what a memo of the answer depends on).
 */
/* What a dry run looked at, tree-relative: files read, directories listed, files absent. */
typedef struct ta_patch_reads {
	char **files, **dirs, **absent;
	size_t n_files, n_dirs, n_absent;
} ta_patch_reads;

void ta_patch_reads_clear(ta_patch_reads *r);

bool ta_patch_can_write(const ta_audit *a, const ta_tasklet *t, const ta_patch_rules *rules,
			const char *to, char **why, ta_patch_reads *reads);

/*
 * Write the patches for the audit's tasklets; returns an exit code (enum
 * ta_exit).  With outcomes, *outcomes is set to an array parallel to
 * a->tasklets: each tasklet taken gets its outcome, the others NULL (the
 * array is NULL when the run stopped before any); the caller hands it to
 * ta_patch_attach().
 */
int ta_patch_run(const ta_audit *a, const struct ta_patch_opts *opts, ta_patch_outcome ***outcomes);
/* Hang each outcome on its tasklet of a (replacing an earlier one); frees the array. */
void ta_patch_attach(ta_audit *a, ta_patch_outcome ***outcomes);
void ta_patch_outcome_free(ta_patch_outcome **p);

#endif
