// SPDX-License-Identifier: GPL-2.0-only
/*
 * The old API: tasklet_init() with the container as data, a callback
 * casting it back; the schedule sits in a braced if block before the
 * return.  The cast becomes dev_id.
 */
#include <linux/interrupt.h>

struct old_dev {
	int irq;
	int events;
	struct tasklet_struct event_tasklet;
};

static void old_event(unsigned long data)
{
	struct old_dev *od = (struct old_dev *)data;

	od->events++;
}

static irqreturn_t old_isr(int irq, void *cookie)
{
	struct old_dev *od = (struct old_dev *)cookie;

	if (od->irq) {
		od->events = 0;
		tasklet_schedule(&od->event_tasklet);
	}
	return IRQ_HANDLED;
}

int old_probe(struct old_dev *od)
{
	int ret;

	tasklet_init(&od->event_tasklet, old_event, (unsigned long)od);
	ret = request_irq(od->irq, old_isr, 0, "old", od);
	return ret;
}
