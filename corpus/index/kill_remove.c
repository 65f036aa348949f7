// SPDX-License-Identifier: GPL-2.0-only
/* A pure ISR bottom half killed in the remove path. */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct kr_dev {
	int irq;
	struct tasklet_struct bh;
};

static void kr_bh(struct tasklet_struct *t)
{
	struct kr_dev *kr = from_tasklet(kr, t, bh);

	printk("bh %d\n", kr->irq);
}

static irqreturn_t kr_isr(int irq, void *data)
{
	struct kr_dev *kr = data;

	tasklet_schedule(&kr->bh);
	return IRQ_HANDLED;
}

int kr_probe(struct kr_dev *kr)
{
	tasklet_setup(&kr->bh, kr_bh);
	return request_irq(kr->irq, kr_isr, 0, "kr", kr);
}

void kr_remove(struct kr_dev *kr)
{
	free_irq(kr->irq, kr);
	tasklet_kill(&kr->bh);
	kfree(kr);
}
