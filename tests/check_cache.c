// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_cache.c - the facts cache: a stored result comes back while its
 * dependencies keep their content, is refused when one changes or
 * disappears or when the entry is damaged, and survives a touch that
 * changes a dependency's mtime but not its content.  Per-tree entries are
 * kept to the most recently used few.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "testutil.h"

static char *dir;

static void setup(void)
{
	dir = tu_mkdtemp();
}

static void teardown(void)
{
	tu_rmtree(&dir);
}

static char *write_file(const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *fp = fopen(path, "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
	return path;
}

/* A fresh handle: a new run, with nothing memoized. */
static char *lookup_fresh(const char *key)
{
	char *cdir = xasprintf("%s/cache", dir);
	ta_cache *c = ta_cache_open(cdir);
	char *r;

	ck_assert_ptr_nonnull(c);
	r = ta_cache_lookup(c, key);
	ta_cache_free(&c);
	free(cdir);
	return r;
}

static void store(const char *key, const char *dep, const char *result)
{
	char *cdir = xasprintf("%s/cache", dir);
	ta_cache *c = ta_cache_open(cdir);
	const char *deps[1] = {dep};

	ck_assert_ptr_nonnull(c);
	ta_cache_store(c, key, deps, 1, result);
	ta_cache_free(&c);
	free(cdir);
}

START_TEST(test_round_trip_and_invalidation)
{
	char *dep = write_file("a.h", "#define A 1\n");
	char *r;

	store("k1", dep, "S\t0\t0\t\nF\tresult\n");
	r = lookup_fresh("k1");
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, "S\t0\t0\t\nF\tresult\n");
	free(r);
	ck_assert_ptr_null(lookup_fresh("k2")); /* another key */
	/* touched, same content: still valid */
	ck_assert_int_eq(utimensat(AT_FDCWD, dep, NULL, 0), 0);
	r = lookup_fresh("k1");
	ck_assert_ptr_nonnull(r);
	free(r);
	/* changed content: stale */
	free(write_file("a.h", "#define A 2\n"));
	ck_assert_ptr_null(lookup_fresh("k1"));
	/* removed: stale */
	store("k3", dep, "x");
	ck_assert_int_eq(unlink(dep), 0);
	ck_assert_ptr_null(lookup_fresh("k3"));
	free(dep);
}
END_TEST

START_TEST(test_damaged_entries_refused)
{
	char *dep = write_file("b.h", "b\n");
	char *cmd;

	char *r;

	store("kd", dep, "a result long enough to damage in the middle");
	r = lookup_fresh("kd");
	ck_assert_ptr_nonnull(r);
	free(r);
	/* flip one byte of every entry */
	cmd = xasprintf("for f in '%s'/cache/facts/*; do printf Z | dd of=\"$f\" bs=1 seek=60 "
			"conv=notrunc 2>/dev/null; done",
			dir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_ptr_null(lookup_fresh("kd"));
	/* truncated */
	store("kt", dep, "another result");
	free(cmd);
	cmd = xasprintf("for f in '%s'/cache/facts/*; do truncate -s 10 \"$f\"; done", dir);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_ptr_null(lookup_fresh("kt"));
	free(cmd);
	free(dep);
}
END_TEST

START_TEST(test_bad_arguments)
{
	char *dep = write_file("c.h", "c\n");
	const char *missing[1] = {"/nonexistent/dep.h"};
	char *cdir = xasprintf("%s/cache", dir);
	ta_cache *c = ta_cache_open(cdir);
	uint64_t h;
	size_t hits, misses;

	/* no cache: lookups miss, stores do nothing */
	ck_assert_ptr_null(ta_cache_lookup(NULL, "k"));
	ta_cache_store(NULL, "k", NULL, 0, "r");
	ck_assert_ptr_null(ta_cache_open(NULL));
	ck_assert_ptr_null(ta_cache_open("/proc/no/such/cache"));
	/* a dependency that cannot be read is not cached; nor is a key with a newline */
	ta_cache_store(c, "km", missing, 1, "r");
	ck_assert_ptr_null(ta_cache_lookup(c, "km"));
	ta_cache_store(c, "two\nlines", NULL, 0, "r");
	ck_assert_ptr_null(ta_cache_lookup(c, "two\nlines"));
	ck_assert(ta_cache_file_hash(c, dep, &h));
	ck_assert(!ta_cache_file_hash(c, "/nonexistent", &h));
	ta_cache_stats(c, &hits, &misses);
	ck_assert_uint_eq(hits, 0);
	ck_assert_uint_eq(misses, 2);
	ta_cache_free(&c);
	ck_assert_ptr_null(c);
	ta_cache_free(&c); /* NULL is fine */
	free(cdir);
	free(dep);
}
END_TEST

/* Per-tree entries are kept to the most recently used few; others are left alone. */
START_TEST(test_keep_recent)
{
	char *cdir = xasprintf("%s/c", dir);
	ta_cache *c = ta_cache_open(cdir);
	static const char *const names[] = {"prefilter-a", "prefilter-b", "prefilter-c",
					    "prefilter-d", "prefilter-e"};
	char *used = NULL, *other, *sub;

	ck_assert_ptr_nonnull(c);
	/* a is the oldest, e the newest */
	for (size_t i = 0; i < 5; i++) {
		char *rel = xasprintf("c/%s", names[i]);
		char *p = write_file(rel, "memo");
		struct timespec t[2] = {{(time_t)(1000 + i), 0}, {(time_t)(1000 + i), 0}};
		ck_assert_int_eq(utimensat(AT_FDCWD, p, t, 0), 0);
		if (i == 0)
			used = p;
		else
			free(p);
		free(rel);
	}
	other = write_file("c/pch-x.h", "kept");
	sub = xasprintf("%s/prefilter-dir", cdir);
	ck_assert_int_eq(mkdir(sub, 0777), 0);
	/* the oldest was used just now: it and the newest stay */
	ta_cache_keep_recent(c, "prefilter-", used, 2);
	ck_assert_int_eq(access(used, F_OK), 0);
	for (size_t i = 1; i < 5; i++) {
		char *p = xasprintf("%s/%s", cdir, names[i]);
		ck_assert_int_eq(access(p, F_OK), i == 4 ? 0 : -1);
		free(p);
	}
	ck_assert_int_eq(access(other, F_OK), 0);
	ck_assert_int_eq(access(sub, F_OK), 0);
	/* none to keep and none used: every such file goes, the directory stays */
	ta_cache_keep_recent(c, "prefilter-", NULL, 0);
	ck_assert_int_eq(access(used, F_OK), -1);
	ck_assert_int_eq(access(sub, F_OK), 0);
	ck_assert_int_eq(access(other, F_OK), 0);
	ta_cache_free(&c);
	free(used);
	free(other);
	free(sub);
	free(cdir);
}
END_TEST

START_TEST(test_hash64)
{
	const char *a = "tasklet", *b = "tasklet_";

	ck_assert(ta_hash64(a, strlen(a)) != ta_hash64(b, strlen(b)));
	ck_assert(ta_hash64(a, strlen(a)) == ta_hash64("tasklet", 7));
	ck_assert(ta_hash64("", 0) != ta_hash64("\0", 1));
}
END_TEST

static Suite *cache_suite(void)
{
	Suite *s = suite_create("cache");
	TCase *tc = tcase_create("entries");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_round_trip_and_invalidation);
	tcase_add_test(tc, test_damaged_entries_refused);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_hash64);
	tcase_add_test(tc, test_keep_recent);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(cache_suite());
}
