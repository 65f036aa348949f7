// SPDX-License-Identifier: GPL-2.0-only
/*
 * The bnxt_re/usbatm shape: the callback names the field through a nested
 * designator, from_tasklet(rcfw, t, creq.creq_tasklet).  The last
 * component, the field, is renamed; the path before it is kept.
 */
#include <linux/interrupt.h>

struct nq_creq {
	int budget;
	struct tasklet_struct creq_tasklet;
};

struct nq_rcfw {
	int irq;
	int served;
	struct nq_creq creq;
};

static void nq_service_creq(struct tasklet_struct *t)
{
	struct nq_rcfw *rcfw = from_tasklet(rcfw, t, creq.creq_tasklet);

	rcfw->served += rcfw->creq.budget;
}

static irqreturn_t nq_irq(int irq, void *dev)
{
	struct nq_rcfw *rcfw = dev;

	tasklet_schedule(&rcfw->creq.creq_tasklet);
	return IRQ_HANDLED;
}

int nq_init(struct nq_rcfw *rcfw)
{
	tasklet_setup(&rcfw->creq.creq_tasklet, nq_service_creq);
	return request_irq(rcfw->irq, nq_irq, 0, "nq", rcfw);
}

void nq_exit(struct nq_rcfw *rcfw)
{
	free_irq(rcfw->irq, rcfw);
	tasklet_kill(&rcfw->creq.creq_tasklet);
}
