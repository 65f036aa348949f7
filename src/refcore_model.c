// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_model.c - the names shared by the reference models: execution
 * contexts, callback priorities and the mutation list.
 */
#include "refcore_model.h"

#include <stddef.h>

const char *ta_rc_ctx_name(enum ta_rc_ctx ctx)
{
	static const char *const names[] = {
#define X(e, name) name,
		TA_RC_CTX_LIST(X)
#undef X
	};

	return (unsigned)ctx < TA_RC_NCTX ? names[ctx] : "?";
}

const char *ta_rc_prio_name(enum ta_rc_prio prio)
{
	static const char *const names[] = {
#define X(e, name) name,
		TA_RC_PRIO_LIST(X)
#undef X
	};

	return (unsigned)prio < TA_RC_NPRIO ? names[prio] : "?";
}

enum ta_rc_ctx ta_rc_prio_ctx(enum ta_rc_prio prio)
{
	return prio <= TA_RC_PRIO_TASKLET_SOFTIRQ ? TA_RC_SOFTIRQ : TA_RC_PROCESS;
}

const char *ta_rc_mutation_name(int n)
{
	switch (n) {
#define X(num, text)                                                                               \
	case num:                                                                                  \
		return text;
		TA_RC_MUTATION_LIST(X)
#undef X
	default:
		return NULL;
	}
}
