/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * relevance.h - how much each difference the reference core finds matters
 * to the driver.  The first "relevance" rule of rules/behavior.json whose
 * properties and condition match a difference marks it "benign" or
 * "observable" with a reason that cites the driver's lines; the tasklet's
 * assessment follows: "unsafe" (the replacement breaks a safety property),
 * "review" (at least one observable difference), "benign" (differences,
 * none observable) or "equivalent".
 */
#ifndef TA_RELEVANCE_H
#define TA_RELEVANCE_H

#include "audit.h"
#include "behavior.h"
#include "rules.h"

/* Fill the relevance of b's differences and b->assessment; nothing when b is not checked. */
void ta_relevance_assess(const ta_rules *r, const ta_tasklet *t, ta_behavior *b);
/* The same for every tasklet of a checked audit (ta_behavior_check_all()). */
void ta_relevance_assess_all(const ta_rules *r, ta_audit *a);

#endif
