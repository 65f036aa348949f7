// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_filter.c - which tasklets a report shows, and how many of their
 * findings reach a severity (report_filter.h).
 */
#include "report_filter.h"

#include <string.h>

#include "classify.h"
#include "diag.h"

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

size_t ta_report_count_findings(const ta_audit *a, const struct ta_report_opts *opts,
				enum ta_severity min)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_classification *c = ta_classification_of(t);
		if (!ta_report_selected(t, opts))
			continue;
		for (size_t k = 0; k < c->n_findings; k++)
			n += ta_severity_parse(c->findings[k].severity) >= (int)min;
	}
	return n;
}
