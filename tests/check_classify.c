// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_classify.c - the classifier on the corpus: the class,
 * recommendation, reasons, findings and site contexts of every
 * corpus/classify case (found by walking the directory; each must have a
 * golden) and of every corpus/index case with a golden are compared with
 * that golden, <file>.class.expected beside the case, and the
 * properties each case exists for are asserted directly (one per class,
 * one true positive and one near-miss per bug check).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classify.h"
#include "rules.h"
#include "testutil.h"

/*
 * The cases, from the directories: every source of corpus/classify (each
 * must have its golden), then every source of corpus/index that has one.
 */
static char **cases;
static size_t n_cases;

static void find_cases(void)
{
	char **idx;
	size_t n_idx = tu_corpus_cases("index", &idx), cap;

	n_cases = cap = tu_corpus_cases("classify", &cases);
	for (size_t i = 0; i < n_idx; i++) {
		char *golden = xasprintf("%s/corpus/%s.class.expected", TA_SOURCE_DIR, idx[i]);
		if (access(golden, F_OK) == 0)
			TA_PUSH(cases, n_cases, cap, xstrdup(idx[i]));
		free(golden);
	}
	tu_strv_free(idx, n_idx);
}

START_TEST(test_case_golden)
{
	const ta_audit *a = tu_classified();
	ta_buf b = {0};
	char *golden = xasprintf("corpus/%s.class.expected", cases[_i]);

	tu_dump_class(a, cases[_i], &b);
	ck_assert_msg(b.len > 0, "no tasklet in %s", cases[_i]);
	tu_golden(golden, b.s);
	free(golden);
	ta_buf_free(&b);
}
END_TEST

/* Every class golden in the corpus is the golden of a case: none is left unread. */
START_TEST(test_no_stray_golden)
{
	char *dir = tu_src("corpus");
	char **goldens;
	size_t n = tu_find_files(dir, ".class.expected", &goldens);

	for (size_t i = 0; i < n; i++) {
		char *file = xstrndup(goldens[i], strlen(goldens[i]) - strlen(".class.expected"));
		bool found = false;
		for (size_t k = 0; k < n_cases && !found; k++)
			found = strcmp(cases[k], file) == 0;
		ck_assert_msg(found, "corpus/%s: '%s' is no classifier case", goldens[i], file);
		free(file);
	}
	ck_assert_uint_eq(n, n_cases);
	tu_strv_free(goldens, n);
	free(dir);
}
END_TEST

static const ta_tasklet *get(const char *key)
{
	const ta_tasklet *t = tu_find(tu_classified(), key);

	ck_assert_msg(t != NULL, "no tasklet '%s'", key);
	return t;
}

static size_t findings_of(const ta_tasklet *t, const char *rule)
{
	const ta_classification *c = ta_classification_of(t);
	size_t n = 0;

	for (size_t i = 0; i < c->n_findings; i++)
		n += strcmp(c->findings[i].rule, rule) == 0;
	return n;
}

/* The first reason (or blocker, when blocker) given by rule, or -1. */
static long reason_index(const ta_tasklet *t, const char *rule, bool blocker)
{
	const ta_recommendation *rec = &ta_classification_of(t)->rec;
	size_t n = blocker ? rec->n_blockers : rec->n_reasons;
	const ta_reason *v = blocker ? rec->blockers : rec->reasons;

	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].rule, rule) == 0)
			return (long)i;
	return -1;
}

static bool has_alternative(const ta_tasklet *t, const char *m)
{
	const ta_recommendation *rec = &ta_classification_of(t)->rec;

	for (size_t i = 0; i < rec->n_alternatives; i++)
		if (strcmp(rec->alternatives[i], m) == 0)
			return true;
	return false;
}

static const struct {
	const char *key, *cls, *mechanism, *queue;
} expect[] = {
	{"classify/isr_bh.c:struct ib_dev.bh", "isr_bottom_half", "bh_workqueue", "system_bh_wq"},
	{"classify/dma_done.c:struct dd_chan.task", "dma_completion", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/gpu_engine.c:struct engine.submit", "gpu_scheduler", "manual", NULL},
	{"classify/timer_kick.c:struct tk_dev.recover", "timer_driven", "timer", NULL},
	{"classify/process_defer.c:struct pd_dev.refill", "process_deferral", "workqueue",
	 "system_wq"},
	{"classify/process_bh_lock.c:struct pb_dev.refill", "process_deferral", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/net_rx.c:struct nr_priv.rx_tasklet", "network_bh", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/poller.c:struct po_dev.poll", "self_rearming_poller", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/sleeping_irq.c:struct si_dev.bh", "isr_bottom_half", "threaded_irq", NULL},
	{"classify/sleeping_cb.c:struct sc_dev.work", "mixed_context", "workqueue", "system_wq"},
	{"classify/unknown_ctx.c:struct uc_dev.t", "unknown", "bh_workqueue", "system_bh_wq"},
	{"index/hi_priority.c:struct hp_chan.done", "isr_bottom_half", "bh_workqueue",
	 "system_bh_highpri_wq"},
	/* contexts: a true positive and a near-miss each */
	{"classify/ctx_urb.c:struct cu_dev.rx", "isr_bottom_half", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_urb.c:struct cu_dev.aux", "unknown", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_threads.c:struct th_dev.refill", "process_deferral", "workqueue",
	 "system_wq"},
	{"classify/ctx_threads.c:struct th_dev.poll", "unknown", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_netdev.c:struct nd_priv.txdone", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_netdev.c:struct nd_priv.ring_task", "unknown", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_pm.c:struct pm_dev.done", "isr_bottom_half", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_pm.c:struct pm_dev.flush", "mixed_context", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_body.c:struct cb_chan.gc", "process_deferral", "workqueue", "system_wq"},
	{"classify/ctx_body.c:struct cb_chan.kick", "atomic_deferral", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_subsys.c:struct ss_dev.cq", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_subsys.c:struct ss_dev.vq", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_subsys.c:struct ss_dev.ev", "unknown", "bh_workqueue", "system_bh_wq"},
	{"classify/ctx_cq.c:struct cq_dev.send_tasklet", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/ctx_cq.c:struct cq_dev.poll_tasklet", "unknown", "bh_workqueue", "system_bh_wq"},
	/* recommendations: a true positive and a near-miss each */
	{"classify/rec_direct.c:struct rd_dev.rearm", "isr_bottom_half", "manual", NULL},
	{"classify/rec_direct.c:struct rd_dev.rearm_locked", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/rec_waits.c:struct rw_queue.complete_cmd", "process_deferral", "manual", NULL},
	{"classify/rec_waits.c:struct rw_queue.notify", "process_deferral", "workqueue",
	 "system_wq"},
	{"classify/rec_low_rate.c:struct lr_port.link_tasklet", "isr_bottom_half", "workqueue",
	 "system_wq"},
	{"classify/rec_low_rate.c:struct lr_port.reset_tasklet", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/rec_writer.c:struct rw_scan.scan", "timer_driven", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/rec_completion.c:struct rc_host.finish", "process_deferral", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/rec_internals.c:struct ri_eq.ceq", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"classify/rec_internals.c:struct ri_eq.runq", "isr_bottom_half", "manual", NULL},
	{"classify/rec_spi_pump.c:struct sp_dev.pump_transfers", "mixed_context", "manual", NULL},
	{"classify/rec_spi_pump.c:struct sp_dev.err_task", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
	{"index/data_kinds.c:global_data_tasklet", "unused", "manual", NULL},
	/* a namesake scheduled through a void * map, and the near misses */
	{"classify/namesake/nm_queues.h:struct nm_ctrl_txq.qresume_tsk", "unknown", "manual", NULL},
	{"classify/namesake/nm_queues.h:struct nm_ofld_txq.qresume_tsk", "timer_driven", "timer",
	 NULL},
	{"classify/namesake_far/far_q.c:struct far_q.qresume_tsk", "unused", "manual", NULL},
	{"classify/namesake/nm_other.c:struct nm_other.ci_tsk", "unused", "manual", NULL},
	{"classify/namesake/nm_sge.c:struct nm_rx_a.idle_tsk", "unused", "manual", NULL},
	{"classify/namesake/nm_sge.c:struct nm_rx_b.idle_tsk", "unused", "manual", NULL},
	{"classify/namesake/nm_queues.h:struct nm_spare.spare_tsk", "unused", "manual", NULL},
	{"index/ifdef_member/im_drv.h:struct im_priv.im_tasklet", "isr_bottom_half", "bh_workqueue",
	 "system_bh_wq"},
};

START_TEST(test_class_and_mechanism)
{
	const ta_classification *c = ta_classification_of(get(expect[_i].key));

	ck_assert_str_eq(c->cls, expect[_i].cls);
	ck_assert_str_eq(c->rec.mechanism, expect[_i].mechanism);
	if (expect[_i].queue)
		ck_assert_str_eq(c->rec.queue, expect[_i].queue);
	else
		ck_assert_ptr_null(c->rec.queue);
	ck_assert(c->rec.confidence > 0 && c->rec.confidence <= 1);
	ck_assert_uint_gt(c->rec.n_reasons, 0);
	ck_assert_uint_gt(c->n_class_reasons, 0);
}
END_TEST

/* Every hi user goes to the high-priority BH queue (or is manual). */
/*
 * A never-scheduled field whose name a scheduled field of another struct of
 * the driver has: unknown, the reason naming the namesake and its site, and
 * no alternative mechanism (converting it alone would break the pun).
 */
START_TEST(test_namesake_is_not_unused)
{
	const ta_tasklet *t = get("classify/namesake/nm_queues.h:struct nm_ctrl_txq.qresume_tsk");
	const ta_classification *c = ta_classification_of(t);

	ck_assert_str_eq(c->class_reasons[0].rule, "class.namesake-scheduled");
	ck_assert_ptr_nonnull(strstr(c->class_reasons[0].text,
				     "struct nm_ofld_txq.qresume_tsk of the same driver is "
				     "scheduled at classify/namesake/nm_sge.c:65"));
	ck_assert_int_eq(reason_index(t, "rec.namesake", false), 0);
	ck_assert_uint_eq(c->rec.n_alternatives, 0);
	/* the near misses say why they are dead code, as before */
	t = get("classify/namesake/nm_other.c:struct nm_other.ci_tsk");
	ck_assert_str_eq(ta_classification_of(t)->class_reasons[0].rule, "class.never-scheduled");
	t = get("classify/namesake_far/far_q.c:struct far_q.qresume_tsk");
	ck_assert_str_eq(ta_classification_of(t)->class_reasons[0].rule, "class.never-scheduled");
}
END_TEST

START_TEST(test_hi_users_keep_priority)
{
	const ta_audit *a = tu_classified();
	size_t hi_users = 0;

	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_recommendation *rec;
		if (!ta_tasklet_count_sites(t, TA_API_HI_SCHEDULE))
			continue;
		hi_users++;
		rec = &ta_classification_of(t)->rec;
		if (strcmp(rec->mechanism, "manual") != 0)
			ck_assert_str_eq(rec->queue, "system_bh_highpri_wq");
	}
	ck_assert_uint_ge(hi_users, 2);
}
END_TEST

/* threaded_irq and workqueue are never recommended without their evidence. */
START_TEST(test_evidence_behind_process_mechanisms)
{
	const ta_audit *a = tu_classified();

	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_recommendation *rec = &ta_classification_of(t)->rec;
		if (!rec->mechanism)
			continue;
		if (strcmp(rec->mechanism, "threaded_irq") == 0) {
			for (size_t j = 0; j < t->n_sites; j++)
				if (t->sites[j].api == TA_API_SCHEDULE)
					ck_assert_uint_eq(ta_site_context_of(t, j)->roles,
							  TA_ROLE_BIT(TA_ROLE_HARDIRQ));
		}
		if (strcmp(rec->mechanism, "workqueue") == 0)
			ck_assert_msg(strstr(rec->reasons[0].text, "process") ||
					      strstr(rec->reasons[0].text, "sleep"),
				      "%s: workqueue without evidence: %s", t->key,
				      rec->reasons[0].text);
	}
}
END_TEST

START_TEST(test_bug_checks_and_near_misses)
{
	/* callback sleeps: through a static helper; the unreachable sleeper is not cited */
	const ta_tasklet *sc = get("classify/sleeping_cb.c:struct sc_dev.work");
	const ta_finding *f = &ta_classification_of(sc)->findings[0];
	ck_assert_uint_eq(findings_of(sc, "bug.callback-sleeps"), 1);
	ck_assert_ptr_nonnull(strstr(f->text, "mutex_lock"));
	ck_assert_ptr_null(strstr(f->text, "usleep_range"));
	ck_assert_uint_eq(
		findings_of(get("classify/isr_bh.c:struct ib_dev.bh"), "bug.callback-sleeps"), 0);

	/* waiting calls in atomic context: IRQ handler, spinlock held; near-miss after unlock */
	const ta_tasklet *sa = get("classify/sync_atomic.c:struct sa_dev.t");
	ck_assert_uint_eq(findings_of(sa, "bug.sync-in-atomic"), 2);
	/* none at line 52, in sa_config() after the unlock */
	for (size_t i = 0; i < ta_classification_of(sa)->n_findings; i++)
		ck_assert_uint_ne(ta_classification_of(sa)->findings[i].line, 52);

	/* disable then kill; near-miss: enable in between */
	ck_assert_uint_eq(
		findings_of(get("classify/kill_disabled.c:struct kd_dev.t"), "bug.kill-disabled"),
		1);
	ck_assert_uint_eq(
		findings_of(get("classify/kill_disabled.c:struct kd_dev.u"), "bug.kill-disabled"),
		0);

	/* from_tasklet naming the wrong member; near-miss: the right one */
	ck_assert_uint_eq(findings_of(get("classify/container_mismatch.c:struct cm_dev.tx"),
				      "bug.container-mismatch"),
			  1);
	ck_assert_uint_eq(findings_of(get("classify/container_mismatch.c:struct cm_dev.rx"),
				      "bug.container-mismatch"),
			  0);

	/* kill before the IRQ is freed; near-miss: free_irq first */
	ck_assert_uint_eq(findings_of(get("classify/kill_before_irq.c:struct kb_dev.bh"),
				      "bug.kill-before-irq-quiesced"),
			  1);
	ck_assert_uint_eq(findings_of(get("classify/isr_bh.c:struct ib_dev.bh"),
				      "bug.kill-before-irq-quiesced"),
			  0);

	/* never killed; near-miss: killed in remove */
	ck_assert_uint_eq(
		findings_of(get("index/hi_priority.c:struct hp_chan.done"), "bug.no-kill"), 1);
	ck_assert_uint_eq(findings_of(get("classify/isr_bh.c:struct ib_dev.bh"), "bug.no-kill"), 0);

	/* data that is not the container; near-miss: the container */
	ck_assert_uint_eq(findings_of(get("index/data_kinds.c:struct port.port_tasklet"),
				      "mod.data-not-container"),
			  1);
	ck_assert_uint_eq(findings_of(get("index/container_cast.c:struct cast_priv.rx_tasklet"),
				      "mod.data-not-container"),
			  0);
}
END_TEST

START_TEST(test_bh_exclusion_blocks_workqueue)
{
	const ta_tasklet *pb = get("classify/process_bh_lock.c:struct pb_dev.refill");
	const ta_tasklet *pd = get("classify/process_defer.c:struct pd_dev.refill");

	ck_assert(ta_classification_of(pb)->bh_exclusion);
	ck_assert(!ta_classification_of(pd)->bh_exclusion);
	ck_assert(!has_alternative(pb, "workqueue"));
	/* the writer refuses a threaded IRQ when a helper of the handler schedules */
	ck_assert(!has_alternative(get("classify/isr_bh.c:struct ib_dev.bh"), "threaded_irq"));
	ck_assert(
		!has_alternative(get("classify/net_rx.c:struct nr_priv.rx_tasklet"), "workqueue"));
}
END_TEST

/* The new context kinds and recommendation rules, each beside its near-miss. */
START_TEST(test_rule_kinds)
{
	const ta_tasklet *rx = get("classify/ctx_urb.c:struct cu_dev.rx");
	const ta_tasklet *done = get("classify/ctx_pm.c:struct pm_dev.done");
	const ta_tasklet *flush = get("classify/ctx_pm.c:struct pm_dev.flush");
	const ta_tasklet *gc = get("classify/ctx_body.c:struct cb_chan.gc");
	const ta_tasklet *kick = get("classify/ctx_body.c:struct cb_chan.kick");
	const ta_tasklet *poll = get("classify/ctx_threads.c:struct th_dev.poll");
	const ta_tasklet *scan = get("classify/rec_writer.c:struct rw_scan.scan");
	const ta_tasklet *ceq = get("classify/rec_internals.c:struct ri_eq.ceq");

	/* a USB completion is its own atomic role */
	ck_assert_uint_eq(ta_site_context_of(rx, 0)->roles, TA_ROLE_BIT(TA_ROLE_URB_COMPLETE));
	/* a resume is a kick; a file write is not */
	ck_assert(ta_site_context_of(done, 1)->roles & TA_ROLE_BIT(TA_ROLE_KICK));
	ck_assert(!(ta_site_context_of(flush, 1)->roles & TA_ROLE_BIT(TA_ROLE_KICK)));
	/* the body over the contract: no sync-in-atomic under the mutex, one without it */
	ck_assert_uint_eq(findings_of(gc, "bug.sync-in-atomic"), 0);
	ck_assert_uint_eq(findings_of(kick, "bug.sync-in-atomic"), 1);
	ck_assert_uint_eq(ta_site_context_of(kick, 0)->roles, TA_ROLE_BIT(TA_ROLE_SOFTIRQ));
	/* a function registered where no rule knows is not guessed by its name */
	ck_assert_uint_eq(ta_site_context_of(poll, 0)->roles, TA_ROLE_BIT(TA_ROLE_UNKNOWN));
	/* the writer's refusal comes right after the reason it overrides */
	ck_assert_str_eq(ta_classification_of(scan)->rec.reasons[0].rule, "rec.timer");
	ck_assert_int_eq(reason_index(scan, "rec.writer-refuses", false), 1);
	ck_assert_int_eq(reason_index(scan, "rec.writer-refuses", true), -1);
	/* a read of the internals is a note, and the writer's blocker */
	ck_assert_int_ge(reason_index(ceq, "note.internals-read", false), 0);
	ck_assert_int_ge(reason_index(ceq, "rec.writer-refuses", true), 0);
	ck_assert_int_eq(reason_index(get("classify/rec_internals.c:struct ri_eq.runq"),
				      "rec.manual-internals", false),
			 0);
	/* the low-rate event without a busy-wait keeps BH, with a workqueue alternative */
	ck_assert(has_alternative(get("classify/rec_low_rate.c:struct lr_port.reset_tasklet"),
				  "workqueue"));
}
END_TEST

START_TEST(test_contexts_through_call_graph)
{
	const ta_tasklet *ib = get("classify/isr_bh.c:struct ib_dev.bh");

	/* the schedule sits in ib_ack(), which only ib_isr() calls */
	ck_assert_uint_eq(ta_site_context_of(ib, 0)->roles, TA_ROLE_BIT(TA_ROLE_HARDIRQ));
	ck_assert_ptr_nonnull(strstr(ta_site_context_of(ib, 0)->context, "ib_isr() (a caller)"));
	/* the kill runs in ib_remove(), registered as .remove: process context, run once */
	ck_assert_uint_eq(ta_site_context_of(ib, 1)->roles,
			  TA_ROLE_BIT(TA_ROLE_PROCESS) | TA_ROLE_BIT(TA_ROLE_KICK));
}
END_TEST

/* The site of api at line, or NULL. */
static const ta_site *site_at(const ta_tasklet *t, enum ta_api api, unsigned line)
{
	for (size_t i = 0; i < t->n_sites; i++)
		if (t->sites[i].api == api && t->sites[i].line == line)
			return &t->sites[i];
	return NULL;
}

START_TEST(test_schedule_wrappers)
{
	const ta_audit *a = tu_classified();
	const ta_tasklet *rx = get("index/sched_wrapper.c:struct sw_port.rx");
	const ta_tasklet *tx = get("index/sched_wrapper.c:struct sw_port.tx");
	const ta_site *s;
	size_t unresolved = 0;

	/* the wrapper's call is the site, in its caller, with its caller's context */
	s = site_at(rx, TA_API_SCHEDULE, 74);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->function, "sw_isr");
	ck_assert_str_eq(s->via, "sw_tasklet_schedule() -> tasklet_schedule at "
				 "index/sched_wrapper.c:30");
	ck_assert_uint_eq(ta_site_context_of(rx, (size_t)(s - rx->sites))->roles,
			  TA_ROLE_BIT(TA_ROLE_HARDIRQ));
	/* through a wrapper of the wrapper, and from the DMA callback */
	s = site_at(tx, TA_API_SCHEDULE, 75);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->via, "sw_kick() -> sw_tasklet_schedule() (index/sched_wrapper.c:36) "
				 "-> tasklet_schedule at index/sched_wrapper.c:30");
	s = site_at(tx, TA_API_SCHEDULE, 67);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(ta_site_context_of(tx, (size_t)(s - tx->sites))->roles,
			  TA_ROLE_BIT(TA_ROLE_DMA_CALLBACK));
	/* a kill wrapper */
	ck_assert_ptr_nonnull(site_at(rx, TA_API_KILL, 94));
	ck_assert_ptr_nonnull(site_at(tx, TA_API_KILL, 95));
	/* the wrappers' own API calls stay unresolved (the BH writer converts the wrapper
	 * from them), and so does the helper's that nobody hands a tasklet */
	for (size_t i = 0; i < a->n_unresolved; i++) {
		const ta_site *u = &a->unresolved[i];
		if (!u->file || strcmp(u->file, "index/sched_wrapper.c") != 0)
			continue;
		ck_assert_ptr_null(u->via);
		unresolved++;
	}
	ck_assert_uint_eq(unresolved, 3);
}
END_TEST

static Suite *classify_suite(void)
{
	Suite *s = suite_create("classify");
	TCase *tc = tcase_create("corpus");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_case_golden, 0, (int)n_cases);
	tcase_add_test(tc, test_no_stray_golden);
	tcase_add_loop_test(tc, test_class_and_mechanism, 0,
			    (int)(sizeof(expect) / sizeof(*expect)));
	tcase_add_test(tc, test_hi_users_keep_priority);
	tcase_add_test(tc, test_namesake_is_not_unused);
	tcase_add_test(tc, test_evidence_behind_process_mechanisms);
	tcase_add_test(tc, test_bug_checks_and_near_misses);
	tcase_add_test(tc, test_bh_exclusion_blocks_workqueue);
	tcase_add_test(tc, test_contexts_through_call_graph);
	tcase_add_test(tc, test_schedule_wrappers);
	tcase_add_test(tc, test_rule_kinds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int rc;

	find_cases();
	tu_classified(); /* scan and classify once, before the runner forks */
	rc = tu_run(classify_suite());
	tu_strv_free(cases, n_cases);
	return rc;
}
