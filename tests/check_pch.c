// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_pch.c - the two precompiled headers (pch.h): what the wide one
 * holds beyond the base one (its files, the macros they leave defined; no
 * tasklet named in their code),
 * and, on a small tree audited for real, that a file whose own enum
 * clashes with a wide-only macro gets the base PCH (and parses cleanly)
 * while a file that includes that header gets the wide one.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "pch.h"
#include "testutil.h"
#include "util.h"

START_TEST(test_extra_macros)
{
	char *dir = tu_mkdtemp(), *base = ta_path_join(dir, "base.pch"),
	     *wide = ta_path_join(dir, "wide.pch"), *a = ta_path_join(dir, "a.h"),
	     *b = ta_path_join(dir, "b.h"), *c = ta_path_join(dir, "c.h"), *text;
	ta_pch_extra e;

	tu_write(dir, "a.h", "#define IN_BASE 1\n");
	tu_write(dir, "b.h",
		 "#define ONE 1\n#define TWO 2\n#undef TWO\n#define THREE 3\n#undef THREE\n"
		 "#define THREE 33\n  #  define SPACED(x) x\n#defined_not_a_directive\n"
		 "/* #define IN_COMMENT */\n");
	tu_write(dir, "c.h", "/* deferred to a tasklet */\nint c; const char *s = \"tasklet\";\n");
	text = xasprintf("%s\n", a);
	tu_write(dir, "base.pch.members", text);
	free(text);
	/* no members file for the wide one yet: nothing known */
	ck_assert_int_eq(ta_pch_extra_read(base, wide, &e), -1);
	ck_assert_uint_eq(e.n_only, 0);
	ta_pch_extra_free(&e);
	text = xasprintf("%s\n%s\n%s\n", a, b, c);
	tu_write(dir, "wide.pch.members", text);
	free(text);
	ck_assert_int_eq(ta_pch_extra_read(base, wide, &e), 0);
	ck_assert_uint_eq(e.n_only, 2);
	ck_assert_str_eq(e.only[0], b);
	ck_assert_str_eq(e.only[1], c);
	ck_assert_uint_eq(e.n_names, 3);
	ck_assert_str_eq(e.names[0], "ONE");
	ck_assert_str_eq(e.names[1], "THREE");
	ck_assert_str_eq(e.names[2], "SPACED");
	for (size_t i = 0; i < e.n_names; i++)
		ck_assert_str_eq(e.owners[i], b);
	ta_pch_extra_free(&e);
	ck_assert_ptr_null(e.names);
	/* a file of the wide PCH alone with a tasklet in its code: its sites would go unwalked */
	tu_write(dir, "c.h", "struct tasklet_struct;\n");
	ck_assert_int_eq(ta_pch_extra_read(base, wide, &e), -1);
	ta_pch_extra_free(&e);
	tu_write(dir, "c.h", "#define KICK(t) DECLARE_TASKLET_OLD(t, f)\n");
	ck_assert_int_eq(ta_pch_extra_read(base, wide, &e), -1);
	ta_pch_extra_free(&e);
	free(base);
	free(wide);
	free(a);
	free(b);
	free(c);
	tu_rmtree(&dir);
}
END_TEST

/*
 * 0 when the cached facts of the audit of dir list, among file's
 * dependencies, the wide PCH (wide) or the base one (!wide); the wide
 * one's header is the one that stands in for KBUILD_MODNAME.
 */
static int facts_use_pch(const char *dir, const char *file, bool wide)
{
	return tu_sh("cd %s/cache && f=$(grep -l -F '\t%s\t' facts/*) && test -n \"$f\" && "
		     "for h in pch-*.h; do if %s grep -q KBUILD_MODNAME $h; then "
		     "grep -q -F \" %s/cache/${h%%.h}.pch\" $f && exit 0; fi; done; exit 1",
		     dir, file, wide ? "" : "!", dir);
}

START_TEST(test_wide_pch_chosen_per_file)
{
	char *dir = tu_mkdtemp(), *args;
	struct tu_run r;

	ck_assert_int_eq(tu_sh("cp -r %s/corpus/include %s/include", TA_SOURCE_DIR, dir), 0);
	tu_write(dir, "Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
	/* a wide header: its PORT_NONE would rename i915's enumerator */
	tu_write(dir, "include/linux/ethtool.h",
		 "#ifndef _LINUX_ETHTOOL_H\n#define _LINUX_ETHTOOL_H\n#define PORT_NONE 0xef\n"
		 "#define ETH_GSTRING_LEN 32\n#endif\n");
	tu_write(dir, "drivers/x/clash.c",
		 "#include <linux/interrupt.h>\n"
		 "enum port { PORT_NONE = -1, PORT_A };\n"
		 "static enum port last = PORT_NONE;\n"
		 "static void clash_fn(struct tasklet_struct *t) { last = PORT_A; }\n"
		 "static DECLARE_TASKLET(clash_tasklet, clash_fn);\n"
		 "void clash_kick(void) { tasklet_schedule(&clash_tasklet); }\n");
	tu_write(dir, "drivers/x/user.c",
		 "#include <linux/interrupt.h>\n#include <linux/ethtool.h>\n"
		 "static char name[ETH_GSTRING_LEN];\n"
		 "static void user_fn(struct tasklet_struct *t) { name[0] = PORT_NONE; }\n"
		 "static DECLARE_TASKLET(user_tasklet, user_fn);\n"
		 "void user_kick(void) { tasklet_schedule(&user_tasklet); }\n");
	args = xasprintf("-q -j 1 --cache-dir %s/cache --json %s/out.json -o /dev/null %s", dir,
			 dir, dir);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	tu_run_free(&r);
	/* both parsed without an error: clash.c never saw ethtool.h's macro */
	ck_assert_int_eq(tu_sh("python3 -c \"import json,sys; d=json.load(open('%s/out.json')); "
			       "f={x['path']:x for x in d['files']}; "
			       "sys.exit(0 if all(f[p]['status']=='parsed' and f[p]['errors']==0 "
			       "for p in ('drivers/x/clash.c','drivers/x/user.c')) else 1)\"",
			       dir),
			 0);
	ck_assert_int_eq(facts_use_pch(dir, "drivers/x/user.c", true), 0);
	ck_assert_int_ne(facts_use_pch(dir, "drivers/x/user.c", false), 0);
	ck_assert_int_eq(facts_use_pch(dir, "drivers/x/clash.c", false), 0);
	ck_assert_int_ne(facts_use_pch(dir, "drivers/x/clash.c", true), 0);
	/* the base PCH from the cache and the wide one built again: each in use as before */
	ck_assert_int_eq(tu_sh("cd %s/cache && h=$(grep -l KBUILD_MODNAME pch-*.h) && "
			       "rm ${h%%.h}.pch ${h%%.h}.pch.members && "
			       "rm $(grep -l -F '\tdrivers/x/' facts/*)",
			       dir),
			 0);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
	tu_run_free(&r);
	ck_assert_int_eq(facts_use_pch(dir, "drivers/x/user.c", true), 0);
	ck_assert_int_eq(facts_use_pch(dir, "drivers/x/clash.c", false), 0);
	free(args);
	tu_rmtree(&dir);
}
END_TEST

static Suite *pch_suite(void)
{
	Suite *s = suite_create("pch");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_extra_macros);
	tcase_add_test(tc, test_wide_pch_chosen_per_file);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(pch_suite());
}
