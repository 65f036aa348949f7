// SPDX-License-Identifier: GPL-2.0-only
/* The driver indents the tasklet field with spaces: the edited line gets tabs. */
#include <linux/interrupt.h>

struct sp_dev {
	int n;
        struct tasklet_struct tasklet;
};

static void sp_run(struct tasklet_struct *t)
{
	struct sp_dev *sp = from_tasklet(sp, t, tasklet);

	sp->n++;
}

void sp_init(struct sp_dev *sp)
{
	tasklet_setup(&sp->tasklet, sp_run);
}

void sp_kick(struct sp_dev *sp)
{
	tasklet_schedule(&sp->tasklet);
}

void sp_exit(struct sp_dev *sp)
{
	tasklet_kill(&sp->tasklet);
}
