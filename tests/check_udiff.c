// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_udiff.c - the unified diff generator: exact hunks for small known
 * inputs (context, merged hunks, insert at start, delete at end, missing
 * final newline, the function heading, a macro whose #define line is
 * added shown to its end), and a randomized round trip: for
 * many random edits of a random text, `patch` (an independent applier)
 * turns the old text into the new one with our diff.  The diffstat counts
 * agree with the edit script.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "udiff.h"
#include "util.h"

static char *diff(const char *a, const char *b, struct ta_diffstat *st)
{
	return ta_udiff("x.c", a, strlen(a), b, strlen(b), 3, st);
}

START_TEST(test_equal_is_empty)
{
	char *d = diff("a\nb\n", "a\nb\n", NULL);

	ck_assert_str_eq(d, "");
	free(d);
	d = diff("", "", NULL);
	ck_assert_str_eq(d, "");
	free(d);
}
END_TEST

START_TEST(test_one_change_with_heading)
{
	const char *a = "int f(void)\n{\n\tint x;\n\n\tx = 1;\n\treturn x;\n}\n";
	const char *b = "int f(void)\n{\n\tint x;\n\n\tx = 2;\n\treturn x;\n}\n";
	struct ta_diffstat st;
	char *d = diff(a, b, &st);

	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n"
			    "@@ -2,6 +2,6 @@ int f(void)\n"
			    " {\n \tint x;\n \n-\tx = 1;\n+\tx = 2;\n \treturn x;\n }\n");
	ck_assert_uint_eq(st.added, 1);
	ck_assert_uint_eq(st.removed, 1);
	free(d);
}
END_TEST

START_TEST(test_insert_at_start_and_delete_at_end)
{
	char *d = diff("b\nc\n", "a\nb\nc\n", NULL);

	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,3 @@\n+a\n b\n c\n");
	free(d);
	d = diff("a\nb\nc\n", "a\nb\n", NULL);
	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,2 @@\n a\n b\n-c\n");
	free(d);
	d = diff("", "a\n", NULL);
	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -0,0 +1 @@\n+a\n");
	free(d);
}
END_TEST

START_TEST(test_no_newline_at_end)
{
	char *d = diff("a\nb", "a\nc", NULL);

	ck_assert_str_eq(
		d, "--- a/x.c\n+++ b/x.c\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
		   "+c\n\\ No newline at end of file\n");
	free(d);
}
END_TEST

/* Changes 7 lines apart share a hunk (gap <= 2 * context); 8 apart do not. */
START_TEST(test_hunk_merging)
{
	ta_buf a = {0}, b = {0};
	char *d;

	for (int i = 0; i < 30; i++) {
		ta_buf_printf(&a, "l%d\n", i);
		ta_buf_printf(&b, "%s%d\n", i == 5 || i == 12 || i == 21 ? "X" : "l", i);
	}
	d = diff(a.s, b.s, NULL);
	ck_assert_ptr_nonnull(strstr(d, "@@ -3,14 +3,14 @@ l1\n"));
	ck_assert_ptr_nonnull(strstr(d, "@@ -19,7 +19,7 @@ l17\n"));
	free(d);
	ta_buf_free(&a);
	ta_buf_free(&b);
}
END_TEST

/* A hunk adding a multi-line macro's #define line shows the macro to its end. */
START_TEST(test_macro_to_its_end)
{
	const char *a =
		"#define M(a, b) \\\n{ \\\n\tx(); \\\n\ty(); \\\n\tz(); \\\n\tu(a, b); \\\n}\n"
		"int q;\n";
	const char *b =
		"#define M(a, b, c) \\\n{ \\\n\tx(); \\\n\ty(); \\\n\tz(); \\\n\tu(a, b); \\\n}\n"
		"int q;\n";
	char *d = diff(a, b, NULL);

	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -1,8 +1,8 @@\n"
			    "-#define M(a, b) \\\n+#define M(a, b, c) \\\n { \\\n \tx(); \\\n"
			    " \ty(); \\\n \tz(); \\\n \tu(a, b); \\\n }\n int q;\n");
	free(d);
	/* a change right after such a macro joins its hunk: hunks never overlap */
	b = "#define M(a, b, c) \\\n{ \\\n\tx(); \\\n\ty(); \\\n\tz(); \\\n\tu(a, b); \\\n}\n"
	    "int r;\n";
	d = diff(a, b, NULL);
	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -1,8 +1,8 @@\n"
			    "-#define M(a, b) \\\n+#define M(a, b, c) \\\n { \\\n \tx(); \\\n"
			    " \ty(); \\\n \tz(); \\\n \tu(a, b); \\\n }\n-int q;\n+int r;\n");
	free(d);
	/* a changed body line keeps the usual context */
	b = "#define M(a, b) \\\n{ \\\n\tx(); \\\n\ty(); \\\n\tz(); \\\n\tu(a, b); \\\n}\nint r;\n";
	d = diff(a, b, NULL);
	ck_assert_str_eq(d, "--- a/x.c\n+++ b/x.c\n@@ -5,4 +5,4 @@\n"
			    " \tz(); \\\n \tu(a, b); \\\n }\n-int q;\n+int r;\n");
	free(d);
}
END_TEST

START_TEST(test_script)
{
	char *s = ta_diff_script("a\nb\nc\n", 6, "a\nc\nd\n", 6);

	ck_assert_str_eq(s, "=-=+");
	free(s);
}
END_TEST

/* Random texts, random edits: patch(1) must rebuild the new text from our diff. */
START_TEST(test_random_round_trip)
{
	char *dir = tu_mkdtemp();
	unsigned seed = 12345;

	for (int round = 0; round < 200; round++) {
		ta_buf a = {0}, b = {0};
		int n = 1 + (int)(rand_r(&seed) % 120);
		char *d, *got, *path;
		struct ta_diffstat st;
		FILE *fp;

		for (int i = 0; i < n; i++) {
			int line = (int)(rand_r(&seed) % 8); /* few distinct lines: many matches */
			int op = (int)(rand_r(&seed) % 10);
			/* lines 6 and 7 continue a macro: an added #define runs through them */
			const char *cont = line >= 6 ? " \\" : "";
			ta_buf_printf(&a, "line %d%s\n", line, cont);
			if (op == 0)
				continue; /* delete */
			if (op == 1)
				ta_buf_printf(&b, "new %d\n", i); /* insert */
			if (op == 3)
				ta_buf_printf(&b, "#define M%d \\\n", i); /* a macro's head */
			if (op == 2)
				ta_buf_printf(&b, "changed %d\n", i); /* replace */
			else
				ta_buf_printf(&b, "line %d%s\n", line, cont);
		}
		if (round % 7 == 0)
			ta_buf_puts(&b, "tail without newline");
		d = ta_udiff("f.txt", a.s ? a.s : "", a.len, b.s ? b.s : "", b.len, 3, &st);
		tu_write(dir, "f.txt", a.s ? a.s : "");
		tu_write(dir, "d.patch", d);
		path = xasprintf("cd '%s' && patch -s -p1 < d.patch >/dev/null 2>&1", dir);
		if (*d)
			ck_assert_int_eq(system(path), 0);
		free(path);
		path = ta_path_join(dir, "f.txt");
		got = ta_read_file(path, NULL);
		ck_assert_msg(strcmp(got, b.s ? b.s : "") == 0, "round %d: patch(1) result differs",
			      round);
		/* counts match the lines marked in the diff */
		{
			unsigned plus = 0, minus = 0;
			for (char *l = d; l && *l;
			     l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
				if (l[0] == '+' && strncmp(l, "+++ ", 4) != 0)
					plus++;
				if (l[0] == '-' && strncmp(l, "--- ", 4) != 0)
					minus++;
			}
			ck_assert_uint_eq(plus, st.added);
			ck_assert_uint_eq(minus, st.removed);
		}
		(void)fp;
		free(got);
		free(path);
		free(d);
		ta_buf_free(&a);
		ta_buf_free(&b);
	}
	tu_rmtree(&dir);
}
END_TEST

static Suite *udiff_suite(void)
{
	Suite *s = suite_create("udiff");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_equal_is_empty);
	tcase_add_test(tc, test_one_change_with_heading);
	tcase_add_test(tc, test_insert_at_start_and_delete_at_end);
	tcase_add_test(tc, test_no_newline_at_end);
	tcase_add_test(tc, test_hunk_merging);
	tcase_add_test(tc, test_macro_to_its_end);
	tcase_add_test(tc, test_script);
	tcase_add_test(tc, test_random_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(udiff_suite());
}
