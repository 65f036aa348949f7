// SPDX-License-Identifier: GPL-2.0-only
/* A driver macro wrapping tasklet_init, as several real drivers do. */
#include <linux/interrupt.h>

struct dm_port {
	struct tasklet_struct tl;
	int n;
};

#define DM_INIT_TASKLET(p, fn) tasklet_init(&(p)->tl, fn, (unsigned long)(p))

static void dm_fn(unsigned long data)
{
	struct dm_port *p = (struct dm_port *)data;

	p->n++;
}

void dm_open(struct dm_port *p)
{
	DM_INIT_TASKLET(p, dm_fn);
}

void dm_kick(struct dm_port *p)
{
	tasklet_schedule(&p->tl);
}
