/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * behavior.h - the behaviour verdict of a classified tasklet: builds its
 * usage protocol (refcore_protocol.h) from the sites the indexer found and
 * the contexts the classifier gave them, runs the reference-core checker
 * (refcore_check.h) against the model of the recommended mechanism, and
 * keeps the comparison as plain strings.
 *
 * A ta_behavior owns every string and array in it; ta_behavior_free()
 * releases it and clears the caller's pointer.  ta_behavior_check_all()
 * stores one on each tasklet of an audit (ta_tasklet.behavior), which the
 * audit then frees with the tasklet (through the field tables, fields.h,
 * as ta_behavior_free() does).  Pure C: no libclang, no curses, no cJSON.
 */
#ifndef TA_BEHAVIOR_H
#define TA_BEHAVIOR_H

#include <stdbool.h>
#include <stddef.h>

#include "audit.h"
#include "refcore_check.h"
#include "refcore_protocol.h"

/* Caps that keep one tasklet's search small (see the man page). */
/* driver and remove actors, the twin included */
#define TA_BEHAVIOR_MAX_ACTORS TA_PROTO_MAX_ACTORS
#define TA_BEHAVIOR_MAX_NOTES 8  /* notes kept; one more says how many were left out */
#define TA_BEHAVIOR_SITE_NAMES 3 /* sites named in one operation's "@SITE" text */
/* The checker's bounds for an audit: trace length, states per model, self re-schedules. */
#define TA_BEHAVIOR_OPTS TA_RC_OPTS_DEFAULT

/* One protocol operation a difference's traces involve, with its source sites. */
struct ta_behavior_op {
	enum ta_proto_opk kind;
	char **sites; /* "file:line" */
	size_t n_sites;
};

/* One observable difference (or a hazard the conversion keeps). */
struct ta_behavior_diff {
	char *property;          /* "pending-on-kill", ... (ta_rc_prop_name) */
	char *explanation;       /* one sentence */
	bool safety;             /* the replacement breaks a safety property the tasklet kept */
	char *trace_model;       /* "tasklet" or the target the trace runs on */
	const char *observation; /* what the trace shows, e.g. "KILL_KEPT" (static) */
	char **trace;            /* the shortest trace, one event a line */
	size_t n_trace;
	char *other_model; /* the contrasting trace's model, or NULL */
	char **other_trace;
	size_t n_other_trace;
	char **lines; /* "file:line" of every source site the traces involve */
	size_t n_lines;
	struct ta_behavior_op *ops; /* the operations behind those lines, first seen first */
	size_t n_ops;
	/* filled by ta_relevance_assess() (relevance.h) */
	const char *relevance; /* "benign" or "observable" (static), or NULL */
	char *relevance_rule;  /* the rules/behavior.json rule that decided it */
	char *relevance_reason;
};

typedef struct ta_behavior {
	const char *verdict; /* "equivalent", "differs", "unsafe" or "not_checked" (static) */
	char *reason;        /* not_checked: why; NULL otherwise */
	const char *target;  /* the checker's target (ta_rc_target_name(); static), or NULL */
	size_t states_explored;
	bool complete;  /* no bound cut the search short */
	char *protocol; /* the usage protocol in text form, or NULL */
	char **notes;   /* assumptions and caps taken while building the protocol */
	size_t n_notes;
	struct ta_behavior_diff *diffs;
	size_t n_diffs;
	struct ta_behavior_diff *hazards; /* safety violations the tasklet has and keeps */
	size_t n_hazards;
	bool enable_and_queue; /* tasklet_enable() modelled as enable_and_queue_work() */
	/* filled by ta_relevance_assess(): "equivalent", "benign", "review" or
	 * "unsafe" (static); NULL when not checked */
	const char *assessment;
} ta_behavior;

/*
 * The checker target for a recommended mechanism (its reference-core
 * model in the registry, mechanism.h): 0 and *to set, or -1 for manual,
 * NULL and anything else.
 */
int ta_behavior_target(const char *mechanism, enum ta_rc_target *to);

/*
 * Build t's usage protocol for mechanism and compare.  Never fails for a
 * tasklet: a mechanism without a model, or a tasklet without an active use
 * site, gives verdict "not_checked" with a reason.  opts may be NULL
 * (TA_BEHAVIOR_OPTS).  NULL only when t is NULL.  Caller frees.
 */
ta_behavior *ta_behavior_check(const ta_tasklet *t, const char *mechanism,
			       const struct ta_rc_opts *opts);
void ta_behavior_free(ta_behavior **b);

/*
 * How the patch writer maps the tasklet, when it differs from the default
 * (ta_behavior_check()): tasklet_enable() as enable_work() (0) or
 * enable_and_queue_work() (1), or -1 for the default (the latter when
 * the tasklet is scheduled); skip[i] leaves t->sites[i] out of the
 * protocol (a site the writer maps to something the reference core does
 * not model, such as a disable/enable barrier become flush_work()).
 */
struct ta_behavior_as {
	int enable_and_queue;
	const bool *skip; /* NULL, or one flag per t->sites[] */
};

/* ta_behavior_check() with the writer's mapping; as may be NULL (the default). */
ta_behavior *ta_behavior_check_as(const ta_tasklet *t, const char *mechanism,
				  const struct ta_rc_opts *opts, const struct ta_behavior_as *as);

/*
 * Check every tasklet of a classified audit against its recommendation,
 * replacing any earlier result, and record the time in a->behavior_seconds.
 * Does nothing when a is NULL or not classified.
 */
void ta_behavior_check_all(ta_audit *a);

#endif
