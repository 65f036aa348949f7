// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_flags.c - compile arguments per file.  Synthesized: on the bundled
 * corpus (standard flags, forced includes, the overlay, KBUILD_MODNAME)
 * and on a temporary kernel-like tree whose Makefiles exercise ccflags-y,
 * subdir-ccflags-y, ccflags-$(CONFIG_X), CFLAGS_<file>.o, Kbuild over
 * Makefile and files built from a parent directory's Makefile.  From
 * compile_commands.json: both entry forms, stripped of the options that
 * would make libclang write files, and the errors for a bad database.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "flags.h"
#include "overlay.h"
#include "testutil.h"

/* Index of the argument equal to s, or -1. */
static int arg_index(char **argv, const char *s)
{
	for (int i = 0; argv[i]; i++)
		if (strcmp(argv[i], s) == 0)
			return i;
	return -1;
}

static bool has(char **argv, const char *s)
{
	return arg_index(argv, s) >= 0;
}

/* Is `a` immediately followed by `b`? */
static bool has_pair(char **argv, const char *a, const char *b)
{
	for (int i = 0; argv[i] && argv[i + 1]; i++)
		if (strcmp(argv[i], a) == 0 && strcmp(argv[i + 1], b) == 0)
			return true;
	return false;
}

static char *joined(char **argv)
{
	ta_buf b = {0};

	for (int i = 0; argv[i]; i++)
		ta_buf_printf(&b, "%s%s", i ? " " : "", argv[i]);
	return ta_buf_steal(&b);
}

#define ASSERT_HAS(argv, s)                                                                        \
	do {                                                                                       \
		char *all_ = joined(argv);                                                         \
		ck_assert_msg(has(argv, s), "'%s' missing from: %s", s, all_);                     \
		free(all_);                                                                        \
	} while (0)
#define ASSERT_LACKS(argv, s)                                                                      \
	do {                                                                                       \
		char *all_ = joined(argv);                                                         \
		ck_assert_msg(!has(argv, s), "'%s' unexpected in: %s", s, all_);                   \
		free(all_);                                                                        \
	} while (0)

/* Get the arguments for rel and check that argc matches the NULL-terminated vector. */
static char **flags_for(ta_flags *fl, const char *rel)
{
	int argc = -1, n = 0;
	char **argv = ta_flags_for(fl, rel, &argc);

	ck_assert_ptr_nonnull(argv);
	while (argv[n])
		n++;
	ck_assert_int_eq(argc, n);
	return argv;
}

/* ---- the corpus, synthesized ---- */

static ta_tree *ctree;
static ta_kconfig *ckc;
static ta_overlay *cov;
static ta_flags *cfl;

static void corpus_setup(void)
{
	char *path = tu_src("corpus");

	ctree = ta_tree_open(path);
	ck_assert_ptr_nonnull(ctree);
	ck_assert(!ctree->configured);
	ckc = ta_kconfig_load(ctree->root, ctree->version, NULL);
	ck_assert_ptr_nonnull(ckc);
	cov = ta_overlay_new(ctree, ckc, NULL);
	ck_assert_ptr_nonnull(cov);
	cfl = ta_flags_new(ctree, ckc, ta_overlay_dir(cov), NULL);
	ck_assert_ptr_nonnull(cfl);
	free(path);
}

static void corpus_teardown(void)
{
	ta_flags_free(&cfl);
	ta_overlay_free(&cov);
	ta_kconfig_free(&ckc);
	ta_tree_free(&ctree);
}

START_TEST(test_corpus_synthesized)
{
	char **argv = flags_for(cfl, "index/data_kinds.c");
	char *kconfig_h = xasprintf("%s/include/linux/kconfig.h", ctree->root);
	char *ov_inc = xasprintf("-I%s/include", ta_overlay_dir(cov));
	char *ov_gen = xasprintf("-I%s/arch/x86/include/generated", ta_overlay_dir(cov));
	char *tree_inc = xasprintf("-I%s/include", ctree->root);
	char *autoconf = xasprintf("%s/include/generated/autoconf.h", ta_overlay_dir(cov));
	int isys = arg_index(argv, "-isystem");

	ck_assert(!ta_flags_from_compdb(cfl));
	ck_assert_str_eq(ta_flags_source(cfl), "synthesized");
	ASSERT_HAS(argv, "-nostdinc");
	ASSERT_HAS(argv, "-D__KERNEL__");
	ck_assert(has_pair(argv, "-include", kconfig_h));
	ASSERT_HAS(argv, ov_inc);
	ASSERT_HAS(argv, ov_gen);
	ASSERT_HAS(argv, tree_inc);
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"data_kinds\"");
	ASSERT_HAS(argv, "-DKBUILD_BASENAME=\"data_kinds\"");
	ASSERT_HAS(argv, "-D__KBUILD_MODNAME=kmod_data_kinds");
	ASSERT_HAS(argv, "-DKBUILD_MODFILE=\"index/data_kinds.c\"");
	/* the file itself is not an argument, and nothing points at a build dir */
	ASSERT_LACKS(argv, "index/data_kinds.c");
	ASSERT_LACKS(argv, "-working-directory");
	/* the overlay include dir comes after the tree's include dir */
	ck_assert_int_lt(arg_index(argv, tree_inc), arg_index(argv, ov_inc));
	/* the compiler's own headers, which -nostdinc hides, are there */
	ck_assert_int_ge(isys, 0);
	{
		char *stddef = ta_path_join(argv[isys + 1], "stddef.h");
		ck_assert_msg(access(stddef, R_OK) == 0, "no '%s'", stddef);
		free(stddef);
	}
	ck_assert_int_eq(access(autoconf, R_OK), 0);
	ta_argv_free(argv);
	free(kconfig_h);
	free(ov_inc);
	free(ov_gen);
	free(tree_inc);
	free(autoconf);
}
END_TEST

/* KBUILD_MODNAME is the file name with '-' made '_'; the file need not exist. */
START_TEST(test_corpus_modname)
{
	char **argv = flags_for(cfl, "index/my-drv.c");

	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"my_drv\"");
	ASSERT_HAS(argv, "-DKBUILD_MODFILE=\"index/my-drv.c\"");
	ta_argv_free(argv);
	argv = flags_for(cfl, "top.c");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"top\"");
	ASSERT_HAS(argv, "-nostdinc");
	ta_argv_free(argv);
}
END_TEST

/* Odd relative paths do not crash: short names, no .c, empty. */
START_TEST(test_corpus_bad_paths)
{
	static const char *const paths[] = {"index/x", "index/ab", "index/.c", "x", "", "index/"};
	char **argv;

	for (size_t i = 0; i < sizeof(paths) / sizeof(*paths); i++) {
		argv = flags_for(cfl, paths[i]);
		ASSERT_HAS(argv, "-nostdinc");
		ta_argv_free(argv);
	}
	argv = flags_for(cfl, "index/x");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"x\"");
	ta_argv_free(argv);
	argv = flags_for(cfl, "index/ab");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"ab\"");
	ta_argv_free(argv);
	ta_argv_free(NULL);
	ta_flags_free(&(ta_flags *){NULL});
}
END_TEST

/* ---- Makefile ccflags on a temporary tree ---- */

static char *mroot;

static void make_kernel(void)
{
	mroot = tu_mkdtemp();
	tu_write(mroot, "Makefile", "VERSION = 6\nPATCHLEVEL = 1\n");
	tu_write(mroot, "include/linux/kconfig.h", "");
	tu_write(mroot, "drivers/foo/Makefile",
		 "# SPDX-License-Identifier: GPL-2.0\n"
		 "obj-$(CONFIG_FOO) += foo.o\n"
		 "ccflags-y += -I$(srctree)/$(src)/inc -DFOO\n"
		 "subdir-ccflags-y += -I$(src)/sub\n"
		 "ccflags-$(CONFIG_BAR) += -DBAR\n"
		 "ccflags-m += -DMODULE_ONLY\n"
		 "CFLAGS_x.o += -DONLY_X\n"
		 "CFLAGS_z.o += -DONLY_TOP_Z\n"
		 "CFLAGS_gt/z.o += -DONLY_GT_Z\n"
		 "ccflags-y += -I $(src)/sep -I $(srctree)/abs\n"
		 "ccflags-y += -Wall -O2 $(call cc-option,-DCALLED) -DMULTI \\\n"
		 "\t-DCONT -UUNDEF_ME\n"
		 "foo-y := x.o y.o gt/z.o\n");
	tu_write(mroot, "drivers/foo/x.c", "");
	tu_write(mroot, "drivers/foo/y.c", "");
	tu_write(mroot, "drivers/foo/gt/z.c", "");
	tu_write(mroot, "drivers/foo/sub2/Makefile", "ccflags-y += -DSUB2\n");
	tu_write(mroot, "drivers/foo/sub2/w.c", "");
	tu_write(mroot, "drivers/kb/Kbuild", "ccflags-y += -DFROM_KBUILD\n");
	tu_write(mroot, "drivers/kb/Makefile", "ccflags-y += -DFROM_MAKEFILE\n");
	tu_write(mroot, "drivers/kb/k.c", "");
}

static void remove_kernel(void)
{
	tu_rmtree(&mroot);
}

/* Flags for rel in mroot with the given .config text. */
static char **mflags(const char *config, const char *rel)
{
	ta_tree *t = ta_tree_open(mroot);
	ta_kconfig *kc = ta_kconfig_parse(config, "test");
	ta_flags *fl;
	char **argv;

	ck_assert_ptr_nonnull(t);
	fl = ta_flags_new(t, kc, NULL, NULL);
	ck_assert_ptr_nonnull(fl);
	argv = flags_for(fl, rel);
	ta_flags_free(&fl);
	ck_assert_ptr_null(fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
	return argv;
}

static char *in_root(const char *fmt, const char *rel)
{
	return xasprintf(fmt, mroot, rel);
}

START_TEST(test_makefile_own_flags)
{
	char **argv = mflags("CONFIG_FOO=y\n", "drivers/foo/x.c");
	char *inc = in_root("-I%s/%s", "drivers/foo/inc");
	char *sub = in_root("-I%s/%s", "drivers/foo/sub");
	char *sep = in_root("%s/%s", "drivers/foo/sep");
	char *abs = in_root("%s/%s", "abs");
	char *kconfig_h = in_root("%s/%s", "include/linux/kconfig.h");

	ASSERT_HAS(argv, inc);
	ASSERT_HAS(argv, "-DFOO");
	ASSERT_HAS(argv, sub);
	ASSERT_HAS(argv, "-DONLY_X");
	ASSERT_HAS(argv, "-DMULTI");
	ASSERT_HAS(argv, "-DCONT"); /* on a continuation line */
	ASSERT_HAS(argv, "-UUNDEF_ME");
	ck_assert(has_pair(argv, "-I", abs));
	/* a separate-word relative -I is relative to the tree root too */
	ck_assert_msg(has_pair(argv, "-I", sep), "no -I %s", sep);
	ck_assert(has_pair(argv, "-include", kconfig_h));
	ASSERT_LACKS(argv, "-DBAR");
	ASSERT_LACKS(argv, "-DMODULE_ONLY");
	ASSERT_LACKS(argv, "-DONLY_TOP_Z");
	ASSERT_LACKS(argv, "-DONLY_GT_Z");
	ASSERT_LACKS(argv, "-Wall");
	ASSERT_LACKS(argv, "-O2");
	ASSERT_LACKS(argv, "-DCALLED");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"x\"");
	/* CFLAGS_x.o comes after ccflags-y, as in kbuild's _c_flags */
	ck_assert_int_lt(arg_index(argv, "-DFOO"), arg_index(argv, "-DONLY_X"));
	ta_argv_free(argv);

	argv = mflags("", "drivers/foo/y.c");
	ASSERT_HAS(argv, "-DFOO");
	ASSERT_HAS(argv, inc);
	ASSERT_LACKS(argv, "-DONLY_X");
	ta_argv_free(argv);
	free(inc);
	free(sub);
	free(sep);
	free(abs);
	free(kconfig_h);
}
END_TEST

START_TEST(test_makefile_config_conditional)
{
	char **argv = mflags("CONFIG_BAR=y\n", "drivers/foo/x.c");

	ASSERT_HAS(argv, "-DBAR");
	ta_argv_free(argv);
	/* ccflags-m is not a kbuild variable: a module config does not enable it */
	argv = mflags("CONFIG_BAR=m\n", "drivers/foo/x.c");
	ASSERT_LACKS(argv, "-DBAR");
	ASSERT_LACKS(argv, "-DMODULE_ONLY");
	ta_argv_free(argv);
	argv = mflags("# CONFIG_BAR is not set\n", "drivers/foo/x.c");
	ASSERT_LACKS(argv, "-DBAR");
	ta_argv_free(argv);
}
END_TEST

/* gt/ has no Makefile: kbuild builds gt/z.o from drivers/foo/Makefile. */
START_TEST(test_makefile_parent_builds_subdir)
{
	char **argv = mflags("", "drivers/foo/gt/z.c");
	char *inc = in_root("-I%s/%s", "drivers/foo/inc");
	char *sub = in_root("-I%s/%s", "drivers/foo/sub");

	ASSERT_HAS(argv, "-DFOO");
	ASSERT_HAS(argv, inc);
	ASSERT_HAS(argv, sub);
	/* CFLAGS_ is keyed by the path below the Makefile: CFLAGS_gt/z.o */
	ASSERT_HAS(argv, "-DONLY_GT_Z");
	ASSERT_LACKS(argv, "-DONLY_TOP_Z");
	ASSERT_LACKS(argv, "-DONLY_X");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"z\"");
	ta_argv_free(argv);
	free(inc);
	free(sub);
}
END_TEST

/* sub2/ has its own Makefile: the parent's subdir-ccflags, not its ccflags. */
START_TEST(test_makefile_own_subdir_makefile)
{
	char **argv = mflags("", "drivers/foo/sub2/w.c");
	char *inc = in_root("-I%s/%s", "drivers/foo/inc");
	char *sub = in_root("-I%s/%s", "drivers/foo/sub");

	ASSERT_HAS(argv, "-DSUB2");
	ASSERT_HAS(argv, sub);
	ASSERT_LACKS(argv, "-DFOO");
	ASSERT_LACKS(argv, inc);
	ta_argv_free(argv);
	free(inc);
	free(sub);
}
END_TEST

START_TEST(test_kbuild_over_makefile)
{
	char **argv = mflags("", "drivers/kb/k.c");

	ASSERT_HAS(argv, "-DFROM_KBUILD");
	ASSERT_LACKS(argv, "-DFROM_MAKEFILE");
	ta_argv_free(argv);
	/* a short file name directly under a Makefile does not crash either */
	argv = mflags("", "drivers/foo/x");
	ASSERT_HAS(argv, "-DFOO");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"x\"");
	ta_argv_free(argv);
}
END_TEST

/* ---- compile_commands.json ---- */

/* Write a compilation database into dir with the tree root substituted for @R@. */
static void write_compdb(const char *dir, const char *json)
{
	ta_buf b = {0};

	for (const char *p = json; *p; p++) {
		if (strncmp(p, "@R@", 3) == 0) {
			ta_buf_puts(&b, mroot);
			p += 2;
		} else {
			ta_buf_putc(&b, *p);
		}
	}
	tu_write(dir, "compile_commands.json", b.s);
	ta_buf_free(&b);
}

static const char compdb[] =
	"[\n"
	" {\"directory\": \"@R@\", \"file\": \"@R@/drivers/foo/x.c\",\n"
	"  \"command\": \"gcc -Wp,-MMD,drivers/foo/.x.o.d -nostdinc -I./include -D__KERNEL__ "
	"-DKBUILD_MODNAME=\\\\\\\"x\\\\\\\" '-DSPACED=a b' -MD -MF drivers/foo/.x.d -MT "
	"drivers/foo/x.o -c -o drivers/foo/x.o drivers/foo/x.c\"},\n"
	" {\"directory\": \"@R@\", \"file\": \"drivers/foo/y.c\",\n"
	"  \"arguments\": [\"clang\", \"-MMD\", \"-MF\", \"dep.d\", \"-DY\", \"-Wp,-MD,y.d\", \"-c\","
	" \"-odrivers/foo/y.o\", \"-MQ\", \"q.o\", \"drivers/foo/y.c\"]},\n"
	" {\"file\": 1},\n"
	" {\"directory\": \"@R@\", \"file\": \"drivers/foo/noargs.c\"},\n"
	" 42\n"
	"]\n";

static ta_flags *compdb_flags(ta_tree **t, ta_kconfig **kc, const char *compdb_dir)
{
	*t = ta_tree_open(mroot);
	ck_assert_ptr_nonnull(*t);
	*kc = ta_kconfig_parse("", "empty");
	return ta_flags_new(*t, *kc, NULL, compdb_dir);
}

START_TEST(test_compdb_command_form)
{
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl;
	char **argv;
	int n = 0;

	write_compdb(mroot, compdb);
	fl = compdb_flags(&t, &kc, NULL);
	ck_assert(t->has_compdb);
	ck_assert_ptr_nonnull(fl);
	ck_assert(ta_flags_from_compdb(fl));
	ck_assert_str_eq(ta_flags_source(fl), "compile_commands.json");
	argv = flags_for(fl, "drivers/foo/x.c");
	while (argv[n])
		n++;
	ck_assert_str_eq(argv[0], "-working-directory");
	ck_assert_str_eq(argv[1], mroot);
	ck_assert_str_eq(argv[n - 1], "-Wno-everything");
	ASSERT_HAS(argv, "-nostdinc");
	ASSERT_HAS(argv, "-I./include");
	ASSERT_HAS(argv, "-D__KERNEL__");
	ASSERT_HAS(argv, "-DKBUILD_MODNAME=\"x\"");
	ASSERT_HAS(argv, "-DSPACED=a b");
	ASSERT_LACKS(argv, "gcc");
	ASSERT_LACKS(argv, "-c");
	ASSERT_LACKS(argv, "-o");
	ASSERT_LACKS(argv, "drivers/foo/x.o");
	ASSERT_LACKS(argv, "-MD");
	ASSERT_LACKS(argv, "-MF");
	ASSERT_LACKS(argv, "drivers/foo/.x.d");
	ASSERT_LACKS(argv, "-MT");
	ASSERT_LACKS(argv, "-Wp,-MMD,drivers/foo/.x.o.d");
	/* the source file itself: libclang is given it separately */
	ASSERT_LACKS(argv, "drivers/foo/x.c");
	ta_argv_free(argv);
	ta_flags_free(&fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
}
END_TEST

START_TEST(test_compdb_arguments_form)
{
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl;
	char **argv;

	write_compdb(mroot, compdb);
	fl = compdb_flags(&t, &kc, NULL);
	ck_assert_ptr_nonnull(fl);
	argv = flags_for(fl, "drivers/foo/y.c");
	ck_assert_str_eq(argv[0], "-working-directory");
	ck_assert_str_eq(argv[1], mroot);
	ASSERT_HAS(argv, "-DY");
	ASSERT_LACKS(argv, "clang");
	ASSERT_LACKS(argv, "-MMD");
	ASSERT_LACKS(argv, "-MF");
	ASSERT_LACKS(argv, "dep.d");
	ASSERT_LACKS(argv, "-Wp,-MD,y.d");
	ASSERT_LACKS(argv, "-c");
	ASSERT_LACKS(argv, "-odrivers/foo/y.o");
	ASSERT_LACKS(argv, "-MQ");
	ASSERT_LACKS(argv, "q.o");
	ASSERT_LACKS(argv, "drivers/foo/y.c");
	ta_argv_free(argv);
	/* an entry without arguments or command is skipped: the file is synthesized */
	argv = flags_for(fl, "drivers/foo/noargs.c");
	ASSERT_LACKS(argv, "-working-directory");
	ASSERT_HAS(argv, "-D__KBUILD_MODNAME=kmod_noargs");
	ASSERT_HAS(argv, "-DFOO"); /* from drivers/foo/Makefile */
	ta_argv_free(argv);
	ta_flags_free(&fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
}
END_TEST

/* An explicit directory is used even when the root has no database. */
START_TEST(test_compdb_explicit_dir)
{
	char *other = tu_mkdtemp();
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl;
	char **argv;

	write_compdb(other, compdb);
	fl = compdb_flags(&t, &kc, other);
	ck_assert(!t->has_compdb);
	ck_assert_ptr_nonnull(fl);
	ck_assert(ta_flags_from_compdb(fl));
	argv = flags_for(fl, "drivers/foo/y.c");
	ASSERT_HAS(argv, "-DY");
	ta_argv_free(argv);
	ta_flags_free(&fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
	tu_rmtree(&other);
}
END_TEST

/* Without a database anywhere the flags are synthesized. */
START_TEST(test_compdb_none)
{
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl = compdb_flags(&t, &kc, NULL);

	ck_assert_ptr_nonnull(fl);
	ck_assert(!ta_flags_from_compdb(fl));
	ck_assert_str_eq(ta_flags_source(fl), "synthesized");
	ta_flags_free(&fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
}
END_TEST

static const struct {
	const char *text, *want; /* the error after the file name */
} bad_dbs[] = {
	/* truncated */
	{"[{\"directory\": \"/x\", \"file\": \"a.c\", \"command\": \"cc a.c\"",
	 ":1:56: error: invalid JSON at the end of the file"},
	{"{\"directory\": \"/x\", \"file\": \"a.c\", \"command\": \"cc a.c\"}",
	 ":1:1: error: not a compilation database (a JSON array)"},
	{"", ":1:1: error: invalid JSON at the end of the file"},
	{"[]\nnot json at all", ":2:1: error: invalid JSON near 'not json at all'"},
};

START_TEST(test_compdb_malformed)
{
	char *other = tu_mkdtemp();
	char *db = ta_path_join(other, "compile_commands.json");
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl;
	char *err;

	tu_write(other, "compile_commands.json", bad_dbs[_i].text);
	tu_stderr_begin();
	fl = compdb_flags(&t, &kc, other);
	err = tu_stderr_end();
	ck_assert_ptr_null(fl);
	ck_assert_msg(ta_str_starts(err, db) && strstr(err, bad_dbs[_i].want) == err + strlen(db),
		      "'%s' is not '%s%s'", err, db, bad_dbs[_i].want);
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
	free(db);
	tu_rmtree(&other);
}
END_TEST

START_TEST(test_compdb_explicit_missing)
{
	char *other = tu_mkdtemp();
	char *missing = ta_path_join(other, "nope");
	ta_tree *t;
	ta_kconfig *kc;
	ta_flags *fl;
	char *err;

	tu_stderr_begin();
	fl = compdb_flags(&t, &kc, other);
	err = tu_stderr_end();
	ck_assert_ptr_null(fl);
	ck_assert_ptr_nonnull(strstr(err, "compile_commands.json"));
	ck_assert_ptr_nonnull(strstr(err, strerror(ENOENT)));
	free(err);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
	tu_stderr_begin();
	fl = compdb_flags(&t, &kc, missing);
	free(tu_stderr_end());
	ck_assert_ptr_null(fl);
	ta_kconfig_free(&kc);
	ta_tree_free(&t);
	free(missing);
	tu_rmtree(&other);
}
END_TEST

static Suite *flags_suite(void)
{
	Suite *s = suite_create("flags");
	TCase *tc = tcase_create("corpus");
	TCase *tm = tcase_create("makefile");
	TCase *td = tcase_create("compdb");

	tcase_add_unchecked_fixture(tc, corpus_setup, corpus_teardown);
	tcase_add_test(tc, test_corpus_synthesized);
	tcase_add_test(tc, test_corpus_modname);
	tcase_add_test(tc, test_corpus_bad_paths);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tm, make_kernel, remove_kernel);
	tcase_add_test(tm, test_makefile_own_flags);
	tcase_add_test(tm, test_makefile_config_conditional);
	tcase_add_test(tm, test_makefile_parent_builds_subdir);
	tcase_add_test(tm, test_makefile_own_subdir_makefile);
	tcase_add_test(tm, test_kbuild_over_makefile);
	suite_add_tcase(s, tm);
	tcase_add_checked_fixture(td, make_kernel, remove_kernel);
	tcase_add_test(td, test_compdb_command_form);
	tcase_add_test(td, test_compdb_arguments_form);
	tcase_add_test(td, test_compdb_explicit_dir);
	tcase_add_test(td, test_compdb_none);
	tcase_add_loop_test(td, test_compdb_malformed, 0, sizeof(bad_dbs) / sizeof(*bad_dbs));
	tcase_add_test(td, test_compdb_explicit_missing);
	suite_add_tcase(s, td);
	return s;
}

int main(void)
{
	return tu_run(flags_suite());
}
