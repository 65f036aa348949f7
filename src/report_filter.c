// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_filter.c - which tasklets a report shows (report_filter.h).
 */
#include "report_filter.h"

#include <string.h>

bool ta_report_selected(const ta_tasklet *t, const struct ta_report_opts *opts)
{
	if (!opts)
		return true;
	if (opts->only_class && (!t->cls || strcmp(t->cls, opts->only_class) != 0))
		return false;
	if (opts->min_confidence > 0 &&
	    (!t->rec.mechanism || t->rec.confidence < opts->min_confidence))
		return false;
	return true;
}
