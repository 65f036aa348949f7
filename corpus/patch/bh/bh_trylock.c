// SPDX-License-Identifier: GPL-2.0-only
/* tasklet_trylock() + a direct call: no workqueue counterpart, a blocker. */
#include <linux/interrupt.h>

struct tl_engine {
	int submitted;
	struct tasklet_struct submit;
};

static void tl_submit(struct tasklet_struct *t)
{
	struct tl_engine *e = from_tasklet(e, t, submit);

	e->submitted++;
}

void tl_kick(struct tl_engine *e)
{
	if (tasklet_trylock(&e->submit)) {
		tl_submit(&e->submit);
		tasklet_unlock(&e->submit);
	} else {
		tasklet_schedule(&e->submit);
	}
}

void tl_init(struct tl_engine *e)
{
	tasklet_setup(&e->submit, tl_submit);
}
