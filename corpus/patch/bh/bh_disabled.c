// SPDX-License-Identifier: GPL-2.0-only
/*
 * A tasklet declared disabled (DECLARE_TASKLET_DISABLED_OLD), enabled by
 * the probe once the device is set up (omap-keypad's kp_tasklet): the
 * probe disables the work item first, before anything can queue it.
 */
#include <linux/interrupt.h>
#include <linux/platform_device.h>
#include <linux/timer.h>

int platform_driver_register(struct platform_driver *drv);

static void pad_fn(unsigned long);
static DECLARE_TASKLET_DISABLED_OLD(pad_tasklet, pad_fn);
static struct timer_list pad_timer;
static int presses;

static irqreturn_t pad_irq(int irq, void *dev_id)
{
	tasklet_schedule(&pad_tasklet);
	return IRQ_HANDLED;
}

static void pad_timeout(struct timer_list *unused)
{
	tasklet_schedule(&pad_tasklet);
}

static void pad_fn(unsigned long data)
{
	presses++;
	mod_timer(&pad_timer, presses);
}

static int pad_probe(struct platform_device *pdev)
{
	int irq = platform_get_irq(pdev, 0);

	timer_setup(&pad_timer, pad_timeout, 0);
	tasklet_enable(&pad_tasklet);
	return request_irq(irq, pad_irq, 0, "pad", NULL);
}

static int pad_remove(struct platform_device *pdev)
{
	free_irq(platform_get_irq(pdev, 0), NULL);
	del_timer_sync(&pad_timer);
	tasklet_disable(&pad_tasklet);
	tasklet_kill(&pad_tasklet);
	return 0;
}

static struct platform_driver pad_driver = {
	.probe = pad_probe,
	.remove = pad_remove,
	.name = "pad",
};
