/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_filter.h - the tasklet filter every report back end applies
 * (--only CLASS, --min-confidence X, from struct ta_report_opts).  Kept
 * apart from the table of back ends (report.c), which depends on them.
 */
#ifndef TA_REPORT_FILTER_H
#define TA_REPORT_FILTER_H

#include <stdbool.h>

#include "audit.h"
#include "report.h"

/* Does the tasklet pass the --only / --min-confidence filters (NULL opts: yes)? */
bool ta_report_selected(const ta_tasklet *t, const struct ta_report_opts *opts);

#endif
