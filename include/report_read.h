/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_read.h - reads a JSON report (report_json.c's format, major
 * version 1) back into a ta_audit, so a saved report can be reviewed
 * without a re-scan.  Every field the writer emits from the model is read
 * back by the same field tables (fields.h), so writing the result again
 * gives the same bytes; fields that are derived (the summary but
 * c_files_scanned, "site_counts") are recomputed by the writer; unknown
 * fields are ignored.
 *
 * Each tasklet's classification, "behavior" object (the reference core's
 * verdict) and "patch" object (the patch writer's outcome) become its
 * ta_classification, ta_behavior and ta_patch_outcome.  The caller owns
 * the audit: ta_audit_free().
 */
#ifndef TA_REPORT_READ_H
#define TA_REPORT_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"

/*
 * Read the report at path.  0 with *audit set; TA_EXIT_USAGE after one
 * error line naming the file, the line and column and the problem
 * ("r.json:3:7: error: invalid JSON near ',]'", "r.json:40:17: error:
 * 'tasklets[2].line' is not a number").
 */
int ta_report_read(const char *path, ta_audit **audit);
/* The same from text in memory; name is used in errors. */
int ta_report_parse(const char *name, const char *text, size_t len, ta_audit **audit);

#endif
