// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_diff.c - the "diff" command: reads two JSON reports, compares them
 * (report_diff.h), looking vanished tasklets up in the newer tree, and
 * writes the text form to stdout (or -o FILE) and the JSON form to
 * --json FILE.  The newer tree is --tree DIR, else the tree the newer
 * report names when it is still a directory with a Makefile, unless
 * --no-tree.
 */
#include "cmd_diff.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "outfile.h"
#include "report_diff.h"
#include "report_read.h"
#include "util.h"

static const char diff_usage[] =
	"usage: tasklet-audit diff [options] OLD.json NEW.json\n"
	"\n"
	"Compare two JSON reports of a kernel at two releases: each tasklet of\n"
	"OLD is unchanged, moved (its file or member renamed), converted (the\n"
	"newer tree now does the work with a BH workqueue, a workqueue, a\n"
	"threaded IRQ or a timer) or removed; each of NEW not matched is added.\n"
	"Counts per subsystem follow.\n"
	"\n"
	"options:\n"
	"      --json FILE    also write the diff as JSON to FILE ('-' for stdout)\n"
	"      --format FMT   format on stdout: text (default) or json\n"
	"  -o, --output FILE  write the stdout form to FILE instead\n"
	"      --tree DIR     the newer tree, searched for what replaced a vanished\n"
	"                     tasklet (default: NEW's tree, when it is still there)\n"
	"      --no-tree      do not search: a vanished tasklet counts as removed\n"
	"  -h, --help         show this help and exit\n"
	"\n"
	"exit status: 0 success, 2 bad usage or report, 3 internal or output error\n";

struct diff_opts {
	const char *json, *format, *output, *tree;
	bool no_tree;
	const char *old_path, *new_path;
};

static int parse_args(int argc, char **argv, struct diff_opts *o)
{
	enum { OPT_JSON = 256, OPT_FORMAT, OPT_TREE, OPT_NO_TREE };
	static const struct option longopts[] = {
		{"json", required_argument, NULL, OPT_JSON},
		{"format", required_argument, NULL, OPT_FORMAT},
		{"output", required_argument, NULL, 'o'},
		{"tree", required_argument, NULL, OPT_TREE},
		{"no-tree", no_argument, NULL, OPT_NO_TREE},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	int c;

	o->format = "text";
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_JSON:
			o->json = optarg;
			break;
		case OPT_FORMAT:
			o->format = optarg;
			break;
		case 'o':
			o->output = optarg;
			break;
		case OPT_TREE:
			o->tree = optarg;
			break;
		case OPT_NO_TREE:
			o->no_tree = true;
			break;
		case 'h':
			fputs(diff_usage, stdout);
			return -1;
		case ':':
			ta_error("option '%s' needs an argument", argv[optind - 1]);
			return TA_EXIT_USAGE;
		default:
			ta_error("unknown option '%s' (see tasklet-audit diff --help)",
				 argv[optind - 1]);
			return TA_EXIT_USAGE;
		}
	}
	if (strcmp(o->format, "text") != 0 && strcmp(o->format, "json") != 0) {
		ta_error("unknown format '%s' (text or json)", o->format);
		return TA_EXIT_USAGE;
	}
	if (o->tree && o->no_tree) {
		ta_error("--tree and --no-tree exclude each other");
		return TA_EXIT_USAGE;
	}
	if (argc - optind != 2) {
		ta_error("diff needs two reports, OLD.json and NEW.json (see tasklet-audit diff "
			 "--help)");
		return TA_EXIT_USAGE;
	}
	o->old_path = argv[optind];
	o->new_path = argv[optind + 1];
	return TA_EXIT_OK;
}

static bool is_tree(const char *dir)
{
	struct stat st;
	char *mk;
	bool ok;

	if (!dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return false;
	mk = ta_path_join(dir, "Makefile");
	ok = stat(mk, &st) == 0;
	free(mk);
	return ok;
}

static int write_to(const ta_rdiff *d, const char *path, bool json)
{
	ta_outfile *of = ta_outfile_open(path);
	int rc;

	if (!of)
		return TA_EXIT_FAILURE;
	rc = json ? ta_rdiff_write_json(d, ta_outfile_stream(of))
		  : ta_rdiff_write_text(d, ta_outfile_stream(of));
	if (rc != 0) {
		ta_error("cannot write '%s'", path);
		ta_outfile_abort(&of);
		return TA_EXIT_FAILURE;
	}
	return ta_outfile_commit(&of) == 0 ? TA_EXIT_OK : TA_EXIT_FAILURE;
}

int ta_diff_main(int argc, char **argv)
{
	struct diff_opts o = {0};
	struct ta_rdiff_opts ro = {0};
	ta_audit *old_a = NULL, *new_a = NULL;
	ta_rdiff *d;
	int rc = parse_args(argc, argv, &o);

	if (rc < 0)
		return TA_EXIT_OK;
	if (rc != TA_EXIT_OK)
		return rc;
	rc = ta_report_read(o.old_path, &old_a);
	if (rc == TA_EXIT_OK)
		rc = ta_report_read(o.new_path, &new_a);
	if (rc != TA_EXIT_OK)
		goto out;
	if (o.tree && !is_tree(o.tree)) {
		ta_error("'%s' is not a kernel tree (no Makefile)", o.tree);
		rc = TA_EXIT_USAGE;
		goto out;
	}
	if (!o.no_tree)
		ro.new_tree = o.tree ? o.tree : is_tree(new_a->tree) ? new_a->tree : NULL;
	ro.old_name = o.old_path;
	ro.new_name = o.new_path;
	d = ta_rdiff_new(old_a, new_a, &ro);
	if (o.json)
		rc = write_to(d, o.json, true);
	if (rc == TA_EXIT_OK && !(o.json && strcmp(o.json, "-") == 0 && !o.output))
		rc = write_to(d, o.output ? o.output : "-", strcmp(o.format, "json") == 0);
	ta_rdiff_free(&d);
out:
	ta_audit_free(&new_a);
	ta_audit_free(&old_a);
	return rc;
}

const struct ta_cmd ta_cmd_diff = {.name = "diff", .main = ta_diff_main};
