// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callback registered for 'tx' recovers its container through 'rx'
 * (bug.container-mismatch).  Near-miss: cm_rx_fn() names its own member.
 */
#include <linux/interrupt.h>

struct cm_dev {
	struct tasklet_struct rx;
	struct tasklet_struct tx;
	int count;
};

static void cm_rx_fn(struct tasklet_struct *t)
{
	struct cm_dev *cm = from_tasklet(cm, t, rx);

	cm->count++;
}

static void cm_tx_fn(struct tasklet_struct *t)
{
	struct cm_dev *cm = from_tasklet(cm, t, rx);

	cm->count--;
}

static irqreturn_t cm_isr(int irq, void *data)
{
	struct cm_dev *cm = data;

	tasklet_schedule(&cm->rx);
	tasklet_schedule(&cm->tx);
	return IRQ_HANDLED;
}

int cm_init(struct cm_dev *cm)
{
	tasklet_setup(&cm->rx, cm_rx_fn);
	tasklet_setup(&cm->tx, cm_tx_fn);
	return request_irq(19, cm_isr, 0, "cm", cm);
}

void cm_exit(struct cm_dev *cm)
{
	tasklet_kill(&cm->rx);
	tasklet_kill(&cm->tx);
}
