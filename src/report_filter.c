// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_filter.c - which tasklets a report shows (report_filter.h).
 */
#include "report_filter.h"

#include <string.h>

#include "classify.h"

bool ta_report_selected(const ta_tasklet *t, const struct ta_report_opts *opts)
{
	const ta_classification *c = ta_classification_of(t);

	if (!opts)
		return true;
	if (opts->only_class && (!c->cls || strcmp(c->cls, opts->only_class) != 0))
		return false;
	if (opts->min_confidence > 0 &&
	    (!c->rec.mechanism || c->rec.confidence < opts->min_confidence))
		return false;
	return true;
}
