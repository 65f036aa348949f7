// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_corpus.c - the indexer end to end on the bundled corpus: every
 * case file's tasklets are dumped and compared with the golden
 * corpus/index/<file>.expected written beside it; file statuses too.  A
 * few properties are also asserted directly so their intent is explicit.
 */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

static const char *const cases[] = {
	"index/array_field.c",    "index/container_cast.c", "index/data_kinds.c",
	"index/declare.c",        "index/direct_call.c",    "index/driver_macro.c",
	"index/hi_priority.c",    "index/ifdef_config.c",   "index/internals.c",
	"index/kill_remove.c",    "index/latin1.c",         "index/local_pointer.c",
	"index/nested_disable.c", "index/open_coded.c",     "index/self_resched.c",
	"index/shared.h",         "index/shared_a.c",       "index/static_var.c",
	"index/syntax_error.c",
};

START_TEST(test_case_golden)
{
	const ta_audit *a = tu_corpus();
	ta_buf b = {0};
	char *golden = xasprintf("corpus/%s.expected", cases[_i]);

	tu_dump_file(a, cases[_i], &b);
	ck_assert_msg(b.len > 0, "no tasklet found in %s", cases[_i]);
	tu_golden(golden, b.s);
	free(golden);
	ta_buf_free(&b);
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
	tcase_add_loop_test(tc, test_case_golden, 0, (int)(sizeof(cases) / sizeof(*cases)));
	tcase_add_test(tc, test_file_statuses);
	tcase_add_test(tc, test_shared_struct_is_one_object);
	tcase_add_test(tc, test_never_initialized_field);
	tcase_add_test(tc, test_inactive_config_region);
	tcase_add_test(tc, test_driver_macro_and_direct_call);
	tcase_add_test(tc, test_self_reschedule_attributed);
	tcase_add_test(tc, test_degraded_file_still_indexed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	tu_corpus(); /* scan once, before the runner forks a child per test */
	return tu_run(corpus_suite());
}
