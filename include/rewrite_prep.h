/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_prep.h - the preparation patch written before a conversion
 * ([PATCH 1/2] of a series) when tasklet_init()'s data is not the
 * structure the tasklet is a member of: the container is passed instead,
 * and the callback finds the old data through it, in a member that
 * already holds it or in a new one set right before tasklet_init() from
 * the same expression (its value at init time, whatever the expression
 * reads later).  When the callback computed the container from the data
 * the way the init function did, it now receives it directly.  After the
 * preparation the data is the container, so the conversion ([PATCH 2/2])
 * is the ordinary one, written against the prepared files with the
 * tasklet's model moved to match them (ta_prep_tasklet()).
 *
 * The edits go into rw->set on the files as they are on disk; a
 * struct ta_prep's strings belong to it (ta_prep_clear()).  A tasklet
 * made by ta_prep_tasklet() borrows every string of the original but its
 * init data: free it with ta_prep_tasklet_free() before the original.
 */
#ifndef TA_REWRITE_PREP_H
#define TA_REWRITE_PREP_H

#include "patch_rules.h"
#include "rewrite_util.h"

/*
 * What the preparation changed in the model.  A tasklet reached through a
 * local alias of a member of its data (`e = &dev->engine;
 * tasklet_init(&e->done, fn, (unsigned long)dev)`) needs no edit: the data
 * is the outer container, root_type and member_path say so ("struct
 * foo_dev", "engine.done") and text is the tasklet written from it.
 */
struct ta_prep {
	size_t init;     /* the init site whose data changed */
	char *data;      /* that data as now written: "(unsigned long)eni_dev" */
	char *passed;    /* the type the tasklet passed before: "struct atm_dev" */
	char *container; /* the type it passes now: "struct eni_dev" */
	char *root_type, *member_path, *text; /* an alias: the outer container (else NULL) */
	size_t *also, n_also; /* an alias: the other init sites it holds for (same data) */
};

void ta_prep_clear(struct ta_prep *p);

/*
 * Prepare rw->t: TA_RW_DONE with the edits in rw->set and a changelog note
 * in rw (no edit: an alias, the model's correction is in out);
 * TA_RW_NOT_NEEDED when the data already is the container (or the callback
 * does not use it); TA_RW_REFUSED with the construct that stops it.
 */
int ta_rewrite_prep(ta_rw *rw, const ta_prep_rules *rules, struct ta_prep *out);

/*
 * A copy of t as the conversion after a preparation sees it: the init data
 * of p (NULL: none) in place, and every location moved to where the edits
 * of set (on the files as on disk) put it.
 */
ta_tasklet *ta_prep_tasklet(const ta_tasklet *t, const struct ta_prep *p, const ta_srcset *set);
void ta_prep_tasklet_free(ta_tasklet **t);

#endif
