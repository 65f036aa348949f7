/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_diff.h - the "diff" command: progress across releases from two
 * saved JSON reports (report_diff.h), as text on stdout and optionally as
 * JSON.  It owns nothing after it returns.
 */
#ifndef TA_CMD_DIFF_H
#define TA_CMD_DIFF_H

#include "cli.h"

/*
 * tasklet-audit diff [--json FILE] [--format text|json] [-o FILE]
 * [--tree DIR | --no-tree] OLD.json NEW.json
 * argv[0] is "diff".  Returns the exit status (enum ta_exit).
 */
int ta_diff_main(int argc, char **argv);

/* Its row in the command table (cli.c). */
extern const struct ta_cmd ta_cmd_diff;

#endif
