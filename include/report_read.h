/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_read.h - reads a JSON report (report_json.c's format, major
 * version 1) back into a ta_audit, so a saved report can be reviewed
 * without a re-scan.  Every field the writer emits from the model is read
 * back, so writing the result again gives the same bytes; fields that are
 * derived (the summary but c_files_scanned) are recomputed by the writer;
 * unknown fields are ignored.
 *
 * The per-tasklet "behavior" object (the reference core's verdict on the
 * recommended conversion) is not part of ta_audit yet: it is returned
 * beside it, one ta_report_behavior per tasklet, in the same order.
 *
 * The caller owns what it gets: ta_audit_free() for the audit,
 * ta_report_behaviors_free() for the behaviours.
 */
#ifndef TA_REPORT_READ_H
#define TA_REPORT_READ_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"

/* One observable difference the behaviour checker found. */
typedef struct ta_report_difference {
	char *property;    /* what differs ("lost_run", ...) */
	char *explanation; /* one sentence */
	char **trace;      /* the shortest event trace, one event per line */
	size_t n_trace;
	char **lines;      /* the source lines involved, "file:line" */
	size_t n_lines;
} ta_report_difference;

/* A tasklet's "behavior" object; verdict NULL when the report has none. */
typedef struct ta_report_behavior {
	char *verdict;         /* equivalent, differs, unsafe */
	char *mechanism;       /* the replacement compared with, when named */
	double states_explored; /* -1 when not given */
	ta_report_difference *diffs;
	size_t n_diffs;
} ta_report_behavior;

/*
 * Read the report at path.  0 with *audit (and, when behaviors is not
 * NULL, *behaviors: (*audit)->n_tasklets entries) set; TA_EXIT_USAGE after
 * one error line naming the file and the problem ("r.json:3:7: error:
 * invalid JSON", "r.json: error: 'tasklets[2].line' is not a number").
 */
int ta_report_read(const char *path, ta_audit **audit, ta_report_behavior **behaviors);
/* The same from text in memory; name is used in errors. */
int ta_report_parse(const char *name, const char *text, size_t len, ta_audit **audit,
		    ta_report_behavior **behaviors);
/* Free n behaviours (NULL is fine) and clear the pointer. */
void ta_report_behaviors_free(ta_report_behavior **behaviors, size_t n);

#endif
