// SPDX-License-Identifier: GPL-2.0-only
/*
 * A file with errors that defines the API (kernel/softirq.c under
 * allmodconfig, where clang 14 fails a static_assert of mm_types.h): the
 * lexical recovery must not take the definitions and prototypes for init
 * sites of a tasklet 'struct tasklet_struct *t'.  The file's own tasklet
 * is still found.
 */
#include <linux/interrupt.h>

void tasklet_setup(struct tasklet_struct *t,
		   void (*callback)(struct tasklet_struct *))
{
	t->callback = callback;
}

extern void tasklet_init(struct tasklet_struct *t,
			 void (*func)(unsigned long), unsigned long data);

static inline void tasklet_hi_schedule_first(struct tasklet_struct *t)
{
}

static void dd_fn(struct tasklet_struct *t)
{
}

static DECLARE_TASKLET(dd_tasklet, dd_fn);

void dd_kick(void)
{
	tasklet_schedule(&dd_tasklet);
}

void dd_broken(void)
{
	int broken = ;
}
