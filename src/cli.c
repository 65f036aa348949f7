// SPDX-License-Identifier: GPL-2.0-only
/*
 * cli.c - the table of commands and the dispatch: argv[1] naming a command
 * runs it with the rest of the line; anything else is the default
 * command's (the audit's) command line.
 */
#include "cli.h"

#include <string.h>

#include "cmd_audit.h"
#include "cmd_diff.h"
#include "cmd_model.h"
#include "cmd_patch.h"
#include "cmd_review.h"

/* One row per command; the default command audits a tree. */
static const struct ta_cmd *const commands[] = {
	&ta_cmd_model,
	&ta_cmd_review,
	&ta_cmd_patch,
	&ta_cmd_diff,
};

int ta_cli_main(int argc, char **argv)
{
	if (argc > 1)
		for (size_t i = 0; i < sizeof(commands) / sizeof(*commands); i++)
			if (strcmp(argv[1], commands[i]->name) == 0)
				return commands[i]->main(argc - 1, argv + 1);
	return ta_cmd_audit.main(argc, argv);
}
