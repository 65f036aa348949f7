/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmd_model.h - the "tasklet-audit model" subcommand: compares a usage
 * protocol on the tasklet reference model and on a replacement
 * (--protocol FILE --to bh|wq|threaded-irq|timer), or runs the reference
 * models' conformance cases (--selftest).  It owns nothing after it returns.
 */
#ifndef TA_CMD_MODEL_H
#define TA_CMD_MODEL_H

#include "cli.h"

/*
 * The "model" command (argv[0] is "model").  Exit status:
 * 0 success (a comparison was printed; every selftest case passed),
 * 1 a selftest case failed, 2 bad usage or protocol file, 3 output error.
 */
extern const struct ta_cmd ta_cmd_model;

#endif
