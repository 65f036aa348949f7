// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tui_actions.c - the review TUI's key handlers without a terminal:
 * each key is fed to ta_tui_key() and the model, the screen state, the
 * returned redraw flags and the review file on disk are checked.  Covers
 * moving and scrolling, search, the filter and mechanism pickers, sorting,
 * every decision key, comments, undo, the detail and help screens, prompts
 * (editing, cancelling), export without a patch writer, a terminal that is
 * too small, quitting, and bad arguments (unknown keys, no tasklets, no
 * review file, a review file that cannot be written).  Each test reviews
 * its own copy of the classified corpus: an export writes the patch
 * results into the audit under review.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classify.h"
#include "review_export.h"
#include "review_file.h"
#include "tui_actions.h"
#include "testutil.h"

static char *dir, *path, *export_dir;
static ta_audit *audit; /* the test's own: an export writes the patch results into it */
static ta_review *rv;
static ta_tui *ui;
static const struct ta_tui_state *st;

static void setup(void)
{
	struct ta_tui_opts o;

	dir = tu_mkdtemp();
	path = ta_path_join(dir, "r.review.json");
	/* exports land in the test's own directory, never in the working directory */
	export_dir = ta_path_join(dir, "out");
	o = (struct ta_tui_opts){.review_path = path, .source = "corpus", .export_dir = export_dir};
	audit = tu_classified_copy();
	rv = ta_review_new(audit);
	ui = ta_tui_new(rv, &o);
	st = ta_tui_state(ui);
	ck_assert_int_eq(ta_tui_resize(ui, 24, 80), TA_REDRAW_ALL);
}

static void teardown(void)
{
	ta_tui_free(&ui);
	ck_assert_ptr_null(ui);
	ta_review_free(&rv);
	ta_audit_free(&audit);
	free(path);
	free(export_dir);
	tu_rmtree(&dir);
}

static int keys(const char *s)
{
	int flags = 0;

	for (; *s; s++)
		flags |= ta_tui_key(ui, *s == '\n' ? TA_KEY_ENTER : *s);
	return flags;
}

static char *saved(void)
{
	char *text = ta_read_file(path, NULL);

	ck_assert_msg(text != NULL, "no review file written");
	return text;
}

START_TEST(test_move_and_scroll)
{
	size_t n = ta_review_n_rows(rv), page = ta_tui_page_height(ui);
	int f;

	ck_assert_uint_eq(page, 21);
	ck_assert_int_eq(ta_tui_key(ui, 'k'), TA_REDRAW_NONE); /* already at the top */
	f = ta_tui_key(ui, 'j');
	ck_assert(f & TA_REDRAW_CURSOR);
	ck_assert(!(f & TA_REDRAW_LIST));
	ck_assert_uint_eq(st->prev_cursor, 0);
	ck_assert_uint_eq(ta_review_cursor(rv), 1);
	ta_tui_key(ui, TA_KEY_DOWN);
	ck_assert_uint_eq(ta_review_cursor(rv), 2);
	ta_tui_key(ui, TA_KEY_UP);
	ck_assert_uint_eq(ta_review_cursor(rv), 1);
	/* the last row scrolls the list */
	f = ta_tui_key(ui, 'G');
	ck_assert(f & TA_REDRAW_LIST);
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	ck_assert_uint_eq(st->top, n - page);
	ta_tui_key(ui, 'g');
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	ck_assert_uint_eq(st->top, 0);
	ta_tui_key(ui, TA_KEY_PGDN);
	ck_assert_uint_eq(ta_review_cursor(rv), page);
	ck_assert_uint_eq(st->top, 1);
	ta_tui_key(ui, TA_KEY_PGUP);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	ta_tui_key(ui, TA_KEY_END);
	ta_tui_key(ui, TA_KEY_HOME);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	/* a key nothing is bound to */
	ck_assert_int_eq(ta_tui_key(ui, 'Z'), TA_REDRAW_NONE);
	ck_assert_int_eq(ta_tui_key(ui, TA_KEY_REDRAW), TA_REDRAW_ALL);
	/* a terminal taller than the list shows everything from the top */
	ta_tui_key(ui, 'G');
	ta_tui_resize(ui, (int)n + 40, 120);
	ck_assert_uint_eq(st->top, 0);
}
END_TEST

START_TEST(test_search)
{
	long poll = -1;

	for (size_t i = 0; i < audit->n_tasklets; i++)
		if (strcmp(audit->tasklets[i].key, "classify/poller.c:struct po_dev.poll") == 0)
			poll = (long)i;
	ck_assert_int_ge(poll, 0);
	ta_tui_key(ui, 'n');
	ck_assert(st->message_error);
	ck_assert_ptr_nonnull(strstr(st->message, "press /"));
	ta_tui_key(ui, '/');
	ck_assert_int_eq(st->input, TA_INPUT_SEARCH);
	keys("po->pollx");
	ta_tui_key(ui, TA_KEY_BACKSPACE);
	ck_assert_str_eq(st->prompt, "po->poll");
	ta_tui_key(ui, TA_KEY_ENTER);
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_int_eq(ta_review_current(rv), poll);
	ck_assert_str_eq(ta_review_search(rv), "po->poll");
	ck_assert(!st->message_error);
	ck_assert_str_eq(st->message, "match 1 of 1 for 'po->poll'");
	/* file:line as the list shows it */
	{
		char *q = xasprintf("/%s:%u\n", audit->tasklets[poll].file,
				    audit->tasklets[poll].line);
		keys("g");
		keys(q);
		ck_assert_int_eq(ta_review_current(rv), poll);
		ck_assert_ptr_nonnull(strstr(st->message, "match 1 of 1 for '"));
		free(q);
	}
	/* n and N with several matches, counted */
	keys("g/tasklet\n");
	{
		size_t first = ta_review_cursor(rv), k, n = ta_review_match_count(rv, &k);
		char *want;
		ck_assert_uint_gt(n, 2);
		want = xasprintf("match %zu of %zu for 'tasklet'", k, n);
		ck_assert_str_eq(st->message, want);
		free(want);
		ta_tui_key(ui, 'n');
		ck_assert_uint_ne(ta_review_cursor(rv), first);
		want = xasprintf("match %zu of %zu for 'tasklet'", k + 1, n);
		ck_assert_str_eq(st->message, want);
		free(want);
		ta_tui_key(ui, 'N');
		ck_assert_uint_eq(ta_review_cursor(rv), first);
		want = xasprintf("match %zu of %zu for 'tasklet'", k, n);
		ck_assert_str_eq(st->message, want);
		free(want);
	}
	keys("/no such thing\n");
	ck_assert(st->message_error);
	ck_assert_ptr_nonnull(strstr(st->message, "no match for 'no such thing'"));
	/* Esc cancels and keeps the search */
	keys("/abc");
	ta_tui_key(ui, TA_KEY_ESC);
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_str_eq(ta_review_search(rv), "no such thing");
	/* an empty search clears it */
	keys("/\n");
	ck_assert_ptr_null(ta_review_search(rv));
}
END_TEST

START_TEST(test_prompt_editing)
{
	ta_tui_key(ui, '/');
	ta_tui_key(ui, 'a');
	ta_tui_key(ui, 0xe9);    /* é: two bytes */
	ta_tui_key(ui, 0x1f600); /* four bytes */
	ck_assert_str_eq(st->prompt, "a\xc3\xa9\xf0\x9f\x98\x80");
	ta_tui_key(ui, TA_KEY_BACKSPACE);
	ck_assert_str_eq(st->prompt, "a\xc3\xa9");
	ta_tui_key(ui, TA_KEY_BACKSPACE);
	ck_assert_str_eq(st->prompt, "a");
	ck_assert_int_eq(ta_tui_key(ui, 0x01), TA_REDRAW_NONE); /* a control character */
	ck_assert_str_eq(st->prompt, "a");
	ta_tui_key(ui, 0x15); /* ^U */
	ck_assert_str_eq(st->prompt, "");
	ta_tui_key(ui, TA_KEY_BACKSPACE);
	ck_assert_str_eq(st->prompt, "");
	ta_tui_key(ui, 0x07); /* ^G cancels */
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
}
END_TEST

/* The picker item that starts with text; fails when absent. */
static size_t item(const char *text)
{
	for (size_t k = 0; k < st->n_pick; k++)
		if (strncmp(st->pick_items[k], text, strlen(text)) == 0)
			return k;
	ck_abort_msg("no picker item '%s'", text);
	return 0;
}

static void pick(const char *text)
{
	size_t want = item(text);

	ta_tui_key(ui, 'g');
	for (size_t k = 0; k < want; k++)
		ta_tui_key(ui, 'j');
	ck_assert_uint_eq(st->pick_sel, want);
	ta_tui_key(ui, TA_KEY_ENTER);
}

START_TEST(test_filter)
{
	size_t n;

	ck_assert_int_eq(ta_tui_key(ui, 'f'), TA_REDRAW_ALL);
	ck_assert_int_eq(st->input, TA_INPUT_PICK);
	ta_tui_key(ui, 'c'); /* class */
	ck_assert_int_eq(st->input, TA_INPUT_PICK);
	ck_assert_str_eq(st->pick_items[0], "(any)");
	pick("unused");
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_str_eq(ta_review_filter(rv, TA_FIELD_CLASS), "unused");
	n = ta_review_n_rows(rv);
	ck_assert_uint_gt(n, 0);
	ck_assert_uint_lt(n, audit->n_tasklets);
	ck_assert_ptr_nonnull(strstr(st->message, "tasklets shown"));
	/* the field picker by moving and Enter; the value picker starts on the current value */
	ta_tui_key(ui, 'f');
	pick("c  class");
	ck_assert_str_eq(st->pick_items[st->pick_sel], item("unused") == st->pick_sel
							       ? st->pick_items[st->pick_sel]
							       : "(wrong selection)");
	ta_tui_key(ui, 'q'); /* cancel */
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_str_eq(ta_review_filter(rv, TA_FIELD_CLASS), "unused");
	/* decision filter: undecided */
	keys("fd");
	pick("undecided");
	ck_assert_uint_eq(ta_review_n_rows(rv), n);
	/* (any) clears one; x clears all */
	keys("fc");
	pick("(any)");
	ck_assert_ptr_null(ta_review_filter(rv, TA_FIELD_CLASS));
	ck_assert_str_eq(ta_review_filter(rv, TA_FIELD_DECISION), "undecided");
	keys("fx");
	ck_assert_ptr_null(ta_review_filter(rv, TA_FIELD_DECISION));
	ck_assert_uint_eq(ta_review_n_rows(rv), audit->n_tasklets);
	/* a filter nothing matches */
	keys("fv");
	ck_assert_uint_eq(st->n_pick, 2); /* (any) and none */
	ta_tui_key(ui, TA_KEY_ESC);
	keys("fm");
	pick("timer");
	{
		/* the rows are exactly the tasklets the classifier sent to a timer */
		const ta_audit *a = audit;
		size_t want = 0;
		for (size_t i = 0; i < a->n_tasklets; i++)
			want += ta_classification_of(&a->tasklets[i])->rec.mechanism &&
				strcmp(ta_classification_of(&a->tasklets[i])->rec.mechanism,
				       "timer") == 0;
		ck_assert_uint_ge(want, 1);
		ck_assert_uint_eq(ta_review_n_rows(rv), want);
	}
}
END_TEST

START_TEST(test_sort_cycles)
{
	static const enum ta_field order[] = {TA_FIELD_CLASS,      TA_FIELD_MECHANISM,
					      TA_FIELD_CONFIDENCE, TA_FIELD_VERDICT,
					      TA_FIELD_FILE,       TA_FIELD_SUBSYSTEM};

	for (size_t k = 0; k < sizeof(order) / sizeof(*order); k++) {
		int f = ta_tui_key(ui, 's');
		ck_assert(f & TA_REDRAW_LIST);
		ck_assert_int_eq(ta_review_sort(rv), order[k]);
		ck_assert_ptr_nonnull(strstr(st->message, ta_field_name(order[k])));
	}
}
END_TEST

START_TEST(test_decide_keys)
{
	const ta_audit *a = audit;
	size_t r0 = ta_review_row(rv, 0), r1 = ta_review_row(rv, 1), r2 = ta_review_row(rv, 2);
	size_t r3 = ta_review_row(rv, 3);
	char *text;

	ta_tui_key(ui, 'a');
	ck_assert_int_eq(ta_review_decision_of(rv, r0)->decision, TA_DECISION_ACCEPT);
	ck_assert_uint_eq(ta_review_cursor(rv), 1); /* on to the next */
	ck_assert_ptr_nonnull(strstr(st->message, "accepted"));
	text = saved();
	ck_assert_ptr_nonnull(strstr(text, a->tasklets[r0].id));
	free(text);
	ta_tui_key(ui, 'r');
	ta_tui_key(ui, 'd');
	ck_assert_int_eq(ta_review_decision_of(rv, r1)->decision, TA_DECISION_REJECT);
	ck_assert_int_eq(ta_review_decision_of(rv, r2)->decision, TA_DECISION_DEFER);
	/* m: a picker of mechanisms; choosing one accepts with it */
	ta_tui_key(ui, 'm');
	ck_assert_int_eq(st->input, TA_INPUT_PICK);
	ck_assert_ptr_nonnull(strstr(st->pick_items[0], "(recommended)"));
	pick("timer");
	ck_assert_int_eq(ta_review_decision_of(rv, r3)->decision, TA_DECISION_ACCEPT);
	ck_assert_str_eq(ta_review_decision_of(rv, r3)->mechanism, "timer");
	/* the recommendation itself is no override */
	ta_tui_key(ui, 'k');
	ta_tui_key(ui, 'm');
	ck_assert_uint_eq(st->pick_sel, item("timer"));
	pick(ta_classification_of(&a->tasklets[r3])->rec.mechanism);
	ck_assert_ptr_null(ta_review_decision_of(rv, r3)->mechanism);
	/* C: comment, prefilled when editing */
	ta_tui_key(ui, 'k');
	keys("Cneeds a look\n");
	ck_assert_str_eq(ta_review_decision_of(rv, r3)->comment, "needs a look");
	ta_tui_key(ui, 'C');
	ck_assert_str_eq(st->prompt, "needs a look");
	ta_tui_key(ui, 0x15);
	ta_tui_key(ui, TA_KEY_ENTER);
	ck_assert_ptr_null(ta_review_decision_of(rv, r3)->comment);
	/* u undoes the last change first: the comment comes back, the cursor goes there */
	ta_tui_key(ui, 'g');
	ta_tui_key(ui, 'u');
	ck_assert_uint_eq(ta_review_cursor(rv), 3);
	ck_assert_str_eq(ta_review_decision_of(rv, r3)->comment, "needs a look");
	ck_assert_ptr_nonnull(strstr(st->message, "undone: "));
	text = saved();
	ck_assert_ptr_nonnull(strstr(text, "needs a look"));
	free(text);
	/* then the comment, the recommendation over "timer", "timer" itself */
	keys("uu");
	ck_assert_str_eq(ta_review_decision_of(rv, r3)->mechanism, "timer");
	ta_tui_key(ui, 'u');
	ck_assert_ptr_null(ta_review_decision_of(rv, r3));
	ck_assert_ptr_nonnull(strstr(st->message, "is back to undecided"));
	/* defer, reject, accept: back to nothing, one by one */
	ta_tui_key(ui, 'u');
	ck_assert_ptr_null(ta_review_decision_of(rv, r2));
	ck_assert_int_eq(ta_review_decision_of(rv, r1)->decision, TA_DECISION_REJECT);
	keys("uu");
	ck_assert_ptr_null(ta_review_decision_of(rv, r1));
	ck_assert_ptr_null(ta_review_decision_of(rv, r0));
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
	/* the file has no decision left (r0's id stays only as the position) */
	text = saved();
	ck_assert_msg(strstr(text, "\"decisions\":\t[]"), "decisions left in:\n%s", text);
	ck_assert_ptr_null(strstr(text, "\"timer\"")); /* no override left */
	free(text);
	ck_assert_int_eq(ta_tui_key(ui, 'u'), TA_REDRAW_STATUS);
	ck_assert(st->message_error);
	ck_assert_str_eq(st->message, "nothing to undo");
	/* U forgets a decision; u brings it back */
	keys("ggr");
	ck_assert_int_eq(ta_review_decision_of(rv, r0)->decision, TA_DECISION_REJECT);
	keys("gU");
	ck_assert_ptr_null(ta_review_decision_of(rv, r0));
	ta_tui_key(ui, 'u');
	ck_assert_int_eq(ta_review_decision_of(rv, r0)->decision, TA_DECISION_REJECT);
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
}
END_TEST

START_TEST(test_next_undecided_keys)
{
	size_t n = ta_review_n_rows(rv);

	/* a a: rows 0 and 1 decided, the cursor on row 2; [ wraps to the last row */
	keys("aa");
	ck_assert_uint_eq(ta_review_cursor(rv), 2);
	ck_assert(ta_tui_key(ui, '[') & TA_REDRAW_STATUS);
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	ta_tui_key(ui, ']');
	ck_assert_uint_eq(ta_review_cursor(rv), 2);
	/* on the detail page a jump shows the page of the tasklet it lands on */
	ta_tui_key(ui, TA_KEY_ENTER);
	ta_tui_key(ui, 'r');
	ck_assert_uint_eq(ta_review_cursor(rv), 3);
	ta_tui_key(ui, '[');
	ck_assert_int_eq(st->mode, TA_MODE_DETAIL);
	ck_assert_uint_eq(ta_review_cursor(rv), n - 1);
	ck_assert_ptr_nonnull(st->detail);
	{
		const char *key = audit->tasklets[ta_review_row(rv, n - 1)].key;
		bool shown = false;
		for (size_t k = 0; k < st->detail->n && !shown; k++)
			shown = strstr(st->detail->v[k].text, key) != NULL;
		ck_assert_msg(shown, "the page is not the one of '%s'", key);
	}
	ta_tui_key(ui, 'q');
	/* every visible row decided: a message, the cursor stays */
	ta_review_set_filter(rv, TA_FIELD_DECISION, "accept");
	ta_tui_key(ui, 'g');
	ck_assert_int_eq(ta_tui_key(ui, ']'), TA_REDRAW_STATUS);
	ck_assert_str_eq(st->message, "no undecided tasklet");
	ck_assert_uint_eq(ta_review_cursor(rv), 0);
}
END_TEST

START_TEST(test_detail_and_help)
{
	int f = ta_tui_key(ui, TA_KEY_ENTER);
	size_t first = (size_t)ta_review_current(rv);
	bool has_class = false, has_source = false;

	ck_assert_int_eq(f, TA_REDRAW_ALL);
	ck_assert_int_eq(st->mode, TA_MODE_DETAIL);
	ck_assert_ptr_nonnull(st->detail);
	for (size_t k = 0; k < st->detail->n; k++) {
		has_class |= strncmp(st->detail->v[k].text, "Class: ", 7) == 0;
		has_source |= st->detail->v[k].style == TA_STYLE_SOURCE_HIT;
	}
	ck_assert(has_class);
	ck_assert(has_source);
	ck_assert(ta_tui_key(ui, 'j') & TA_REDRAW_LIST);
	ck_assert_uint_eq(st->page_top, 1);
	ta_tui_key(ui, 'G');
	ck_assert_uint_eq(st->page_top, st->detail->n - ta_tui_page_height(ui));
	ck_assert_int_eq(ta_tui_key(ui, 'j'), TA_REDRAW_NONE);
	ta_tui_key(ui, 'g');
	ck_assert_uint_eq(st->page_top, 0);
	/* deciding on the page moves to the next tasklet's page */
	ta_tui_key(ui, 'a');
	ck_assert_int_eq(ta_review_decision_of(rv, first)->decision, TA_DECISION_ACCEPT);
	ck_assert_int_eq(st->mode, TA_MODE_DETAIL);
	ck_assert_uint_eq(ta_review_cursor(rv), 1);
	/* resize rebuilds the page at the new width */
	ta_tui_resize(ui, 40, 200);
	ck_assert_ptr_nonnull(st->detail);
	/* help over the page, then back to it */
	ta_tui_key(ui, '?');
	ck_assert_int_eq(st->mode, TA_MODE_HELP);
	ta_tui_key(ui, 'x');
	ck_assert_int_eq(st->mode, TA_MODE_DETAIL);
	ck_assert_int_eq(st->input, TA_INPUT_NONE); /* the key closed the help only */
	ta_tui_key(ui, 'q');
	ck_assert_int_eq(st->mode, TA_MODE_LIST);
	ck_assert_ptr_null(st->detail);
	ta_tui_key(ui, 'l');
	ta_tui_key(ui, TA_KEY_LEFT);
	ck_assert_int_eq(st->mode, TA_MODE_LIST);
	ck_assert_uint_gt(ta_tui_n_help, 20);
}
END_TEST

START_TEST(test_export_accepted)
{
	ta_tui_key(ui, 'x');
	ck_assert_int_eq(st->input, TA_INPUT_EXPORT);
	ck_assert_str_eq(st->prompt, export_dir);
	ta_tui_key(ui, TA_KEY_ENTER);
	ck_assert(st->message_error);
	ck_assert_ptr_nonnull(strstr(st->message, "no accepted tasklet"));
	ta_tui_key(ui, 'a');
	keys("x\n");
	ck_assert_msg(!st->message_error, "%s", st->message);
	/* an empty directory exports nothing */
	ta_tui_key(ui, 'x');
	ta_tui_key(ui, 0x15);
	ta_tui_key(ui, TA_KEY_ENTER);
	ck_assert_ptr_nonnull(strstr(st->message, "nothing exported"));
}
END_TEST

START_TEST(test_too_small_and_quit)
{
	char *text;

	ck_assert_int_eq(ta_tui_resize(ui, 20, 60), TA_REDRAW_ALL);
	ck_assert(st->too_small);
	ck_assert_int_eq(ta_tui_key(ui, 'j'), TA_REDRAW_NONE);
	ck_assert_int_eq(ta_tui_key(ui, 'a'), TA_REDRAW_NONE);
	ck_assert_ptr_null(ta_review_decision_of(rv, ta_review_row(rv, 0)));
	ta_tui_resize(ui, 24, 79);
	ck_assert(st->too_small);
	ta_tui_resize(ui, 24, 80);
	ck_assert(!st->too_small);
	ta_tui_key(ui, 'j');
	ta_tui_key(ui, 'j');
	ck_assert(ta_tui_key(ui, 'q') & TA_REDRAW_QUIT);
	/* quitting saved the position */
	text = saved();
	ck_assert_ptr_nonnull(strstr(text, audit->tasklets[ta_review_current(rv)].id));
	free(text);
	ta_tui_resize(ui, 10, 10);
	ck_assert_int_eq(ta_tui_key(ui, 'q'), TA_REDRAW_QUIT);
}
END_TEST

START_TEST(test_bad_arguments)
{
	ta_audit *empty = ta_audit_new();
	ta_review *r = ta_review_new(empty);
	ta_tui *u = ta_tui_new(r, NULL);
	const struct ta_tui_state *s = ta_tui_state(u);
	char *bad = ta_path_join(dir, "no/such/dir/r.json");
	struct ta_tui_opts o = {.review_path = bad};
	ta_tui *u2;
	char *err;

	/* no tasklets: nothing to decide, show or comment on; no file to save */
	ck_assert_int_eq(ta_tui_save(u), 0);
	ta_tui_key(u, 'a');
	ck_assert(s->message_error);
	ta_tui_key(u, TA_KEY_ENTER);
	ck_assert_int_eq(s->mode, TA_MODE_LIST);
	ck_assert_ptr_nonnull(strstr(s->message, "no tasklet"));
	ta_tui_key(u, 'C');
	ck_assert_int_eq(s->input, TA_INPUT_NONE);
	ta_tui_key(u, 'm');
	ck_assert_int_eq(s->input, TA_INPUT_NONE);
	for (const char *k = "epcAR"; *k; k++) {
		ck_assert_int_eq(ta_tui_key(u, *k) & TA_REDRAW_RUN, 0);
		ck_assert_int_eq(s->input, TA_INPUT_NONE);
		ck_assert_int_eq(s->mode, TA_MODE_LIST);
		ck_assert_ptr_null(s->run_argv);
	}
	ck_assert_int_eq(ta_tui_key(u, 'j') & ~TA_REDRAW_STATUS, TA_REDRAW_NONE);
	ck_assert_int_eq(ta_tui_key(u, 'G'), TA_REDRAW_NONE);
	ck_assert_uint_eq(ta_tui_page_height(u), 21);
	ta_tui_free(&u);
	ta_tui_free(&u); /* NULL is fine */
	ta_review_free(&r);
	ta_audit_free(&empty);
	/* a review file that cannot be written: the decision stands, the message says so */
	r = ta_review_new(audit);
	u2 = ta_tui_new(r, &o);
	tu_stderr_begin();
	ta_tui_key(u2, 'a');
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "no/such/dir/r.json"));
	ck_assert(ta_tui_state(u2)->message_error);
	ck_assert_ptr_nonnull(strstr(ta_tui_state(u2)->message, "could not save"));
	ck_assert_ptr_nonnull(ta_review_decision_of(r, ta_review_row(r, 0)));
	free(err);
	ta_tui_free(&u2);
	ta_review_free(&r);
	free(bad);
}
END_TEST

static size_t count_of(const char *text, const char *what)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

static void text_has(const char *text, const char *what)
{
	ck_assert_msg(text && strstr(text, what), "'%s' not in '%s'", what, text ? text : "");
}

/* The tasklet whose key is given, and puts the cursor on it. */
static size_t cursor_on(const char *key)
{
	for (size_t i = 0; i < audit->n_tasklets; i++)
		if (strcmp(audit->tasklets[i].key, key) == 0) {
			ck_assert(ta_review_goto_id(rv, audit->tasklets[i].id));
			return i;
		}
	ck_abort_msg("no tasklet %s", key);
	return 0;
}

/* e, p, c: the editor and pager to run, the callback's page. */
START_TEST(test_look_keys)
{
	size_t poll = cursor_on("classify/poller.c:struct po_dev.poll");
	const ta_tasklet *t = &audit->tasklets[poll];
	char *want, *tmp, *text;

	setenv("TMPDIR", dir, 1); /* the pager's file, should a check fail before it is removed */
	/* e: sh -c 'exec ${EDITOR:-vi} "$@"' sh +LINE TREE/FILE */
	ck_assert_int_eq(ta_tui_key(ui, 'e'), TA_REDRAW_RUN);
	ck_assert_ptr_nonnull(st->run_argv);
	ck_assert_str_eq(st->run_argv[0], "sh");
	ck_assert_ptr_nonnull(strstr(st->run_argv[2], "${EDITOR:-vi}"));
	want = xasprintf("+%u", t->line);
	ck_assert_str_eq(st->run_argv[4], want);
	free(want);
	want = ta_path_join(audit->tree, t->file);
	ck_assert_str_eq(st->run_argv[5], want);
	free(want);
	ck_assert_ptr_null(st->run_argv[6]);
	ck_assert_int_eq(ta_tui_ran(ui, 0), TA_REDRAW_ALL);
	ck_assert_ptr_null(st->run_argv);
	ck_assert_ptr_null(st->message);
	/* a failed editor is named */
	ta_tui_key(ui, 'e');
	ta_tui_ran(ui, 127 << 8);
	ck_assert_ptr_nonnull(strstr(st->message, "editor was not found"));
	/* p: the patch in a file for ${PAGER:-less -R}, removed after */
	ck_assert_int_eq(ta_tui_key(ui, 'p') & TA_REDRAW_RUN, TA_REDRAW_RUN);
	ck_assert_ptr_nonnull(strstr(st->run_argv[2], "${PAGER:-less -R}"));
	tmp = xstrdup(st->run_argv[4]);
	text = ta_read_file(tmp, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "tasklet_setup(&po->poll"));
	free(text);
	ta_tui_ran(ui, 0);
	ck_assert_int_ne(access(tmp, F_OK), 0);
	free(tmp);
	/* c: the callback's body from its line to the closing brace */
	ck_assert_int_eq(ta_tui_key(ui, 'c'), TA_REDRAW_ALL);
	ck_assert_int_eq(st->mode, TA_MODE_BODY);
	ck_assert_ptr_nonnull(st->body);
	ck_assert_ptr_nonnull(strstr(st->body->v[0].text, t->callback));
	ck_assert_ptr_nonnull(strstr(st->body->v[2].text, t->callback));
	ck_assert_ptr_nonnull(strstr(st->body->v[st->body->n - 1].text, "  }"));
	ck_assert_uint_gt(st->body->n, 4);
	/* e on the body page: the callback's file and line */
	ta_tui_key(ui, 'e');
	want = xasprintf("+%u", t->callback_line);
	ck_assert_str_eq(st->run_argv[4], want);
	free(want);
	text_has(st->run_argv[5], t->callback_file);
	ta_tui_ran(ui, 0);
	ck_assert_int_eq(st->mode, TA_MODE_BODY);
	/* deciding keys do nothing on the body page; q goes back */
	ta_tui_key(ui, 'a');
	ck_assert_ptr_null(ta_review_decision_of(rv, poll));
	ta_tui_key(ui, 'q');
	ck_assert_int_eq(st->mode, TA_MODE_LIST);
	ck_assert_ptr_null(st->body);
	/* from the detail page, c comes back to it */
	ta_tui_key(ui, TA_KEY_ENTER);
	ta_tui_key(ui, 'c');
	ck_assert_int_eq(st->mode, TA_MODE_BODY);
	ta_tui_key(ui, 'c');
	ck_assert_int_eq(st->mode, TA_MODE_DETAIL);
}
END_TEST

/* After a search that found nothing, the deciding keys decide nothing until the cursor moves. */
START_TEST(test_failed_search_decides_nothing)
{
	long cur = ta_review_current(rv);

	keys("/no-such-tasklet\n");
	ck_assert_ptr_nonnull(strstr(st->message, "no match for 'no-such-tasklet'"));
	ck_assert_int_eq(ta_review_current(rv), cur);
	for (const char *k = "ardUAR"; *k; k++) {
		ta_tui_key(ui, *k);
		ck_assert_ptr_null(ta_review_decision_of(rv, (size_t)cur));
		ck_assert_int_eq(st->input, TA_INPUT_NONE);
		ck_assert_ptr_nonnull(strstr(st->message, "move first"));
	}
	ta_tui_key(ui, 'm');
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_int_eq(ta_tui_key(ui, 'n') & TA_REDRAW_STATUS, TA_REDRAW_STATUS);
	ta_tui_key(ui, 'a');
	ck_assert_ptr_null(ta_review_decision_of(rv, (size_t)cur));
	/* moving (even back) lifts it */
	keys("jk");
	ta_tui_key(ui, 'a');
	ck_assert_int_eq(ta_review_decision_of(rv, (size_t)cur)->decision, TA_DECISION_ACCEPT);
	/* so does a search that finds something */
	keys("/no-such-tasklet\n/po->poll\n");
	cur = ta_review_current(rv);
	ta_tui_key(ui, 'r');
	ck_assert_int_eq(ta_review_decision_of(rv, (size_t)cur)->decision, TA_DECISION_REJECT);
}
END_TEST

static size_t count_decided(enum ta_decision d)
{
	struct ta_review_counts c;

	ta_review_counts(rv, &c);
	return c.by_decision[d];
}

/* A and R: the rows the filters show, after a confirmation; u undoes them all. */
START_TEST(test_bulk_decisions)
{
	struct ta_review_counts c;
	char *text;
	size_t unused;

	ta_review_set_filter(rv, TA_FIELD_CLASS, "unused");
	ta_review_counts_shown(rv, &c);
	unused = c.visible;
	ck_assert_uint_gt(unused, 1);
	ta_tui_key(ui, 'A');
	ck_assert_int_eq(st->input, TA_INPUT_CONFIRM);
	text = xasprintf("accept %zu tasklets? (y/n) ", unused);
	ck_assert_str_eq(st->prompt_label, text);
	free(text);
	ta_tui_key(ui, 'n');
	ck_assert_int_eq(st->input, TA_INPUT_NONE);
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), 0);
	keys("Ay");
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), unused);
	ck_assert_ptr_nonnull(strstr(st->message, "accepted"));
	text = saved();
	ck_assert_uint_eq(count_of(text, "\"accept\""), unused);
	free(text);
	/* R over them, then u: back to accepted, then u: back to nothing, all at once */
	keys("Ry");
	ck_assert_uint_eq(count_decided(TA_DECISION_REJECT), unused);
	ta_tui_key(ui, 'u');
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), unused);
	ck_assert_ptr_nonnull(strstr(st->message, "tasklets are back"));
	ta_tui_key(ui, 'u');
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), 0);
	ck_assert_uint_eq(count_decided(TA_DECISION_NONE), audit->n_tasklets);
	text = saved();
	ck_assert_uint_eq(count_of(text, "\"accept\""), 0);
	free(text);
}
END_TEST

/* The group headers of review, each titled entry or "-" (the catch-all). */
static size_t entry_headers(ta_review *review, const char *entry)
{
	size_t headers = 0;

	for (size_t r = 0; r < ta_review_n_rows(review); r++)
		if (ta_review_row_is_group(review, r)) {
			const char *title = ta_review_row_group(review, r, NULL, NULL);
			ck_assert_msg(strcmp(title, entry) == 0 || strcmp(title, "-") == 0,
				      "group '%s' where '%s' or '-' was expected", title, entry);
			headers++;
		}
	return headers;
}

/* b groups (path depth, directory, MAINTAINERS), headers collapse and expand, S reverses. */
START_TEST(test_grouping)
{
	size_t n = ta_review_n_rows(rv), count, headers = 0, k;
	bool collapsed;
	const char *title;
	char *tree;

	ta_tui_key(ui, 'b');
	ck_assert_str_eq(ta_review_grouping(rv), "path/2");
	ck_assert(ta_review_row_is_group(rv, 0));
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		headers += ta_review_row_is_group(rv, r);
	ck_assert_uint_gt(headers, 1);
	ck_assert_uint_eq(ta_review_n_rows(rv), n + headers);
	/* the rows of a group are under its header, in the group */
	title = ta_review_row_group(rv, 0, &count, &collapsed);
	ck_assert(!collapsed);
	for (k = 1; k <= count; k++) {
		const char *f = audit->tasklets[ta_review_row(rv, k)].file;
		ck_assert_msg(strncmp(f, title, strlen(title)) == 0, "%s not in %s", f, title);
	}
	ck_assert(ta_review_row_is_group(rv, count + 1));
	/* a decision on a header decides nothing */
	ta_tui_key(ui, 'g');
	ta_tui_key(ui, 'a');
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), 0);
	ck_assert_ptr_nonnull(strstr(st->message, "group header"));
	/* Enter on the header collapses the group, o expands it */
	ta_tui_key(ui, TA_KEY_ENTER);
	ck_assert_int_eq(st->mode, TA_MODE_LIST);
	ta_review_row_group(rv, 0, NULL, &collapsed);
	ck_assert(collapsed);
	ck_assert(ta_review_row_is_group(rv, 1));
	ta_tui_key(ui, 'o');
	ta_review_row_group(rv, 0, NULL, &collapsed);
	ck_assert(!collapsed);
	/* z: every group collapsed (the rows are the headers), z again: expanded */
	ta_tui_key(ui, 'z');
	ck_assert_uint_eq(ta_review_n_rows(rv), headers);
	ta_tui_key(ui, 'z');
	ck_assert_uint_eq(ta_review_n_rows(rv), n + headers);
	/* A when grouped: the group under the cursor only */
	ta_tui_key(ui, 'j');
	ta_tui_key(ui, 'A');
	text_has(st->prompt_label, title);
	ta_tui_key(ui, 'y');
	ck_assert_uint_eq(count_decided(TA_DECISION_ACCEPT), count);
	/* deeper paths: path/3 has as many groups or more */
	ta_tui_key(ui, 'b');
	ck_assert_str_eq(ta_review_grouping(rv), "path/3");
	ta_tui_key(ui, 'b');
	ta_tui_key(ui, 'b');
	ck_assert_str_eq(ta_review_grouping(rv), "dir");
	/* the corpus has no MAINTAINERS: that grouping is skipped with a message */
	ta_tui_key(ui, 'b');
	ck_assert_ptr_null(ta_review_grouping(rv));
	ck_assert_ptr_nonnull(strstr(st->message, "no MAINTAINERS"));
	ck_assert_uint_eq(ta_review_n_rows(rv), n);
	/* S reverses the sort */
	{
		size_t first = ta_review_row(rv, 0), last = ta_review_row(rv, n - 1);
		ta_tui_key(ui, 'S');
		ck_assert(ta_review_reverse(rv));
		ck_assert_uint_eq(ta_review_row(rv, 0), last);
		ck_assert_uint_eq(ta_review_row(rv, n - 1), first);
		ta_tui_key(ui, 'S');
		ck_assert_uint_eq(ta_review_row(rv, 0), first);
	}
	/* a tree with a MAINTAINERS: groups by its entries */
	tree = ta_path_join(dir, "tree");
	ck_assert_int_eq(mkdir(tree, 0755), 0);
	tu_write(tree, "MAINTAINERS",
		 "List of maintainers\n\n"
		 "POLLERS\nM:\tAlice Alpha <alice@example.org>\nS:\tMaintained\n"
		 "F:\tclassify/poller.c\n\n"
		 "THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
		 "S:\tBuried alive in reporters\nF:\t*\nF:\t*/\n");
	free(audit->tree);
	audit->tree = tree;
	ta_tui_free(&ui);
	ui = ta_tui_new(rv, NULL);
	st = ta_tui_state(ui);
	ta_tui_resize(ui, 24, 80);
	keys("bbbbb");
	ck_assert_str_eq(ta_review_grouping(rv), "maintainers");
	ck_assert_uint_eq(entry_headers(rv, "POLLERS"), 2);
	/* the catch-all comes last */
	ck_assert_str_eq(ta_review_row_group(rv, 0, NULL, NULL), "POLLERS");
	ta_tui_key(ui, 'b');
	ck_assert_ptr_null(ta_review_grouping(rv));
	/* a 1.4 report names each entry itself: that wins over the tree's file */
	for (size_t i = 0; i < audit->n_tasklets; i++)
		audit->tasklets[i].maintainers_entry = xstrdup(i % 2 ? "ODD" : "THE REST");
	keys("bbbbb");
	ck_assert_str_eq(ta_review_grouping(rv), "maintainers");
	ck_assert_uint_eq(entry_headers(rv, "ODD"), 2);
	for (size_t i = 0; i < audit->n_tasklets; i++) {
		free(audit->tasklets[i].maintainers_entry);
		audit->tasklets[i].maintainers_entry = NULL;
	}
	ta_tui_key(ui, 'b');
	ck_assert_ptr_null(ta_review_grouping(rv));
}
END_TEST

/* Grouped: the path keys, a search or ] into a collapsed group opens it, a decision skips headers.
 */
START_TEST(test_grouped_moves)
{
	char **keys2 = ta_review_path_keys(rv, 2), **keys1 = ta_review_path_keys(rv, 1);
	char **keys0 = ta_review_path_keys(rv, 0);
	size_t poll, bh = audit->n_tasklets, hdr;
	bool collapsed;

	for (size_t i = 0; i < audit->n_tasklets; i++)
		if (ta_str_starts(audit->tasklets[i].file, "patch/bh/") && bh == audit->n_tasklets)
			bh = i;
	ck_assert_uint_lt(bh, audit->n_tasklets);
	ck_assert_str_eq(keys2[bh], "patch/bh");
	ck_assert_str_eq(keys1[bh], "patch");
	ck_assert_str_eq(keys0[bh], "patch/bh");
	ta_review_set_groups(rv, "test", keys1); /* takes the array */
	ta_review_set_groups(rv, NULL, NULL);
	for (size_t i = 0; i < audit->n_tasklets; i++) {
		free(keys2[i]);
		free(keys0[i]);
	}
	free(keys2);
	free(keys0);
	/* dir grouping, everything collapsed: a search opens the group of its match */
	keys("bbbb");
	ck_assert_str_eq(ta_review_grouping(rv), "dir");
	keys("z");
	ck_assert(ta_review_any_collapsed(rv));
	ta_tui_key(ui, 'g');
	keys("/po->poll\n");
	poll = (size_t)ta_review_current(rv);
	ck_assert_str_eq(audit->tasklets[poll].key, "classify/poller.c:struct po_dev.poll");
	ck_assert_ptr_nonnull(strstr(st->message, "match 1 of 1"));
	/* the group above its row is open, the others stay collapsed */
	hdr = ta_review_cursor(rv);
	while (!ta_review_row_is_group(rv, hdr))
		hdr--;
	ta_review_row_group(rv, hdr, NULL, &collapsed);
	ck_assert(!collapsed);
	ck_assert(ta_review_any_collapsed(rv));
	/* ] from a collapsed header: into its group (z with some collapsed expands them all) */
	keys("z");
	ck_assert(!ta_review_any_collapsed(rv));
	ta_tui_key(ui, 'g');
	ta_tui_key(ui, 'o');
	ck_assert(ta_review_any_collapsed(rv));
	ta_tui_key(ui, ']');
	ck_assert_int_ge(ta_review_current(rv), 0);
	ck_assert_uint_eq(ta_review_cursor(rv), 1);
	/* deciding the last tasklet of a group moves over the next header */
	hdr = 1;
	while (hdr < ta_review_n_rows(rv) && !ta_review_row_is_group(rv, hdr))
		hdr++;
	ck_assert_uint_lt(hdr + 1, ta_review_n_rows(rv));
	ta_review_set_cursor(rv, hdr - 1);
	ta_tui_key(ui, 'a');
	ck_assert_uint_eq(ta_review_cursor(rv), hdr + 1);
}
END_TEST

/* Every key of the help screen is in the manual, on a .B or .BR line. */
START_TEST(test_man_documents_keys)
{
	char *manpath = tu_src("man/tasklet-audit.1"), *man = ta_read_file(manpath, NULL);
	size_t checked = 0;

	ck_assert_ptr_nonnull(man);
	for (size_t i = 0; i < ta_tui_n_help; i++) {
		const char *l = ta_tui_help[i], *gap;
		char *keys_col, *save = NULL;
		if (strncmp(l, "  ", 2) != 0 || l[2] == ' ' || !(gap = strstr(l + 2, "  ")))
			continue;
		keys_col = xstrndup(l + 2, (size_t)(gap - l - 2));
		for (char *k = strtok_r(keys_col, ", ", &save); k;
		     k = strtok_r(NULL, ", ", &save)) {
			char *b = xasprintf("\n.B %s\n", k), *br = xasprintf(".BR %s ", k);
			char *mid = xasprintf("\" %s \"", k), *end = xasprintf("\" %s\n", k);
			ck_assert_msg(strstr(man, b) || strstr(man, br) || strstr(man, mid) ||
					      strstr(man, end),
				      "key '%s' (help: '%s') is not in the manual", k, l);
			checked++;
			free(b);
			free(br);
			free(mid);
			free(end);
		}
		free(keys_col);
	}
	ck_assert_uint_gt(checked, 30);
	free(man);
	free(manpath);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tui_actions");
	TCase *tc = tcase_create("keys");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_move_and_scroll);
	tcase_add_test(tc, test_search);
	tcase_add_test(tc, test_prompt_editing);
	tcase_add_test(tc, test_filter);
	tcase_add_test(tc, test_sort_cycles);
	tcase_add_test(tc, test_decide_keys);
	tcase_add_test(tc, test_next_undecided_keys);
	tcase_add_test(tc, test_detail_and_help);
	tcase_add_test(tc, test_export_accepted);
	tcase_add_test(tc, test_too_small_and_quit);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_man_documents_keys);
	tcase_add_test(tc, test_look_keys);
	tcase_add_test(tc, test_failed_search_decides_nothing);
	tcase_add_test(tc, test_bulk_decisions);
	tcase_add_test(tc, test_grouping);
	tcase_add_test(tc, test_grouped_moves);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
