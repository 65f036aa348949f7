// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_patch.c - the "patch" command: option parsing into a ta_patch_opts,
 * the output directory, the audit (the pipeline's, classified, without the
 * behaviour check), the patch writer (patch.h) and the --json report with
 * each tasklet's patch status.
 */
#include "cmd_patch.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "outdir.h"
#include "outfile.h"
#include "patch.h"
#include "pipeline.h"
#include "report.h"
#include "util.h"

static const char patch_usage[] =
	"usage: tasklet-audit patch [options] [PATH]\n"
	"\n"
	"Write the conversions of PATH's tasklets (default: the bundled corpus) as\n"
	"patches a maintainer can apply, one per driver, in git format-patch form.\n"
	"Without -o or --apply the patches go to standard output.\n"
	"\n"
	"options:\n"
	"  -t, --to MIGRATION   setup (default), auto, bh, wq, threaded-irq or timer\n"
	"  -o, --output-directory DIR  one NNNN-*.patch file per driver in DIR\n"
	"      --series         with -o: group the patches into series by MAINTAINERS\n"
	"                       section, each in DIR/series-K/ with a cover letter\n"
	"      --max-series N   at most N patches a series (default 15)\n"
	"      --signoff 'Name <mail>'  add a Signed-off-by trailer (never invented)\n"
	"      --apply          rewrite the files in place (each only if unchanged)\n"
	"      --force-api      write BH-workqueue patches for a tree that lacks the API\n"
	"      --only ID[=MIG]  only this tasklet (repeatable), optionally another migration\n"
	"      --json FILE      also write the JSON report with each tasklet's patch status\n"
	"  -j, --jobs N         parse with N worker processes (default: all CPUs)\n"
	"      --config FILE    kernel .config to use for an unconfigured tree (as the audit's)\n"
	"      --rules DIR      rules to use (default: the bundled rules/)\n"
	"      --cache-dir DIR  the facts cache (default: $XDG_CACHE_HOME/tasklet-audit)\n"
	"      --no-cache       neither read nor write the facts cache\n"
	"  -q, --quiet          no notes on stderr\n"
	"  -h, --help           show this help and exit\n"
	"\n"
	"exit status: 0 success (refusals are reported, not errors), 2 bad usage or\n"
	"input, 3 internal or output error\n";

static int patch_main(int argc, char **argv)
{
	enum {
		OPT_SIGNOFF = 256,
		OPT_APPLY,
		OPT_FORCE,
		OPT_ONLY,
		OPT_JSON,
		OPT_RULES,
		OPT_CACHE_DIR,
		OPT_NO_CACHE,
		OPT_SERIES,
		OPT_MAX_SERIES,
		OPT_CONFIG
	};
	static const struct option longopts[] = {
		{"to", required_argument, NULL, 't'},
		{"output-directory", required_argument, NULL, 'o'},
		{"signoff", required_argument, NULL, OPT_SIGNOFF},
		{"apply", no_argument, NULL, OPT_APPLY},
		{"force-api", no_argument, NULL, OPT_FORCE},
		{"only", required_argument, NULL, OPT_ONLY},
		{"json", required_argument, NULL, OPT_JSON},
		{"jobs", required_argument, NULL, 'j'},
		{"rules", required_argument, NULL, OPT_RULES},
		{"cache-dir", required_argument, NULL, OPT_CACHE_DIR},
		{"no-cache", no_argument, NULL, OPT_NO_CACHE},
		{"series", no_argument, NULL, OPT_SERIES},
		{"max-series", required_argument, NULL, OPT_MAX_SERIES},
		{"config", required_argument, NULL, OPT_CONFIG},
		{"quiet", no_argument, NULL, 'q'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct ta_patch_opts po = {.to = "setup"};
	struct ta_pipeline_opts pipe;
	const char *json = NULL;
	ta_outdir *od = NULL;
	bool quiet = false;
	char **ids = NULL, **mechs = NULL;
	size_t n_ids = 0, cap_ids = 0, cap_mechs = 0, n_mechs = 0;
	ta_audit *a = NULL;
	ta_patch_outcome **outcomes = NULL;
	char *cache_dir = NULL;
	int c, rc = TA_EXIT_USAGE;

	/* the patch writer needs the classification, not the behaviour check */
	ta_pipeline_opts_init(&pipe);
	pipe.classify_only = true;

	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":t:o:j:qh", longopts, NULL)) != -1) {
		switch (c) {
		case 't':
			po.to = optarg;
			break;
		case 'o':
			po.outdir = optarg;
			break;
		case OPT_SIGNOFF:
			if (!strchr(optarg, '<') || !strchr(optarg, '>') || !strchr(optarg, '@')) {
				ta_error("invalid sign-off '%s' (expected 'Name <mail>')", optarg);
				goto out;
			}
			po.signoff = optarg;
			break;
		case OPT_APPLY:
			po.apply = true;
			break;
		case OPT_FORCE:
			po.force_api = true;
			break;
		case OPT_ONLY: {
			char *eq = strchr(optarg, '=');
			TA_PUSH(ids, n_ids, cap_ids,
				eq ? xstrndup(optarg, (size_t)(eq - optarg)) : xstrdup(optarg));
			TA_PUSH(mechs, n_mechs, cap_mechs, eq ? xstrdup(eq + 1) : NULL);
			break;
		}
		case OPT_JSON:
			json = optarg;
			break;
		case OPT_SERIES:
			po.series = true;
			break;
		case OPT_MAX_SERIES: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 1 || v > 1000) {
				ta_error("invalid series size '%s' (1 to 1000)", optarg);
				goto out;
			}
			po.max_series = (unsigned)v;
			break;
		}
		case 'j': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 1024) {
				ta_error("invalid job count '%s'", optarg);
				goto out;
			}
			pipe.scan.jobs = (int)v;
			break;
		}
		case OPT_RULES:
			pipe.rules_dir = optarg;
			break;
		case OPT_CONFIG:
			pipe.scan.config = optarg;
			break;
		case OPT_CACHE_DIR:
			pipe.scan.cache_dir = optarg;
			break;
		case OPT_NO_CACHE:
			pipe.scan.no_cache = true;
			break;
		case 'q':
			quiet = true;
			ta_diag_set_quiet(1);
			break;
		case 'h':
			fputs(patch_usage, stdout);
			rc = fflush(stdout) == 0 ? TA_EXIT_OK : TA_EXIT_FAILURE;
			goto out;
		case ':':
			ta_error("option '%s' needs an argument", argv[optind - 1]);
			fputs("try 'tasklet-audit patch --help'\n", stderr);
			goto out;
		default:
			ta_error("unknown option '%s'", argv[optind - 1]);
			fputs("try 'tasklet-audit patch --help'\n", stderr);
			goto out;
		}
	}
	if (argc - optind > 1) {
		ta_error("too many arguments: one PATH at most");
		goto out;
	}
	if (!ta_patch_target_check(po.to))
		goto out;
	if (po.series && !po.outdir) {
		ta_error("--series needs -o DIR");
		goto out;
	}
	if (po.max_series && !po.series) {
		ta_error("--max-series needs --series");
		goto out;
	}
	/* -o DIR: written into a temporary beside it, published whole at the end */
	if (po.outdir && !(od = ta_outdir_open(po.outdir)))
		goto out;
	if (od)
		po.outdir = ta_outdir_path(od);
	pipe.scan.path = optind < argc ? argv[optind] : NULL;
	pipe.scan.progress = !quiet && isatty(STDERR_FILENO);
	if ((rc = ta_pipeline_run(&pipe, &a)) != TA_EXIT_OK)
		goto out;
	po.jobs = pipe.scan.jobs;
	po.only_ids = (const char *const *)ids;
	po.mechanisms = (const char *const *)mechs;
	po.n_only = n_ids;
	/* the validation finds the scan's overlay and PCH in the same cache */
	if (!pipe.scan.no_cache)
		cache_dir = pipe.scan.cache_dir ? xstrdup(pipe.scan.cache_dir)
						: ta_cache_default_dir();
	po.cache_dir = cache_dir;
	po.config = pipe.scan.config;
	rc = ta_patch_run(a, &po, &outcomes);
	if (od && rc != TA_EXIT_USAGE && rc != TA_EXIT_FAILURE && ta_outdir_commit(&od) != 0)
		rc = TA_EXIT_FAILURE;
	/* the outcomes go into the JSON report: on this command's own audit */
	ta_patch_attach(a, &outcomes);
	if (json && rc != TA_EXIT_USAGE) {
		ta_outfile *of = ta_outfile_open(json);
		struct ta_report_opts ro = {0};
		if (!of || ta_report_json.write(a, ta_outfile_stream(of), &ro) != 0 ||
		    ta_outfile_commit(&of) != 0) {
			ta_outfile_abort(&of);
			rc = TA_EXIT_FAILURE;
		}
	}
out:
	ta_outdir_abort(&od);
	for (size_t i = 0; i < n_ids; i++) {
		free(ids[i]);
		free(mechs[i]);
	}
	free(ids);
	free(mechs);
	free(cache_dir);
	ta_audit_free(&a);
	return rc;
}

const struct ta_cmd ta_cmd_patch = {.name = "patch", .main = patch_main};
