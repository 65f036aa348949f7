/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h - the command line: one table row per command (a struct ta_cmd
 * each cmd_*.c defines) and the dispatch.  main() is only ta_cli_main().
 * Each command parses its own options with getopt_long into a struct of
 * its own and owns nothing after it returns.
 */
#ifndef TA_CLI_H
#define TA_CLI_H

struct ta_cmd {
	const char *name; /* argv[1] that selects it (NULL: the default command) */
	/* argv[0] is the name (the program for the default); returns enum ta_exit */
	int (*main)(int argc, char **argv);
};

/* Run the command argv[1] names, else the default one; returns the process exit code. */
int ta_cli_main(int argc, char **argv);

#endif
