// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_kbuild.c - the kbuild module on a small tree written to a
 * temporary directory: single-file modules from obj-y, obj-m and
 * obj-$(CONFIG_FOO); composites from foo-y, foo-objs, foo-$(CONFIG_BAR)
 * and other conditional lists, with parts in subdirectories, variable
 * references, name patterns, substitution references, $(addprefix),
 * continuations, comments, conditionals, rules and their recipes, define
 * blocks, include (ignored), Kbuild over Makefile; files no Makefile
 * names; the bounded walk up and the per-directory memo; bad arguments;
 * and hostile Makefile text.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "kbuild.h"
#include "testutil.h"

static const char comp_makefile[] = "# SPDX-License-Identifier: GPL-2.0\n"
				    "obj-$(CONFIG_DRV) += drv.o\n"
				    "drv-y += main.o \\\n"
				    "\t core.o # a trailing comment\n"
				    "drv-objs := legacy.o\n"
				    "drv-$(CONFIG_BAR) += bar.o\n"
				    "drv-$(subst m,y,$(CONFIG_MMC)) += mmc.o\n"
				    "drv-y += $(helpers-y) sub/x.o\n"
				    "helpers-y := h1.o\n"
				    "helpers-$(CONFIG_X86) += h2.o\n"
				    "drv-y += $(addprefix deep/,d1.o d2.o)\n"
				    "ccflags-y += -I$(src) -DDRV=1\n"
				    "ifeq ($(CONFIG_A),y)\n"
				    "\tdrv-y += ifa.o\n"
				    "else\n"
				    "drv-y += ifb.o\n"
				    "endif\n"
				    "$(obj)/gen.h: $(src)/gen.txt\n"
				    "\tdrv-y += recipe.o\n"
				    "\n"
				    "\t@echo still the recipe\n"
				    "# a comment continued \\\n"
				    "drv-y += commented.o\n"
				    "define TEMPLATE\n"
				    "drv-y += defined.o\n"
				    "endef\n"
				    "export drv-y += exported.o\n"
				    "override drv-y += overridden.o\n"
				    "drv-y += asm.o\n"
				    "drv-y += ../shared/util.o\n"
				    "obj-y += other.o sub/\n"
				    "other-y := main.o\n"
				    "include $(src)/extra.mk\n";

/* Every .c a part of drv names, sorted (asm.o is built from asm.S). */
static const char *const drv_files[] = {
	"drivers/comp/bar.c",        "drivers/comp/core.c",     "drivers/comp/deep/d1.c",
	"drivers/comp/deep/d2.c",    "drivers/comp/exported.c", "drivers/comp/h1.c",
	"drivers/comp/h2.c",         "drivers/comp/ifa.c",      "drivers/comp/ifb.c",
	"drivers/comp/legacy.c",     "drivers/comp/main.c",     "drivers/comp/mmc.c",
	"drivers/comp/overridden.c", "drivers/comp/sub/x.c",    "drivers/shared/util.c",
};

/* The fixture tree; the caller removes it with tu_rmtree(). */
static char *fixture(void)
{
	char *dir = tu_mkdtemp();

	tu_write(dir, "Makefile", "VERSION = 6\nPATCHLEVEL = 1\nobj-y += drivers/\n");
	tu_write(dir, "drivers/Makefile", "obj-y += single/ comp/ kb/ named/ deep/ pat/\n");
	tu_write(dir, "drivers/single/Makefile",
		 "# single-file modules\n"
		 "obj-$(CONFIG_FOO) += foo.o\n"
		 "obj-y += always.o\n"
		 "obj-m += modular.o\n"
		 "obj-y += sub/\n"
		 "ccflags-y += -I$(src)\n"
		 "include $(src)/extra.mk\n");
	tu_write(dir, "drivers/single/extra.mk", "foo-y += hidden.o\n");
	tu_write(dir, "drivers/single/foo.c", "");
	tu_write(dir, "drivers/single/hidden.c", "");
	tu_write(dir, "drivers/single/always.c", "");
	tu_write(dir, "drivers/single/modular.c", "");
	tu_write(dir, "drivers/comp/Makefile", comp_makefile);
	tu_write(dir, "drivers/comp/extra.mk", "drv-y += included.o\n");
	tu_write(dir, "drivers/comp/sub/Makefile", "obj-y += unrelated.o\n");
	for (size_t i = 0; i < sizeof(drv_files) / sizeof(drv_files[0]); i++)
		tu_write(dir, drv_files[i], "");
	tu_write(dir, "drivers/comp/asm.S", "");
	tu_write(dir, "drivers/comp/recipe.c", "");
	tu_write(dir, "drivers/comp/commented.c", "");
	tu_write(dir, "drivers/comp/defined.c", "");
	tu_write(dir, "drivers/comp/included.c", "");
	tu_write(dir, "drivers/comp/unlisted.c", "");
	tu_write(dir, "drivers/kb/Kbuild", "obj-m += kb.o\n");
	tu_write(dir, "drivers/kb/Makefile", "obj-m += mk.o\n");
	tu_write(dir, "drivers/named/Makefile",
		 "MOD := mydrv\n$(MOD)-y := a.o b.o\nobj-$(CONFIG_MYDRV) := $(MOD).o\n");
	tu_write(dir, "drivers/deep/Makefile",
		 "obj-y += big.o\nbig-y += a/b/c/d/e/f/six.o a/b/c/d/e/f/g/seven.o\n");
	tu_write(dir, "drivers/pat/Makefile",
		 "VERSIONS := 3.1 4.2\n"
		 "pat-y := main.o $(VERSIONS:%=reg/r-v%.o)\n"
		 "SRCS := s1.c s2.c\n"
		 "pat-y += $(SRCS:.c=.o) $(UNDEFINED:.c=.o)\n"
		 "objs-yy := o1.o\n"
		 "objs-y$(CONFIG_HWA) += o2.o\n"
		 "lcds-$(CONFIG_A)$(CONFIG_B) += l1.o\n"
		 "lcds-n += never.o\n"
		 "pat-y += $(objs-yy) $(lcds-yy)\n"
		 "obj-$(CONFIG_A)$(CONFIG_B) += pat.o\n"
		 "NAME := core\nPRE := sub\n"
		 "pat-y += lib$(NAME).o $(PRE)/p$(addprefix q,1 2)x.o a$(VERSIONS:%=%)b.o\n");
	return dir;
}

static void assert_files(ta_kbuild *kb, const ta_kmodule *m, const char *const *want, size_t n)
{
	size_t got_n;
	const char *const *got = ta_kbuild_module_files(kb, m, &got_n);

	ck_assert_uint_eq(got_n, n);
	for (size_t i = 0; i < n; i++)
		ck_assert_str_eq(got[i], want[i]);
}

/* The object of m with this stem; the test fails when there is none. */
static const struct ta_kobject *object(const ta_kmodule *m, const char *stem)
{
	for (size_t i = 0; i < m->n_objects; i++)
		if (strcmp(m->objects[i].stem, stem) == 0)
			return &m->objects[i];
	ck_abort_msg("no object '%s' in '%s'", stem, m->id);
	return NULL;
}

static bool has_object(const ta_kmodule *m, const char *stem)
{
	for (size_t i = 0; i < m->n_objects; i++)
		if (strcmp(m->objects[i].stem, stem) == 0)
			return true;
	return false;
}

START_TEST(test_single_file_modules)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m;
	static const char *const foo[] = {"drivers/single/foo.c"};

	ck_assert_ptr_nonnull(kb);
	m = ta_kbuild_module_of(kb, "drivers/single/foo.c");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->id, "drivers/single/foo");
	ck_assert_str_eq(m->name, "foo");
	ck_assert_str_eq(m->makefile, "drivers/single/Makefile");
	ck_assert_str_eq(m->cond, "CONFIG_FOO");
	ck_assert(!m->composite);
	ck_assert_uint_eq(m->n_objects, 1); /* the included foo-y is not read */
	ck_assert_str_eq(m->objects[0].stem, "drivers/single/foo");
	assert_files(kb, m, foo, 1);
	ck_assert_str_eq(ta_kbuild_module_of(kb, "drivers/single/always.c")->cond, "y");
	ck_assert_str_eq(ta_kbuild_module_of(kb, "drivers/single/modular.c")->cond, "m");
	/* hidden.o is a part only in the included extra.mk: no Makefile names it */
	m = ta_kbuild_module_of(kb, "drivers/single/hidden.c");
	ck_assert_str_eq(m->id, "drivers/single/hidden");
	ck_assert_ptr_null(m->makefile);
	ck_assert_ptr_null(m->cond);
	ta_kbuild_free(&kb);
	ck_assert_ptr_null(kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_composite)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m = ta_kbuild_module_of(kb, "drivers/comp/core.c");
	static const char *const absent[] = {"recipe", "commented", "defined", "included",
					     "unlisted"};

	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->id, "drivers/comp/drv");
	ck_assert_str_eq(m->name, "drv");
	ck_assert_str_eq(m->makefile, "drivers/comp/Makefile");
	ck_assert_str_eq(m->cond, "CONFIG_DRV");
	ck_assert(m->composite);
	assert_files(kb, m, drv_files, sizeof(drv_files) / sizeof(drv_files[0]));
	ck_assert_uint_eq(m->n_objects, sizeof(drv_files) / sizeof(drv_files[0]) + 1);
	ck_assert_str_eq(object(m, "drivers/comp/asm")->cond, "y");
	ck_assert_str_eq(object(m, "drivers/comp/legacy")->cond, "objs");
	ck_assert_str_eq(object(m, "drivers/comp/bar")->cond, "CONFIG_BAR");
	ck_assert_str_eq(object(m, "drivers/comp/mmc")->cond, "$(subst m,y,$(CONFIG_MMC))");
	ck_assert_str_eq(object(m, "drivers/shared/util")->cond, "y");
	ck_assert_str_eq(m->objects[0].stem, "drivers/comp/main"); /* Makefile order */
	ck_assert_str_eq(m->objects[1].stem, "drivers/comp/core");
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++) {
		char *stem = xasprintf("drivers/comp/%s", absent[i]);
		ck_assert_msg(!has_object(m, stem), "'%s' is not a part", stem);
		free(stem);
	}
	/* every part, whatever its directory, answers the same module */
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/mmc.c"), m);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/h2.c"), m);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/deep/d2.c"), m);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/sub/x.c"), m);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/ifa.c"), m);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/ifb.c"), m);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

/* Parts sub/x.o are found from sub/, whose own Makefile does not name them. */
START_TEST(test_walk_up)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m;

	m = ta_kbuild_module_of(kb, "drivers/comp/sub/x.c");
	ck_assert_str_eq(m->id, "drivers/comp/drv");
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 2); /* sub/ and comp/ */
	m = ta_kbuild_module_of(kb, "drivers/comp/sub/unrelated.c");
	ck_assert_str_eq(m->id, "drivers/comp/sub/unrelated");
	ck_assert_str_eq(m->makefile, "drivers/comp/sub/Makefile");
	/* six levels up is the bound: found; seven: the file's own module */
	m = ta_kbuild_module_of(kb, "drivers/deep/a/b/c/d/e/f/six.c");
	ck_assert_str_eq(m->id, "drivers/deep/big");
	m = ta_kbuild_module_of(kb, "drivers/deep/a/b/c/d/e/f/g/seven.c");
	ck_assert_str_eq(m->id, "drivers/deep/a/b/c/d/e/f/g/seven");
	ck_assert_ptr_null(m->makefile);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_unlisted_and_outside)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m = ta_kbuild_module_of(kb, "drivers/comp/unlisted.c");
	static const char *const own[] = {"drivers/comp/unlisted.c"};
	size_t n = 99;

	ck_assert_str_eq(m->id, "drivers/comp/unlisted");
	ck_assert_str_eq(m->name, "unlisted");
	ck_assert_ptr_null(m->makefile);
	ck_assert(!m->composite);
	ck_assert_uint_eq(m->n_objects, 1);
	ck_assert_ptr_null(m->objects[0].cond);
	assert_files(kb, m, own, 1);
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/unlisted.c"), m);
	/* the file need not exist */
	m = ta_kbuild_module_of(kb, "drivers/nowhere/ghost.c");
	ck_assert_str_eq(m->id, "drivers/nowhere/ghost");
	ta_kbuild_module_files(kb, m, &n);
	ck_assert_uint_eq(n, 0);
	/*
	 * Known limit: ../shared/util.o is a part of drv, but from
	 * drivers/shared/ the walk up never reaches drivers/comp/.
	 */
	m = ta_kbuild_module_of(kb, "drivers/shared/util.c");
	ck_assert_str_eq(m->id, "drivers/shared/util");
	ck_assert_ptr_null(m->makefile);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_two_modules)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *const *mods;

	ck_assert_uint_eq(ta_kbuild_modules_of(kb, "drivers/comp/main.c", &mods), 2);
	ck_assert_str_eq(mods[0]->id, "drivers/comp/drv");
	ck_assert_str_eq(mods[1]->id, "drivers/comp/other");
	ck_assert(mods[1]->composite);
	ck_assert_str_eq(mods[1]->cond, "y");
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/comp/main.c"), mods[0]);
	ck_assert_uint_eq(ta_kbuild_modules_of(kb, "drivers/comp/core.c", &mods), 1);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_kbuild_over_makefile_and_names)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m;
	static const char *const mydrv[] = {"drivers/named/a.c", "drivers/named/b.c"};

	m = ta_kbuild_module_of(kb, "drivers/kb/kb.c");
	ck_assert_str_eq(m->makefile, "drivers/kb/Kbuild");
	m = ta_kbuild_module_of(kb, "drivers/kb/mk.c");
	ck_assert_ptr_null(m->makefile); /* the Makefile beside a Kbuild is not read */
	tu_write(dir, "drivers/named/a.c", "");
	tu_write(dir, "drivers/named/b.c", "");
	m = ta_kbuild_module_of(kb, "drivers/named/b.c");
	ck_assert_str_eq(m->id, "drivers/named/mydrv");
	ck_assert_str_eq(m->cond, "CONFIG_MYDRV");
	ck_assert(m->composite);
	assert_files(kb, m, mydrv, 2);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

/*
 * Names with references are patterns a configuration can turn into foo-y:
 * objs-y$(CONFIG_HWA) is one of the lists $(objs-yy) reads, and
 * obj-$(CONFIG_A)$(CONFIG_B) an obj- list; $(var:a=b) substitutes.
 */
START_TEST(test_patterns_and_substitution)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	const ta_kmodule *m = ta_kbuild_module_of(kb, "drivers/pat/reg/r-v4.2.c");
	/* as make has it, "$(PRE)/p$(addprefix q,1 2)x.o" is "sub/pq1 q2x.o" */
	static const char *const want[] = {"main", "reg/r-v3.1", "reg/r-v4.2", "s1",  "s2",  "o1",
					   "o2",   "l1",         "libcore",    "q2x", "4.2b"};

	ck_assert_str_eq(m->id, "drivers/pat/pat");
	ck_assert_str_eq(m->cond, "$(CONFIG_A)$(CONFIG_B)");
	ck_assert_uint_eq(m->n_objects, sizeof(want) / sizeof(want[0]));
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char *stem = xasprintf("drivers/pat/%s", want[i]);
		ck_assert_str_eq(m->objects[i].stem, stem);
		ck_assert_str_eq(m->objects[i].cond, "y");
		free(stem);
	}
	ck_assert_ptr_eq(ta_kbuild_module_of(kb, "drivers/pat/l1.c"), m);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

/* Each Makefile is read once, and only those a lookup needs. */
START_TEST(test_memo)
{
	char *dir = fixture();
	ta_kbuild *kb = ta_kbuild_new(dir);
	size_t n;

	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 0);
	ta_kbuild_module_of(kb, "drivers/single/foo.c");
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 1);
	for (int i = 0; i < 3; i++)
		ta_kbuild_module_of(kb, "drivers/single/always.c");
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 1);
	/* unlisted: its directory and every parent up to the root */
	ta_kbuild_module_of(kb, "drivers/single/nothing.c");
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 3);
	ta_kbuild_module_of(kb, "drivers/single/nothing.c");
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 3);
	/* files are listed once per module, and a file added later is not seen */
	ta_kbuild_module_files(kb, ta_kbuild_module_of(kb, "drivers/comp/core.c"), &n);
	tu_write(dir, "drivers/comp/asm.c", "");
	ta_kbuild_module_files(kb, ta_kbuild_module_of(kb, "drivers/comp/core.c"), &n);
	ck_assert_uint_eq(n, sizeof(drv_files) / sizeof(drv_files[0]));
	ck_assert_uint_eq(ta_kbuild_n_unreadable(kb), 0);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_bad_arguments)
{
	char *dir = fixture(), *file = ta_path_join(dir, "Makefile"), *err;
	char *missing = ta_path_join(dir, "no-such-dir");
	ta_kbuild *kb = NULL;
	const ta_kmodule *const *mods = (const ta_kmodule *const *)&kb;
	static const char *const bad[] = {
		"",           "/abs/x.c",     "drivers/x.h",    "drivers/x",     ".c",
		"drivers/.c", "drivers//x.c", "drivers/../x.c", "./drivers/x.c", "drivers/./x.c",
		"../x.c",     "drivers/x.c/"};
	size_t n = 7;

	tu_stderr_begin();
	ck_assert_ptr_null(ta_kbuild_new(NULL));
	ck_assert_ptr_null(ta_kbuild_new(""));
	ck_assert_ptr_null(ta_kbuild_new(missing));
	ck_assert_ptr_null(ta_kbuild_new(file));
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "error: no kernel tree given"));
	ck_assert_ptr_nonnull(strstr(err, "No such file or directory"));
	ck_assert_ptr_nonnull(strstr(err, "Not a directory"));
	free(err);
	ta_kbuild_free(NULL);
	ta_kbuild_free(&kb);
	ck_assert_ptr_null(ta_kbuild_module_of(NULL, "drivers/single/foo.c"));
	ck_assert_uint_eq(ta_kbuild_modules_of(NULL, "drivers/single/foo.c", &mods), 0);
	ck_assert_ptr_null(mods);
	ck_assert_ptr_null(ta_kbuild_module_files(NULL, NULL, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(ta_kbuild_n_makefiles(NULL), 0);
	ck_assert_uint_eq(ta_kbuild_n_unreadable(NULL), 0);

	kb = ta_kbuild_new(dir);
	ck_assert_ptr_nonnull(kb);
	ck_assert_ptr_null(ta_kbuild_module_of(kb, NULL));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(!ta_kbuild_module_of(kb, bad[i]), "'%s' is refused", bad[i]);
	ck_assert_uint_eq(ta_kbuild_modules_of(kb, "drivers/single/foo.c", NULL), 0);
	n = 7;
	ck_assert_ptr_null(ta_kbuild_module_files(kb, NULL, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert_uint_eq(ta_kbuild_n_makefiles(kb), 0);
	ta_kbuild_free(&kb);
	/* a trailing slash on the root is fine */
	free(file);
	file = xasprintf("%s//", dir);
	kb = ta_kbuild_new(file);
	ck_assert_str_eq(ta_kbuild_module_of(kb, "drivers/single/foo.c")->makefile,
			 "drivers/single/Makefile");
	ta_kbuild_free(&kb);
	free(file);
	free(missing);
	tu_rmtree(&dir);
}
END_TEST

/* A Makefile that is there but cannot be read: warned once, like none. */
START_TEST(test_unreadable_makefile)
{
	char *dir = fixture(), *err, *p;
	ta_kbuild *kb;
	const ta_kmodule *m;
	int fd;

	/* a directory where the Makefile should be */
	p = ta_path_join(dir, "drivers/single/Makefile");
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(mkdir(p, 0755), 0);
	free(p);
	/* a symbolic link is not followed */
	p = ta_path_join(dir, "drivers/kb/Kbuild");
	ck_assert_int_eq(unlink(p), 0);
	ck_assert_int_eq(symlink("../comp/Makefile", p), 0);
	free(p);
	/* larger than any Makefile (sparse: nothing is written) */
	p = ta_path_join(dir, "drivers/named/Makefile");
	fd = open(p, O_WRONLY | O_TRUNC);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, 9 << 20), 0);
	close(fd);
	free(p);
	/* mode 000 (root reads it anyway) */
	p = ta_path_join(dir, "drivers/comp/Makefile");
	ck_assert_int_eq(chmod(p, 0), 0);

	kb = ta_kbuild_new(dir);
	tu_stderr_begin();
	m = ta_kbuild_module_of(kb, "drivers/single/foo.c");
	ck_assert_ptr_null(m->makefile);
	ta_kbuild_module_of(kb, "drivers/single/foo.c");
	m = ta_kbuild_module_of(kb, "drivers/kb/kb.c");
	ck_assert_ptr_null(m->makefile);
	m = ta_kbuild_module_of(kb, "drivers/named/a.c");
	ck_assert_ptr_null(m->makefile);
	m = ta_kbuild_module_of(kb, "drivers/comp/core.c");
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "drivers/single/Makefile': not a regular file"));
	ck_assert_ptr_nonnull(strstr(err, "drivers/kb/Kbuild': not a regular file"));
	ck_assert_ptr_nonnull(strstr(err, "drivers/named/Makefile': larger than 8 MiB"));
	ck_assert_ptr_nonnull(strstr(err, "warning: cannot read '"));
	if (geteuid() == 0) {
		ck_assert_str_eq(m->id, "drivers/comp/drv");
		ck_assert_uint_eq(ta_kbuild_n_unreadable(kb), 3);
	} else {
		ck_assert_str_eq(m->id, "drivers/comp/core");
		ck_assert_ptr_nonnull(strstr(err, strerror(EACCES)));
		ck_assert_uint_eq(ta_kbuild_n_unreadable(kb), 4);
	}
	/* once per Makefile */
	ck_assert_ptr_null(
		strstr(strstr(err, "drivers/single/Makefile") + 1, "drivers/single/Makefile"));
	free(err);
	ck_assert_int_eq(chmod(p, 0644), 0);
	free(p);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

/* A one-directory tree whose Makefile is `text`; the module of x.c. */
static const ta_kmodule *hostile(ta_kbuild **kb, char **dir, const char *text)
{
	*dir = tu_mkdtemp();
	tu_write(*dir, "d/Makefile", text);
	*kb = ta_kbuild_new(*dir);
	return ta_kbuild_module_of(*kb, "d/x.c");
}

START_TEST(test_hostile_long_line)
{
	ta_buf b = {0};
	ta_kbuild *kb;
	char *dir;
	const ta_kmodule *m;

	/* a 2 MB line of parts, a 1 MiB name, then the line that matters */
	ta_buf_puts(&b, "big-y +=");
	for (int i = 0; i < 400000; i++)
		ta_buf_puts(&b, " p.o ");
	ta_buf_puts(&b, "\nobj-y += big.o\n");
	for (int i = 0; i < 1 << 20; i++)
		ta_buf_putc(&b, 'n');
	ta_buf_puts(&b, "-y += q.o\nbig-y += x.o\n");
	m = hostile(&kb, &dir, b.s);
	ck_assert_str_eq(m->id, "d/big");
	ck_assert_uint_eq(m->n_objects, 2); /* p, x */
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
	ta_buf_free(&b);
}
END_TEST

START_TEST(test_hostile_unterminated)
{
	ta_kbuild *kb;
	char *dir;
	const ta_kmodule *m;

	/* a continuation at the end of the file, without a final newline */
	m = hostile(&kb, &dir, "obj-m += drv.o\ndrv-y += a.o \\\n x.o \\");
	ck_assert_str_eq(m->id, "d/drv");
	ck_assert_uint_eq(m->n_objects, 2);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
	/* unterminated references, stray parentheses, lone $ */
	m = hostile(&kb, &dir,
		    "obj-m += drv.o\ndrv-y += x.o $(foo\ndrv-$(CONFIG_A += y.o\n"
		    "drv-y += ) z.o $\n$(\n)))\n= a.o\n:= b.o\n+=\n$(eval $(x))\n");
	ck_assert_str_eq(m->id, "d/drv");
	ck_assert_uint_eq(m->n_objects, 2); /* x, z */
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_hostile_binary)
{
	ta_buf b = {0};
	ta_kbuild *kb;
	char *dir, *path;
	const ta_kmodule *m;
	FILE *f;
	unsigned seed = 12;

	ta_buf_puts(&b, "obj-y += drv.o\n");
	for (int i = 0; i < 200000; i++) {
		seed = seed * 1103515245u + 12345u;
		ta_buf_putc(&b, (char)(seed >> 16));
	}
	ta_buf_puts(&b, "\n\ndrv-y += x.o\n");
	dir = tu_mkdtemp();
	tu_write(dir, "d/x.c", "");
	path = ta_path_join(dir, "d/Makefile");
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(b.s, 1, b.len, f), b.len); /* NUL bytes included */
	ck_assert_int_eq(fclose(f), 0);
	kb = ta_kbuild_new(dir);
	m = ta_kbuild_module_of(kb, "d/x.c");
	ck_assert_ptr_nonnull(m);
	/* the random bytes may open a define or a rule; the lookup still ends */
	ck_assert(strcmp(m->id, "d/drv") == 0 || strcmp(m->id, "d/x") == 0);
	ta_kbuild_free(&kb);
	free(path);
	tu_rmtree(&dir);
	ta_buf_free(&b);
}
END_TEST

/* Self-references, cycles and exponential expansion end, and quickly. */
START_TEST(test_hostile_expansion)
{
	ta_buf b = {0};
	ta_kbuild *kb;
	char *dir;
	const ta_kmodule *m;
	time_t t0 = time(NULL);

	ta_buf_puts(&b, "obj-y += drv.o\ndrv-y := $(drv-y) x.o\nloop-a = $(loop-b) a.o\n"
			"loop-b = $(loop-a)\ndrv-y += $(loop-a)\n");
	/* v0 = $(v1)$(v1), ... v39 = $(v40)$(v40): 2^40 references if unbounded */
	for (int i = 0; i < 40; i++)
		ta_buf_printf(&b, "v%d = $(v%d)$(v%d) $(v%d) e.o\n", i, i + 1, i + 1, i + 1);
	ta_buf_puts(&b, "drv-y += $(v0)\n");
	for (int i = 0; i < 40; i++)
		ta_buf_printf(&b, "w%d = $(w%d)$(w%d)\n", i, i + 1, i + 1);
	ta_buf_puts(&b, "w40 = $(CONFIG_NOTHING)\ndrv-y += $(w0)\n");
	m = hostile(&kb, &dir, b.s);
	ck_assert_str_eq(m->id, "d/drv");
	ck_assert(has_object(m, "d/x"));
	ck_assert(has_object(m, "d/a"));
	ck_assert(has_object(m, "d/e"));
	ck_assert_int_le(time(NULL) - t0, 10);
	ta_kbuild_free(&kb);
	tu_rmtree(&dir);
	ta_buf_free(&b);
}
END_TEST

static Suite *kbuild_suite(void)
{
	Suite *s = suite_create("kbuild");
	TCase *tc = tcase_create("modules");
	TCase *th = tcase_create("hostile");

	tcase_add_test(tc, test_single_file_modules);
	tcase_add_test(tc, test_composite);
	tcase_add_test(tc, test_walk_up);
	tcase_add_test(tc, test_unlisted_and_outside);
	tcase_add_test(tc, test_two_modules);
	tcase_add_test(tc, test_kbuild_over_makefile_and_names);
	tcase_add_test(tc, test_patterns_and_substitution);
	tcase_add_test(tc, test_memo);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_unreadable_makefile);
	suite_add_tcase(s, tc);
	tcase_set_timeout(th, 60);
	tcase_add_test(th, test_hostile_long_line);
	tcase_add_test(th, test_hostile_unterminated);
	tcase_add_test(th, test_hostile_binary);
	tcase_add_test(th, test_hostile_expansion);
	suite_add_tcase(s, th);
	return s;
}

int main(void)
{
	return tu_run(kbuild_suite());
}
