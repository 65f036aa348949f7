// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near miss of mixed/: one chip tasklet_setup()s the core's tasklet, the
 * other tasklet_init()s it with a private struct that is not reached
 * through the core struct (no container_of() of it, no member of it).  No
 * preparation can give both callbacks their data: refused, naming it.
 */
#include <linux/interrupt.h>

struct mm_core {
	int irq;
	struct tasklet_struct irq_tasklet;
};

struct mm_dev {
	struct mm_core mt;
	int events;
};

struct mm_priv {
	int events;
};

struct mm_priv *mm_priv_of(struct mm_core *mdev);

static void mm_new_tasklet(struct tasklet_struct *t)
{
	struct mm_dev *dev = from_tasklet(dev, t, mt.irq_tasklet);

	dev->events++;
}

static void mm_old_tasklet(unsigned long data)
{
	struct mm_priv *priv = (struct mm_priv *)data;

	priv->events++;
}

static irqreturn_t mm_irq(int irq, void *data)
{
	struct mm_core *mdev = data;

	tasklet_schedule(&mdev->irq_tasklet);
	return IRQ_HANDLED;
}

int mm_probe_new(struct mm_dev *dev)
{
	tasklet_setup(&dev->mt.irq_tasklet, mm_new_tasklet);
	return request_irq(dev->mt.irq, mm_irq, 0, "mm_new", &dev->mt);
}

int mm_probe_old(struct mm_core *mdev)
{
	struct mm_priv *priv = mm_priv_of(mdev);

	tasklet_init(&mdev->irq_tasklet, mm_old_tasklet, (unsigned long)priv);
	return request_irq(mdev->irq, mm_irq, 0, "mm_old", mdev);
}
