// SPDX-License-Identifier: GPL-2.0-only
/*
 * The other half of ptr_field.c: it stores tasklets' addresses in fields
 * and names no tasklet API, so only the address taken brings it into the
 * audit.
 */
#include "ptr_field.h"

void pf_hcd_start(struct pf_hcd *h)
{
	h->done_task = &pf_done_tasklet;
	h->either = &pf_a_tasklet;
}

void pf_hcd_reset(struct pf_hcd *h)
{
	h->either = &pf_b_tasklet;
}
