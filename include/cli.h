/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h - the command line: getopt_long into a ta_opts, subcommands as
 * table rows.  main() is only ta_cli_main().
 */
#ifndef TA_CLI_H
#define TA_CLI_H

#include <stdbool.h>

struct ta_opts {
	const char *path;        /* kernel tree or subtree (NULL: the bundled corpus) */
	const char *json_out;    /* --json FILE ("-" for stdout) */
	const char *format;      /* --format for stdout: text (default) or json */
	const char *output;      /* --output FILE for the stdout report */
	const char *config;      /* --config FILE */
	const char *compdb_dir;  /* -p DIR */
	int jobs;                /* -j N */
	unsigned timeout;        /* --timeout SECONDS */
	unsigned max_memory_mib; /* --max-memory MIB (0: the default) */
	bool progress;
	bool quiet;
	bool timing;            /* --timing: timing figures in the JSON report */
	const char *flags_for;  /* --flags-for FILE */
	const char *rules_dir;  /* --rules DIR */
	bool list_rules;        /* --list-rules */
	const char *only_class; /* --only CLASS */
	double min_confidence;  /* --min-confidence X */
	bool no_cache;          /* --no-cache */
	bool no_pch;            /* --no-pch */
	bool list_candidates;   /* --list-candidates */
	const char *cache_dir;  /* --cache-dir DIR */
};

/* Parse argv and run; returns the process exit code (enum ta_exit). */
int ta_cli_main(int argc, char **argv);

#endif
