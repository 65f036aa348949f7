// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_util.c - the util module: growable strings and arrays, the string
 * map (growth and overwrite), FNV-1a against published values, whole-file
 * reads and their errors, path joining, prefix/suffix tests and the
 * out-of-memory exit.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testutil.h"

START_TEST(test_buf_appends)
{
	ta_buf b = {0};

	ta_buf_puts(&b, "abc");
	ta_buf_putc(&b, '-');
	ta_buf_add(&b, "xyz123", 3);
	ta_buf_printf(&b, "%d:%s", 42, "q");
	ck_assert_str_eq(b.s, "abc-xyz42:q");
	ck_assert_uint_eq(b.len, 11);
	ck_assert_uint_gt(b.cap, b.len);
	ta_buf_free(&b);
	ck_assert_ptr_null(b.s);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_uint_eq(b.cap, 0);
	/* a freed buffer is reusable */
	ta_buf_puts(&b, "again");
	ck_assert_str_eq(b.s, "again");
	ta_buf_free(&b);
}
END_TEST

START_TEST(test_buf_embedded_nul_and_growth)
{
	ta_buf b = {0};

	ta_buf_add(&b, "a\0b", 3);
	ck_assert_uint_eq(b.len, 3);
	ck_assert_int_eq(memcmp(b.s, "a\0b", 4), 0); /* still NUL-terminated */
	for (int i = 0; i < 5000; i++)
		ta_buf_printf(&b, "%04d", i);
	ck_assert_uint_eq(b.len, 3 + 5000 * 4);
	ck_assert_int_eq(memcmp(b.s + 3, "00000001", 8), 0);
	ck_assert_str_eq(b.s + b.len - 4, "4999");
	ck_assert_int_eq(b.s[b.len], '\0');
	ta_buf_free(&b);
}
END_TEST

START_TEST(test_buf_steal)
{
	ta_buf b = {0};
	char *s = ta_buf_steal(&b);

	/* stealing an empty buffer still gives a string */
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s, "");
	free(s);
	ta_buf_puts(&b, "owned");
	s = ta_buf_steal(&b);
	ck_assert_str_eq(s, "owned");
	ck_assert_ptr_null(b.s);
	ck_assert_uint_eq(b.len, 0);
	ck_assert_uint_eq(b.cap, 0);
	free(s);
	ta_buf_free(&b); /* freeing an empty buffer is harmless */
}
END_TEST

START_TEST(test_xasprintf_xstrndup)
{
	char *s = xasprintf("%s-%03d-%x", "v", 7, 255u);
	char *t = xstrndup("abcdef", 3);
	char *u = xstrndup("ab", 0);

	ck_assert_str_eq(s, "v-007-ff");
	ck_assert_str_eq(t, "abc");
	ck_assert_str_eq(u, "");
	free(s);
	free(t);
	free(u);
}
END_TEST

START_TEST(test_push_grows)
{
	int *v = NULL;
	size_t n = 0, cap = 0;

	for (int i = 0; i < 1000; i++) {
		TA_PUSH(v, n, cap, i * 3);
		ck_assert_uint_ge(cap, n);
	}
	ck_assert_uint_eq(n, 1000);
	ck_assert_uint_eq(cap, 1024); /* 8, doubled */
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(v[i], i * 3);
	free(v);
}
END_TEST

START_TEST(test_grow_no_shrink)
{
	long *v = NULL;
	size_t cap = 0;
	long *before;

	ta_grow((void **)&v, &cap, 100, sizeof(*v));
	ck_assert_uint_eq(cap, 128);
	before = v;
	v[99] = 7;
	/* a need within capacity changes nothing */
	ta_grow((void **)&v, &cap, 50, sizeof(*v));
	ta_grow((void **)&v, &cap, 128, sizeof(*v));
	ck_assert_ptr_eq(v, before);
	ck_assert_uint_eq(cap, 128);
	ck_assert_int_eq(v[99], 7);
	ta_grow((void **)&v, &cap, 129, sizeof(*v));
	ck_assert_uint_eq(cap, 256);
	ck_assert_int_eq(v[99], 7);
	free(v);
}
END_TEST

START_TEST(test_strmap_basic)
{
	ta_strmap m = {0};
	char key[16] = "alpha";

	ck_assert_ptr_null(ta_strmap_get(&m, "alpha")); /* empty map */
	ta_strmap_put(&m, key, 1);
	strcpy(key, "XXXXX"); /* the map copied the key */
	ta_strmap_put(&m, "beta", 2);
	ta_strmap_put(&m, "", 3);
	ck_assert_uint_eq(m.n, 3);
	ck_assert_ptr_nonnull(ta_strmap_get(&m, "alpha"));
	ck_assert_uint_eq(*ta_strmap_get(&m, "alpha"), 1);
	ck_assert_uint_eq(*ta_strmap_get(&m, "beta"), 2);
	ck_assert_uint_eq(*ta_strmap_get(&m, ""), 3);
	ck_assert_ptr_null(ta_strmap_get(&m, "XXXXX"));
	ck_assert_ptr_null(ta_strmap_get(&m, "alph"));
	ck_assert_ptr_null(ta_strmap_get(&m, "alphaa"));
	/* the slot is writable through the pointer */
	*ta_strmap_get(&m, "beta") = 20;
	ck_assert_uint_eq(*ta_strmap_get(&m, "beta"), 20);
	ta_strmap_free(&m);
	ck_assert_uint_eq(m.n, 0);
	ck_assert_ptr_null(m.keys);
	ck_assert_ptr_null(ta_strmap_get(&m, "alpha"));
	ta_strmap_free(&m); /* twice is harmless */
}
END_TEST

START_TEST(test_strmap_overwrite)
{
	ta_strmap m = {0};

	ta_strmap_put(&m, "k", 1);
	ta_strmap_put(&m, "k", 2);
	ta_strmap_put(&m, "k", SIZE_MAX);
	ck_assert_uint_eq(m.n, 1);
	ck_assert_uint_eq(*ta_strmap_get(&m, "k"), SIZE_MAX);
	ta_strmap_free(&m);
}
END_TEST

START_TEST(test_strmap_many_keys)
{
	ta_strmap m = {0};
	const size_t n = 20000;
	char key[32];

	for (size_t i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "drivers/x/f%zu.c", i);
		ta_strmap_put(&m, key, i);
	}
	ck_assert_uint_eq(m.n, n);
	ck_assert_uint_ge(m.cap, 2 * n); /* load factor kept at one half */
	/* overwrite every other key after the growth */
	for (size_t i = 0; i < n; i += 2) {
		snprintf(key, sizeof(key), "drivers/x/f%zu.c", i);
		ta_strmap_put(&m, key, i + n);
	}
	ck_assert_uint_eq(m.n, n);
	for (size_t i = 0; i < n; i++) {
		size_t *v;
		snprintf(key, sizeof(key), "drivers/x/f%zu.c", i);
		v = ta_strmap_get(&m, key);
		ck_assert_msg(v != NULL, "key %s lost", key);
		ck_assert_uint_eq(*v, i % 2 ? i : i + n);
	}
	ck_assert_ptr_null(ta_strmap_get(&m, "drivers/x/f20000.c"));
	ta_strmap_free(&m);
}
END_TEST

/* Published FNV-1a 64-bit test vectors. */
START_TEST(test_fnv1a_known)
{
	ck_assert_uint_eq(ta_fnv1a(TA_FNV_INIT, "", 0), 0xcbf29ce484222325ULL);
	ck_assert_uint_eq(ta_fnv1a(TA_FNV_INIT, "a", 1), 0xaf63dc4c8601ec8cULL);
	ck_assert_uint_eq(ta_fnv1a(TA_FNV_INIT, "foobar", 6), 0x85944171f73967e8ULL);
	/* chaining is the same as one call over the concatenation */
	ck_assert_uint_eq(ta_fnv1a(ta_fnv1a(TA_FNV_INIT, "foo", 3), "bar", 3),
			  0x85944171f73967e8ULL);
	/* bytes past n are not read */
	ck_assert_uint_eq(ta_fnv1a(TA_FNV_INIT, "ab", 1), 0xaf63dc4c8601ec8cULL);
}
END_TEST

START_TEST(test_read_file)
{
	char *dir = tu_mkdtemp();
	char *path = ta_path_join(dir, "f.txt");
	char *empty = ta_path_join(dir, "empty");
	FILE *fp = fopen(path, "w");
	size_t len = 99;
	char *s;

	fwrite("one\0two\n", 1, 8, fp);
	fclose(fp);
	tu_write(dir, "empty", "");
	s = ta_read_file(path, &len);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(len, 8);
	ck_assert_int_eq(memcmp(s, "one\0two\n", 9), 0);
	free(s);
	s = ta_read_file(path, NULL); /* len is optional */
	ck_assert_str_eq(s, "one");
	free(s);
	s = ta_read_file(empty, &len);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(len, 0);
	ck_assert_str_eq(s, "");
	free(s);
	free(path);
	free(empty);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_read_file_errors)
{
	char *dir = tu_mkdtemp();
	char *missing = ta_path_join(dir, "missing");
	size_t len = 99;

	errno = 0;
	ck_assert_ptr_null(ta_read_file(missing, &len));
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_uint_eq(len, 99); /* untouched on failure */
	errno = 0;
	ck_assert_ptr_null(ta_read_file(dir, &len));
	ck_assert_int_eq(errno, EISDIR);
	errno = 0;
	ck_assert_ptr_null(ta_read_file("", &len));
	ck_assert_int_eq(errno, ENOENT);
	free(missing);
	tu_rmtree(&dir);
}
END_TEST

/* All or nothing: the content lands whole, a failure leaves no file and no temporary. */
START_TEST(test_write_atomic)
{
	char *dir = tu_mkdtemp();
	char *path = ta_path_join(dir, "f");
	char *bad = ta_path_join(dir, "no/such/f");
	char *text;
	size_t len;
	DIR *d;
	struct dirent *de;
	size_t entries = 0;

	ck_assert_int_eq(ta_write_atomic(path, "HEAD\n", "body\0x", 6), 0);
	text = ta_read_file(path, &len);
	ck_assert_uint_eq(len, 11);
	ck_assert_int_eq(memcmp(text, "HEAD\nbody\0x", 11), 0);
	free(text);
	/* replacing keeps one file; no head is fine */
	ck_assert_int_eq(ta_write_atomic(path, NULL, "new", 3), 0);
	text = ta_read_file(path, &len);
	ck_assert_str_eq(text, "new");
	free(text);
	ck_assert_int_eq(ta_write_atomic(bad, "x", "y", 1), -1);
	d = opendir(dir);
	while ((de = readdir(d)))
		entries += de->d_name[0] != '.';
	closedir(d);
	ck_assert_uint_eq(entries, 1);
	free(path);
	free(bad);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_path_join)
{
	static const char *const cases[][3] = {
		{"a", "b", "a/b"},           {"a/", "b", "a/b"},
		{"a///", "b/c", "a/b/c"},    {"/", "b", "/b"},
		{"a", "/abs", "/abs"},       {"", "b", "b"},
		{"/r/t", "x.c", "/r/t/x.c"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *j = ta_path_join(cases[i][0], cases[i][1]);
		ck_assert_msg(strcmp(j, cases[i][2]) == 0, "join('%s', '%s') = '%s', want '%s'",
			      cases[i][0], cases[i][1], j, cases[i][2]);
		free(j);
	}
}
END_TEST

START_TEST(test_str_starts_ends)
{
	ck_assert(ta_str_starts("tasklet_init", "tasklet_"));
	ck_assert(ta_str_starts("abc", ""));
	ck_assert(ta_str_starts("", ""));
	ck_assert(!ta_str_starts("", "a"));
	ck_assert(!ta_str_starts("ab", "abc"));
	ck_assert(!ta_str_starts("xabc", "abc"));
	ck_assert(ta_str_ends("x.c", ".c"));
	ck_assert(ta_str_ends(".c", ".c"));
	ck_assert(ta_str_ends("abc", ""));
	ck_assert(!ta_str_ends("c", ".c"));
	ck_assert(!ta_str_ends("x.cc", ".c"));
	ck_assert(!ta_str_ends("", "a"));
}
END_TEST

START_TEST(test_path_same_dir)
{
	ck_assert(ta_path_same_dir("drivers/x/a.c", "drivers/x/b.h"));
	ck_assert(ta_path_same_dir("a.c", "b.c"));
	ck_assert(!ta_path_same_dir("drivers/x/a.c", "drivers/xy/a.c"));
	ck_assert(!ta_path_same_dir("drivers/x/a.c", "drivers/x/include/a.h"));
	ck_assert(!ta_path_same_dir("x/a.c", "a.c"));
	ck_assert(!ta_path_same_dir(NULL, "a.c"));
	ck_assert(!ta_path_same_dir("a.c", NULL));
}
END_TEST

START_TEST(test_strptr_cmp_sorts)
{
	char *v[] = {"b/c", "a", "b", "a/z", ""};

	qsort(v, 5, sizeof(*v), ta_strptr_cmp);
	ck_assert_str_eq(v[0], "");
	ck_assert_str_eq(v[1], "a");
	ck_assert_str_eq(v[2], "a/z");
	ck_assert_str_eq(v[3], "b");
	ck_assert_str_eq(v[4], "b/c");
}
END_TEST

#ifdef __SANITIZE_ADDRESS__
/* Let malloc fail with NULL under ASan too, so xmalloc's own handling is what runs. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}
#endif

static int oom_pipe = -1;

static void oom_hook(void)
{
	if (write(oom_pipe, "H", 1) != 1)
		_exit(99);
}

/* Out of memory runs the hook, then exits with status 3 (in a child of our own). */
START_TEST(test_oom_exit)
{
	int fds[2];
	pid_t pid;
	int status;
	char c = 0;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		volatile size_t huge = SIZE_MAX / 2;
		close(fds[0]);
		oom_pipe = fds[1];
		ta_set_oom_hook(oom_hook);
		free(xmalloc(huge));
		_exit(0); /* not reached when xmalloc behaves */
	}
	close(fds[1]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	ck_assert_int_eq(WEXITSTATUS(status), 3);
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	ck_assert_int_eq(c, 'H');
	close(fds[0]);
}
END_TEST

static Suite *util_suite(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, test_buf_appends);
	tcase_add_test(tc, test_buf_embedded_nul_and_growth);
	tcase_add_test(tc, test_buf_steal);
	tcase_add_test(tc, test_xasprintf_xstrndup);
	tcase_add_test(tc, test_push_grows);
	tcase_add_test(tc, test_grow_no_shrink);
	tcase_add_test(tc, test_strmap_basic);
	tcase_add_test(tc, test_strmap_overwrite);
	tcase_add_test(tc, test_strmap_many_keys);
	tcase_add_test(tc, test_fnv1a_known);
	tcase_add_test(tc, test_read_file);
	tcase_add_test(tc, test_read_file_errors);
	tcase_add_test(tc, test_write_atomic);
	tcase_add_test(tc, test_path_join);
	tcase_add_test(tc, test_str_starts_ends);
	tcase_add_test(tc, test_path_same_dir);
	tcase_add_test(tc, test_strptr_cmp_sorts);
	tcase_add_test(tc, test_oom_exit);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(util_suite());
}
