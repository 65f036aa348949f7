// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_review.c - the "review" subcommand: option parsing into a
 * review_opts, loading the audit (the pipeline's, as the audit makes it,
 * or a saved report), restoring the review file, then the TUI or the
 * export.
 */
#include "cmd_review.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "pipeline.h"
#include "report_read.h"
#include "review.h"
#include "review_export.h"
#include "review_file.h"
#include "tui_actions.h"
#include "tui_view.h"
#include "util.h"

/* When scanning, the review file goes here unless --review says otherwise. */
#define TA_REVIEW_DEFAULT_FILE "tasklet-audit.review.json"
#define TA_EXPORT_DEFAULT_DIR "tasklet-patches"

static const char review_usage[] =
	"usage: tasklet-audit review [options] [PATH]\n"
	"       tasklet-audit review --report FILE [options]\n"
	"\n"
	"Review every tasklet interactively: walk the list, read the evidence,\n"
	"accept, reject or defer each recommendation, and export the patches of\n"
	"the accepted ones.  Decisions are saved to the review file after every\n"
	"change; reopening restores them and the position.  Without --report,\n"
	"PATH (default: the bundled corpus) is scanned and classified first.\n"
	"\n"
	"options:\n"
	"  -r, --report FILE  open a saved JSON report instead of scanning\n"
	"  -R, --review FILE  the review file (default: beside the report,\n"
	"                     REPORT.review.json; when scanning, ./" TA_REVIEW_DEFAULT_FILE ")\n"
	"  -x, --export DIR   write the accepted tasklets' patches to DIR and exit (no UI)\n"
	"      --force-api    previews and export write BH-workqueue patches for a tree\n"
	"                     that lacks the API (as 'patch --force-api')\n"
	"      --cache-dir DIR  the facts cache, which also keeps the patch previews\n"
	"                     of a --report (default: $XDG_CACHE_HOME/tasklet-audit)\n"
	"      --no-cache     neither read nor write the facts cache\n"
	"  -j, --jobs N       scan with N worker processes (default: all CPUs)\n"
	"  -p DIR             scan with DIR/compile_commands.json\n"
	"      --config FILE  kernel .config to use for an unconfigured tree\n"
	"      --rules DIR    classification rules (default: the bundled rules/)\n"
	"  -h, --help         show this help and exit\n"
	"\n"
	"keys: j/k move, Enter detail, / n N search, ] [ next/previous undecided,\n"
	"f filter, s/S sort/reverse, b group, o collapse, a accept, r reject, d defer,\n"
	"m other mechanism, C comment, A/R bulk accept/reject, u undo, e $EDITOR,\n"
	"p $PAGER, c callback, x export, ? all keys, q quit\n"
	"\n"
	"exit status: 0 success, 2 bad usage, report or review file, 3 internal or\n"
	"output error, 128+N when signal N ended the review\n";

struct review_opts {
	const char *report, *review, *export_dir;
	bool force_api;
	struct ta_pipeline_opts pipe; /* without --report: what to audit, as the audit does */
};

static int parse_args(int argc, char **argv, struct review_opts *o)
{
	enum { OPT_CONFIG = 256, OPT_RULES, OPT_FORCE, OPT_CACHE_DIR, OPT_NO_CACHE };
	static const struct option longopts[] = {
		{"report", required_argument, NULL, 'r'},
		{"review", required_argument, NULL, 'R'},
		{"export", required_argument, NULL, 'x'},
		{"jobs", required_argument, NULL, 'j'},
		{"config", required_argument, NULL, OPT_CONFIG},
		{"rules", required_argument, NULL, OPT_RULES},
		{"force-api", no_argument, NULL, OPT_FORCE},
		{"cache-dir", required_argument, NULL, OPT_CACHE_DIR},
		{"no-cache", no_argument, NULL, OPT_NO_CACHE},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	char *end;
	long v;
	int c;

	ta_pipeline_opts_init(&o->pipe);
	o->pipe.scan.progress = isatty(STDERR_FILENO);
	optind = 0; /* a full restart: the main command line was parsed before */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:R:x:j:p:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o->report = optarg;
			break;
		case 'R':
			o->review = optarg;
			break;
		case 'x':
			o->export_dir = optarg;
			break;
		case 'j':
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 1 || v > 1024) {
				ta_error("invalid job count '%s'", optarg);
				return TA_EXIT_USAGE;
			}
			o->pipe.scan.jobs = (int)v;
			break;
		case 'p':
			o->pipe.scan.compdb_dir = optarg;
			break;
		case OPT_CONFIG:
			o->pipe.scan.config = optarg;
			break;
		case OPT_RULES:
			o->pipe.rules_dir = optarg;
			break;
		case OPT_FORCE:
			o->force_api = true;
			break;
		case OPT_CACHE_DIR:
			o->pipe.scan.cache_dir = optarg;
			break;
		case OPT_NO_CACHE:
			o->pipe.scan.no_cache = true;
			break;
		case 'h':
			fputs(review_usage, stdout);
			return fflush(stdout) == 0 ? -1 : TA_EXIT_FAILURE;
		case ':':
			ta_error("option '%s' needs an argument", argv[optind - 1]);
			fputs("try 'tasklet-audit review --help'\n", stderr);
			return TA_EXIT_USAGE;
		default:
			ta_error("unknown option '%s'", argv[optind - 1]);
			fputs("try 'tasklet-audit review --help'\n", stderr);
			return TA_EXIT_USAGE;
		}
	}
	if (argc - optind > 1) {
		ta_error("too many arguments: one PATH at most");
		return TA_EXIT_USAGE;
	}
	if (optind < argc)
		o->pipe.scan.path = argv[optind];
	if (o->pipe.scan.path && o->report) {
		ta_error("give either PATH or --report, not both");
		return TA_EXIT_USAGE;
	}
	if (o->export_dir && !*o->export_dir) {
		ta_error("invalid export directory ''");
		return TA_EXIT_USAGE;
	}
	return 0;
}

/* With TA_REVIEW_TIMING=FILE: how long loading took, before the screen's first paint. */
static void log_load(double t0)
{
	const char *path = getenv("TA_REVIEW_TIMING");
	FILE *f = path && *path ? fopen(path, "a") : NULL;

	if (f) {
		fprintf(f, "load ms=%.1f\n", (ta_monotonic() - t0) * 1e3);
		fclose(f);
	}
}

static int review_main(int argc, char **argv)
{
	double t0 = ta_monotonic();
	struct review_opts o = {0};
	ta_audit *a = NULL;
	ta_review *rv = NULL;
	ta_tui *ui = NULL;
	char *review_path = NULL, *msg = NULL;
	const char *source;
	int rc = parse_args(argc, argv, &o);

	if (rc != 0)
		return rc < 0 ? TA_EXIT_OK : rc;
	/* without --report, PATH (the corpus by default) is audited as the audit does */
	rc = o.report ? ta_report_read(o.report, &a) : ta_pipeline_run(&o.pipe, &a);
	if (rc != TA_EXIT_OK)
		goto out;
	source = o.report ? o.report : a->tree;
	rv = ta_review_new(a);
	{
		/* previews go to the facts cache too, for the next review of this report */
		char *cache = o.report && !o.pipe.scan.no_cache
				      ? (o.pipe.scan.cache_dir ? xstrdup(o.pipe.scan.cache_dir)
							       : ta_cache_default_dir())
				      : NULL;
		ta_review_set_patch_opts(rv, &(struct ta_review_patch_opts){
						     .force_api = o.force_api,
						     .cache_dir = cache,
						     .report = o.report,
					     });
		free(cache);
	}
	review_path = o.review   ? xstrdup(o.review)
		      : o.report ? ta_review_file_default(o.report)
				 : xstrdup(TA_REVIEW_DEFAULT_FILE);
	rc = ta_review_file_load(rv, review_path);
	if (rc != TA_EXIT_OK)
		goto out_review;
	if (o.export_dir) {
		rc = ta_review_export(rv, o.export_dir, &msg);
		if (rc == TA_EXIT_OK) {
			printf("%s\n", msg);
			if (fflush(stdout) != 0 || ferror(stdout))
				rc = TA_EXIT_FAILURE;
		} else {
			ta_error("%s", msg);
		}
		goto out_review;
	}
	{
		struct ta_tui_opts to = {.review_path = review_path,
					 .source = source,
					 .export_dir = TA_EXPORT_DEFAULT_DIR};
		struct ta_review_counts c;
		ui = ta_tui_new(rv, &to);
		log_load(t0);
		rc = ta_tui_view_run(ui);
		if (rc == TA_EXIT_OK || rc > 128) {
			ta_review_counts(rv, &c);
			printf("review saved to '%s': %zu accepted, %zu rejected, %zu deferred, "
			       "%zu undecided of %zu%s\n",
			       review_path, c.by_decision[TA_DECISION_ACCEPT],
			       c.by_decision[TA_DECISION_REJECT], c.by_decision[TA_DECISION_DEFER],
			       c.by_decision[TA_DECISION_NONE], c.total,
			       c.stale ? " (some stale)" : "");
			if ((fflush(stdout) != 0 || ferror(stdout)) && rc == TA_EXIT_OK)
				rc = TA_EXIT_FAILURE;
		}
	}
	ta_tui_free(&ui);
out_review:
	free(msg);
	ta_review_free(&rv);
	free(review_path);
out:
	ta_audit_free(&a);
	return rc;
}

const struct ta_cmd ta_cmd_review = {.name = "review", .main = review_main};
