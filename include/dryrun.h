/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dryrun.h - the patch writer's dry runs that settling the recommendations
 * asks for first (ta_classify_writable(): can each tasklet's recommended
 * mechanism be written?), answered before it asks: from the writer memo
 * (writememo.h) where it knows them, the others made in worker processes
 * in parallel (pool.h).  A dry run reads the audit and one tasklet only,
 * so its answer does not depend on the order the tasklets are settled in.
 * What a worker could not answer (it crashed) is left for the caller to
 * make when asked, as are the fallback mechanisms' dry runs.
 *
 * A ta_dryruns owns its answers; ta_dryruns_free() releases them and
 * clears the caller's pointer.
 */
#ifndef TA_DRYRUN_H
#define TA_DRYRUN_H

#include <stdbool.h>

#include "audit.h"
#include "patch.h"
#include "patch_rules.h"
#include "writememo.h"

typedef struct ta_dryruns ta_dryruns;

/*
 * The answers for each classified tasklet of a and its recommended
 * mechanism: memo's where it has one (memo may be NULL), the others made
 * in jobs workers when jobs > 1 (with jobs 1, none is made ahead).
 */
ta_dryruns *ta_dryruns_ahead(const ta_audit *a, const ta_patch_rules *rules, ta_writememo *memo,
			     int jobs);
void ta_dryruns_free(ta_dryruns **d);

/*
 * The answer for t and to (a migration, as ta_patch_can_write() takes
 * it), once: false when there is none.  *from_memo: the memo gave it;
 * otherwise reads (when not NULL) gets what the dry run looked at
 * (ta_patch_reads_clear() it).  *why: the refusal, or NULL (the caller
 * frees it).
 */
bool ta_dryruns_take(ta_dryruns *d, const ta_audit *a, const ta_tasklet *t, const char *to,
		     bool *ok, char **why, ta_patch_reads *reads, bool *from_memo);

#endif
