// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/caam/jr.c: the data is the struct device; the
 * seed recovers the job ring with from_tasklet() and then reads jrp->dev,
 * a field the driver happens to have.  The suspend path also calls the
 * callback directly with its own data (as jr.c does with &suspend_params),
 * which no preparation patch can follow: refused, naming the call.
 */
#include <linux/interrupt.h>

struct device {
	void *drvdata;
};

struct caam_drv_private_jr {
	struct device *dev;
	int irq;
	struct tasklet_struct irqtask;
};

static void *dev_get_drvdata(struct device *dev)
{
	return dev->drvdata;
}

/* Deferred service handler, run as interrupt-fired tasklet */
static void caam_jr_dequeue(unsigned long devarg)
{
	int hw_idx;
	struct device *dev = (struct device *)devarg;
	struct caam_drv_private_jr *jrp = dev_get_drvdata(dev);

	hw_idx = jrp->irq;
	jrp->irq = hw_idx;
}

void caam_jr_suspend(struct device *dev)
{
	caam_jr_dequeue((unsigned long)dev);
}

int caam_jr_init(struct device *dev, struct caam_drv_private_jr *jrp)
{
	tasklet_init(&jrp->irqtask, caam_jr_dequeue, (unsigned long)dev);
	return 0;
}
