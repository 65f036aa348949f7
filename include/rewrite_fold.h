/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_fold.h - the replacements that remove the tasklet and fold its
 * callback into the function that schedules it, driven by a mechanism's
 * rules (patch_rules.h):
 *
 *   threaded-irq: every schedule site is in one primary IRQ handler
 *     requested with request_irq()/devm_request_irq(); the handler
 *     returns IRQ_WAKE_THREAD where it scheduled, the callback becomes
 *     the thread function `irqreturn_t fn(int irq, void *dev_id)` of
 *     request_threaded_irq(..., IRQF_ONESHOT, ...).
 *   timer: every schedule site is in one timer_list callback; the
 *     callback takes its container as a parameter and is called there.
 *
 * The tasklet field, its init and kill statements go.  Anything the model
 * and the lexer cannot prove (the container is dev_id, the schedule is
 * followed by `return IRQ_HANDLED;`, no other user of the handler) is
 * refused with a reason.
 */
#ifndef TA_REWRITE_FOLD_H
#define TA_REWRITE_FOLD_H

#include "patch_rules.h"
#include "rewrite_util.h"

/* Edit rw->set for rw->t; returns an enum ta_rw_status (reason in rw). */
int ta_rewrite_fold(ta_rw *rw, const ta_mechanism_rules *m);

#endif
