/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * subject.h - the subject line of a patch as the subsystem's own history
 * writes it ("dmaengine: qcom: bam_dma: ", "tcp: ", "crypto: atmel-aes - "),
 * and the few other things that depend on where the code lives: whether it
 * is a driver or core code (whose changelog does not say "the driver"),
 * and the subject tag a subsystem wants on a series ("PATCH net-next").
 *
 * Where the tree is a git repository the prefix is the one the last
 * commits touching the patch's files use most (`git log --no-merges -n N
 * --format=%s -- FILES`, N from the rules); otherwise, or when the history
 * gives none, it comes from rules/patch/subjects.json: the longest "path"
 * that is a string prefix of the patch's files (their common prefix, so
 * "drivers/net/wireless/ath/ath9k/htc" names the htc_*.c files) gives a
 * template with {dir} (the first directory below the rule's path) and
 * {driver} (the driver: a multi-file driver's directory, else the file's
 * base name, a generic one such as core.c replaced by its directory);
 * a path no rule names gets "{dir}: {driver}:" from the root.  The file
 * name alone never decides.  No two subjects of one run are the same: a
 * repeat gets the base name of its first .c file, then a number.
 *
 * A ta_subjects owns its rules, the subjects handed out so far and every
 * string it returns unless a function says the caller frees it;
 * ta_subjects_free() releases all and clears the caller's pointer.
 */
#ifndef TA_SUBJECT_H
#define TA_SUBJECT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ta_subjects ta_subjects;

/*
 * rules_dir/patch/subjects.json for the tree at tree_root (NULL: no
 * history is read).  NULL after one error line naming the file.
 */
ta_subjects *ta_subjects_load(const char *rules_dir, const char *tree_root);
/* The same from a text (tests, fuzzing); name is used in errors. */
ta_subjects *ta_subjects_parse(const char *name, const char *text, const char *tree_root);
void ta_subjects_free(ta_subjects **s);

/* Where a prefix came from, for the notes and the tests. */
enum ta_prefix_source { TA_PREFIX_HISTORY, TA_PREFIX_RULE, TA_PREFIX_DEFAULT };

/*
 * The prefix of a patch changing paths[0..n) (tree-relative; the first .c
 * file among them names the driver), with its final ":" or " -"
 * ("dmaengine: pl330:").  The caller frees it.
 */
char *ta_subject_prefix(ta_subjects *s, const char *const *paths, size_t n,
			enum ta_prefix_source *source);

/*
 * "PREFIX SUMMARY", unique in this ta_subjects: a subject already handed
 * out gets another component before its final separator (the first .c
 * file's base name, then "2", "3"...).  The caller frees it.
 */
char *ta_subject_claim(ta_subjects *s, const char *prefix, const char *summary,
		       const char *const *paths, size_t n);

/*
 * NULL for a driver's patch; for core code (every path under a "core"
 * entry of the rules: kernel/, net/, mm/...), the intro the rules give its
 * changelog for mechanism ("bh", "wq"...), with {name} replaced by the
 * name of the first path's longest entry ("TCP Small Queues"); NULL when
 * they have no core intro for it.  The caller frees it.
 */
char *ta_subject_core_intro(const ta_subjects *s, const char *const *paths, size_t n,
			    const char *mechanism);

/* The tag a series of the MAINTAINERS section wants ("net-next"), or NULL. */
const char *ta_subject_series_tag(const ta_subjects *s, const char *section);

/*
 * The prefix a subject line starts with ("dmaengine: qcom: bam_dma:" of
 * "dmaengine: qcom: bam_dma: Fix x", "crypto: atmel-aes -" of
 * "crypto: atmel-aes - Fix x"), NULL when it has none (a revert, a merge,
 * "treewide:").  The caller frees it.
 */
char *ta_subject_prefix_of(const char *subject);

#endif
