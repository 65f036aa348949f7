// SPDX-License-Identifier: GPL-2.0-only
/* A file-scope static tasklet set up at init time and a function-local one. */
#include <linux/interrupt.h>

static struct tasklet_struct sv_tasklet;

static void sv_fn(struct tasklet_struct *t)
{
}

int sv_init(void)
{
	tasklet_setup(&sv_tasklet, sv_fn);
	return 0;
}

void sv_exit(void)
{
	tasklet_kill(&sv_tasklet);
}

void sv_oneshot(void)
{
	struct tasklet_struct local;

	tasklet_setup(&local, sv_fn);
	tasklet_schedule(&local);
	tasklet_kill(&local);
}
