/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * maintainers.h - who a patch goes to: the tree's MAINTAINERS file, read
 * once, answers for a patch the recipients that
 * `scripts/get_maintainer.pl --no-git --no-rolestats PATCH` prints, in its
 * order, split into To (the M: maintainers) and Cc (the R: reviewers and
 * the L: lists).  F:/X: patterns, N: regexes on the paths, K: keyword
 * regexes on the patch text, the pattern depth ordering, .mailmap and the
 * de-duplication are those of get_maintainer.pl (see maintainers.c for
 * the few Perl regex features POSIX cannot express).
 */
#ifndef TA_MAINTAINERS_H
#define TA_MAINTAINERS_H

#include <stddef.h>

typedef struct ta_maintainers ta_maintainers;

/* The addresses of one patch, "Name <mail>" or "list@host"; the struct owns them. */
struct ta_recipients {
	char **to; /* maintainers */
	size_t n_to;
	char **cc; /* reviewers, then lists */
	size_t n_cc;
};

/*
 * Read tree_root/MAINTAINERS (and tree_root/.mailmap when present).  NULL
 * with *err NULL when the tree has no MAINTAINERS; NULL with *err a
 * one-line message naming the file (the caller frees it) when it cannot be
 * read.
 */
ta_maintainers *ta_maintainers_load(const char *tree_root, char **err);
void ta_maintainers_free(ta_maintainers **m);

/* Sections read, and F:/X:/N:/K: values that could not be translated to POSIX (never match). */
size_t ta_maintainers_n_sections(const ta_maintainers *m);
size_t ta_maintainers_n_unsupported(const ta_maintainers *m);

/*
 * The recipients of a patch touching paths (relative to the tree root, in
 * any order, repeats allowed) whose whole text is patch (NULL: no K:
 * matching).  out is overwritten; release it with ta_recipients_clear().
 */
void ta_maintainers_query(const ta_maintainers *m, const char *const *paths, size_t n_paths,
			  const char *patch, struct ta_recipients *out);
/*
 * The same for a whole series, as `get_maintainer.pl PATCH...` answers for
 * several patch files at once: the union of their paths, and the K:
 * sections any of them brings in (each patch parsed on its own).  patches
 * may hold NULLs (no K: matching for that one).
 */
void ta_maintainers_query_series(const ta_maintainers *m, const char *const *paths, size_t n_paths,
				 const char *const *patches, size_t n_patches,
				 struct ta_recipients *out);
void ta_recipients_clear(struct ta_recipients *r);

/*
 * Which section a patch belongs to, for grouping patches into series.
 * Sections are scored by their deepest F:/N: match over the paths (the
 * depth get_maintainer sorts by), then by how many of the paths they take,
 * then by their order in the file; a catch-all section (THE REST) never
 * answers.  TA_SECTION_SPECIFIC: the best-scored section that has an M:
 * line (any, when none has one).  TA_SECTION_TREE: the best-scored section
 * that names a git tree (T:), the one that takes the patch; when none
 * does, as TA_SECTION_SPECIFIC.  Returns the section's title line (owned
 * by m), or NULL when only a catch-all matches.
 */
enum ta_section_pick { TA_SECTION_SPECIFIC, TA_SECTION_TREE };
const char *ta_maintainers_section(const ta_maintainers *m, const char *const *paths,
				   size_t n_paths, enum ta_section_pick pick);
/* Are the two the same lists in the same order? */
int ta_recipients_equal(const struct ta_recipients *a, const struct ta_recipients *b);

#endif
