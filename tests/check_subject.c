// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_subject.c - subject prefixes (subject.h): the prefix of a subject
 * line as the history writes it; the bundled rules on the paths whose
 * prefixes the 6.12 research found wrong (mhi, tcp, genirq, rds, b43legacy
 * pio, mt7601u, s390 ctcm) and on directory and file entries; templates
 * that drop empty and repeated components; the history of a git tree
 * winning over the rules; subjects kept unique in a run; the core-code
 * intro and the series tags; malformed rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subject.h"
#include "testutil.h"
#include "util.h"

static ta_subjects *bundled(const char *tree)
{
	ta_subjects *s = ta_subjects_load(TA_SOURCE_DIR "/rules", tree);

	ck_assert_ptr_nonnull(s);
	return s;
}

/* The prefix of a patch changing the space-separated paths. */
static char *prefix_for(ta_subjects *s, const char *list, enum ta_prefix_source *src)
{
	char *copy = xstrdup(list), *save = NULL, *out;
	const char *paths[16];
	size_t n = 0;

	for (char *t = strtok_r(copy, " ", &save); t && n < 16; t = strtok_r(NULL, " ", &save))
		paths[n++] = t;
	out = ta_subject_prefix(s, paths, n, src);
	free(copy);
	return out;
}

#define EXPECT_PREFIX(s, list, want)                                                               \
	do {                                                                                       \
		char *got_ = prefix_for(s, list, NULL);                                            \
		ck_assert_str_eq(got_, want);                                                      \
		free(got_);                                                                        \
	} while (0)

START_TEST(test_prefix_of_subject)
{
	static const struct {
		const char *subject, *prefix;
	} cases[] = {
		{"dmaengine: qcom: bam_dma: Fix a race", "dmaengine: qcom: bam_dma:"},
		{"tcp: fix the TSQ flags", "tcp:"},
		{"crypto: atmel-aes - Fix a leak", "crypto: atmel-aes -"},
		{"net/mlx5: Fix: the thing", "net/mlx5: Fix:"},
		{"Drivers: hv: vmbus: Remove x", "Drivers: hv: vmbus:"},
		{"Revert \"tcp: foo\"", NULL},
		{"Merge branch 'x'", NULL},
		{"treewide: Switch to y", NULL},
		{"no prefix at all", NULL},
		{"a long first part: then", NULL},
		{"dmaengine: ", NULL},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		char *p = ta_subject_prefix_of(cases[i].subject);
		if (cases[i].prefix)
			ck_assert_msg(p && strcmp(p, cases[i].prefix) == 0, "%s: got %s",
				      cases[i].subject, p ? p : "NULL");
		else
			ck_assert_msg(!p, "%s: got %s", cases[i].subject, p);
		free(p);
	}
	ck_assert_ptr_null(ta_subject_prefix_of(NULL));
}
END_TEST

/* The prefixes the research found wrong on 6.12, and the rules' shapes. */
START_TEST(test_bundled_rules)
{
	ta_subjects *s = bundled(NULL);
	enum ta_prefix_source src = TA_PREFIX_HISTORY;
	char *p;

	EXPECT_PREFIX(s,
		      "drivers/bus/mhi/host/internal.h drivers/bus/mhi/host/init.c "
		      "drivers/bus/mhi/host/main.c",
		      "bus: mhi: host:");
	EXPECT_PREFIX(s, "net/ipv4/tcp_output.c", "tcp:");
	EXPECT_PREFIX(s, "kernel/irq/resend.c", "genirq:");
	EXPECT_PREFIX(s, "net/rds/ib.h net/rds/ib_cm.c", "net/rds:");
	EXPECT_PREFIX(s,
		      "drivers/net/wireless/broadcom/b43legacy/pio.h "
		      "drivers/net/wireless/broadcom/b43legacy/pio.c",
		      "wifi: b43legacy:");
	EXPECT_PREFIX(s,
		      "drivers/net/wireless/mediatek/mt7601u/mt7601u.h "
		      "drivers/net/wireless/mediatek/mt7601u/dma.c",
		      "wifi: mt7601u:");
	/* a driver's own directory named by a rule, not by its first file (pm8001_init) */
	EXPECT_PREFIX(s, "drivers/scsi/pm8001/pm8001_sas.h drivers/scsi/pm8001/pm8001_init.c",
		      "scsi: pm8001:");
	EXPECT_PREFIX(s, "drivers/crypto/ccree/cc_fips.c", "crypto: ccree -");
	/* a driver family's .c files in several directories: the directory they share */
	EXPECT_PREFIX(s,
		      "drivers/net/wireless/mediatek/mt76/mt7603/beacon.c "
		      "drivers/net/wireless/mediatek/mt76/mt7603/core.c "
		      "drivers/net/wireless/mediatek/mt76/mt76.h "
		      "drivers/net/wireless/mediatek/mt76/mt76x02_mmio.c",
		      "wifi: mt76:");
	/* near miss: one directory's .c files and a header elsewhere keep that directory */
	EXPECT_PREFIX(s,
		      "drivers/net/wireless/mediatek/mt76/mt7615/mmio.c "
		      "drivers/net/wireless/mediatek/mt76/mt7615/pci.c "
		      "drivers/net/wireless/mediatek/mt76/mt76.h",
		      "wifi: mt7615:");
	EXPECT_PREFIX(s, "drivers/s390/net/ctcm_main.h drivers/s390/net/ctcm_main.c", "s390/ctcm:");
	EXPECT_PREFIX(s, "drivers/dma/pl330.c", "dmaengine: pl330:");
	EXPECT_PREFIX(s, "drivers/dma/qcom/bam_dma.c", "dmaengine: qcom: bam_dma:");
	EXPECT_PREFIX(
		s, "drivers/net/wireless/ath/ath9k/ath9k.h drivers/net/wireless/ath/ath9k/init.c",
		"wifi: ath9k:");
	/* a file-name prefix entry: the htc_*.c files of the same directory */
	EXPECT_PREFIX(s,
		      "drivers/net/wireless/ath/ath9k/htc.h "
		      "drivers/net/wireless/ath/ath9k/htc_drv_init.c",
		      "wifi: ath9k_htc:");
	EXPECT_PREFIX(s, "drivers/crypto/atmel-aes.c", "crypto: atmel-aes -");
	/* a generic file name is its directory's */
	EXPECT_PREFIX(s, "drivers/crypto/qce/core.h drivers/crypto/qce/core.c", "crypto: qce -");
	EXPECT_PREFIX(s, "drivers/infiniband/hw/irdma/main.h drivers/infiniband/hw/irdma/hw.c",
		      "RDMA/irdma:");
	EXPECT_PREFIX(s, "drivers/staging/rtl8192e/rtl8192e/rtl_core.c", "staging: rtl8192e:");
	/* no rule: {dir}: {driver}: from the root, a repeat dropped */
	p = prefix_for(s, "patch/bh/bh_basic.c", &src);
	ck_assert_str_eq(p, "patch: bh_basic:");
	ck_assert_int_eq(src, TA_PREFIX_DEFAULT);
	free(p);
	EXPECT_PREFIX(s, "foo/a.c foo/b.c", "foo:");
	EXPECT_PREFIX(s, "a.c", "a:");
	p = prefix_for(s, "drivers/dma/pl330.c", &src);
	ck_assert_int_eq(src, TA_PREFIX_RULE);
	free(p);
	ta_subjects_free(&s);
	ck_assert_ptr_null(s);
	ta_subjects_free(&s);
}
END_TEST

static const char rules_text[] =
	"/* a comment */ {\"version\": 1, \"history_commits\": 20,\n"
	" \"prefixes\": [{\"path\": \"drivers/\", \"prefix\": \"{dir}: {driver}:\"},\n"
	"  {\"path\": \"drivers/x/\", \"prefix\": \"x: {driver} -\"},\n"
	"  {\"path\": \"drivers/y/\", \"prefix\": \"RDMA/{driver}:\"},\n"
	"  {\"path\": \"drivers/z/\", \"prefix\": \"z: {dir}: {driver}:\"}],\n"
	" \"core\": [{\"path\": \"net/\", \"name\": \"networking\"},\n"
	"  {\"path\": \"net/ipv4/tcp\", \"name\": \"TCP\"}],\n"
	" \"core_intro\": {\"bh\": \"This converts {name}.\"},\n"
	" \"series_tags\": [{\"section\": \"NET\", \"tag\": \"net-next\"}]}";

START_TEST(test_templates)
{
	ta_subjects *s = ta_subjects_parse("t.json", rules_text, NULL);

	ck_assert_ptr_nonnull(s);
	EXPECT_PREFIX(s, "drivers/x/foo.c", "x: foo -");
	/* empty parts dropped, a dangling '/' trimmed */
	EXPECT_PREFIX(s, "drivers/x/a/b.c drivers/x/a/c.c", "x: a -");
	EXPECT_PREFIX(s, "drivers/x/b.c drivers/x/c.c", "x -");
	EXPECT_PREFIX(s, "drivers/y/b.c drivers/y/c.c", "RDMA:");
	EXPECT_PREFIX(s, "drivers/z/sub/sub.c", "z: sub:");
	EXPECT_PREFIX(s, "drivers/w/core.c", "w:");
	EXPECT_PREFIX(s, "drivers/w/v/core.c", "w: v:");
	ta_subjects_free(&s);
}
END_TEST

START_TEST(test_unique_subjects)
{
	ta_subjects *s = ta_subjects_parse("t.json", rules_text, NULL);
	const char *main_c[] = {"drivers/b43legacy/b43legacy.h", "drivers/b43legacy/main.c"};
	const char *pio[] = {"drivers/b43legacy/pio.h", "drivers/b43legacy/pio.c"};
	const char *pio2[] = {"drivers/b43legacy/pio.c"};
	char *a = ta_subject_claim(s, "wifi: b43legacy:", "Convert", main_c, 2);
	char *b = ta_subject_claim(s, "wifi: b43legacy:", "Convert", pio, 2);
	char *c = ta_subject_claim(s, "wifi: b43legacy:", "Convert", pio2, 1);
	char *d = ta_subject_claim(s, "crypto: x -", "Convert", pio2, 1);
	char *e = ta_subject_claim(s, "crypto: x -", "Convert", pio2, 1);

	ck_assert_str_eq(a, "wifi: b43legacy: Convert");
	ck_assert_str_eq(b, "wifi: b43legacy: pio: Convert");
	ck_assert_str_eq(c, "wifi: b43legacy: 2: Convert");
	ck_assert_str_eq(d, "crypto: x - Convert");
	ck_assert_str_eq(e, "crypto: x: pio - Convert");
	free(a);
	free(b);
	free(c);
	free(d);
	free(e);
	ta_subjects_free(&s);
}
END_TEST

START_TEST(test_core_and_tags)
{
	ta_subjects *s = ta_subjects_parse("t.json", rules_text, NULL);
	const char *tcp[] = {"net/ipv4/tcp_output.c"};
	const char *mixed[] = {"net/core/dev.c", "drivers/net/x.c"};
	const char *drv[] = {"drivers/net/x.c"};
	const char *udp[] = {"net/ipv4/udp.c"};
	char *i;

	i = ta_subject_core_intro(s, tcp, 1, "bh");
	ck_assert_str_eq(i, "This converts TCP.");
	free(i);
	i = ta_subject_core_intro(s, udp, 1, "bh");
	ck_assert_str_eq(i, "This converts networking.");
	free(i);
	ck_assert_ptr_null(ta_subject_core_intro(s, tcp, 1, "wq"));
	ck_assert_ptr_null(ta_subject_core_intro(s, drv, 1, "bh"));
	ck_assert_ptr_null(ta_subject_core_intro(s, mixed, 2, "bh"));
	ck_assert_str_eq(ta_subject_series_tag(s, "NET"), "net-next");
	ck_assert_ptr_null(ta_subject_series_tag(s, "DMA"));
	ck_assert_ptr_null(ta_subject_series_tag(s, NULL));
	ta_subjects_free(&s);
	/* the bundled rules: TCP and genirq are not "the driver" */
	s = bundled(NULL);
	i = ta_subject_core_intro(s, tcp, 1, "bh");
	ck_assert_ptr_nonnull(strstr(i, "This patch converts TCP Small Queues from tasklet"));
	free(i);
	ck_assert_ptr_null(ta_subject_core_intro(s, drv, 1, "bh"));
	ck_assert_str_eq(ta_subject_series_tag(s, "NETWORKING DRIVERS"), "net-next");
	ta_subjects_free(&s);
}
END_TEST

/* A git tree: the prefix its history uses most wins over the rules. */
START_TEST(test_history)
{
	char *tree = tu_mkdtemp();
	ta_subjects *s;
	enum ta_prefix_source src = TA_PREFIX_DEFAULT;
	char *p;

	tu_write(tree, "drivers/x/foo.c", "int a;\n");
	tu_write(tree, "drivers/x/bar.c", "int b;\n");
	ck_assert_int_eq(tu_sh("cd '%s' && git init -q && git add -A && "
			       "c() { echo \"$1\" >>\"$2\" && git add -A && "
			       "git -c user.name=t -c user.email=t@t commit -qm \"$3\"; } && "
			       "c 1 drivers/x/foo.c 'foo: Fix one' && "
			       "c 2 drivers/x/foo.c 'x: foo: Fix two' && "
			       "c 3 drivers/x/foo.c 'x: foo: Fix three' && "
			       "c 4 drivers/x/foo.c 'Revert \"x: y\"' && "
			       "c 5 drivers/x/bar.c 'xbar: Fix' && "
			       "c 6 drivers/x/foo.c 'treewide: Fix'",
			       tree),
			 0);
	s = ta_subjects_parse("t.json", rules_text, tree);
	ck_assert_ptr_nonnull(s);
	p = prefix_for(s, "drivers/x/foo.c", &src);
	ck_assert_str_eq(p, "x: foo:");
	ck_assert_int_eq(src, TA_PREFIX_HISTORY);
	free(p);
	EXPECT_PREFIX(s, "drivers/x/bar.c", "xbar:");
	/* no history for the path: the rules */
	p = prefix_for(s, "drivers/x/new.c", &src);
	ck_assert_str_eq(p, "x: new -");
	ck_assert_int_eq(src, TA_PREFIX_RULE);
	free(p);
	ta_subjects_free(&s);
	/* history_commits 0: the history is not read */
	s = ta_subjects_parse("t.json", "{\"version\": 1, \"history_commits\": 0}", tree);
	EXPECT_PREFIX(s, "drivers/x/foo.c", "drivers: foo:");
	ta_subjects_free(&s);
	tu_rmtree(&tree);
}
END_TEST

START_TEST(test_bad_rules)
{
	static const char *const bad[] = {
		"{",
		"[]",
		"{\"version\": 2}",
		"{\"version\": 1, \"prefix\": []}",
		"{\"version\": 1, \"prefixes\": {}}",
		"{\"version\": 1, \"prefixes\": [{\"path\": \"a/\"}]}",
		"{\"version\": 1, \"prefixes\": [{\"path\": \"a/\", \"prefix\": \"a\"}]}",
		"{\"version\": 1, \"prefixes\": [{\"path\": \"a/\", \"prefix\": \"a:\", \"x\": 1}]}",
		"{\"version\": 1, \"history_commits\": -1}",
		"{\"version\": 1, \"core_intro\": []}",
		"{\"version\": 1, \"core_intro\": {\"bh\": 1}}",
		"{\"version\": 1, \"series_tags\": [{\"section\": \"A\"}]}",
	};
	/* each names the line and column of the value and the problem */
	static const char *const want[] = {
		"bad.json:1:2: error: invalid JSON at the end of the file",
		"bad.json:1:1: error: the subject rules must be one JSON object",
		"bad.json:1:13: error: unsupported version (this tool reads 1)",
		"bad.json:1:16: error: unknown key 'prefix'",
		"bad.json:1:28: error: 'prefixes' is not an array",
		"bad.json:1:29: error: 'prefixes[0].prefix' is missing",
		"bad.json:1:29: error: prefix \"a\" must end with \":\" or \" -\"",
		"bad.json:1:60: error: unknown key 'prefixes[0].x'",
		"bad.json:1:35: error: 'history_commits' is not a non-negative integer",
		"bad.json:1:30: error: 'core_intro' is not an object",
		"bad.json:1:37: error: 'core_intro.bh' is not a string",
		"bad.json:1:32: error: 'series_tags[0].tag' is missing",
	};

	ck_assert_uint_eq(sizeof(bad) / sizeof(*bad), sizeof(want) / sizeof(*want));
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		ta_subjects *s;
		char *err;
		tu_stderr_begin();
		s = ta_subjects_parse("bad.json", bad[i], NULL);
		err = tu_stderr_end();
		ck_assert_msg(s == NULL, "accepted: %s", bad[i]);
		ck_assert_msg(ta_str_starts(err, want[i]), "'%s' is not '%s'", err, want[i]);
		ck_assert_msg(strchr(err, '\n') == err + strlen(err) - 1, "one line: %s", err);
		free(err);
	}
	{
		char *err;
		ta_subjects *s;
		tu_stderr_begin();
		s = ta_subjects_load("/nonexistent", NULL);
		err = tu_stderr_end();
		ck_assert_ptr_null(s);
		ck_assert_ptr_nonnull(
			strstr(err, "cannot read '/nonexistent/patch/subjects.json'"));
		free(err);
	}
}
END_TEST

static Suite *subject_suite(void)
{
	Suite *s = suite_create("subject");
	TCase *tc = tcase_create("subject");

	tcase_add_test(tc, test_prefix_of_subject);
	tcase_add_test(tc, test_bundled_rules);
	tcase_add_test(tc, test_templates);
	tcase_add_test(tc, test_unique_subjects);
	tcase_add_test(tc, test_core_and_tags);
	tcase_add_test(tc, test_history);
	tcase_add_test(tc, test_bad_rules);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(subject_suite());
}
