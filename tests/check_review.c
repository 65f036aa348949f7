// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_review.c - the review model without a terminal: rows in sort
 * order with group starts, filters and their values, the cursor (clamped,
 * following its tasklet across re-sorts), search forwards and backwards
 * with wrap-around, by file:line, and its match count, the next undecided
 * tasklet, decisions and comments and their undo, staleness from the
 * facts hash, decisions on unknown ids kept aside, counts (of all
 * tasklets and of the rows the filters show), and bad arguments (fields
 * that cannot be sorted or filtered, out-of-range tasklets, NULLs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "report.h"
#include "report_read.h"
#include "review.h"
#include "testutil.h"

static ta_review *rv;
static const ta_audit *A;

static void setup(void)
{
	A = tu_classified();
	rv = ta_review_new(A);
}

static void teardown(void)
{
	ta_review_free(&rv);
	ck_assert_ptr_null(rv);
}

static long index_of_key(const char *key)
{
	for (size_t i = 0; i < A->n_tasklets; i++)
		if (strcmp(A->tasklets[i].key, key) == 0)
			return (long)i;
	ck_abort_msg("no tasklet '%s'", key);
	return -1;
}

START_TEST(test_rows_sorted_by_subsystem)
{
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets);
	ck_assert_int_eq(ta_review_sort(rv), TA_FIELD_SUBSYSTEM);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	for (size_t r = 1; r < ta_review_n_rows(rv); r++) {
		const ta_tasklet *p = &A->tasklets[ta_review_row(rv, r - 1)];
		const ta_tasklet *t = &A->tasklets[ta_review_row(rv, r)];
		int c = strcmp(p->subsystem, t->subsystem);
		ck_assert_int_le(c, 0);
		ck_assert(ta_review_group_start(rv, r) == (c != 0));
		if (c == 0)
			ck_assert_int_le(strcmp(p->file, t->file), 0);
	}
	ck_assert(ta_review_group_start(rv, 0));
}
END_TEST

START_TEST(test_sort_confidence_and_follow)
{
	long cur;

	ta_review_set_cursor(rv, 7);
	cur = ta_review_current(rv);
	ta_review_set_sort(rv, TA_FIELD_CONFIDENCE);
	ck_assert_int_eq(ta_review_sort(rv), TA_FIELD_CONFIDENCE);
	/* the cursor stays on its tasklet */
	ck_assert_int_eq(ta_review_current(rv), cur);
	for (size_t r = 1; r < ta_review_n_rows(rv); r++) {
		const ta_tasklet *p = &A->tasklets[ta_review_row(rv, r - 1)];
		const ta_tasklet *t = &A->tasklets[ta_review_row(rv, r)];
		ck_assert_msg(ta_classification_of(p)->rec.confidence >=
				      ta_classification_of(t)->rec.confidence,
			      "row %zu out of order", r);
	}
	/* the decision field is not a sort key: nothing changes */
	ta_review_set_sort(rv, TA_FIELD_DECISION);
	ck_assert_int_eq(ta_review_sort(rv), TA_FIELD_CONFIDENCE);
	ta_review_set_sort(rv, TA_FIELD_COUNT);
	ck_assert_int_eq(ta_review_sort(rv), TA_FIELD_CONFIDENCE);
	ta_review_set_sort(rv, TA_FIELD_CLASS);
	for (size_t r = 1; r < ta_review_n_rows(rv); r++)
		ck_assert_int_le(
			strcmp(ta_review_value_of(rv, ta_review_row(rv, r - 1), TA_FIELD_CLASS),
			       ta_review_value_of(rv, ta_review_row(rv, r), TA_FIELD_CLASS)),
			0);
}
END_TEST

START_TEST(test_cursor_clamps)
{
	size_t n = ta_review_n_rows(rv);

	ta_review_move(rv, -5);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	ta_review_move(rv, 3);
	ck_assert_uint_eq(ta_review_cursor(rv), 3);
	ta_review_move(rv, 100000);
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	ta_review_set_cursor(rv, (size_t)-1);
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	ck_assert(ta_review_goto_id(rv, A->tasklets[4].id));
	ck_assert_int_eq(ta_review_current(rv), 4);
	ck_assert(!ta_review_goto_id(rv, "no-such-id"));
	ck_assert(!ta_review_goto_id(rv, NULL));
	ck_assert_int_eq(ta_review_current(rv), 4);
}
END_TEST

START_TEST(test_filters)
{
	ta_review_value *v;
	size_t n, sum = 0, unused = 0;

	ta_review_values(rv, TA_FIELD_CLASS, &v, &n);
	ck_assert_uint_ge(n, 5);
	for (size_t k = 0; k < n; k++) {
		sum += v[k].count;
		if (k)
			ck_assert_int_lt(strcmp(v[k - 1].value, v[k].value), 0);
		if (strcmp(v[k].value, "unused") == 0)
			unused = v[k].count;
	}
	free(v);
	ck_assert_uint_eq(sum, A->n_tasklets);
	ck_assert_uint_gt(unused, 0);
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_CLASS, "unused"), 0);
	ck_assert_str_eq(ta_review_filter(rv, TA_FIELD_CLASS), "unused");
	ck_assert_uint_eq(ta_review_n_rows(rv), unused);
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		ck_assert_str_eq(ta_classification_of(&A->tasklets[ta_review_row(rv, r)])->cls,
				 "unused");
	/* AND of two filters */
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_SUBSYSTEM, "classify"), 0);
	ck_assert_uint_lt(ta_review_n_rows(rv), unused);
	/* nothing matches: no rows, no current tasklet */
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_MECHANISM, "no-such"), 0);
	ck_assert_uint_eq(ta_review_n_rows(rv), 0);
	ck_assert_int_eq(ta_review_current(rv), -1);
	ta_review_move(rv, 1);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	ck_assert(!ta_review_search_next(rv, 1));
	/* clearing one, then all */
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_MECHANISM, NULL), 0);
	ck_assert_ptr_null(ta_review_filter(rv, TA_FIELD_MECHANISM));
	ta_review_clear_filters(rv);
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets);
	/* bad arguments */
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_CONFIDENCE, "0.80"), -1);
	ck_assert_int_eq(ta_review_set_filter(rv, TA_FIELD_COUNT, "x"), -1);
	ck_assert_ptr_null(ta_review_filter(rv, TA_FIELD_COUNT));
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets);
}
END_TEST

START_TEST(test_verdict_absent)
{
	ck_assert_ptr_null(ta_review_behavior(rv, 0));
	ck_assert_ptr_null(ta_review_behavior(rv, A->n_tasklets));
	ck_assert_str_eq(ta_review_value_of(rv, 0, TA_FIELD_VERDICT), "none");
	ta_review_set_sort(rv, TA_FIELD_VERDICT);
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets);
}
END_TEST

/* A private copy of the corpus audit, through the JSON report. */
static ta_audit *corpus_copy(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	ta_audit *a = NULL;

	ck_assert_int_eq(ta_report_json.write(A, fp, NULL), 0);
	fclose(fp);
	ck_assert_int_eq(ta_report_parse("copy", buf, len, &a), 0);
	free(buf);
	return a;
}

START_TEST(test_verdict_present)
{
	ta_audit *a = corpus_copy();
	ta_review *r2;

	a->tasklets[1].behavior = xcalloc(1, sizeof(ta_behavior));
	a->tasklets[1].behavior->verdict = "unsafe";
	a->tasklets[2].behavior = xcalloc(1, sizeof(ta_behavior));
	a->tasklets[2].behavior->verdict = "equivalent";
	a->tasklets[3].behavior = xcalloc(1, sizeof(ta_behavior));
	a->tasklets[3].behavior->verdict = "not_checked";
	r2 = ta_review_new(a);
	ck_assert_str_eq(ta_review_value_of(r2, 1, TA_FIELD_VERDICT), "unsafe");
	ck_assert_ptr_nonnull(ta_review_behavior(r2, 2));
	ck_assert_ptr_null(ta_review_behavior(r2, 4));
	ta_review_set_sort(r2, TA_FIELD_VERDICT);
	/* worst first; not checked before none */
	ck_assert_uint_eq(ta_review_row(r2, 0), 1);
	ck_assert_uint_eq(ta_review_row(r2, 1), 2);
	ck_assert_uint_eq(ta_review_row(r2, 2), 3);
	ck_assert_str_eq(ta_review_value_of(r2, ta_review_row(r2, 3), TA_FIELD_VERDICT), "none");
	ck_assert_int_eq(ta_review_set_filter(r2, TA_FIELD_VERDICT, "equivalent"), 0);
	ck_assert_uint_eq(ta_review_n_rows(r2), 1);
	ta_review_free(&r2);
	ta_audit_free(&a);
}
END_TEST

START_TEST(test_search)
{
	long poll = index_of_key("classify/poller.c:struct po_dev.poll");
	size_t first;

	ck_assert(!ta_review_search_next(rv, 1));
	ta_review_set_search(rv, "PO->POLL"); /* case-insensitive on the name */
	ck_assert_str_eq(ta_review_search(rv), "PO->POLL");
	ck_assert(ta_review_matches(rv, (size_t)poll));
	ck_assert(ta_review_search_next(rv, 1));
	ck_assert_int_eq(ta_review_current(rv), poll);
	/* the only match: next wraps around to it again */
	ck_assert(ta_review_search_next(rv, 1));
	ck_assert_int_eq(ta_review_current(rv), poll);
	ta_review_set_search(rv, "tasklet");
	ta_review_set_cursor(rv, 0);
	ck_assert(ta_review_search_next(rv, 1));
	first = ta_review_cursor(rv);
	ck_assert(ta_review_search_next(rv, 1));
	ck_assert_uint_gt(ta_review_cursor(rv), first);
	ck_assert(ta_review_search_next(rv, -1));
	ck_assert_uint_eq(ta_review_cursor(rv), first);
	/* backwards from the first match wraps to the last */
	ck_assert(ta_review_search_next(rv, -1));
	ck_assert_uint_gt(ta_review_cursor(rv), first);
	ta_review_set_search(rv, "zzz-nothing");
	ck_assert(!ta_review_search_next(rv, 1));
	ta_review_set_search(rv, "");
	ck_assert_ptr_null(ta_review_search(rv));
	ta_review_set_search(rv, NULL);
	ck_assert(!ta_review_matches(rv, 0));
}
END_TEST

START_TEST(test_search_location_and_count)
{
	long poll = index_of_key("classify/poller.c:struct po_dev.poll");
	const ta_tasklet *t = &A->tasklets[poll];
	size_t rank, n, want = 0, seen[3];
	char *q;

	/* no search: no matches */
	ck_assert_uint_eq(ta_review_match_count(rv, &rank), 0);
	ck_assert_uint_eq(rank, 0);
	/* file:line as the LOCATION column shows it, whole, as a tail, or cut with '~' */
	q = xasprintf("%s:%u", t->file, t->line);
	ta_review_set_search(rv, q);
	ck_assert(ta_review_search_next(rv, 1));
	ck_assert_int_eq(ta_review_current(rv), poll);
	ck_assert_uint_eq(ta_review_match_count(rv, &rank), 1);
	ck_assert_uint_eq(rank, 1);
	free(q);
	q = xasprintf("~LLER.C:%u", t->line);
	ta_review_set_search(rv, q);
	ta_review_set_cursor(rv, 0);
	ck_assert(ta_review_search_next(rv, 1));
	ck_assert_int_eq(ta_review_current(rv), poll);
	free(q);
	/* another line of the same file is not this tasklet */
	q = xasprintf("%s:%u", t->file, t->line + 1000);
	ta_review_set_search(rv, q);
	ck_assert(!ta_review_matches(rv, (size_t)poll));
	free(q);
	/* not a location: ":12", "file:12x" */
	ta_review_set_search(rv, ":12");
	ck_assert(!ta_review_search_next(rv, 1));
	ta_review_set_search(rv, "poller.c:12x");
	ck_assert(!ta_review_matches(rv, (size_t)poll));
	/* the count: every visible match, and the cursor's rank among them */
	ta_review_set_search(rv, "tasklet");
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		want += ta_review_matches(rv, ta_review_row(rv, r));
	ck_assert_uint_ge(want, 3);
	ta_review_set_cursor(rv, 0);
	if (ta_review_matches(rv, ta_review_row(rv, 0)))
		ta_review_search_next(rv, -1); /* so that the first next lands on rank 1 */
	for (size_t k = 0; k < 3; k++) {
		ck_assert(ta_review_search_next(rv, 1));
		ck_assert_uint_eq(ta_review_match_count(rv, &seen[k]), want);
	}
	ck_assert_uint_eq(seen[0], 1);
	ck_assert_uint_eq(seen[1], 2);
	ck_assert_uint_eq(seen[2], 3);
	ck_assert(ta_review_search_next(rv, -1));
	ck_assert(ta_review_search_next(rv, -1));
	ck_assert(ta_review_search_next(rv, -1));
	ta_review_match_count(rv, &rank);
	ck_assert_uint_eq(rank, want); /* wrapped back to the last */
	/* off a match: rank 0 */
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		if (!ta_review_matches(rv, ta_review_row(rv, r))) {
			ta_review_set_cursor(rv, r);
			break;
		}
	ck_assert_uint_eq(ta_review_match_count(rv, &rank), want);
	ck_assert_uint_eq(rank, 0);
	/* only the rows the filters show count */
	ta_review_set_filter(rv, TA_FIELD_CLASS, "unused");
	n = ta_review_match_count(rv, &rank);
	ck_assert_uint_lt(n, want);
	want = 0;
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		want += ta_review_matches(rv, ta_review_row(rv, r));
	ck_assert_uint_eq(n, want);
}
END_TEST

START_TEST(test_decisions)
{
	struct ta_review_counts c;
	const ta_review_decision *d;

	ta_review_counts(rv, &c);
	ck_assert_uint_eq(c.total, A->n_tasklets);
	ck_assert_uint_eq(c.by_decision[TA_DECISION_NONE], A->n_tasklets);
	ta_review_decide(rv, 0, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 1, TA_DECISION_REJECT, NULL);
	ta_review_decide(rv, 2, TA_DECISION_ACCEPT, "workqueue");
	ta_review_set_comment(rv, 3, "ask the maintainer");
	d = ta_review_decision_of(rv, 2);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(d->decision, TA_DECISION_ACCEPT);
	ck_assert_str_eq(d->mechanism, "workqueue");
	ck_assert_str_eq(ta_review_mechanism(rv, 2), "workqueue");
	ck_assert_str_eq(ta_review_value_of(rv, 2, TA_FIELD_MECHANISM), "workqueue");
	ck_assert(!d->stale);
	ck_assert_int_gt(d->when, 1600000000);
	d = ta_review_decision_of(rv, 3);
	ck_assert_int_eq(d->decision, TA_DECISION_NONE);
	ck_assert_str_eq(d->comment, "ask the maintainer");
	ta_review_counts(rv, &c);
	ck_assert_uint_eq(c.by_decision[TA_DECISION_ACCEPT], 2);
	ck_assert_uint_eq(c.by_decision[TA_DECISION_REJECT], 1);
	ck_assert_uint_eq(c.by_decision[TA_DECISION_NONE], A->n_tasklets - 3);
	ck_assert_str_eq(ta_review_value_of(rv, 1, TA_FIELD_DECISION), "reject");
	/* undeciding with no comment forgets; removing the comment too */
	ta_review_decide(rv, 1, TA_DECISION_NONE, NULL);
	ck_assert_ptr_null(ta_review_decision_of(rv, 1));
	ta_review_set_comment(rv, 3, "");
	ck_assert_ptr_null(ta_review_decision_of(rv, 3));
	/* bad arguments change nothing */
	ta_review_decide(rv, A->n_tasklets, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 5, TA_DECISION_COUNT, NULL);
	ta_review_set_comment(rv, A->n_tasklets + 4, "x");
	ck_assert_ptr_null(ta_review_decision_of(rv, 5));
	ck_assert_ptr_null(ta_review_decision_of(rv, A->n_tasklets));
	ck_assert_str_eq(ta_decision_name(TA_DECISION_COUNT), "?");
	ck_assert_int_eq(ta_decision_from_name("accept"), TA_DECISION_ACCEPT);
	ck_assert_int_eq(ta_decision_from_name("maybe"), -1);
	ck_assert_int_eq(ta_field_from_name("verdict"), TA_FIELD_VERDICT);
	ck_assert_int_eq(ta_field_from_name("colour"), -1);
}
END_TEST

START_TEST(test_next_undecided)
{
	size_t n = ta_review_n_rows(rv), r1 = ta_review_row(rv, 1), r2 = ta_review_row(rv, 2);
	size_t last = ta_review_row(rv, n - 1);
	ta_review_decision stale;

	ck_assert_uint_gt(n, 5);
	/* decide rows 1 and 2: from row 0 the next undecided is row 3 */
	ta_review_decide(rv, r1, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, r2, TA_DECISION_REJECT, NULL);
	ck_assert(!ta_review_undecided(rv, r1));
	ck_assert(ta_review_undecided(rv, ta_review_row(rv, 0)));
	ck_assert(ta_review_next_undecided(rv, 1));
	ck_assert_uint_eq(ta_review_cursor(rv), 3);
	/* backwards skips rows 2 and 1 */
	ck_assert(ta_review_next_undecided(rv, -1));
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	/* and wraps from the first row to the last */
	ck_assert(ta_review_next_undecided(rv, -1));
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	/* forwards from the last: wraps to row 0 */
	ta_review_decide(rv, last, TA_DECISION_DEFER, NULL);
	ta_review_set_cursor(rv, n - 1);
	ck_assert(ta_review_next_undecided(rv, 1));
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	/* a comment is no decision; a stale decision needs one again */
	ta_review_set_comment(rv, r1, "later");
	ck_assert(!ta_review_undecided(rv, r1));
	ta_review_set_comment(rv, ta_review_row(rv, 3), "a note only");
	ck_assert(ta_review_undecided(rv, ta_review_row(rv, 3)));
	stale = (ta_review_decision){.id = A->tasklets[r2].id,
				     .decision = TA_DECISION_REJECT,
				     .facts_hash = "0000000000000000"};
	ta_review_restore(rv, &stale);
	ck_assert(ta_review_undecided(rv, r2));
	ta_review_set_cursor(rv, 0);
	ck_assert(ta_review_next_undecided(rv, 1));
	ck_assert_uint_eq(ta_review_cursor(rv), 2);
	/* only the filtered rows count; none left: false, the cursor stays */
	ta_review_set_filter(rv, TA_FIELD_DECISION, "accept");
	ck_assert_uint_eq(ta_review_n_rows(rv), 1);
	ck_assert(!ta_review_next_undecided(rv, 1));
	ck_assert(!ta_review_next_undecided(rv, -1));
	ck_assert_int_eq(ta_review_current(rv), (long)r1);
	/* bad arguments */
	ck_assert(!ta_review_undecided(rv, A->n_tasklets));
	ta_review_set_filter(rv, TA_FIELD_MECHANISM, "no-such");
	ck_assert(!ta_review_next_undecided(rv, 1));
}
END_TEST

START_TEST(test_counts_follow_filters)
{
	struct ta_review_counts all, shown;
	size_t unused = 0, first_unused = A->n_tasklets, other = A->n_tasklets;

	for (size_t i = 0; i < A->n_tasklets; i++)
		if (strcmp(ta_review_value_of(rv, i, TA_FIELD_CLASS), "unused") == 0) {
			unused++;
			if (first_unused == A->n_tasklets)
				first_unused = i;
		} else if (other == A->n_tasklets) {
			other = i;
		}
	ck_assert_uint_gt(unused, 1);
	ck_assert_uint_lt(other, A->n_tasklets);
	ta_review_decide(rv, first_unused, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, other, TA_DECISION_REJECT, NULL);
	/* no filter: the same counts */
	ta_review_counts(rv, &all);
	ta_review_counts_shown(rv, &shown);
	ck_assert_mem_eq(&all, &shown, sizeof(all));
	/* class = unused: only its rows, the other decision not among them */
	ta_review_set_filter(rv, TA_FIELD_CLASS, "unused");
	ta_review_counts_shown(rv, &shown);
	ck_assert_uint_eq(shown.total, A->n_tasklets);
	ck_assert_uint_eq(shown.visible, unused);
	ck_assert_uint_eq(shown.by_decision[TA_DECISION_ACCEPT], 1);
	ck_assert_uint_eq(shown.by_decision[TA_DECISION_REJECT], 0);
	ck_assert_uint_eq(shown.by_decision[TA_DECISION_NONE], unused - 1);
	ck_assert_uint_eq(shown.stale, 0);
	/* the whole review's counts do not change with the filter */
	ta_review_counts(rv, &all);
	ck_assert_uint_eq(all.visible, unused);
	ck_assert_uint_eq(all.by_decision[TA_DECISION_REJECT], 1);
	ck_assert_uint_eq(all.by_decision[TA_DECISION_NONE], A->n_tasklets - 2);
	/* a stale decision among the rows shown */
	{
		ta_review_decision d = {.id = A->tasklets[first_unused].id,
					.decision = TA_DECISION_DEFER,
					.facts_hash = "0000000000000000"};
		ta_review_restore(rv, &d);
	}
	ta_review_counts_shown(rv, &shown);
	ck_assert_uint_eq(shown.stale, 1);
	ck_assert_uint_eq(shown.by_decision[TA_DECISION_DEFER], 1);
	ck_assert_uint_eq(shown.by_decision[TA_DECISION_ACCEPT], 0);
	/* nothing shown: all zero but the total */
	ta_review_set_filter(rv, TA_FIELD_MECHANISM, "no-such");
	ta_review_counts_shown(rv, &shown);
	ck_assert_uint_eq(shown.visible, 0);
	ck_assert_uint_eq(shown.stale, 0);
	for (int k = 0; k < TA_DECISION_COUNT; k++)
		ck_assert_uint_eq(shown.by_decision[k], 0);
	ck_assert_uint_eq(shown.total, A->n_tasklets);
}
END_TEST

START_TEST(test_undo)
{
	const ta_review_decision *d;
	ta_review_decision old = {.id = A->tasklets[4].id,
				  .decision = TA_DECISION_REJECT,
				  .comment = "from last week",
				  .facts_hash = "0000000000000000",
				  .when = 1700000000};
	size_t i = 99;

	ck_assert(!ta_review_undo(rv, &i));
	ck_assert_uint_eq(i, 99);
	/* a decision from the review file is not a change of this session */
	ta_review_restore(rv, &old);
	ck_assert_uint_eq(ta_review_n_undo(rv), 0);
	/* accept over it, then undo: the old decision is back, comment and staleness too */
	ta_review_decide(rv, 4, TA_DECISION_ACCEPT, "workqueue");
	ck_assert(!ta_review_decision_of(rv, 4)->stale);
	ck_assert(ta_review_undo(rv, &i));
	ck_assert_uint_eq(i, 4);
	d = ta_review_decision_of(rv, 4);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(d->decision, TA_DECISION_REJECT);
	ck_assert_ptr_null(d->mechanism);
	ck_assert_str_eq(d->comment, "from last week");
	ck_assert(d->stale);
	ck_assert_int_eq(d->when, 1700000000);
	/* several changes undo newest first, each tasklet getting its own back */
	ta_review_decide(rv, 1, TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, 1, TA_DECISION_DEFER, NULL);
	ta_review_set_comment(rv, 2, "look again");
	ta_review_set_comment(rv, 4, NULL);
	ck_assert_uint_eq(ta_review_n_undo(rv), 4);
	ck_assert(ta_review_undo(rv, &i));
	ck_assert_uint_eq(i, 4);
	ck_assert_str_eq(ta_review_decision_of(rv, 4)->comment, "from last week");
	ck_assert(ta_review_undo(rv, NULL));
	ck_assert_ptr_null(ta_review_decision_of(rv, 2));
	ck_assert(ta_review_undo(rv, &i));
	ck_assert_uint_eq(i, 1);
	ck_assert_int_eq(ta_review_decision_of(rv, 1)->decision, TA_DECISION_ACCEPT);
	ck_assert(ta_review_undo(rv, &i));
	ck_assert_ptr_null(ta_review_decision_of(rv, 1)); /* undecided, as before */
	ck_assert(!ta_review_undo(rv, &i));
	/* undo re-filters: a decision filter shows the tasklet again */
	ta_review_set_filter(rv, TA_FIELD_DECISION, "undecided");
	ta_review_decide(rv, ta_review_row(rv, 0), TA_DECISION_ACCEPT, NULL);
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets - 2);
	ck_assert(ta_review_undo(rv, &i));
	ck_assert_uint_eq(ta_review_n_rows(rv), A->n_tasklets - 1);
	ck_assert_ptr_null(ta_review_decision_of(rv, i));
	ta_review_clear_filters(rv);
	/* the stack keeps the last TA_REVIEW_UNDO_MAX changes: the oldest go */
	ta_review_decide(rv, 0, TA_DECISION_ACCEPT, NULL);
	for (int k = 0; k < TA_REVIEW_UNDO_MAX; k++)
		ta_review_decide(rv, 3, k % 2 ? TA_DECISION_REJECT : TA_DECISION_DEFER, NULL);
	ck_assert_uint_eq(ta_review_n_undo(rv), TA_REVIEW_UNDO_MAX);
	while (ta_review_undo(rv, &i))
		ck_assert_uint_eq(i, 3);
	ck_assert_ptr_null(ta_review_decision_of(rv, 3));
	ck_assert_int_eq(ta_review_decision_of(rv, 0)->decision, TA_DECISION_ACCEPT);
	/* bad arguments are no change */
	ta_review_decide(rv, A->n_tasklets, TA_DECISION_ACCEPT, NULL);
	ta_review_set_comment(rv, A->n_tasklets, "x");
	ck_assert_uint_eq(ta_review_n_undo(rv), 0);
}
END_TEST

START_TEST(test_decision_filter_keeps_place)
{
	size_t n;

	ta_review_set_filter(rv, TA_FIELD_DECISION, "undecided");
	n = ta_review_n_rows(rv);
	ta_review_set_cursor(rv, 2);
	ta_review_decide(rv, (size_t)ta_review_current(rv), TA_DECISION_DEFER, NULL);
	ck_assert_uint_eq(ta_review_n_rows(rv), n - 1);
	ck_assert_uint_eq(ta_review_cursor(rv), 2);
	ta_review_set_filter(rv, TA_FIELD_DECISION, "defer");
	ck_assert_uint_eq(ta_review_n_rows(rv), 1);
}
END_TEST

START_TEST(test_stale_and_kept)
{
	ta_review_decision d = {.id = A->tasklets[5].id,
				.decision = TA_DECISION_ACCEPT,
				.facts_hash = "0000000000000000",
				.when = 1700000000};
	const ta_review_decision **all;
	char *hash = ta_review_facts_hash(&A->tasklets[5]);
	size_t n;

	ck_assert_uint_eq(strlen(hash), 16);
	ta_review_restore(rv, &d);
	ck_assert(ta_review_decision_of(rv, 5)->stale);
	ck_assert_str_eq(ta_review_value_of(rv, 5, TA_FIELD_DECISION), "stale");
	/* deciding again re-stamps it */
	ta_review_decide(rv, 5, TA_DECISION_ACCEPT, NULL);
	ck_assert(!ta_review_decision_of(rv, 5)->stale);
	ck_assert_str_eq(ta_review_decision_of(rv, 5)->facts_hash, hash);
	/* the right hash: not stale; no hash: stale */
	d.facts_hash = hash;
	ta_review_restore(rv, &d);
	ck_assert(!ta_review_decision_of(rv, 5)->stale);
	d.facts_hash = NULL;
	ta_review_restore(rv, &d);
	ck_assert(ta_review_decision_of(rv, 5)->stale);
	/* an id the report lacks is kept, once, and listed in id order */
	d.id = "zz-gone";
	ta_review_restore(rv, &d);
	ta_review_restore(rv, &d);
	d.id = NULL;
	ta_review_restore(rv, &d);
	ta_review_restore(rv, NULL);
	ta_review_all_decisions(rv, &all, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(all[0]->id, A->tasklets[5].id);
	ck_assert_str_eq(all[1]->id, "zz-gone");
	free(all);
	/* a different site line changes the hash */
	{
		ta_tasklet t = A->tasklets[5];
		ta_site s[8];
		char *h2;
		ck_assert_uint_gt(t.n_sites, 0);
		ck_assert_uint_le(t.n_sites, 8);
		memcpy(s, t.sites, t.n_sites * sizeof(*s));
		s[0].line++;
		t.sites = s;
		h2 = ta_review_facts_hash(&t);
		ck_assert_str_ne(h2, hash);
		free(h2);
	}
	free(hash);
}
END_TEST

/*
 * The source hash reads code, not lines: a callback's body to its closing
 * brace, an init statement to its ';', a macro definition to its end;
 * comments and white space do not count; a site past the end of its file,
 * a missing callback file or a missing tree are hashed, not crashed on.
 */
START_TEST(test_source_hash_reads_code)
{
	char *tree = tu_mkdtemp(), *h[8];
	ta_site init = {.api = TA_API_TASKLET_SETUP, .file = "a.c", .line = 8};
	ta_tasklet t = {.key = "a.c:struct x.t",
			.callback = "cb",
			.callback_file = "a.c",
			.callback_line = 2,
			.init_sites = &init,
			.n_init = 1};

	tu_write(tree, "a.c",
		 "/* 1 */\n"
		 "static void cb(struct tasklet_struct *t)\n"
		 "{\n"
		 "\tif (t) { work(t); }\n"
		 "}\n"
		 "void setup(struct x *x)\n"
		 "{\n"
		 "\ttasklet_setup(&x->t,\n"
		 "\t\t      cb);\n"
		 "\tafter();\n"
		 "}\n");
	h[0] = ta_review_source_hash(tree, &t);
	/* what follows the body and the statement does not count */
	ck_assert_int_eq(tu_sh("sed -i 's/after()/other()/' '%s/a.c'", tree), 0);
	h[1] = ta_review_source_hash(tree, &t);
	ck_assert_str_eq(h[1], h[0]);
	/* re-indented, commented, split differently: the same code */
	ck_assert_int_eq(tu_sh("sed -i 's/^\\tif (t) { work(t); }/  if (t) {  \\/\\* c \\*\\/ "
			       "work(t);\\n}/' '%s/a.c'",
			       tree),
			 0);
	init.line = 9; /* one line lower now */
	h[2] = ta_review_source_hash(tree, &t);
	ck_assert_str_eq(h[2], h[0]);
	/* the body changes */
	ck_assert_int_eq(tu_sh("sed -i 's/work(t)/rework(t)/' '%s/a.c'", tree), 0);
	h[3] = ta_review_source_hash(tree, &t);
	ck_assert_str_ne(h[3], h[0]);
	/* the init statement's second line changes (its callback) */
	ck_assert_int_eq(tu_sh("sed -i 's/^\\t\\t      cb);/\\t\\t      cb2);/' '%s/a.c'", tree),
			 0);
	h[4] = ta_review_source_hash(tree, &t);
	ck_assert_str_ne(h[4], h[3]);
	/* a site in a macro definition: to the end of the definition */
	tu_write(tree, "m.h", "#define SETUP(x) \\\n\ttasklet_setup(&(x)->t, cb)\nint later;\n");
	init.file = "m.h";
	init.line = 1;
	h[5] = ta_review_source_hash(tree, &t);
	tu_write(tree, "m.h", "#define SETUP(x) \\\n\ttasklet_setup(&(x)->t, cb)\nint changed;\n");
	h[6] = ta_review_source_hash(tree, &t);
	ck_assert_str_eq(h[6], h[5]);
	free(h[6]);
	/* past the end, no callback file, no tree: a hash all the same */
	init.line = 99;
	t.callback_file = NULL;
	h[6] = ta_review_source_hash(tree, &t);
	ck_assert_uint_eq(strlen(h[6]), 16);
	h[7] = ta_review_source_hash("/nonexistent", &t);
	ck_assert_str_ne(h[7], h[6]);
	for (size_t k = 0; k < 8; k++)
		free(h[k]);
	tu_rmtree(&tree);
}
END_TEST

START_TEST(test_empty_audit)
{
	ta_audit *a = ta_audit_new();
	ta_review *r = ta_review_new(a);
	ta_review_value *v;
	size_t n;

	ck_assert_uint_eq(ta_review_n_rows(r), 0);
	ck_assert_int_eq(ta_review_current(r), -1);
	ck_assert(ta_review_group_start(r, 0));
	ta_review_move(r, -1);
	ta_review_set_sort(r, TA_FIELD_VERDICT);
	ta_review_values(r, TA_FIELD_CLASS, &v, &n);
	ck_assert_uint_eq(n, 0);
	free(v);
	ta_review_free(&r);
	ta_review_free(&r); /* NULL is fine */
	ta_audit_free(&a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("review");
	TCase *tc = tcase_create("model");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_rows_sorted_by_subsystem);
	tcase_add_test(tc, test_sort_confidence_and_follow);
	tcase_add_test(tc, test_cursor_clamps);
	tcase_add_test(tc, test_filters);
	tcase_add_test(tc, test_verdict_absent);
	tcase_add_test(tc, test_verdict_present);
	tcase_add_test(tc, test_search);
	tcase_add_test(tc, test_search_location_and_count);
	tcase_add_test(tc, test_decisions);
	tcase_add_test(tc, test_next_undecided);
	tcase_add_test(tc, test_counts_follow_filters);
	tcase_add_test(tc, test_undo);
	tcase_add_test(tc, test_decision_filter_keeps_place);
	tcase_add_test(tc, test_stale_and_kept);
	tcase_add_test(tc, test_empty_audit);
	tcase_add_test(tc, test_source_hash_reads_code);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
