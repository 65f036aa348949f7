// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_prefilter.c - the text pre-filter on a temporary tree: which .c
 * files it keeps (tasklet tokens, nested directories, a directory named
 * x.c), what it never follows or opens (a symlink loop, a symlinked .c
 * file, a FIFO named x.c, .git), unreadable files, the sorted output,
 * subtrees, and the errors for a missing or non-directory root.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "prefilter.h"
#include "testutil.h"

START_TEST(test_mentions_tokens)
{
	static const char with_nul[] = "int x;\0 tasklet_schedule(&t);";

	ck_assert(ta_text_mentions_tasklet("tasklet_init(&t, f, 0);", 23));
	ck_assert(ta_text_mentions_tasklet("struct tasklet_struct t;", 24));
	ck_assert(ta_text_mentions_tasklet("DECLARE_TASKLET(t, f);", 22));
	ck_assert(ta_text_mentions_tasklet("xxDECLARE_TASKLET_OLD", 21));
	ck_assert(ta_text_mentions_tasklet(with_nul, sizeof(with_nul) - 1));
	ck_assert(!ta_text_mentions_tasklet("a tasklet is a softirq", 22));
	ck_assert(!ta_text_mentions_tasklet("TASKLET_ DECLARE_TASKLE", 23));
	ck_assert(!ta_text_mentions_tasklet("declare_tasklet", 15));
	ck_assert(!ta_text_mentions_tasklet("", 0));
	/* an address handed on in a file that names no tasklet API (fhci-hcd.c) */
	ck_assert(ta_text_mentions_tasklet("f->task = &fhci_tasklet;", 24));
	/* the word at the very end of the text (the quick "no" looks around each 'k') */
	ck_assert(ta_text_mentions_tasklet("f->task = &fhci_tasklet", 23));
	ck_assert(ta_text_mentions_tasklet("p = & dev->rx.tasklet;", 22));
	ck_assert(!ta_text_mentions_tasklet("x = a && tasklet;", 17));
	ck_assert(!ta_text_mentions_tasklet("y = &tasklets;", 14));
	ck_assert(!ta_text_mentions_tasklet("the tasklet & the work", 22));
	/* overlapping matches: the name ends in the second "tasklet" (found by fuzzing) */
	ck_assert(ta_text_mentions_tasklet("p = &ataskletasklet;", 20));
	/* only len bytes are looked at */
	ck_assert(!ta_text_mentions_tasklet("tasklet_", 7));
	ck_assert(!ta_text_mentions_tasklet("DECLARE_TASKLET", 14));
	ck_assert(!ta_text_mentions_tasklet("tasklet_init", 0));
}
END_TEST

static char *root;

/* The tree every walk test uses. */
static void make_tree(void)
{
	char *p;

	root = tu_mkdtemp();
	tu_write(root, "a.c", "void f(void) { tasklet_schedule(&t); }\n");
	tu_write(root, "b.c", "int plain;\n");
	tu_write(root, "mention.h", "struct tasklet_struct t;\n"); /* not a .c file */
	tu_write(root, "notes.txt", "tasklet_init\n");
	tu_write(root, "sub/e.c", "struct tasklet_struct t;\n");
	tu_write(root, "sub/deep/deeper/c.c", "static DECLARE_TASKLET(t, f);\n");
	tu_write(root, "sub/deep/none.c", "/* a tasklet, but no token */\n");
	tu_write(root, "sub/z.c", "tasklet_kill(&t);\n");
	tu_write(root, "dir.c/f.c", "tasklet_hi_schedule(&t);\n"); /* a directory named x.c */
	tu_write(root, ".git/g.c", "tasklet_init(&t, f, 0);\n");
	tu_write(root, "empty.c", "");
	/* a loop: following it would walk forever */
	p = ta_path_join(root, "sub/loop");
	ck_assert_int_eq(symlink("..", p), 0);
	free(p);
	/* a symlinked .c file is not followed: its target is scanned under its own name */
	p = ta_path_join(root, "link.c");
	ck_assert_int_eq(symlink("a.c", p), 0);
	free(p);
	p = ta_path_join(root, "sub/dangling.c");
	ck_assert_int_eq(symlink("nowhere.c", p), 0);
	free(p);
	/* opening a FIFO for reading would block: it must not be opened */
	p = ta_path_join(root, "fifo.c");
	ck_assert_int_eq(mkfifo(p, 0644), 0);
	free(p);
}

static void free_tree(void)
{
	tu_rmtree(&root);
}

static void assert_paths(const ta_candidates *c, const char *const *want, size_t n)
{
	ta_buf got = {0};

	for (size_t i = 0; i < c->n; i++)
		ta_buf_printf(&got, "%s\n", c->paths[i]);
	ck_assert_msg(c->n == n, "%zu paths, want %zu:\n%s", c->n, n, got.s ? got.s : "");
	for (size_t i = 0; i < n; i++)
		ck_assert_str_eq(c->paths[i], want[i]);
	ta_buf_free(&got);
}

START_TEST(test_walk_whole_tree)
{
	static const char *const want[] = {"a.c", "dir.c/f.c", "sub/deep/deeper/c.c", "sub/e.c",
					   "sub/z.c"};
	ta_candidates c;

	ck_assert_int_eq(ta_prefilter(root, "", &c), 0);
	assert_paths(&c, want, 5);
	/* a, b, empty, e, c, none, z, f: no symlink, FIFO or .git file counted */
	ck_assert_uint_eq(c.scanned, 8);
	ck_assert_uint_eq(c.n_unreadable, 0);
	ta_candidates_free(&c);
	ck_assert_uint_eq(c.n, 0);
	ck_assert_ptr_null(c.paths);
	ta_candidates_free(&c); /* twice is harmless */
}
END_TEST

START_TEST(test_walk_subtree)
{
	static const char *const want[] = {"sub/deep/deeper/c.c", "sub/e.c", "sub/z.c"};
	static const char *const deep[] = {"sub/deep/deeper/c.c"};
	ta_candidates c;

	ck_assert_int_eq(ta_prefilter(root, "sub", &c), 0);
	assert_paths(&c, want, 3);
	ck_assert_uint_eq(c.scanned, 4);
	ta_candidates_free(&c);
	/* the paths stay tree-relative however the subtree is written */
	ck_assert_int_eq(ta_prefilter(root, "sub/deep/", &c), 0);
	assert_paths(&c, deep, 1);
	ta_candidates_free(&c);
	ck_assert_int_eq(ta_prefilter(root, "sub/deep//", &c), 0);
	assert_paths(&c, deep, 1);
	ta_candidates_free(&c);
	ck_assert_int_eq(ta_prefilter(root, ".", &c), 0);
	ck_assert_uint_eq(c.n, 5);
	ck_assert_str_eq(c.paths[0], "a.c");
	ta_candidates_free(&c);
}
END_TEST

/* Many files created out of order come back sorted. */
START_TEST(test_sorted_output)
{
	char *dir = tu_mkdtemp();
	ta_candidates c;
	char name[64];

	for (int i = 0; i < 200; i++) {
		int k = (i * 37) % 200;
		snprintf(name, sizeof(name), "d%d/f%03d.c", k % 7, k);
		tu_write(dir, name, "tasklet_schedule(&t);\n");
	}
	ck_assert_int_eq(ta_prefilter(dir, "", &c), 0);
	ck_assert_uint_eq(c.n, 200);
	ck_assert_uint_eq(c.scanned, 200);
	for (size_t i = 1; i < c.n; i++)
		ck_assert_msg(strcmp(c.paths[i - 1], c.paths[i]) < 0, "'%s' before '%s'",
			      c.paths[i - 1], c.paths[i]);
	ck_assert_str_eq(c.paths[0], "d0/f000.c");
	ta_candidates_free(&c);
	tu_rmtree(&dir);
}
END_TEST

/*
 * A file the process cannot open is listed as unreadable with the reason.
 * Root reads a mode-000 file anyway, so then it is an ordinary candidate.
 */
START_TEST(test_unreadable_file)
{
	char *dir = tu_mkdtemp();
	char *p = ta_path_join(dir, "secret.c");
	ta_candidates c;

	tu_write(dir, "secret.c", "tasklet_schedule(&t);\n");
	tu_write(dir, "open.c", "tasklet_schedule(&t);\n");
	ck_assert_int_eq(chmod(p, 0), 0);
	ck_assert_int_eq(ta_prefilter(dir, "", &c), 0);
	ck_assert_uint_eq(c.scanned, 2);
	if (geteuid() == 0) {
		static const char *const want[] = {"open.c", "secret.c"};
		assert_paths(&c, want, 2);
		ck_assert_uint_eq(c.n_unreadable, 0);
	} else {
		static const char *const want[] = {"open.c"};
		char *msg = xasprintf("secret.c: %s", strerror(EACCES));
		assert_paths(&c, want, 1);
		ck_assert_uint_eq(c.n_unreadable, 1);
		ck_assert_str_eq(c.unreadable[0], msg);
		free(msg);
	}
	ta_candidates_free(&c);
	ck_assert_uint_eq(c.n_unreadable, 0);
	ck_assert_ptr_null(c.unreadable);
	free(p);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_missing_root)
{
	char *dir = tu_mkdtemp();
	char *missing = ta_path_join(dir, "missing");
	char *file = ta_path_join(dir, "x.c");
	ta_candidates c;
	char *err;

	tu_write(dir, "x.c", "tasklet_schedule(&t);\n");
	memset(&c, 0xff, sizeof(c)); /* the output is reset even on failure */
	tu_stderr_begin();
	ck_assert_int_eq(ta_prefilter(missing, "", &c), -1);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, missing));
	ck_assert_ptr_nonnull(strstr(err, strerror(ENOENT)));
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	ck_assert_uint_eq(c.n, 0);
	ck_assert_ptr_null(c.paths);
	ta_candidates_free(&c);
	/* a missing subtree, and a root that is a file, fail the same way */
	tu_stderr_begin();
	ck_assert_int_eq(ta_prefilter(dir, "nope", &c), -1);
	ck_assert_int_eq(ta_prefilter(file, "", &c), -1);
	ck_assert_int_eq(ta_prefilter(dir, "x.c", &c), -1);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, strerror(ENOTDIR)));
	free(err);
	ta_candidates_free(&c);
	free(missing);
	free(file);
	tu_rmtree(&dir);
}
END_TEST

/*
 * A driver header calling the API, included by no candidate of its
 * directory (net/mac802154/driver-ops.h in 6.12), gets its first includer
 * kept; near misses get nothing.
 */
START_TEST(test_header_carriers)
{
	static const char *const want[] = {"drv/a_user.c", "drv/main.c", "other/x.c"};
	char *dir = tu_mkdtemp();
	ta_candidates c;

	/* the shape: ops.h disables the tasklet main.c sets up, main.c does not include it */
	tu_write(dir, "drv/priv.h", "struct priv { struct tasklet_struct t; };\n");
	tu_write(dir, "drv/ops.h",
		 "static inline void q(struct priv *p) { tasklet_disable(&p->t); }\n");
	tu_write(dir, "drv/main.c",
		 "#include \"priv.h\"\nvoid f(struct priv *p) { tasklet_kill(&p->t); }\n");
	tu_write(dir, "drv/z_user.c", "#include \"priv.h\"\n#include \"ops.h\"\nint z;\n");
	tu_write(dir, "drv/a_user.c", "# include \"ops.h\"\nint a;\n");
	tu_write(dir, "drv/mention.c", "/* #include \"ops.h\" in a comment line */ int m;\n");
	/* near misses: a header a candidate includes, one that only declares, an API header */
	tu_write(dir, "other/seen.h", "static inline void s(void) { tasklet_schedule(&t); }\n");
	tu_write(dir, "other/x.c", "#include \"seen.h\"\nvoid g(void) { tasklet_kill(&t); }\n");
	tu_write(dir, "other/y.c", "#include \"seen.h\"\nint y;\n");
	tu_write(dir, "decl/only.h", "struct d { struct tasklet_struct t; };\n");
	tu_write(dir, "decl/u.c", "#include \"only.h\"\nint u;\n");
	tu_write(dir, "include/linux/api.h", "static inline void k(void) { tasklet_kill(&t); }\n");
	tu_write(dir, "include/linux/user.c", "#include \"api.h\"\nint w;\n");
	tu_write(dir, "arch/x86/include/asm/api.h",
		 "static inline void k(void) { tasklet_kill(&t); }\n");
	tu_write(dir, "arch/x86/include/asm/user.c", "#include \"api.h\"\nint w;\n");
	ck_assert_int_eq(ta_prefilter(dir, "", &c), 0);
	assert_paths(&c, want, 3);
	ta_candidates_free(&c);
	/* a subtree sees the same */
	ck_assert_int_eq(ta_prefilter(dir, "drv", &c), 0);
	assert_paths(&c, want, 2);
	ta_candidates_free(&c);
	tu_rmtree(&dir);
}
END_TEST

static Suite *prefilter_suite(void)
{
	Suite *s = suite_create("prefilter");
	TCase *tt = tcase_create("text");
	TCase *tw = tcase_create("walk");

	tcase_add_test(tt, test_mentions_tokens);
	suite_add_tcase(s, tt);
	tcase_add_unchecked_fixture(tw, make_tree, free_tree);
	tcase_set_timeout(tw, 30); /* a followed loop or an opened FIFO would hang */
	tcase_add_test(tw, test_walk_whole_tree);
	tcase_add_test(tw, test_walk_subtree);
	tcase_add_test(tw, test_sorted_output);
	tcase_add_test(tw, test_unreadable_file);
	tcase_add_test(tw, test_missing_root);
	tcase_add_test(tw, test_header_carriers);
	suite_add_tcase(s, tw);
	return s;
}

int main(void)
{
	return tu_run(prefilter_suite());
}
