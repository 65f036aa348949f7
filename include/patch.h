/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch.h - the patch writer: writes the conversions of an audit's
 * tasklets as patches a maintainer can apply, one per driver (per
 * directory for multi-file drivers): the modernization (--to setup) or the
 * replacement by a BH workqueue, a workqueue, a threaded IRQ or a timer.
 * Every patch is re-parsed before it is written and refused when it adds
 * errors; each tasklet's outcome is recorded in the audit (patch_status,
 * patch_reason: written, refused with the reason, not_needed), which owns
 * those strings.
 */
#ifndef TA_PATCH_H
#define TA_PATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"

struct ta_patch_opts {
	const char *to;                /* "setup", "auto" or a --to name (mechanism.h) */
	const char *outdir;            /* -o DIR: one git format-patch file per driver */
	const char *signoff;           /* --signoff "Name <mail>" or NULL: never invent one */
	bool apply;                    /* --apply: rewrite files in place (hash-checked, atomic) */
	bool force_api;                /* --force-api */
	const char *const *only_ids;   /* NULL: every tasklet; else these tasklet ids */
	const char *const *mechanisms; /* parallel to only_ids: a mechanism override or NULL */
	size_t n_only;
};

/* Is to a migration --to accepts?  If not, say so (with the list) and return false. */
bool ta_patch_target_check(const char *to);

/* Write the patches for the audit's tasklets; records each tasklet's patch status
 * (written / refused + reason / not_needed) in the audit; returns an exit code (enum ta_exit). */
int ta_patch_run(ta_audit *a, const struct ta_patch_opts *opts);

#endif
