// SPDX-License-Identifier: GPL-2.0-only
/*
 * tui_actions.c - the review TUI's key handlers (see tui_actions.h).  One
 * entry point, ta_tui_key(), dispatches on what the screen is doing: a
 * prompt or picker takes the key first, then the help, detail or list
 * screen.  Each handler returns the TA_REDRAW_* bits the view needs.
 */
#include "tui_actions.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "classify.h"
#include "maintainers.h"
#include "mechanism.h"
#include "review_export.h"
#include "review_file.h"
#include "util.h"

#define CTRL(c) ((c)&0x1f)

enum pick_kind { PICK_FIELD, PICK_VALUE, PICK_MECHANISM };

struct ta_tui {
	struct ta_tui_state st;
	ta_review *rv;
	char *review_path, *source, *export_dir;
	enum pick_kind pick_kind;
	enum ta_field pick_field;
	char **pick_values; /* what each picker item stands for (NULL: clear) */
	bool search_failed; /* the last search found nothing and the cursor has not moved since */
	char *run_tmp;      /* a file the program run reads (the pager's patch), removed after */
	size_t *bulk;       /* the tasklets A or R asks about */
	size_t n_bulk;
	enum ta_decision bulk_decision;
	int grouping; /* an index into groupings[] */
	ta_maintainers *maint;
	bool maint_loaded;
	char **maint_keys; /* per tasklet, its entry (NULL: none), computed once */
	ta_tui_busy_fn busy;
	void *busy_ctx;
};

/* What "b" cycles through: depth > 0 the path's first components, 0 the directory, -1 MAINTAINERS.
 */
static const struct {
	const char *label;
	int depth;
} groupings[] = {
	{NULL, 0}, {"path/2", 2}, {"path/3", 3}, {"path/4", 4}, {"dir", 0}, {"maintainers", -1},
};
#define N_GROUPINGS (sizeof(groupings) / sizeof(*groupings))

/* The fields "f" offers, with the key that picks each at once. */
static const struct {
	enum ta_field field;
	int key;
} filter_fields[] = {
	{TA_FIELD_CLASS, 'c'},    {TA_FIELD_MECHANISM, 'm'}, {TA_FIELD_VERDICT, 'v'},
	{TA_FIELD_DECISION, 'd'}, {TA_FIELD_SUBSYSTEM, 's'},
};
#define N_FILTER_FIELDS (sizeof(filter_fields) / sizeof(*filter_fields))

const char *const ta_tui_help[] = {
	"tasklet-audit review: keys",
	"",
	"List",
	"  j, Down          next tasklet",
	"  k, Up            previous tasklet",
	"  PgDn, Space, ^F  next page",
	"  PgUp, ^B         previous page",
	"  g, Home          first tasklet",
	"  G, End           last tasklet",
	"  Enter, l, Right  open the detail page (on a group header: collapse, expand)",
	"  /                search (name, key, file, callback, class, mechanism, id,",
	"                   or file:line as LOCATION shows it)",
	"  n, N             next, previous match (the message counts: match 2 of 5)",
	"  ], [             next, previous undecided (or stale) tasklet",
	"  f                filter by class, mechanism, verdict, decision or subsystem",
	"  s                sort by the next key: subsystem, class, mechanism,",
	"                   confidence, verdict, file",
	"  S                reverse the sort",
	"  b                group by the next: path/2, path/3, path/4 (path components:",
	"                   drivers/net/wireless), dir (the file's directory),",
	"                   maintainers (MAINTAINERS entry), none",
	"  o, Tab           collapse or expand the group under the cursor",
	"  z                collapse every group (expand all when any is collapsed)",
	"  ^L               redraw the screen",
	"  q                quit (decisions are already saved)",
	"  ?                this help",
	"",
	"Decide (in the list and on the detail page)",
	"  a                accept the recommendation",
	"  r                reject",
	"  d                defer",
	"  m                pick another mechanism (and accept with it)",
	"  C                comment",
	"  A, R             accept, reject every tasklet the filters show, or those of",
	"                   the cursor's group when grouping (asks first; u undoes all)",
	"  u                undo the last decision, comment or A/R (64 deep)",
	"  U                forget the decision (u brings it back)",
	"  x                export the accepted tasklets' patches",
	"  After a search that found nothing these keys do nothing until you move.",
	"",
	"Look (in the list and on the detail page)",
	"  e                open $EDITOR (vi) at the tasklet's file and line",
	"  p                page the proposed patch through $PAGER (less -R)",
	"  c                show the callback's body (q closes it)",
	"",
	"Detail page",
	"  j, k, Up, Down   scroll a line",
	"  PgDn, PgUp, Space  scroll a page",
	"  g, G             top, bottom",
	"  q, Esc, h, Left  back to the list",
	"",
	"Prompts and pickers",
	"  Enter            confirm",
	"  Esc, ^G          cancel",
	"  Backspace, ^U    delete a character, the whole line",
	"  j, k, Up, Down   move in a picker",
	"",
	"A decision made on code that changed since is shown as stale (!)",
	"and is not exported until it is made again.",
	"",
	"Press any key to close this help.",
};
const size_t ta_tui_n_help = sizeof(ta_tui_help) / sizeof(*ta_tui_help);

static char *dup0(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

ta_tui *ta_tui_new(ta_review *rv, const struct ta_tui_opts *opts)
{
	ta_tui *ui = xcalloc(1, sizeof(*ui));

	ui->rv = rv;
	ui->review_path = dup0(opts ? opts->review_path : NULL);
	ui->source = dup0(opts ? opts->source : NULL);
	ui->export_dir = xstrdup(opts && opts->export_dir ? opts->export_dir : "patches");
	ui->st.rows = TA_TUI_MIN_ROWS;
	ui->st.cols = TA_TUI_MIN_COLS;
	ui->st.prev_cursor = ta_review_cursor(rv);
	return ui;
}

void ta_tui_set_busy(ta_tui *ui, ta_tui_busy_fn fn, void *ctx)
{
	ui->busy = fn;
	ui->busy_ctx = ctx;
}

static void pick_clear(ta_tui *ui)
{
	for (size_t i = 0; i < ui->st.n_pick; i++) {
		free(ui->st.pick_items[i]);
		free(ui->pick_values[i]);
	}
	free(ui->st.pick_items);
	free(ui->pick_values);
	free(ui->st.pick_title);
	ui->st.pick_items = NULL;
	ui->pick_values = NULL;
	ui->st.pick_title = NULL;
	ui->st.n_pick = ui->st.pick_sel = 0;
}

static void prompt_clear(ta_tui *ui)
{
	free(ui->st.prompt);
	free(ui->st.prompt_label);
	ui->st.prompt = ui->st.prompt_label = NULL;
	pick_clear(ui);
	ui->st.input = TA_INPUT_NONE;
}

void ta_tui_free(ta_tui **uip)
{
	ta_tui *ui = *uip;

	if (!ui)
		return;
	prompt_clear(ui);
	ta_detail_free(&ui->st.detail);
	ta_detail_free(&ui->st.body);
	ta_tui_ran(ui, 0);
	free(ui->bulk);
	ta_maintainers_free(&ui->maint);
	for (size_t i = 0; ui->maint_keys && i < ta_review_audit(ui->rv)->n_tasklets; i++)
		free(ui->maint_keys[i]);
	free(ui->maint_keys);
	free(ui->st.message);
	free(ui->review_path);
	free(ui->source);
	free(ui->export_dir);
	free(ui);
	*uip = NULL;
}

const struct ta_tui_state *ta_tui_state(const ta_tui *ui)
{
	return &ui->st;
}

ta_review *ta_tui_review(ta_tui *ui)
{
	return ui->rv;
}

void ta_tui_set_message(ta_tui *ui, bool error, const char *text)
{
	free(ui->st.message);
	ui->st.message = dup0(text);
	ui->st.message_error = error;
}

static void messagef(ta_tui *ui, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void messagef(ta_tui *ui, bool error, const char *fmt, ...)
{
	ta_buf b = {0};
	va_list ap;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	free(ui->st.message);
	ui->st.message = ta_buf_steal(&b);
	ui->st.message_error = error;
}

size_t ta_tui_page_height(const ta_tui *ui)
{
	return ui->st.rows > 4 ? (size_t)ui->st.rows - 3 : 1;
}

int ta_tui_save(ta_tui *ui)
{
	if (!ui->review_path)
		return 0;
	return ta_review_file_save(ui->rv, ui->review_path, ui->source);
}

/* Keep the cursor row on screen; TA_REDRAW_LIST when the list scrolled. */
static int follow_cursor(ta_tui *ui)
{
	size_t cur = ta_review_cursor(ui->rv), page = ta_tui_page_height(ui);
	size_t n = ta_review_n_rows(ui->rv), top = ui->st.top;

	if (cur < top)
		top = cur;
	else if (cur >= top + page)
		top = cur - page + 1;
	if (n <= page)
		top = 0;
	else if (top > n - page)
		top = n - page;
	if (top == ui->st.top)
		return TA_REDRAW_CURSOR;
	ui->st.top = top;
	return TA_REDRAW_LIST;
}

static int move_to(ta_tui *ui, size_t row)
{
	size_t before = ta_review_cursor(ui->rv);

	ui->search_failed = false; /* the reviewer moved: the keys decide again */
	ui->st.prev_cursor = before;
	ta_review_set_cursor(ui->rv, row);
	if (ta_review_cursor(ui->rv) == before)
		return TA_REDRAW_NONE;
	return follow_cursor(ui) | TA_REDRAW_STATUS;
}

static int move_by(ta_tui *ui, long delta)
{
	size_t cur = ta_review_cursor(ui->rv);

	if (delta < 0 && (size_t)-delta > cur)
		return move_to(ui, 0);
	return move_to(ui, cur + (size_t)delta);
}

/* (Re)build the detail page of the tasklet under the cursor. */
static void build_detail(ta_tui *ui)
{
	long i = ta_review_current(ui->rv);
	char *note = NULL, *patch;

	ta_detail_free(&ui->st.detail);
	if (i < 0)
		return;
	if (ui->busy && !ta_review_preview_ready(ui->rv, (size_t)i))
		ui->busy(ui->busy_ctx, "computing the patch preview...");
	patch = ta_review_patch_preview(ui->rv, (size_t)i, &note);
	ui->st.detail = ta_detail_build(ui->rv, (size_t)i, ui->st.cols, patch, note);
	free(patch);
	free(note);
}

static int open_detail(ta_tui *ui)
{
	if (ta_review_current(ui->rv) < 0) {
		messagef(ui, true, "no tasklet to show");
		return TA_REDRAW_STATUS;
	}
	build_detail(ui);
	ui->st.mode = TA_MODE_DETAIL;
	ui->st.page_top = 0;
	return TA_REDRAW_ALL;
}

static int close_page(ta_tui *ui)
{
	ta_detail_free(&ui->st.detail);
	ui->st.mode = TA_MODE_LIST;
	ui->st.page_top = 0;
	follow_cursor(ui);
	return TA_REDRAW_ALL;
}

static const char *tasklet_name(ta_tui *ui, size_t i)
{
	const ta_tasklet *t = &ta_review_audit(ui->rv)->tasklets[i];

	return t->name ? t->name : t->key;
}

/* The tasklet under the cursor, or -1 after a message saying there is none. */
static long current_or_say(ta_tui *ui, const char *what)
{
	long i = ta_review_current(ui->rv);

	if (i < 0)
		messagef(ui, true, "%s",
			 ta_review_row_is_group(ui->rv, ta_review_cursor(ui->rv))
				 ? "on a group header: A or R decides the group, o opens it"
				 : what);
	return i;
}

/* Save after a change; say so on failure. */
static void save_change(ta_tui *ui)
{
	if (ta_tui_save(ui) != 0)
		messagef(ui, true, "could not save the review to '%s'", ui->review_path);
}

/* After a decision: on to the next tasklet, unless a filter already moved it away. */
static int advance_after(ta_tui *ui, long decided)
{
	int flags = TA_REDRAW_LIST | TA_REDRAW_STATUS;

	if (ta_review_current(ui->rv) == decided)
		ta_review_move(ui->rv, 1);
	/* over a group's header to its first tasklet */
	while (ta_review_row_is_group(ui->rv, ta_review_cursor(ui->rv)) &&
	       ta_review_cursor(ui->rv) + 1 < ta_review_n_rows(ui->rv) &&
	       !ta_review_row_is_group(ui->rv, ta_review_cursor(ui->rv) + 1))
		ta_review_move(ui->rv, 1);
	follow_cursor(ui);
	ui->st.prev_cursor = ta_review_cursor(ui->rv);
	if (ui->st.mode == TA_MODE_DETAIL) {
		build_detail(ui);
		ui->st.page_top = 0;
		if (!ui->st.detail)
			return close_page(ui);
		flags = TA_REDRAW_ALL;
	}
	return flags;
}

static int decide(ta_tui *ui, enum ta_decision d, const char *mechanism)
{
	long i = ta_review_current(ui->rv);
	static const char *const done[] = {"forgot the decision on", "accepted", "rejected",
					   "deferred"};
	int flags;

	if (i < 0) {
		current_or_say(ui, "no tasklet to decide on");
		return TA_REDRAW_STATUS;
	}
	ta_review_decide(ui->rv, (size_t)i, d, mechanism);
	if (mechanism)
		messagef(ui, false, "%s %s with %s", done[d], tasklet_name(ui, (size_t)i),
			 mechanism);
	else
		messagef(ui, false, "%s %s", done[d], tasklet_name(ui, (size_t)i));
	flags = advance_after(ui, i);
	save_change(ui); /* after moving on: reopening resumes at the next tasklet */
	return flags;
}

/* The cursor jumped (search, next undecided, undo): follow it in the list or on the page. */
static int jumped(ta_tui *ui)
{
	int flags = follow_cursor(ui) | TA_REDRAW_STATUS;

	ui->search_failed = false;
	if (ui->st.mode == TA_MODE_DETAIL) {
		build_detail(ui);
		ui->st.page_top = 0;
		flags = TA_REDRAW_ALL;
	}
	return flags;
}

/* Undo the last decision or comment: the tasklet gets back what it had, the cursor goes to it. */
static int undo(ta_tui *ui)
{
	size_t i, n = ta_review_undo_size(ui->rv);
	const ta_tasklet *t;

	if (!ta_review_undo(ui->rv, &i)) {
		messagef(ui, true, "nothing to undo");
		return TA_REDRAW_STATUS;
	}
	t = &ta_review_audit(ui->rv)->tasklets[i];
	ui->st.prev_cursor = ta_review_cursor(ui->rv);
	if (n > 1) {
		ta_review_goto_id(ui->rv, t->id);
		messagef(ui, false, "undone: %zu tasklets are back to what they had", n);
	} else if (ta_review_goto_id(ui->rv, t->id))
		messagef(ui, false, "undone: %s is back to %s", tasklet_name(ui, i),
			 ta_review_value_of(ui->rv, i, TA_FIELD_DECISION));
	else
		messagef(ui, false, "undone: %s is back to %s (hidden by the filters)",
			 tasklet_name(ui, i), ta_review_value_of(ui->rv, i, TA_FIELD_DECISION));
	save_change(ui);
	return jumped(ui) | TA_REDRAW_LIST;
}

static void prompt_start(ta_tui *ui, enum ta_tui_input input, const char *label,
			 const char *initial)
{
	prompt_clear(ui);
	ui->st.input = input;
	ui->st.prompt_label = xstrdup(label);
	ui->st.prompt = xstrdup(initial ? initial : "");
}

static void pick_add(ta_tui *ui, const char *item, const char *value)
{
	size_t cap = ui->st.n_pick;

	ta_grow((void **)&ui->st.pick_items, &cap, ui->st.n_pick + 1, sizeof(char *));
	cap = ui->st.n_pick;
	ta_grow((void **)&ui->pick_values, &cap, ui->st.n_pick + 1, sizeof(char *));
	ui->st.pick_items[ui->st.n_pick] = xstrdup(item);
	ui->pick_values[ui->st.n_pick] = dup0(value);
	ui->st.n_pick++;
}

static int start_filter(ta_tui *ui)
{
	prompt_clear(ui);
	ui->st.input = TA_INPUT_PICK;
	ui->pick_kind = PICK_FIELD;
	ui->st.pick_title = xstrdup("filter by (c, m, v, d, s; x clears all)");
	for (size_t k = 0; k < N_FILTER_FIELDS; k++) {
		const char *now = ta_review_filter(ui->rv, filter_fields[k].field);
		char *item = xasprintf("%c  %-10s %s%s", filter_fields[k].key,
				       ta_field_name(filter_fields[k].field), now ? "= " : "",
				       now ? now : "");
		pick_add(ui, item, ta_field_name(filter_fields[k].field));
		free(item);
	}
	pick_add(ui, "x  clear all filters", NULL);
	return TA_REDRAW_ALL;
}

static int start_values(ta_tui *ui, enum ta_field f)
{
	ta_review_value *v;
	size_t n;
	const char *now = ta_review_filter(ui->rv, f);

	pick_clear(ui);
	ui->st.input = TA_INPUT_PICK;
	ui->pick_kind = PICK_VALUE;
	ui->pick_field = f;
	ui->st.pick_title = xasprintf("%s: choose a value", ta_field_name(f));
	pick_add(ui, "(any)", NULL);
	ta_review_values(ui->rv, f, &v, &n);
	for (size_t k = 0; k < n; k++) {
		char *item = xasprintf("%-24s %5zu", v[k].value, v[k].count);
		pick_add(ui, item, v[k].value);
		if (now && strcmp(now, v[k].value) == 0)
			ui->st.pick_sel = ui->st.n_pick - 1;
		free(item);
	}
	free(v);
	return TA_REDRAW_ALL;
}

static int start_mechanism(ta_tui *ui)
{
	long i = ta_review_current(ui->rv);
	const ta_recommendation *rec;
	const char *picked;

	if (i < 0) {
		messagef(ui, true, "no tasklet to decide on");
		return TA_REDRAW_STATUS;
	}
	rec = &ta_classification_of(&ta_review_audit(ui->rv)->tasklets[i])->rec;
	picked = ta_review_mechanism(ui->rv, (size_t)i);
	prompt_clear(ui);
	ui->st.input = TA_INPUT_PICK;
	ui->pick_kind = PICK_MECHANISM;
	ui->st.pick_title = xasprintf("accept %s with", tasklet_name(ui, (size_t)i));
	if (rec->mechanism) {
		char *item = xasprintf("%s (recommended)", rec->mechanism);
		pick_add(ui, item, NULL);
		free(item);
	}
	for (size_t k = 0; k < rec->n_alternatives; k++) {
		char *item = xasprintf("%s (alternative)", rec->alternatives[k]);
		pick_add(ui, item, rec->alternatives[k]);
		free(item);
	}
	/* then every mechanism with a conversion (mechanism.h) not offered yet */
	for (int m = 0; m < TA_MECH_COUNT; m++) {
		const char *name = ta_mech_name((enum ta_mech)m);
		bool listed = !ta_mech_to((enum ta_mech)m) ||
			      (rec->mechanism && strcmp(rec->mechanism, name) == 0);
		for (size_t j = 0; j < rec->n_alternatives && !listed; j++)
			listed = strcmp(rec->alternatives[j], name) == 0;
		if (!listed)
			pick_add(ui, name, name);
	}
	for (size_t k = 0; picked && k < ui->st.n_pick; k++)
		if (ui->pick_values[k] ? strcmp(ui->pick_values[k], picked) == 0
				       : rec->mechanism && strcmp(rec->mechanism, picked) == 0)
			ui->st.pick_sel = k;
	return TA_REDRAW_ALL;
}

static int filter_changed(ta_tui *ui)
{
	struct ta_review_counts c;

	ta_review_counts(ui->rv, &c);
	ui->search_failed = false;
	ui->st.top = 0;
	follow_cursor(ui);
	ui->st.prev_cursor = ta_review_cursor(ui->rv);
	if (ui->st.mode == TA_MODE_DETAIL)
		close_page(ui);
	messagef(ui, c.visible == 0, "%zu of %zu tasklets shown", c.visible, c.total);
	return TA_REDRAW_ALL;
}

static int pick_choose(ta_tui *ui)
{
	size_t sel = ui->st.pick_sel;
	char *value = sel < ui->st.n_pick ? dup0(ui->pick_values[sel]) : NULL;
	enum pick_kind kind = ui->pick_kind;
	int flags;

	prompt_clear(ui);
	switch (kind) {
	case PICK_FIELD:
		if (!value) {
			ta_review_clear_filters(ui->rv);
			flags = filter_changed(ui);
		} else {
			flags = start_values(ui, (enum ta_field)ta_field_from_name(value));
		}
		break;
	case PICK_VALUE:
		ta_review_set_filter(ui->rv, ui->pick_field, value);
		flags = filter_changed(ui);
		break;
	default: /* PICK_MECHANISM: NULL is the recommendation */
		flags = decide(ui, TA_DECISION_ACCEPT, value) | TA_REDRAW_ALL;
		break;
	}
	free(value);
	return flags;
}

static int pick_key(ta_tui *ui, int key)
{
	size_t n = ui->st.n_pick;

	if (ui->pick_kind == PICK_FIELD)
		for (size_t k = 0; k < N_FILTER_FIELDS; k++)
			if (key == filter_fields[k].key) {
				ui->st.pick_sel = k;
				return pick_choose(ui);
			}
	if (ui->pick_kind == PICK_FIELD && key == 'x') {
		ui->st.pick_sel = n - 1;
		return pick_choose(ui);
	}
	switch (key) {
	case 'j':
	case TA_KEY_DOWN:
		if (ui->st.pick_sel + 1 < n)
			ui->st.pick_sel++;
		return TA_REDRAW_ALL;
	case 'k':
	case TA_KEY_UP:
		if (ui->st.pick_sel > 0)
			ui->st.pick_sel--;
		return TA_REDRAW_ALL;
	case 'g':
	case TA_KEY_HOME:
		ui->st.pick_sel = 0;
		return TA_REDRAW_ALL;
	case 'G':
	case TA_KEY_END:
		ui->st.pick_sel = n ? n - 1 : 0;
		return TA_REDRAW_ALL;
	case TA_KEY_ENTER:
		return pick_choose(ui);
	case TA_KEY_ESC:
	case 'q':
	case CTRL('g'):
		prompt_clear(ui);
		messagef(ui, false, "cancelled");
		return TA_REDRAW_ALL;
	default:
		return TA_REDRAW_NONE;
	}
}

/* After a search lands: "match K of N for 'TEXT'". */
static void match_message(ta_tui *ui)
{
	size_t k, n = ta_review_match_count(ui->rv, &k);

	messagef(ui, false, "match %zu of %zu for '%s'", k, n, ta_review_search(ui->rv));
}

static int prompt_confirm(ta_tui *ui)
{
	enum ta_tui_input input = ui->st.input;
	char *text = ui->st.prompt;
	long i = ta_review_current(ui->rv);
	int flags = TA_REDRAW_STATUS;

	ui->st.prompt = NULL;
	prompt_clear(ui);
	switch (input) {
	case TA_INPUT_SEARCH:
		ta_review_set_search(ui->rv, text);
		ui->search_failed = false;
		if (!*text) {
			messagef(ui, false, "search cleared");
			flags |= TA_REDRAW_LIST;
		} else {
			ui->st.prev_cursor = ta_review_cursor(ui->rv);
			if (ta_review_search_next(ui->rv, 1)) {
				flags |= jumped(ui) | TA_REDRAW_LIST;
				match_message(ui);
			} else {
				messagef(ui, true, "no match for '%s': the cursor stays", text);
				ui->search_failed = true;
				flags |= TA_REDRAW_LIST;
			}
		}
		break;
	case TA_INPUT_COMMENT:
		if (i < 0) {
			messagef(ui, true, "no tasklet to comment on");
			break;
		}
		ta_review_set_comment(ui->rv, (size_t)i, text);
		messagef(ui, false, "%s on %s", *text ? "comment saved" : "comment removed",
			 tasklet_name(ui, (size_t)i));
		save_change(ui);
		if (ui->st.mode == TA_MODE_DETAIL) {
			build_detail(ui);
			flags |= TA_REDRAW_ALL;
		}
		flags |= TA_REDRAW_LIST;
		break;
	case TA_INPUT_EXPORT: {
		char *msg = NULL;
		int rc;
		if (!*text) {
			messagef(ui, true, "no directory: nothing exported");
			break;
		}
		free(ui->export_dir);
		ui->export_dir = xstrdup(text);
		rc = ta_review_export(ui->rv, text, &msg);
		ta_tui_set_message(ui, rc != 0, msg);
		free(msg);
		flags |= TA_REDRAW_ALL;
		break;
	}
	default:
		break;
	}
	free(text);
	return flags;
}

/* Append the UTF-8 form of a code point. */
static void utf8_put(ta_buf *b, int cp)
{
	if (cp < 0x80) {
		ta_buf_putc(b, (char)cp);
	} else if (cp < 0x800) {
		ta_buf_putc(b, (char)(0xc0 | (cp >> 6)));
		ta_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		ta_buf_putc(b, (char)(0xe0 | (cp >> 12)));
		ta_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		ta_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		ta_buf_putc(b, (char)(0xf0 | (cp >> 18)));
		ta_buf_putc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
		ta_buf_putc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		ta_buf_putc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

static int prompt_key(ta_tui *ui, int key)
{
	char *p = ui->st.prompt;
	size_t len = strlen(p);

	switch (key) {
	case TA_KEY_ENTER:
		return prompt_confirm(ui);
	case TA_KEY_ESC:
	case CTRL('g'):
		prompt_clear(ui);
		messagef(ui, false, "cancelled");
		return TA_REDRAW_STATUS;
	case TA_KEY_BACKSPACE:
	case CTRL('h'):
		while (len > 0 && ((unsigned char)p[len - 1] & 0xc0) == 0x80)
			len--; /* continuation bytes of a UTF-8 character */
		if (len > 0)
			len--;
		p[len] = '\0';
		return TA_REDRAW_STATUS;
	case CTRL('u'):
		p[0] = '\0';
		return TA_REDRAW_STATUS;
	default:
		if (key >= 0x20 && key != 0x7f && key < 0x110000 && len < 1024) {
			ta_buf b = {.s = p, .len = len, .cap = len + 1};
			utf8_put(&b, key);
			ui->st.prompt = b.s;
			return TA_REDRAW_STATUS;
		}
		return TA_REDRAW_NONE;
	}
}

/* A file of the tree as a path to open: the tree root joined with it (or itself when absolute). */
static char *tree_path(ta_tui *ui, const char *file)
{
	const char *root = ta_review_audit(ui->rv)->tree;

	if (file[0] == '/' || !root || !*root)
		return xstrdup(file);
	return ta_path_join(root, file);
}

/* Ask the view to run sh -c SCRIPT with arguments (NULL-terminated). */
static int run_sh(ta_tui *ui, const char *script, ...)
{
	va_list ap;
	size_t n = 4;
	const char *arg;

	ta_tui_ran(ui, 0);
	ui->st.run_argv = xcalloc(16, sizeof(char *));
	ui->st.run_argv[0] = xstrdup("sh");
	ui->st.run_argv[1] = xstrdup("-c");
	ui->st.run_argv[2] = xstrdup(script);
	ui->st.run_argv[3] = xstrdup("sh"); /* $0 */
	va_start(ap, script);
	while ((arg = va_arg(ap, const char *)) && n < 15)
		ui->st.run_argv[n++] = xstrdup(arg);
	va_end(ap);
	return TA_REDRAW_RUN;
}

/*
 * e: $EDITOR +LINE FILE (vi when EDITOR is unset or empty; EDITOR may hold
 * options): the tasklet's file and line, or on the callback's page the
 * callback's.
 */
static int run_editor(ta_tui *ui)
{
	long i = current_or_say(ui, "no tasklet to open");
	const ta_tasklet *t;
	const char *file;
	unsigned at;
	char *path, line[24];
	int flags;

	if (i < 0)
		return TA_REDRAW_STATUS;
	t = &ta_review_audit(ui->rv)->tasklets[i];
	file = t->file;
	at = t->line;
	if (ui->st.mode == TA_MODE_BODY && t->callback_file) {
		file = t->callback_file;
		at = t->callback_line;
	}
	if (!file) {
		messagef(ui, true, "%s has no file to open", tasklet_name(ui, (size_t)i));
		return TA_REDRAW_STATUS;
	}
	path = tree_path(ui, file);
	snprintf(line, sizeof(line), "+%u", at ? at : 1);
	flags = run_sh(ui, "exec ${EDITOR:-vi} \"$@\"", line, path, (char *)NULL);
	free(path);
	return flags;
}

/* p: the proposed patch through $PAGER (less -R when PAGER is unset or empty). */
static int run_pager(ta_tui *ui)
{
	long i = current_or_say(ui, "no tasklet to show");
	char *note = NULL, *patch, *tmpl;
	FILE *f;
	bool ok;
	int fd;

	if (i < 0)
		return TA_REDRAW_STATUS;
	patch = ta_review_patch_preview(ui->rv, (size_t)i, &note);
	if (!patch || !*patch) {
		messagef(ui, true, "no patch for %s%s%s", tasklet_name(ui, (size_t)i),
			 note ? ": " : "", note ? note : "");
		free(patch);
		free(note);
		return TA_REDRAW_STATUS;
	}
	free(note);
	/* mkstemps() template: the six X are replaced, the ".diff" suffix kept */
	tmpl = xasprintf("%s/tasklet-audit-patch-XXXXXX.diff", ta_tmp_dir());
	fd = mkstemps(tmpl, 5);
	f = fd >= 0 ? fdopen(fd, "w") : NULL;
	ok = f && fputs(patch, f) != EOF;
	if (f)
		ok &= fclose(f) == 0; /* closes fd too */
	else if (fd >= 0)
		close(fd);
	if (!ok) {
		messagef(ui, true, "cannot write the patch for the pager to '%s': %s", tmpl,
			 strerror(errno));
		if (fd >= 0)
			unlink(tmpl);
		free(tmpl);
		free(patch);
		return TA_REDRAW_STATUS;
	}
	free(patch);
	run_sh(ui, "exec ${PAGER:-less -R} \"$1\"", tmpl, (char *)NULL);
	ui->run_tmp = tmpl;
	return TA_REDRAW_RUN;
}

int ta_tui_ran(ta_tui *ui, int status)
{
	const char *prog = ui->st.run_argv ? ui->st.run_argv[4] : NULL;
	bool editor = prog && prog[0] == '+';

	if (ui->st.run_argv && status != 0) {
		if (status == -1)
			messagef(ui, true, "cannot start the %s", editor ? "editor" : "pager");
		else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
			messagef(ui, true, "the %s was not found (%s)", editor ? "editor" : "pager",
				 editor ? "EDITOR" : "PAGER");
		else
			messagef(ui, true, "the %s ended with status %d",
				 editor ? "editor" : "pager",
				 WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	}
	for (size_t k = 0; ui->st.run_argv && ui->st.run_argv[k]; k++)
		free(ui->st.run_argv[k]);
	free(ui->st.run_argv);
	ui->st.run_argv = NULL;
	if (ui->run_tmp)
		unlink(ui->run_tmp);
	free(ui->run_tmp);
	ui->run_tmp = NULL;
	return TA_REDRAW_ALL;
}

static void body_add(ta_detail *d, enum ta_style style, const char *text)
{
	ta_grow((void **)&d->v, &d->cap, d->n + 1, sizeof(*d->v));
	d->v[d->n].style = style;
	d->v[d->n].text = ta_detail_clean(text, strlen(text));
	d->n++;
}

#define BODY_MAX_LINES 2000

/* The callback's function from its line to the first '}' in column 0. */
static ta_detail *callback_body(ta_tui *ui, const ta_tasklet *t, char **err)
{
	char *path, *text, *p;
	ta_detail *d;
	unsigned line = 1;

	*err = NULL;
	if (!t->callback || !t->callback_file || !t->callback_line) {
		*err = xasprintf("the callback of %s is not known to the report",
				 t->name ? t->name : t->key);
		return NULL;
	}
	path = tree_path(ui, t->callback_file);
	text = ta_read_file(path, NULL);
	if (!text) {
		*err = xasprintf("cannot read '%s'", path);
		free(path);
		return NULL;
	}
	free(path);
	d = xcalloc(1, sizeof(*d));
	{
		char *title = xasprintf("%s()  %s:%u", t->callback, t->callback_file,
					t->callback_line);
		body_add(d, TA_STYLE_TITLE, title);
		free(title);
		body_add(d, TA_STYLE_TEXT, "");
	}
	for (p = text; *p && line < t->callback_line; p++)
		if (*p == '\n')
			line++;
	while (*p && d->n < BODY_MAX_LINES) {
		char *nl = strchr(p, '\n'), *l = xstrndup(p, nl ? (size_t)(nl - p) : strlen(p));
		char *num = xasprintf("%6u  %s", line++, l);
		bool end = l[0] == '}';
		body_add(d, TA_STYLE_SOURCE, num);
		free(num);
		free(l);
		if (end || !nl)
			break;
		p = nl + 1;
	}
	free(text);
	if (d->n == 2)
		body_add(d, TA_STYLE_DIM, "(the file is shorter than the callback's line)");
	return d;
}

/* c: the callback's body on a page of its own. */
static int open_body(ta_tui *ui)
{
	long i = current_or_say(ui, "no tasklet to show");
	char *err;

	if (i < 0)
		return TA_REDRAW_STATUS;
	ta_detail_free(&ui->st.body);
	ui->st.body = callback_body(ui, &ta_review_audit(ui->rv)->tasklets[i], &err);
	if (!ui->st.body) {
		messagef(ui, true, "no callback body: %s", err);
		free(err);
		return TA_REDRAW_STATUS;
	}
	ui->st.mode = TA_MODE_BODY;
	ui->st.page_top = 0;
	return TA_REDRAW_ALL;
}

/* A or R: ask, then decide every tasklet shown (or of the cursor's group). */
static int start_bulk(ta_tui *ui, enum ta_decision d)
{
	const char *title = NULL;
	char *label;

	free(ui->bulk);
	ui->n_bulk = ta_review_shown_tasklets(ui->rv, ta_review_grouping(ui->rv) != NULL, &ui->bulk,
					      &title);
	if (!ui->n_bulk) {
		messagef(ui, true, "no tasklet to %s",
			 d == TA_DECISION_ACCEPT ? "accept" : "reject");
		return TA_REDRAW_STATUS;
	}
	ui->bulk_decision = d;
	if (title)
		label = xasprintf("%s %zu tasklet%s of %s? (y/n) ",
				  d == TA_DECISION_ACCEPT ? "accept" : "reject", ui->n_bulk,
				  ui->n_bulk == 1 ? "" : "s", title);
	else
		label = xasprintf("%s %zu tasklet%s? (y/n) ",
				  d == TA_DECISION_ACCEPT ? "accept" : "reject", ui->n_bulk,
				  ui->n_bulk == 1 ? "" : "s");
	prompt_start(ui, TA_INPUT_CONFIRM, label, NULL);
	free(label);
	return TA_REDRAW_STATUS;
}

static int confirm_key(ta_tui *ui, int key)
{
	size_t n = ui->n_bulk;
	enum ta_decision d = ui->bulk_decision;

	prompt_clear(ui);
	if (key != 'y' && key != 'Y') {
		messagef(ui, false, "cancelled: nothing decided");
		return TA_REDRAW_STATUS;
	}
	ta_review_decide_many(ui->rv, ui->bulk, n, d);
	messagef(ui, false, "%s %zu tasklet%s (u undoes them all)",
		 d == TA_DECISION_ACCEPT ? "accepted" : "rejected", n, n == 1 ? "" : "s");
	free(ui->bulk);
	ui->bulk = NULL;
	ui->n_bulk = 0;
	follow_cursor(ui);
	save_change(ui);
	if (ui->st.mode == TA_MODE_DETAIL) {
		build_detail(ui);
		if (!ui->st.detail)
			return close_page(ui);
	}
	return TA_REDRAW_ALL;
}

/*
 * The MAINTAINERS entry of each tasklet's file: the report's own
 * (maintainers_entry, format 1.4), else read from the tree's MAINTAINERS;
 * NULL after a message when the tree has none.
 */
static char **maintainer_keys(ta_tui *ui)
{
	const ta_audit *a = ta_review_audit(ui->rv);
	char **keys;

	if (a->n_tasklets && a->tasklets[0].maintainers_entry) {
		keys = xcalloc(a->n_tasklets + 1, sizeof(*keys));
		for (size_t i = 0; i < a->n_tasklets; i++) {
			const char *e = a->tasklets[i].maintainers_entry;
			keys[i] = e && strcmp(e, "THE REST") != 0 ? xstrdup(e) : NULL;
		}
		return keys;
	}
	if (!ui->maint_loaded) {
		char *err = NULL;
		ui->maint_loaded = true;
		ui->maint = a->tree ? ta_maintainers_load(a->tree, &err) : NULL;
		if (err) {
			messagef(ui, true, "%s", err);
			free(err);
			return NULL;
		}
	}
	if (!ui->maint) {
		messagef(ui, true, "no MAINTAINERS in the tree '%s': no grouping by entry",
			 a->tree ? a->tree : "");
		return NULL;
	}
	if (!ui->maint_keys) {
		ui->maint_keys = xcalloc(a->n_tasklets + 1, sizeof(*ui->maint_keys));
		for (size_t i = 0; i < a->n_tasklets; i++) {
			const char *f = a->tasklets[i].file, *sec;
			sec = f ? ta_maintainers_section(ui->maint, &f, 1, TA_SECTION_SPECIFIC)
				: NULL;
			ui->maint_keys[i] = sec ? xstrdup(sec) : NULL;
		}
	}
	keys = xcalloc(a->n_tasklets + 1, sizeof(*keys));
	for (size_t i = 0; i < a->n_tasklets; i++)
		keys[i] = ui->maint_keys[i] ? xstrdup(ui->maint_keys[i]) : NULL;
	return keys;
}

/* b: the next grouping. */
static int next_grouping(ta_tui *ui)
{
	char **keys = NULL;

	ui->grouping = (ui->grouping + 1) % (int)N_GROUPINGS;
	if (groupings[ui->grouping].depth < 0) {
		keys = maintainer_keys(ui);
		if (!keys) /* said why */
			ui->grouping = 0;
	} else if (ui->grouping) {
		keys = ta_review_path_keys(ui->rv, groupings[ui->grouping].depth);
	}
	ui->st.prev_cursor = ta_review_cursor(ui->rv);
	ta_review_set_groups(ui->rv, groupings[ui->grouping].label, keys);
	if (keys || !ui->st.message)
		messagef(ui, false, "%s", ui->grouping ? "grouped by " : "not grouped");
	if (ui->grouping) {
		char *m = xasprintf("%s%s", ui->st.message, groupings[ui->grouping].label);
		ta_tui_set_message(ui, false, m);
		free(m);
	}
	ui->st.top = 0;
	follow_cursor(ui);
	return TA_REDRAW_ALL;
}

static int toggle_group(ta_tui *ui)
{
	if (!ta_review_grouping(ui->rv)) {
		messagef(ui, true, "not grouped: b groups the list");
		return TA_REDRAW_STATUS;
	}
	ta_review_toggle_group(ui->rv, ta_review_cursor(ui->rv));
	follow_cursor(ui);
	return TA_REDRAW_LIST | TA_REDRAW_STATUS;
}

/* Keys that decide, comment or export: the same in the list and on the page. */
static int decide_key(ta_tui *ui, int key, bool *handled)
{
	long i = ta_review_current(ui->rv);
	const ta_review_decision *d;

	*handled = true;
	if (ui->search_failed && strchr("ardmUCAR", key) && key < 0x80 && key > 0) {
		messagef(ui, true, "no match for '%s': move first",
			 ta_review_search(ui->rv) ? ta_review_search(ui->rv) : "");
		return TA_REDRAW_STATUS;
	}
	switch (key) {
	case 'a':
		return decide(ui, TA_DECISION_ACCEPT, NULL);
	case 'r':
		return decide(ui, TA_DECISION_REJECT, NULL);
	case 'd':
		return decide(ui, TA_DECISION_DEFER, NULL);
	case 'u':
		return undo(ui);
	case 'U':
		return decide(ui, TA_DECISION_NONE, NULL);
	case 'm':
		return start_mechanism(ui);
	case 'A':
		return start_bulk(ui, TA_DECISION_ACCEPT);
	case 'R':
		return start_bulk(ui, TA_DECISION_REJECT);
	case 'e':
		return run_editor(ui);
	case 'p':
		return run_pager(ui);
	case 'c':
		return open_body(ui);
	case 'C':
		if (i < 0) {
			messagef(ui, true, "no tasklet to comment on");
			return TA_REDRAW_STATUS;
		}
		d = ta_review_decision_of(ui->rv, (size_t)i);
		prompt_start(ui, TA_INPUT_COMMENT, "comment: ", d ? d->comment : NULL);
		return TA_REDRAW_STATUS;
	case 'x':
		prompt_start(ui, TA_INPUT_EXPORT, "export accepted patches to: ", ui->export_dir);
		return TA_REDRAW_STATUS;
	case '/':
		prompt_start(ui, TA_INPUT_SEARCH, "/", NULL);
		return TA_REDRAW_STATUS;
	case 'n':
	case 'N':
		if (!ta_review_search(ui->rv)) {
			messagef(ui, true, "no search: press / first");
			return TA_REDRAW_STATUS;
		}
		ui->st.prev_cursor = ta_review_cursor(ui->rv);
		if (!ta_review_search_next(ui->rv, key == 'n' ? 1 : -1)) {
			messagef(ui, true, "no match for '%s': the cursor stays",
				 ta_review_search(ui->rv));
			ui->search_failed = true;
			return TA_REDRAW_STATUS;
		}
		match_message(ui);
		return jumped(ui);
	case ']':
	case '[':
		ui->st.prev_cursor = ta_review_cursor(ui->rv);
		if (!ta_review_next_undecided(ui->rv, key == ']' ? 1 : -1)) {
			messagef(ui, false, "no undecided tasklet");
			return TA_REDRAW_STATUS;
		}
		return jumped(ui);
	case '?':
		prompt_clear(ui);
		ui->st.mode = TA_MODE_HELP;
		ui->st.page_top = 0;
		return TA_REDRAW_ALL;
	case TA_KEY_REDRAW:
		return TA_REDRAW_ALL;
	default:
		*handled = false;
		return TA_REDRAW_NONE;
	}
}

static int list_key(ta_tui *ui, int key)
{
	size_t page = ta_tui_page_height(ui);
	enum ta_field f;

	switch (key) {
	case 'j':
	case TA_KEY_DOWN:
		return move_by(ui, 1);
	case 'k':
	case TA_KEY_UP:
		return move_by(ui, -1);
	case TA_KEY_PGDN:
	case ' ':
	case CTRL('f'):
		return move_by(ui, (long)page);
	case TA_KEY_PGUP:
	case CTRL('b'):
		return move_by(ui, -(long)page);
	case 'g':
	case TA_KEY_HOME:
		return move_to(ui, 0);
	case 'G':
	case TA_KEY_END:
		return move_to(ui, ta_review_n_rows(ui->rv) ? ta_review_n_rows(ui->rv) - 1 : 0);
	case TA_KEY_ENTER:
	case 'l':
	case TA_KEY_RIGHT:
		if (ta_review_row_is_group(ui->rv, ta_review_cursor(ui->rv)))
			return toggle_group(ui);
		return open_detail(ui);
	case 'o':
	case TA_KEY_TAB:
		return toggle_group(ui);
	case 'z':
		if (!ta_review_grouping(ui->rv))
			return toggle_group(ui);
		ta_review_collapse_all(ui->rv, !ta_review_any_collapsed(ui->rv));
		messagef(ui, false, "%s",
			 ta_review_any_collapsed(ui->rv) ? "every group collapsed"
							 : "every group expanded");
		ui->st.top = 0;
		follow_cursor(ui);
		return TA_REDRAW_LIST | TA_REDRAW_STATUS;
	case 'b':
		return next_grouping(ui);
	case 'S':
		ta_review_set_reverse(ui->rv, !ta_review_reverse(ui->rv));
		follow_cursor(ui);
		messagef(ui, false, "sorted by %s, %s", ta_field_name(ta_review_sort(ui->rv)),
			 ta_review_reverse(ui->rv) ? "reversed" : "in order");
		return TA_REDRAW_LIST | TA_REDRAW_STATUS;
	case 'f':
		return start_filter(ui);
	case 's':
		f = ta_review_sort(ui->rv);
		do
			f = (enum ta_field)((f + 1) % TA_FIELD_COUNT);
		while (!ta_field_sortable(f));
		ta_review_set_sort(ui->rv, f);
		follow_cursor(ui);
		messagef(ui, false, "sorted by %s%s", ta_field_name(f),
			 ta_review_reverse(ui->rv) ? ", reversed" : "");
		return TA_REDRAW_LIST | TA_REDRAW_STATUS;
	case 'q':
		if (ta_tui_save(ui) != 0)
			messagef(ui, true, "could not save the review to '%s'", ui->review_path);
		return TA_REDRAW_QUIT;
	default:
		return TA_REDRAW_NONE;
	}
}

/* Scroll a page of n lines (detail or help). */
static int page_scroll(ta_tui *ui, size_t n, long delta, bool absolute)
{
	size_t h = ta_tui_page_height(ui), max = n > h ? n - h : 0, top = ui->st.page_top;

	if (absolute)
		top = delta < 0 ? 0 : max;
	else if (delta < 0)
		top = (size_t)-delta > top ? 0 : top - (size_t)-delta;
	else
		top = top + (size_t)delta > max ? max : top + (size_t)delta;
	if (top == ui->st.page_top)
		return TA_REDRAW_NONE;
	ui->st.page_top = top;
	return TA_REDRAW_LIST;
}

/* The scrolling keys of a page of n lines; -1 for any other key. */
static int scroll_key(ta_tui *ui, size_t n, int key)
{
	size_t page = ta_tui_page_height(ui);

	switch (key) {
	case 'j':
	case TA_KEY_DOWN:
		return page_scroll(ui, n, 1, false);
	case 'k':
	case TA_KEY_UP:
		return page_scroll(ui, n, -1, false);
	case TA_KEY_PGDN:
	case ' ':
	case CTRL('f'):
		return page_scroll(ui, n, (long)page, false);
	case TA_KEY_PGUP:
	case CTRL('b'):
		return page_scroll(ui, n, -(long)page, false);
	case 'g':
	case TA_KEY_HOME:
		return page_scroll(ui, n, -1, true);
	case 'G':
	case TA_KEY_END:
		return page_scroll(ui, n, 1, true);
	default:
		return -1;
	}
}

static int detail_key(ta_tui *ui, int key)
{
	size_t n = ui->st.detail ? ui->st.detail->n : 0;
	int flags = scroll_key(ui, n, key);

	if (flags >= 0)
		return flags;
	switch (key) {
	case 'q':
	case 'h':
	case TA_KEY_ESC:
	case TA_KEY_LEFT:
	case TA_KEY_BACKSPACE:
		return close_page(ui);
	default:
		return TA_REDRAW_NONE;
	}
}

static int help_key(ta_tui *ui, int key)
{
	switch (key) {
	case 'j':
	case TA_KEY_DOWN:
		return page_scroll(ui, ta_tui_n_help, 1, false);
	case 'k':
	case TA_KEY_UP:
		return page_scroll(ui, ta_tui_n_help, -1, false);
	default:
		ui->st.mode = ui->st.detail ? TA_MODE_DETAIL : TA_MODE_LIST;
		ui->st.page_top = 0;
		return TA_REDRAW_ALL;
	}
}

static int body_key(ta_tui *ui, int key)
{
	size_t n = ui->st.body ? ui->st.body->n : 0;
	int flags = scroll_key(ui, n, key);

	if (flags >= 0)
		return flags;
	switch (key) {
	case 'q':
	case 'h':
	case 'c':
	case TA_KEY_ESC:
	case TA_KEY_LEFT:
	case TA_KEY_BACKSPACE:
		ta_detail_free(&ui->st.body);
		ui->st.mode = ui->st.detail ? TA_MODE_DETAIL : TA_MODE_LIST;
		ui->st.page_top = 0;
		if (ui->st.mode == TA_MODE_LIST)
			follow_cursor(ui);
		return TA_REDRAW_ALL;
	case 'e':
		return run_editor(ui);
	case TA_KEY_REDRAW:
		return TA_REDRAW_ALL;
	default:
		return TA_REDRAW_NONE;
	}
}

int ta_tui_key(ta_tui *ui, int key)
{
	int flags = TA_REDRAW_NONE;
	bool handled;

	if (ui->st.too_small) {
		if (key != 'q')
			return TA_REDRAW_NONE;
		ta_tui_save(ui);
		return TA_REDRAW_QUIT;
	}
	if (ui->st.message && ui->st.input == TA_INPUT_NONE) {
		ta_tui_set_message(ui, false, NULL);
		flags = TA_REDRAW_STATUS;
	}
	ui->st.prev_cursor = ta_review_cursor(ui->rv);
	if (ui->st.input == TA_INPUT_PICK)
		return flags | pick_key(ui, key);
	if (ui->st.input == TA_INPUT_CONFIRM)
		return flags | confirm_key(ui, key);
	if (ui->st.input != TA_INPUT_NONE)
		return flags | prompt_key(ui, key);
	if (ui->st.mode == TA_MODE_HELP)
		return flags | help_key(ui, key);
	if (ui->st.mode == TA_MODE_BODY)
		return flags | body_key(ui, key);
	flags |= decide_key(ui, key, &handled);
	if (handled)
		return flags;
	if (ui->st.mode == TA_MODE_DETAIL)
		return flags | detail_key(ui, key);
	return flags | list_key(ui, key);
}

int ta_tui_resize(ta_tui *ui, int rows, int cols)
{
	ui->st.rows = rows;
	ui->st.cols = cols;
	ui->st.too_small = rows < TA_TUI_MIN_ROWS || cols < TA_TUI_MIN_COLS;
	if (ui->st.too_small)
		return TA_REDRAW_ALL;
	follow_cursor(ui);
	if (ui->st.mode == TA_MODE_DETAIL) {
		size_t top = ui->st.page_top;
		build_detail(ui);
		ui->st.page_top = 0;
		page_scroll(ui, ui->st.detail ? ui->st.detail->n : 0, (long)top, false);
	}
	return TA_REDRAW_ALL;
}
