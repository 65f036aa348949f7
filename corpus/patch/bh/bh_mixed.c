// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduled both ways (the xilinx_dma/jme shape): the interrupt handler uses
 * tasklet_hi_schedule(), a resume path tasklet_schedule().  One work item
 * must stay on one workqueue, so both sites queue on system_bh_highpri_wq.
 */
#include <linux/interrupt.h>

struct mx_dev {
	int irq;
	int done;
	struct tasklet_struct rx_tasklet;
};

static void mx_rx(struct tasklet_struct *t)
{
	struct mx_dev *mx = from_tasklet(mx, t, rx_tasklet);

	mx->done++;
}

static irqreturn_t mx_irq(int irq, void *dev)
{
	struct mx_dev *mx = dev;

	tasklet_hi_schedule(&mx->rx_tasklet);
	return IRQ_HANDLED;
}

void mx_resume(struct mx_dev *mx)
{
	tasklet_schedule(&mx->rx_tasklet);
}

int mx_probe(struct mx_dev *mx)
{
	tasklet_setup(&mx->rx_tasklet, mx_rx);
	return request_irq(mx->irq, mx_irq, 0, "mx", mx);
}

void mx_remove(struct mx_dev *mx)
{
	free_irq(mx->irq, mx);
	tasklet_kill(&mx->rx_tasklet);
}
