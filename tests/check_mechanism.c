// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_mechanism.c - the mechanism registry: every mechanism's report
 * name, --to name and reference-core model round-trip, manual has neither
 * a conversion nor a model, and bad arguments get "?", NULL or -1.
 */
#include <string.h>

#include "behavior.h"
#include "mechanism.h"
#include "refcore_check.h"
#include "testutil.h"

START_TEST(test_names_round_trip)
{
	for (int m = 0; m < TA_MECH_COUNT; m++) {
		const char *name = ta_mech_name((enum ta_mech)m);
		const char *to = ta_mech_to((enum ta_mech)m);
		enum ta_rc_target model;
		ck_assert_int_eq(ta_mech_from_name(name), m);
		if (!to) {
			ck_assert_int_eq(m, TA_MECH_MANUAL);
			ck_assert_int_eq(ta_mech_model((enum ta_mech)m, NULL), -1);
			continue;
		}
		ck_assert_int_eq(ta_mech_from_to(to), m);
		ck_assert_int_eq(ta_mech_model((enum ta_mech)m, &model), 0);
		ck_assert_int_eq(ta_mech_of_model(model), m);
		/* the reference core names its models as the mechanisms' --to names */
		ck_assert_str_eq(ta_rc_target_name(model), to);
	}
}
END_TEST

START_TEST(test_every_model_has_a_mechanism)
{
	for (int t = 0; t < TA_RC_NTARGETS; t++) {
		enum ta_mech m = ta_mech_of_model((enum ta_rc_target)t);
		enum ta_rc_target back;
		ck_assert_int_lt(m, TA_MECH_COUNT);
		ck_assert_int_eq(ta_rc_target_from_name(ta_mech_to(m), &back), 0);
		ck_assert_int_eq(back, t);
	}
}
END_TEST

START_TEST(test_the_names_in_use)
{
	enum ta_rc_target model;

	/* the report and the rules say bh_workqueue, the patch command bh */
	ck_assert_int_eq(ta_mech_from_name("bh_workqueue"), TA_MECH_BH_WORKQUEUE);
	ck_assert_str_eq(ta_mech_to(TA_MECH_BH_WORKQUEUE), "bh");
	ck_assert_str_eq(ta_mech_to(TA_MECH_THREADED_IRQ), "threaded-irq");
	ck_assert_str_eq(ta_mech_name(TA_MECH_THREADED_IRQ), "threaded_irq");
	ck_assert_int_eq(ta_behavior_target("workqueue", &model), 0);
	ck_assert_int_eq(model, TA_RC_TO_WQ);
	ck_assert_int_eq(ta_behavior_target("manual", &model), -1);
}
END_TEST

START_TEST(test_bad_arguments)
{
	ck_assert_str_eq(ta_mech_name(TA_MECH_COUNT), "?");
	ck_assert_str_eq(ta_mech_name((enum ta_mech) - 1), "?");
	ck_assert_ptr_null(ta_mech_to(TA_MECH_COUNT));
	ck_assert_int_eq(ta_mech_from_name(NULL), -1);
	ck_assert_int_eq(ta_mech_from_name("bh"), -1); /* a --to name is not a report name */
	ck_assert_int_eq(ta_mech_from_to(NULL), -1);
	ck_assert_int_eq(ta_mech_from_to("bh_workqueue"), -1);
	ck_assert_int_eq(ta_mech_from_to("manual"), -1);
	ck_assert_int_eq(ta_mech_model(TA_MECH_COUNT, NULL), -1);
	ck_assert_int_eq(ta_mech_of_model(TA_RC_NTARGETS), TA_MECH_COUNT);
	ck_assert_str_eq(ta_rc_target_name(TA_RC_NTARGETS), "?");
	ck_assert_int_eq(ta_rc_target_from_name("setup", NULL), -1);
	ck_assert_int_eq(ta_rc_target_from_name(NULL, NULL), -1);
}
END_TEST

static Suite *mechanism_suite(void)
{
	Suite *s = suite_create("mechanism");
	TCase *tc = tcase_create("registry");

	tcase_add_test(tc, test_names_round_trip);
	tcase_add_test(tc, test_every_model_has_a_mechanism);
	tcase_add_test(tc, test_the_names_in_use);
	tcase_add_test(tc, test_bad_arguments);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(mechanism_suite());
}
