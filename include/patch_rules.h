/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_rules.h - the conversion knowledge of rules/patch/conversions.json:
 * the modernization's changelog, and for each
 * replacement mechanism (bh, wq, threaded-irq, timer) the mapping of every tasklet API to its
 * counterpart, the symbols the tree must declare and the semantic note
 * each mapping adds to the changelog.
 *
 * ta_patch_rules_load() validates everything; the result owns all its
 * strings and is read-only for consumers; ta_patch_rules_free() releases it.
 */
#ifndef TA_PATCH_RULES_H
#define TA_PATCH_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "facts.h"

/*
 * CALL: rename the call (and put the queue first); INIT/DECLARE: the
 * initializer; REMOVE: drop the statement; WAKE: the primary handler
 * returns the wake value instead (threaded IRQ); INLINE: call the callback
 * directly (timer); REFUSE: no mechanical counterpart; NONE: not said.
 */
enum ta_map_kind {
	TA_MAP_CALL,
	TA_MAP_INIT,
	TA_MAP_DECLARE,
	TA_MAP_REMOVE,
	TA_MAP_WAKE,
	TA_MAP_INLINE,
	TA_MAP_REFUSE,
	TA_MAP_NONE
};
enum ta_map_queue { TA_Q_NONE, TA_Q_NORMAL, TA_Q_HI, TA_Q_OWN };

typedef struct ta_api_map {
	enum ta_map_kind kind;   /* TA_MAP_NONE: the file does not say (refused) */
	char *call;              /* the replacement function or macro */
	char *unscheduled_call;  /* the plain form (enable_work): never scheduled, or no lost run */
	enum ta_map_queue queue; /* the queue argument placed first */
	char *note;              /* semantic change, for the changelog (may be NULL) */
	char *refuse;            /* why there is no mechanical counterpart */
	char **requires;         /* symbols the tree must declare */
	size_t n_requires;
	/*
	 * tasklet_disable: a disable followed at once by the enable only
	 * waits for a running callback:
	 * it becomes barrier_call and the enable goes, with barrier_note.
	 */
	char *barrier_call, *barrier_note;
	/*
	 * tasklet_kill: where the driver relies on the pending run it lets
	 * happen (the check finds its loss observable, or the comment before
	 * the kill says so with one of flush_words), flush_call comes first,
	 * with flush_note.
	 */
	char *flush_call, *flush_note;
	char **flush_words;
	size_t n_flush_words;
	/* tasklet_enable: the changelog line when it becomes unscheduled_call (the plain form) */
	char *plain_note;
	/*
	 * DECLARE_TASKLET_DISABLED*: the call that disables the work item,
	 * declared enabled, at the driver's init point (ta_init_points), and
	 * the changelog line saying so ("%s" the init function, then the
	 * work item).
	 */
	char *start_call, *start_note;
} ta_api_map;

/*
 * What makes a function a driver's init point, where a work item declared
 * enabled is disabled before anything can queue it: being registered in a
 * field named one of fields of a struct whose name ends with one of
 * struct_suffixes (a driver's probe), or a definition carrying one of
 * markers (__init: module init code).
 */
typedef struct ta_init_points {
	char **fields, **struct_suffixes, **markers;
	size_t n_fields, n_struct_suffixes, n_markers;
} ta_init_points;

/*
 * How the function that schedules the tasklet is registered ("call:request_irq:1"):
 * accepted, renamed (call) with the callback inserted after argument
 * thread_arg (or put in place of the NULL argument null_arg) and flag
 * or-ed into argument flags_arg, or refused.
 */
typedef struct ta_registration_rule {
	char *context;  /* the registration as the indexer records it */
	char *call;     /* the replacement call, or NULL: kept */
	int thread_arg; /* insert the callback after this argument (-1: none) */
	int null_arg;   /* or put it in place of this argument, which must be NULL (-1: none) */
	int flags_arg;  /* or the mechanism's flag into this argument (-1: none) */
	char *refuse;   /* not convertible: why */
} ta_registration_rule;

typedef struct ta_mechanism_rules {
	char *name; /* the mechanism's --to name (mechanism.h) */
	char *subject, *intro, *context_note;
	char *target;         /* what it converts to, for a mixed patch ("BH workqueue") */
	char *one_queue_note; /* a tasklet scheduled both ways: why all sites use hi_queue */
	char *queue, *hi_queue;
	char *work_noun; /* foo_tasklet -> foo_<noun> ("bh_work", "work") */
	char **requires;
	size_t n_requires;
	bool bh_exclusion_ok; /* may a tasklet sharing spin_lock_bh data move? */
	/*
	 * When it may not as is: the lock calls that keep softirqs off, as the
	 * code excluding the tasklet uses them ("bh_calls"), the acquisitions
	 * that leave them on ("plain"), and how the callback's own plain calls
	 * are retaken ("retake": spin_lock -> spin_lock_bh, and the unlocks).
	 * No retake map: such a tasklet is refused.
	 */
	char **bh_calls, **plain_calls, **retake_from, **retake_to;
	size_t n_bh_calls, n_plain_calls, n_retake;
	/* threaded IRQ and timer: where the scheduling function must come from */
	char *schedule_role; /* the one context every schedule site runs in */
	ta_registration_rule *registrations;
	size_t n_registrations;
	char *flag;                       /* threaded IRQ: IRQF_ONESHOT */
	char *wake_value, *handled_value; /* IRQ_WAKE_THREAD, IRQ_HANDLED */
	/* lock calls that leave softirqs on: a lock the callback takes so and
	 * another function also takes may deadlock once it runs in a thread */
	char **plain_locks;
	size_t n_plain_locks;
	ta_init_points init_points; /* DECLARE_TASKLET_DISABLED*: where the start_call goes */
	ta_api_map apis[TA_API_COUNT];
} ta_mechanism_rules;

/*
 * The preparation patch written before a conversion when the tasklet's
 * data is not its container (rewrite_prep.h): its subject ("%s" is the
 * type the tasklet passed), its changelog's first paragraph, and the
 * accessor pairs whose getter, applied to the data, gives back what the
 * setter stored (dev_get_drvdata() after dev_set_drvdata()).  No
 * "preparation" section (subject NULL): no preparation is written.
 */
typedef struct ta_prep_rules {
	char *subject, *intro;
	char **getters, **setters; /* parallel */
	size_t n_accessors;
} ta_prep_rules;

typedef struct ta_patch_rules {
	char *file;
	char *setup_subject, *setup_intro;
	/* a --to auto patch over several mechanisms: "%s" is their targets joined */
	char *mixed_subject, *mixed_intro;
	char *mixed_noun; /* and the noun its renamed names take ("work"), or NULL */
	ta_prep_rules prep;
	ta_mechanism_rules *mechs;
	size_t n_mechs;
	/* IRQ requests whose handler gets the last argument as its dev_id */
	char **irq_cookie_calls;
	size_t n_irq_cookie_calls;
	/* the calls that take the dev_id back (free_irq): it goes nowhere else */
	char **irq_cookie_releases;
	size_t n_irq_cookie_releases;
} ta_patch_rules;

/* rules_dir/patch/conversions.json; NULL after one error line. */
ta_patch_rules *ta_patch_rules_load(const char *rules_dir);
/* The same from a text (for tests); name is used in errors. */
ta_patch_rules *ta_patch_rules_parse(const char *name, const char *text);
void ta_patch_rules_free(ta_patch_rules **r);
const ta_mechanism_rules *ta_patch_rules_mechanism(const ta_patch_rules *r, const char *name);

#endif
