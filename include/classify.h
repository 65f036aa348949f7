/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * classify.h - classifies every tasklet of an audit and recommends its
 * replacement, from the rules (rules.h) and the function-level facts the
 * indexer extracted: the execution context of each site (through the
 * registrations and the call graph of its file), what the callback does,
 * the locks it shares, and the bug checks.
 *
 * ta_classify() fills the classifier fields of each ta_tasklet and ta_site;
 * the audit owns everything it adds.  Pure C: no libclang, no curses.
 */
#ifndef TA_CLASSIFY_H
#define TA_CLASSIFY_H

#include "audit.h"
#include "rules.h"

void ta_classify(ta_audit *a, const ta_rules *rules);

#endif
