/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_write.h - one patch in `git format-patch` form: the mbox "From "
 * line, From:, Date:, Subject: [PATCH] ..., To: and Cc: when there are
 * recipients (one address a line, folded as `git format-patch --to --cc`
 * folds them), the changelog wrapped at 72 columns, an optional
 * Signed-off-by (never invented), "---", the diffstat, and a `diff --git`
 * section per file with `diff -u -p` hunks (udiff.h) whose a/ b/ paths
 * are relative to the tree root, so that `git am` and `git apply` take it
 * from the root.  A series' cover letter has the form `git format-patch
 * --cover-letter` gives it: the blurb, the shortlog and the diffstat of
 * the whole series.
 */
#ifndef TA_PATCH_WRITE_H
#define TA_PATCH_WRITE_H

#include <stddef.h>

#include "maintainers.h"

struct ta_patch_file {
	const char *path; /* relative to the tree root */
	const char *old_text;
	size_t old_len;
	const char *new_text;
	size_t new_len;
};

struct ta_patch_desc {
	const char *author;    /* "Name <mail>" */
	const char *date;      /* RFC 2822 */
	const char *tag;       /* inside the brackets: "PATCH 2/7" (NULL: from part/parts) */
	const char *subject;   /* after "[PATCH] " ("[PATCH part/parts] " in a pair) */
	unsigned part, parts;  /* this patch's place in its driver's pair (parts 0: alone) */
	const char *body;      /* paragraphs separated by blank lines; "- " starts a list item */
	const char *signoff;   /* "Name <mail>" or NULL */
	const char *const *to; /* the To: recipients (none: no To: line) */
	size_t n_to;
	const char *const *cc; /* the Cc: recipients (none: no Cc: line) */
	size_t n_cc;
	const struct ta_patch_file *files;
	size_t n_files;
};

/* The whole patch text; the caller frees it.  NULL when no file changes. */
char *ta_patch_format(const struct ta_patch_desc *d);
/*
 * A cover letter: the headers of d, its body as written (already wrapped),
 * the shortlog ("Name (N):" and the indented subjects, NULL: none) and
 * the diffstat of d's files (the whole series).  The caller frees it.
 */
char *ta_patch_format_cover(const struct ta_patch_desc *d, const char *shortlog);
/*
 * ta_patch_format() addressed as get_maintainer.pl addresses the written
 * file: m's answer for the patch's paths and text goes into d's To:/Cc:
 * (pointing into *rc, which the caller clears).  The K: keywords also read
 * those lines, so the patch is formatted again until the recipients stop
 * changing (a few rounds).  m NULL: no recipients.
 */
char *ta_patch_format_addressed(const ta_maintainers *m, struct ta_patch_desc *d,
				struct ta_recipients *rc);
/* "0001-dmaengine-foo-Convert-from-tasklet-to-BH-workqueue.patch" as git names it. */
char *ta_patch_filename(unsigned number, const char *subject);
/* Wrap one paragraph at width columns (a "- " item indents its continuation). */
void ta_patch_wrap(const char *para, unsigned width, char **out);

#endif
