// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_audit.c - the default command: audit a tree (the bundled corpus
 * without PATH) and print the text report (and the JSON report with
 * --json), or render a saved report (--report); also --list-rules,
 * --list-candidates and --flags-for.  Usage errors go to stderr with
 * exit 2; --help to stdout, exit 0.
 */
#include "cmd_audit.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "flags.h"
#include "outfile.h"
#include "pipeline.h"
#include "prefilter.h"
#include "report.h"
#include "report_filter.h"
#include "report_read.h"
#include "report_sarif.h"
#include "rules.h"
#include "scan.h"
#include "tree.h"
#include "util.h"

static const char usage_text[] =
	"usage: tasklet-audit [options] [PATH]\n"
	"       tasklet-audit model --protocol FILE --to bh|wq|threaded-irq|timer\n"
	"       tasklet-audit model --selftest\n"
	"       tasklet-audit patch [--to setup|auto|bh|wq|threaded-irq|timer] [-o DIR] [PATH]\n"
	"       tasklet-audit review [PATH] | --report FILE [--review FILE] [--export DIR]\n"
	"       tasklet-audit diff [--json FILE] [--tree DIR | --no-tree] OLD.json NEW.json\n"
	"\n"
	"Find every tasklet user in a Linux kernel tree (or a directory or a .c file\n"
	"inside one) with libclang and report them.  Without PATH, audit the\n"
	"bundled corpus.\n"
	"\n"
	"options:\n"
	"  --json FILE        also write the JSON report to FILE ('-' for stdout)\n"
	"  --sarif FILE       also write the findings as a SARIF 2.1.0 log to FILE\n"
	"  --format FMT       format of the report on stdout: text (default), json or sarif\n"
	"  -o, --output FILE  write the stdout report to FILE instead\n"
	"  -j, --jobs N       parse with N worker processes (default: all CPUs)\n"
	"  -p DIR             use DIR/compile_commands.json for compile flags\n"
	"      --config FILE  kernel .config to use for an unconfigured tree\n"
	"      --timeout SEC  give up on a file after SEC seconds (default 60)\n"
	"      --max-memory MIB  limit each parse worker's address space (default 2048)\n"
	"      --timing       add timing figures to the JSON report\n"
	"      --no-traces    leave the behaviour checker's event traces out of the\n"
	"                     JSON report\n"
	"      --no-cache     neither read nor write the facts cache\n"
	"      --no-pch       parse every file with all its headers (no precompiled header)\n"
	"      --cache-dir DIR  the facts cache (default: $XDG_CACHE_HOME/tasklet-audit)\n"
	"      --rules DIR    classification rules to use (default: the bundled rules/)\n"
	"      --list-rules   print every rule id and exit\n"
	"      --report FILE  render the saved JSON report FILE (from --json) instead\n"
	"                     of auditing: no PATH, no scan\n"
	"      --only CLASS   report only tasklets of this class\n"
	"      --min-confidence X  report only recommendations at least X sure (0..1)\n"
	"      --flags-for FILE  print the compiler arguments used for FILE and exit\n"
	"      --list-candidates  run only the pre-filter: print the candidate files and exit\n"
	"      --fail-on SEVERITY  exit 1 when a reported tasklet has a finding of\n"
	"                     this severity or above (error, warning or note)\n"
	"      --progress     show parse progress on stderr (default on a terminal)\n"
	"  -v, --verbose      text report: every behaviour detail, and a note line per\n"
	"                     tasklet with its init API, callback, sites and queue\n"
	"  -q, --quiet        no warnings on stderr\n"
	"  -h, --help         show this help and exit\n"
	"  -V, --version      show the version and exit\n"
	"\n"
	"exit status: 0 success, 1 findings at the --fail-on severity,\n"
	"  2 bad usage or input, 3 internal or output error,\n"
	"  4 report written but some files failed (crash, timeout, unreadable)\n";

/* The command line of the default command. */
struct audit_opts {
	struct ta_pipeline_opts pipe; /* PATH (NULL: the bundled corpus), scan options, --rules */
	const char *json_out;         /* --json FILE ("-" for stdout) */
	const char *sarif_out;        /* --sarif FILE */
	const char *format;           /* --format for stdout: text (default), json or sarif */
	const char *output;           /* --output FILE for the stdout report */
	bool quiet;
	bool verbose;           /* -v: the text report's details */
	const char *report_in;  /* --report FILE: render a saved report, no scan */
	bool timing;            /* --timing: timing figures in the JSON report */
	bool no_traces;         /* --no-traces: none in the JSON report */
	const char *flags_for;  /* --flags-for FILE */
	bool list_rules;        /* --list-rules */
	const char *only_class; /* --only CLASS */
	double min_confidence;  /* --min-confidence X */
	bool list_candidates;   /* --list-candidates */
	int fail_on;            /* --fail-on SEVERITY (enum ta_severity); -1: off */
	const char *fail_on_name;
};

static int parse_uint(const char *s, const char *what, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || !*s || *end || v > max || s[0] == '-') {
		ta_error("invalid %s '%s'", what, s);
		return -1;
	}
	*out = v;
	return 0;
}

static int write_report(const ta_audit *a, const struct ta_report_ops *ops, const char *path,
			const struct ta_report_opts *ropts)
{
	ta_outfile *of = ta_outfile_open(path);

	if (!of)
		return TA_EXIT_FAILURE;
	if (ops->write(a, ta_outfile_stream(of), ropts) != 0) {
		ta_error("cannot write '%s'", path);
		ta_outfile_abort(&of);
		return TA_EXIT_FAILURE;
	}
	return ta_outfile_commit(&of) == 0 ? TA_EXIT_OK : TA_EXIT_FAILURE;
}

static int audit(const struct audit_opts *o)
{
	const struct ta_report_ops *ops = ta_report_find(o->format);
	struct ta_report_opts ro = {.timing = o->timing,
				    .verbose = o->verbose,
				    .no_traces = o->no_traces,
				    .only_class = o->only_class,
				    .min_confidence = o->min_confidence};
	ta_audit *a = NULL;
	int rc;

	if (!ops) {
		ta_error("unknown format '%s' (text, json or sarif)", o->format);
		return TA_EXIT_USAGE;
	}
	if (o->report_in && o->only_class) {
		/* --only names a class of the rules, as for an audit */
		ta_rules *r = ta_rules_load(o->pipe.rules_dir ? o->pipe.rules_dir
							      : ta_rules_default_dir());
		bool known = r && ta_pipeline_known_class(r, o->only_class);
		ta_rules_free(&r);
		if (!known)
			return TA_EXIT_USAGE;
	}
	if (o->report_in)
		rc = ta_report_read(o->report_in, &a);
	else
		rc = ta_pipeline_run(&o->pipe, &a);
	if (rc != TA_EXIT_OK)
		return rc;
	if (o->json_out)
		rc = write_report(a, &ta_report_json, o->json_out, &ro);
	if (rc == TA_EXIT_OK && o->sarif_out)
		rc = write_report(a, &ta_report_sarif, o->sarif_out, &ro);
	if (rc == TA_EXIT_OK && !(o->json_out && strcmp(o->json_out, "-") == 0 && !o->output) &&
	    !(o->sarif_out && strcmp(o->sarif_out, "-") == 0 && !o->output)) {
		const char *dest = o->output ? o->output : "-";
		const char *nc = getenv("NO_COLOR");
		char *cwd = getcwd(NULL, 0);
		ro.color = !o->output && (!nc || !*nc) && isatty(STDOUT_FILENO);
		ro.cwd = cwd;
		rc = write_report(a, ops, dest, &ro);
		ro.cwd = NULL;
		free(cwd);
	}
	/* a crash, a timeout or an unreadable file cost only that file: say so */
	if (rc == TA_EXIT_OK && ta_audit_count_status(a, TA_STATUS_FAILED) > 0)
		rc = TA_EXIT_PARTIAL;
	/* --fail-on: after the reports, which are written in full either way */
	if (rc == TA_EXIT_OK && o->fail_on >= 0) {
		size_t n = ta_report_count_findings(a, &ro, (enum ta_severity)o->fail_on);
		if (n) {
			ta_diag(TA_NOTE, NULL, 0, 0,
				"%zu finding%s of severity '%s' or above (--fail-on)", n,
				n == 1 ? "" : "s", o->fail_on_name);
			rc = TA_EXIT_FINDINGS;
		}
	}
	ta_audit_free(&a);
	return rc;
}

/* --list-candidates: the pre-filter alone (with the cache's memo unless --no-cache). */
static int list_candidates(const struct audit_opts *o)
{
	ta_tree *tree = ta_tree_open(o->pipe.scan.path ? o->pipe.scan.path : ta_default_corpus());
	ta_candidates c;
	char *dir = NULL, *memo = NULL;
	int rc;

	if (!tree)
		return TA_EXIT_USAGE;
	if (tree->file) { /* one file: the candidate, as the audit takes it */
		printf("%s\n", tree->subtree);
		ta_tree_free(&tree);
		return fflush(stdout) == 0 && !ferror(stdout) ? TA_EXIT_OK : TA_EXIT_FAILURE;
	}
	if (!o->pipe.scan.no_cache &&
	    (dir = o->pipe.scan.cache_dir ? xstrdup(o->pipe.scan.cache_dir)
					  : ta_cache_default_dir())) {
		char *id = xasprintf("%s\t%s", tree->root, tree->subtree);
		if (mkdir(dir, 0755) == 0 || errno == EEXIST)
			memo = xasprintf("%s/prefilter-%016llx", dir,
					 (unsigned long long)ta_hash64(id, strlen(id)));
		free(id);
	}
	rc = ta_prefilter_memo(tree->root, tree->subtree, memo, &c) == 0 ? TA_EXIT_OK
									 : TA_EXIT_USAGE;
	for (size_t i = 0; rc == TA_EXIT_OK && i < c.n; i++)
		printf("%s\n", c.paths[i]);
	ta_candidates_free(&c);
	ta_tree_free(&tree);
	free(dir);
	free(memo);
	if (rc == TA_EXIT_OK && (fflush(stdout) != 0 || ferror(stdout)))
		rc = TA_EXIT_FAILURE;
	return rc;
}

/* --list-rules: every rule id, its kind and text. */
static int list_rules(const struct audit_opts *o)
{
	ta_rules *r = ta_rules_load(o->pipe.rules_dir ? o->pipe.rules_dir : ta_rules_default_dir());

	if (!r)
		return TA_EXIT_USAGE;
	ta_rules_list(r, stdout);
	ta_rules_free(&r);
	return fflush(stdout) == 0 && !ferror(stdout) ? TA_EXIT_OK : TA_EXIT_FAILURE;
}

/* --flags-for FILE: the arguments libclang gets for one file, one per line. */
static int flags_for(const struct audit_opts *o)
{
	struct ta_scan_opts so = {.path = o->flags_for,
				  .config = o->pipe.scan.config,
				  .compdb_dir = o->pipe.scan.compdb_dir,
				  .no_cache = o->pipe.scan.no_cache,
				  .cache_dir = o->pipe.scan.cache_dir};
	char **argv = NULL;
	int argc = 0, rc = ta_scan_flags(&so, &argv, &argc);

	if (rc != TA_EXIT_OK)
		return rc;
	for (int i = 0; i < argc; i++)
		printf("%s\n", argv[i]);
	ta_argv_free(argv);
	return fflush(stdout) == 0 && !ferror(stdout) ? TA_EXIT_OK : TA_EXIT_FAILURE;
}

static int audit_main(int argc, char **argv)
{
	static const struct option longopts[] = {{"json", required_argument, NULL, 'J'},
						 {"format", required_argument, NULL, 'F'},
						 {"sarif", required_argument, NULL, 'S'},
						 {"output", required_argument, NULL, 'o'},
						 {"jobs", required_argument, NULL, 'j'},
						 {"config", required_argument, NULL, 'C'},
						 {"timeout", required_argument, NULL, 'T'},
						 {"timing", no_argument, NULL, 'M'},
						 {"progress", no_argument, NULL, 'P'},
						 {"quiet", no_argument, NULL, 'q'},
						 {"help", no_argument, NULL, 'h'},
						 {"version", no_argument, NULL, 'V'},
						 {"flags-for", required_argument, NULL, 'G'},
						 {"rules", required_argument, NULL, 'R'},
						 {"list-rules", no_argument, NULL, 'L'},
						 {"only", required_argument, NULL, 'O'},
						 {"min-confidence", required_argument, NULL, 'm'},
						 {"no-cache", no_argument, NULL, 'N'},
						 {"cache-dir", required_argument, NULL, 'D'},
						 {"no-pch", no_argument, NULL, 'H'},
						 {"list-candidates", no_argument, NULL, 'K'},
						 {"max-memory", required_argument, NULL, 'X'},
						 {"fail-on", required_argument, NULL, 'E'},
						 {"verbose", no_argument, NULL, 'v'},
						 {"report", required_argument, NULL, 'r'},
						 {"no-traces", no_argument, NULL, 'Z'},
						 {NULL, 0, NULL, 0}};
	struct audit_opts o = {.format = "text", .fail_on = -1};
	unsigned long v = 0;
	int c;

	ta_pipeline_opts_init(&o.pipe);
	o.pipe.scan.file_ok = true; /* PATH may be one .c file */
	o.pipe.report_memo = true;  /* the report alone is wanted: no facts needed after it */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:j:p:qvhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'J':
			o.json_out = optarg;
			break;
		case 'F':
			o.format = optarg;
			break;
		case 'S':
			o.sarif_out = optarg;
			break;
		case 'o':
			o.output = optarg;
			break;
		case 'j':
			if (parse_uint(optarg, "job count", 1024, &v) != 0 || v == 0) {
				if (v == 0)
					ta_error("invalid job count '%s'", optarg);
				return TA_EXIT_USAGE;
			}
			o.pipe.scan.jobs = (int)v;
			break;
		case 'p':
			o.pipe.scan.compdb_dir = optarg;
			break;
		case 'C':
			o.pipe.scan.config = optarg;
			break;
		case 'T':
			if (parse_uint(optarg, "timeout", 86400, &v) != 0)
				return TA_EXIT_USAGE;
			o.pipe.scan.timeout = (unsigned)v;
			break;
		case 'X':
			if (parse_uint(optarg, "memory limit", 1UL << 22, &v) != 0 || v < 16) {
				ta_error("memory limit '%s': at least 16 (MiB)", optarg);
				return TA_EXIT_USAGE;
			}
			o.pipe.scan.max_memory_mib = (unsigned)v;
			break;
		case 'M':
			o.timing = true;
			break;
		case 'G':
			o.flags_for = optarg;
			break;
		case 'R':
			o.pipe.rules_dir = optarg;
			break;
		case 'N':
			o.pipe.scan.no_cache = true;
			break;
		case 'H':
			o.pipe.scan.no_pch = true;
			break;
		case 'K':
			o.list_candidates = true;
			break;
		case 'D':
			o.pipe.scan.cache_dir = optarg;
			break;
		case 'L':
			o.list_rules = true;
			break;
		case 'O':
			o.only_class = optarg;
			o.pipe.only_class = optarg;
			break;
		case 'm': {
			char *end;
			errno = 0;
			o.min_confidence = strtod(optarg, &end);
			if (errno || end == optarg || *end || o.min_confidence < 0 ||
			    o.min_confidence > 1) {
				ta_error("invalid confidence '%s' (a number from 0 to 1)", optarg);
				return TA_EXIT_USAGE;
			}
			break;
		}
		case 'E':
			o.fail_on = ta_severity_parse(optarg);
			o.fail_on_name = optarg;
			if (o.fail_on < 0) {
				ta_error("unknown severity '%s' (error, warning or note)", optarg);
				return TA_EXIT_USAGE;
			}
			break;
		case 'P':
			o.pipe.scan.progress = true;
			break;
		case 'q':
			o.quiet = true;
			break;
		case 'v':
			o.verbose = true;
			break;
		case 'r':
			o.report_in = optarg;
			break;
		case 'Z':
			o.no_traces = true;
			break;
		case 'h':
			fputs(usage_text, stdout);
			return fflush(stdout) == 0 ? TA_EXIT_OK : TA_EXIT_FAILURE;
		case 'V':
			printf("tasklet-audit %s\n", TA_VERSION);
			return TA_EXIT_OK;
		case ':':
			ta_error("option '%s' needs an argument", argv[optind - 1]);
			fputs("try 'tasklet-audit --help'\n", stderr);
			return TA_EXIT_USAGE;
		default:
			ta_error("unknown option '%s'", argv[optind - 1]);
			fputs("try 'tasklet-audit --help'\n", stderr);
			return TA_EXIT_USAGE;
		}
	}
	ta_diag_set_quiet(o.quiet);
	/* progress by default where someone watches: stderr a terminal, not -q */
	if (!o.quiet && isatty(STDERR_FILENO))
		o.pipe.scan.progress = true;
	if (argc - optind > 1) {
		ta_error("too many arguments: one PATH at most");
		return TA_EXIT_USAGE;
	}
	if (optind < argc)
		o.pipe.scan.path = argv[optind];
	if (o.report_in && (o.pipe.scan.path || o.flags_for || o.list_candidates)) {
		ta_error("--report renders a saved report: no PATH, --flags-for or "
			 "--list-candidates with it");
		return TA_EXIT_USAGE;
	}
	if (o.flags_for)
		return flags_for(&o);
	if (o.list_rules)
		return list_rules(&o);
	if (o.list_candidates)
		return list_candidates(&o);
	return audit(&o);
}

const struct ta_cmd ta_cmd_audit = {.name = NULL, .main = audit_main};
