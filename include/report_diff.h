/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report_diff.h - progress across releases: two audits of a kernel (two
 * JSON reports read back with report_read.h) compared tasklet by tasklet.
 *
 * Tasklets are matched by key first, then, tolerating moved files and
 * renamed members, by the part of the key after the file (the same
 * "struct foo.field" or variable in a moved file), by member in the same
 * file when a struct became anonymous, by callback and member name, by
 * callback in the same driver directory, and last by member into a new
 * tasklet that several old ones became (one of its init sites is in the
 * old one's file).  A matched pair is
 * unchanged (same key, same subsystem) or moved.  An old tasklet left
 * over is converted when the newer tree, if one is given, shows what took
 * its place (successor.h: a BH workqueue, a workqueue, a threaded IRQ, a
 * timer), else removed: with its files gone, or with its files still
 * there and no replacement found.  A new tasklet left over is added.
 *
 * Several old tasklets that became one (the same member moved into a
 * shared struct) are each moved, the new one counted in once: per
 * subsystem, old = unchanged + moved_out + removed + converted and
 * new = unchanged + moved_in + added, where a moved pair counts out of
 * the old tasklet's subsystem and, unless merged, into the new one's.
 *
 * A ta_rdiff borrows both audits (they must outlive it) and owns its
 * entries; ta_rdiff_free() releases them.  cJSON stays in report_diff.c.
 */
#ifndef TA_REPORT_DIFF_H
#define TA_REPORT_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "audit.h"

/* Version of the diff's JSON output, bumped as the report's is. */
#define TA_RDIFF_FORMAT_VERSION "1.0"

#define TA_RDIFF_KIND_LIST(X)                                                                      \
	X(UNCHANGED, "unchanged")                                                                  \
	X(MOVED, "moved")                                                                          \
	X(REMOVED, "removed")                                                                      \
	X(CONVERTED, "converted")                                                                  \
	X(ADDED, "added")

enum ta_rdiff_kind {
#define X(e, name) TA_RDIFF_##e,
	TA_RDIFF_KIND_LIST(X)
#undef X
		TA_RDIFF_KIND_COUNT
};

const char *ta_rdiff_kind_name(enum ta_rdiff_kind kind);

struct ta_rdiff_entry {
	enum ta_rdiff_kind kind;
	const ta_tasklet *old_t; /* NULL for added */
	const ta_tasklet *new_t; /* NULL for removed and converted */
	const char *match;       /* unchanged, moved: how the pair was matched */
	bool merged;             /* moved into a new tasklet another old one also became */
	const char *mechanism;   /* converted: bh_workqueue, workqueue, threaded_irq, timer */
	const char *removed_how; /* removed: "files_gone", "tasklet_gone" or "not_looked_up" */
	char *queues;            /* converted to a work item: the queues it goes on, or NULL */
	char *evidence;          /* converted: the replacement's calls, "file:line: code" a line */
	char *files;             /* converted, removed with a tree: the newer files looked in */
};

struct ta_rdiff_subsystem {
	const char *name;
	size_t old, new_count;         /* tasklets in each audit */
	size_t n[TA_RDIFF_KIND_COUNT]; /* MOVED: unused; see moved_out, moved_in */
	size_t moved_out, moved_in;
};

struct ta_rdiff_opts {
	/* The newer release's tree, searched for what replaced a vanished
	 * tasklet; NULL: no search, every vanished tasklet is removed. */
	const char *new_tree;
	const char *old_name, *new_name; /* how to name the two reports in the output */
};

typedef struct ta_rdiff ta_rdiff;

ta_rdiff *ta_rdiff_new(const ta_audit *old_a, const ta_audit *new_a,
		       const struct ta_rdiff_opts *opts);
void ta_rdiff_free(ta_rdiff **d);

/* The entries: removed, converted, moved, added, then unchanged, each by key. */
size_t ta_rdiff_count(const ta_rdiff *d);
const struct ta_rdiff_entry *ta_rdiff_entry(const ta_rdiff *d, size_t i);
size_t ta_rdiff_total(const ta_rdiff *d, enum ta_rdiff_kind kind);

/* The subsystems of either audit, sorted by name. */
size_t ta_rdiff_n_subsystems(const ta_rdiff *d);
const struct ta_rdiff_subsystem *ta_rdiff_subsystem(const ta_rdiff *d, size_t i);

/* The text form: one compiler-format line per change, then the table.  0, or -1 on a write error.
 */
int ta_rdiff_write_text(const ta_rdiff *d, FILE *fp);
/* The JSON form (see tasklet-audit-report(5)).  0, or -1 on a write error. */
int ta_rdiff_write_json(const ta_rdiff *d, FILE *fp);

#endif
