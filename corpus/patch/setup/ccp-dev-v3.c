// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/ccp/ccp-dev-v3.c: the IRQ handler calls the callback directly. */
#include <linux/interrupt.h>

struct ccp_device {
	int use_tasklet;
	u32 qim;
	struct tasklet_struct irq_tasklet;
};

static void ccp_irq_bh(unsigned long data)
{
	struct ccp_device *ccp = (struct ccp_device *)data;
	u32 q_int, status;

	status = ccp->qim;
	q_int = status & 1;
	ccp->qim = q_int;
}

static irqreturn_t ccp_irq_handler(int irq, void *data)
{
	struct ccp_device *ccp = data;

	if (ccp->use_tasklet)
		tasklet_schedule(&ccp->irq_tasklet);
	else
		ccp_irq_bh((unsigned long)ccp);

	return IRQ_HANDLED;
}

int ccp_init(struct ccp_device *ccp)
{
	/* Initialize the ISR tasklet? */
	if (ccp->use_tasklet)
		tasklet_init(&ccp->irq_tasklet, ccp_irq_bh,
			     (unsigned long)ccp);

	return request_irq(1, ccp_irq_handler, 0, "ccp", ccp);
}
