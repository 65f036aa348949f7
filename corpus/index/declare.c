// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statically declared tasklets: the pre-5.9 form DECLARE_TASKLET(name, fn, 0)
 * (today DECLARE_TASKLET_OLD), the new DECLARE_TASKLET and the disabled forms.
 */
#include <linux/interrupt.h>

static void legacy_fn(unsigned long data)
{
	printk("legacy %lu\n", data);
}

static void modern_fn(struct tasklet_struct *t)
{
	printk("modern\n");
}

static DECLARE_TASKLET_OLD(legacy_tasklet, legacy_fn);
static DECLARE_TASKLET(modern_tasklet, modern_fn);
static DECLARE_TASKLET_DISABLED(parked_tasklet, modern_fn);
static DECLARE_TASKLET_DISABLED_OLD(parked_legacy, legacy_fn);

irqreturn_t declare_irq(int irq, void *dev)
{
	tasklet_schedule(&legacy_tasklet);
	tasklet_schedule(&modern_tasklet);
	return IRQ_HANDLED;
}

void declare_resume(void)
{
	tasklet_enable(&parked_tasklet);
	tasklet_enable(&parked_legacy);
}
