/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_setup.h - the modernization: tasklet_init(&c->t, fn, (unsigned
 * long)c) becomes tasklet_setup(&c->t, fn), DECLARE_TASKLET_OLD becomes
 * DECLARE_TASKLET, and the callback takes the struct tasklet_struct * and
 * recovers its container with from_tasklet() (rewrite_callback.h does that
 * part).
 */
#ifndef TA_REWRITE_SETUP_H
#define TA_REWRITE_SETUP_H

#include "rewrite_util.h"

/* Edit rw->set for rw->t; returns an enum ta_rw_status (reason in rw). */
int ta_rewrite_setup(ta_rw *rw);

#endif
