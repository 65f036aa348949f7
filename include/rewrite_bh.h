/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_bh.h - the replacement of a tasklet by a work item, driven by a
 * mechanism's mapping (patch_rules.h): the struct tasklet_struct field or
 * variable becomes a struct work_struct (renamed foo_tasklet -> foo_bh_work
 * when the driver names it so), every init and use site its counterpart
 * call with the queue the mechanism gives (high priority kept), and the
 * callback takes the struct work_struct * and uses from_work().
 */
#ifndef TA_REWRITE_BH_H
#define TA_REWRITE_BH_H

#include "patch_rules.h"
#include "rewrite_util.h"

/* Edit rw->set for rw->t; returns an enum ta_rw_status (reason in rw). */
int ta_rewrite_work(ta_rw *rw, const ta_mechanism_rules *m);

/*
 * The new name of a tasklet field or variable, noun being the mechanism's
 * ("rx_tasklet" -> "rx_bh_work" for "bh_work"); caller frees.
 */
char *ta_work_name(const char *old, const char *noun);
/*
 * The name t's work item gets: ta_work_name() of a field or a static
 * variable; a global, or a field initialized in a driver macro (which
 * pastes the one name for the field and more), keeps its name.
 */
char *ta_work_item_name(const ta_tasklet *t, const char *noun);

#endif
