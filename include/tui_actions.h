/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tui_actions.h - the review TUI's key handlers, in plain C: each key
 * changes the review model and the screen state and returns what must be
 * redrawn (htop's Action.c).  No curses here: the view (tui_view.c)
 * translates terminal keys to the codes below, feeds them in and paints
 * ta_tui_state.  The handlers are tested without a terminal.
 *
 * A ta_tui borrows the ta_review (which must outlive it) and owns its
 * screen state: the detail page, the prompt, the picker, the message.
 * Every change to a decision or comment is saved to the review file at
 * once.  ta_tui_free() releases it and clears the caller's pointer.
 */
#ifndef TA_TUI_ACTIONS_H
#define TA_TUI_ACTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "review.h"
#include "review_detail.h"

/* Key codes: a printable ASCII character is itself; the rest are these. */
enum {
	TA_KEY_UP = 0x110000, /* beyond Unicode */
	TA_KEY_DOWN,
	TA_KEY_LEFT,
	TA_KEY_RIGHT,
	TA_KEY_PGUP,
	TA_KEY_PGDN,
	TA_KEY_HOME,
	TA_KEY_END,
	TA_KEY_ENTER,
	TA_KEY_ESC,
	TA_KEY_BACKSPACE,
	TA_KEY_REDRAW, /* Ctrl-L */
	TA_KEY_TAB,
};

/* What a handler asks the view to repaint (bits). */
#define TA_REDRAW_NONE 0x0
#define TA_REDRAW_CURSOR 0x1 /* the previous and the current cursor rows */
#define TA_REDRAW_LIST 0x2   /* every row of the list or page */
#define TA_REDRAW_STATUS 0x4 /* the status bar and the message or prompt line */
#define TA_REDRAW_ALL 0x8    /* clear the screen and paint everything */
#define TA_REDRAW_QUIT 0x10  /* leave the loop */
#define TA_REDRAW_RUN 0x20   /* run state.run_argv with the terminal, then call ta_tui_ran() */

/* The smallest terminal the TUI draws in. */
#define TA_TUI_MIN_COLS 80
#define TA_TUI_MIN_ROWS 24

/* TA_MODE_BODY: the callback's body ("c"), over the list or the detail page. */
enum ta_tui_mode { TA_MODE_LIST, TA_MODE_DETAIL, TA_MODE_HELP, TA_MODE_BODY };

/* What the bottom line is collecting. */
enum ta_tui_input {
	TA_INPUT_NONE,
	TA_INPUT_SEARCH,  /* "/" */
	TA_INPUT_COMMENT, /* "C" */
	TA_INPUT_EXPORT,  /* "x": the directory */
	TA_INPUT_PICK,    /* a list to choose from (f, m) */
	TA_INPUT_CONFIRM, /* "accept 12 tasklets? (y/n)" (A, R): y or anything else */
};

/* The screen state the view paints; read-only outside tui_actions.c. */
struct ta_tui_state {
	enum ta_tui_mode mode;
	enum ta_tui_input input;
	int rows, cols;     /* the terminal */
	bool too_small;     /* below TA_TUI_MIN_COLS x TA_TUI_MIN_ROWS */
	size_t top;         /* the first list row on screen */
	size_t prev_cursor; /* the cursor row before the last key */
	ta_detail *detail;  /* the page (detail mode) */
	ta_detail *body;    /* the callback's body (body mode) */
	char **run_argv;    /* with TA_REDRAW_RUN: the program to run (NULL-terminated) */
	size_t page_top;    /* the first page line on screen (detail, help) */
	char *prompt_label; /* "/", "comment: ", "export to: " */
	char *prompt;       /* the text typed so far */
	char *pick_title;
	char **pick_items;
	size_t n_pick, pick_sel;
	char *message; /* one line for the reviewer, or NULL */
	bool message_error;
};

/* Where the TUI saves to and exports to. */
struct ta_tui_opts {
	const char *review_path; /* the review file (NULL: do not save) */
	const char *source;      /* the report or tree, recorded in the review file */
	const char *export_dir;  /* the directory "x" proposes */
};

typedef struct ta_tui ta_tui;

ta_tui *ta_tui_new(ta_review *rv, const struct ta_tui_opts *opts);
void ta_tui_free(ta_tui **ui);

const struct ta_tui_state *ta_tui_state(const ta_tui *ui);
ta_review *ta_tui_review(ta_tui *ui);

/* The terminal's size changed (and at start); returns TA_REDRAW_ALL. */
int ta_tui_resize(ta_tui *ui, int rows, int cols);
/* Handle one key; returns TA_REDRAW_* bits. */
int ta_tui_key(ta_tui *ui, int key);
/* Lines of the list (or page) on screen: the terminal less the title, status and prompt lines. */
size_t ta_tui_page_height(const ta_tui *ui);
/*
 * The program of TA_REDRAW_RUN ended: status is its wait status, or -1
 * when it could not be started.  Clears run_argv, removes what the program
 * was given to read, says what failed; returns TA_REDRAW_ALL.
 */
int ta_tui_ran(ta_tui *ui, int status);
/* Show a message (the view reports errors printed while the screen is up). */
void ta_tui_set_message(ta_tui *ui, bool error, const char *text);
/*
 * A step about to block the loop (the first patch preview of a page)
 * calls fn with what it is doing ("computing the patch preview..."), so
 * that the view can show it before the screen freezes.  fn NULL: none.
 */
typedef void (*ta_tui_busy_fn)(void *ctx, const char *what);
void ta_tui_set_busy(ta_tui *ui, ta_tui_busy_fn fn, void *ctx);
/* Save the review file now (on quit, on a signal); 0, or -1 after one error line. */
int ta_tui_save(ta_tui *ui);

/* The help screen's lines. */
extern const char *const ta_tui_help[];
extern const size_t ta_tui_n_help;

#endif
