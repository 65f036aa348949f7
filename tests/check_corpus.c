// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_corpus.c - the indexer end to end on the bundled corpus: every
 * case file of corpus/index (found by walking the directory: a new case
 * runs without a change here) has its tasklets dumped and compared with
 * the golden corpus/index/<file>.expected beside it, which it must have;
 * no golden is left without its case; file statuses too.  A few
 * properties are also asserted directly so their intent is explicit.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static char **cases; /* "index/x.c", from the directory */
static size_t n_cases;

START_TEST(test_case_golden)
{
	const ta_audit *a = tu_corpus();
	ta_buf b = {0};
	char *golden = xasprintf("corpus/%s.expected", cases[_i]);
	char *path = tu_src(golden);
	char *want = ta_read_file(path, NULL);

	tu_dump_file(a, cases[_i], &b);
	/* an empty golden says the file declares no tasklet (shared_b.c only uses one) */
	if (!want || *want)
		ck_assert_msg(b.len > 0, "no tasklet found in %s", cases[_i]);
	tu_golden(golden, b.s ? b.s : "");
	free(want);
	free(path);
	free(golden);
	ta_buf_free(&b);
}
END_TEST

/* Every golden of corpus/index is the golden of a case: none is left by a rename. */
START_TEST(test_no_stray_golden)
{
	char *dir = tu_src("corpus/index");
	char **goldens;
	size_t n = tu_find_files(dir, ".expected", &goldens), owned = 0;

	for (size_t i = 0; i < n; i++) {
		char *file;
		bool found = false;
		if (ta_str_ends(goldens[i], ".class.expected"))
			continue; /* check_classify's */
		file = xasprintf("index/%.*s", (int)(strlen(goldens[i]) - strlen(".expected")),
				 goldens[i]);
		for (size_t k = 0; k < n_cases && !found; k++)
			found = strcmp(cases[k], file) == 0;
		ck_assert_msg(found, "corpus/index/%s: no case file '%s' beside it", goldens[i],
			      file);
		owned++;
		free(file);
	}
	ck_assert_uint_eq(owned, n_cases);
	tu_strv_free(goldens, n);
	free(dir);
}
END_TEST

START_TEST(test_file_statuses)
{
	const ta_audit *a = tu_corpus();
	ta_buf b = {0};

	for (size_t i = 0; i < a->n_files; i++)
		ta_buf_printf(&b, "%s %s\n", a->files[i].path, ta_status_name(a->files[i].status));
	tu_golden("corpus/files.expected", b.s);
	ta_buf_free(&b);
}
END_TEST

/* A struct in a header used from two .c files is one tasklet, not two. */
START_TEST(test_shared_struct_is_one_object)
{
	const ta_audit *a = tu_corpus();
	const ta_tasklet *t = tu_find(a, "index/shared.h:struct shared_ctrl.event_tasklet");
	size_t n = 0;

	ck_assert_ptr_nonnull(t);
	for (size_t i = 0; i < a->n_tasklets; i++)
		n += a->tasklets[i].ctype &&
		     strcmp(a->tasklets[i].ctype, "struct shared_ctrl") == 0;
	ck_assert_uint_eq(n, 2); /* event_tasklet and unused_tasklet */
	ck_assert_str_eq(t->file, "index/shared_a.c");
	ck_assert_uint_eq(ta_tasklet_count_sites(t, TA_API_SCHEDULE), 1);
	ck_assert_uint_eq(ta_tasklet_count_sites(t, TA_API_KILL), 1);
	ck_assert_str_eq(t->sites[0].file, "index/shared_b.c");
}
END_TEST

START_TEST(test_never_initialized_field)
{
	const ta_tasklet *t = tu_find(tu_corpus(),
				      "index/shared.h:struct shared_ctrl.unused_tasklet");

	ck_assert_ptr_nonnull(t);
	ck_assert(t->never_initialized);
	ck_assert(t->active);
	ck_assert_uint_eq(t->n_init, 0);
}
END_TEST

START_TEST(test_inactive_config_region)
{
	const ta_tasklet *off = tu_find(tu_corpus(),
					"inactive:index/ifdef_config.c:d->off_tasklet");
	const ta_tasklet *on = tu_find(tu_corpus(),
				       "index/ifdef_config.c:struct cfg_dev.on_tasklet");

	ck_assert_ptr_nonnull(off);
	ck_assert_ptr_nonnull(on);
	ck_assert(!off->active);
	ck_assert(on->active);
	ck_assert_uint_eq(ta_tasklet_count_sites(off, TA_API_SCHEDULE), 1);
}
END_TEST

/* Unresolved sites of file whose text names member (compiled out, so untyped). */
static size_t unresolved_naming(const ta_audit *a, const char *file, const char *member)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n_unresolved; i++)
		n += a->unresolved[i].file && strcmp(a->unresolved[i].file, file) == 0 &&
		     a->unresolved[i].text && strstr(a->unresolved[i].text, member);
	return n;
}

/*
 * Compiled-out sites naming a driver's struct field differently (a cast, a
 * local pointer) are that field's; two fields of the name, or a field of
 * another driver, are not guessed between.
 */
START_TEST(test_inactive_member_joins_field)
{
	const ta_audit *a = tu_corpus();
	const ta_tasklet *t = tu_find(a, "index/ifdef_member/im_drv.h:struct im_priv.im_tasklet");

	ck_assert_ptr_nonnull(t);
	ck_assert(!t->active);
	ck_assert_uint_eq(t->n_init, 1);
	ck_assert_uint_eq(ta_tasklet_count_sites(t, TA_API_SCHEDULE), 1);
	ck_assert_uint_eq(ta_tasklet_count_sites(t, TA_API_KILL), 1);
	for (size_t i = 0; i < a->n_tasklets; i++)
		ck_assert_msg(!ta_str_starts(a->tasklets[i].key, "inactive:index/ifdef_member/"),
			      "a second object %s", a->tasklets[i].key);
	ck_assert_uint_eq(unresolved_naming(a, "index/ifdef_member/im_drv.c", "im_tasklet"), 0);
	/* the near misses */
	ck_assert_uint_eq(unresolved_naming(a, "index/ifdef_member/im_drv.c", "work_tl"), 1);
	ck_assert_uint_eq(unresolved_naming(a, "index/ifdef_member_far.c", "im_tasklet"), 1);
	ck_assert_uint_eq(ta_tasklet_count_sites(
				  tu_find(a, "index/ifdef_member/im_drv.h:struct im_a.work_tl"),
				  TA_API_SCHEDULE),
			  0);
}
END_TEST

START_TEST(test_driver_macro_and_direct_call)
{
	const ta_tasklet *m = tu_find(tu_corpus(), "index/driver_macro.c:struct dm_port.tl");
	const ta_tasklet *d = tu_find(tu_corpus(), "index/direct_call.c:struct dc_dev.tasklet");

	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->init_sites[0].via_macro, "DM_INIT_TASKLET");
	ck_assert_str_eq(m->name, "p->tl");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(ta_tasklet_count_sites(d, TA_API_DIRECT_CALL), 1);
}
END_TEST

START_TEST(test_self_reschedule_attributed)
{
	const ta_tasklet *t = tu_find(tu_corpus(), "index/self_resched.c:struct poll_dev.poll");
	size_t self = 0;

	ck_assert_ptr_nonnull(t);
	for (size_t i = 0; i < t->n_sites; i++)
		self += t->sites[i].self;
	ck_assert_uint_eq(self, 1);
	ck_assert_uint_eq(ta_tasklet_count_sites(t, TA_API_SCHEDULE), 2);
}
END_TEST

START_TEST(test_degraded_file_still_indexed)
{
	const ta_audit *a = tu_corpus();

	for (size_t i = 0; i < a->n_files; i++)
		if (strcmp(a->files[i].path, "index/syntax_error.c") == 0) {
			ck_assert_int_eq(a->files[i].status, TA_STATUS_DEGRADED);
			ck_assert_ptr_nonnull(strstr(a->files[i].reason, "error"));
		}
	ck_assert_ptr_nonnull(tu_find(a, "index/syntax_error.c:struct se_dev.t"));
}
END_TEST

static Suite *corpus_suite(void)
{
	Suite *s = suite_create("corpus");
	TCase *tc = tcase_create("index");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_case_golden, 0, (int)n_cases);
	tcase_add_test(tc, test_no_stray_golden);
	tcase_add_test(tc, test_file_statuses);
	tcase_add_test(tc, test_shared_struct_is_one_object);
	tcase_add_test(tc, test_never_initialized_field);
	tcase_add_test(tc, test_inactive_config_region);
	tcase_add_test(tc, test_inactive_member_joins_field);
	tcase_add_test(tc, test_driver_macro_and_direct_call);
	tcase_add_test(tc, test_self_reschedule_attributed);
	tcase_add_test(tc, test_degraded_file_still_indexed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int rc;

	n_cases = tu_corpus_cases("index", &cases);
	tu_corpus(); /* scan once, before the runner forks a child per test */
	rc = tu_run(corpus_suite());
	tu_strv_free(cases, n_cases);
	return rc;
}
