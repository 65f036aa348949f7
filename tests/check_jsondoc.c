// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_jsondoc.c - the JSON reading helper: every kind of error names the
 * file, the line and the column of the value (of the object for a missing
 * member, of the key for an unknown one) and its path, through comments,
 * a byte order mark and nested arrays; only the first error prints; the
 * typed getters accept what they should; bad arguments.
 */
#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "jsondoc.h"
#include "testutil.h"

/* Parse text with flags; run f on it; return stderr (one line or none). */
static char *run(const char *text, unsigned flags, void (*f)(ta_jdoc *d))
{
	ta_jdoc *d;

	tu_stderr_begin();
	d = ta_jdoc_parse("x.json", text, strlen(text), flags);
	if (d && f)
		f(d);
	ta_jdoc_free(&d);
	ck_assert_ptr_null(d);
	return tu_stderr_end();
}

static void expect(const char *text, unsigned flags, void (*f)(ta_jdoc *d), const char *want)
{
	char *err = run(text, flags, f);

	ck_assert_str_eq(err, want);
	free(err);
}

static const cJSON *obj(ta_jdoc *d, const char *key)
{
	return ta_jdoc_get(d, ta_jdoc_root(d), key, TA_J_OBJECT, TA_J_REQUIRED);
}

static void get_line(ta_jdoc *d)
{
	ta_jdoc_uint(d, ta_jdoc_root(d), "line", TA_J_REQUIRED, 0);
}

static void get_deep(ta_jdoc *d)
{
	const cJSON *a = ta_jdoc_get(d, obj(d, "o"), "a", TA_J_ARRAY, 0), *e;

	cJSON_ArrayForEach(e, a) ta_jdoc_str(d, e, "name", TA_J_REQUIRED);
}

static void get_strings(ta_jdoc *d)
{
	size_t n;
	char **v = ta_jdoc_strings(d, ta_jdoc_root(d), "s", 0, &n);

	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void check_keys(ta_jdoc *d)
{
	static const char *const keys[] = {"a", "b", NULL};

	ck_assert(!ta_jdoc_keys(d, ta_jdoc_root(d), keys));
	ck_assert(ta_jdoc_failed(d));
}

static void with_subject(ta_jdoc *d)
{
	ta_jdoc_subject(d, "rule 'r.x'");
	ta_jdoc_bool(d, ta_jdoc_root(d), "weak", 0, false);
	/* a second error does not print */
	ta_jdoc_missing(d, ta_jdoc_root(d), "other");
}

static void get_enum(ta_jdoc *d)
{
	static const char *const names[] = {"red", "green", NULL};

	ck_assert_int_eq(ta_jdoc_enum(d, ta_jdoc_root(d), "c", 0, names, -1), -1);
}

START_TEST(test_positions)
{
	expect("{\"line\": 3}", 0, get_line, "");
	expect("{\"line\": -3}", 0, get_line,
	       "x.json:1:10: error: 'line' is not a non-negative integer\n");
	expect("{\n  \"line\": \"3\"}", 0, get_line,
	       "x.json:2:11: error: 'line' is not a number\n");
	expect("\n\n   {}", 0, get_line, "x.json:3:4: error: 'line' is missing\n");
	/* a comment keeps the columns after it; a BOM is skipped */
	expect("/* a\n * b */ {\"line\": true}", TA_JDOC_COMMENTS, get_line,
	       "x.json:2:18: error: 'line' is not a number\n");
	expect("\xEF\xBB\xBF{\"line\": null}", 0, get_line,
	       "x.json:1:13: error: 'line' is not a number\n");
	expect("{\"o\": {\"a\": [{\"name\": \"n\"},\n  {\"nom\": \"n\"}]}}", 0, get_deep,
	       "x.json:2:3: error: 'o.a[1].name' is missing\n");
	expect("{\"o\": {\"a\": [{\"name\": \"n\"}, {\"name\": [\"x,]}\"]}]}}", 0, get_deep,
	       "x.json:1:38: error: 'o.a[1].name' is not a string\n");
	expect("{\"o\": 1}", 0, get_deep, "x.json:1:7: error: 'o' is not an object\n");
	expect("{}", 0, get_deep, "x.json:1:1: error: 'o' is missing\n");
	expect("{\"s\": [\"a\", \"b\\\"\", 3]}", 0, get_strings,
	       "x.json:1:20: error: 's[2]' is not a string\n");
	expect("{\"a\": 1,\n \"c\": 2}", 0, check_keys, "x.json:2:2: error: unknown key 'c'\n");
	expect("{\"weak\": \"yes\"}", 0, with_subject,
	       "x.json:1:10: error: rule 'r.x': 'weak' is not true or false\n");
	expect("{\"c\": \"blue\"}", 0, get_enum, "x.json:1:7: error: 'c' has an unknown value\n");
}
END_TEST

START_TEST(test_invalid_json)
{
	expect("{\"a\": 1,, }", 0, NULL, "x.json:1:10: error: invalid JSON near ' }'\n");
	expect("{\"a\": 1} x", 0, NULL, "x.json:1:10: error: invalid JSON near 'x'\n");
	expect("", 0, NULL, "x.json:1:1: error: invalid JSON at the end of the file\n");
	expect("{\n\"a\":\n", 0, NULL, "x.json:3:1: error: invalid JSON at the end of the file\n");
	/* comments are JSON only where the format allows them */
	expect("// c\n{}", 0, NULL, "x.json:1:1: error: invalid JSON near '// c'\n");
	expect("// c\n{}", TA_JDOC_COMMENTS, NULL, "");
	/* a NUL inside the text does not end it */
	{
		char *err;
		ta_jdoc *d;
		tu_stderr_begin();
		d = ta_jdoc_parse("x.json", "{}\0{}", 5, 0);
		err = tu_stderr_end();
		ck_assert_ptr_null(d);
		ck_assert_str_eq(err, "x.json:1:4: error: invalid JSON near '{}'\n");
		free(err);
	}
}
END_TEST

START_TEST(test_getters)
{
	static const char text[] = "{\"s\": \"v\", \"n\": 2.5, \"u\": 7, \"b\": false, \"z\": null,"
				   " \"a\": [\"x\", \"y\"], \"e\": []}";
	ta_jdoc *d = ta_jdoc_parse("x.json", text, strlen(text), 0);
	const cJSON *r = ta_jdoc_root(d);
	char **v, *p;
	size_t n;
	unsigned line, col;

	ck_assert_str_eq(ta_jdoc_name(d), "x.json");
	ck_assert_str_eq(ta_jdoc_str(d, r, "s", TA_J_REQUIRED), "v");
	p = ta_jdoc_strdup(d, r, "s", 0);
	ck_assert_str_eq(p, "v");
	free(p);
	ck_assert_double_eq(ta_jdoc_num(d, r, "n", 0, 0), 2.5);
	ck_assert_double_eq(ta_jdoc_num(d, r, "missing", 0, 9), 9);
	ck_assert_uint_eq(ta_jdoc_uint(d, r, "u", 0, 0), 7);
	ck_assert(!ta_jdoc_bool(d, r, "b", 0, true));
	ck_assert_ptr_null(ta_jdoc_str(d, r, "z", TA_J_NULLABLE | TA_J_REQUIRED));
	ck_assert_ptr_null(ta_jdoc_get(d, r, "z", TA_J_ARRAY, TA_J_NULLABLE));
	v = ta_jdoc_strings(d, r, "a", 0, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(v[1], "y");
	ck_assert_ptr_null(v[2]);
	tu_strv_free(v, n);
	ck_assert_ptr_null(ta_jdoc_strings(d, r, "e", 0, &n));
	ck_assert_uint_eq(n, 0);
	ck_assert(!ta_jdoc_failed(d));
	p = ta_jdoc_path(d, cJSON_GetArrayItem(cJSON_GetObjectItem(r, "a"), 1));
	ck_assert_str_eq(p, "a[1]");
	free(p);
	ta_jdoc_where(d, cJSON_GetObjectItem(r, "u"), &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 27);
	/* bad arguments: no object, a value not in the document */
	ck_assert_ptr_null(ta_jdoc_get(d, NULL, "s", TA_J_STRING, TA_J_REQUIRED));
	ck_assert_ptr_null(ta_jdoc_str(d, cJSON_GetObjectItem(r, "a"), "s", TA_J_REQUIRED));
	ta_jdoc_where(d, NULL, &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
	ck_assert(!ta_jdoc_failed(d));
	ta_jdoc_free(&d);
	ta_jdoc_free(&d);
}
END_TEST

START_TEST(test_read_file)
{
	char *dir = tu_mkdtemp(), *path = ta_path_join(dir, "f.json"), *err, *want;
	ta_jdoc *d;

	tu_stderr_begin();
	d = ta_jdoc_read(path, 0);
	err = tu_stderr_end();
	ck_assert_ptr_null(d);
	want = xasprintf("tasklet-audit: error: cannot read '%s': No such file or directory\n",
			 path);
	ck_assert_str_eq(err, want);
	free(err);
	free(want);
	tu_write(dir, "f.json", "[1,\n 2]\n");
	d = ta_jdoc_read(path, 0);
	ck_assert_ptr_nonnull(d);
	ck_assert_int_eq(cJSON_GetArraySize(ta_jdoc_root(d)), 2);
	ta_jdoc_free(&d);
	free(path);
	tu_rmtree(&dir);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("jsondoc");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_positions);
	tcase_add_test(tc, test_invalid_json);
	tcase_add_test(tc, test_getters);
	tcase_add_test(tc, test_read_file);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
