/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_series.h - the patch writer's --series output: the written
 * patches grouped by the MAINTAINERS section that takes them (the most
 * specific section naming a git tree, maintainers.h: TA_SECTION_TREE; by
 * the first component of the subject prefix in a tree without
 * MAINTAINERS), at most max patches a series, written as
 * DIR/series-K/0000-cover-letter.patch and NNNN-*.patch with "[PATCH k/n]"
 * subjects (the section's tag first, "[PATCH net-next k/n]", subject.h),
 * as `git format-patch --numbered --cover-letter` names and numbers them,
 * ready for git send-email with every .patch file of DIR/series-K.  Each patch is
 * addressed as get_maintainer.pl addresses it; the cover letter as
 * get_maintainer.pl addresses the whole series.  Its blurb gives per
 * driver the tasklets, the mechanism each got and the recommendation's
 * reason, what the reference core found when the tasklet's usage is
 * checked against that mechanism's model (behavior.h, relevance.h), and
 * what was checked before the patch was written.
 *
 * A ta_series copies everything it is given except the tasklets, which
 * the audit owns and must outlive it; ta_series_free() releases it and
 * clears the caller's pointer.  Nothing is sent.
 */
#ifndef TA_PATCH_SERIES_H
#define TA_PATCH_SERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "maintainers.h"
#include "patch_write.h"
#include "subject.h"

typedef struct ta_series ta_series;

struct ta_series_opts {
	const char *outdir;                /* DIR */
	unsigned max;                      /* patches a series at most (>= 1) */
	const ta_audit *audit;             /* the files' parse status, the flags' source */
	const ta_maintainers *maintainers; /* NULL: grouped by prefix, not addressed */
	const ta_subjects *subjects;       /* the sections' series tags */
	const char *rules_dir;             /* rules/ for the behaviour's relevance */
};

/* The options are copied (the pointers in them must outlive the series). */
ta_series *ta_series_new(const struct ta_series_opts *o);
void ta_series_free(ta_series **s);

/*
 * One written patch: d (its To:/Cc:, tag and part/parts are ignored:
 * they are made again when the series is written) and the tasklets it
 * converts, each with the migration it got ("bh", "setup"...).  joined:
 * the conversion after the driver's preparation patch, added just before
 * it (no tasklets): the two go into the same series, in that order, each
 * numbered in it.
 */
void ta_series_add(ta_series *s, const struct ta_patch_desc *d, const ta_tasklet *const *tasklets,
		   const char *const *migrations, size_t n, bool joined);

/* Write every series; 0, or TA_EXIT_FAILURE after an error line. */
int ta_series_write(ta_series *s);

#endif
