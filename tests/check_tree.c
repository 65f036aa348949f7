// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tree.c - the tree module: finding the root of the bundled corpus
 * from below it (also through a symlink), the version and subtree, the
 * configured and compile_commands.json flags on a temporary kernel-like
 * tree, what is not a kernel tree (one error line each), the subsystem
 * of a tree-relative path, and the tree id: the commit git itself names
 * (a branch, packed refs, a detached HEAD, a worktree), else the version
 * and a content hash.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "tree.h"

static char *corpus_root(void)
{
	char *rel = tu_src("corpus");
	char *real = realpath(rel, NULL);

	ck_assert_ptr_nonnull(real);
	free(rel);
	return real;
}

START_TEST(test_corpus_from_subdir)
{
	char *path = tu_src("corpus/index");
	char *root = corpus_root();
	ta_tree *t = ta_tree_open(path);

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->root, root);
	ck_assert_str_eq(t->version, "6.1.0-corpus");
	ck_assert_str_eq(t->subtree, "index");
	ck_assert(!t->configured);
	ck_assert(!t->has_compdb);
	ta_tree_free(&t);
	ck_assert_ptr_null(t);
	ta_tree_free(&t); /* NULL is accepted */
	free(path);
	free(root);
}
END_TEST

START_TEST(test_corpus_root_itself)
{
	char *path = tu_src("corpus/");
	char *root = corpus_root();
	ta_tree *t = ta_tree_open(path);

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->root, root);
	ck_assert_str_eq(t->subtree, "");
	ta_tree_free(&t);
	free(path);
	free(root);
}
END_TEST

/* The root is canonical even when the path goes through a symlink. */
START_TEST(test_through_symlink)
{
	char *dir = tu_mkdtemp();
	char *target = tu_src("corpus/include/linux");
	char *link = ta_path_join(dir, "lnk");
	char *root = corpus_root();
	ta_tree *t;

	ck_assert_int_eq(symlink(target, link), 0);
	t = ta_tree_open(link);
	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->root, root);
	ck_assert_str_eq(t->subtree, "include/linux");
	ta_tree_free(&t);
	free(target);
	free(link);
	free(root);
	tu_rmtree(&dir);
}
END_TEST

/* A minimal kernel-like tree: the top Makefile and include/linux/. */
static char *make_kernel(const char *makefile)
{
	char *dir = tu_mkdtemp();

	tu_write(dir, "Makefile", makefile);
	tu_write(dir, "include/linux/kernel.h", "");
	tu_write(dir, "drivers/foo/x.c", "");
	return dir;
}

START_TEST(test_temp_kernel)
{
	char *dir = make_kernel("# SPDX-License-Identifier: GPL-2.0\n"
				"VERSION = 6\n"
				"PATCHLEVEL = 1\n"
				"SUBLEVEL = 192\n"
				"EXTRAVERSION =\n"
				"NAME = Curry Ramen\n");
	char *sub = ta_path_join(dir, "drivers/foo");
	ta_tree *t = ta_tree_open(sub);

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->root, dir);
	ck_assert_str_eq(t->subtree, "drivers/foo");
	ck_assert_str_eq(t->version, "6.1.192");
	ck_assert(!t->configured);
	ck_assert(!t->has_compdb);
	ta_tree_free(&t);

	tu_write(dir, "include/generated/autoconf.h", "#define CONFIG_X86 1\n");
	tu_write(dir, "compile_commands.json", "[]\n");
	t = ta_tree_open(sub);
	ck_assert_ptr_nonnull(t);
	ck_assert(t->configured);
	ck_assert(t->has_compdb);
	ta_tree_free(&t);
	free(sub);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_version_forms)
{
	static const char *const cases[][2] = {
		{"VERSION = 6\nPATCHLEVEL = 1\n", "6.1"},
		{"VERSION=5\nPATCHLEVEL=15\nSUBLEVEL=0\n", "5.15.0"},
		{"VERSION\t=\t6\nPATCHLEVEL = 8\nSUBLEVEL = 0\nEXTRAVERSION = -rc3\n", "6.8.0-rc3"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *dir = make_kernel(cases[i][0]);
		ta_tree *t = ta_tree_open(dir);
		ck_assert_ptr_nonnull(t);
		ck_assert_str_eq(t->version, cases[i][1]);
		ta_tree_free(&t);
		tu_rmtree(&dir);
	}
}
END_TEST

/* Open a path expected to fail; returns the error text. */
static char *open_fails(const char *path)
{
	ta_tree *t;
	char *err;

	tu_stderr_begin();
	t = ta_tree_open(path);
	err = tu_stderr_end();
	ck_assert_msg(t == NULL, "'%s' opened as a tree rooted at '%s'", path, t ? t->root : "");
	ck_assert_ptr_nonnull(strstr(err, path));
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1); /* one line */
	return err;
}

START_TEST(test_not_a_kernel_tree)
{
	char *dir = tu_mkdtemp();
	char *err;

	tu_write(dir, "sub/x.c", "");
	err = open_fails(dir);
	ck_assert_ptr_nonnull(strstr(err, "not inside a Linux kernel tree"));
	free(err);
	tu_rmtree(&dir);
}
END_TEST

/* A Makefile without a numeric VERSION, or no include/linux/, is not a kernel. */
START_TEST(test_near_misses)
{
	static const char *const makefiles[] = {
		"PATCHLEVEL = 1\n",
		"VERSION = six\nPATCHLEVEL = 1\n",
		"VERSION = 6\n",
		"VERSION =\nPATCHLEVEL = 1\n",
		"MYVERSION = 6\nPATCHLEVEL = 1\n",
	};
	char *dir, *err;

	for (size_t i = 0; i < sizeof(makefiles) / sizeof(*makefiles); i++) {
		dir = make_kernel(makefiles[i]);
		err = open_fails(dir);
		free(err);
		tu_rmtree(&dir);
	}
	dir = tu_mkdtemp();
	tu_write(dir, "Makefile", "VERSION = 6\nPATCHLEVEL = 1\n");
	tu_write(dir, "include/other.h", "");
	free(open_fails(dir));
	tu_rmtree(&dir);
}
END_TEST

/* A .c file is opened in its tree; another file is refused. */
START_TEST(test_regular_file)
{
	char *path = tu_src("corpus/index/declare.c"), *root = corpus_root();
	ta_tree *t = ta_tree_open(path);
	char *err;

	ck_assert_ptr_nonnull(t);
	ck_assert_str_eq(t->root, root);
	ck_assert_str_eq(t->subtree, "index/declare.c");
	ck_assert_str_eq(t->version, "6.1.0-corpus");
	ck_assert(t->file && !t->standalone);
	ta_tree_free(&t);
	free(path);
	path = tu_src("corpus/Makefile");
	err = open_fails(path);
	ck_assert_ptr_nonnull(strstr(err, "is neither a directory nor a .c file"));
	free(err);
	free(path);
	free(root);
}
END_TEST

/* A .c file outside any kernel tree is opened alone, after a warning. */
START_TEST(test_standalone_file)
{
	char *dir = tu_mkdtemp(), *path, *err, *real;
	ta_tree *t;

	tu_write(dir, "x.c", "int x;\n");
	path = ta_path_join(dir, "x.c");
	real = realpath(dir, NULL);
	tu_stderr_begin();
	t = ta_tree_open(path);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(strstr(err, "warning: "));
	ck_assert_ptr_nonnull(
		strstr(err, "is not inside a Linux kernel tree: auditing the file alone"));
	ck_assert_str_eq(t->root, real);
	ck_assert_str_eq(t->subtree, "x.c");
	ck_assert_ptr_null(t->version);
	ck_assert(t->file && t->standalone);
	ta_tree_free(&t);
	free(real);
	free(err);
	free(path);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_missing_path)
{
	char *path = tu_src("corpus/no/such/dir");
	char *err = open_fails(path);

	ck_assert_ptr_nonnull(strstr(err, strerror(ENOENT)));
	free(err);
	free(path);
	err = open_fails("");
	free(err);
}
END_TEST

/* What `git rev-parse HEAD` prints in dir, without the newline. */
static char *git_head(const char *dir)
{
	char *cmd = xasprintf("git -C '%s' rev-parse HEAD", dir);
	FILE *fp = popen(cmd, "r");
	char line[128] = "";

	ck_assert_ptr_nonnull(fp);
	ck_assert_ptr_nonnull(fgets(line, sizeof(line), fp));
	pclose(fp);
	free(cmd);
	line[strcspn(line, "\n")] = '\0';
	return xstrdup(line);
}

/* ta_tree_git_commit(dir) is what git says, or fails the test. */
static void assert_commit(const char *dir)
{
	char *want = git_head(dir), *got = ta_tree_git_commit(dir);

	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, want);
	free(want);
	free(got);
}

START_TEST(test_git_commit)
{
	char *dir = make_kernel("VERSION = 6\nPATCHLEVEL = 12\n");
	char *wt = xasprintf("%s-wt", dir);
	char *c = ta_tree_git_commit(dir);

	ck_assert_ptr_null(c); /* not a git repository */
	tu_git_commit_all(dir);
	assert_commit(dir); /* a loose branch ref */
	tu_write(dir, "drivers/foo/y.c", "int y;\n");
	ck_assert_int_eq(tu_sh("cd '%s' && git add -A && git -c user.name=t -c user.email=t@t "
			       "commit -q -m second && git pack-refs --all",
			       dir),
			 0);
	assert_commit(dir); /* packed-refs only */
	ck_assert_int_eq(tu_sh("git -C '%s' checkout -q --detach HEAD~1", dir), 0);
	assert_commit(dir); /* a detached HEAD */
	ck_assert_int_eq(tu_sh("git -C '%s' worktree add -q '%s' HEAD", dir, wt), 0);
	assert_commit(wt); /* .git is a file naming the worktree's git directory */
	ck_assert_int_eq(tu_sh("rm -rf '%s'", wt), 0);
	free(wt);
	tu_rmtree(&dir);
}
END_TEST

/* Without git: the version and a hash of the paths and contents given. */
START_TEST(test_tree_id_content)
{
	char *dir = make_kernel("VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\n");
	char *paths[] = {"drivers/foo/x.c"};
	ta_tree *t = ta_tree_open(dir);
	char *a, *b, *c;

	ck_assert_ptr_nonnull(t);
	a = ta_tree_id(t, paths, 1);
	b = ta_tree_id(t, paths, 1);
	ck_assert_str_eq(a, b); /* stable */
	ck_assert(ta_str_starts(a, "6.12.3+"));
	ck_assert_uint_eq(strlen(a), strlen("6.12.3+") + 16);
	tu_write(dir, "drivers/foo/x.c", "int x;\n");
	c = ta_tree_id(t, paths, 1);
	ck_assert_str_ne(a, c); /* the content counts */
	free(c);
	c = ta_tree_id(t, paths, 0);
	ck_assert_str_ne(a, c); /* so do the files */
	free(a);
	free(b);
	free(c);
	ta_tree_free(&t);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_subsystem)
{
	static const char *const cases[][2] = {
		{"drivers/net/x/y.c", "drivers/net"},
		{"drivers/net/y.c", "drivers/net"},
		{"drivers/x.c", "drivers"},
		{"kernel/softirq.c", "kernel"},
		{"kernel/sched/core.c", "kernel"},
		{"sound/pci/hda/a.c", "sound/pci"},
		{"net/ipv4/tcp.c", "net/ipv4"},
		{"arch/x86/kernel/a.c", "arch/x86"},
		{"fs/ext4/inode.c", "fs/ext4"},
		{"crypto/async_tx/a.c", "crypto/async_tx"},
		{"crypto/api.c", "crypto"},
		{"driversx/a/b.c", "driversx"},
		{"top.c", "."},
		{"", "."},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *s = ta_subsystem(cases[i][0]);
		ck_assert_msg(strcmp(s, cases[i][1]) == 0, "subsystem('%s') = '%s', want '%s'",
			      cases[i][0], s, cases[i][1]);
		free(s);
	}
}
END_TEST

static Suite *tree_suite(void)
{
	Suite *s = suite_create("tree");
	TCase *tc = tcase_create("tree");

	tcase_add_test(tc, test_corpus_from_subdir);
	tcase_add_test(tc, test_corpus_root_itself);
	tcase_add_test(tc, test_through_symlink);
	tcase_add_test(tc, test_temp_kernel);
	tcase_add_test(tc, test_version_forms);
	tcase_add_test(tc, test_not_a_kernel_tree);
	tcase_add_test(tc, test_near_misses);
	tcase_add_test(tc, test_regular_file);
	tcase_add_test(tc, test_standalone_file);
	tcase_add_test(tc, test_missing_path);
	tcase_add_test(tc, test_subsystem);
	tcase_add_test(tc, test_git_commit);
	tcase_add_test(tc, test_tree_id_content);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(tree_suite());
}
