/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_conform.h - the reference models' conformance cases: for every
 * API call of every model, the state transitions the kernel source says it
 * makes (the source lines are quoted beside each case in refcore_conform.c),
 * and the checker's four known tasklet-to-workqueue differences.
 * "tasklet-audit model --selftest" and tests/check_refcore.c run them.
 */
#ifndef TA_REFCORE_CONFORM_H
#define TA_REFCORE_CONFORM_H

#include <stddef.h>

size_t ta_conform_count(void);
/* The case's name, or NULL when i is out of range. */
const char *ta_conform_name(size_t i);
/* Run case i: NULL when it passes, else why it failed (caller frees). */
char *ta_conform_run(size_t i);

#endif
