/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_audit.h - the default command, "tasklet-audit [options] [PATH]":
 * audit a tree (the bundled corpus without PATH) and write the text or
 * JSON report; --list-rules, --list-candidates and --flags-for print what
 * they name instead.  Exit status: 0 success, 2 bad usage or input, 3
 * internal or output error, 4 report written but some files failed.
 */
#ifndef TA_CMD_AUDIT_H
#define TA_CMD_AUDIT_H

#include "cli.h"

extern const struct ta_cmd ta_cmd_audit;

#endif
