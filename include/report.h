/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report.h - output back ends for an audit, as a const ops table chosen by
 * name ("text", "json").  Each writes a whole report to a stream and
 * returns 0, or -1 on a write error; each shows the tasklets
 * report_filter.h selects.
 */
#ifndef TA_REPORT_H
#define TA_REPORT_H

#include <stdio.h>

#include "audit.h"

/* Version of the JSON report; bump rules in tasklet-audit(1). */
#define TA_REPORT_FORMAT_VERSION "1.6"

struct ta_report_opts {
	bool color;      /* text: ANSI colours */
	bool verbose;    /* text: every behaviour detail and a note line per tasklet */
	const char *cwd; /* text: locations relative to it when inside the tree (NULL: root) */
	bool timing;     /* json: include the "timing" object */
	bool no_traces;  /* json: no event traces in the behaviour differences */
	const char *only_class; /* only tasklets of this class (NULL: all) */
	double min_confidence;  /* only recommendations at least this sure */
};

struct ta_report_ops {
	const char *name;
	int (*write)(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts);
};

extern const struct ta_report_ops ta_report_text;
extern const struct ta_report_ops ta_report_json;

/* NULL when no back end has that name. */
const struct ta_report_ops *ta_report_find(const char *name);

#endif
