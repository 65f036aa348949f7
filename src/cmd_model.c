// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmd_model.c - the "model" subcommand: option parsing, loading the
 * protocol, running the checker or the conformance cases, printing.
 */
#include "cmd_model.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "refcore_check.h"
#include "refcore_conform.h"
#include "refcore_protocol.h"
#include "util.h"

static const char model_usage[] =
	"usage: tasklet-audit model --protocol FILE --to TARGET [options]\n"
	"       tasklet-audit model --selftest\n"
	"\n"
	"Compare what a driver's use of one tasklet guarantees with what it keeps\n"
	"after conversion: every interleaving of the protocol's operations on two\n"
	"simulated CPUs is explored on the tasklet reference model and on the\n"
	"replacement's, and each difference is shown with a shortest trace.\n"
	"\n"
	"options:\n"
	"  -p, --protocol FILE  the usage protocol (see corpus/protocols/*.proto)\n"
	"  -t, --to TARGET      bh, wq, threaded-irq or timer\n"
	"      --max-depth N    events per trace (default 64)\n"
	"      --max-states N   states per model (default 400000)\n"
	"      --max-resched N  self re-schedules per trace (default 2)\n"
	"      --selftest       run the reference models' conformance cases\n"
	"  -v, --verbose        with --selftest, name every case\n"
	"  -h, --help           show this help and exit\n"
	"\n"
	"exit status: 0 success, 1 a selftest case failed, 2 bad usage or protocol,\n"
	"3 output error\n";

struct model_opts {
	const char *protocol;
	const char *to;
	bool selftest, verbose;
	struct ta_rc_opts rc;
};

static int parse_count(const char *s, const char *what, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!s || !*s || s[0] == '-')
		goto bad;
	v = strtoul(s, &end, 10);
	if (*end || v == 0 || v > max)
		goto bad;
	*out = v;
	return 0;
bad:
	ta_error("invalid %s '%s'", what, s ? s : "");
	return -1;
}

static int parse_args(int argc, char **argv, struct model_opts *o)
{
	enum { OPT_DEPTH = 256, OPT_STATES, OPT_RESCHED, OPT_SELFTEST };
	static const struct option longopts[] = {
		{"protocol", required_argument, NULL, 'p'},
		{"to", required_argument, NULL, 't'},
		{"max-depth", required_argument, NULL, OPT_DEPTH},
		{"max-states", required_argument, NULL, OPT_STATES},
		{"max-resched", required_argument, NULL, OPT_RESCHED},
		{"selftest", no_argument, NULL, OPT_SELFTEST},
		{"verbose", no_argument, NULL, 'v'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	unsigned long v;
	int c;

	optind = 0; /* glibc: restart the scan, whatever parsed before */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":p:t:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'p':
			o->protocol = optarg;
			break;
		case 't':
			o->to = optarg;
			break;
		case OPT_DEPTH:
			if (parse_count(optarg, "--max-depth", 60000, &v) != 0)
				return -1;
			o->rc.max_depth = (unsigned)v;
			break;
		case OPT_STATES:
			if (parse_count(optarg, "--max-states", 100000000, &v) != 0)
				return -1;
			o->rc.max_states = v;
			break;
		case OPT_RESCHED:
			if (parse_count(optarg, "--max-resched", 255, &v) != 0)
				return -1;
			o->rc.max_resched = (unsigned)v;
			break;
		case OPT_SELFTEST:
			o->selftest = true;
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'h':
			return 1;
		case ':':
			ta_error("option '%s' needs an argument", argv[optind - 1]);
			return -1;
		default:
			ta_error("unknown option '%s'", argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc) {
		ta_error("unexpected argument '%s'", argv[optind]);
		return -1;
	}
	if (o->selftest && (o->protocol || o->to)) {
		ta_error("'--selftest' takes no protocol or target");
		return -1;
	}
	if (!o->selftest && (!o->protocol || !o->to)) {
		ta_error("'model' needs --protocol FILE and --to TARGET (or --selftest)");
		return -1;
	}
	return 0;
}

static int run_selftest(bool verbose)
{
	size_t n = ta_conform_count(), failed = 0;

	for (size_t i = 0; i < n; i++) {
		char *why = ta_conform_run(i);

		if (why) {
			printf("FAIL %s: %s\n", ta_conform_name(i), why);
			failed++;
			free(why);
		} else if (verbose) {
			printf("ok   %s\n", ta_conform_name(i));
		}
	}
	printf("%zu passed, %zu failed\n", n - failed, failed);
	return failed ? TA_EXIT_FINDINGS : TA_EXIT_OK;
}

static int run_compare(const struct model_opts *o)
{
	struct ta_proto_error err = {0};
	enum ta_rc_target to;
	ta_protocol *p;
	ta_rc_result *r;
	char *text;

	if (ta_rc_target_from_name(o->to, &to) != 0) {
		ta_error("unknown target '%s': expected bh, wq, threaded-irq or timer", o->to);
		return TA_EXIT_USAGE;
	}
	p = ta_protocol_load(o->protocol, &err);
	if (!p) {
		if (err.line)
			ta_diag(TA_ERROR, o->protocol, err.line, err.col, "%s", err.msg);
		else
			ta_error("%s", err.msg);
		return TA_EXIT_USAGE;
	}
	r = ta_rc_check(p, to, &o->rc);
	if (!r) {
		ta_error("cannot check '%s'", o->protocol);
		ta_protocol_free(&p);
		return TA_EXIT_FAILURE;
	}
	text = ta_rc_result_render(r, p);
	fputs(text, stdout);
	free(text);
	ta_rc_result_free(&r);
	ta_protocol_free(&p);
	return TA_EXIT_OK;
}

static int model_main(int argc, char **argv)
{
	struct model_opts o = {.rc = TA_RC_OPTS_DEFAULT};
	int rc = parse_args(argc, argv, &o);

	if (rc > 0) {
		fputs(model_usage, stdout);
		rc = TA_EXIT_OK;
	} else if (rc < 0) {
		fputs("usage: tasklet-audit model --protocol FILE --to TARGET | --selftest\n",
		      stderr);
		return TA_EXIT_USAGE;
	} else if (o.selftest) {
		rc = run_selftest(o.verbose);
	} else {
		rc = run_compare(&o);
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		ta_error("cannot write the output");
		return TA_EXIT_FAILURE;
	}
	return rc;
}

const struct ta_cmd ta_cmd_model = {.name = "model", .main = model_main};
