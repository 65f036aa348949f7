// SPDX-License-Identifier: GPL-2.0-only
/*
 * The near miss of nm_sge.c's struct nm_priv.ci_tsk: another module in the
 * same directory (budget-av beside budget-ci) declares its own struct with
 * a tasklet of that name, in its own .c file, and never schedules it.  Two
 * structs private to two .c files cannot be punned: unused.
 */
#include <linux/interrupt.h>

struct nm_other {
	struct tasklet_struct ci_tsk;
	int state;
};

static void nm_other_ci(struct tasklet_struct *t)
{
}

void nm_other_probe(struct nm_other *o)
{
	tasklet_setup(&o->ci_tsk, nm_other_ci);
}

void nm_other_remove(struct nm_other *o)
{
	tasklet_kill(&o->ci_tsk);
}
