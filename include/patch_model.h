/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_model.h - the reference-core check of a tasklet as the patch
 * writer maps it, and the choices it decides: each tasklet_enable() is
 * written as enable_work() unless the run a disable drops there is
 * observable (then enable_and_queue_work()); each tasklet_kill() is
 * marked when the run cancel_work_sync() drops there is observable (the
 * writer then flushes first).  Every function that disables and enables
 * the tasklet is checked on its own with the other sites, so that the
 * end of a suspend path and a reconfiguration are judged apart.  The
 * changelog's behaviour lines come from the same checks.
 *
 * A ta_patch_model owns its checks and arrays; ta_patch_model_free()
 * releases it and clears the caller's pointer.  The tasklet and rules
 * must outlive it.
 */
#ifndef TA_PATCH_MODEL_H
#define TA_PATCH_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "rules.h"

typedef struct ta_patch_model ta_patch_model;
struct ta_behavior_diff;

/*
 * Check t as mechanism to (a --to name: "bh", "wq") maps it, leaving out
 * the sites with skip[i] set (NULL: none).  NULL when to has no model.
 */
ta_patch_model *ta_patch_model_new(const ta_tasklet *t, const char *to, const ta_rules *rules,
				   const bool *skip);
void ta_patch_model_free(ta_patch_model **pm);

/* Is t->sites[i], a tasklet_enable(), to queue the work (enable_and_queue_work())? */
bool ta_patch_model_enable_queues(const ta_patch_model *pm, size_t i);
/* Does the check find the run dropped at t->sites[i], a tasklet_kill(), observable? */
bool ta_patch_model_kill_observable(const ta_patch_model *pm, size_t i);
/* Why (the relevance reason), or NULL. */
const char *ta_patch_model_kill_reason(const ta_patch_model *pm, size_t i);

/*
 * The changelog lines: every observable difference with its lines, except
 * those about a kill the writer flushes (kill_flush[i] set for the
 * t->sites[] it writes with a flush first; may be NULL) and those about
 * the property `handled` names (NULL: none; "bh-exclusion" when the
 * callback retakes its locks with the _bh calls), or one line saying the
 * check found none (or did not run).  Caller frees each and the array.
 */
size_t ta_patch_model_notes(const ta_patch_model *pm, const bool *kill_flush, const char *handled,
			    char ***out);

/*
 * The first difference the checks find that breaks a safety property the
 * tasklet kept (self-concurrency, may-sleep, bh-exclusion, ...) and that
 * the driver can observe, leaving out those the writer takes care of (as
 * for ta_patch_model_notes()); NULL when there is none.  The writer
 * refuses such a conversion: the patch would be unsafe by the reference
 * core.
 */
const struct ta_behavior_diff *ta_patch_model_unsafe(const ta_patch_model *pm,
						     const bool *kill_flush, const char *handled);

#endif
