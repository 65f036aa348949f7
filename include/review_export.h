/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review_export.h - export of a review: the patches of the accepted
 * tasklets, one per driver, written by the patch writer (patch.h,
 * ta_patch_run) with the mechanism each reviewer picked.  Stale accepted
 * decisions are left out until they are confirmed again.  Also the
 * proposed patch of one tasklet, for the detail page.  Messages returned
 * through *msg and *note are the caller's to free.
 */
#ifndef TA_REVIEW_EXPORT_H
#define TA_REVIEW_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "review.h"

/*
 * Write the patches of the accepted, non-stale tasklets of rv to dir.
 * 0 with *msg saying what was written and what was not (how many, and
 * the first reason); TA_EXIT_USAGE (nothing accepted)
 * or TA_EXIT_FAILURE (the writer failed) with *msg saying why.
 */
int ta_review_export(ta_review *rv, const char *dir, char **msg);

/*
 * The proposed patch of tasklet i as diff text, or NULL with *note saying
 * why (the writer's reason: "none written for bh: the tree lacks the ...").
 * The writer runs once per tasklet and mechanism; later calls answer from
 * the model's preview cache (review.h).  The writer takes the model's
 * patch options (ta_review_set_patch_opts: --force-api), as the export does.
 */
char *ta_review_patch_preview(ta_review *rv, size_t i, char **note);
/* Would ta_review_patch_preview() answer from the cache (no writer run)? */
bool ta_review_preview_ready(const ta_review *rv, size_t i);

#endif
