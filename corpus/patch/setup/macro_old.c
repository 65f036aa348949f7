// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver macro that calls the old tasklet_init(): the call is the
 * macro's, shared by every expansion, so the modernization refuses it
 * and names the macro.
 */
#include <linux/interrupt.h>

struct mo_dev {
	struct tasklet_struct rx_tasklet;
	unsigned long pending;
};

static void mo_rx(unsigned long data)
{
	struct mo_dev *mo = (struct mo_dev *)data;

	mo->pending = 0;
}

#define MO_TASKLET_INIT(mo, name, fn) \
	tasklet_init(&(mo)->name, fn, (unsigned long)(mo))

static irqreturn_t mo_irq(int irq, void *data)
{
	struct mo_dev *mo = data;

	tasklet_schedule(&mo->rx_tasklet);
	return IRQ_HANDLED;
}

int mo_probe(struct mo_dev *mo, int irq)
{
	MO_TASKLET_INIT(mo, rx_tasklet, mo_rx);
	return request_irq(irq, mo_irq, 0, "mo", mo);
}

void mo_remove(struct mo_dev *mo)
{
	tasklet_kill(&mo->rx_tasklet);
}
