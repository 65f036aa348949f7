// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_patch.c - the patch command end to end on corpus/patch/: for each
 * case directory there (found by walking it; its migration MIG is the one
 * its expectations name, and every case file must have one) the patches
 * written match their golden copies (corpus/patch/DIR/golden/), every
 * golden patch passes `git apply --check`
 * on a fresh git copy of the corpus, and the applied result equals the
 * hand-written expected file (FILE.MIG.expected, from the seed patches'
 * + side) byte for byte; cases with FILE.MIG.refused get no patch and a
 * reason containing the file's text.  Also: --apply rewrites in place and
 * refuses a file changed since the scan, the JSON report records the
 * status, BH patches need the API unless --force-api, the validation sees
 * a patched kernel-wide header (with or without the PCH), bad arguments.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "mechanism.h"
#include "patch_validate.h"
#include "testutil.h"
#include "util.h"

/* A git repository holding a copy of the corpus; the caller removes it. */
static char *corpus_repo(void)
{
	char *dir = tu_corpus_tree();

	tu_git_commit_all(dir);
	return dir;
}

static cJSON *read_json(const char *path)
{
	char *text = ta_read_file(path, NULL);
	cJSON *j;

	ck_assert_ptr_nonnull(text);
	j = cJSON_Parse(text);
	free(text);
	ck_assert_ptr_nonnull(j);
	return j;
}

/* The patch object of the tasklet whose file ends with `file`. */
static const cJSON *patch_of(const cJSON *report, const char *file)
{
	const cJSON *t;

	cJSON_ArrayForEach(t, cJSON_GetObjectItem(report, "tasklets"))
	{
		const char *f = cJSON_GetObjectItem(t, "file")->valuestring;
		size_t fl = strlen(f), n = strlen(file);
		/* whole names: "wo.c" is not "bh_macro_cb_two.c" ("/he.c" gives its own '/') */
		if (ta_str_ends(f, file) && (fl == n || file[0] == '/' || f[fl - n - 1] == '/'))
			return cJSON_GetObjectItem(t, "patch");
	}
	return NULL;
}

/*
 * The reason of the first tasklet of the source rel that the writer
 * refused, or NULL: a source with FILE.MIG.expected is converted or needs
 * nothing (an expected file equal to its source is only "not needed").
 */
static const char *refusal_in(const cJSON *report, const char *rel)
{
	const cJSON *t;

	cJSON_ArrayForEach(t, cJSON_GetObjectItem(report, "tasklets"))
	{
		const cJSON *p = cJSON_GetObjectItem(t, "patch");
		const char *f = cJSON_GetObjectItem(t, "file")->valuestring;
		size_t n = strlen(f), m = strlen(rel);
		if (p && n >= m && strcmp(f + n - m, rel) == 0 && (n == m || f[n - m - 1] == '/') &&
		    strcmp(cJSON_GetObjectItem(p, "status")->valuestring, "refused") == 0)
			return cJSON_GetObjectItem(p, "reason")->valuestring;
	}
	return NULL;
}

static char **case_dirs; /* the subdirectories of corpus/patch: one per migration */
static size_t n_case_dirs;

/* Before the runner: the names of the subdirectories of corpus/patch, sorted. */
static void find_case_dirs(void)
{
	char *top = tu_src("corpus/patch");
	DIR *d = opendir(top);
	struct dirent *de;
	size_t cap = 0;

	while (d && (de = readdir(d))) {
		char *p = ta_path_join(top, de->d_name);
		struct stat st;
		if (de->d_name[0] != '.' && stat(p, &st) == 0 && S_ISDIR(st.st_mode))
			TA_PUSH(case_dirs, n_case_dirs, cap, xstrdup(de->d_name));
		free(p);
	}
	if (d)
		closedir(d);
	if (n_case_dirs == 0) {
		fprintf(stderr, "no case directory in '%s'\n", top);
		exit(EXIT_FAILURE);
	}
	ta_sort(case_dirs, n_case_dirs, sizeof(*case_dirs), ta_strptr_cmp);
	free(top);
}

/* MIG of name when it is "<source>.MIG.expected" or "<source>.MIG.refused" (caller frees). */
static char *expectation_mig(const char *name, const char *source)
{
	size_t n = strlen(source), len = strlen(name);

	if (strncmp(name, source, n) != 0 || name[n] != '.')
		return NULL;
	name += n + 1;
	len -= n + 1;
	if (ta_str_ends(name, ".expected"))
		len -= strlen(".expected");
	else if (ta_str_ends(name, ".refused"))
		len -= strlen(".refused");
	else
		return NULL;
	return len > 0 && !memchr(name, '/', len) ? xstrndup(name, len) : NULL;
}

/*
 * The migration of a case directory: every source in it (subdirectories
 * too: nitrox/ is a driver) has exactly one expectation beside it,
 * FILE.MIG.expected (the file once patched) or FILE.MIG.refused (why no
 * patch), and all name the same MIG (caller frees).
 */
static char *migration_of(const char *dir)
{
	char *casedir = xasprintf("%s/corpus/patch/%s", TA_SOURCE_DIR, dir), *mig = NULL;
	char **files;
	size_t n = tu_find_files(casedir, "", &files), sources = 0;

	for (size_t i = 0; i < n; i++) {
		size_t found = 0;
		if (!tu_is_source(files[i]))
			continue;
		sources++;
		for (size_t j = 0; j < n; j++) {
			char *m = expectation_mig(files[j], files[i]);
			if (!m)
				continue;
			found++;
			if (!mig)
				mig = xstrdup(m);
			ck_assert_msg(strcmp(m, mig) == 0,
				      "corpus/patch/%s/%s: migration '%s', the directory's is '%s'",
				      dir, files[j], m, mig);
			free(m);
		}
		ck_assert_msg(
			found == 1,
			found ? "corpus/patch/%s/%s: more than one expectation"
			      : "corpus/patch/%s/%s: no expectation beside it (FILE.MIG.expected "
				"or FILE.MIG.refused)",
			dir, files[i]);
	}
	ck_assert_msg(sources > 0, "corpus/patch/%s: no case", dir);
	tu_strv_free(files, n);
	free(casedir);
	return mig;
}

START_TEST(test_golden_patches)
{
	const char *dir = case_dirs[_i];
	char *mig = migration_of(dir);
	char *out = tu_mkdtemp(), *repo = corpus_repo();
	char *json = ta_path_join(out, "report.json"), *pdir = ta_path_join(out, "p");
	char *casedir = xasprintf("%s/corpus/patch/%s", TA_SOURCE_DIR, dir);
	char *golden_dir = xasprintf("corpus/patch/%s/golden", dir), *gd = tu_src(golden_dir);
	char *args, **made, **gold, **exp, *suffix;
	size_t n_made, n_gold, n_exp;
	struct tu_run r;
	cJSON *report;

	args = xasprintf("patch --to %s --force-api -j 1 -o '%s' --json '%s' '%s'", mig, pdir, json,
			 casedir);
	r = tu_exec_env("SOURCE_DATE_EPOCH=0", args); /* the goldens' Date: line */
	ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
	n_made = tu_find_files(pdir, ".patch", &made);
	/* golden copies: one per written patch, same names */
	if (getenv("TA_UPDATE_GOLDEN") && strcmp(getenv("TA_UPDATE_GOLDEN"), "1") == 0) {
		mkdir(gd, 0777);
		tu_sh("rm -f '%s'/*.%s.patch", gd, mig);
		for (size_t i = 0; i < n_made; i++)
			tu_sh("cp '%s/%s' '%s/%.*s.%s.patch'", pdir, made[i], gd,
			      (int)(strlen(made[i]) - 6), made[i], mig);
	}
	suffix = xasprintf(".%s.patch", mig);
	n_gold = tu_find_files(gd, suffix, &gold);
	free(suffix);
	ck_assert_uint_eq(n_made, n_gold);
	for (size_t i = 0; i < n_made; i++) {
		char *made_path = ta_path_join(pdir, made[i]),
		     *gold_path = ta_path_join(gd, gold[i]);
		char *got = ta_read_file(made_path, NULL), *want = ta_read_file(gold_path, NULL);
		ck_assert_ptr_nonnull(got);
		ck_assert_ptr_nonnull(want);
		ck_assert_msg(strcmp(got, want) == 0, "%s differs from %s", made_path, gold_path);
		/* the golden patch applies from the tree root */
		ck_assert_msg(tu_sh("cd '%s' && git apply --check '%s' && git apply '%s'", repo,
				    gold_path, gold_path) == 0,
			      "git apply %s", gold_path);
		free(got);
		free(want);
		free(made_path);
		free(gold_path);
	}
	/* every expected file equals the patched copy, and none of its tasklets is refused */
	report = read_json(json);
	suffix = xasprintf(".%s.expected", mig);
	n_exp = tu_find_files(casedir, suffix, &exp);
	for (size_t i = 0; i < n_exp; i++) {
		char *rel = xasprintf("patch/%s/%.*s", dir, (int)(strlen(exp[i]) - strlen(suffix)),
				      exp[i]);
		char *in_repo = ta_path_join(repo, rel), *exp_path = ta_path_join(casedir, exp[i]);
		char *got = ta_read_file(in_repo, NULL), *want = ta_read_file(exp_path, NULL);
		const char *why = refusal_in(report, rel);
		ck_assert_msg(got && want && strcmp(got, want) == 0,
			      "%s after the patches differs from %s", rel, exp_path);
		ck_assert_msg(!why, "%s has an expected file but a tasklet of it is refused: %s",
			      rel, why);
		free(got);
		free(want);
		free(exp_path);
		free(in_repo);
		free(rel);
	}
	tu_strv_free(exp, n_exp);
	free(suffix);
	/* refusals: no patch, and the reason says why */
	suffix = xasprintf(".%s.refused", mig);
	n_exp = tu_find_files(casedir, suffix, &exp);
	for (size_t i = 0; i < n_exp; i++) {
		char *why_path = ta_path_join(casedir, exp[i]);
		char *why = ta_read_file(why_path, NULL);
		const char *base = strrchr(exp[i], '/') ? strrchr(exp[i], '/') + 1 : exp[i];
		char *file = xstrndup(base, strlen(base) - strlen(suffix));
		const cJSON *p = patch_of(report, file);
		ck_assert_ptr_nonnull(why);
		why[strcspn(why, "\n")] = '\0';
		ck_assert_msg(p != NULL, "%s: no patch status", file);
		ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "refused");
		ck_assert_msg(strstr(cJSON_GetObjectItem(p, "reason")->valuestring, why),
			      "%s: reason '%s' lacks '%s'", file,
			      cJSON_GetObjectItem(p, "reason")->valuestring, why);
		free(why);
		free(why_path);
		free(file);
	}
	tu_strv_free(exp, n_exp);
	free(suffix);
	/*
	 * the audit and the writer agree: a tasklet written with its own
	 * recommendation has no "the patch writer refuses" blocker (the
	 * blocker's check writes the preparation patch first, as the run does)
	 */
	{
		const cJSON *t;
		cJSON_ArrayForEach(t, cJSON_GetObjectItem(report, "tasklets"))
		{
			const cJSON *pt = cJSON_GetObjectItem(t, "patch");
			const cJSON *rec = cJSON_GetObjectItem(t, "recommendation");
			const cJSON *mech = cJSON_GetObjectItem(rec, "mechanism");
			const cJSON *pm = cJSON_GetObjectItem(pt, "migration");
			const cJSON *b;
			int mi;
			bool own;
			if (!pt || !cJSON_IsString(mech) || !cJSON_IsString(pm) ||
			    strcmp(cJSON_GetObjectItem(pt, "status")->valuestring, "written") != 0)
				continue;
			mi = ta_mech_from_name(mech->valuestring);
			own = mi >= 0 && ta_mech_to((enum ta_mech)mi) &&
			      strcmp(pm->valuestring, ta_mech_to((enum ta_mech)mi)) == 0;
			cJSON_ArrayForEach(b, cJSON_GetObjectItem(rec, "blockers"))
			{
				const cJSON *rule = cJSON_GetObjectItem(b, "rule");
				ck_assert_msg(!own || !cJSON_IsString(rule) ||
						      strcmp(rule->valuestring,
							     "rec.writer-refuses") != 0,
					      "%s: written as %s, yet the audit says: %s",
					      cJSON_GetObjectItem(t, "file")->valuestring,
					      pm->valuestring,
					      cJSON_GetObjectItem(b, "text")->valuestring);
			}
		}
	}
	cJSON_Delete(report);
	tu_strv_free(made, n_made);
	tu_strv_free(gold, n_gold);
	tu_run_free(&r);
	free(args);
	free(json);
	free(pdir);
	free(casedir);
	free(golden_dir);
	free(gd);
	free(mig);
	tu_rmtree(&repo);
	tu_rmtree(&out);
}
END_TEST

/*
 * --to auto follows each tasklet's recommendation: the migration tried is
 * the recommended mechanism's, and over the whole patch corpus every
 * replacement mechanism writes at least one patch; a patch whose tasklets
 * go to different queues names each one's in its changelog.
 */
/*
 * -j 2 parses the validation ahead in workers (patch_validate.h): the
 * patches and the report, timing aside, are those of the serial -j 1.
 */
START_TEST(test_parallel_validation_same)
{
	char *out = tu_mkdtemp();
	const char *to[] = {"bh", "wq"};

	for (int m = 0; m < 2; m++)
		for (int j = 1; j <= 2; j++) {
			char *args = xasprintf(
				"patch --to %s --force-api -j %d -o '%s/%s-%d' --json "
				"'%s/%s-%d.json' '%s'",
				to[m], j, out, to[m], j, out, to[m], j, TA_SOURCE_DIR "/corpus");
			struct tu_run r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
			ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
			tu_run_free(&r);
			free(args);
		}
	for (int m = 0; m < 2; m++) {
		ck_assert_int_eq(tu_sh("diff -r '%s/%s-1' '%s/%s-2' >&2", out, to[m], out, to[m]),
				 0);
		ck_assert_int_eq(tu_sh("python3 -c 'import json,sys; a,b=(json.load(open(f)) for f "
				       "in sys.argv[1:]); [d.pop(\"timing\",None) for d in (a,b)]; "
				       "sys.exit(a!=b)' '%s/%s-1.json' '%s/%s-2.json'",
				       out, to[m], out, to[m]),
				 0);
	}
	tu_rmtree(&out);
}
END_TEST

/*
 * --to auto over a driver whose tasklets get different mechanisms (an ISR
 * bottom half and a callback that sleeps, scheduled from the primary
 * handler): one patch, its subject naming both, and the names that said
 * tasklet take the mixed rules' noun, not the first mechanism's.
 */
START_TEST(test_auto_mixed_names)
{
	static const char mx[] = "// SPDX-License-Identifier: GPL-2.0-only\n"
				 "#include <linux/interrupt.h>\n"
				 "#include <linux/slab.h>\n"
				 "\n"
				 "struct mx_dev {\n"
				 "	int irq;\n"
				 "	unsigned long done;\n"
				 "	void *buf;\n"
				 "	struct tasklet_struct rx_tasklet;\n"
				 "	struct tasklet_struct cfg_tasklet;\n"
				 "};\n"
				 "\n"
				 "static void mx_rx_tasklet(struct tasklet_struct *t)\n"
				 "{\n"
				 "	struct mx_dev *mx = from_tasklet(mx, t, rx_tasklet);\n"
				 "\n"
				 "	mx->done++;\n"
				 "}\n"
				 "\n"
				 "static void mx_cfg_tasklet(struct tasklet_struct *t)\n"
				 "{\n"
				 "	struct mx_dev *mx = from_tasklet(mx, t, cfg_tasklet);\n"
				 "\n"
				 "	mx->buf = kmalloc(64, GFP_KERNEL);\n"
				 "}\n"
				 "\n"
				 "static irqreturn_t mx_irq(int irq, void *data)\n"
				 "{\n"
				 "	struct mx_dev *mx = data;\n"
				 "\n"
				 "	tasklet_schedule(&mx->rx_tasklet);\n"
				 "	tasklet_schedule(&mx->cfg_tasklet);\n"
				 "	return IRQ_HANDLED;\n"
				 "}\n"
				 "\n"
				 "int mx_probe(struct mx_dev *mx)\n"
				 "{\n"
				 "	tasklet_setup(&mx->rx_tasklet, mx_rx_tasklet);\n"
				 "	tasklet_setup(&mx->cfg_tasklet, mx_cfg_tasklet);\n"
				 "	return request_irq(mx->irq, mx_irq, 0, \"mx\", mx);\n"
				 "}\n"
				 "\n"
				 "void mx_remove(struct mx_dev *mx)\n"
				 "{\n"
				 "	free_irq(mx->irq, mx);\n"
				 "	tasklet_kill(&mx->rx_tasklet);\n"
				 "	tasklet_kill(&mx->cfg_tasklet);\n"
				 "}\n";
	char *tree = tu_corpus_tree(), *sub = ta_path_join(tree, "drivers/mx");
	char *args = xasprintf("patch --to auto --force-api -j 1 --no-cache '%s'", sub);
	struct tu_run r;

	tu_write(tree, "drivers/mx/mx.c", mx);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_ptr_nonnull(
		strstr(r.out, "Subject: [PATCH] mx: Convert from tasklets to BH workqueue and "
			      "threaded IRQ\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "+static void mx_rx_work(struct work_struct *work)\n"));
	ck_assert_ptr_null(strstr(r.out, "bh_work("));
	tu_run_free(&r);
	free(args);
	free(sub);
	tu_rmtree(&tree);
}
END_TEST

START_TEST(test_auto_follows_recommendation)
{
	static const char *const map[][2] = {{"bh_workqueue", "bh"},
					     {"workqueue", "wq"},
					     {"threaded_irq", "threaded-irq"},
					     {"timer", "timer"}};
	char *out = tu_mkdtemp(), *json = ta_path_join(out, "r.json");
	char *args = xasprintf("patch --to auto --force-api -j 1 -o '%s/p' --json '%s' '%s'", out,
			       json, TA_SOURCE_DIR "/corpus");
	struct tu_run r = tu_exec(args);
	size_t written[4] = {0}, manual = 0;
	const cJSON *t;
	cJSON *report;

	ck_assert_msg(r.status == 0, "%s", r.err);
	report = read_json(json);
	cJSON_ArrayForEach(t, cJSON_GetObjectItem(report, "tasklets"))
	{
		const cJSON *rec = cJSON_GetObjectItem(t, "recommendation");
		const char *mech = cJSON_GetObjectItem(rec, "mechanism")->valuestring;
		const cJSON *p = cJSON_GetObjectItem(t, "patch");
		const cJSON *mig = cJSON_GetObjectItem(p, "migration");
		const char *status = cJSON_GetObjectItem(p, "status")->valuestring;
		size_t k;
		for (k = 0; k < 4; k++)
			if (strcmp(map[k][0], mech) == 0)
				break;
		if (k == 4) {
			/* manual: nothing tried, refused with the recommendation's reason */
			ck_assert(cJSON_IsNull(mig));
			ck_assert_str_eq(status, "refused");
			manual++;
			continue;
		}
		ck_assert_msg(cJSON_IsString(mig) && strcmp(mig->valuestring, map[k][1]) == 0,
			      "%s: recommended %s, tried %s",
			      cJSON_GetObjectItem(t, "key")->valuestring, mech,
			      cJSON_IsString(mig) ? mig->valuestring : "nothing");
		written[k] += strcmp(status, "written") == 0;
	}
	for (size_t k = 0; k < 4; k++)
		ck_assert_msg(written[k] > 0, "no %s patch written by --to auto", map[k][1]);
	ck_assert_uint_gt(manual, 0);
	/* a patch mixing mechanisms names each work item's own queue (ctx_body's) */
	ck_assert_int_eq(tu_sh("python3 '%s/tests/patch/check_queues.py' '%s'/p/*.patch >&2",
			       TA_SOURCE_DIR, out),
			 0);
	/* its subject says so, and a timer conversion beside a work item lists each its way */
	ck_assert_int_eq(tu_sh("grep -qx 'Subject: \\[PATCH\\] classify: ctx_body: Convert from "
			       "tasklets to workqueue and BH workqueue' '%s'/p/*ctx_body*.patch",
			       out),
			 0);
	ck_assert_int_eq(tu_sh("grep -qx -- '- s->ofld.qresume_tsk: nm_tx_timer_cb() now calls "
			       "nm_restart_ofldq()' '%s'/p/*nm_sge*.patch && grep -qx -- '- "
			       "p->ci_tsk -> work item ci_tsk on system_bh_wq (callback nm_ci())' "
			       "'%s'/p/*nm_sge*.patch",
			       out, out),
			 0);
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	free(json);
	tu_rmtree(&out);
}
END_TEST

/*
 * A tasklet declared in a header shared beyond its driver (the usbnet
 * shape, include/linux/usbx.h): refused by the audit of its directory (the
 * golden case's usbx.c.bh.refused), written by the audit of the whole
 * tree, whose index names every user, with the header in the same patch.
 */
START_TEST(test_shared_header_whole_tree)
{
	char *out = tu_mkdtemp(), *json = ta_path_join(out, "r.json"),
	     *pdir = ta_path_join(out, "p");
	char *args = xasprintf("patch --to bh --force-api -j 1 -o '%s' --json '%s' '%s'", pdir,
			       json, TA_SOURCE_DIR "/corpus");
	struct tu_run r = tu_exec(args);
	const cJSON *p;
	cJSON *report;

	ck_assert_msg(r.status == 0, "%s", r.err);
	report = read_json(json);
	ck_assert_str_eq(cJSON_GetObjectItem(report, "subtree")->valuestring, "");
	p = patch_of(report, "patch/bh/usbx.c");
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "written");
	ck_assert_int_eq(tu_sh("grep -l '^+++ b/include/linux/usbx.h' '%s'/*.patch | xargs grep -q "
			       "'^+\tstruct work_struct bh;'",
			       pdir),
			 0);
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	free(pdir);
	free(json);
	tu_rmtree(&out);
}
END_TEST

/* At least 15 setup cases come from seed 007 (they say so in their first comment). */
START_TEST(test_seed_cases_counted)
{
	char *dir = tu_src("corpus/patch/setup");
	char **files;
	size_t n_files = tu_find_files(dir, ".c", &files), n = 0;

	for (size_t i = 0; i < n_files; i++) {
		char *path = ta_path_join(dir, files[i]), *text = ta_read_file(path, NULL);
		n += text && strstr(text, "From seed 007") != NULL;
		free(text);
		free(path);
	}
	ck_assert_uint_ge(n, 15);
	tu_strv_free(files, n_files);
	free(dir);
}
END_TEST

/* --apply writes in place; the result is what the patch gives. */
START_TEST(test_apply_in_place)
{
	char *repo = corpus_repo();
	char *args = xasprintf("patch --to setup --apply -j 1 '%s/patch/setup/he.c'", repo);
	struct tu_run r;
	char *got, *want, *path;

	/* a file path is not a directory: the scan wants a directory */
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	tu_run_free(&r);
	free(args);
	args = xasprintf("patch --to setup --apply -j 1 '%s/patch/setup'", repo);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	ck_assert_str_eq(r.out, ""); /* --apply prints no patch */
	path = ta_path_join(repo, "patch/setup/he.c");
	got = ta_read_file(path, NULL);
	want = ta_read_file(TA_SOURCE_DIR "/corpus/patch/setup/he.c.setup.expected", NULL);
	ck_assert_str_eq(got, want);
	/* nothing else in the repository changed than the setup cases */
	ck_assert_int_eq(
		tu_sh("cd '%s' && git status --porcelain | grep -v ' patch/setup/' >/dev/null",
		      repo),
		1);
	free(got);
	free(want);
	free(path);
	tu_run_free(&r);
	free(args);
	tu_rmtree(&repo);
}
END_TEST

/* Without --force-api a tree lacking the BH API gets no BH patch. */
START_TEST(test_bh_needs_api)
{
	char *repo = corpus_repo();
	char *args, *json = ta_path_join(repo, "r.json");
	struct tu_run r;
	cJSON *report;
	const cJSON *p;

	/* a tree whose workqueue.h lacks the BH API */
	ck_assert_int_eq(
		tu_sh("cd '%s' && sed -i '/system_bh_wq\\|disable_work_sync\\|enable_and_queue_work/d' include/linux/workqueue.h",
		      repo),
		0);
	args = xasprintf("patch --to bh -j 1 --json '%s' '%s/patch/bh'", json, repo);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(r.out, "");
	report = read_json(json);
	p = patch_of(report, "bh_basic.c");
	ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "refused");
	ck_assert_ptr_nonnull(strstr(cJSON_GetObjectItem(p, "reason")->valuestring, "--force-api"));
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	/* with --force-api the patch is written (validated with the injected declarations) */
	args = xasprintf("patch --to bh --force-api -j 1 --json '%s' '%s/patch/bh'", json, repo);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "queue_work(system_bh_wq, &priv->rx_bh_work);"));
	report = read_json(json);
	p = patch_of(report, "bh_basic.c");
	ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "written");
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	free(json);
	tu_rmtree(&repo);
}
END_TEST

/* A conversion that would not compile is refused by the re-parse. */
START_TEST(test_validation_refuses)
{
	char *repo = corpus_repo();
	char *args, *json = ta_path_join(repo, "r.json");
	struct tu_run r;
	cJSON *report;
	const cJSON *p;

	/* the callback is also stored in a variable of the old type: the new one no longer fits */
	ck_assert_int_eq(
		tu_sh("cd '%s' && printf 'void (*he_hook)(unsigned long) = he_tasklet;\\n' >> patch/setup/he.c",
		      repo),
		0);
	args = xasprintf("patch --to setup -j 1 --json '%s' '%s/patch/setup'", json, repo);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_null(strstr(r.out, "b/patch/setup/he.c"));
	report = read_json(json);
	p = patch_of(report, "/he.c");
	ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "refused");
	ck_assert_ptr_nonnull(
		strstr(cJSON_GetObjectItem(p, "reason")->valuestring, "does not compile"));
	/* the other cases are still written */
	ck_assert_str_eq(cJSON_GetObjectItem(patch_of(report, "/umem.c"), "status")->valuestring,
			 "written");
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	free(json);
	tu_rmtree(&repo);
}
END_TEST

/*
 * The unpatched parse is made only when the patched one has more errors
 * than the scan counted (patch_validate.h): a unit with a warning the
 * validation makes an error (an unused static function) has one error more
 * than the scan found, before the patch and after it alike, and its patch
 * is written, whether the parses are made when asked or ahead.
 */
START_TEST(test_validation_counts_unpatched_errors)
{
	char *repo = corpus_repo();
	char *json = ta_path_join(repo, "r.json");

	ck_assert_int_eq(
		tu_sh("cd '%s' && printf 'static void he_unused(void)\\n{\\n}\\n' >> patch/setup/he.c",
		      repo),
		0);
	for (int j = 1; j <= 2; j++) {
		char *args = xasprintf("patch --to setup -j %d --json '%s' '%s/patch/setup'", j,
				       json, repo);
		struct tu_run r = tu_exec(args);
		cJSON *report;

		ck_assert_int_eq(r.status, 0);
		ck_assert_ptr_nonnull(strstr(r.out, "b/patch/setup/he.c"));
		report = read_json(json);
		ck_assert_str_eq(
			cJSON_GetObjectItem(patch_of(report, "/he.c"), "status")->valuestring,
			"written");
		cJSON_Delete(report);
		tu_run_free(&r);
		free(args);
	}
	free(json);
	tu_rmtree(&repo);
}
END_TEST

/*
 * A patched kernel-wide header is seen by the validation whether the
 * precompiled header was built from it (include/linux/interrupt.h: the
 * unit is parsed without the PCH) or not (include/linux/usbx.h: with it,
 * the header read from the patched text).
 */
START_TEST(test_validation_sees_patched_headers)
{
	char *repo = corpus_repo(), *cache = tu_mkdtemp();
	ta_validator *v = ta_validator_new(repo, false, cache, NULL);
	const char *unit = "patch/bh/usbx.c";
	const char *headers[] = {"include/linux/usbx.h", "include/linux/interrupt.h"};

	ck_assert_ptr_nonnull(v);
	for (size_t i = 0; i < sizeof(headers) / sizeof(*headers); i++) {
		char *path = ta_path_join(repo, headers[i]), *text = ta_read_file(path, NULL);
		char *broken = xasprintf("%sint broken_by_the_patch = ;\n", text);
		const char *texts[2] = {text, broken};
		for (int b = 0; b < 2; b++) {
			char *reason = NULL;
			int rc = ta_validator_check(v, &unit, 1, &headers[i], &texts[b], 1,
						    &reason);
			ck_assert_msg(rc == (b ? -1 : 0), "%s %s: %d", headers[i],
				      b ? "broken" : "as it is", rc);
			free(reason);
		}
		free(broken);
		free(text);
		free(path);
	}
	ta_validator_free(&v);
	tu_rmtree(&cache);
	tu_rmtree(&repo);
}
END_TEST

START_TEST(test_signoff_and_bad_arguments)
{
	char *args = xasprintf(
		"patch --to setup -j 1 --signoff 'A U Thor <a@example.org>' '%s/corpus/patch/setup'",
		TA_SOURCE_DIR);
	struct tu_run r = tu_exec(args);

	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "\nSigned-off-by: A U Thor <a@example.org>\n---\n"));
	ck_assert_ptr_nonnull(strstr(r.out, "\nFrom: A U Thor <a@example.org>\n"));
	tu_run_free(&r);
	free(args);
	/* no sign-off is invented */
	r = tu_exec("patch --to setup -j 1 " TA_SOURCE_DIR "/corpus/patch/setup");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_null(strstr(r.out, "Signed-off-by"));
	tu_run_free(&r);
	r = tu_exec("patch --to nowhere");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "unknown migration 'nowhere'"));
	tu_run_free(&r);
	r = tu_exec("patch --signoff nobody");
	ck_assert_int_eq(r.status, 2);
	tu_run_free(&r);
	r = tu_exec("patch --only tnosuchid " TA_SOURCE_DIR "/corpus/patch/setup");
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "no tasklet with id 'tnosuchid'"));
	tu_run_free(&r);
	r = tu_exec("patch --bogus");
	ck_assert_int_eq(r.status, 2);
	tu_run_free(&r);
	r = tu_exec("patch --help");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "--force-api"));
	tu_run_free(&r);
	r = tu_exec("patch a b");
	ck_assert_int_eq(r.status, 2);
	tu_run_free(&r);
}
END_TEST

static Suite *patch_suite(void)
{
	Suite *s = suite_create("patch");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_golden_patches, 0, (int)n_case_dirs);
	tcase_add_test(tc, test_seed_cases_counted);
	tcase_add_test(tc, test_apply_in_place);
	tcase_add_test(tc, test_bh_needs_api);
	tcase_add_test(tc, test_auto_follows_recommendation);
	tcase_add_test(tc, test_auto_mixed_names);
	tcase_add_test(tc, test_shared_header_whole_tree);
	tcase_add_test(tc, test_parallel_validation_same);
	tcase_add_test(tc, test_validation_refuses);
	tcase_add_test(tc, test_validation_counts_unpatched_errors);
	tcase_add_test(tc, test_validation_sees_patched_headers);
	tcase_add_test(tc, test_signoff_and_bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int rc;

	find_case_dirs();
	rc = tu_run(patch_suite());
	tu_strv_free(case_dirs, n_case_dirs);
	return rc;
}
