/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review.h - the review model behind the TUI, in plain C (no curses): the
 * list of tasklets as shown (filtered, sorted, grouped), the cursor, the
 * search, and the reviewer's decisions with their staleness.
 *
 * A ta_review borrows the audit it is made from (which must outlive it)
 * and owns everything else: rows, filters, decisions,
 * comments, and the decisions of tasklets the report no longer has (kept
 * so that saving does not lose them).  ta_review_free() releases it all
 * and clears the caller's pointer.  Strings returned by the accessors
 * belong to the model and stay valid until the next call that changes it.
 */
#ifndef TA_REVIEW_H
#define TA_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "audit.h"
#include "behavior.h"

enum ta_decision {
	TA_DECISION_NONE,
	TA_DECISION_ACCEPT,
	TA_DECISION_REJECT,
	TA_DECISION_DEFER,
	TA_DECISION_COUNT
};

/* "undecided", "accept", "reject", "defer". */
const char *ta_decision_name(enum ta_decision d);
/* -1 when unknown. */
int ta_decision_from_name(const char *name);

/* What a row can be sorted, grouped or filtered by. */
#define TA_FIELD_LIST(X)                                                                           \
	X(SUBSYSTEM, "subsystem")                                                                  \
	X(CLASS, "class")                                                                          \
	X(MECHANISM, "mechanism")                                                                  \
	X(CONFIDENCE, "confidence")                                                                \
	X(VERDICT, "verdict")                                                                      \
	X(DECISION, "decision")                                                                    \
	X(FILE, "file")

enum ta_field {
#define X(e, name) TA_FIELD_##e,
	TA_FIELD_LIST(X)
#undef X
		TA_FIELD_COUNT
};

const char *ta_field_name(enum ta_field f);
/* -1 when unknown. */
int ta_field_from_name(const char *name);
/* Sorting: every field but decision.  Filtering: every field but confidence and file. */
bool ta_field_sortable(enum ta_field f);
bool ta_field_filterable(enum ta_field f);

/* A reviewer's decision on one tasklet. */
typedef struct ta_review_decision {
	char *id; /* the tasklet's id */
	enum ta_decision decision;
	char *mechanism;  /* a mechanism picked instead of the recommendation, or NULL */
	char *comment;    /* or NULL */
	char *facts_hash; /* ta_review_facts_hash() when decided */
	/* ta_review_source_hash() when decided; NULL in a file of format 1.0 */
	char *source_hash;
	long long when; /* seconds since the epoch */
	bool stale;     /* the tasklet's facts changed since */
} ta_review_decision;

/* A value of a field and how many tasklets have it. */
typedef struct ta_review_value {
	const char *value;
	size_t count;
} ta_review_value;

typedef struct ta_review ta_review;

ta_review *ta_review_new(const ta_audit *a);
void ta_review_free(ta_review **rv);

const ta_audit *ta_review_audit(const ta_review *rv);
/* The behaviour verdict of tasklet i, or NULL when it has none. */
const ta_behavior *ta_review_behavior(const ta_review *rv, size_t i);

/*
 * The visible rows, after filters and sorting: each is an index into
 * a->tasklets, or (when grouping) a group's header row, for which
 * ta_review_row() returns TA_REVIEW_NO_TASKLET.
 */
#define TA_REVIEW_NO_TASKLET ((size_t)-1)
size_t ta_review_n_rows(const ta_review *rv);
size_t ta_review_row(const ta_review *rv, size_t row);
/* Is the row's value of the sort field not the same as the row's above (or is it the first)? */
bool ta_review_group_start(const ta_review *rv, size_t row);

/*
 * Grouping: keys[i] is tasklet i's group (NULL: "-"); the model takes the
 * array and its strings (NULL keys: no grouping) and label names the
 * grouping in the status bar.  The rows are then ordered by group, then
 * by the sort; each group starts with a header row, and a collapsed
 * group shows its header only.  Filters apply inside the groups; a group
 * with no visible tasklet has no header.
 */
void ta_review_set_groups(ta_review *rv, const char *label, char **keys);
/* The grouping's label, or NULL when not grouping. */
const char *ta_review_grouping(const ta_review *rv);
/*
 * Per tasklet, the first depth components of the directory of its file
 * ("drivers/net/wireless" for depth 3), or (depth 0) its whole directory;
 * for ta_review_set_groups().
 */
char **ta_review_path_keys(const ta_review *rv, int depth);
/* Is the row a group's header?  Then its title, its visible tasklets and whether it is collapsed.
 */
bool ta_review_row_is_group(const ta_review *rv, size_t row);
const char *ta_review_row_group(const ta_review *rv, size_t row, size_t *count, bool *collapsed);
/* Collapse or expand the group of the row (on a tasklet row: collapse its group, cursor on the
 * header). */
void ta_review_toggle_group(ta_review *rv, size_t row);
void ta_review_collapse_all(ta_review *rv, bool collapsed);
/* Is any group collapsed? */
bool ta_review_any_collapsed(const ta_review *rv);
/*
 * The tasklets the filters show (group NULL), or those of the group of
 * the row under the cursor, collapsed or not, in row order; *v is the
 * caller's to free().  Returns the group's title in *group when grouping.
 */
size_t ta_review_shown_tasklets(const ta_review *rv, bool group, size_t **v, const char **title);
/* Reverse the sort (the groups keep their order). */
void ta_review_set_reverse(ta_review *rv, bool reverse);
bool ta_review_reverse(const ta_review *rv);

/* The cursor is a row; with no rows it is 0 and points at nothing (nor on a header row). */
size_t ta_review_cursor(const ta_review *rv);
/* Clamped to the rows. */
void ta_review_set_cursor(ta_review *rv, size_t row);
void ta_review_move(ta_review *rv, long delta);
/* The tasklet under the cursor; -1 when no row is visible. */
long ta_review_current(const ta_review *rv);
/* Put the cursor on the tasklet with that id; false when it is not visible. */
bool ta_review_goto_id(ta_review *rv, const char *id);

/* The value of a field for tasklet i, as shown and as filtered on. */
const char *ta_review_value_of(const ta_review *rv, size_t i, enum ta_field f);
/* The mechanism that would be used: the picked one, else the recommendation's (or NULL). */
const char *ta_review_mechanism(const ta_review *rv, size_t i);

/* Sorting keeps the cursor on its tasklet. */
void ta_review_set_sort(ta_review *rv, enum ta_field f);
enum ta_field ta_review_sort(const ta_review *rv);
/* -1 for a field that cannot be filtered on; value NULL clears that filter. */
int ta_review_set_filter(ta_review *rv, enum ta_field f, const char *value);
const char *ta_review_filter(const ta_review *rv, enum ta_field f);
void ta_review_clear_filters(ta_review *rv);
/* The distinct values of a field over all tasklets, sorted; *v is the caller's to free(). */
void ta_review_values(const ta_review *rv, enum ta_field f, ta_review_value **v, size_t *n);

/*
 * Search: a case-insensitive substring of the name, key, file, callback,
 * subsystem, class, mechanism or id; or "FILE:LINE" as the list's location
 * shows it (FILE a substring of the tasklet's file, perhaps after the '~'
 * of a cut column, and LINE its line).  ta_review_search_next() moves the
 * cursor to the next (dir > 0) or previous match among the visible rows,
 * wrapping around; false when nothing matches (the cursor stays).
 */
void ta_review_set_search(ta_review *rv, const char *text);
const char *ta_review_search(const ta_review *rv);
bool ta_review_matches(const ta_review *rv, size_t i);
bool ta_review_search_next(ta_review *rv, int dir);
/* How many visible rows match; *rank is the cursor's among them from 1 (0: not on a match). */
size_t ta_review_match_count(const ta_review *rv, size_t *rank);

/*
 * Does tasklet i still need a decision: none made (a comment alone is
 * not one), or one gone stale?  ta_review_next_undecided() moves the
 * cursor to the next (dir > 0) or previous such tasklet among the visible
 * rows, wrapping around; false when none is left (the cursor stays).
 */
bool ta_review_undecided(const ta_review *rv, size_t i);
bool ta_review_next_undecided(ta_review *rv, int dir);

/*
 * Decisions.  Deciding stamps the tasklet's facts hash and the time and
 * clears staleness; mechanism is the one picked instead of the
 * recommendation (NULL: the recommendation).  TA_DECISION_NONE with no
 * comment forgets the tasklet.  A decision can re-filter the rows (when
 * filtering on decisions); the cursor then stays at the same row number.
 */
void ta_review_decide(ta_review *rv, size_t i, enum ta_decision d, const char *mechanism);
/* NULL or "" removes the comment. */
void ta_review_set_comment(ta_review *rv, size_t i, const char *comment);
/* NULL when tasklet i has no decision and no comment. */
const ta_review_decision *ta_review_decision_of(const ta_review *rv, size_t i);

/*
 * Undo: ta_review_decide() and ta_review_set_comment() remember what the
 * tasklet had before (its whole decision: none, or the decision,
 * mechanism, comment, hash, time and staleness), the last
 * TA_REVIEW_UNDO_MAX changes.  ta_review_undo() puts the last one back
 * and says which tasklet it was in *i (i may be NULL); false when there
 * is nothing to undo.  Restoring from the review file is not a change to undo.
 */
#define TA_REVIEW_UNDO_MAX 64
bool ta_review_undo(ta_review *rv, size_t *i);
/*
 * Decide n tasklets at once (bulk accept or reject), one undo step: undo
 * puts every one of them back.
 */
void ta_review_decide_many(ta_review *rv, const size_t *v, size_t n, enum ta_decision d);
size_t ta_review_n_undo(const ta_review *rv);
/* How many tasklets the next undo puts back (0: nothing to undo). */
size_t ta_review_undo_size(const ta_review *rv);

/*
 * Restore a saved decision (from the review file).  When the report has
 * the id, the decision applies to it.  It is stale when its source_hash
 * differs from the tasklet's current ta_review_source_hash(); a decision
 * without one (a file of format 1.0) is stale when its facts_hash differs
 * from the current ta_review_facts_hash().  A decision that is not stale
 * takes both current hashes (a 1.0 decision is upgraded), a stale one
 * keeps what it was made on.  An id the report lacks is kept aside and
 * saved again.
 */
void ta_review_restore(ta_review *rv, const ta_review_decision *d);
/* Every decision to save, known and kept aside, sorted by id; free() the array only. */
void ta_review_all_decisions(const ta_review *rv, const ta_review_decision ***v, size_t *n);

/*
 * Counts: how many tasklets there are (total) and are visible, and by
 * decision and stale ones (a stale decision counts under its decision
 * too).  ta_review_counts() counts the decisions over all tasklets,
 * ta_review_counts_shown() over the visible tasklets only (the status bar;
 * those of collapsed groups too, and visible counts tasklets, not rows).
 */
struct ta_review_counts {
	size_t total, visible, stale;
	size_t by_decision[TA_DECISION_COUNT];
};
void ta_review_counts(const ta_review *rv, struct ta_review_counts *c);
void ta_review_counts_shown(const ta_review *rv, struct ta_review_counts *c);

/* 16 hex digits over the tasklet's file, line and every site (api, file, line, function). */
char *ta_review_facts_hash(const ta_tasklet *t);

/*
 * 16 hex digits over what a decision is about, without line numbers: the
 * tasklet's key; the text of its callback's definition, from its first
 * line to the closing brace of its body; the text of the statement at
 * every init site, from the site's line to the ';' that ends it; and each
 * use site's API, file and function.  Text is read from the files below
 * tree as C tokens: white space and comments do not count, so a line
 * inserted above or a re-indented body does not change the hash, an
 * edited body does.  A file that cannot be read counts as its name and
 * "unreadable".  The model computes it on first use (ta_review_decide,
 * ta_review_restore) and keeps it.
 */
char *ta_review_source_hash(const char *tree, const ta_tasklet *t);

/*
 * What the export and the patch previews ask of the patch writer:
 * force_api writes BH-workqueue patches for a tree that lacks the API, as
 * "patch --force-api" does.  With cache_dir and report (the saved report
 * the audit was read from), previews are also kept on disk, in the facts
 * cache (cache.h) of cache_dir, so that a later review of the same report
 * and tree opens a page at once (review_export.c says what an entry
 * depends on).  The strings are copied.  Changing the options empties
 * the preview cache.
 */
struct ta_review_patch_opts {
	bool force_api;
	const char *cache_dir; /* NULL: no disk cache */
	const char *report;    /* NULL: no disk cache */
};
void ta_review_set_patch_opts(ta_review *rv, const struct ta_review_patch_opts *o);
const struct ta_review_patch_opts *ta_review_patch_opts(const ta_review *rv);
/* The disk cache of the previews (opened by ta_review_set_patch_opts), or NULL. */
struct ta_cache;
struct ta_cache *ta_review_preview_disk(ta_review *rv);

/*
 * The preview cache (review_export.h fills it): the patch writer's output
 * for tasklet i made for the mechanism mech (a --to name, or NULL for the
 * recommendation), either the diff text or a note saying why there is
 * none.  ta_review_preview_get() is true when the cache has tasklet i for
 * that mechanism, with *text and *note (either may be NULL) borrowed from
 * the model until the next ta_review_preview_put() of i; put copies them.
 */
bool ta_review_preview_get(const ta_review *rv, size_t i, const char *mech, const char **text,
			   const char **note);
void ta_review_preview_put(ta_review *rv, size_t i, const char *mech, const char *text,
			   const char *note);

#endif
