// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_rewrite.c - the pieces under the patch command, without a parse:
 * source edits (ordering, duplicates, overlaps refused, merges that leave
 * the target unchanged on conflict), the C lexer (comments, strings,
 * brackets, arguments, identifiers), call rewriting and its layout, names
 * (foo_tasklet -> foo_bh_work), the conversion rules loader (good and
 * malformed files), the subject prefix, the format-patch writer, and both
 * rewriters on hand-built models, including refusals and bad inputs.
 */
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "patch_rules.h"
#include "patch_write.h"
#include "rewrite_bh.h"
#include "rewrite_setup.h"
#include "srcedit.h"
#include "testutil.h"
#include "util.h"

START_TEST(test_edits)
{
	ta_src *s = ta_src_new("f.c", "abcdef\nghi\n", 11), *t;
	char *r;

	ck_assert_uint_eq(s->n_lines, 2);
	ck_assert_uint_eq(ta_src_line(s, 2), 7);
	ck_assert_uint_eq(ta_src_line(s, 3), TA_NPOS);
	ck_assert_uint_eq(ta_src_line(s, 0), TA_NPOS);
	ck_assert_uint_eq(ta_src_line_end(s, 1), 6);
	ck_assert_uint_eq(ta_src_line_of(s, 8), 2);
	ck_assert_int_eq(ta_src_edit(s, 7, 3, "XY"), 0);
	ck_assert_int_eq(ta_src_edit(s, 0, 1, "A"), 0);
	ck_assert_int_eq(ta_src_edit(s, 0, 1, "A"), 0);    /* the same edit again: once */
	ck_assert_int_eq(ta_src_edit(s, 0, 2, "Q"), -1);   /* overlaps */
	ck_assert_int_eq(ta_src_edit(s, 8, 0, "z"), -1);   /* inside another */
	ck_assert_int_eq(ta_src_edit(s, 5, 100, "z"), -1); /* past the end */
	ck_assert_int_eq(ta_src_edit(s, 1, 1, NULL), -1);
	ck_assert(ta_src_changed(s));
	r = ta_src_result(s, NULL);
	ck_assert_str_eq(r, "Abcdef\nXY\n");
	free(r);
	/* a merge that conflicts leaves the target as it was */
	t = ta_src_new("f.c", "abcdef\nghi\n", 11);
	ck_assert_int_eq(ta_src_edit(t, 1, 1, "B"), 0);
	ck_assert_int_eq(ta_src_edit(t, 7, 1, "G"), 0);
	ck_assert_int_eq(ta_src_merge(s, t), -1);
	r = ta_src_result(s, NULL);
	ck_assert_str_eq(r, "Abcdef\nXY\n");
	free(r);
	ta_src_free(&t);
	t = ta_src_new("f.c", "abcdef\nghi\n", 11);
	ck_assert_int_eq(ta_src_edit(t, 2, 1, "C"), 0);
	ck_assert_int_eq(ta_src_merge(s, t), 0);
	r = ta_src_result(s, NULL);
	ck_assert_str_eq(r, "AbCdef\nXY\n");
	free(r);
	ta_src_free(&t);
	ta_src_free(&s);
	ta_src_free(&s); /* NULL is fine */
	/* an edit to the same text is not a change */
	s = ta_src_new("g.c", "x", 1);
	ck_assert_int_eq(ta_src_edit(s, 0, 1, "x"), 0);
	ck_assert(!ta_src_changed(s));
	ta_src_free(&s);
}
END_TEST

START_TEST(test_srcset)
{
	char *dir = tu_mkdtemp();
	ta_srcset *set;

	tu_write(dir, "d/a.c", "int a;\n");
	set = ta_srcset_new(dir);
	ck_assert_ptr_nonnull(ta_srcset_get(set, "d/a.c"));
	ck_assert_ptr_eq(ta_srcset_get(set, "d/a.c"), ta_srcset_get(set, "d/a.c"));
	ck_assert_ptr_null(ta_srcset_get(set, "d/missing.c"));
	ck_assert_ptr_null(ta_srcset_get(set, ""));
	ck_assert_ptr_null(ta_srcset_get(set, NULL));
	ta_srcset_free(&set);
	ck_assert_ptr_null(set);
	tu_rmtree(&dir);
}
END_TEST

/*
 * With the read cache on, a second set shares the first one's text, line
 * starts and lex floors instead of reading the file again (a change on the
 * disk goes unseen until the cache is off); edits stay each set's own, and
 * freeing the sets leaves the shared copy whole.
 */
START_TEST(test_srcset_cache_reads)
{
	char *dir = tu_mkdtemp();
	ta_srcset *a, *b, *c;
	ta_src *sa, *sb, *sc;
	char *text;

	tu_write(dir, "x.c", "int x;\n/* two */\nint y;\n");
	ta_srcset_cache_reads(true);
	a = ta_srcset_new(dir);
	b = ta_srcset_new(dir);
	sa = ta_srcset_get(a, "x.c");
	ck_assert_ptr_nonnull(sa);
	ck_assert_uint_eq(ta_src_lex_floor(sa, 20, 0), 17);
	tu_write(dir, "x.c", "changed\n");
	sb = ta_srcset_get(b, "./x.c");
	ck_assert_ptr_nonnull(sb);
	ck_assert_ptr_ne(sa, sb);
	ck_assert_ptr_eq(sa->text, sb->text);
	ck_assert_ptr_eq(sa->lines, sb->lines);
	ck_assert_uint_eq(sb->n_lines, 3);
	/* the floors built for a are b's too */
	ck_assert_ptr_eq(sb->safe, sa->safe);
	ck_assert_uint_eq(ta_src_line_of(sb, 20), 3);
	ck_assert_int_eq(ta_src_edit(sb, 4, 1, "z"), 0);
	ck_assert_uint_eq(sa->n_edits, 0);
	text = ta_src_result(sb, NULL);
	ck_assert_str_eq(text, "int z;\n/* two */\nint y;\n");
	free(text);
	ta_srcset_forget_unchanged(a);
	ck_assert(a->files[0]->forgotten);
	ta_srcset_free(&a);
	ck_assert_str_eq(sb->text, "int x;\n/* two */\nint y;\n");
	ta_srcset_free(&b);
	/* off: the disk again */
	ta_srcset_cache_reads(false);
	c = ta_srcset_new(dir);
	sc = ta_srcset_get(c, "x.c");
	ck_assert_ptr_nonnull(sc);
	ck_assert_ptr_null(sc->origin);
	ck_assert_str_eq(sc->text, "changed\n");
	ta_srcset_free(&c);
	tu_rmtree(&dir);
}
END_TEST

/*
 * A set forgets the texts of the files it only read, keeps the edited ones
 * and every file's place, and reads a forgotten file again when asked.
 */
START_TEST(test_srcset_forget_unchanged)
{
	char *dir = tu_mkdtemp();
	ta_srcset *set;
	ta_src *edited, *again;
	char *text;

	tu_write(dir, "a.c", "int a;\n");
	tu_write(dir, "b.c", "int b;\n");
	set = ta_srcset_new(dir);
	ck_assert_ptr_nonnull(ta_srcset_get(set, "a.c"));
	edited = ta_srcset_get(set, "b.c");
	ck_assert_int_eq(ta_src_edit(edited, 4, 1, "c"), 0);
	ta_srcset_forget_unchanged(set);
	ck_assert_uint_eq(set->n_files, 2);
	ck_assert(set->files[0]->forgotten);
	ck_assert_ptr_null(set->files[0]->text);
	ck_assert_str_eq(set->files[0]->rel, "a.c");
	ck_assert(!set->files[1]->forgotten);
	text = ta_src_result(set->files[1], NULL);
	ck_assert_str_eq(text, "int c;\n");
	free(text);
	again = ta_srcset_get(set, "a.c");
	ck_assert_ptr_nonnull(again);
	ck_assert(!again->forgotten);
	ck_assert_str_eq(again->text, "int a;\n");
	ck_assert_ptr_eq(set->files[0], again);
	ck_assert_uint_eq(set->n_files, 2);
	ta_srcset_free(&set);
	tu_rmtree(&dir);
}
END_TEST

/* Offsets and locations through edits: where a series' second patch finds things. */
START_TEST(test_moved)
{
	ta_src *s = ta_src_new("f.c", "aaa\nbbb\nccc\n", 12);
	ta_srcset *set = ta_srcset_new("/nonexistent");
	unsigned line = 3, col = 3;
	char *r;

	ck_assert_int_eq(ta_src_edit(s, 4, 0, "new\n"), 0); /* a line before bbb */
	ck_assert_int_eq(ta_src_edit(s, 9, 1, "CC"), 0);    /* c -> CC on line 3 */
	ck_assert_uint_eq(ta_src_map(s, 0), 0);
	ck_assert_uint_eq(ta_src_map(s, 4), 8); /* after the insertion at it */
	ck_assert_uint_eq(ta_src_map(s, 9), 13);
	ck_assert_uint_eq(ta_src_map(s, 10), 15);
	ta_srcset_put(set, "f.c", s->text, s->len, 42);
	ck_assert(set->files[0]->put);
	ck_assert_uint_eq(set->files[0]->hash, 42);
	ta_src_merge(set->files[0], s);
	ta_srcset_move(set, "./f.c", &line, &col);
	ck_assert_uint_eq(line, 4);
	ck_assert_uint_eq(col, 4); /* past "CC" */
	line = 1;
	ta_srcset_move(set, "other.c", &line, NULL);
	ck_assert_uint_eq(line, 1);
	/* put again: replaced */
	ta_srcset_put(set, "f.c", "x\n", 2, 7);
	ck_assert_uint_eq(set->n_files, 1);
	r = ta_src_result(set->files[0], NULL);
	ck_assert_str_eq(r, "x\n");
	free(r);
	ta_srcset_free(&set);
	ta_src_free(&s);
}
END_TEST

START_TEST(test_lexer)
{
	const char *s = "f(a, /* , */ g(b, c), \"x,)\", ')' ) tail; x.data->data data";
	size_t st[4], en[4], n = strlen(s);
	char *norm;

	ck_assert_uint_eq(ta_lex_match(s, n, 1), 33);
	ck_assert_int_eq(ta_lex_args(s, n, 1, st, en, 4), 4);
	ck_assert_int_eq(strncmp(s + st[1], "g(b, c)", en[1] - st[1]), 0);
	ck_assert_int_eq(strncmp(s + st[2], "\"x,)\"", en[2] - st[2]), 0);
	ck_assert_int_eq(ta_lex_args(s, n, 1, st, en, 2), -1); /* more than max */
	ck_assert_int_eq(ta_lex_args("()", 2, 0, st, en, 2), 0);
	ck_assert_int_eq(ta_lex_args("(a", 2, 0, st, en, 2), -1);
	ck_assert_uint_eq(ta_lex_match("(]", 2, 0), TA_NPOS);
	ck_assert_uint_eq(ta_lex_match("x", 1, 0), TA_NPOS);
	/* data after . and -> is a member, not the identifier */
	ck_assert_uint_eq(ta_lex_find_ident(s, 0, n, "data", true), n - 4);
	ck_assert_uint_eq(ta_lex_find_ident(s, 0, n, "data", false),
			  (size_t)(strstr(s, "x.data") - s) + 2);
	ck_assert_uint_eq(ta_lex_find_ident(s, 0, n, "dat", false), TA_NPOS);
	ck_assert_uint_eq(ta_lex_find_ident("/* t */ \"t\" t", 0, 13, "t", true), 12);
	ck_assert_int_eq(ta_lex_depth_at("{ { } x", 7, 6), 1);
	ck_assert_int_eq(ta_lex_depth_at("{ \"{\" x", 7, 6), 1);
	ck_assert_uint_eq(ta_lex_skip("  /* c */ // d\n x", 17, 0), 16);
	norm = ta_lex_norm("struct  foo *\n", 14);
	ck_assert_str_eq(norm, "struct foo*");
	free(norm);
	norm = ta_lex_norm(" unsigned   long ", 17);
	ck_assert_str_eq(norm, "unsigned long");
	free(norm);
	ck_assert_uint_eq(ta_lex_column("\t\tx", 2), 16);
	ck_assert_uint_eq(ta_lex_column("ab\tx", 3), 8);
}
END_TEST

START_TEST(test_names)
{
	char *n = ta_work_name("rx_tasklet", "bh_work");

	ck_assert_str_eq(n, "rx_bh_work");
	free(n);
	n = ta_work_name("tasklet", "bh_work");
	ck_assert_str_eq(n, "bh_work");
	free(n);
	n = ta_work_name("rx_tasklet", "work"); /* a process-context work item */
	ck_assert_str_eq(n, "rx_work");
	free(n);
	n = ta_work_name("done_task", "bh_work"); /* not named so by the driver: kept */
	ck_assert_str_eq(n, "done_task");
	free(n);
	n = ta_work_name("_tasklet", "bh_work"); /* nothing before the suffix: kept */
	ck_assert_str_eq(n, "_tasklet");
	free(n);
	n = ta_work_name("pf2vf_bh_tasklet", "bh_work"); /* not pf2vf_bh_bh_work */
	ck_assert_str_eq(n, "pf2vf_bh_work");
	free(n);
	n = ta_work_name("bh_tasklet", "bh_work");
	ck_assert_str_eq(n, "bh_work");
	free(n);
	n = ta_work_name("donebh_tasklet", "bh_work"); /* bh is not a word of its own */
	ck_assert_str_eq(n, "donebh_bh_work");
	free(n);
	n = ta_work_name("pf2vf_bh_tasklet", "work"); /* a process-context work item */
	ck_assert_str_eq(n, "pf2vf_bh_work");
	free(n);
	n = ta_rw_base("priv->rx_tasklet", "rx_tasklet");
	ck_assert_str_eq(n, "priv");
	free(n);
	n = ta_rw_base("d->chan[i].sub.t", "sub.t");
	ck_assert_str_eq(n, "d->chan[i]");
	free(n);
	ck_assert_ptr_null(ta_rw_base("xt", "t"));
	ck_assert_ptr_null(ta_rw_base(NULL, "t"));
	ck_assert_ptr_null(ta_rw_base("a.t", NULL));
}
END_TEST

START_TEST(test_call_layout)
{
	/* a wrapped call that fits on one line becomes one line */
	const char *text = "\ttasklet_init(&p->t,\n\t\t     fn,\n\t\t     (unsigned long)p);\n";
	ta_src *s = ta_src_new("f.c", text, strlen(text));
	ta_rw rw = {0};
	size_t name, open;
	char *r;

	ck_assert_int_eq(ta_rw_find_call(s, 1, 0, "tasklet_init", &name, &open), 0);
	ck_assert_int_eq(ta_rw_find_call(s, 2, 0, "tasklet_init", &name, &open), -1);
	ck_assert_int_eq(ta_rw_find_call(s, 99, 0, "tasklet_init", &name, &open), -1);
	ck_assert_int_eq(ta_rw_find_call(s, 1, 0, "tasklet_init", &name, &open), 0);
	ck_assert_int_eq(ta_rw_call2(&rw, s, name, open, "tasklet_setup", NULL), TA_RW_DONE);
	r = ta_src_result(s, NULL);
	ck_assert_str_eq(r, "\ttasklet_setup(&p->t, fn);\n");
	free(r);
	ta_src_free(&s);
	/* one argument is not a tasklet_init(): refused with a reason */
	s = ta_src_new("f.c", "tasklet_init(x);", 16);
	ck_assert_int_eq(ta_rw_call2(&rw, s, 0, 12, "tasklet_setup", NULL), TA_RW_REFUSED);
	ck_assert_ptr_nonnull(strstr(rw.reason, "cannot read the call's arguments"));
	ta_rw_clear(&rw);
	ck_assert_ptr_null(rw.reason);
	ta_src_free(&s);
	/* notes are kept once */
	ta_rw_note(&rw, "a %d", 1);
	ta_rw_note(&rw, "a %d", 1);
	ck_assert_uint_eq(rw.n_notes, 1);
	ta_rw_clear(&rw);
}
END_TEST

static const char good_rules[] =
	"/* comment */ {\"version\": 1,"
	"\"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
	"\"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"queue\": \"q\", \"hi_queue\": \"h\","
	"\"work_noun\": \"bh_work\", \"requires\": [\"system_bh_wq\"], \"apis\": {\"tasklet_schedule\": {\"call\": \"queue_work\", \"queue\": \"normal\"},"
	"\"tasklet_trylock\": {\"refuse\": \"no\"}}}}}";

START_TEST(test_rules)
{
	ta_patch_rules *r = ta_patch_rules_parse("good.json", good_rules);
	const ta_mechanism_rules *m;
	char *err;

	ck_assert_ptr_nonnull(r);
	m = ta_patch_rules_mechanism(r, "bh");
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_null(ta_patch_rules_mechanism(r, "wq"));
	ck_assert_ptr_null(ta_patch_rules_mechanism(r, NULL));
	ck_assert_int_eq(m->apis[TA_API_SCHEDULE].kind, TA_MAP_CALL);
	ck_assert_int_eq(m->apis[TA_API_SCHEDULE].queue, TA_Q_NORMAL);
	ck_assert_int_eq(m->apis[TA_API_TRYLOCK].kind, TA_MAP_REFUSE);
	ck_assert_int_eq(m->apis[TA_API_KILL].kind, TA_MAP_NONE);
	ta_patch_rules_free(&r);
	ck_assert_ptr_null(r);
	/* malformed: one error line naming the file, NULL */
	static const char *const bad[] = {
		"{",
		"{\"version\": 2}",
		"{\"version\": 1, \"setup\": {\"subject\": \"S\"}}",
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"queue\": \"q\", \"hi_queue\": \"h\","
		" \"apis\": {\"tasklet_frobnicate\": {\"call\": \"x\"}}}}}",
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"queue\": \"q\", \"hi_queue\": \"h\","
		" \"apis\": {\"tasklet_kill\": {\"cal\": \"x\"}}}}}",
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"queue\": \"q\", \"hi_queue\": \"h\","
		" \"apis\": {\"tasklet_kill\": {\"call\": \"x\", \"queue\": \"fast\"}}}}}",
		/* a mechanism key nobody reads */
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"queues\": \"q\","
		" \"apis\": {}}}}",
		/* wake without the values it needs */
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"t\": {\"subject\": \"B\", \"intro\": \"I\","
		" \"apis\": {\"tasklet_schedule\": {\"kind\": \"wake\"}}}}}",
		/* a queue placeholder in a mechanism without queues */
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"t\": {\"subject\": \"B\", \"intro\": \"I\","
		" \"apis\": {\"tasklet_schedule\": {\"call\": \"x\", \"queue\": \"hi\"}}}}}",
		/* a registration without its context, or with a non-numeric argument */
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"t\": {\"subject\": \"B\", \"intro\": \"I\", \"apis\": {},"
		" \"registrations\": [{\"call\": \"x\"}]}}}",
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"t\": {\"subject\": \"B\", \"intro\": \"I\", \"apis\": {},"
		" \"registrations\": [{\"context\": \"call:x:1\", \"thread_arg\": \"one\"}]}}}",
		/* a preparation whose subject has no %s, an accessor without its setter */
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"preparation\": {\"subject\": \"P\", \"intro\": \"I\"}, \"mechanisms\": {}}",
		"{\"version\": 1, \"prefixes\": [], \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"preparation\": {\"subject\": \"P %s\", \"intro\": \"I\","
		" \"accessors\": [{\"get\": \"g\"}]}, \"mechanisms\": {}}",
		/* a start_note with one %s (it takes the init function, then the work item) */
		"{\"version\": 1, \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"work_noun\": \"w\","
		" \"apis\": {\"DECLARE_TASKLET_DISABLED\": {\"call\": \"DECLARE_WORK\", \"kind\":"
		" \"declare\", \"start_call\": \"disable_work\", \"start_note\": \"in %s\"}}}}}",
		/* an init_points key nobody reads */
		"{\"version\": 1, \"setup\": {\"subject\": \"S\", \"intro\": \"I\"},"
		" \"mechanisms\": {\"bh\": {\"subject\": \"B\", \"intro\": \"I\", \"apis\": {},"
		" \"init_points\": {\"field\": [\"probe\"]}}}}",
	};
	/* each names the file, the line and column of the value, and the problem */
	static const char *const want[] = {
		"bad.json:1:2: error: invalid JSON at the end of the file",
		"bad.json:1:13: error: unsupported version (this tool reads 1)",
		"bad.json:1:25: error: \"setup\" needs subject and intro",
		"bad.json:1:165: error: mechanism \"bh\": unknown tasklet API \"tasklet_frobnicate\"",
		"bad.json:1:182: error: unknown key 'mechanisms.bh.apis.tasklet_kill.cal'",
		"bad.json:1:204: error: \"tasklet_kill\": unknown queue \"fast\"",
		"bad.json:1:125: error: unknown key 'mechanisms.bh.queues'",
		"bad.json:1:153: error: mechanism \"t\": \"tasklet_schedule\" wakes a thread",
		"bad.json:1:153: error: mechanism \"t\": \"tasklet_schedule\" names a queue",
		"bad.json:1:154: error: mechanism \"t\": each registration needs a \"context\"",
		"bad.json:1:192: error: 'mechanisms.t.registrations[0].thread_arg' is not a number",
		"bad.json:1:88: error: \"preparation\" needs an intro and a subject with one %s",
		"bad.json:1:136: error: \"preparation\": each accessor needs \"get\" and \"set\"",
		"error: \"DECLARE_TASKLET_DISABLED\": \"start_note\" needs \"start_call\" and exactly two %s",
		"error: unknown key 'mechanisms.bh.init_points.field'",
	};
	ck_assert_uint_eq(sizeof(bad) / sizeof(*bad), sizeof(want) / sizeof(*want));
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		tu_stderr_begin();
		r = ta_patch_rules_parse("bad.json", bad[i]);
		err = tu_stderr_end();
		ck_assert_msg(r == NULL, "accepted bad rules %zu", i);
		ck_assert_msg(strstr(err, want[i]) != NULL, "error '%s' lacks '%s'", err, want[i]);
		free(err);
	}
	tu_stderr_begin();
	ck_assert_ptr_null(ta_patch_rules_load("/nonexistent"));
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "cannot read"));
	free(err);
	/* the bundled rules load */
	r = ta_patch_rules_load(TA_SOURCE_DIR "/rules");
	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_nonnull(ta_patch_rules_mechanism(r, "bh"));
	ck_assert_ptr_nonnull(ta_patch_rules_mechanism(r, "wq"));
	/* DECLARE_TASKLET_DISABLED: a declared work item disabled at the init point */
	m = ta_patch_rules_mechanism(r, "bh");
	ck_assert_int_eq(m->apis[TA_API_DECLARE_TASKLET_DISABLED].kind, TA_MAP_DECLARE);
	ck_assert_str_eq(m->apis[TA_API_DECLARE_TASKLET_DISABLED_OLD].start_call, "disable_work");
	ck_assert_uint_eq(m->init_points.n_markers, 1);
	ck_assert_str_eq(m->init_points.markers[0], "__init");
	/* the mechanisms that remove the tasklet: kinds and registrations as written */
	m = ta_patch_rules_mechanism(r, "threaded-irq");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->schedule_role, "hardirq");
	ck_assert_int_eq(m->apis[TA_API_SCHEDULE].kind, TA_MAP_WAKE);
	ck_assert_int_eq(m->apis[TA_API_KILL].kind, TA_MAP_REMOVE);
	ck_assert_int_eq(m->apis[TA_API_HI_SCHEDULE].kind, TA_MAP_REFUSE);
	ck_assert_str_eq(m->wake_value, "IRQ_WAKE_THREAD");
	ck_assert_uint_ge(m->n_registrations, 2);
	ck_assert_str_eq(m->registrations[0].context, "call:request_irq:1");
	ck_assert_str_eq(m->registrations[0].call, "request_threaded_irq");
	ck_assert_int_eq(m->registrations[0].thread_arg, 1);
	ck_assert_int_eq(m->registrations[0].flags_arg, 2);
	m = ta_patch_rules_mechanism(r, "timer");
	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(m->apis[TA_API_SCHEDULE].kind, TA_MAP_INLINE);
	ck_assert_ptr_null(m->queue);
	ta_patch_rules_free(&r);
}
END_TEST

START_TEST(test_format)
{
	struct ta_patch_file f = {"drivers/x.c", "a\nb\n", 4, "a\nc\n", 4};
	struct ta_patch_desc d = {.author = "A <a@b.c>",
				  .date = "Thu, 1 Jan 1970 00:00:00 +0000",
				  .subject = "x: Do it",
				  .body = "Why.\nList:\n- one\n- two",
				  .files = &f,
				  .n_files = 1};
	char *p = ta_patch_format(&d), *w;

	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(
		p, "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		   "From: A <a@b.c>\nDate: Thu, 1 Jan 1970 00:00:00 +0000\n"
		   "Subject: [PATCH] x: Do it\n\nWhy.\n\nList:\n- one\n- two\n---\n"
		   " drivers/x.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
		   "diff --git a/drivers/x.c b/drivers/x.c\n--- a/drivers/x.c\n+++ b/drivers/x.c\n"
		   "@@ -1,2 +1,2 @@\n a\n-b\n+c\n-- \ntasklet-audit 0.1.0\n\n");
	free(p);
	f.new_text = "a\nb\n";
	ck_assert_ptr_null(ta_patch_format(&d)); /* nothing changes: no patch */
	p = ta_patch_filename(3, "dmaengine: foo: Convert from tasklet to BH workqueue");
	ck_assert_str_eq(p, "0003-dmaengine-foo-Convert-from-tasklet-to-BH-workqueue.patch");
	free(p);
	ta_patch_wrap("- aaaa bbbb cccc", 11, &w);
	ck_assert_str_eq(w, "- aaaa bbbb\n  cccc");
	free(w);
}
END_TEST

/* A hand-built model: one field tasklet in one file. */
static void model(ta_audit *a, ta_tasklet *t, const char *dir, enum ta_api init, enum ta_sig sig)
{
	memset(t, 0, sizeof(*t));
	a->tree = xstrdup(dir);
	t->id = xstrdup("t1");
	t->key = xstrdup("struct d.t");
	t->name = xstrdup("p->t");
	t->file = xstrdup("x.c");
	t->scope = TA_SCOPE_FIELD;
	t->active = true; /* an init site compiled in, as the scan marks it */
	t->field = xstrdup("t");
	t->member_path = xstrdup("t");
	t->root_type = xstrdup("struct d");
	t->callback = xstrdup("fn");
	t->callback_file = xstrdup("x.c");
	t->callback_line = 3;
	t->sig = sig;
	t->data_kind = init == TA_API_TASKLET_INIT ? TA_DATA_CONTAINER : TA_DATA_NONE;
	t->data = init == TA_API_TASKLET_INIT ? xstrdup("(unsigned long)p") : NULL;
	t->decl_file = xstrdup("x.c");
	t->decl_line = 1;
	TA_PUSH(t->init_sites, t->n_init, t->cap_init,
		((ta_site){.api = init,
			   .file = xstrdup("x.c"),
			   .line = 8,
			   .text = xstrdup("p->t"),
			   .callback = xstrdup("fn"),
			   .data = t->data ? xstrdup(t->data) : NULL,
			   .data_kind = t->data_kind}));
	a->tasklets = t;
	a->n_tasklets = 1;
}

static void unmodel(ta_audit *a, ta_tasklet *t)
{
	/* the audit frees its tasklets: hand it a heap copy */
	ta_tasklet *heap = xmalloc(sizeof(*heap));

	*heap = *t;
	a->tasklets = heap;
	a->n_tasklets = a->cap_tasklets = 1;
	ta_audit_free(&a);
}

static const char x_old[] =
	"struct d { int n; struct tasklet_struct t; };\n"
	"\n"
	"static void fn(unsigned long data)\n"
	"{\n"
	"\tstruct d *p = (struct d *)data;\n"
	"\tp->n++;\n"
	"}\n"
	"void init(struct d *p) { tasklet_init(&p->t, fn, (unsigned long)p); }\n";

START_TEST(test_setup_on_a_model)
{
	char *dir = tu_mkdtemp();
	ta_audit *a = ta_audit_new();
	ta_tasklet t;
	ta_rw rw = {0};
	char *r;

	tu_write(dir, "x.c", x_old);
	model(a, &t, dir, TA_API_TASKLET_INIT, TA_SIG_OLD);
	rw.set = ta_srcset_new(dir);
	rw.audit = a;
	rw.t = &t;
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_DONE);
	r = ta_src_result(ta_srcset_get(rw.set, "x.c"), NULL);
	ck_assert_str_eq(r, "struct d { int n; struct tasklet_struct t; };\n\n"
			    "static void fn(struct tasklet_struct *t)\n{\n"
			    "\tstruct d *p = from_tasklet(p, t, t);\n\tp->n++;\n}\n"
			    "void init(struct d *p) { tasklet_setup(&p->t, fn); }\n");
	free(r);
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	/* the data is another object of the container type: refused */
	free(t.init_sites[0].data);
	t.init_sites[0].data = xstrdup("(unsigned long)q");
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_REFUSED);
	ck_assert_ptr_nonnull(strstr(rw.reason, "is not the container of 'p->t' itself"));
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	/* the callback defined elsewhere than the model says, and nowhere: refused */
	t.init_sites[0].data_kind = TA_DATA_OTHER_POINTER;
	t.data_kind = TA_DATA_OTHER_POINTER;
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_REFUSED);
	ck_assert_ptr_nonnull(strstr(rw.reason, "back-pointer"));
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	/* an open-coded init: refused; no init site: not needed */
	t.init_sites[0].api = TA_API_ASSIGN_FUNC;
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_REFUSED);
	ck_assert_ptr_nonnull(strstr(rw.reason, "open-coded"));
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	t.n_init = 0;
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_NOT_NEEDED);
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	t.n_init = 1;
	/* a file that is gone: refused, not a crash */
	t.init_sites[0].api = TA_API_TASKLET_INIT;
	free(t.init_sites[0].file);
	t.init_sites[0].file = xstrdup("gone.c");
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_setup(&rw), TA_RW_REFUSED);
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	unmodel(a, &t);
	tu_rmtree(&dir);
}
END_TEST

START_TEST(test_bh_on_a_model)
{
	char *dir = tu_mkdtemp();
	ta_audit *a = ta_audit_new();
	ta_patch_rules *rules = ta_patch_rules_load(TA_SOURCE_DIR "/rules");
	const ta_mechanism_rules *m = ta_patch_rules_mechanism(rules, "bh");
	ta_tasklet t;
	ta_rw rw = {0};
	char *r;

	tu_write(dir, "x.c", x_old);
	model(a, &t, dir, TA_API_TASKLET_INIT, TA_SIG_OLD);
	rw.set = ta_srcset_new(dir);
	rw.audit = a;
	rw.t = &t;
	ck_assert_int_eq(ta_rewrite_work(&rw, m), TA_RW_DONE);
	r = ta_src_result(ta_srcset_get(rw.set, "x.c"), NULL);
	ck_assert_str_eq(r, "struct d { int n; struct work_struct t; };\n\n"
			    "static void fn(struct work_struct *work)\n{\n"
			    "\tstruct d *p = from_work(p, work, t);\n\tp->n++;\n}\n"
			    "void init(struct d *p) { INIT_WORK(&p->t, fn); }\n");
	free(r);
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	/* a tasklet_unlock_wait() site: a blocker */
	TA_PUSH(t.sites, t.n_sites, t.cap_sites,
		((ta_site){.api = TA_API_UNLOCK_WAIT, .file = xstrdup("x.c"), .line = 6}));
	rw.set = ta_srcset_new(dir);
	ck_assert_int_eq(ta_rewrite_work(&rw, m), TA_RW_REFUSED);
	ck_assert_ptr_nonnull(
		strstr(rw.reason, "tasklet_unlock_wait() has no workqueue counterpart"));
	ta_srcset_free(&rw.set);
	ta_rw_clear(&rw);
	unmodel(a, &t);
	ta_patch_rules_free(&rules);
	tu_rmtree(&dir);
}
END_TEST

static Suite *rewrite_suite(void)
{
	Suite *s = suite_create("rewrite");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_edits);
	tcase_add_test(tc, test_srcset);
	tcase_add_test(tc, test_srcset_forget_unchanged);
	tcase_add_test(tc, test_srcset_cache_reads);
	tcase_add_test(tc, test_moved);
	tcase_add_test(tc, test_lexer);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_call_layout);
	tcase_add_test(tc, test_rules);
	tcase_add_test(tc, test_format);
	tcase_add_test(tc, test_setup_on_a_model);
	tcase_add_test(tc, test_bh_on_a_model);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(rewrite_suite());
}
