// SPDX-License-Identifier: GPL-2.0-only
/*
 * Two drivers with a static callback of the same name (cavium cpt and
 * octeontx: vq_work_handler()): different functions, not a shared
 * callback.  Each converts on its own.
 */
#include <linux/interrupt.h>

struct sca_wqe {
	int done;
	struct tasklet_struct twork;
};

static void vq_work_handler(unsigned long data)
{
	struct sca_wqe *cwqe = (struct sca_wqe *)data;

	cwqe->done++;
}

static irqreturn_t sca_irq(int irq, void *dev)
{
	struct sca_wqe *cwqe = dev;

	tasklet_hi_schedule(&cwqe->twork);
	return IRQ_HANDLED;
}

int sca_init(struct sca_wqe *cwqe, int irq)
{
	tasklet_init(&cwqe->twork, vq_work_handler, (unsigned long)cwqe);
	return request_irq(irq, sca_irq, 0, "sca", cwqe);
}

void sca_exit(struct sca_wqe *cwqe, int irq)
{
	free_irq(irq, cwqe);
	tasklet_kill(&cwqe->twork);
}
