/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_sarif.h - the SARIF 2.1.0 back end.  Every finding and every
 * recommendation of a classified audit becomes a result: its rule id (the
 * id from a rules/ JSON file that the report's reasons carry), a level, the location
 * and, as related locations, the tasklet's schedule sites.  tool.driver
 * names the tool, its version and every rule the results use.  A written
 * patch, handed in as text, becomes the fixes of its tasklet's
 * recommendation result.
 *
 * The writer reads the audit and the caller's fixes and owns nothing
 * after it returns.  cJSON stays inside report_sarif.c.
 */
#ifndef TA_REPORT_SARIF_H
#define TA_REPORT_SARIF_H

#include <stddef.h>
#include <stdio.h>

#include "audit.h"
#include "report.h"
#include "rules.h"

/* One written patch, for the fixes of its tasklet's result. */
struct ta_sarif_fix {
	const char *tasklet_id;  /* ta_tasklet.id of a tasklet the patch converts */
	const char *description; /* one line: the patch's subject */
	const char *patch;       /* the text: format-patch or a unified diff whose
				    a/ b/ paths are relative to the tree root */
};

struct ta_sarif_extra {
	/* Rule texts for tool.driver.rules.  NULL: the rules of the audit's
	 * rules directory, else the text of each rule's first result. */
	const ta_rules *rules;
	const struct ta_sarif_fix *fixes; /* several may name one tasklet */
	size_t n_fixes;
};

/*
 * Write the SARIF log of the audit to fp; extra may be NULL.  Tasklets the
 * opts filters leave out have no results.  A patch whose hunks cannot be
 * expressed as SARIF replacements (a created, deleted or binary file, a
 * missing newline at the end of a file) gives no fix; the rest of the log
 * is written.  0, or -1 on a write error.
 */
int ta_report_sarif_write(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts,
			  const struct ta_sarif_extra *extra);

/* The same as a back end of the ops table ("sarif"): no fixes. */
extern const struct ta_report_ops ta_report_sarif;

#endif
