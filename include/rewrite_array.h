/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_array.h - an array of tasklets whose data is, for each element,
 * the element of the same index of a parallel array of per-element structs
 * in the same container: pmcraid's `tasklet_init(&pinstance->isr_tasklet[i],
 * fn, (unsigned long)&pinstance->hrrq_vector[i])`, pm8001's tasklet[i] with
 * &irq_vector[i].  The work item moves into the per-element struct, which
 * the callback then recovers with from_work() where it cast its data; every
 * use `BASE->field[IDX]` becomes `BASE->data_member[IDX].work`, the index
 * as written.  Anything else about the array is refused with the construct
 * named.
 *
 * A struct ta_array_pair owns its strings (ta_array_pair_clear()); edits go
 * into rw->set.
 */
#ifndef TA_REWRITE_ARRAY_H
#define TA_REWRITE_ARRAY_H

#include "rewrite_util.h"

struct ta_array_pair {
	char *data_member; /* "hrrq_vector": the container's array the data indexes */
	char *elem_type;   /* "struct pmcraid_isr_param": its element type */
	char *bound;       /* "PMCRAID_NUM_MSIX_VECTORS": both arrays' size as written */
};

void ta_array_pair_clear(struct ta_array_pair *p);

/*
 * Does rw->t have that shape?  TA_RW_DONE with *out filled; TA_RW_NOT_NEEDED
 * when rw->t is not an array or no init site's data is an element of an
 * array (the caller's own refusal stands); TA_RW_REFUSED naming what differs.
 */
int ta_array_pair_find(ta_rw *rw, struct ta_array_pair *out);

/*
 * In [a, b) of src, the last `field[IDX]` written after '->' or '.'
 * becomes `data_member[IDX].work`; refused when the field is not indexed.
 */
int ta_array_rename(ta_rw *rw, ta_src *src, size_t a, size_t b, const char *field,
		    const struct ta_array_pair *p, const char *work);

/*
 * The declaration `struct tasklet_struct field[N];` goes (with a comment
 * naming the tasklet right above it), and `TYPE work;` ("struct
 * work_struct" for the work items, "struct tasklet_struct" for the
 * modernization) is added as the last member of the element struct.
 */
int ta_array_convert_decl(ta_rw *rw, const struct ta_array_pair *p, const char *type,
			  const char *work);

/* The changelog note of that move: items "work items" or "tasklets", from "from_work". */
void ta_array_note(ta_rw *rw, const struct ta_array_pair *p, const char *items, const char *from);

#endif
