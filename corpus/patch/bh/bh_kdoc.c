// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/dma/ep93xx_dma.c (v6.1): the struct's kernel-doc names the
 * field; W=1 builds warn unless the renamed field is described.  The
 * description text is left alone.
 */
#include <linux/interrupt.h>

/**
 * struct kd_chan - a channel
 * @irq: interrupt number of the channel
 * @tasklet: channel specific tasklet used for callbacks
 */
struct kd_chan {
	int irq;
	struct tasklet_struct tasklet;
};

static void kd_tasklet(struct tasklet_struct *t)
{
	struct kd_chan *kc = from_tasklet(kc, t, tasklet);

	kc->irq++;
}

static irqreturn_t kd_irq(int irq, void *dev)
{
	struct kd_chan *kc = dev;

	tasklet_schedule(&kc->tasklet);
	return IRQ_HANDLED;
}

int kd_probe(struct kd_chan *kc)
{
	tasklet_setup(&kc->tasklet, kd_tasklet);
	return request_irq(kc->irq, kd_irq, 0, "kd", kc);
}
