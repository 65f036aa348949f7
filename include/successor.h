/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * successor.h - what took a tasklet's place in a newer tree.  A report
 * says only that a tasklet is gone; whether the driver now does the work
 * in a BH workqueue, a workqueue, a threaded IRQ or a timer is read from
 * the newer tree's sources: the tasklet's files (by their old path, or,
 * when they moved, by base name in a file that still names the tasklet's
 * struct, member or callback) are searched for a work item, timer or
 * threaded IRQ whose callback or member is the tasklet's under a new name
 * ("recv_tasklet" -> "recv_work", "foo_tasklet_func" -> "foo_work_func"),
 * and the files of their directories for where the work item is queued.
 * Comments and string literals are skipped; macros are not expanded.
 *
 * A ta_successor_finder owns the tree path, an index of its file names
 * (built on first need) and the texts it read; ta_successor_finder_free()
 * releases them.  A struct ta_successor owns its strings until
 * ta_successor_clear().
 */
#ifndef TA_SUCCESSOR_H
#define TA_SUCCESSOR_H

#include <stdbool.h>

#include "audit.h"

typedef struct ta_successor_finder ta_successor_finder;

struct ta_successor {
	/* a mechanism.h report name; NULL: none found */
	const char *mechanism;
	char *queues;     /* work items: the queues named where it is queued, "a, b"; or NULL */
	char *evidence;   /* the replacement's calls, one "file:line: code" a line; or NULL */
	bool files_found; /* some file of the tasklet is still in the tree */
	char *files;      /* the tree's files searched ("a, b"), or NULL when none is left */
};

/* The finder for the tree at root (not read before it is needed). */
ta_successor_finder *ta_successor_finder_new(const char *root);
void ta_successor_finder_free(ta_successor_finder **f);

/* What replaced the tasklet t of an older audit in the finder's tree. */
void ta_successor_find(ta_successor_finder *f, const ta_tasklet *t, struct ta_successor *out);
void ta_successor_clear(struct ta_successor *s);

/*
 * Are two identifiers the same name apart from the words of the deferral
 * mechanism ("tasklet", "task", "bh", "work", "func", ...)?  Compared as
 * sets of the remaining '_'-separated words, which must not be empty.
 */
bool ta_successor_names_related(const char *a, const char *b);

#endif
