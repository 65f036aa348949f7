/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_callback.h - converting a tasklet's callback (definition,
 * forward declarations, direct calls) from `void fn(unsigned long data)`,
 * `void fn(void *data)` (installed through a (void *) cast) or
 * `void fn(struct tasklet_struct *t)` to the form a migration wants, with
 * the cast of data turned into from_tasklet()/from_work() or the global it
 * always was.
 *
 * Edits go into rw->set; a refusal's reason and the changelog notes into
 * rw (rewrite_util.h), which owns them.  A ta_cb_form's strings belong to
 * the caller.
 */
#ifndef TA_REWRITE_CALLBACK_H
#define TA_REWRITE_CALLBACK_H

#include <stdbool.h>

#include "rewrite_util.h"

/* How the converted callback looks. */
struct ta_cb_form {
	const char *param_type; /* "struct tasklet_struct *" or "struct work_struct *" */
	const char *param_name; /* "t" or "work" */
	const char *from;       /* "from_tasklet" or "from_work" */
	const char *member;     /* the tasklet's member path after the conversion */
	const char *old_member; /* before it (NULL: not renamed) */
	const char *new_name;   /* a variable's name after the conversion (NULL: kept) */
	/*
	 * Threaded IRQ: the container is this expression (the dev_id
	 * parameter) where from_tasklet() or the cast of data recovered it.
	 */
	const char *container_expr;
	/*
	 * Timer: the container becomes the parameter; its declaration
	 * `struct foo *priv = from_tasklet(...)` is dropped, param_type and
	 * param_name are ignored.
	 */
	bool container_param;
	const char *ret_type;  /* the callback now returns this (NULL: void stays) ... */
	const char *ret_value; /* ... and this on every path */
	const char *kdoc;      /* the kernel-doc line(s) for the new parameter(s) */
	const char *avoid;     /* another name the body must not use ("irq") */
	bool no_direct_calls;  /* direct calls of the callback are refused */
};

/*
 * Convert the callback of rw->t (definition, prototypes, direct calls) to
 * form.  Refuses (and says why) when the conversion is not mechanical.
 */
int ta_rw_callback(ta_rw *rw, const struct ta_cb_form *form);

#endif
