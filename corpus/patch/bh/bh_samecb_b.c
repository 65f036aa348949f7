// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two drivers with a static callback of the same name (cavium cpt and
 * octeontx: vq_work_handler()): different functions, not a shared
 * callback.  Each converts on its own.
 */
#include <linux/interrupt.h>

struct scb_wqe {
	int done;
	struct tasklet_struct twork;
};

static void vq_work_handler(unsigned long data)
{
	struct scb_wqe *cwqe = (struct scb_wqe *)data;

	cwqe->done++;
}

static irqreturn_t scb_irq(int irq, void *dev)
{
	struct scb_wqe *cwqe = dev;

	tasklet_hi_schedule(&cwqe->twork);
	return IRQ_HANDLED;
}

int scb_init(struct scb_wqe *cwqe, int irq)
{
	tasklet_init(&cwqe->twork, vq_work_handler, (unsigned long)cwqe);
	return request_irq(irq, scb_irq, 0, "scb", cwqe);
}

void scb_exit(struct scb_wqe *cwqe, int irq)
{
	free_irq(irq, cwqe);
	tasklet_kill(&cwqe->twork);
}
