// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_facts.c - the facts module: the API registry maps every
 * TA_API_LIST entry to its name and role and back, the other name tables
 * match their lists, and the line form written by ta_facts_serialize()
 * parses back to the same facts (escaped strings and NULLs included),
 * while malformed lines are rejected without appending anything.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"
#include "testutil.h"

static const struct {
	enum ta_api api;
	const char *name;
	enum ta_api_role role;
} apis[] = {
#define X(e, name, role) {TA_API_##e, name, TA_ROLE_##role},
	TA_API_LIST(X)
#undef X
};

START_TEST(test_api_round_trip)
{
	ck_assert_uint_eq(sizeof(apis) / sizeof(*apis), TA_API_COUNT);
	for (size_t i = 0; i < TA_API_COUNT; i++) {
		ck_assert_int_eq(apis[i].api, (int)i);
		ck_assert_str_eq(ta_api_name(apis[i].api), apis[i].name);
		ck_assert_int_eq(ta_api_from_name(apis[i].name), apis[i].api);
		ck_assert_int_eq(ta_api_role(apis[i].api), apis[i].role);
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(apis[i].name, apis[j].name);
	}
	/* spot checks that the roles are the intended ones */
	ck_assert_int_eq(ta_api_role(TA_API_TASKLET_SETUP), TA_ROLE_INIT);
	ck_assert_int_eq(ta_api_role(TA_API_ASSIGN_DATA), TA_ROLE_INIT);
	ck_assert_int_eq(ta_api_role(TA_API_SCHEDULE), TA_ROLE_USE);
	ck_assert_int_eq(ta_api_role(TA_API_INTERNALS), TA_ROLE_USE);
}
END_TEST

START_TEST(test_api_bad_names)
{
	ck_assert_int_eq(ta_api_from_name(""), TA_API_NONE);
	ck_assert_int_eq(ta_api_from_name("none"), TA_API_NONE);
	ck_assert_int_eq(ta_api_from_name("Tasklet_schedule"), TA_API_NONE);
	ck_assert_int_eq(ta_api_from_name("tasklet_schedule "), TA_API_NONE);
	ck_assert_int_eq(ta_api_from_name("tasklet_"), TA_API_NONE);
	ck_assert_int_eq(ta_api_from_name("DECLARE_TASKLETS"), TA_API_NONE);
	ck_assert_str_eq(ta_api_name(TA_API_NONE), "none");
	ck_assert_str_eq(ta_api_name((enum ta_api)1000), "none");
	ck_assert_int_eq(ta_api_role(TA_API_NONE), TA_ROLE_USE);
}
END_TEST

START_TEST(test_other_name_tables)
{
	ck_assert_str_eq(ta_sig_name(TA_SIG_UNKNOWN), "unknown");
	ck_assert_str_eq(ta_sig_name(TA_SIG_NEW), "new");
	ck_assert_str_eq(ta_data_kind_name(TA_DATA_NONE), "none");
	ck_assert_str_eq(ta_data_kind_name(TA_DATA_OTHER_POINTER), "other_pointer");
	ck_assert_str_eq(ta_data_kind_name(TA_DATA_OTHER), "other");
	ck_assert_str_eq(ta_scope_name(TA_SCOPE_FIELD), "field");
	ck_assert_str_eq(ta_scope_name(TA_SCOPE_UNRESOLVED), "unresolved");
	ck_assert_str_eq(ta_status_name(TA_STATUS_PARSED), "parsed");
	ck_assert_str_eq(ta_status_name(TA_STATUS_FAILED), "failed");
}
END_TEST

/* Compare two possibly-NULL strings. */
static void eq_str(const char *what, const char *got, const char *want)
{
	if (!want)
		ck_assert_msg(got == NULL, "%s: got '%s', want NULL", what, got);
	else
		ck_assert_msg(got && strcmp(got, want) == 0, "%s: got '%s', want '%s'", what,
			      got ? got : "(null)", want);
}

static void eq_fact(const ta_fact *g, const ta_fact *w)
{
	ck_assert_int_eq(g->kind, w->kind);
	ck_assert_int_eq(g->api, w->api);
	ck_assert_int_eq(g->scope, w->scope);
	ck_assert_int_eq(g->sig, w->sig);
	ck_assert_int_eq(g->data_kind, w->data_kind);
	ck_assert_uint_eq(g->flags, w->flags);
	ck_assert_uint_eq(g->line, w->line);
	ck_assert_uint_eq(g->col, w->col);
	ck_assert_uint_eq(g->argpos, w->argpos);
	eq_str("file", g->file, w->file);
	eq_str("key", g->key, w->key);
	eq_str("text", g->text, w->text);
	eq_str("function", g->function, w->function);
	eq_str("callback", g->callback, w->callback);
	eq_str("data", g->data, w->data);
	eq_str("ctype", g->ctype, w->ctype);
	eq_str("field", g->field, w->field);
	eq_str("via_macro", g->via_macro, w->via_macro);
	eq_str("root_type", g->root_type, w->root_type);
	eq_str("member_path", g->member_path, w->member_path);
}

static const ta_fact samples[] = {
	{.kind = TA_FACT_OBJECT,
	 .api = TA_API_NONE,
	 .scope = TA_SCOPE_FIELD,
	 .flags = TA_FF_ARRAY | TA_FF_IN_HEADER,
	 .line = 12,
	 .col = 3,
	 .file = "drivers/net/x.h",
	 .key = "struct foo.rx_tasklet",
	 .ctype = "struct foo",
	 .field = "rx_tasklet"},
	{.kind = TA_FACT_SITE,
	 .api = TA_API_TASKLET_INIT,
	 .scope = TA_SCOPE_UNRESOLVED,
	 .sig = TA_SIG_OLD,
	 .data_kind = TA_DATA_OTHER,
	 .flags = 0xffffffffu,
	 .line = 4294967295u,
	 .col = 0,
	 .file = "a\tb.c",
	 .key = "line1\nline2",
	 .text = "back\\slash",
	 .function = "\\t is not a tab",
	 .callback = "trailing\\",
	 .data = "\t\n\\\t",
	 .ctype = "struct   spaced  ",
	 .field = "f",
	 .via_macro = "MACRO(a, \"b\")",
	 .root_type = "struct r",
	 .member_path = "a.b[2].t"},
	{.kind = TA_FACT_CALLBACK,
	 .api = TA_API_INTERNALS,
	 .scope = TA_SCOPE_LOCAL,
	 .sig = TA_SIG_NEW,
	 .data_kind = TA_DATA_CONSTANT,
	 .line = 1,
	 .col = 1,
	 .function = "cb"},                            /* every other string NULL */
	{.kind = TA_FACT_INCLUDE, .api = TA_API_NONE}, /* all strings NULL */
	{.kind = TA_FACT_PASS,
	 .api = TA_API_NONE,
	 .scope = TA_SCOPE_UNRESOLVED,
	 .line = 40,
	 .col = 2,
	 .argpos = 4294967295u,
	 .file = "w.c",
	 .text = "t",
	 .function = "kick",
	 .callback = "foo_tasklet_schedule",
	 .data = "p1"},
};
#define N_SAMPLES (sizeof(samples) / sizeof(*samples))

START_TEST(test_serialize_round_trip)
{
	ta_facts in = {0}, out = {0};
	ta_buf b = {0};
	char *text, *line, *save = NULL;
	size_t lines = 0;

	for (size_t i = 0; i < N_SAMPLES; i++)
		ta_facts_add(&in, &samples[i]);
	ta_facts_serialize(&in, &b);
	/* one line per fact: tabs and newlines inside strings are escaped */
	for (size_t i = 0; i < b.len; i++)
		lines += b.s[i] == '\n';
	ck_assert_uint_eq(lines, N_SAMPLES);
	ck_assert_ptr_null(strstr(b.s, "line1\nline2"));
	text = ta_buf_steal(&b);
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		ck_assert_int_eq(ta_facts_parse_line(&out, line), 0);
	ck_assert_uint_eq(out.n, N_SAMPLES);
	for (size_t i = 0; i < N_SAMPLES; i++)
		eq_fact(&out.v[i], &samples[i]);
	/* and serializing the parsed facts gives the same text */
	ta_facts_serialize(&out, &b);
	ta_facts_serialize(&in, &b);
	ck_assert_uint_eq(b.len % 2, 0);
	ck_assert_int_eq(memcmp(b.s, b.s + b.len / 2, b.len / 2), 0);
	free(text);
	ta_buf_free(&b);
	ta_facts_free(&in);
	ta_facts_free(&out);
	ck_assert_uint_eq(in.n, 0);
	ck_assert_ptr_null(in.v);
}
END_TEST

/* ta_facts_add copies the strings; an empty string is stored as NULL. */
START_TEST(test_add_copies)
{
	ta_facts fs = {0};
	char file[] = "x.c";
	ta_fact f = {.kind = TA_FACT_SITE, .api = TA_API_SCHEDULE, .file = file, .key = ""};

	ta_facts_add(&fs, &f);
	file[0] = 'y';
	ck_assert_str_eq(fs.v[0].file, "x.c");
	ck_assert_ptr_ne(fs.v[0].file, file);
	ck_assert_ptr_null(fs.v[0].key);
	ta_facts_free(&fs);
	ta_facts_free(&fs); /* twice is harmless */
}
END_TEST

/* A well-formed line to mutate: 9 numbers, 11 string fields. */
#define GOOD "F\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t"

static const char *const malformed[] = {
	"",
	"F",
	"G\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0",                            /* no string fields at all */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\tf.c\tk\t\t\t\t\t\t\t\t\t\t",   /* 8 numbers */
	"F\t11\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t", /* kind past POINTS_TO */
	"F\t1\tx\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",   /* not a number */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0x\tf.c\tk\t\t\t\t\t\t\t\t\t",
	"F\t99\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t", /* kind out of range */
	"F\t-1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",
	"F\t1\t26\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t", /* api past TA_API_NONE */
	"F\t1\t-1\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",
	"F\t1\t10\t5\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",        /* scope */
	"F\t1\t10\t0\t3\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",        /* sig */
	"F\t1\t10\t0\t2\t6\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t",        /* data kind */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t",          /* 10 string fields */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c",                             /* 1 string field */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\tk\t\t\t\t\t\t\t\t\t\textra", /* 12 */
	"F\t1\t10\t0\t2\t1\t0\t7\t9\t0\tf.c\\\tk\t\t\t\t\t\t\t\t\t",      /* escaped tab eats one */
	"garbage",
	"S\t0\t0\t",
};

START_TEST(test_parse_good_line)
{
	ta_facts fs = {0};

	ck_assert_int_eq(TA_API_COUNT, 25); /* the mutations below assume it */
	ck_assert_int_eq(ta_facts_parse_line(&fs, GOOD), 0);
	ck_assert_uint_eq(fs.n, 1);
	ck_assert_int_eq(fs.v[0].kind, TA_FACT_SITE);
	ck_assert_int_eq(fs.v[0].api, TA_API_SCHEDULE);
	ck_assert_int_eq(fs.v[0].data_kind, TA_DATA_CONTAINER);
	ck_assert_uint_eq(fs.v[0].line, 7);
	ck_assert_uint_eq(fs.v[0].col, 9);
	ck_assert_str_eq(fs.v[0].file, "f.c");
	ck_assert_str_eq(fs.v[0].key, "k");
	ck_assert_ptr_null(fs.v[0].text);
	ck_assert_ptr_null(fs.v[0].member_path);
	/* api == TA_API_NONE is valid (objects and callbacks have none) */
	ck_assert_int_eq(
		ta_facts_parse_line(&fs, "F\t0\t25\t0\t0\t0\t0\t1\t1\t0\tf.c\t\t\t\t\t\t\t\t\t\t"),
		0);
	ck_assert_int_eq(fs.v[1].api, TA_API_NONE);
	ta_facts_free(&fs);
}
END_TEST

START_TEST(test_parse_malformed)
{
	ta_facts fs = {0};

	ck_assert_msg(ta_facts_parse_line(&fs, malformed[_i]) == -1, "accepted malformed line %d",
		      _i);
	ck_assert_uint_eq(fs.n, 0);
	ta_facts_free(&fs);
}
END_TEST

static Suite *facts_suite(void)
{
	Suite *s = suite_create("facts");
	TCase *tc = tcase_create("facts");

	tcase_add_test(tc, test_api_round_trip);
	tcase_add_test(tc, test_api_bad_names);
	tcase_add_test(tc, test_other_name_tables);
	tcase_add_test(tc, test_serialize_round_trip);
	tcase_add_test(tc, test_add_copies);
	tcase_add_test(tc, test_parse_good_line);
	tcase_add_loop_test(tc, test_parse_malformed, 0, sizeof(malformed) / sizeof(*malformed));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(facts_suite());
}
