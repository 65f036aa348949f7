// SPDX-License-Identifier: GPL-2.0-only
/* Touches of tasklet internals: state bits, trylock/unlock, unlock_wait. */
#include <linux/interrupt.h>

struct engine {
	struct tasklet_struct submit;
};

static void engine_submit(struct tasklet_struct *t)
{
}

void engine_init(struct engine *e)
{
	tasklet_setup(&e->submit, engine_submit);
}

void engine_kick_direct(struct engine *e)
{
	if (tasklet_trylock(&e->submit)) {
		engine_submit(&e->submit);
		tasklet_unlock(&e->submit);
	}
}

int engine_pending(struct engine *e)
{
	return test_bit(TASKLET_STATE_SCHED, &e->submit.state);
}

void engine_sync(struct engine *e)
{
	tasklet_unlock_wait(&e->submit);
}

void engine_run_now(struct engine *e)
{
	e->submit.callback(&e->submit);
}
