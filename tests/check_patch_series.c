// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_patch_series.c - `patch --series` (patch_series.h) end to end on a
 * git copy of the corpus with a MAINTAINERS: the patches grouped by the
 * section that takes them (the one naming a tree wins over a deeper one
 * without), split into balanced series of at most --max-series, numbered
 * "[PATCH k/n]" with the section's tag ("net-next"), addressed each as
 * get_maintainer.pl addresses it and the cover letter as it addresses the
 * whole series (the expectations below were checked with
 * get_maintainer.pl --no-tree --mpath on the same tree and patches); the
 * cover letter's blurb, shortlog and diffstat; every series applies in
 * order with git am; a patch of a series is the patch written without
 * --series but for its subject's tag.  A driver's preparation patch and
 * its conversion ([PATCH 1/2] and [PATCH 2/2] without --series) are
 * numbered in the series like the others, in that order, never apart.  A
 * patch whose files two sections take says so in the cover letter.
 * Without MAINTAINERS the series follow the subject prefix.  Usage errors.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "util.h"

static const char maintainers[] =
	"List of maintainers\n\n"
	"BH DRIVERS\nM:\tAlice Alpha <alice@example.org>\nL:\tbh@example.org\n"
	"S:\tMaintained\nT:\tgit git://example.org/bh.git\nF:\tpatch/bh/\n\n"
	"BH BASIC\nM:\tBob Basic <bob@example.org>\nS:\tMaintained\nF:\tpatch/bh/bh_basic.c\n\n"
	"NETWORKING DRIVERS\nM:\tNina Net <nina@example.org>\nL:\tnetdev@example.org\n"
	"S:\tMaintained\nT:\tgit git://example.org/net-next.git\nF:\tpatch/irq/\n\n"
	"THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
	"L:\tlinux-kernel@vger.kernel.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n";

/* A git copy of the corpus with the MAINTAINERS above (NULL: none). */
/*
 * The bh cases added after this test was written, left out of its copy so
 * that the series it names keep their make-up (the split is by count).
 */
static const char later_bh_cases[] =
	"bh_arrow_path.c bh_attr.c bh_barrier.c bh_irq_cookie.c bh_kill_flush.c bh_nested.c "
	"bh_ptr_alias.c bh_samecb_a.c bh_samecb_b.c bh_static_direct.c bh_suspend.c "
	"bh_wrapped.c tc";

static char *repo_with(const char *m)
{
	char *dir = tu_corpus_tree();

	ck_assert_int_eq(tu_sh("cd '%s/patch/bh' && rm -r %s", dir, later_bh_cases), 0);
	if (m)
		tu_write(dir, "MAINTAINERS", m);
	tu_git_commit_all(dir);
	return dir;
}

/* The one file of dir whose name contains part. */
static char *named(const char *dir, const char *part)
{
	char *list = tu_ls(dir), *found = NULL, *save = NULL;

	for (char *l = strtok_r(list, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		if (strstr(l, part)) {
			ck_assert_msg(!found, "two files with '%s' in %s", part, dir);
			found = ta_path_join(dir, l);
		}
	free(list);
	ck_assert_msg(found != NULL, "no file with '%s' in %s", part, dir);
	return found;
}

static char *read_in(const char *dir, const char *part)
{
	char *path = named(dir, part), *text = ta_read_file(path, NULL);

	ck_assert_ptr_nonnull(text);
	free(path);
	return text;
}

/* The series directory of sdir holding a patch whose name contains part. */
static char *series_with(const char *sdir, const char *part)
{
	char *list = tu_ls(sdir), *found = NULL, *save = NULL;

	for (char *l = strtok_r(list, "\n", &save); l && !found; l = strtok_r(NULL, "\n", &save)) {
		char *d = ta_path_join(sdir, l), *names = tu_ls(d);
		if (strstr(names, part))
			found = xstrdup(d);
		free(names);
		free(d);
	}
	free(list);
	ck_assert_msg(found != NULL, "no series with '%s'", part);
	return found;
}

#define HAS(text, s) ck_assert_msg(strstr(text, s) != NULL, "missing <<%s>> in:\n%s", s, text)

START_TEST(test_series)
{
	char *repo = repo_with(maintainers), *out = tu_mkdtemp();
	char *sdir = ta_path_join(out, "s");
	char *args = xasprintf(
		"patch --to bh --force-api -j 1 --series --max-series 4 -o '%s' '%s'", sdir, repo);
	struct tu_run r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
	char *s4, *text, *plain, *cover, *ls;

	ck_assert_msg(r.status == 0, "%s", r.err);
	/* BH DRIVERS takes the bh cases (bh_basic too: BH BASIC names no tree) */
	HAS(r.err, ": 4 patches for BH DRIVERS\n");
	HAS(r.err, ": 4 patches for NETWORKING DRIVERS\n");
	s4 = series_with(sdir, "bh_basic");
	ls = tu_ls(s4);
	ck_assert_str_eq(ls, "0000-cover-letter.patch\n"
			     "0001-patch-bh_backptr_assign-Avoid-tasklet-passing-struct.patch\n"
			     "0002-patch-bh_backptr_assign-Convert-from-tasklet-to-BH-w.patch\n"
			     "0003-patch-bh_basic-Convert-from-tasklet-to-BH-workqueue.patch\n"
			     "0004-patch-bh_cast_call-Convert-from-tasklet-to-BH-workqu.patch\n");
	free(ls);
	/* no series ends with a preparation: its conversion is in the same series */
	ck_assert_int_eq(tu_sh("for d in '%s'/series-*; do ls \"$d\" | tail -n 1 | "
			       "grep -q Avoid-tasklet && exit 1; done; exit 0",
			       sdir),
			 0);
	text = read_in(s4, "0003-");
	HAS(text, "Subject: [PATCH 3/4] patch: bh_basic: Convert from tasklet to BH workqueue\n"
		  "To: Bob Basic <bob@example.org>,\n"
		  "    Alice Alpha <alice@example.org>\n"
		  "Cc: bh@example.org,\n"
		  "    linux-kernel@vger.kernel.org\n\n");
	/* the same patch as without --series, but for the tag */
	{
		char *pout = ta_path_join(out, "plain");
		char *pargs = xasprintf("patch --to bh --force-api -j 1 -o '%s' '%s/patch/bh'",
					pout, repo);
		struct tu_run pr = tu_exec_env("SOURCE_DATE_EPOCH=0", pargs);
		char *p, *want;
		ck_assert_msg(pr.status == 0, "%s", pr.err);
		plain = read_in(pout, "bh_basic");
		p = strstr(plain, "[PATCH] ");
		ck_assert_ptr_nonnull(p);
		want = xasprintf("%.*s[PATCH 3/4] %s", (int)(p - plain), plain, p + 8);
		ck_assert_str_eq(text, want);
		free(want);
		free(plain);
		/* the pair: [PATCH 1/2] and [PATCH 2/2] alone, 1/4 and 2/4 in the series */
		for (int k = 1; k <= 2; k++) {
			char *mine = read_in(s4, k == 1 ? "0001-" : "0002-");
			char tag[16];
			plain = read_in(pout, k == 1 ? "bh_backptr_assign-Avoid"
						     : "bh_backptr_assign-Convert");
			snprintf(tag, sizeof(tag), "[PATCH %d/2] ", k);
			p = strstr(plain, tag);
			ck_assert_ptr_nonnull(p);
			want = xasprintf("%.*s[PATCH %d/4] %s", (int)(p - plain), plain, k,
					 p + strlen(tag));
			ck_assert_str_eq(mine, want);
			free(want);
			free(plain);
			free(mine);
		}
		tu_run_free(&pr);
		free(pargs);
		free(pout);
	}
	free(text);
	/* the cover letter: addressed for the whole series */
	cover = read_in(s4, "0000-cover-letter");
	{
		/* part 2 of N: N the series whose cover letter is BH DRIVERS' (the corpus grows) */
		char *all = tu_ls(sdir), *want, *save = NULL;
		int n_series = 0;
		for (char *l = strtok_r(all, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
			char *d = ta_path_join(sdir, l), *c = read_in(d, "0000-cover-letter");
			n_series += strstr(c, "that BH DRIVERS takes") != NULL;
			free(c);
			free(d);
		}
		ck_assert_int_ge(n_series, 10); /* "part 2 of NN." wraps as below */
		want = xasprintf(
			"Subject: [PATCH 0/4] patch: Convert from tasklet to BH workqueue "
			"(part 2 of %d)\n"
			"To: Alice Alpha <alice@example.org>,\n"
			"    Bob Basic <bob@example.org>\n"
			"Cc: bh@example.org,\n"
			"    linux-kernel@vger.kernel.org\n\n"
			"Tasklets are deprecated. This series converts the tasklets of 3 "
			"drivers\n"
			"that BH DRIVERS takes (MAINTAINERS), one patch per driver, two where "
			"a\n"
			"preparation patch (no functional change) comes first; it is part 2 "
			"of\n"
			"%d. Each patch's changelog says what changes in behaviour.\n",
			n_series, n_series);
		HAS(cover, want);
		free(want);
		free(all);
	}
	HAS(cover, "\n- first prepared by: patch: bh_backptr_assign: Avoid tasklet passing\n"
		   "  struct bp_bridge\n");
	/* per driver: the mechanism and why, the reference core, what was checked */
	HAS(cover, "\npatch: bh_basic (patch/bh/bh_basic.c)\n"
		   "- priv->rx_tasklet (callback bb_rx()): bh_workqueue, as recommended\n"
		   "  (confidence 0.80): the BH workqueue keeps the softirq context and BH\n"
		   "  exclusion: the direct replacement [rec.bh-default]\n"
		   "- priv->rx_tasklet: benign: 3 differences, none observable by the driver\n"
		   "  (lost-run, pending-on-kill, callback-cpu)\n"
		   "- checked: re-parsed, no new error\n");
	HAS(cover, "\nEvery patch was re-parsed with libclang before it was written\n");
	/* the shortlog and the diffstat of the whole series, as git format-patch writes them */
	HAS(cover, "\ntasklet-audit (4):\n"
		   "  patch: bh_backptr_assign: Avoid tasklet passing struct bp_bridge\n"
		   "  patch: bh_backptr_assign: Convert from tasklet to BH workqueue\n"
		   "  patch: bh_basic: Convert from tasklet to BH workqueue\n"
		   "  patch: bh_cast_call: Convert from tasklet to BH workqueue\n\n"
		   " patch/bh/bh_backptr_assign.c | 13 ++++++-------\n"
		   " patch/bh/bh_basic.c          | 12 ++++++------\n");
	/* the file both patches of the pair change counts once */
	HAS(cover, " 3 files changed, 18 insertions(+), 20 deletions(-)\n\n-- \n");
	free(cover);
	/* a netdev series carries its tree in the tag */
	{
		char *d = series_with(sdir, "irq_late_ack");
		text = read_in(d, "0000-cover");
		HAS(text, "Subject: [PATCH net-next 0/4] patch: Convert from tasklet to BH "
			  "workqueue (part 1 of 2)\n"
			  "To: Nina Net <nina@example.org>\n"
			  "Cc: netdev@example.org,\n"
			  "    linux-kernel@vger.kernel.org\n");
		free(text);
		text = read_in(d, "0004-");
		HAS(text, "Subject: [PATCH net-next 4/4] patch: irq_null_thread: ");
		free(text);
		free(d);
	}
	/* every series applies in order with git am (the cover letters left out) */
	ck_assert_int_eq(tu_sh("cd '%s' && for d in $(ls -d '%s'/s/series-* | sort -t- -k2 -n); "
			       "do git -c user.name=t -c user.email=t@t am -q "
			       "$(ls \"$d\"/0*.patch | grep -v 0000-cover) || exit 1; done "
			       ">/dev/null 2>&1",
			       repo, out),
			 0);
	tu_run_free(&r);
	free(s4);
	free(sdir);
	free(args);
	tu_rmtree(&out);
	tu_rmtree(&repo);
}
END_TEST

/* Without MAINTAINERS: series by subject prefix, no To:/Cc:. */
START_TEST(test_series_without_maintainers)
{
	char *repo = repo_with(NULL), *out = tu_mkdtemp();
	char *args = xasprintf("patch --to setup -j 1 --series -o '%s/s' '%s/patch/setup'", out,
			       repo);
	struct tu_run r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
	char *dir = ta_path_join(out, "s/series-1"), *cover;

	ck_assert_msg(r.status == 0, "%s", r.err);
	HAS(r.err, "series-1: ");
	HAS(r.err, " 'patch:' (no MAINTAINERS section)\n");
	cover = read_in(dir, "0000-cover");
	HAS(cover, "Subject: [PATCH 0/");
	ck_assert_ptr_null(strstr(cover, "\nTo:"));
	ck_assert_ptr_null(strstr(cover, "\nCc:"));
	HAS(cover, "\n- aes_dd->done_task (callback atmel_aes_done_task()): tasklet_setup(),\n"
		   "  the modernization: no change of mechanism\n");
	HAS(cover, "\n- aes_dd->done_task: behaviour unchanged: the modernization keeps the\n"
		   "  tasklet\n");
	free(cover);
	free(dir);
	tu_run_free(&r);
	free(args);
	/* a series of one driver: the cover's subject has the driver's whole prefix */
	args = xasprintf(
		"patch --to setup -j 1 --series --max-series 1 -o '%s/one' '%s/patch/setup'", out,
		repo);
	r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	dir = ta_path_join(out, "one/series-1");
	{
		char *patch = read_in(dir, "0001-"), *subj = strstr(patch, "Subject: [PATCH 1/1] ");
		char *want;
		ck_assert_ptr_nonnull(subj);
		subj += strlen("Subject: [PATCH 1/1] ");
		want = xasprintf("Subject: [PATCH 0/1] %.*s (part 1 of ", (int)strcspn(subj, "\n"),
				 subj);
		cover = read_in(dir, "0000-cover");
		HAS(cover, want);
		free(want);
		free(patch);
		free(cover);
	}
	free(dir);
	tu_run_free(&r);
	free(args);
	tu_rmtree(&out);
	tu_rmtree(&repo);
}
END_TEST

/*
 * A patch over files of two sections (a tasklet shared by a driver family
 * whose chip_b has its own maintainer, as hyperv.h's is by drivers/hv and
 * drivers/pci): one patch, both sections addressed, and the cover letter
 * names the sections it spans.  A patch within one section says nothing.
 */
START_TEST(test_series_spans)
{
	static const char two[] =
		"List of maintainers\n\n"
		"FAMILY CORE\nM:\tCora Core <cora@example.org>\nS:\tMaintained\n"
		"T:\tgit git://example.org/fam.git\nF:\tpatch/bh/family/\n\n"
		"FAMILY CHIP B\nM:\tBen Chip <ben@example.org>\nL:\tchipb@example.org\n"
		"S:\tMaintained\nT:\tgit git://example.org/chipb.git\n"
		"F:\tpatch/bh/family/chip_b/\n";
	char *repo = repo_with(two), *out = tu_mkdtemp();
	char *args = xasprintf(
		"patch --to bh --force-api -j 1 --series -o '%s/s' '%s/patch/bh/family'", out,
		repo);
	struct tu_run r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
	char *dir = ta_path_join(out, "s/series-1"), *cover, *patch;

	ck_assert_msg(r.status == 0, "%s", r.err);
	cover = read_in(dir, "0000-cover");
	patch = read_in(dir, "0001-");
	HAS(cover, "\n- its files span 2 MAINTAINERS sections (FAMILY CORE; FAMILY CHIP B):\n"
		   "  one patch, since the tasklet's declaration and every use of it change\n"
		   "  together; each section is addressed\n");
	HAS(patch, "Cora Core <cora@example.org>");
	HAS(patch, "Ben Chip <ben@example.org>");
	HAS(patch, " 12 files changed,");
	free(cover);
	free(patch);
	free(dir);
	tu_run_free(&r);
	free(args);
	tu_rmtree(&repo);
	/* one section takes every file: no such item */
	repo = repo_with(maintainers);
	args = xasprintf("patch --to bh --force-api -j 1 --series -o '%s/one' '%s/patch/bh/family'",
			 out, repo);
	r = tu_exec_env("SOURCE_DATE_EPOCH=0", args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	dir = ta_path_join(out, "one/series-1");
	cover = read_in(dir, "0000-cover");
	HAS(cover, "\n- checked: ");
	ck_assert_ptr_null(strstr(cover, "MAINTAINERS sections"));
	free(cover);
	free(dir);
	tu_run_free(&r);
	free(args);
	tu_rmtree(&out);
	tu_rmtree(&repo);
}
END_TEST

START_TEST(test_series_usage)
{
	static const struct {
		const char *args, *err;
	} cases[] = {
		{"patch --series", "--series needs -o DIR"},
		{"patch --series --max-series 0 -o /tmp/x", "invalid series size '0'"},
		{"patch --series --max-series 3x -o /tmp/x", "invalid series size '3x'"},
		{"patch --max-series 3 -o /tmp/x", "--max-series needs --series"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct tu_run r = tu_exec(cases[i].args);
		ck_assert_msg(r.status == 2, "%s: exit %d", cases[i].args, r.status);
		HAS(r.err, cases[i].err);
		tu_run_free(&r);
	}
}
END_TEST

static Suite *series_suite(void)
{
	Suite *s = suite_create("patch_series");
	TCase *tc = tcase_create("series");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_series);
	tcase_add_test(tc, test_series_without_maintainers);
	tcase_add_test(tc, test_series_spans);
	tcase_add_test(tc, test_series_usage);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(series_suite());
}
