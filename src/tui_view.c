// SPDX-License-Identifier: GPL-2.0-only
/*
 * tui_view.c - paints the review TUI with ncurses and runs its key loop
 * (see tui_view.h).  Everything shown comes from ta_tui_state and the
 * review model; this file decides only where and in which colour.  Colour
 * is used when the terminal has it and NO_COLOR is unset or empty;
 * otherwise bold, underline, dim and reverse carry the same distinctions.
 */
#include "tui_view.h"

#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

#include "diag.h"
#include "review.h"
#include "util.h"

/* What the view paints, beyond the detail page's styles. */
enum vstyle {
	V_NORMAL = TA_STYLE_COUNT,
	V_HEADER,
	V_STATUS,
	V_MESSAGE_ERROR,
	V_CURSOR,
	V_MATCH,
	V_ACCEPT,
	V_REJECT,
	V_DEFER,
	V_STALE,
	V_CLASS_A, /* the class colours */
	V_CLASS_B,
	V_CLASS_C,
	V_CLASS_D,
	V_CLASS_E,
	V_CLASS_UNKNOWN,
	V_CLASS_UNUSED,
	V_COUNT
};

/* Colour pairs: the index is the pair number. */
enum { P_CYAN = 1, P_GREEN, P_YELLOW, P_RED, P_MAGENTA, P_BLUE, P_STATUS, P_CURSOR };

/* Classes with a colour of their own; any other class is painted plainly. */
static const struct {
	const char *cls;
	enum vstyle style;
} class_styles[] = {
	{"isr_bottom_half", V_CLASS_A}, {"network_bh", V_CLASS_B},
	{"dma_completion", V_CLASS_C},  {"self_rearming_poller", V_CLASS_D},
	{"timer_driven", V_CLASS_E},    {"process_deferral", V_CLASS_E},
	{"gpu_scheduler", V_CLASS_C},   {"atomic_deferral", V_CLASS_E},
	{"mixed_context", V_CLASS_E},   {"unknown", V_CLASS_UNKNOWN},
	{"unused", V_CLASS_UNUSED},
};

static struct view {
	SCREEN *screen;
	FILE *term_out;           /* the terminal, a dup of the original stdout */
	int saved_out, saved_err; /* the original stdout and stderr */
	FILE *capture;            /* where stdout and stderr go while the screen is up */
	long capture_seen;
	bool color;
	bool up;
	attr_t attrs[V_COUNT];
	FILE *timing;   /* $TA_REVIEW_TIMING: how long each paint took */
	bool busy_seen; /* the busy line was painted since the last key */
} V = {.saved_out = -1, .saved_err = -1};

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
}

/* Put the terminal and the standard streams back; print what was captured. */
static void view_restore(void)
{
	char buf[4096];
	size_t n;

	if (!V.up)
		return;
	V.up = false;
	endwin();
	fflush(stdout);
	fflush(stderr);
	dup2(V.saved_out, STDOUT_FILENO);
	dup2(V.saved_err, STDERR_FILENO);
	close(V.saved_out);
	close(V.saved_err);
	if (V.screen)
		delscreen(V.screen);
	V.screen = NULL;
	if (V.term_out)
		fclose(V.term_out);
	V.term_out = NULL;
	if (V.capture) {
		rewind(V.capture);
		while ((n = fread(buf, 1, sizeof(buf), V.capture)) > 0)
			fwrite(buf, 1, n, stderr);
		fclose(V.capture);
		V.capture = NULL;
	}
	ta_set_oom_hook(NULL);
}

/* The last line printed while the screen is up, if any is new (caller frees). */
static char *captured_line(void)
{
	long end;
	char *text, *line, *nl;

	fflush(stdout);
	fflush(stderr);
	if (!V.capture || fseek(V.capture, 0, SEEK_END) != 0)
		return NULL;
	end = ftell(V.capture);
	if (end <= V.capture_seen)
		return NULL;
	text = xcalloc(1, (size_t)(end - V.capture_seen) + 1);
	fseek(V.capture, V.capture_seen, SEEK_SET);
	if (fread(text, 1, (size_t)(end - V.capture_seen), V.capture) == 0)
		text[0] = '\0';
	V.capture_seen = end;
	while ((nl = strrchr(text, '\n')) && !nl[1])
		*nl = '\0';
	nl = strrchr(text, '\n');
	line = xstrdup(nl ? nl + 1 : text);
	free(text);
	return line;
}

static void setup_styles(void)
{
	attr_t mono[V_COUNT] = {0};

	/* monochrome: attributes only */
	mono[TA_STYLE_TITLE] = A_BOLD;
	mono[TA_STYLE_HEADING] = A_BOLD | A_UNDERLINE;
	mono[TA_STYLE_DIM] = A_DIM;
	mono[TA_STYLE_CLASS] = A_BOLD;
	mono[TA_STYLE_GOOD] = A_BOLD;
	mono[TA_STYLE_WARN] = A_UNDERLINE;
	mono[TA_STYLE_BAD] = A_BOLD | A_UNDERLINE;
	mono[TA_STYLE_SOURCE_HIT] = A_BOLD;
	mono[TA_STYLE_DIFF_ADD] = A_BOLD;
	mono[TA_STYLE_DIFF_DEL] = A_DIM;
	mono[TA_STYLE_DIFF_HUNK] = A_UNDERLINE;
	mono[TA_STYLE_DIFF_FILE] = A_BOLD;
	mono[V_HEADER] = A_BOLD | A_UNDERLINE;
	mono[V_STATUS] = A_REVERSE;
	mono[V_MESSAGE_ERROR] = A_BOLD;
	mono[V_CURSOR] = A_REVERSE;
	mono[V_MATCH] = A_UNDERLINE;
	mono[V_ACCEPT] = A_BOLD;
	mono[V_REJECT] = A_DIM;
	mono[V_STALE] = A_BOLD | A_UNDERLINE;
	mono[V_CLASS_UNKNOWN] = A_UNDERLINE;
	mono[V_CLASS_UNUSED] = A_DIM;
	memcpy(V.attrs, mono, sizeof(mono));
	if (!V.color)
		return;
	start_color();
	use_default_colors();
	init_pair(P_CYAN, COLOR_CYAN, -1);
	init_pair(P_GREEN, COLOR_GREEN, -1);
	init_pair(P_YELLOW, COLOR_YELLOW, -1);
	init_pair(P_RED, COLOR_RED, -1);
	init_pair(P_MAGENTA, COLOR_MAGENTA, -1);
	init_pair(P_BLUE, COLOR_BLUE, -1);
	init_pair(P_STATUS, COLOR_BLACK, COLOR_CYAN);
	init_pair(P_CURSOR, COLOR_BLACK, COLOR_WHITE);
	V.attrs[TA_STYLE_TITLE] = A_BOLD | COLOR_PAIR(P_CYAN);
	V.attrs[TA_STYLE_HEADING] = A_BOLD | COLOR_PAIR(P_BLUE);
	V.attrs[TA_STYLE_CLASS] = A_BOLD | COLOR_PAIR(P_CYAN);
	V.attrs[TA_STYLE_GOOD] = COLOR_PAIR(P_GREEN);
	V.attrs[TA_STYLE_WARN] = COLOR_PAIR(P_YELLOW);
	V.attrs[TA_STYLE_BAD] = A_BOLD | COLOR_PAIR(P_RED);
	V.attrs[TA_STYLE_SOURCE_HIT] = A_BOLD | COLOR_PAIR(P_YELLOW);
	V.attrs[TA_STYLE_DIFF_ADD] = COLOR_PAIR(P_GREEN);
	V.attrs[TA_STYLE_DIFF_DEL] = COLOR_PAIR(P_RED);
	V.attrs[TA_STYLE_DIFF_HUNK] = COLOR_PAIR(P_CYAN);
	V.attrs[TA_STYLE_DIFF_FILE] = A_BOLD;
	V.attrs[V_STATUS] = COLOR_PAIR(P_STATUS);
	V.attrs[V_MESSAGE_ERROR] = A_BOLD | COLOR_PAIR(P_RED);
	V.attrs[V_CURSOR] = A_REVERSE;
	V.attrs[V_ACCEPT] = A_BOLD | COLOR_PAIR(P_GREEN);
	V.attrs[V_REJECT] = COLOR_PAIR(P_RED);
	V.attrs[V_DEFER] = COLOR_PAIR(P_YELLOW);
	V.attrs[V_STALE] = A_BOLD | COLOR_PAIR(P_MAGENTA);
	V.attrs[V_CLASS_A] = COLOR_PAIR(P_CYAN);
	V.attrs[V_CLASS_B] = COLOR_PAIR(P_BLUE);
	V.attrs[V_CLASS_C] = COLOR_PAIR(P_MAGENTA);
	V.attrs[V_CLASS_D] = COLOR_PAIR(P_YELLOW);
	V.attrs[V_CLASS_E] = COLOR_PAIR(P_GREEN);
	V.attrs[V_CLASS_UNKNOWN] = A_BOLD | COLOR_PAIR(P_YELLOW);
	V.attrs[V_CLASS_UNUSED] = A_DIM;
}

/* Draw s at (y, x) in at most width columns, padded with spaces when pad. */
static void put(int y, int x, int width, const char *s, attr_t attr, bool pad)
{
	mbstate_t ps;
	int used = 0;
	size_t len = strlen(s), off = 0;

	if (width <= 0)
		return;
	memset(&ps, 0, sizeof(ps));
	attron(attr);
	move(y, x);
	while (off < len) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + off, len - off, &ps);
		int w;
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
			memset(&ps, 0, sizeof(ps));
			wc = L'?';
			k = 1;
		}
		w = wcwidth(wc);
		if (w < 0)
			w = 1, wc = L'?';
		if (used + w > width)
			break;
		addnwstr(&wc, 1);
		used += w;
		off += k;
	}
	if (pad)
		for (; used < width; used++)
			addch(' ');
	attroff(attr);
}

/* Text that fits width columns (ASCII measure): cut at the end with '~', or keep the tail. */
static const char *fit(const char *s, int width, bool tail, char *buf, size_t size)
{
	size_t len = strlen(s);

	if (width <= 1 || len <= (size_t)width || (size_t)width + 1 >= size)
		return s;
	if (tail)
		snprintf(buf, size, "~%s", s + len - (size_t)width + 1);
	else
		snprintf(buf, size, "%.*s~", width - 1, s);
	return buf;
}

/* Columns of the list for a screen width (0: not shown). */
struct cols {
	int sub, name, cls, mech, conf, verdict, dec, loc;
};

/*
 * From 120 columns every column has its full width.  Below, class and
 * verdict narrow, the location keeps a file:line tail beside the name, and
 * below 100 columns the subsystem goes (the group headers and the detail
 * page still show it).  The mechanism column is wide enough for every
 * mechanism name and its "*".
 */
static struct cols layout(int width)
{
	struct cols c = {.cls = 15, .mech = 13, .conf = 4, .verdict = 11, .dec = 8};
	int rest;

	if (width < 120) {
		c.cls = 12;
		c.verdict = 10;
	}
	rest = width - (c.cls + c.mech + c.conf + c.verdict + c.dec + 5);
	if (width >= 100) {
		/* the subsystem takes up to 18 columns ("drivers/net/wireless") of what is left */
		c.sub = width >= 120 ? rest * 2 / 5 : rest / 4;
		c.sub = c.sub < 10 ? 10 : c.sub > 18 ? 18 : c.sub;
		rest -= c.sub + 1;
	}
	if (width >= 120)
		c.loc = rest / 2 > 48 ? 48 : rest / 2;
	else
		c.loc = rest / 2;
	rest -= c.loc + 1;
	c.name = rest;
	return c;
}

/*
 * "file:line", or when it does not fit, the longest tail of whole path
 * components that does ("host/init.c:986"); a name too long for the
 * column is then cut to its tail after '~' by the cell.
 */
static const char *location(const ta_tasklet *t, int width, char *buf, size_t size)
{
	const char *file = t->file ? t->file : "?", *p = file;

	snprintf(buf, size, "%s:%u", file, t->line);
	while ((int)strlen(buf) > width && (p = strchr(p, '/'))) {
		p++;
		snprintf(buf, size, "%s:%u", p, t->line);
	}
	return buf;
}

/* The mechanism with the reviewer's "*" kept whatever the width: "bh_workq~*". */
static const char *mech_cell(const char *mech, bool picked, int width, char *buf, size_t size)
{
	int len = (int)strlen(mech);

	if (!picked || len + 1 <= width)
		snprintf(buf, size, "%s%s", mech, picked ? "*" : "");
	else
		snprintf(buf, size, "%.*s~*", width > 2 ? width - 2 : 0, mech);
	return buf;
}

static int class_style(const char *cls)
{
	for (size_t i = 0; i < sizeof(class_styles) / sizeof(*class_styles); i++)
		if (strcmp(class_styles[i].cls, cls) == 0)
			return class_styles[i].style;
	return V_NORMAL;
}

static int verdict_style(const char *v)
{
	if (strcmp(v, "equivalent") == 0)
		return TA_STYLE_GOOD;
	if (strcmp(v, "differs") == 0)
		return TA_STYLE_WARN;
	if (strcmp(v, "unsafe") == 0)
		return TA_STYLE_BAD;
	return TA_STYLE_DIM;
}

static void draw_header(const ta_tui *ui)
{
	const ta_review *rv = ta_tui_review((ta_tui *)ui);
	struct cols c = layout(COLS);
	enum ta_field sort = ta_review_sort(rv);
	char buf[64];
	int x = 0;
	const struct {
		const char *title;
		int width;
		int field;
	} heads[] = {
		{"SUBSYSTEM", c.sub, TA_FIELD_SUBSYSTEM},
		{"TASKLET", c.name, -1},
		{"LOCATION", c.loc, -1},
		{"CLASS", c.cls, TA_FIELD_CLASS},
		{"MECHANISM", c.mech, TA_FIELD_MECHANISM},
		{"CONF", c.conf, TA_FIELD_CONFIDENCE},
		{"VERDICT", c.verdict, TA_FIELD_VERDICT},
		{"DECISION", c.dec, TA_FIELD_DECISION},
	};

	move(0, 0);
	clrtoeol();
	for (size_t i = 0; i < sizeof(heads) / sizeof(*heads); i++) {
		if (!heads[i].width)
			continue;
		snprintf(buf, sizeof(buf), "%s%s", heads[i].title,
			 heads[i].field == (int)sort ? "*" : "");
		put(0, x, heads[i].width, buf, V.attrs[V_HEADER], true);
		x += heads[i].width + 1;
	}
}

static void draw_row(const ta_tui *ui, size_t row)
{
	ta_review *rv = ta_tui_review((ta_tui *)ui);
	const struct ta_tui_state *st = ta_tui_state(ui);
	struct cols c = layout(COLS);
	int y = 1 + (int)(row - st->top), x = 0;
	bool cur = row == ta_review_cursor(rv);
	attr_t base = cur ? V.attrs[V_CURSOR] : 0;
	size_t i;
	const ta_tasklet *t;
	const ta_review_decision *d;
	const char *v;
	char buf[512];
	bool group;

	if (row < st->top || y > (int)ta_tui_page_height(ui))
		return;
	move(y, 0);
	clrtoeol();
	if (row >= ta_review_n_rows(rv)) {
		if (row == 0)
			put(y, 0, COLS, "  (no tasklet matches the filters: f to change them)",
			    V.attrs[TA_STYLE_DIM], false);
		return;
	}
	if (ta_review_row_is_group(rv, row)) {
		size_t count;
		bool collapsed;
		const char *title = ta_review_row_group(rv, row, &count, &collapsed);
		snprintf(buf, sizeof(buf), "%s %s  (%zu tasklet%s)", collapsed ? "[+]" : "[-]",
			 title, count, count == 1 ? "" : "s");
		put(y, 0, COLS, buf, cur ? V.attrs[V_CURSOR] : V.attrs[V_HEADER] & ~A_UNDERLINE,
		    true);
		return;
	}
	i = ta_review_row(rv, row);
	t = &ta_review_audit(rv)->tasklets[i];
	d = ta_review_decision_of(rv, i);
	group = ta_review_group_start(rv, row) || row == st->top;
#define CELL(width, text, style) CELL_FIT(width, text, style, false)
#define CELL_FIT(width, text, style, tail)                                                         \
	do {                                                                                       \
		char fitbuf[512];                                                                  \
		put(y, x, (width), fit((text), (width), (tail), fitbuf, sizeof(fitbuf)),           \
		    base | (cur ? 0 : V.attrs[style]), true);                                      \
		if (x + (width) < COLS)                                                            \
			put(y, x + (width), 1, " ", base, true);                                   \
		x += (width) + 1;                                                                  \
	} while (0)
	/*
	 * sorted by subsystem or class, that column shows its value where it
	 * changes from the row above, below a group header, and on the top row
	 */
	v = ta_review_value_of(rv, i, TA_FIELD_SUBSYSTEM);
	if (c.sub)
		CELL_FIT(c.sub, ta_review_sort(rv) != TA_FIELD_SUBSYSTEM || group ? v : "",
			 V_NORMAL, true);
	CELL(c.name, t->name ? t->name : t->key, ta_review_matches(rv, i) ? V_MATCH : V_NORMAL);
	if (c.loc)
		CELL_FIT(c.loc, location(t, c.loc, buf, sizeof(buf)), TA_STYLE_DIM, true);
	v = ta_review_value_of(rv, i, TA_FIELD_CLASS);
	CELL(c.cls, ta_review_sort(rv) != TA_FIELD_CLASS || group ? v : "", class_style(v));
	CELL(c.mech,
	     mech_cell(ta_review_value_of(rv, i, TA_FIELD_MECHANISM), d && d->mechanism, c.mech,
		       buf, sizeof(buf)),
	     V_NORMAL);
	CELL(c.conf, ta_review_value_of(rv, i, TA_FIELD_CONFIDENCE), V_NORMAL);
	v = ta_review_value_of(rv, i, TA_FIELD_VERDICT);
	CELL(c.verdict, v, verdict_style(v));
	if (!d || d->decision == TA_DECISION_NONE) {
		snprintf(buf, sizeof(buf), "%s%s", d && d->stale ? "!" : "-",
			 d && d->comment ? "+c" : "");
		CELL(c.dec, buf, d && d->stale ? V_STALE : TA_STYLE_DIM);
	} else {
		static const enum vstyle dec_styles[] = {V_NORMAL, V_ACCEPT, V_REJECT, V_DEFER};
		snprintf(buf, sizeof(buf), "%s%s%s", d->stale ? "!" : "",
			 ta_decision_name(d->decision), d->comment ? "+c" : "");
		CELL(c.dec, buf, d->stale ? V_STALE : dec_styles[d->decision]);
	}
#undef CELL
#undef CELL_FIT
}

static void draw_list(const ta_tui *ui)
{
	const struct ta_tui_state *st = ta_tui_state(ui);
	size_t h = ta_tui_page_height(ui);

	for (size_t r = st->top; r < st->top + h; r++)
		draw_row(ui, r);
}

static void draw_page(const ta_tui *ui)
{
	const struct ta_tui_state *st = ta_tui_state(ui);
	size_t h = ta_tui_page_height(ui);

	for (size_t k = 0; k < h; k++) {
		size_t line = st->page_top + k;
		move(1 + (int)k, 0);
		clrtoeol();
		const ta_detail *page = st->mode == TA_MODE_BODY ? st->body : st->detail;
		if (st->mode == TA_MODE_HELP) {
			if (line < ta_tui_n_help)
				put(1 + (int)k, 0, COLS, ta_tui_help[line],
				    line == 0 ? V.attrs[TA_STYLE_TITLE] : 0, false);
		} else if (page && line < page->n) {
			const ta_detail_line *l = &page->v[line];
			put(1 + (int)k, 0, COLS, l->text, V.attrs[l->style], false);
		}
	}
}

static void draw_title(const ta_tui *ui)
{
	const struct ta_tui_state *st = ta_tui_state(ui);
	ta_review *rv = ta_tui_review((ta_tui *)ui);
	char buf[512];
	long i = ta_review_current(rv);
	size_t n = st->mode == TA_MODE_HELP   ? ta_tui_n_help
		   : st->mode == TA_MODE_BODY ? (st->body ? st->body->n : 0)
		   : st->detail               ? st->detail->n
					      : 0;

	move(0, 0);
	clrtoeol();
	if (st->mode == TA_MODE_LIST) {
		draw_header(ui);
		return;
	}
	if (st->mode == TA_MODE_HELP)
		snprintf(buf, sizeof(buf), "help  (any key closes)");
	else if (st->mode == TA_MODE_BODY)
		snprintf(buf, sizeof(buf),
			 "the callback of %s  (q back, j/k scroll, e edit)  line %zu/%zu",
			 i >= 0 ? ta_review_audit(rv)->tasklets[i].key : "-", st->page_top + 1, n);
	else
		snprintf(buf, sizeof(buf), "%s %zu of %zu: %s  (q back, j/k scroll)  line %zu/%zu",
			 ta_review_grouping(rv) ? "row" : "tasklet", ta_review_cursor(rv) + 1,
			 ta_review_n_rows(rv), i >= 0 ? ta_review_audit(rv)->tasklets[i].key : "-",
			 st->page_top + 1, n);
	put(0, 0, COLS, buf, V.attrs[V_HEADER], true);
}

/* The key hints on the last line when there is no message. */
static const char list_keys[] = "q:quit ?:help Enter:detail /:search f:filter s/S:sort b:group "
				"a/r/d:decide A/R:bulk m:mechanism C:comment u:undo e:edit p:patch "
				"c:callback x:export";
static const char page_keys[] = "q:back ?:help j/k/PgDn/PgUp:scroll "
				"a/r/d:decide m:mechanism C:comment u:undo e:edit p:patch "
				"c:callback x:export";

static void draw_status(const ta_tui *ui)
{
	const struct ta_tui_state *st = ta_tui_state(ui);
	ta_review *rv = ta_tui_review((ta_tui *)ui);
	struct ta_review_counts c;
	ta_buf b = {0};
	int y = LINES - 2;

	ta_review_counts_shown(rv, &c); /* the counts follow the filters */
	if (ta_review_grouping(rv))
		ta_buf_printf(&b, " row %zu/%zu, %zu tasklets",
			      ta_review_n_rows(rv) ? ta_review_cursor(rv) + 1 : 0,
			      ta_review_n_rows(rv), c.visible);
	else
		ta_buf_printf(&b, " %zu/%zu", c.visible ? ta_review_cursor(rv) + 1 : 0, c.visible);
	if (c.visible != c.total)
		ta_buf_printf(&b, " (of %zu)", c.total);
	ta_buf_printf(&b, "  accepted %zu  rejected %zu  deferred %zu  undecided %zu",
		      c.by_decision[TA_DECISION_ACCEPT], c.by_decision[TA_DECISION_REJECT],
		      c.by_decision[TA_DECISION_DEFER], c.by_decision[TA_DECISION_NONE]);
	if (c.stale)
		ta_buf_printf(&b, "  stale %zu", c.stale);
	ta_buf_printf(&b, "  | sort %s%s", ta_field_name(ta_review_sort(rv)),
		      ta_review_reverse(rv) ? " reversed" : "");
	if (ta_review_grouping(rv))
		ta_buf_printf(&b, "  group %s", ta_review_grouping(rv));
	for (int f = 0; f < TA_FIELD_COUNT; f++)
		if (ta_review_filter(rv, (enum ta_field)f))
			ta_buf_printf(&b, "  %s=%s", ta_field_name((enum ta_field)f),
				      ta_review_filter(rv, (enum ta_field)f));
	if (ta_review_search(rv))
		ta_buf_printf(&b, "  /%s", ta_review_search(rv));
	put(y, 0, COLS, b.s, V.attrs[V_STATUS], true);
	ta_buf_free(&b);
	/* the last line: the prompt, or the message */
	move(y + 1, 0);
	clrtoeol();
	if (st->input == TA_INPUT_SEARCH || st->input == TA_INPUT_COMMENT ||
	    st->input == TA_INPUT_EXPORT || st->input == TA_INPUT_CONFIRM) {
		char *line = xasprintf("%s%s", st->prompt_label, st->prompt);
		int len = (int)strlen(line);
		/* keep the end of a long line, where the typing is, on screen */
		const char *shown = len >= COLS ? line + (len - COLS + 2) : line;
		put(y + 1, 0, COLS, shown, 0, false);
		curs_set(1);
		free(line);
	} else {
		curs_set(0);
		if (st->message)
			put(y + 1, 0, COLS, st->message,
			    st->message_error ? V.attrs[V_MESSAGE_ERROR] : 0, false);
		else
			put(y + 1, 0, COLS, st->mode == TA_MODE_LIST ? list_keys : page_keys,
			    V.attrs[TA_STYLE_DIM], false);
	}
}

static void draw_picker(const ta_tui *ui)
{
	const struct ta_tui_state *st = ta_tui_state(ui);
	int w = (int)strlen(st->pick_title) + 4, h, y0, x0;
	size_t first = 0, room;

	for (size_t k = 0; k < st->n_pick; k++)
		if ((int)strlen(st->pick_items[k]) + 6 > w)
			w = (int)strlen(st->pick_items[k]) + 6;
	if (w > COLS - 4)
		w = COLS - 4;
	room = (size_t)(LINES - 8);
	h = (int)(st->n_pick < room ? st->n_pick : room) + 2;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	if (st->pick_sel >= room)
		first = st->pick_sel - room + 1;
	for (int y = 0; y < h; y++)
		put(y0 + y, x0, w, "", 0, true);
	attron(A_BOLD);
	mvaddch(y0, x0, ACS_ULCORNER);
	mvhline(y0, x0 + 1, ACS_HLINE, w - 2);
	mvaddch(y0, x0 + w - 1, ACS_URCORNER);
	mvvline(y0 + 1, x0, ACS_VLINE, h - 2);
	mvvline(y0 + 1, x0 + w - 1, ACS_VLINE, h - 2);
	mvaddch(y0 + h - 1, x0, ACS_LLCORNER);
	mvhline(y0 + h - 1, x0 + 1, ACS_HLINE, w - 2);
	mvaddch(y0 + h - 1, x0 + w - 1, ACS_LRCORNER);
	attroff(A_BOLD);
	put(y0, x0 + 2, w - 4, st->pick_title, A_BOLD, false);
	for (int k = 0; k < h - 2; k++) {
		size_t item = first + (size_t)k;
		char *line = xasprintf("%s %s", item == st->pick_sel ? ">" : " ",
				       st->pick_items[item]);
		put(y0 + 1 + k, x0 + 1, w - 2, line, item == st->pick_sel ? V.attrs[V_CURSOR] : 0,
		    true);
		free(line);
	}
}

static void draw_too_small(void)
{
	char *msg = xasprintf("terminal too small: %dx%d, the review needs at least %dx%d", COLS,
			      LINES, TA_TUI_MIN_COLS, TA_TUI_MIN_ROWS);
	const char *hint = "enlarge the window, or press q to quit";
	int len = (int)strlen(msg), y = LINES / 2 - 1;

	erase();
	/* wrap the message over as many lines as the width needs */
	for (int off = 0; off < len && y<LINES; off += COLS> 0 ? COLS : len, y++)
		put(y < 0 ? 0 : y, 0, COLS, msg + off, A_BOLD, false);
	if (y < LINES)
		put(y, 0, COLS, hint, 0, false);
	free(msg);
}

static void draw(const ta_tui *ui, int flags)
{
	const struct ta_tui_state *st = ta_tui_state(ui);

	if (st->too_small) {
		draw_too_small();
		wnoutrefresh(stdscr);
		doupdate();
		return;
	}
	if (flags & TA_REDRAW_ALL) {
		erase();
		flags |= TA_REDRAW_LIST | TA_REDRAW_STATUS;
		draw_title(ui);
	}
	if (st->mode == TA_MODE_LIST) {
		if (flags & TA_REDRAW_LIST) {
			draw_list(ui);
		} else if (flags & TA_REDRAW_CURSOR) {
			draw_row(ui, st->prev_cursor);
			draw_row(ui, ta_review_cursor(ta_tui_review((ta_tui *)ui)));
		}
		if (flags & (TA_REDRAW_LIST | TA_REDRAW_CURSOR))
			flags |= TA_REDRAW_STATUS;
	} else if (flags & (TA_REDRAW_LIST | TA_REDRAW_CURSOR)) {
		draw_title(ui);
		draw_page(ui);
	}
	if (flags & TA_REDRAW_STATUS)
		draw_status(ui);
	if (st->input == TA_INPUT_PICK && (flags & (TA_REDRAW_ALL | TA_REDRAW_LIST)))
		draw_picker(ui);
	wnoutrefresh(stdscr);
	doupdate();
}

static int translate(int ret, wint_t wc)
{
	if (ret == KEY_CODE_YES) {
		switch (wc) {
		case KEY_UP:
			return TA_KEY_UP;
		case KEY_DOWN:
			return TA_KEY_DOWN;
		case KEY_LEFT:
			return TA_KEY_LEFT;
		case KEY_RIGHT:
			return TA_KEY_RIGHT;
		case KEY_PPAGE:
			return TA_KEY_PGUP;
		case KEY_NPAGE:
			return TA_KEY_PGDN;
		case KEY_HOME:
			return TA_KEY_HOME;
		case KEY_END:
			return TA_KEY_END;
		case KEY_ENTER:
			return TA_KEY_ENTER;
		case KEY_BACKSPACE:
			return TA_KEY_BACKSPACE;
		default:
			return -1;
		}
	}
	switch (wc) {
	case '\r':
	case '\n':
		return TA_KEY_ENTER;
	case 27:
		return TA_KEY_ESC;
	case 127:
	case 8:
		return TA_KEY_BACKSPACE;
	case 12:
		return TA_KEY_REDRAW;
	case '\t':
		return TA_KEY_TAB;
	default:
		return (int)wc;
	}
}

/* Redirect stdout and stderr to a capture file, keeping the terminal for curses. */
static int view_setup(void)
{
	const char *nc = getenv("NO_COLOR");
	int fd;

	V.capture = tmpfile();
	V.saved_out = dup(STDOUT_FILENO);
	V.saved_err = dup(STDERR_FILENO);
	fd = V.saved_out >= 0 ? dup(V.saved_out) : -1;
	V.term_out = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!V.capture || V.saved_out < 0 || V.saved_err < 0 || !V.term_out) {
		ta_error("cannot set up the terminal: %s", strerror(errno));
		goto fail;
	}
	V.screen = newterm(NULL, V.term_out, stdin);
	if (!V.screen) {
		ta_error("cannot set up the terminal '%s'", getenv("TERM") ? getenv("TERM") : "");
		goto fail;
	}
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(V.capture), STDOUT_FILENO);
	dup2(fileno(V.capture), STDERR_FILENO);
	V.up = true;
	ta_set_oom_hook(view_restore);
	V.color = has_colors() && (!nc || !*nc);
	setup_styles();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	/* wake up now and then to notice a signal that arrived between reads */
	timeout(250);
	return 0;
fail:
	if (V.term_out)
		fclose(V.term_out);
	else if (fd >= 0)
		close(fd);
	V.term_out = NULL;
	if (V.saved_out >= 0)
		close(V.saved_out);
	if (V.saved_err >= 0)
		close(V.saved_err);
	if (V.capture)
		fclose(V.capture);
	V.capture = NULL;
	V.saved_out = V.saved_err = -1;
	return TA_EXIT_FAILURE;
}

/*
 * Leave the screen, run the program the TUI asks for (an editor, a pager)
 * on the terminal, and come back.  While it runs, SIGINT and SIGQUIT are
 * the program's (the review ignores them, as system() does).
 */
static int run_program(ta_tui *ui)
{
	char *const *argv = ta_tui_state(ui)->run_argv;
	struct sigaction ign, old_int, old_quit;
	int status = -1;
	pid_t pid;

	def_prog_mode();
	endwin();
	fflush(stdout);
	fflush(stderr);
	dup2(V.saved_out, STDOUT_FILENO);
	dup2(V.saved_err, STDERR_FILENO);
	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	fflush(stdout);
	fflush(stderr);
	dup2(fileno(V.capture), STDOUT_FILENO);
	dup2(fileno(V.capture), STDERR_FILENO);
	reset_prog_mode();
	clearok(curscr, TRUE);
	refresh();
	return ta_tui_ran(ui, pid > 0 ? status : -1);
}

/* A step of the actions is about to block: say so on the last line now. */
static void on_busy(void *ctx, const char *what)
{
	(void)ctx;
	put(LINES - 1, 0, COLS, what, A_BOLD, true);
	wnoutrefresh(stdscr);
	doupdate();
	V.busy_seen = true;
}

/* The timing log's name of a key. */
static const char *timing_key(int key, char *buf, size_t size)
{
	static const char *const names[] = {"Up",   "Down", "Left",  "Right", "PgUp",      "PgDn",
					    "Home", "End",  "Enter", "Esc",   "Backspace", "^L"};

	if (key >= TA_KEY_UP && key <= TA_KEY_REDRAW)
		return names[key - TA_KEY_UP];
	if (key > ' ' && key < 0x7f)
		snprintf(buf, size, "%c", key);
	else
		snprintf(buf, size, "0x%x", (unsigned)key);
	return buf;
}

/*
 * With TA_REVIEW_TIMING=FILE, one line a paint is appended to FILE: the
 * first ("first-paint ms=12.3") and each after a key, from the key to the
 * screen updated ("key=Enter mode=detail ms=1480.2 busy=1"; busy: the
 * busy line was painted, the preview not being in the session's memory).
 */
static void log_paint(const ta_tui *ui, int key, double since)
{
	static const char *const modes[] = {"list", "detail", "help"};
	char buf[16];

	if (!V.timing)
		return;
	if (key < 0)
		fprintf(V.timing, "first-paint ms=%.1f\n", (ta_monotonic() - since) * 1e3);
	else
		fprintf(V.timing, "key=%s mode=%s ms=%.1f busy=%d\n",
			timing_key(key, buf, sizeof(buf)), modes[ta_tui_state(ui)->mode],
			(ta_monotonic() - since) * 1e3, V.busy_seen);
	fflush(V.timing);
}

int ta_tui_view_run(ta_tui *ui)
{
	struct sigaction sa, old_int, old_term, old_hup;
	const char *timing = getenv("TA_REVIEW_TIMING");
	double t_key = ta_monotonic();
	int flags, last_key = -1;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		ta_error("the review needs a terminal (use --export DIR without one)");
		return TA_EXIT_USAGE;
	}
	setlocale(LC_ALL, "");
	setlocale(LC_NUMERIC, "C");
	if (view_setup() != 0)
		return TA_EXIT_FAILURE;
	V.timing = timing && *timing ? fopen(timing, "a") : NULL;
	ta_tui_set_busy(ui, on_busy, NULL);
	/* after newterm, which installs its own: no SA_RESTART, so a read is interrupted */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	got_signal = 0;
	flags = ta_tui_resize(ui, LINES, COLS);
	for (;;) {
		wint_t wc = 0;
		int ret, key;
		char *line;

		if ((line = captured_line())) {
			ta_tui_set_message(ui, true, line);
			flags |= TA_REDRAW_STATUS;
			free(line);
		}
		if (flags) {
			draw(ui, flags);
			if (last_key != -2)
				log_paint(ui, last_key, t_key);
			last_key = -2; /* logged */
		}
		flags = TA_REDRAW_NONE;
		ret = get_wch(&wc);
		if (got_signal)
			break;
		if (ret == ERR)
			continue;
		if (ret == KEY_CODE_YES && wc == KEY_RESIZE) {
			flags = ta_tui_resize(ui, LINES, COLS);
			continue;
		}
		key = translate(ret, wc);
		if (key < 0)
			continue;
		t_key = ta_monotonic();
		last_key = key;
		V.busy_seen = false;
		flags = ta_tui_key(ui, key);
		if (flags & TA_REDRAW_QUIT)
			break;
		if (flags & TA_REDRAW_RUN)
			flags = run_program(ui);
	}
	if (got_signal)
		ta_tui_save(ui);
	ta_tui_set_busy(ui, NULL, NULL);
	if (V.timing)
		fclose(V.timing);
	V.timing = NULL;
	view_restore();
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGHUP, &old_hup, NULL);
	return got_signal ? 128 + got_signal : 0;
}
