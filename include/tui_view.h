/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tui_view.h - the review TUI's terminal side, the only ncurses user:
 * it sets the terminal up, paints the ta_tui state (tui_actions.h),
 * translates keys, handles resizes and signals, and restores the terminal
 * on every way out (quit, SIGINT/SIGTERM/SIGHUP, out of memory).  While
 * the screen is up, what the program prints on stdout and stderr is
 * captured: the last line is shown in the message line, and all of it is
 * printed to stderr once the terminal is restored.
 */
#ifndef TA_TUI_VIEW_H
#define TA_TUI_VIEW_H

#include "tui_actions.h"

/*
 * Run the TUI until the reviewer quits or a signal arrives.  0 on a
 * normal quit, 128 + the signal number after SIGINT, SIGTERM or SIGHUP
 * (the review is saved either way);
 * TA_EXIT_USAGE after one error line when standard input or output is
 * not a terminal; TA_EXIT_FAILURE when the terminal cannot be set up.
 */
int ta_tui_view_run(ta_tui *ui);

#endif
