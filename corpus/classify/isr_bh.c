// SPDX-License-Identifier: GPL-2.0-only
/*
 * A pure ISR bottom half, scheduled from a helper the IRQ handler calls.
 * Expect: isr_bottom_half, bh_workqueue on system_bh_wq; no threaded_irq
 * alternative: the patch writer refuses it (a helper schedules).
 */
#include <linux/interrupt.h>
#include <linux/platform_device.h>

struct ib_dev {
	int irq;
	struct tasklet_struct bh;
	unsigned int status;
};

static void ib_bh(struct tasklet_struct *t)
{
	struct ib_dev *ib = from_tasklet(ib, t, bh);

	ib->status = 0;
}

static void ib_ack(struct ib_dev *ib)
{
	tasklet_schedule(&ib->bh);
}

static irqreturn_t ib_isr(int irq, void *data)
{
	ib_ack(data);
	return IRQ_HANDLED;
}

static int ib_probe(struct platform_device *pdev)
{
	struct ib_dev *ib = pdev->driver_data;

	tasklet_setup(&ib->bh, ib_bh);
	return request_irq(ib->irq, ib_isr, 0, "ib", ib);
}

static int ib_remove(struct platform_device *pdev)
{
	struct ib_dev *ib = pdev->driver_data;

	free_irq(ib->irq, ib);
	tasklet_kill(&ib->bh);
	return 0;
}

struct platform_driver ib_driver = {
	.probe = ib_probe,
	.remove = ib_remove,
	.name = "ib",
};
