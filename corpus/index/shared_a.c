// SPDX-License-Identifier: GPL-2.0-only
/* Half of a two-file driver: initializes the tasklet declared in shared.h. */
#include "shared.h"

static void shared_event(unsigned long data)
{
	struct shared_ctrl *c = (struct shared_ctrl *)data;

	c->state = 1;
}

void shared_setup(struct shared_ctrl *c)
{
	tasklet_init(&c->event_tasklet, shared_event, (unsigned long)c);
}
