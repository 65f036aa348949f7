// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_lexsites.c - the lexical test that lets the indexer skip asking
 * libclang for a file's skipped regions (ta_lexsites_may_be_inactive): a
 * conditional block holding a site word says yes wherever it sits
 * (nested, unclosed, spaced out, in a comment inside the block); site
 * words outside every block, blocks without them and stray #endif lines
 * say no; text it cannot read (an unterminated comment, a directive name
 * behind a comment or a line splice) says yes.
 */
#include <string.h>

#include "lexsites.h"
#include "testutil.h"

static bool may(const char *text)
{
	return ta_lexsites_may_be_inactive(text, strlen(text));
}

START_TEST(test_blocks_with_sites)
{
	ck_assert(may("#ifdef CONFIG_PM\nstatic int s(void) { tasklet_disable(&t); }\n#endif\n"));
	ck_assert(may("#if 0\nstatic DECLARE_TASKLET(t, fn);\n#endif\n"));
	ck_assert(may("#ifndef X\n#else\n\ttasklet_kill(&t);\n#endif\n"));
	ck_assert(may("#if A\n#if B\n#endif\ntasklet_schedule(&t);\n#endif\n"));
	ck_assert(may("# if defined(X)\n  tasklet_hi_schedule(&t);\n#  endif\n"));
	/* the test reads text, not tokens: a comment or a type name may say yes */
	ck_assert(may("#if X\n/* tasklet_schedule() was here */\n#endif\n"));
	ck_assert(may("#if X\nstruct tasklet_struct t;\n#endif\n"));
	ck_assert(may("int a;\n#if X\nint b;\n#elif Y\ntasklet_init(&t, f, 0);\n"));
}
END_TEST

START_TEST(test_no_block_holds_one)
{
	ck_assert(!may(""));
	ck_assert(!may("static void f(void) { tasklet_schedule(&t); }\n"));
	ck_assert(!may("#include <linux/interrupt.h>\n#define KICK(t) tasklet_schedule(t)\n"
		       "#ifdef CONFIG_PM\nstatic int suspend(void) { return 0; }\n#endif\n"
		       "static void f(void) { tasklet_schedule(&t); }\n"));
	ck_assert(!may("#endif\ntasklet_kill(&t);\n"));
	ck_assert(!may("const char *s = \"#if\";\ntasklet_kill(&t);\n"));
	ck_assert(!may("#ifx\ntasklet_kill(&t);\n#endif\n"));
	/* a word ta_lexsites_scan() does not read */
	ck_assert(!may("#if X\nstatic void my_tasklet(void);\n#endif\n"));
}
END_TEST

START_TEST(test_cannot_tell)
{
	ck_assert(may("/* unterminated\n"));
	ck_assert(may("#/* c */if X\nint a;\n#endif\n"));
	ck_assert(may("#\\\nif X\nint a;\n#endif\n"));
}
END_TEST

static Suite *lexsites_suite(void)
{
	Suite *s = suite_create("lexsites");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_blocks_with_sites);
	tcase_add_test(tc, test_no_block_holds_one);
	tcase_add_test(tc, test_cannot_tell);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(lexsites_suite());
}
