// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_outdir.c - all-or-nothing output directories: nothing under the
 * final name until the commit; a new or empty directory is replaced whole,
 * one holding files gets each new file (same names replaced, others kept);
 * an abort leaves nothing; a regular file in the way is refused with one
 * error line; a symlink to a directory is followed and stays a link; and a
 * SIGTERM while the files are written leaves no temporary behind.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outdir.h"
#include "sigcleanup.h"
#include "testutil.h"

static char *dir;
/* the forked child's handle: reachable when its signal handler exits (valgrind) */
ta_outdir *child_outdir;

static void make_dir(void)
{
	dir = tu_mkdtemp();
}

static void remove_dir(void)
{
	tu_rmtree(&dir);
}

static void assert_listing(const char *sub, const char *want)
{
	char *path = sub ? ta_path_join(dir, sub) : xstrdup(dir);
	char *got = tu_ls(path);

	ck_assert_str_eq(got, want);
	free(got);
	free(path);
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Open path (relative to dir), write the named files into it, return the handle. */
static ta_outdir *open_with(const char *rel, const char *const *names)
{
	char *path = ta_path_join(dir, rel);
	ta_outdir *od = ta_outdir_open(path);

	ck_assert_ptr_nonnull(od);
	for (; *names; names++)
		tu_write(ta_outdir_path(od), *names, *names);
	free(path);
	return od;
}

START_TEST(test_new_directory)
{
	static const char *const names[] = {"0001-a.patch", "0002-b.patch", NULL};
	ta_outdir *od = open_with("out", names);
	char *s, *p;
	struct stat st;

	/* nothing under the final name until the commit */
	s = tu_ls(dir);
	ck_assert(ta_str_starts(s, "out.tmp."));
	free(s);
	ck_assert_int_eq(ta_outdir_commit(&od), 0);
	ck_assert_ptr_null(od);
	assert_listing(NULL, "out\n");
	assert_listing("out", "0001-a.patch\n0002-b.patch\n");
	p = ta_path_join(dir, "out/0002-b.patch");
	s = ta_read_file(p, NULL);
	ck_assert_str_eq(s, "0002-b.patch");
	free(s);
	free(p);
	/* a new directory's mode, not mkdtemp's 0700 */
	p = ta_path_join(dir, "out");
	ck_assert_int_eq(stat(p, &st), 0);
	ck_assert_int_ne(st.st_mode & 0055, 0);
	free(p);
}
END_TEST

START_TEST(test_empty_directory_replaced)
{
	static const char *const names[] = {"0001-a.patch", NULL};
	char *p = ta_path_join(dir, "out");
	ta_outdir *od;

	ck_assert_int_eq(mkdir(p, 0755), 0);
	od = open_with("out/", names);
	ck_assert_int_eq(ta_outdir_commit(&od), 0);
	assert_listing(NULL, "out\n");
	assert_listing("out", "0001-a.patch\n");
	free(p);
}
END_TEST

START_TEST(test_full_directory_merged)
{
	static const char *const names[] = {"0001-a.patch", "0002-b.patch", NULL};
	char *p;
	ta_outdir *od;

	tu_write(dir, "out/0001-a.patch", "old");
	tu_write(dir, "out/notes.txt", "mine");
	od = open_with("out", names);
	ck_assert_int_eq(ta_outdir_commit(&od), 0);
	assert_listing(NULL, "out\n");
	assert_listing("out", "0001-a.patch\n0002-b.patch\nnotes.txt\n");
	p = ta_path_join(dir, "out/0001-a.patch");
	{
		char *s = ta_read_file(p, NULL);
		ck_assert_str_eq(s, "0001-a.patch");
		free(s);
	}
	free(p);
}
END_TEST

START_TEST(test_abort_leaves_nothing)
{
	static const char *const names[] = {"0001-a.patch", NULL};
	ta_outdir *od = open_with("out", names);

	ta_outdir_abort(&od);
	ck_assert_ptr_null(od);
	ta_outdir_abort(&od); /* twice is harmless */
	assert_listing(NULL, "");
}
END_TEST

START_TEST(test_file_in_the_way)
{
	char *p, *err;

	tu_write(dir, "out", "a file");
	p = ta_path_join(dir, "out");
	tu_stderr_begin();
	ck_assert_ptr_null(ta_outdir_open(p));
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "out: not a directory"));
	ck_assert_int_eq(count_lines(err), 1);
	free(err);
	assert_listing(NULL, "out\n");
	free(p);
}
END_TEST

START_TEST(test_symlink_followed)
{
	static const char *const names[] = {"0001-a.patch", NULL};
	char *target = ta_path_join(dir, "real"), *link = ta_path_join(dir, "link");
	ta_outdir *od;
	struct stat st;

	ck_assert_int_eq(mkdir(target, 0755), 0);
	ck_assert_int_eq(symlink("real", link), 0);
	od = open_with("link", names);
	ck_assert_int_eq(ta_outdir_commit(&od), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	assert_listing("real", "0001-a.patch\n");
	assert_listing(NULL, "link\nreal\n");
	free(target);
	free(link);
}
END_TEST

START_TEST(test_sigterm_while_writing)
{
	int ready[2], status;
	pid_t pid;
	char c;

	ck_assert_int_eq(pipe(ready), 0);
	pid = fork();
	ck_assert_int_ne(pid, -1);
	if (pid == 0) {
		static const char *const names[] = {"0001-a.patch", "0002-b.patch", NULL};
		ta_sig_install();
		child_outdir = open_with("out", names);
		if (write(ready[1], "r", 1) != 1)
			_exit(3);
		for (;;)
			pause();
	}
	close(ready[1]);
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	close(ready[0]);
	kill(pid, SIGTERM);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 143);
	assert_listing(NULL, "");
}
END_TEST

static Suite *outdir_suite(void)
{
	Suite *s = suite_create("outdir");
	TCase *tc = tcase_create("outdir");

	tcase_add_checked_fixture(tc, make_dir, remove_dir);
	tcase_add_test(tc, test_new_directory);
	tcase_add_test(tc, test_empty_directory_replaced);
	tcase_add_test(tc, test_full_directory_merged);
	tcase_add_test(tc, test_abort_leaves_nothing);
	tcase_add_test(tc, test_file_in_the_way);
	tcase_add_test(tc, test_symlink_followed);
	tcase_add_test(tc, test_sigterm_while_writing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(outdir_suite());
}
