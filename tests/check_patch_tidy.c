// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_patch_tidy.c - what patch_tidy.h does after a conversion's edits:
 * continuation lines re-aligned with a moved parenthesis (the mac80211
 * from_tasklet() shape, nested parentheses, a line an edit rewrote, one
 * that was not aligned); ta_src_rename() in the original text and in what
 * the edits write, comments included, strings not; names that said tasklet
 * renamed when local (a static function, a struct defined in the file, a
 * static per-CPU variable of the same name), listed when not (a global, a
 * name another patched file uses, a taken new name); the changelog
 * paragraph; commas of changed lines spaced (not in directives or
 * strings); a declaration an edit took past 100 columns broken after '='.
 */
#include <stdlib.h>
#include <string.h>

#include "patch_tidy.h"
#include "srcedit.h"
#include "testutil.h"
#include "util.h"

static ta_src *src_of(const char *text)
{
	return ta_src_new("drivers/x/x.c", text, strlen(text));
}

/* Edit the first occurrence of from (after at) to to. */
static void edit(ta_src *s, const char *from, const char *to)
{
	const char *p = strstr(s->text, from);

	ck_assert_msg(p != NULL, "no '%s'", from);
	ck_assert_int_eq(ta_src_edit(s, (size_t)(p - s->text), strlen(from), to), 0);
}

static void expect_result(const ta_src *s, const char *want)
{
	char *got = ta_src_result(s, NULL);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_realign_moved_paren)
{
	/* net/mac80211/util.c in 6.12, converted: the paren moves 3 columns left */
	ta_src *s = src_of("void f(struct tasklet_struct *t)\n"
			   "{\n"
			   "\tstruct ieee80211_local *local = from_tasklet(local, t,\n"
			   "\t\t\t\t\t\t     wake_txqs_tasklet);\n"
			   "\tint x;\n"
			   "}\n");

	edit(s, "from_tasklet(local, t,", "from_work(local, work,");
	edit(s, "wake_txqs_tasklet", "wake_txqs_bh_work");
	ck_assert_uint_eq(ta_tidy_realign(s), 1);
	expect_result(s, "void f(struct tasklet_struct *t)\n"
			 "{\n"
			 "\tstruct ieee80211_local *local = from_work(local, work,\n"
			 "\t\t\t\t\t\t  wake_txqs_bh_work);\n"
			 "\tint x;\n"
			 "}\n");
	/* a second pass has nothing left to do */
	ck_assert_uint_eq(ta_tidy_realign(s), 0);
	ta_src_free(&s);
}
END_TEST

START_TEST(test_realign_nested)
{
	ta_src *s = src_of("\tret = tasklet_helper(first(a,\n"
			   "\t\t\t\t   b),\n"
			   "\t\t\t     c);\n"
			   "\tnext(x,\n"
			   "\t     y);\n");

	edit(s, "tasklet_helper(", "th(");
	ck_assert_uint_eq(ta_tidy_realign(s), 2);
	expect_result(s, "\tret = th(first(a,\n"
			 "\t\t       b),\n"
			 "\t\t c);\n"
			 "\tnext(x,\n"
			 "\t     y);\n");
	ta_src_free(&s);
}
END_TEST

/* Lines not aligned with the parenthesis, or rewritten by an edit, stay as they are. */
START_TEST(test_realign_leaves)
{
	ta_src *s = src_of("\tx = tasklet_call(a,\n"
			   "\t\tb);\n"
			   "\ty = tasklet_call(a,\n"
			   "\t\t\t b);\n"
			   "\tz = 1;\n");

	edit(s, "tasklet_call(a,\n\t\t\t b);", "work_call(a,\n\t\t\t  b);");
	edit(s, "tasklet_call(a,", "w(a,");
	ck_assert_uint_eq(ta_tidy_realign(s), 0);
	expect_result(s, "\tx = w(a,\n"
			 "\t\tb);\n"
			 "\ty = work_call(a,\n"
			 "\t\t\t  b);\n"
			 "\tz = 1;\n");
	ta_src_free(&s);
}
END_TEST

START_TEST(test_rename)
{
	ta_src *s = src_of("/* foo_tasklet() runs; foo_tasklets too */\n"
			   "static void foo_tasklet(void) { pr_info(\"foo_tasklet\"); }\n"
			   "void g(void) { tasklet_setup(&x, foo_tasklet); }\n");

	edit(s, "tasklet_setup(&x, foo_tasklet)", "INIT_WORK(&x, foo_tasklet)");
	ck_assert_uint_eq(ta_src_rename(s, "foo_tasklet", "foo_bh_work"), 3);
	expect_result(s, "/* foo_bh_work() runs; foo_tasklets too */\n"
			 "static void foo_bh_work(void) { pr_info(\"foo_tasklet\"); }\n"
			 "void g(void) { INIT_WORK(&x, foo_bh_work); }\n");
	ck_assert_uint_eq(ta_src_rename(s, "", "x"), 0);
	ta_src_free(&s);
}
END_TEST

/* net/ipv4/tcp_output.c's shape: a struct and a per-CPU variable named alike. */
static const char tcp_like[] = "/*\n"
			       " * We use one tasklet per cpu, with its own queue of sockets.\n"
			       " */\n"
			       "struct tsq_tasklet {\n"
			       "\tstruct tasklet_struct\ttasklet;\n"
			       "\tint head;\n"
			       "};\n"
			       "static DEFINE_PER_CPU(struct tsq_tasklet, tsq_tasklet);\n"
			       "\n"
			       "static void tcp_tasklet_func(struct tasklet_struct *t)\n"
			       "{\n"
			       "\tstruct tsq_tasklet *tsq = from_tasklet(tsq, t, tasklet);\n"
			       "}\n"
			       "\n"
			       "void __init tcp_tasklet_init(void)\n"
			       "{\n"
			       "\tint i;\n"
			       "\n"
			       "\tfor_each_possible_cpu(i) {\n"
			       "\t\tstruct tsq_tasklet *tsq = &per_cpu(tsq_tasklet, i);\n"
			       "\n"
			       "\t\ttasklet_setup(&tsq->tasklet, tcp_tasklet_func);\n"
			       "\t\tnot_static_tasklet(tsq);\n"
			       "\t}\n"
			       "}\n";

static ta_srcset *converted_tcp(void)
{
	ta_srcset *set = ta_srcset_new("/nonexistent");
	ta_src *s = ta_src_new("net/ipv4/tcp_output.c", tcp_like, strlen(tcp_like));

	TA_PUSH(set->files, set->n_files, set->cap_files, s);
	edit(s, "struct tasklet_struct\ttasklet;", "struct work_struct\tbh_work;");
	edit(s, "tcp_tasklet_func(struct tasklet_struct *t)",
	     "tcp_tasklet_func(struct work_struct *work)");
	edit(s, "from_tasklet(tsq, t, tasklet)", "from_work(tsq, work, bh_work)");
	edit(s, "tasklet_setup(&tsq->tasklet, tcp_tasklet_func);\n\t\tnot_static_tasklet(tsq);",
	     "INIT_WORK(&tsq->bh_work, tcp_tasklet_func);\n\t\tnot_static_tasklet(tsq);");
	return set;
}

START_TEST(test_names)
{
	ta_srcset *set = converted_tcp();
	struct ta_tidy t;
	char *para, *text;

	ta_tidy_set(set, NULL, "bh_work", true, &t);
	text = ta_src_result(set->files[0], NULL);
	/* the struct and the per-CPU variable of the same name, the static callback */
	ck_assert_ptr_nonnull(strstr(text, "struct tsq_bh_work {\n"));
	ck_assert_ptr_nonnull(strstr(text, "DEFINE_PER_CPU(struct tsq_bh_work, tsq_bh_work);"));
	ck_assert_ptr_nonnull(strstr(text, "&per_cpu(tsq_bh_work, i)"));
	ck_assert_ptr_nonnull(strstr(text, "INIT_WORK(&tsq->bh_work, tcp_bh_work_func);"));
	ck_assert_ptr_nonnull(
		strstr(text, "static void tcp_bh_work_func(struct work_struct *work)"));
	/* not local: left */
	ck_assert_ptr_nonnull(strstr(text, "tcp_tasklet_init(void)"));
	ck_assert_ptr_nonnull(strstr(text, "not_static_tasklet(tsq)"));
	free(text);
	para = ta_tidy_paragraph(&t);
	ck_assert_str_eq(para,
			 "Names that meant the tasklet are renamed with it: tcp_tasklet_func() "
			 "to tcp_bh_work_func() and struct tsq_tasklet to struct tsq_bh_work. "
			 "Still named for the tasklet (not local to "
			 "a patched file, or the new name is taken): not_static_tasklet(). "
			 "Comments near the changes that still say tasklet: "
			 "net/ipv4/tcp_output.c:2.");
	free(para);
	ta_tidy_clear(&t);
	ck_assert_ptr_null(ta_tidy_paragraph(&t));
	ta_srcset_free(&set);

	/* without rename: listed only; without a noun: nothing listed */
	set = converted_tcp();
	ta_tidy_set(set, NULL, "bh_work", false, &t);
	ck_assert_uint_eq(t.n_renamed, 0);
	ck_assert_uint_eq(t.n_left, 3);
	ta_tidy_clear(&t);
	ta_tidy_set(set, NULL, NULL, true, &t);
	ck_assert_ptr_null(ta_tidy_paragraph(&t));
	ta_tidy_clear(&t);
	ta_srcset_free(&set);
}
END_TEST

/* A name another patched file uses, or whose new name is taken, is left. */
START_TEST(test_names_left)
{
	ta_srcset *set = ta_srcset_new("/nonexistent");
	const char *c =
		"static void x_tasklet(struct tasklet_struct *t) { }\n"
		"static int x_bh_work;\n"
		"static void y_tasklet(struct tasklet_struct *t) { }\n"
		"void p(void) { tasklet_setup(&a, x_tasklet); tasklet_setup(&b, y_tasklet); }\n";
	const char *h = "#define Y y_tasklet\nstruct s { struct tasklet_struct t; };\n";
	ta_src *sc = ta_src_new("drivers/x/x.c", c, strlen(c));
	ta_src *sh = ta_src_new("drivers/x/x.h", h, strlen(h));
	struct ta_tidy t;

	TA_PUSH(set->files, set->n_files, set->cap_files, sc);
	TA_PUSH(set->files, set->n_files, set->cap_files, sh);
	edit(sc, "tasklet_setup(&a, x_tasklet); tasklet_setup(&b, y_tasklet);",
	     "INIT_WORK(&a, x_tasklet); INIT_WORK(&b, y_tasklet);");
	edit(sh, "struct tasklet_struct t;", "struct work_struct t;");
	ta_tidy_set(set, NULL, "bh_work", true, &t);
	ck_assert_uint_eq(t.n_renamed, 0);
	ck_assert_uint_eq(t.n_left, 2);
	ck_assert_str_eq(t.left[0], "x_tasklet()");
	ck_assert_str_eq(t.left[1], "y_tasklet()");
	ta_tidy_clear(&t);
	ta_srcset_free(&set);
}
END_TEST

/* A set of one file, edited once, tidied without a noun. */
static char *tidied(const char *text, const char *from, const char *to, struct ta_tidy *t)
{
	ta_srcset *set = ta_srcset_new("/nonexistent");
	ta_src *s = src_of(text);
	char *out;

	TA_PUSH(set->files, set->n_files, set->cap_files, s);
	edit(s, from, to);
	ta_tidy_set(set, NULL, NULL, false, t);
	out = ta_src_result(s, NULL);
	ta_srcset_free(&set);
	return out;
}

/* eni's preparation patch: the changed line gets its commas' spaces, others not. */
START_TEST(test_commas)
{
	struct ta_tidy t;
	char *out = tidied("\ttasklet_init(&eni_dev->task,eni_tasklet,(unsigned long) dev);\n"
			   "\tf(a,b);\n"
			   "#define X(a,b) g(a,b)\n",
			   "dev)", "eni_dev)", &t);

	ck_assert_str_eq(out,
			 "\ttasklet_init(&eni_dev->task, eni_tasklet, (unsigned long) eni_dev);\n"
			 "\tf(a,b);\n"
			 "#define X(a,b) g(a,b)\n");
	ck_assert_uint_eq(t.spaced, 2);
	free(out);
	ta_tidy_clear(&t);
	/* eni's preparation: a line inserted before the changed one, as an edit of its own */
	{
		ta_srcset *set = ta_srcset_new("/nonexistent");
		ta_src *s = src_of(
			"\ttasklet_init(&eni_dev->task,eni_tasklet,(unsigned long) dev);\n");
		TA_PUSH(set->files, set->n_files, set->cap_files, s);
		ck_assert_int_eq(ta_src_edit(s, 0, 0, "\teni_dev->dev = dev;\n"), 0);
		edit(s, "dev)", "eni_dev)");
		ta_tidy_set(set, NULL, NULL, false, &t);
		out = ta_src_result(s, NULL);
		ck_assert_str_eq(
			out,
			"\teni_dev->dev = dev;\n"
			"\ttasklet_init(&eni_dev->task, eni_tasklet, (unsigned long) eni_dev);\n");
		free(out);
		ta_tidy_clear(&t);
		ta_srcset_free(&set);
	}
	/* a directive an edit changes keeps its commas; a string's comma is not one */
	out = tidied("#define X(a,b) tasklet(a,b)\n\tp(\"a,b\",tasklet);\n", "tasklet(a", "work(a",
		     &t);
	ck_assert_str_eq(out, "#define X(a,b) work(a,b)\n\tp(\"a,b\",tasklet);\n");
	ck_assert_uint_eq(t.spaced, 0);
	free(out);
	ta_tidy_clear(&t);
}
END_TEST

/* ccree's callback: the declaration the edit took past 100 columns is broken after '='. */
START_TEST(test_wrap)
{
	struct ta_tidy t;
	const char *in = "static void comp_handler(unsigned long devarg)\n"
			 "{\n"
			 "\tstruct cc_req_mgr_handle *request_mgr_handle = "
			 "(struct cc_req_mgr_handle *)devarg;\n"
			 "\tint x = f(a, b);\n"
			 "}\n";
	char *out = tidied(in, "(struct cc_req_mgr_handle *)devarg",
			   "from_work(request_mgr_handle, work, comptask)", &t);

	ck_assert_str_eq(out, "static void comp_handler(unsigned long devarg)\n"
			      "{\n"
			      "\tstruct cc_req_mgr_handle *request_mgr_handle =\n"
			      "\t\tfrom_work(request_mgr_handle, work, comptask);\n"
			      "\tint x = f(a, b);\n"
			      "}\n");
	ck_assert_uint_eq(t.wrapped, 1);
	free(out);
	ta_tidy_clear(&t);
	/* within 100 columns, or not a statement of its own: left */
	out = tidied(in, "(struct cc_req_mgr_handle *)devarg", "from_work(r, work, c)", &t);
	ck_assert_uint_eq(t.wrapped, 0);
	free(out);
	ta_tidy_clear(&t);
	out = tidied(
		"\tif (g(a, b)) x = (struct cc_req_mgr_handle *)devarg + yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy;\n",
		"(struct cc_req_mgr_handle *)devarg",
		"from_work(request_mgr_handle, work, comptask)", &t);
	ck_assert_uint_eq(t.wrapped, 0);
	free(out);
	ta_tidy_clear(&t);
}
END_TEST

static Suite *tidy_suite(void)
{
	Suite *s = suite_create("patch_tidy");
	TCase *tc = tcase_create("tidy");

	tcase_add_test(tc, test_realign_moved_paren);
	tcase_add_test(tc, test_realign_nested);
	tcase_add_test(tc, test_realign_leaves);
	tcase_add_test(tc, test_rename);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_names_left);
	tcase_add_test(tc, test_commas);
	tcase_add_test(tc, test_wrap);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(tidy_suite());
}
