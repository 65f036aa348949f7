// SPDX-License-Identifier: GPL-2.0-only
/*
 * A submission engine in the i915 execlists style: hi priority, kicked
 * from an IRQ and from process context, run to completion with trylock
 * and a direct call.  Expect: gpu_scheduler, manual, with blockers.
 */
#include <linux/interrupt.h>

struct engine {
	struct tasklet_struct submit;
	int queued;
};

static void engine_submit(struct tasklet_struct *t)
{
	struct engine *e = from_tasklet(e, t, submit);

	e->queued = 0;
}

static irqreturn_t engine_irq(int irq, void *data)
{
	struct engine *e = data;

	tasklet_hi_schedule(&e->submit);
	return IRQ_HANDLED;
}

void engine_queue_request(struct engine *e)
{
	e->queued++;
	if (tasklet_trylock(&e->submit)) {
		engine_submit(&e->submit);
		tasklet_unlock(&e->submit);
	} else {
		tasklet_hi_schedule(&e->submit);
	}
}

int engine_setup(struct engine *e)
{
	tasklet_setup(&e->submit, engine_submit);
	return request_irq(9, engine_irq, 0, "engine", e);
}

void engine_park(struct engine *e)
{
	tasklet_kill(&e->submit);
}
