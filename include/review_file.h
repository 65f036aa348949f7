/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review_file.h - the review file: a reviewer's decisions, comments and
 * position (cursor, sort, filters, search) as JSON, so a review can stop
 * and resume.  By default it sits beside the report ("r.json" ->
 * "r.review.json").  It is written whole and atomically (outfile.h) after
 * every change; decisions on tasklets the report no longer has are kept.
 *
 * The format ("format_version" 1.x) is documented in tasklet-audit(1).
 * Nothing here keeps state: the ta_review holds everything.
 */
#ifndef TA_REVIEW_FILE_H
#define TA_REVIEW_FILE_H

#include "review.h"

/* Version of the review file; same bump rules as the report's. */
#define TA_REVIEW_FORMAT_VERSION "1.1"

/*
 * Restore decisions and position from path into rv.  A missing file is a
 * fresh review (0).  A malformed one: TA_EXIT_USAGE after one error line
 * naming the file and the problem, and rv unchanged.
 */
int ta_review_file_load(ta_review *rv, const char *path);
/* Write atomically; 0, or -1 after one error line.  source names the report or tree. */
int ta_review_file_save(const ta_review *rv, const char *path, const char *source);
/* The default review file for a report path: "x.json" -> "x.review.json" (caller frees). */
char *ta_review_file_default(const char *report_path);

#endif
