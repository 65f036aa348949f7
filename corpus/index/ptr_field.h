/* SPDX-License-Identifier: GPL-2.0-only */
/* Tasklets reached through struct tasklet_struct * fields (ptr_field.c, ptr_field_set.c). */
#ifndef PTR_FIELD_H
#define PTR_FIELD_H
#include <linux/interrupt.h>

/* fhci's shape: a field holding the address of a tasklet defined elsewhere */
struct pf_hcd {
	struct tasklet_struct *done_task;
	struct tasklet_struct *either; /* near miss: given two tasklets' addresses */
};

extern struct tasklet_struct pf_done_tasklet;
extern struct tasklet_struct pf_a_tasklet;
extern struct tasklet_struct pf_b_tasklet;

#endif
