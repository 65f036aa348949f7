/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reportmemo.h - the last audit's report of a tree, kept in the facts
 * cache, so that a re-run whose every input is unchanged reads the report
 * back (report_read.h) instead of deriving it again from the facts.
 *
 * The report is a function of: this build of the tool, the rules, the
 * tree and every candidate's facts (the writer memo's identity:
 * writememo.h), the scan's sources and counts (subtree, tree id, kernel
 * and libclang versions, config and flags sources, the rules' directory,
 * the .c files looked at), MAINTAINERS (its content, or its absence), and
 * the patch writer's answers, which depend on source text outside the
 * facts.  The memo keeps each answer the classifier asked for and is used
 * only when the writer memo still gives every one of them, unchanged (the
 * writer memo checks what each dry run read).  Anything else is a miss,
 * and the audit runs its stages as without the memo; the report is the
 * same either way, byte for byte (but "generated_at" and "timing").
 *
 * Only a complete audit is kept: one where no file failed or was
 * unreadable.  One memo per tree (and subtree) audited, replaced by each
 * audit.
 */
#ifndef TA_REPORTMEMO_H
#define TA_REPORTMEMO_H

#include <stdbool.h>

#include "audit.h"
#include "writememo.h"

typedef struct ta_reportmemo ta_reportmemo;

/*
 * The memo for the audit a of the scan so far (its tree, sources, counts
 * and facts_hash set), identified by the writer memo w and the rules'
 * directory.  NULL without a cache or a writer memo.
 */
ta_reportmemo *ta_reportmemo_open(const ta_audit *a, const ta_writememo *w, const char *rules_dir);
void ta_reportmemo_free(ta_reportmemo **m);

/* The remembered audit, when it is current (w gives every answer it kept); else NULL. */
ta_audit *ta_reportmemo_get(ta_reportmemo *m, ta_writememo *w);

/* Note one answer of the patch writer the classifier used, as can_write() gave it. */
void ta_reportmemo_answer(ta_reportmemo *m, const char *tasklet_key, const char *to, bool ok,
			  const char *why);

/* Remember the finished audit a, with the answers noted (nothing when a is incomplete). */
void ta_reportmemo_put(ta_reportmemo *m, const ta_audit *a);

#endif
