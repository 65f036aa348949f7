/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rules.h - the classification and recommendation knowledge, loaded from
 * the JSON files of a rules directory (rules/ by default): how a
 * function's execution context is learnt (roles), what a callback does
 * (traits), the classes, the recommendations and the bug checks, and the
 * mechanisms' queue names from the conversion rules beside them
 * (patch/conversions.json).
 *
 * ta_rules_load() reads and validates everything before any work starts;
 * a malformed file gets one error naming the file, line and problem.  The
 * returned ta_rules owns all its strings and condition trees; it is
 * read-only for consumers; ta_rules_free() releases it.
 */
#ifndef TA_RULES_H
#define TA_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mechanism.h"

/* Execution contexts a function can have. */
#define TA_ROLE_LIST(X)                                                                            \
	X(HARDIRQ, "hardirq")                                                                      \
	X(IRQ_THREAD, "irq_thread")                                                                \
	X(TIMER, "timer")                                                                          \
	X(WORKQUEUE, "workqueue")                                                                  \
	X(NAPI, "napi")                                                                            \
	X(DMA_CALLBACK, "dma_callback")                                                            \
	X(URB_COMPLETE, "urb_complete")                                                            \
	X(SOFTIRQ, "softirq")                                                                      \
	X(PROCESS, "process")                                                                      \
	X(TASKLET, "tasklet")                                                                      \
	X(SELF, "self")                                                                            \
	X(KICK, "kick")                                                                            \
	X(UNKNOWN, "unknown")

enum ta_role {
#define X(e, name) TA_ROLE_##e,
	TA_ROLE_LIST(X)
#undef X
		TA_ROLE_COUNT
};
#define TA_ROLE_BIT(r) (1u << (r))
/* Roles in which the code runs atomically (it must not sleep). */
#define TA_ROLES_ATOMIC                                                                            \
	(TA_ROLE_BIT(TA_ROLE_HARDIRQ) | TA_ROLE_BIT(TA_ROLE_TIMER) | TA_ROLE_BIT(TA_ROLE_NAPI) |   \
	 TA_ROLE_BIT(TA_ROLE_DMA_CALLBACK) | TA_ROLE_BIT(TA_ROLE_URB_COMPLETE) |                   \
	 TA_ROLE_BIT(TA_ROLE_SOFTIRQ) | TA_ROLE_BIT(TA_ROLE_TASKLET) | TA_ROLE_BIT(TA_ROLE_SELF))

const char *ta_role_name(enum ta_role role);
/* -1 when unknown. */
int ta_role_from_name(const char *name);

/* The bug checks the classifier implements (findings.json names them). */
#define TA_CHECK_LIST(X)                                                                           \
	X(CALLBACK_SLEEPS, "callback_sleeps")                                                      \
	X(SYNC_IN_ATOMIC, "sync_in_atomic")                                                        \
	X(KILL_DISABLED, "kill_disabled")                                                          \
	X(CONTAINER_MISMATCH, "container_mismatch")                                                \
	X(NO_KILL, "no_kill")                                                                      \
	X(KILL_BEFORE_QUIESCE, "kill_before_quiesce")                                              \
	X(DATA_NOT_CONTAINER, "data_not_container")                                                \
	X(OPEN_CODED, "open_coded")

enum ta_check {
#define X(e, name) TA_CHECK_##e,
	TA_CHECK_LIST(X)
#undef X
		TA_CHECK_COUNT
};

typedef struct ta_strlist {
	char **v;
	size_t n;
} ta_strlist;

bool ta_strlist_has(const ta_strlist *l, const char *s);
bool ta_strlist_has_prefix_of(const ta_strlist *l, const char *s);

/* A condition of classes.json / recommendations.json. */
enum ta_cond_kind {
	TA_COND_ALL,
	TA_COND_ANY,
	TA_COND_NOT,
	TA_COND_SITE, /* strs[0]: a use-site API name */
	TA_COND_HI,
	TA_COND_SELF_RESCHEDULE,
	TA_COND_CONTEXTS_ONLY, /* roles */
	TA_COND_CONTEXT_ANY,   /* roles */
	TA_COND_TRAIT,         /* strs[0] */
	TA_COND_SUBSYSTEM,     /* strs: path prefixes */
	TA_COND_SCHEDULED,
	TA_COND_COMPILED_OUT, /* every schedule site is compiled out by the configuration */
	/* no schedule site, but a namesake field of another struct of the driver has one */
	TA_COND_NAMESAKE_SCHEDULED,
	TA_COND_BH_EXCLUSION,
	TA_COND_INIT_API, /* strs */
	TA_COND_CLASS,    /* strs */
	TA_COND_PRIMARY_ONLY,
	TA_COND_MULTI_DRIVER,
	TA_COND_PRODUCER_WAITS,   /* strs: every schedule site's function then calls one of these */
	TA_COND_LOCK_HELD,        /* some schedule site holds a spinlock */
	TA_COND_NAMED,            /* strs: a word of the callback's or the tasklet's name */
	TA_COND_DRIVER_REGISTERS, /* strs: a file of the tasklet registers a function so */
	TA_COND_INTERNALS_BEYOND, /* strs: an internals site touches something else than these */
	/* behavior.json only: facts of one difference of the reference core */
	TA_COND_TRACE_OP,           /* strs: protocol operations its traces involve (any) */
	TA_COND_KILL_IN,            /* strs: every kill it involves is in a function ending so */
	TA_COND_DISABLE_IN,         /* strs: every disable it involves is in a function ending so */
	TA_COND_ENABLE_AND_QUEUE,   /* tasklet_enable() is modelled as enable_and_queue_work() */
	TA_COND_REPLACEMENT_BREAKS, /* the replacement breaks what the tasklet kept */
	TA_COND_LOST_RUN_ENDS_WITH, /* strs: a lost-run difference ending with one of these ops */
	TA_COND_SHOWN_ON_TASKLET,   /* its trace runs on the tasklet: the tasklet does it */
	TA_COND_TRACE_ENDS_WITH,    /* strs: its traces end with one of these operations */
	TA_COND_TRACE_SHOWS,        /* strs: its trace shows one of these observations */
};
/* Is a condition kind about one difference (behavior.json) rather than the tasklet? */
bool ta_cond_kind_is_difference(enum ta_cond_kind kind);

typedef struct ta_cond {
	enum ta_cond_kind kind;
	bool value;     /* for the boolean kinds: the wanted value */
	unsigned roles; /* role bits */
	ta_strlist strs;
	struct ta_cond **kids;
	size_t n_kids;
} ta_cond;

typedef struct ta_role_rule {
	char *id, *text;
	enum ta_role role;
	char *call;                 /* registration call ... */
	int arg;                    /* ... and the argument index holding the function */
	char *field;                /* or "struct foo.field" the function is stored in */
	ta_strlist fields;          /* or any of these "struct foo.field" */
	ta_strlist field_names;     /* or any field with one of these names ... */
	ta_strlist structs;         /* ... in one of these structs ("struct dev_pm_ops") ... */
	ta_strlist struct_suffixes; /* ... or in a struct whose name ends so ("_driver") */
	ta_strlist suffixes;        /* or a function name ending (weak evidence) */
	char *returns;              /* or a return type ("irqreturn_t", weak evidence) */
	ta_strlist body_calls;      /* or a body rule: the function itself calls one of these */
	bool weak;
	bool kick;     /* a producer that runs once (probe, open, resume, remove) */
	bool contract; /* what the subsystem allows: a body rule may say otherwise */
} ta_role_rule;

typedef struct ta_trait_rule {
	char *id, *trait, *text;
	ta_strlist calls, prefixes, macros;
	/* the trait holds when every call of the callback graph matches (macros aside) */
	bool every_call;
} ta_trait_rule;

typedef struct ta_lock_rules {
	char *id;
	ta_strlist bh_acquire, bh_calls, atomic_acquire, atomic_release;
} ta_lock_rules;

typedef struct ta_class_rule {
	char *id, *cls, *description;
	ta_cond *when;
} ta_class_rule;

typedef struct ta_rec_rule {
	char *id, *text;
	bool adds;       /* contributes to the decided recommendation */
	char *mechanism; /* deciding rules */
	char *queue;     /* "auto" (the mechanism's queue or hi_queue) or a queue name */
	double confidence;
	double confidence_delta;
	char *alternative;   /* adds */
	char *blocks;        /* adds: a mechanism this rules out */
	ta_strlist blockers; /* site APIs that block a mechanical rewrite */
	ta_strlist fallback; /* deciding rules: what to recommend when the writer refuses */
	ta_cond *when;
} ta_rec_rule;

/* behavior.json: how much one difference of the reference core matters. */
typedef struct ta_relevance_rule {
	char *id, *text;       /* text: the reason, with {kill}, {kill_function}, {enable} */
	ta_strlist properties; /* the checker properties it is about ("*": any) */
	bool observable;       /* "relevance": "observable", else "benign" */
	ta_cond *when;         /* NULL: always */
} ta_relevance_rule;

typedef struct ta_finding_rule {
	char *id, *severity, *text;
	enum ta_check check;
	ta_strlist calls; /* kill_before_quiesce: the calls that quiesce an interrupt */
} ta_finding_rule;

typedef struct ta_rules {
	char *dir;
	ta_role_rule *roles;
	size_t n_roles, cap_roles;
	ta_trait_rule *traits;
	size_t n_traits, cap_traits;
	ta_lock_rules locks;
	ta_class_rule *classes;
	size_t n_classes, cap_classes;
	ta_rec_rule *recs;
	size_t n_recs, cap_recs;
	ta_finding_rule *findings;
	size_t n_findings, cap_findings;
	ta_relevance_rule *relevance; /* first match wins */
	size_t n_relevance, cap_relevance;
	/*
	 * Each mechanism's queue and high-priority queue, from
	 * patch/conversions.json (NULL: it has none, or the rules were parsed
	 * from a text).
	 */
	char *queue[TA_MECH_COUNT], *hi_queue[TA_MECH_COUNT];
} ta_rules;

/*
 * The bundled rules directory: an installed binary's is the installed copy
 * (PREFIX/share/tasklet-audit/rules), one run from the build tree the source
 * tree's rules/; each falls back to the other (ta_bundled_path()).
 */
const char *ta_rules_default_dir(void);
/* NULL after one error line "file:line:col: error: problem". */
ta_rules *ta_rules_load(const char *dir);
void ta_rules_free(ta_rules **r);
/* Parse rules from one text (for tests); name is used in errors. */
ta_rules *ta_rules_parse_text(const char *name, const char *text);
/* Print every rule id with its kind and text, one per line. */
void ta_rules_list(const ta_rules *r, FILE *fp);

#endif
