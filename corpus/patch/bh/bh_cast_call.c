// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/infiniband/hw/erdma/erdma_eq.c: the callback passes the
 * cast of its data straight to a call, no local variable takes it; the
 * cast becomes container_of() on the work item in place.  The tasklet is
 * an element of an array of queues, initialized with its own address.
 */
#include <linux/interrupt.h>

struct cc_eq_cb {
	int ready;
	struct tasklet_struct tasklet;
};

struct cc_dev {
	struct cc_eq_cb ceqs[4];
};

static void cc_ceq_completion_handler(struct cc_eq_cb *ceq_cb)
{
	ceq_cb->ready = 0;
}

static void cc_intr_ceq_task(unsigned long data)
{
	cc_ceq_completion_handler((struct cc_eq_cb *)data);
}

static irqreturn_t cc_intr_ceq_handler(int irq, void *data)
{
	struct cc_eq_cb *ceq_cb = data;

	tasklet_schedule(&ceq_cb->tasklet);
	return IRQ_HANDLED;
}

int cc_set_ceq_irq(struct cc_dev *dev, unsigned short ceqn)
{
	tasklet_init(&dev->ceqs[ceqn].tasklet, cc_intr_ceq_task,
		     (unsigned long)&dev->ceqs[ceqn]);
	return request_irq(ceqn, cc_intr_ceq_handler, 0, "ceq", &dev->ceqs[ceqn]);
}

void cc_free_ceq_irq(struct cc_dev *dev, unsigned short ceqn)
{
	tasklet_kill(&dev->ceqs[ceqn].tasklet);
}
