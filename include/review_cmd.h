/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * review_cmd.h - the "tasklet-audit review" subcommand: scan a tree (or
 * read a saved report with --report), restore the review file, and open
 * the review TUI, or export the accepted patches without one (--export).
 * It owns nothing after it returns.
 */
#ifndef TA_REVIEW_CMD_H
#define TA_REVIEW_CMD_H

/*
 * argv[0] is the subcommand name ("review").  Returns the exit status:
 * 0 success, 2 bad usage, report or review file (or nothing to export),
 * 3 internal or output error, 128 + N when signal N ended the TUI.
 */
int ta_review_main(int argc, char **argv);

#endif
