// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_report_diff.c - progress across releases: the fixture reports of
 * tests/data/diff (one case per kind: unchanged, moved, merged, converted
 * to each mechanism, removed with or without its files, added) are
 * classified as their README says, with the newer tree searched and
 * without it; the counts per subsystem add up to both reports; the name
 * relation; the text and JSON forms; the command's options and errors;
 * and the corpus report compared with itself is all unchanged.
 */
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_diff.h"
#include "diag.h"
#include "report_diff.h"
#include "report_read.h"
#include "successor.h"
#include "testutil.h"

static ta_audit *read_fixture(const char *name)
{
	char *rel = xasprintf("tests/data/diff/%s", name), *path = tu_src(rel);
	ta_audit *a = NULL;

	ck_assert_int_eq(ta_report_read(path, &a), 0);
	free(path);
	free(rel);
	return a;
}

static ta_rdiff *fixture_diff(ta_audit **o, ta_audit **n, bool tree)
{
	char *root = tu_src("tests/data/diff/new-tree");
	struct ta_rdiff_opts opts = {.new_tree = tree ? root : NULL};
	ta_rdiff *d;

	*o = read_fixture("old.json");
	*n = read_fixture("new.json");
	d = ta_rdiff_new(*o, *n, &opts);
	free(root);
	return d;
}

/* The entry whose old (else new) tasklet has this key. */
static const struct ta_rdiff_entry *by_key(const ta_rdiff *d, const char *key)
{
	for (size_t i = 0; i < ta_rdiff_count(d); i++) {
		const struct ta_rdiff_entry *e = ta_rdiff_entry(d, i);
		const ta_tasklet *t = e->old_t ? e->old_t : e->new_t;
		if (strcmp(t->key, key) == 0)
			return e;
	}
	ck_abort_msg("no entry for '%s'", key);
	return NULL;
}

static void assert_kind(const ta_rdiff *d, const char *key, enum ta_rdiff_kind kind)
{
	const struct ta_rdiff_entry *e = by_key(d, key);

	ck_assert_msg(e->kind == kind, "%s: %s, not %s", key, ta_rdiff_kind_name(e->kind),
		      ta_rdiff_kind_name(kind));
}

/* old = unchanged + moved_out + removed + converted, new = unchanged + moved_in + added. */
static void assert_consistent(const ta_rdiff *d, const ta_audit *o, const ta_audit *n)
{
	size_t told = 0, tnew = 0;

	for (size_t i = 0; i < ta_rdiff_n_subsystems(d); i++) {
		const struct ta_rdiff_subsystem *s = ta_rdiff_subsystem(d, i);
		ck_assert_uint_eq(s->old, s->n[TA_RDIFF_UNCHANGED] + s->moved_out +
						  s->n[TA_RDIFF_REMOVED] +
						  s->n[TA_RDIFF_CONVERTED]);
		ck_assert_uint_eq(s->new_count,
				  s->n[TA_RDIFF_UNCHANGED] + s->moved_in + s->n[TA_RDIFF_ADDED]);
		told += s->old;
		tnew += s->new_count;
	}
	ck_assert_uint_eq(told, o->n_tasklets);
	ck_assert_uint_eq(tnew, n->n_tasklets);
}

START_TEST(test_fixture_with_tree)
{
	ta_audit *o, *n;
	ta_rdiff *d = fixture_diff(&o, &n, true);
	const struct ta_rdiff_entry *e;

	assert_kind(d, "drivers/a/a.c:struct a_dev.tl", TA_RDIFF_UNCHANGED);
	assert_kind(d, "drivers/staging/b/b.c:struct b_dev.rx_tasklet", TA_RDIFF_MOVED);
	e = by_key(d, "drivers/c/c.h:struct c_dev.done_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_CONVERTED);
	ck_assert_str_eq(e->mechanism, "bh_workqueue");
	/* the comment's INIT_WORK and system_wq do not count */
	ck_assert_str_eq(e->queues, "system_bh_wq");
	ck_assert_ptr_nonnull(
		strstr(e->evidence, "drivers/c/c.c:23: INIT_WORK(&c->done_work, c_done_work)\n"));
	ck_assert_ptr_nonnull(strstr(e->evidence, "drivers/c/c.c:15: queue_work(system_bh_wq, "));
	e = by_key(d, "drivers/d/d.c:struct d_dev.reset_task");
	ck_assert_int_eq(e->kind, TA_RDIFF_CONVERTED);
	ck_assert_str_eq(e->mechanism, "workqueue");
	ck_assert_str_eq(e->queues, "system_wq");
	e = by_key(d, "drivers/e/e.c:struct e_dev.rx_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_CONVERTED);
	ck_assert_str_eq(e->mechanism, "threaded_irq");
	ck_assert_ptr_null(e->queues);
	e = by_key(d, "drivers/f/f.c:f_poll_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_CONVERTED);
	ck_assert_str_eq(e->mechanism, "timer");
	e = by_key(d, "drivers/g/g.c:struct g_dev.tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_REMOVED);
	ck_assert_str_eq(e->removed_how, "files_gone");
	e = by_key(d, "drivers/h/h.c:struct h_dev.tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_REMOVED);
	ck_assert_str_eq(e->removed_how, "tasklet_gone");
	ck_assert_str_eq(e->files, "drivers/h/h.c");
	assert_kind(d, "drivers/i/i.c:struct i_dev.tasklet", TA_RDIFF_ADDED);
	/* two became one: both moved, one of them merged */
	e = by_key(d, "drivers/j/j1.h:struct j1_dev.irq_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_MOVED);
	ck_assert(!e->merged);
	e = by_key(d, "drivers/j/j2.h:struct j2_dev.irq_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_MOVED);
	ck_assert(e->merged);
	ck_assert_str_eq(e->new_t->key, "drivers/j/core.h:struct j_core.irq_tasklet");
	assert_kind(d, "drivers/k/k.h:struct (anonymous at drivers/k/k.h:10).tasklet",
		    TA_RDIFF_MOVED);
	/* another driver's l.c with a struct l_priv of its own is not l's new home */
	e = by_key(d, "drivers/staging/l/l.c:struct l_priv.rx_tasklet");
	ck_assert_int_eq(e->kind, TA_RDIFF_REMOVED);
	ck_assert_str_eq(e->removed_how, "files_gone");

	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_UNCHANGED), 1);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_MOVED), 4);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_CONVERTED), 4);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_REMOVED), 3);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_ADDED), 1);
	assert_consistent(d, o, n);
	ta_rdiff_free(&d);
	ck_assert_ptr_null(d);
	ta_audit_free(&o);
	ta_audit_free(&n);
}
END_TEST

/* Without the newer tree nothing is converted: every vanished tasklet is removed. */
START_TEST(test_fixture_without_tree)
{
	ta_audit *o, *n;
	ta_rdiff *d = fixture_diff(&o, &n, false);

	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_CONVERTED), 0);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_REMOVED), 7);
	for (size_t i = 0; i < ta_rdiff_count(d); i++) {
		const struct ta_rdiff_entry *e = ta_rdiff_entry(d, i);
		if (e->kind == TA_RDIFF_REMOVED)
			ck_assert_str_eq(e->removed_how, "not_looked_up");
	}
	assert_consistent(d, o, n);
	ta_rdiff_free(&d);
	ta_audit_free(&o);
	ta_audit_free(&n);
}
END_TEST

START_TEST(test_names_related)
{
	ck_assert(ta_successor_names_related("recv_tasklet", "recv_work"));
	ck_assert(ta_successor_names_related("smi_recv_tasklet", "smi_recv_work"));
	ck_assert(ta_successor_names_related("au1xmmc_tasklet_data", "au1xmmc_data_bh_work"));
	ck_assert(ta_successor_names_related("dw_mci_tasklet_func", "dw_mci_work_func"));
	ck_assert(ta_successor_names_related("e_rx_tasklet", "e_rx_handler"));
	/* only mechanism words: nothing to compare */
	ck_assert(!ta_successor_names_related("tasklet", "bh_work"));
	ck_assert(!ta_successor_names_related("rx_tasklet", "tx_work"));
	ck_assert(!ta_successor_names_related("rx", "rx_done"));
	ck_assert(!ta_successor_names_related(NULL, "x"));
	ck_assert(!ta_successor_names_related("", ""));
}
END_TEST

static char *text_of(const ta_rdiff *d, bool json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(json ? ta_rdiff_write_json(d, fp) : ta_rdiff_write_text(d, fp), 0);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

START_TEST(test_text_and_json)
{
	ta_audit *o, *n;
	ta_rdiff *d = fixture_diff(&o, &n, true);
	char *text = text_of(d, false), *json = text_of(d, true);
	cJSON *root = cJSON_Parse(json), *sum, *sub, *changes;

	ck_assert_ptr_nonnull(strstr(text, "drivers/g/g.c:50: removed: drivers/g/g.c:struct "
					   "g_dev.tasklet (its files are gone)\n"));
	ck_assert_ptr_nonnull(strstr(text, "drivers/c/c.c:40: converted: drivers/c/c.h:struct "
					   "c_dev.done_tasklet -> bh_workqueue (system_bh_wq): "
					   "drivers/c/c.c:23: INIT_WORK("));
	ck_assert_ptr_nonnull(strstr(text, "drivers/i/i.c:5: added: "));
	ck_assert_ptr_nonnull(strstr(text, "1 unchanged\n"));
	ck_assert_ptr_nonnull(strstr(
		text,
		"\ntotal                       12     5         1         4        3       3         4     1\n"));
	ck_assert_ptr_nonnull(strstr(text, "converted to: bh_workqueue 1, workqueue 1, "
					   "threaded_irq 1, timer 1\n"));

	ck_assert_ptr_nonnull(root);
	sum = cJSON_GetObjectItemCaseSensitive(root, "summary");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sum, "converted")->valueint, 4);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sum, "moved")->valueint, 4);
	sub = cJSON_GetObjectItemCaseSensitive(
		cJSON_GetObjectItemCaseSensitive(root, "by_subsystem"), "drivers/staging");
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sub, "old")->valueint, 2);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sub, "moved_out")->valueint, 1);
	ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(sub, "removed")->valueint, 1);
	changes = cJSON_GetObjectItemCaseSensitive(root, "changes");
	ck_assert_int_eq(cJSON_GetArraySize(changes), 13);
	ck_assert_ptr_nonnull(strstr(json, "\"evidence\":\t[\"drivers/c/c.c:23: INIT_WORK("));
	ck_assert_ptr_nonnull(strstr(json, "\"queues\":\t[\"system_bh_wq\"]"));
	cJSON_Delete(root);
	free(text);
	free(json);
	ta_rdiff_free(&d);
	ta_audit_free(&o);
	ta_audit_free(&n);
}
END_TEST

/* Run the command in-process with a shell-like argument list; its exit status. */
static int run_cmd(const char *const *args, size_t n)
{
	char **argv = xcalloc(n + 2, sizeof(*argv));
	int rc;

	argv[0] = xstrdup("diff");
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = xstrdup(args[i]);
	rc = ta_diff_main((int)n + 1, argv);
	for (size_t i = 0; i <= n; i++)
		free(argv[i]);
	free(argv);
	return rc;
}

START_TEST(test_command)
{
	char *dir = tu_mkdtemp(), *old = tu_src("tests/data/diff/old.json");
	char *new_r = tu_src("tests/data/diff/new.json"),
	     *tree = tu_src("tests/data/diff/new-tree");
	char *txt = ta_path_join(dir, "d.txt"), *json = ta_path_join(dir, "d.json"), *s, *err;

	const char *ok[] = {"--tree", tree, "--json", json, "-o", txt, old, new_r};
	ck_assert_int_eq(run_cmd(ok, 8), 0);
	s = ta_read_file(txt, NULL);
	ck_assert_ptr_nonnull(s);
	ck_assert_ptr_nonnull(strstr(s,
				     "converted: drivers/e/e.c:struct e_dev.rx_tasklet -> "
				     "threaded_irq: drivers/e/e.c:12: request_threaded_irq(e->irq, "
				     "e_isr, e_rx_handler, IRQF_ONESHOT, \"e\", e)"));
	free(s);
	s = ta_read_file(json, NULL);
	ck_assert_ptr_nonnull(strstr(s, "\"diff_format_version\":\t\"1.0\""));
	free(s);
	/* the new report names no tree that exists: nothing is looked up */
	const char *no_tree[] = {"-o", txt, old, new_r};
	ck_assert_int_eq(run_cmd(no_tree, 4), 0);
	s = ta_read_file(txt, NULL);
	ck_assert_ptr_nonnull(strstr(s, "no newer tree given"));
	free(s);

	tu_stderr_begin();
	const char *one[] = {old};
	ck_assert_int_eq(run_cmd(one, 1), TA_EXIT_USAGE);
	const char *unknown[] = {"--frobnicate", old, new_r};
	ck_assert_int_eq(run_cmd(unknown, 3), TA_EXIT_USAGE);
	const char *both[] = {"--tree", tree, "--no-tree", old, new_r};
	ck_assert_int_eq(run_cmd(both, 5), TA_EXIT_USAGE);
	const char *not_tree[] = {"--tree", dir, old, new_r};
	ck_assert_int_eq(run_cmd(not_tree, 4), TA_EXIT_USAGE);
	const char *fmt[] = {"--format", "xml", old, new_r};
	ck_assert_int_eq(run_cmd(fmt, 4), TA_EXIT_USAGE);
	const char *missing[] = {old, "/nonexistent/r.json"};
	ck_assert_int_eq(run_cmd(missing, 2), TA_EXIT_USAGE);
	err = tu_stderr_end();
	ck_assert_ptr_nonnull(strstr(err, "diff needs two reports"));
	ck_assert_ptr_nonnull(strstr(err, "unknown option '--frobnicate'"));
	ck_assert_ptr_nonnull(strstr(err, "is not a kernel tree"));
	ck_assert_ptr_nonnull(strstr(err, "cannot read '/nonexistent/r.json'"));
	free(err);

	free(txt);
	free(json);
	free(tree);
	free(new_r);
	free(old);
	tu_rmtree(&dir);
}
END_TEST

/* The classified corpus compared with itself: every tasklet unchanged. */
START_TEST(test_corpus_against_itself)
{
	const ta_audit *a = tu_classified();
	ta_rdiff *d = ta_rdiff_new(a, a, NULL);

	ck_assert_uint_gt(a->n_tasklets, 50);
	ck_assert_uint_eq(ta_rdiff_count(d), a->n_tasklets);
	ck_assert_uint_eq(ta_rdiff_total(d, TA_RDIFF_UNCHANGED), a->n_tasklets);
	assert_consistent(d, a, a);
	ta_rdiff_free(&d);
	ta_rdiff_free(&d); /* NULL is fine */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("report_diff");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_fixture_with_tree);
	tcase_add_test(tc, test_fixture_without_tree);
	tcase_add_test(tc, test_names_related);
	tcase_add_test(tc, test_text_and_json);
	tcase_add_test(tc, test_command);
	tcase_add_test(tc, test_corpus_against_itself);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
