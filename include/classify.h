/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * classify.h - classifies every tasklet of an audit and recommends its
 * replacement, from the rules (rules.h) and the function-level facts the
 * indexer extracted: the execution context of each site (through the
 * registrations and the call graph of its file), what the callback does,
 * the locks it shares, and the bug checks.
 *
 * The classifier's results are its own: one ta_classification per
 * tasklet, which ta_classify() hangs on it (ta_tasklet.classification)
 * without touching the facts.  The audit frees them with the tasklet;
 * ta_classification_free() frees one that is not attached.  Readers go
 * through ta_classification_of() and ta_site_context_of(), which give an
 * empty result for a tasklet that was not classified.  Pure C: no
 * libclang, no curses.
 */
#ifndef TA_CLASSIFY_H
#define TA_CLASSIFY_H

#include "audit.h"
#include "rules.h"

/* A reason: the id of the rule that gave it and its text with evidence. */
typedef struct ta_reason {
	char *rule;
	char *text;
} ta_reason;

typedef struct ta_finding {
	char *rule;
	char *severity; /* error, warning, note */
	char *text;
	char *file;
	unsigned line;
} ta_finding;

typedef struct ta_recommendation {
	char *mechanism;   /* bh_workqueue, workqueue, threaded_irq, timer, manual */
	char *queue;       /* system_bh_wq, system_bh_highpri_wq, system_wq, or NULL */
	double confidence; /* 0..1 */
	ta_reason *reasons;
	size_t n_reasons, cap_reasons;
	char **alternatives;
	size_t n_alternatives, cap_alternatives;
	ta_reason *blockers;
	size_t n_blockers, cap_blockers;
} ta_recommendation;

/* Where one use site (ta_tasklet.sites[i]) runs. */
typedef struct ta_site_context {
	unsigned roles;   /* TA_ROLE_BIT()s of the contexts the site runs in */
	char *context;    /* evidence: "hardirq: foo_isr (request_irq at x.c:45)" */
	bool atomic_lock; /* inside a spinlock-held region of its function */
} ta_site_context;

typedef struct ta_classification {
	char *cls;                /* class name */
	ta_reason *class_reasons; /* the class rule first, then its evidence */
	size_t n_class_reasons, cap_class_reasons;
	char **traits; /* callback traits found */
	size_t n_traits, cap_traits;
	bool bh_exclusion;
	ta_recommendation rec;
	ta_finding *findings;
	size_t n_findings, cap_findings;
	ta_site_context *sites; /* one per use site of the tasklet, in its order */
	size_t n_sites;
} ta_classification;

/*
 * Classify every tasklet of a (replacing an earlier classification), set
 * a->classified and record the rules' directory in a->rules_dir.
 */
void ta_classify(ta_audit *a, const ta_rules *rules);
void ta_classification_free(ta_classification **c);

/* t's classification; an empty one (no class, no recommendation) when t has none. */
static inline const ta_classification *ta_classification_of(const ta_tasklet *t)
{
	static const ta_classification none;

	return t->classification ? t->classification : &none;
}

/* Where t->sites[i] runs; no context when t was not classified. */
static inline const ta_site_context *ta_site_context_of(const ta_tasklet *t, size_t i)
{
	static const ta_site_context none;
	const ta_classification *c = t->classification;

	return c && i < c->n_sites ? &c->sites[i] : &none;
}

/*
 * Can the patch writer write mechanism (a report name: "timer") for t?
 * false with *why, which the caller frees.
 */
typedef bool (*ta_can_write_fn)(void *ctx, const ta_tasklet *t, const char *mechanism, char **why);

/*
 * Keep every recommendation to what the patch writer can produce (after
 * ta_classify()).  A refused mechanism gives way to the first of its
 * deciding rule's "fallback" mechanisms the writer can write, the refusal
 * kept as a reason; when none can be written it stays, the refusal its
 * blocker.  A refused alternative is dropped.  Mechanisms the writer does
 * not write (manual) are not asked about.
 */
void ta_classify_writable(ta_audit *a, const ta_rules *rules, ta_can_write_fn can, void *ctx);

#endif
