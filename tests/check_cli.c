// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_cli.c - the real binary from the outside: usage errors and exit
 * codes (--fail-on included), bad paths, the JSON report's required fields (a contract read by
 * dashboards), stable ids, a full output device, and a tree left untouched.
 */
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

static cJSON *need(cJSON *o, const char *key, int type_mask)
{
	cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	ck_assert_msg(v != NULL, "missing field '%s'", key);
	ck_assert_msg((v->type & type_mask) != 0, "field '%s' has type %d", key, v->type);
	return v;
}

#define STR cJSON_String
#define NUM cJSON_Number
#define ARR cJSON_Array
#define OBJ cJSON_Object
#define NUL cJSON_NULL

START_TEST(test_help_exits_zero)
{
	struct tu_run r = tu_exec("--help");

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "usage: tasklet-audit"));
	ck_assert_str_eq(r.err, "");
	tu_run_free(&r);
}
END_TEST

static const struct {
	const char *args;
	const char *message;
} usage_errors[] = {
	{"--no-such-option", "unknown option '--no-such-option'"},
	{"-j 0", "invalid job count '0'"},
	{"-j many", "invalid job count 'many'"},
	{"--timeout -5", "invalid timeout '-5'"},
	{"--format xml", "unknown format 'xml'"},
	{"/nonexistent/linux", "cannot open '/nonexistent/linux'"},
	{"/tmp", "'/tmp' is not inside a Linux kernel tree"},
	{"a b", "too many arguments"},
	{"--json", "option '--json' needs an argument"},
	{"--config /nonexistent.config", "cannot read config '/nonexistent.config'"},
	{"--only nosuchclass", "unknown class 'nosuchclass' (one of: "},
	{"patch --to nosuchmech", "unknown migration 'nosuchmech' (setup, auto, bh"},
	{"--fail-on fatal", "unknown severity 'fatal' (error, warning or note)"},
	{"--report /nonexistent.json", "cannot read '/nonexistent.json'"},
	{"--report r.json corpus", "--report renders a saved report: no PATH"},
	{"--report r.json --only nosuchclass", "unknown class 'nosuchclass' (one of: "},
};

START_TEST(test_usage_errors)
{
	struct tu_run r = tu_exec(usage_errors[_i].args);
	int newlines = 0;

	ck_assert_msg(r.status == 2, "'%s' exited %d", usage_errors[_i].args, r.status);
	ck_assert_msg(strstr(r.err, usage_errors[_i].message), "'%s': stderr was '%s'",
		      usage_errors[_i].args, r.err);
	ck_assert_str_eq(r.out, "");
	for (const char *p = r.err; *p; p++)
		newlines += *p == '\n';
	ck_assert_int_le(newlines, 2); /* one error line, maybe a hint */
	tu_run_free(&r);
}
END_TEST

/*
 * A .c file as PATH is audited within its tree: its tasklets as the whole
 * corpus's audit gives them (dma_done.c's is not used from another file);
 * another file is an error, and so is a file for patch.
 */
START_TEST(test_regular_file_path)
{
	char *path = tu_src("corpus/classify/dma_done.c");
	char *args = xasprintf("--no-cache --json - '%s'", path);
	struct tu_run r = tu_exec(args), text;
	cJSON *root, *t;

	ck_assert_int_eq(r.status, 0);
	root = cJSON_Parse(r.out);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(need(root, "subtree", STR)->valuestring, "classify/dma_done.c");
	ck_assert_int_eq(need(need(root, "summary", OBJ), "candidate_files", NUM)->valueint, 1);
	ck_assert_int_eq(cJSON_GetArraySize(need(root, "tasklets", ARR)), 1);
	t = cJSON_GetArrayItem(need(root, "tasklets", ARR), 0);
	ck_assert_str_eq(need(t, "key", STR)->valuestring,
			 "classify/dma_done.c:struct dd_chan.task");
	cJSON_Delete(root);
	tu_run_free(&r);
	free(args);
	args = xasprintf("-j 2 '%s'", path);
	text = tu_exec(args);
	r = tu_exec("-j 2");
	ck_assert_int_eq(text.status, 0);
	ck_assert_ptr_nonnull(strstr(text.out, ", 1 tasklet in 1 subsystem\n"));
	ck_assert_ptr_nonnull(strstr(text.out, "\nclassify/dma_done.c:34: c->task: dma_completion "
					       "-> bh_workqueue [0.80], behavior: review\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nclassify/dma_done.c:34: c->task: dma_completion "
					    "-> bh_workqueue [0.80], behavior: review\n"));
	tu_run_free(&text);
	tu_run_free(&r);
	free(args);
	args = xasprintf("--list-candidates '%s'", path);
	r = tu_exec(args);
	ck_assert_str_eq(r.out, "classify/dma_done.c\n");
	tu_run_free(&r);
	free(args);
	free(path);

	path = tu_src("corpus/Makefile");
	args = xasprintf("'%s'", path);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "is neither a directory nor a .c file"));
	tu_run_free(&r);
	free(args);
	free(path);
	path = tu_src("corpus/classify/dma_done.c");
	args = xasprintf("patch '%s'", path);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(
		strstr(r.err, "is not a directory (only the audit takes a single file)"));
	tu_run_free(&r);
	free(args);
	free(path);
}
END_TEST

START_TEST(test_default_is_corpus)
{
	struct tu_run r = tu_exec("-j 2");

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "(Linux 6.1.0-corpus)"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nindex/declare.c:18: legacy_tasklet: isr_bottom_half "
					    "-> bh_workqueue [0.80], behavior: benign\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nindex/internals.c:15: e->submit: gpu_scheduler -> "
					    "manual [0.80], behavior: not_checked\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nclassify/container_mismatch.c:40: cm->tx: "
					    "isr_bottom_half -> bh_workqueue [0.80], 1 finding, "
					    "behavior: benign\n"
					    "classify/container_mismatch.c:23: error: the callback "
					    "recovers its container through a member"));
	ck_assert_ptr_nonnull(strstr(r.out, "index/syntax_error.c: degraded: "));
	tu_run_free(&r);
}
END_TEST

/* The tasklet a line "file:line: name: ..." of the text report names, or NULL. */
static cJSON *line_tasklet(cJSON *tasklets, const char *line, size_t len)
{
	cJSON *t;

	cJSON_ArrayForEach(t, tasklets)
	{
		char *head = xasprintf("%s:%d: %s: ", need(t, "file", STR)->valuestring,
				       need(t, "line", NUM)->valueint,
				       need(t, "name", STR)->valuestring);
		bool match = strlen(head) <= len && strncmp(line, head, strlen(head)) == 0;
		free(head);
		if (match)
			return t;
	}
	return NULL;
}

/* The assessment of t's behaviour check, or "". */
static const char *assessment(cJSON *t)
{
	cJSON *b = cJSON_GetObjectItemCaseSensitive(t, "behavior");
	cJSON *as = cJSON_GetObjectItemCaseSensitive(b, "assessment");

	return cJSON_IsString(as) ? as->valuestring : "";
}

/*
 * The text report of the corpus against its JSON report, from one run:
 * each tasklet is one line of at most 160 characters, followed by its
 * findings, one line each ("file:line: severity: text [rule]"), and by
 * behaviour details only when its assessment is "review" or "unsafe"; -v
 * adds a note line per tasklet and the benign differences; --report
 * renders the saved JSON report as the same text.
 */
START_TEST(test_text_report_lines)
{
	char *dir = tu_mkdtemp(), *args = xasprintf("-j 2 --json '%s/r.json'", dir);
	struct tu_run r = tu_exec(args), v, again;
	char *json = NULL;
	cJSON *root, *tasklets, *cur = NULL;
	size_t n_tasklet_lines = 0, n_finding_lines = 0, n_behavior_lines = 0, findings_left = 0;
	const char *p;

	ck_assert_int_eq(r.status, 0);
	free(args);
	args = xasprintf("%s/r.json", dir);
	json = ta_read_file(args, NULL);
	ck_assert_ptr_nonnull(json);
	root = cJSON_Parse(json);
	tasklets = need(root, "tasklets", ARR);
	/* the tasklets start after the first subsystem heading: "\nNAME\n" then a located line */
	for (p = r.out; *p; p = strchr(p, '\n') + 1) {
		size_t len = strcspn(p, "\n");
		cJSON *t = line_tasklet(tasklets, p, len);
		if (t) {
			ck_assert_msg(findings_left == 0, "a finding line is missing before '%.*s'",
				      (int)len, p);
			ck_assert_msg(len <= 160, "tasklet line of %zu characters: '%.*s'", len,
				      (int)len, p);
			cur = t;
			findings_left = (size_t)cJSON_GetArraySize(
				cJSON_GetObjectItemCaseSensitive(t, "findings"));
			n_tasklet_lines++;
		} else if (strstr(p, ": behavior ") && strstr(p, ": behavior ") < p + len) {
			ck_assert_ptr_nonnull(cur);
			ck_assert_msg(strcmp(assessment(cur), "review") == 0 ||
					      strcmp(assessment(cur), "unsafe") == 0,
				      "behaviour details of a '%s' tasklet: '%.*s'",
				      assessment(cur), (int)len, p);
			n_behavior_lines++;
		} else if (cur && findings_left) {
			/* "file:line: severity: text [rule]" */
			ck_assert_msg(strstr(p, ": error: ") || strstr(p, ": warning: ") ||
					      strstr(p, ": note: "),
				      "not a finding line: '%.*s'", (int)len, p);
			ck_assert(p[len - 1] == ']');
			findings_left--;
			n_finding_lines++;
		}
		if (!p[len])
			break;
	}
	ck_assert_uint_eq(n_tasklet_lines, (size_t)cJSON_GetArraySize(tasklets));
	ck_assert_uint_gt(n_finding_lines, 20);
	ck_assert_uint_gt(n_behavior_lines, 0);
	/* -v: a note line per tasklet, benign differences too */
	free(args);
	args = xasprintf("-v --report '%s/r.json'", dir);
	v = tu_exec(args);
	ck_assert_int_eq(v.status, 0);
	ck_assert_ptr_nonnull(strstr(v.out,
				     "\nclassify/gpu_engine.c:42: note: tasklet_setup, "
				     "engine_submit (new), 2 hi_schedule sites, 1 kill site"));
	ck_assert_ptr_nonnull(strstr(v.out,
				     "\nclassify/isr_bh.c:38: note: tasklet_setup, ib_bh "
				     "(new), 1 schedule site, 1 kill site; queue system_bh_wq; "
				     "behavior bh: differs\n"));
	ck_assert_ptr_nonnull(strstr(v.out, ": behavior bh: lost-run (benign): "));
	ck_assert_ptr_null(strstr(r.out, "(benign)"));
	/* the saved report renders as the text the audit printed */
	free(args);
	args = xasprintf("--report '%s/r.json'", dir);
	again = tu_exec(args);
	ck_assert_int_eq(again.status, 0);
	ck_assert_str_eq(again.out, r.out);
	cJSON_Delete(root);
	free(json);
	free(args);
	tu_run_free(&again);
	tu_run_free(&v);
	tu_run_free(&r);
	tu_rmtree(&dir);
}
END_TEST

/*
 * Locations in the text report: relative to the current directory inside
 * the tree, else to the root, in every line (a degraded file's clang
 * message included, which names the file by its absolute path).
 */
START_TEST(test_paths_relative_to_cwd)
{
	char *index = tu_src("corpus/index"), *env = xasprintf("-C '%s'", index);
	struct tu_run in = tu_exec_env(env, "-j 2 ."), out = tu_exec("-j 2");

	ck_assert_int_eq(in.status, 0);
	ck_assert_ptr_nonnull(strstr(in.out, "\nsyntax_error.c:15: d->t: "));
	ck_assert_ptr_nonnull(strstr(in.out, "\nsyntax_error.c: degraded: 2 errors, first: "
					     "syntax_error.c:15:29: error: "));
	ck_assert_int_eq(out.status, 0);
	ck_assert_ptr_nonnull(strstr(out.out, "\nindex/syntax_error.c:15: d->t: "));
	ck_assert_ptr_nonnull(strstr(out.out, "\nindex/syntax_error.c: degraded: 2 errors, first: "
					      "index/syntax_error.c:15:29: error: "));
	ck_assert_ptr_null(strstr(out.out, index)); /* no absolute path */
	tu_run_free(&in);
	/* the whole corpus from below it: the other directories through .. */
	in = tu_exec_env(env, "-j 2");
	ck_assert_ptr_nonnull(strstr(in.out, "\n../classify/dma_done.c:34: c->task: "));
	ck_assert_ptr_nonnull(strstr(in.out, "\n../classify/container_mismatch.c:23: error: "));
	ck_assert_ptr_nonnull(strstr(in.out, "\ndeclare.c:18: legacy_tasklet: "));
	ck_assert_ptr_nonnull(
		strstr(in.out, "usleep_range() at ../patch/irq/irq_null_thread.c:20 in "));
	tu_run_free(&in);
	tu_run_free(&out);
	free(env);
	free(index);
}
END_TEST

/*
 * --fail-on: exit 1 when a reported tasklet has a finding at the severity
 * or above, after the report is written in full; the filters apply (the
 * corpus's unused tasklets have notes only; its errors are 9: 7 in ISR
 * bottom halves, 1 in an atomic deferral, 1 in a mixed-context one).
 */
/* The patch status and reason of the one tasklet a JSON report holds for file. */
static char *patch_outcome(const char *json_path, const char *file)
{
	char *text = ta_read_file(json_path, NULL), *out = NULL;
	cJSON *root = text ? cJSON_Parse(text) : NULL, *t;

	ck_assert_ptr_nonnull(root);
	cJSON_ArrayForEach(t, need(root, "tasklets", cJSON_Array))
	{
		const cJSON *f = cJSON_GetObjectItem(t, "file"),
			    *p = cJSON_GetObjectItem(t, "patch");
		const cJSON *st = p ? cJSON_GetObjectItem(p, "status") : NULL;
		const cJSON *why = p ? cJSON_GetObjectItem(p, "reason") : NULL;
		if (!cJSON_IsString(f) || strcmp(f->valuestring, file) != 0 || !cJSON_IsString(st))
			continue;
		out = xasprintf("%s: %s", st->valuestring,
				cJSON_IsString(why) ? why->valuestring : "");
	}
	cJSON_Delete(root);
	free(text);
	ck_assert_msg(out != NULL, "no tasklet of %s in %s", file, json_path);
	return out;
}

/*
 * patch --config: a tasklet in a struct the configuration compiles out
 * (tsi721's shape: CONFIG_RAPIDIO off) is refused, naming the file's
 * first error and --config; with a .config that builds it, the scan and
 * the validation both use that configuration and the patch is written.
 */
START_TEST(test_patch_config)
{
	char *tree = tu_corpus_tree(), *cfg, *args, *got, *json;
	struct tu_run r;

	tu_write(tree, "cfgout/cfg_struct.c",
		 "// SPDX-License-Identifier: GPL-2.0-only\n"
		 "#include <linux/interrupt.h>\n\n"
		 "#ifdef CONFIG_CORPUS_DISABLED\n"
		 "struct co_chan {\n\tint done;\n\tstruct tasklet_struct tasklet;\n};\n#endif\n\n"
		 "static void co_fn(unsigned long data)\n{\n"
		 "\tstruct co_chan *c = (struct co_chan *)data;\n\n\tc->done++;\n}\n\n"
		 "void co_init(struct co_chan *c)\n{\n"
		 "\ttasklet_init(&c->tasklet, co_fn, (unsigned long)c);\n}\n\n"
		 "void co_kick(struct co_chan *c)\n{\n\ttasklet_schedule(&c->tasklet);\n}\n");
	args = xasprintf("patch --to bh --force-api --no-cache -q -o '%s/out1' --json '%s/p1.json' "
			 "'%s/cfgout'",
			 tree, tree, tree);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	json = xasprintf("%s/p1.json", tree);
	got = patch_outcome(json, "cfgout/cfg_struct.c");
	free(json);
	ck_assert_msg(strstr(got, "refused: cfgout/cfg_struct.c:20: the tasklet's type is unknown: "
				  "cfgout/cfg_struct.c parses with") &&
			      strstr(got, "(--config FILE)"),
		      "%s", got);
	free(got);
	tu_run_free(&r);
	free(args);
	ck_assert_int_eq(tu_sh("cp '%s/.config' '%s/on.config' && echo CONFIG_CORPUS_DISABLED=y "
			       ">>'%s/on.config'",
			       tree, tree, tree),
			 0);
	cfg = xasprintf("%s/on.config", tree);
	args = xasprintf("patch --to bh --force-api --no-cache -q --config '%s' -o '%s/out2' "
			 "--json '%s/p2.json' '%s/cfgout'",
			 cfg, tree, tree, tree);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	json = xasprintf("%s/p2.json", tree);
	got = patch_outcome(json, "cfgout/cfg_struct.c");
	free(json);
	ck_assert_msg(strcmp(got, "written: ") == 0, "%s", got);
	free(got);
	tu_run_free(&r);
	free(args);
	free(cfg);
	tu_rmtree(&tree);
}
END_TEST

START_TEST(test_fail_on)
{
	struct tu_run r = tu_exec("--no-cache --fail-on error");

	ck_assert_int_eq(r.status, 1);
	ck_assert_ptr_nonnull(strstr(r.out, "classify/container_mismatch.c:23: error: "));
	ck_assert_ptr_nonnull(strstr(r.err, "note: 9 findings of severity 'error' or above"));
	tu_run_free(&r);
	r = tu_exec("--no-cache --only unused --fail-on warning");
	ck_assert_int_eq(r.status, 0);
	/* the header counts what it shows of all: "N of M tasklets" */
	ck_assert_ptr_nonnull(strstr(r.out, "(Linux 6.1.0-corpus), "));
	ck_assert(strstr(r.out, " of ") && strstr(r.out, " of ") < strchr(r.out, '\n'));
	ck_assert_str_eq(r.err, "");
	tu_run_free(&r);
	r = tu_exec("--no-cache --only unused --fail-on note");
	ck_assert_int_eq(r.status, 1);
	ck_assert_ptr_nonnull(strstr(r.err, "note: 10 findings of severity 'note' or above"));
	tu_run_free(&r);
	/* without --fail-on, findings do not change the exit status */
	r = tu_exec("--no-cache -q");
	ck_assert_int_eq(r.status, 0);
	tu_run_free(&r);
}
END_TEST

START_TEST(test_json_contract)
{
	struct tu_run r = tu_exec("-j 2 --json -");
	cJSON *root, *item, *t;
	int n_tasklets = 0;

	ck_assert_int_eq(r.status, 0);
	root = cJSON_Parse(r.out);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(need(root, "format_version", STR)->valuestring, "1.6");
	need(root, "tool_version", STR);
	/* "2026-12-06T11:15:00Z" */
	ck_assert_uint_eq(strlen(need(root, "generated_at", STR)->valuestring), 20);
	ck_assert(ta_str_ends(need(root, "generated_at", STR)->valuestring, "Z"));
	/* the corpus is no git repository: its version and a content hash */
	ck_assert(ta_str_starts(need(root, "tree_id", STR)->valuestring, "6.1.0-corpus+"));
	ck_assert(ta_str_ends(need(root, "tree", STR)->valuestring, "/corpus"));
	ck_assert_str_eq(need(root, "kernel_version", STR)->valuestring, "6.1.0-corpus");
	ck_assert_ptr_nonnull(strstr(need(root, "libclang_version", STR)->valuestring, "clang"));
	need(need(root, "summary", OBJ), "tasklets", NUM);
	cJSON_ArrayForEach(item, need(root, "files", ARR))
	{
		const char *status = need(item, "status", STR)->valuestring;
		need(item, "path", STR);
		if (strcmp(status, "parsed") != 0)
			need(item, "reason", STR);
		else
			ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(item, "reason"));
	}
	cJSON_ArrayForEach(t, need(root, "tasklets", ARR))
	{
		cJSON *c, *s;
		n_tasklets++;
		need(t, "id", STR);
		need(t, "file", STR);
		need(t, "line", NUM);
		need(t, "name", STR);
		c = need(t, "container", OBJ | NUL);
		if (cJSON_IsObject(c)) {
			need(c, "type", STR);
			need(c, "field", STR);
		}
		need(t, "init_api", STR);
		need(t, "callback", STR | NUL);
		need(t, "callback_signature", STR);
		cJSON_ArrayForEach(s, need(t, "init_sites", ARR))
		{
			need(s, "file", STR);
			need(s, "line", NUM);
			need(s, "api", STR);
			need(s, "callback", STR | NUL);
		}
		cJSON_ArrayForEach(s, need(t, "sites", ARR))
		{
			need(s, "api", STR);
			need(s, "file", STR);
			need(s, "line", NUM);
			need(s, "function", STR | NUL);
		}
	}
	ck_assert_int_eq(n_tasklets,
			 (int)need(need(root, "summary", OBJ), "tasklets", NUM)->valueint);
	ck_assert_int_gt(n_tasklets, 20);
	/* the classes per subsystem add up to the tasklets */
	cJSON_ArrayForEach(item, need(need(root, "summary", OBJ), "by_subsystem_class", OBJ))
	{
		cJSON *cls;
		int sum = 0;
		cJSON_ArrayForEach(cls, item) sum += cls->valueint;
		ck_assert_int_eq(sum, need(need(need(root, "summary", OBJ), "by_subsystem", OBJ),
					   item->string, NUM)
					      ->valueint);
		n_tasklets -= sum;
	}
	ck_assert_int_eq(n_tasklets, 0);
	cJSON_Delete(root);
	tu_run_free(&r);
}
END_TEST

/* A JSON report without its "generated_at" line (what differs between two runs). */
static void drop_generated_at(char *json)
{
	char *p = strstr(json, "\n\t\"generated_at\":");

	ck_assert_ptr_nonnull(p);
	memmove(p, strchr(p + 1, '\n'), strlen(strchr(p + 1, '\n')) + 1);
}

START_TEST(test_ids_stable_across_runs)
{
	struct tu_run a = tu_exec("-j 1 --json -"), b = tu_exec("-j 2 --json -");

	ck_assert_int_eq(a.status, 0);
	ck_assert_int_eq(b.status, 0);
	/* same tree, different job counts: the same report, byte for byte, but
	 * for the time it was made */
	drop_generated_at(a.out);
	drop_generated_at(b.out);
	ck_assert_str_eq(a.out, b.out);
	tu_run_free(&a);
	tu_run_free(&b);
}
END_TEST

/*
 * Cold (empty cache), warm (every file cached) and --no-cache runs agree
 * byte for byte, and so does a --no-cache run with one worker: the patch
 * writer's dry runs are then made when asked, not ahead in workers
 * (dryrun.h), nor answered from the memo.
 */
START_TEST(test_cache_equivalence)
{
	char *dir = tu_mkdtemp();
	char *cold_args;
	struct tu_run nocache, serial, cold, warm;

	cold_args = xasprintf("-j 2 --cache-dir '%s' --json -", dir);
	nocache = tu_exec("-j 2 --no-cache --json -");
	serial = tu_exec("-j 1 --no-cache --json -");
	cold = tu_exec(cold_args);
	warm = tu_exec(cold_args);
	ck_assert_int_eq(nocache.status, 0);
	ck_assert_int_eq(serial.status, 0);
	ck_assert_int_eq(cold.status, 0);
	ck_assert_int_eq(warm.status, 0);
	ck_assert_ptr_nonnull(strstr(nocache.out, "\"tasklets\""));
	drop_generated_at(nocache.out);
	drop_generated_at(serial.out);
	drop_generated_at(cold.out);
	drop_generated_at(warm.out);
	ck_assert_str_eq(nocache.out, serial.out);
	ck_assert_str_eq(nocache.out, cold.out);
	ck_assert_str_eq(cold.out, warm.out);
	tu_run_free(&serial);
	/* the warm run really used the cache: with --timing it reports the hits */
	tu_run_free(&warm);
	free(cold_args);
	cold_args = xasprintf("-j 2 --cache-dir '%s' --timing --json -", dir);
	warm = tu_exec(cold_args);
	ck_assert_ptr_nonnull(strstr(warm.out, "\"cache_misses\":\t0"));
	ck_assert_ptr_null(strstr(warm.out, "\"cache_hits\":\t0,"));
	tu_rmtree(&dir);
	free(cold_args);
	tu_run_free(&nocache);
	tu_run_free(&cold);
	tu_run_free(&warm);
}
END_TEST

/* A damaged cache entry is recomputed, never trusted. */
START_TEST(test_damaged_cache_entry)
{
	char *dir = tu_mkdtemp();
	char *args, *damage;
	struct tu_run good, again;

	args = xasprintf("-j 2 --cache-dir '%s' --json -", dir);
	good = tu_exec(args);
	ck_assert_int_eq(good.status, 0);
	/* flip bytes in the middle of every entry, keeping their size */
	damage = xasprintf("for f in '%s'/facts/*; do printf 'XXXX' | dd of=\"$f\" bs=1 "
			   "seek=200 conv=notrunc 2>/dev/null; done",
			   dir);
	ck_assert_int_eq(system(damage), 0);
	again = tu_exec(args);
	ck_assert_int_eq(again.status, 0);
	drop_generated_at(good.out);
	drop_generated_at(again.out);
	ck_assert_str_eq(good.out, again.out);
	tu_rmtree(&dir);
	free(damage);
	free(args);
	tu_run_free(&good);
	tu_run_free(&again);
}
END_TEST

/*
 * SOURCE_DATE_EPOCH fixes generated_at (reproducible reports); --no-traces
 * leaves the event traces out and nothing else: the saved report renders
 * the same text, and read back and written again it is the same.
 */
START_TEST(test_generated_at_and_no_traces)
{
	char *dir = tu_mkdtemp(), *args;
	struct tu_run full = tu_exec_env("SOURCE_DATE_EPOCH=1700000000", "-j 2 --json -"), lean,
		      text_full, text_lean, again;

	ck_assert_int_eq(full.status, 0);
	ck_assert_ptr_nonnull(
		strstr(full.out, "\n\t\"generated_at\":\t\"2023-11-14T22:13:20Z\",\n"));
	ck_assert_ptr_nonnull(strstr(full.out, "\"trace\":"));
	ck_assert_ptr_nonnull(strstr(full.out, "\"trace_model\":"));
	args = xasprintf("-j 2 --no-traces --json '%s/lean.json' -o '%s/lean.txt'", dir, dir);
	lean = tu_exec_env("SOURCE_DATE_EPOCH=1700000000", args);
	free(args);
	ck_assert_int_eq(lean.status, 0);
	free(lean.out);
	lean.out = ta_read_file(args = xasprintf("%s/lean.json", dir), NULL);
	free(args);
	ck_assert_ptr_nonnull(lean.out);
	ck_assert_ptr_null(strstr(lean.out, "\"trace\":"));
	ck_assert_ptr_null(strstr(lean.out, "\"other_trace\":"));
	ck_assert_ptr_null(strstr(lean.out, "\"trace_model\":"));
	ck_assert_ptr_nonnull(strstr(lean.out, "\"differences\":"));
	ck_assert_ptr_nonnull(strstr(lean.out, "\"relevance_reason\":"));
	ck_assert_uint_lt(strlen(lean.out), strlen(full.out) * 9 / 10);
	/* the text report does not use the traces */
	args = xasprintf("-v --report '%s/lean.json'", dir);
	text_lean = tu_exec(args);
	free(args);
	text_full = tu_exec_env("SOURCE_DATE_EPOCH=1700000000", "-j 2 -v");
	ck_assert_int_eq(text_lean.status, 0);
	ck_assert(strcmp(text_lean.out, text_full.out) == 0);
	/* read back and written again (without traces): the same bytes, generated_at
	 * and tree_id kept */
	args = xasprintf("--report '%s/lean.json' --no-traces --format json", dir);
	again = tu_exec(args);
	free(args);
	ck_assert(strcmp(again.out, lean.out) == 0);
	tu_run_free(&again);
	tu_run_free(&text_full);
	tu_run_free(&text_lean);
	tu_run_free(&lean);
	tu_run_free(&full);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_output_to_missing_directory)
{
	struct tu_run r = tu_exec("-j 2 --json /nonexistent-dir/report.json");

	ck_assert_int_eq(r.status, 3);
	ck_assert_ptr_nonnull(strstr(r.err, "cannot create '/nonexistent-dir/report.json'"));
	tu_run_free(&r);
}
END_TEST

START_TEST(test_full_disk_is_an_error)
{
	char *cmd = xasprintf("'%s' -j 2 --json - >/dev/full 2>/dev/null", TA_BINARY);
	int st = system(cmd);

	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 3);
	free(cmd);
}
END_TEST

START_TEST(test_report_written_atomically)
{
	char *dir = tu_mkdtemp();
	char *path, *args;
	struct tu_run r;
	char *text;

	path = xasprintf("%s/report.json", dir);
	args = xasprintf("-j 2 --json '%s' -o /dev/null", path);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	text = ta_read_file(path, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, "\"format_version\""));
	free(text);
	/* only the report: no temporary left beside it */
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0); /* empty: no temporary left behind */
	free(dir);
	tu_run_free(&r);
	free(path);
	free(args);
}
END_TEST

/* Nothing is written inside the audited tree. */
START_TEST(test_tree_untouched)
{
	char *corpus = tu_src("corpus");
	/* every file and directory with its modification time and size */
	char *cmd = xasprintf("find '%s' -printf '%%p %%T@ %%s\\n' | sort", corpus);
	char *before = NULL, *after = NULL;
	FILE *fp;
	ta_buf b = {0};
	char line[4096];
	struct tu_run r;

	fp = popen(cmd, "r");
	while (fgets(line, sizeof(line), fp))
		ta_buf_puts(&b, line);
	pclose(fp);
	before = ta_buf_steal(&b);
	r = tu_exec("-j 2 -o /dev/null");
	ck_assert_int_eq(r.status, 0);
	fp = popen(cmd, "r");
	while (fgets(line, sizeof(line), fp))
		ta_buf_puts(&b, line);
	pclose(fp);
	after = ta_buf_steal(&b);
	ck_assert_str_eq(before, after);
	ck_assert_ptr_nonnull(strstr(after, "/corpus/index/declare.c "));
	tu_run_free(&r);
	free(before);
	free(after);
	free(cmd);
	free(corpus);
}
END_TEST

/* --format sarif and --sarif FILE give the same SARIF log of the corpus; diff is a command. */
START_TEST(test_sarif_and_diff_commands)
{
	char *dir = tu_mkdtemp(), *args, *text;
	struct tu_run r = tu_exec("-j 2 --format sarif"), f, d;
	cJSON *root;
	size_t len;

	ck_assert_int_eq(r.status, 0);
	root = cJSON_Parse(r.out);
	ck_assert_ptr_nonnull(root);
	ck_assert_str_eq(need(root, "version", STR)->valuestring, "2.1.0");
	ck_assert_int_gt(cJSON_GetArraySize(need(need(root, "runs", ARR)->child, "results", ARR)),
			 20);
	cJSON_Delete(root);
	args = xasprintf("-j 2 --sarif %s/log.sarif --json %s/r.json -o /dev/null", dir, dir);
	f = tu_exec(args);
	free(args);
	ck_assert_int_eq(f.status, 0);
	text = ta_read_file(args = xasprintf("%s/log.sarif", dir), &len);
	free(args);
	ck_assert_ptr_nonnull(text);
	ck_assert_str_eq(text, r.out);
	free(text);
	/* the corpus against itself: every tasklet unchanged */
	args = xasprintf("diff --no-tree %s/r.json %s/r.json", dir, dir);
	d = tu_exec(args);
	free(args);
	ck_assert_int_eq(d.status, 0);
	ck_assert_ptr_nonnull(strstr(d.out, "unchanged"));
	ck_assert_str_eq(d.err, "");
	tu_run_free(&d);
	tu_run_free(&f);
	tu_run_free(&r);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_flags_for)
{
	char *file = tu_src("corpus/index/declare.c");
	char *args = xasprintf("--flags-for '%s'", file);
	struct tu_run r = tu_exec(args);

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "-D__KERNEL__\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "-DKBUILD_MODNAME=\"declare\"\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "/include/linux/kconfig.h\n"));
	tu_run_free(&r);
	free(args);
	free(file);
}
END_TEST

static Suite *cli_suite(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("binary");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_help_exits_zero);
	tcase_add_loop_test(tc, test_usage_errors, 0,
			    (int)(sizeof(usage_errors) / sizeof(*usage_errors)));
	tcase_add_test(tc, test_regular_file_path);
	tcase_add_test(tc, test_default_is_corpus);
	tcase_add_test(tc, test_text_report_lines);
	tcase_add_test(tc, test_paths_relative_to_cwd);
	tcase_add_test(tc, test_fail_on);
	tcase_add_test(tc, test_json_contract);
	tcase_add_test(tc, test_ids_stable_across_runs);
	tcase_add_test(tc, test_generated_at_and_no_traces);
	tcase_add_test(tc, test_output_to_missing_directory);
	tcase_add_test(tc, test_cache_equivalence);
	tcase_add_test(tc, test_damaged_cache_entry);
	tcase_add_test(tc, test_full_disk_is_an_error);
	tcase_add_test(tc, test_report_written_atomically);
	tcase_add_test(tc, test_tree_untouched);
	tcase_add_test(tc, test_flags_for);
	tcase_add_test(tc, test_sarif_and_diff_commands);
	tcase_add_test(tc, test_patch_config);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(cli_suite());
}
