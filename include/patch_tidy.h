/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_tidy.h - what a conversion's edits leave untidy, taken care of
 * once a patch's edits are merged and before it is re-parsed:
 *
 * - continuation lines aligned with an open parenthesis that an edit
 *   moved ("from_tasklet(local, t," becoming "from_work(local, work,")
 *   are aligned with it again, tabs then spaces, as kernel style wants;
 * - a name that says "tasklet" (a '_'-separated "tasklet" component) on a
 *   line the patch changes is renamed with the mechanism's noun when it is
 *   local to a patched .c file (a static function, a struct defined in the
 *   file, a static variable) and the new name is free there:
 *   jme_rx_clean_tasklet() becomes jme_rx_clean_bh_work(), struct
 *   tsq_tasklet struct tsq_bh_work, as the patch renames the tasklet's
 *   field; other such names, and the comments near the changes that still
 *   say "tasklet", are listed for the changelog;
 * - a comma on a changed line gets the space after it that checkpatch
 *   wants (before the re-alignment, which sees it);
 * - a statement "declaration = expression;" the edits made longer than
 *   100 columns is broken after its '='.
 *
 * A ta_tidy owns its strings; ta_tidy_clear() releases them.
 */
#ifndef TA_PATCH_TIDY_H
#define TA_PATCH_TIDY_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "srcedit.h"

struct ta_tidy {
	char **renamed; /* "jme_rx_clean_tasklet() to jme_rx_clean_bh_work()" */
	size_t n_renamed;
	char **left; /* "tcp_tasklet_init()": not local to the patched files */
	size_t n_left;
	char **comments; /* "net/ipv4/tcp_output.c:1127" (lines of the patched text) */
	size_t n_comments;
	unsigned realigned; /* continuation lines re-aligned */
	unsigned wrapped;   /* lines past 100 columns broken after their '=' */
	unsigned spaced;    /* spaces added after commas of changed lines */
};

/*
 * Tidy every changed file of set: re-align; with noun (the mechanism's
 * work noun, "bh_work"; NULL for a conversion that keeps or removes the
 * tasklet) list the names and comments, and with rename too rename the
 * local names.  The audit's functions tell which are static (NULL: none
 * are known).  out is overwritten.
 */
void ta_tidy_set(ta_srcset *set, const ta_audit *a, const char *noun, bool rename,
		 struct ta_tidy *out);
void ta_tidy_clear(struct ta_tidy *t);

/* The changelog paragraph saying what was renamed and what is left; NULL when nothing. */
char *ta_tidy_paragraph(const struct ta_tidy *t);

/* Re-align the continuation lines of one file's edits; how many lines moved. */
unsigned ta_tidy_realign(ta_src *src);

#endif
