/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_review.h - the "tasklet-audit review" subcommand: scan a tree (or
 * read a saved report with --report), restore the review file, and open
 * the review TUI, or export the accepted patches without one (--export).
 * It owns nothing after it returns.
 */
#ifndef TA_CMD_REVIEW_H
#define TA_CMD_REVIEW_H

#include "cli.h"

/*
 * The "review" command (argv[0] is "review").  Exit status:
 * 0 success, 2 bad usage, report or review file (or nothing to export),
 * 3 internal or output error, 128 + N when signal N ended the TUI.
 */
extern const struct ta_cmd ta_cmd_review;

#endif
