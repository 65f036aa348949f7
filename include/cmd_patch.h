/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_patch.h - the "tasklet-audit patch" command: audit PATH (the
 * bundled corpus by default) and write its tasklets' conversions with the
 * patch writer (patch.h), as git format-patch files (-o DIR), to stdout,
 * or in place (--apply).  It owns nothing after it returns.
 */
#ifndef TA_CMD_PATCH_H
#define TA_CMD_PATCH_H

#include "cli.h"

/*
 * tasklet-audit patch [--to setup|auto|bh|wq|threaded-irq|timer] [-o DIR]
 * [--series [--max-series N]] [--signoff "Name <mail>"] [--apply] [--force-api]
 * [-j N] [--rules DIR] [PATH]
 * The "patch" command (argv[0] is "patch").  Exit status: 0 success
 * (refusals are reported, not errors), 2 bad usage or input, 3 internal or
 * output error.
 */
extern const struct ta_cmd ta_cmd_patch;

#endif
