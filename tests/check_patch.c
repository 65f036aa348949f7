// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_patch.c - the patch command end to end on corpus/patch/: for each
 * migration directory the patches written match their golden copies
 * (corpus/patch/MIG/golden/), every golden patch passes `git apply --check`
 * on a fresh git copy of the corpus, and the applied result equals the
 * hand-written expected file (FILE.MIG.expected, from the seed patches'
 * + side) byte for byte; cases with FILE.MIG.refused get no patch and a
 * reason containing the file's text.  Also: --apply rewrites in place and
 * refuses a file changed since the scan, the JSON report records the
 * status, BH patches need the API unless --force-api, bad arguments.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "testutil.h"
#include "util.h"

/* A git repository holding a copy of the corpus; the caller removes it. */
static char *corpus_repo(void)
{
	char *dir = tu_corpus_tree();

	tu_git_commit_all(dir);
	return dir;
}

/* The files of dir (sorted), full paths. */
static size_t list(const char *dir, const char *suffix, char ***out)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0, cap = 0;

	*out = NULL;
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.' && ta_str_ends(de->d_name, suffix))
			TA_PUSH(*out, n, cap, ta_path_join(dir, de->d_name));
	if (d)
		closedir(d);
	ta_sort(*out, n, sizeof(char *), ta_strptr_cmp);
	return n;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The expected files of a case directory, recursively (nitrox/ is a driver). */
static void expected_files(const char *dir, const char *ext, ta_buf *out)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	while (d && (de = readdir(d))) {
		char *p;
		struct stat st;
		if (de->d_name[0] == '.')
			continue;
		p = ta_path_join(dir, de->d_name);
		if (stat(p, &st) == 0 && S_ISDIR(st.st_mode) && strcmp(de->d_name, "golden") != 0)
			expected_files(p, ext, out);
		else if (ta_str_ends(de->d_name, ext))
			ta_buf_printf(out, "%s\n", p);
		free(p);
	}
	if (d)
		closedir(d);
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
		if (ta_str_ends(f, file))
			return cJSON_GetObjectItem(t, "patch");
	}
	return NULL;
}

static const char *const migs[][2] = {
	{"setup", "setup"}, {"bh", "bh"}, {"wq", "wq"}, {"irq", "threaded-irq"}, {"timer", "timer"},
};

START_TEST(test_golden_patches)
{
	const char *dir = migs[_i][0], *mig = migs[_i][1];
	char *out = tu_mkdtemp(), *repo = corpus_repo();
	char *json = ta_path_join(out, "report.json");
	char *casedir = xasprintf("%s/corpus/patch/%s", TA_SOURCE_DIR, dir);
	char *golden_dir = xasprintf("corpus/patch/%s/golden", dir);
	char *args, **made, **gold;
	size_t n_made, n_gold;
	struct tu_run r;
	ta_buf exp = {0}, ext = {0};
	cJSON *report;

	setenv("SOURCE_DATE_EPOCH", "0", 1);
	args = xasprintf("patch --to %s --force-api -j 1 -o '%s/p' --json '%s' '%s'", mig, out,
			 json, casedir);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
	{
		char *pdir = ta_path_join(out, "p");
		n_made = list(pdir, ".patch", &made);
		free(pdir);
	}
	/* golden copies: one per written patch, same names */
	if (getenv("TA_UPDATE_GOLDEN") && strcmp(getenv("TA_UPDATE_GOLDEN"), "1") == 0) {
		char *gd = tu_src(golden_dir);
		mkdir(gd, 0777);
		tu_sh("rm -f '%s'/*.%s.patch", gd, mig);
		for (size_t i = 0; i < n_made; i++) {
			const char *base = strrchr(made[i], '/') + 1;
			tu_sh("cp '%s' '%s/%.*s.%s.patch'", made[i], gd, (int)(strlen(base) - 6),
			      base, mig);
		}
		free(gd);
	}
	{
		char *gd = tu_src(golden_dir);
		char *suffix = xasprintf(".%s.patch", mig);
		n_gold = list(gd, suffix, &gold);
		free(suffix);
		free(gd);
	}
	ck_assert_uint_eq(n_made, n_gold);
	for (size_t i = 0; i < n_made; i++) {
		char *got = ta_read_file(made[i], NULL), *want = ta_read_file(gold[i], NULL);
		ck_assert_ptr_nonnull(got);
		ck_assert_ptr_nonnull(want);
		ck_assert_msg(strcmp(got, want) == 0, "%s differs from %s", made[i], gold[i]);
		/* the golden patch applies from the tree root */
		ck_assert_msg(tu_sh("cd '%s' && git apply --check '%s' && git apply '%s'", repo,
				    gold[i], gold[i]) == 0,
			      "git apply %s", gold[i]);
		free(got);
		free(want);
	}
	/* every expected file equals the patched copy */
	ext.len = 0;
	ta_buf_printf(&ext, ".%s.expected", mig);
	expected_files(casedir, ext.s, &exp);
	for (char *line = exp.s, *nl; line && *line; line = nl + 1) {
		char *path, *rel, *in_repo, *got, *want;
		nl = strchr(line, '\n');
		*nl = '\0';
		path = xstrndup(line, strlen(line) - ext.len);
		rel = path + strlen(TA_SOURCE_DIR "/corpus/");
		in_repo = ta_path_join(repo, rel);
		got = ta_read_file(in_repo, NULL);
		want = ta_read_file(line, NULL);
		ck_assert_msg(got && want && strcmp(got, want) == 0,
			      "%s after the patches differs from %s", rel, line);
		free(got);
		free(want);
		free(in_repo);
		free(path);
	}
	/* refusals: no patch, and the reason says why */
	report = read_json(json);
	ta_buf_free(&exp);
	ext.len = 0;
	ta_buf_printf(&ext, ".%s.refused", mig);
	expected_files(casedir, ext.s, &exp);
	for (char *line = exp.s, *nl; line && *line; line = nl + 1) {
		char *why = ta_read_file((nl = strchr(line, '\n'), *nl = '\0', line), NULL);
		char *file = xstrndup(strrchr(line, '/') + 1,
				      strlen(strrchr(line, '/') + 1) - ext.len);
		const cJSON *p = patch_of(report, file);
		why[strcspn(why, "\n")] = '\0';
		ck_assert_msg(p != NULL, "%s: no patch status", file);
		ck_assert_str_eq(cJSON_GetObjectItem(p, "status")->valuestring, "refused");
		ck_assert_msg(strstr(cJSON_GetObjectItem(p, "reason")->valuestring, why),
			      "%s: reason '%s' lacks '%s'", file,
			      cJSON_GetObjectItem(p, "reason")->valuestring, why);
		free(why);
		free(file);
	}
	cJSON_Delete(report);
	ta_buf_free(&exp);
	ta_buf_free(&ext);
	free_list(made, n_made);
	free_list(gold, n_gold);
	tu_run_free(&r);
	free(args);
	free(json);
	free(casedir);
	free(golden_dir);
	tu_rmtree(&repo);
	tu_rmtree(&out);
}
END_TEST

/*
 * --to auto follows each tasklet's recommendation: the migration tried is
 * the recommended mechanism's, and over the whole patch corpus every
 * replacement mechanism writes at least one patch.
 */
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
	cJSON_Delete(report);
	tu_run_free(&r);
	free(args);
	free(json);
	tu_rmtree(&out);
}
END_TEST

/* At least 15 setup cases come from seed 007 (they say so in their first comment). */
START_TEST(test_seed_cases_counted)
{
	char *dir = tu_src("corpus/patch/setup");
	ta_buf b = {0};
	size_t n = 0;

	expected_files(dir, ".c", &b);
	for (char *line = b.s, *nl; line && *line; line = nl + 1) {
		char *text;
		nl = strchr(line, '\n');
		*nl = '\0';
		text = ta_read_file(line, NULL);
		n += text && strstr(text, "From seed 007") != NULL;
		free(text);
	}
	ck_assert_uint_ge(n, 15);
	ta_buf_free(&b);
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
	tcase_add_loop_test(tc, test_golden_patches, 0, (int)(sizeof(migs) / sizeof(*migs)));
	tcase_add_test(tc, test_seed_cases_counted);
	tcase_add_test(tc, test_apply_in_place);
	tcase_add_test(tc, test_bh_needs_api);
	tcase_add_test(tc, test_auto_follows_recommendation);
	tcase_add_test(tc, test_validation_refuses);
	tcase_add_test(tc, test_signoff_and_bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(patch_suite());
}
