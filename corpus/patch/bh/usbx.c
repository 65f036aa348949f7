// SPDX-License-Identifier: GPL-2.0-only
/*
 * The usbnet shape: the tasklet is declared in include/linux/usbx.h,
 * shared beyond the driver.  Only an audit of the whole tree sees that no
 * other file uses the field; an audit of this directory refuses.
 */
#include <linux/usbx.h>

static void usbx_bh(struct tasklet_struct *t)
{
	struct usbx *dev = from_tasklet(dev, t, bh);

	dev->done++;
}

static irqreturn_t usbx_irq(int irq, void *data)
{
	struct usbx *dev = data;

	tasklet_schedule(&dev->bh);
	return IRQ_HANDLED;
}

int usbx_probe(struct usbx *dev)
{
	tasklet_setup(&dev->bh, usbx_bh);
	return request_irq(dev->irq, usbx_irq, 0, "usbx", dev);
}

void usbx_disconnect(struct usbx *dev)
{
	free_irq(dev->irq, dev);
	tasklet_kill(&dev->bh);
}
