/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * writememo.h - remembers, in the facts cache, what the patch writer's dry
 * run answered for a tasklet and a mechanism (the classifier asks it for
 * every tasklet: ta_classify_writable()), so that a re-run over an
 * unchanged tree does not rewrite every driver in memory again.
 *
 * An answer is reused only when everything it was computed from is the
 * same: this build of the tool (a hash of its own executable), the rules
 * (a hash of every rules file), the tree's root, every candidate file's
 * facts (ta_audit.facts_hash), and what the dry run looked at: the content
 * of each file it read (the cache checks them: cache.h), the entries of
 * each directory it listed, and the absence of each file it looked for and
 * did not find.  Anything else is a miss, and the dry run runs again.
 */
#ifndef TA_WRITEMEMO_H
#define TA_WRITEMEMO_H

#include <stdbool.h>

#include "audit.h"
#include "patch.h"

typedef struct ta_writememo ta_writememo;

/* The memo of audit a's cache (NULL, and nothing remembered, without a cache). */
ta_writememo *ta_writememo_open(const ta_audit *a, const char *rules_dir);
void ta_writememo_free(ta_writememo **m);

/* The remembered answer for (t, to): true with *ok and *why (NULL or the caller's). */
bool ta_writememo_get(ta_writememo *m, const ta_tasklet *t, const char *to, bool *ok, char **why);
/* The same for the tasklet whose key is tasklet_key. */
bool ta_writememo_get_key(ta_writememo *m, const char *tasklet_key, const char *to, bool *ok,
			  char **why);

/* What every answer is keyed by (the build, the rules, the tree, the facts): one line. */
const char *ta_writememo_identity(const ta_writememo *m);

/* Remember the answer ok (why: its refusal) of a dry run that looked at reads. */
void ta_writememo_put(ta_writememo *m, const ta_tasklet *t, const char *to, bool ok,
		      const char *why, const ta_patch_reads *reads);

#endif
