/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review_detail.h - the detail page of one tasklet as styled text lines,
 * in plain C (the view only paints them): identity and decision, the class
 * with its reasons and rule ids, the recommendation with alternatives and
 * blockers, findings, the behaviour verdict with its traces, the source
 * around the init site and every use site (read from the tree), and the
 * proposed patch as a diff.  Prose is wrapped to the given width; source
 * and diff lines are not (the view clips them).
 *
 * A ta_detail owns its lines; ta_detail_free() releases them and clears
 * the caller's pointer.
 */
#ifndef TA_REVIEW_DETAIL_H
#define TA_REVIEW_DETAIL_H

#include <stddef.h>

#include "review.h"

/* How a line is painted; the view maps each to a colour or an attribute. */
enum ta_style {
	TA_STYLE_TEXT,
	TA_STYLE_TITLE,      /* the tasklet's name */
	TA_STYLE_HEADING,    /* a section */
	TA_STYLE_DIM,        /* secondary: rule ids, locations, "(none)" */
	TA_STYLE_CLASS,      /* the class line */
	TA_STYLE_GOOD,       /* verdict equivalent, decision accept */
	TA_STYLE_WARN,       /* verdict differs, stale, warnings */
	TA_STYLE_BAD,        /* verdict unsafe, errors, blockers */
	TA_STYLE_SOURCE,     /* a source line */
	TA_STYLE_SOURCE_HIT, /* the source line of the site */
	TA_STYLE_DIFF_ADD,
	TA_STYLE_DIFF_DEL,
	TA_STYLE_DIFF_HUNK, /* @@ lines */
	TA_STYLE_DIFF_FILE, /* ---, +++, diff lines */
	TA_STYLE_COUNT
};

typedef struct ta_detail_line {
	enum ta_style style;
	char *text; /* UTF-8, no control characters, tabs expanded */
} ta_detail_line;

typedef struct ta_detail {
	ta_detail_line *v;
	size_t n, cap;
} ta_detail;

/*
 * Build the page of tasklet i of rv for a screen width cols.  patch is the
 * proposed diff (NULL when none); patch_note says why there is none, or
 * what the diff is (NULL: nothing to say).  Source files are read below
 * the audit's tree; a file that cannot be read gets one line saying so.
 */
ta_detail *ta_detail_build(const ta_review *rv, size_t i, int cols, const char *patch,
			   const char *patch_note);
void ta_detail_free(ta_detail **d);

/* The same cleaning the page applies to source text: tabs to spaces, bad bytes to '?'. */
char *ta_detail_clean(const char *s, size_t n);

#endif
