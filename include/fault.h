/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fault.h - test-only fault injection for the parse workers, so the crash
 * and hang isolation is proven by tests, not by luck.  Compiled in only
 * when the build defines TA_FAULT_INJECTION (CMake option of the same name,
 * on in Debug builds); otherwise every call is a no-op.  The environment
 * variable TA_FAULT holds "KIND:SUBSTRING" entries separated by commas;
 * KIND is crash (SIGSEGV), abort (SIGABRT), kill (SIGKILL) or hang (sleeps
 * forever); the fault fires in the worker that parses a file whose
 * tree-relative path contains SUBSTRING.
 */
#ifndef TA_FAULT_H
#define TA_FAULT_H

#include <stdbool.h>

/* Whether this build honours TA_FAULT at all. */
bool ta_fault_available(void);
/* Called by a worker before it parses rel: may crash, kill itself or hang. */
void ta_fault_before_parse(const char *rel);

#endif
