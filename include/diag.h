/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diag.h - the one diagnostics API, in compiler format:
 *   file:line:col: severity: message
 * or, without a location, "tasklet-audit: severity: message".  Messages are
 * lowercase, name their subject in quotes and have no final full stop.
 * Output goes to stderr; colour only on a terminal and without NO_COLOR.
 */
#ifndef TA_DIAG_H
#define TA_DIAG_H

enum ta_severity { TA_NOTE, TA_WARNING, TA_ERROR };

/* Exit codes, documented in tasklet-audit(1). */
enum ta_exit {
	TA_EXIT_OK = 0,       /* success */
	TA_EXIT_FINDINGS = 1, /* findings at the --fail-on severity were reported */
	TA_EXIT_USAGE = 2,    /* bad command line, path or input file */
	TA_EXIT_FAILURE = 3,  /* internal error, out of memory, output write failed */
	TA_EXIT_PARTIAL = 4,  /* the report was written, but some files failed to parse */
};

/* The severity named "note", "warning" or "error"; -1 for any other name. */
int ta_severity_parse(const char *name);

void ta_diag(enum ta_severity sev, const char *file, unsigned line, unsigned col, const char *fmt,
	     ...) __attribute__((format(printf, 5, 6)));
void ta_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void ta_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Suppress warnings and notes (errors still print); used by --quiet.  The old setting. */
int ta_diag_set_quiet(int quiet);

#endif
