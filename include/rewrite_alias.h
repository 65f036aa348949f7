/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_alias.h - the sites the indexer could not name (the audit's
 * unresolved sites) that may act on the tasklet being converted.  Such a
 * site in the tasklet's directories is an alias when it is written as the
 * tasklet's own member (`conn->rx_tsklet` in code the configuration
 * skips), or when it goes through a pointer (a void * cookie, a pointer
 * field, a wrapper's parameter) and the tasklet's address is taken
 * somewhere other than a tasklet call.  A conversion that left an alias
 * as it was would call the tasklet API on what became a work item: the
 * compiler does not see it through a void *.
 *
 * An alias is converted when it is proven to be the tasklet: its member
 * (named), or the dev_id of the IRQ request whose handler it is in
 * (cookie).  Any other is refused, naming the site and where the address
 * is taken.  The returned array and its strings belong to the caller
 * (ta_rw_aliases_free()); the sites point into the audit.
 */
#ifndef TA_REWRITE_ALIAS_H
#define TA_REWRITE_ALIAS_H

#include "patch_rules.h"
#include "rewrite_util.h"

enum ta_alias_kind {
	TA_ALIAS_NAMED,   /* written as the tasklet's member or variable */
	TA_ALIAS_COOKIE,  /* the handler's dev_id, which the IRQ request sets to the tasklet */
	TA_ALIAS_ADDRESS, /* the address given to an IRQ request or its release: renamed */
};

typedef struct ta_alias {
	const ta_site *site; /* NULL for an address */
	enum ta_alias_kind kind;
	char *escape; /* cookie: "file:line" of the request that passes the tasklet */
	char *file;   /* address: where it is taken */
	unsigned line;
} ta_alias;

/*
 * The aliases of rw->t under the rules r (its irq_cookie_calls): 0 with
 * out and n set (possibly none), or TA_RW_REFUSED with the reason in rw.
 */
int ta_rw_aliases(ta_rw *rw, const ta_patch_rules *r, ta_alias **out, size_t *n);
void ta_rw_aliases_free(ta_alias **v, size_t n);

#endif
