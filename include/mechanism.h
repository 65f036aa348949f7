/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mechanism.h - the registry of the mechanisms a tasklet can be replaced
 * with, the one place they are named: per mechanism its enum, the name the
 * report and the rules use ("bh_workqueue"), the name the patch command's
 * --to and the reference core use ("bh"; NULL when there is no mechanical
 * conversion) and the reference-core model the behaviour check compares
 * the tasklet with.  The queue names of the workqueue mechanisms are not
 * here: they are data, in rules/patch/conversions.json.
 *
 * Everything is static: nothing to free.
 */
#ifndef TA_MECHANISM_H
#define TA_MECHANISM_H

#include "refcore_model.h"

/* X(enum suffix, report name, --to name, reference-core model: TA_RC_TO_<suffix>) */
#define TA_MECH_LIST(X)                                                                            \
	X(BH_WORKQUEUE, "bh_workqueue", "bh", BH)                                                  \
	X(WORKQUEUE, "workqueue", "wq", WQ)                                                        \
	X(THREADED_IRQ, "threaded_irq", "threaded-irq", THREADED_IRQ)                              \
	X(TIMER, "timer", "timer", TIMER)                                                          \
	X(MANUAL, "manual", NULL, NONE)

enum ta_mech {
#define X(e, report, to, model) TA_MECH_##e,
	TA_MECH_LIST(X)
#undef X
		TA_MECH_COUNT
};

/* The report's name of m ("bh_workqueue"); "?" when m is not a mechanism. */
const char *ta_mech_name(enum ta_mech m);
/* The --to name of m ("bh"); NULL when it has no mechanical conversion (manual). */
const char *ta_mech_to(enum ta_mech m);
/* The mechanism a report name stands for; -1 when none does. */
int ta_mech_from_name(const char *name);
/* The mechanism a --to name stands for; -1 when none does. */
int ta_mech_from_to(const char *to);
/* 0 and *model (when not NULL) set to m's reference-core model; -1 when it has none. */
int ta_mech_model(enum ta_mech m, enum ta_rc_target *model);
/* The mechanism model is the model of; TA_MECH_COUNT when none is. */
enum ta_mech ta_mech_of_model(enum ta_rc_target model);

#endif
