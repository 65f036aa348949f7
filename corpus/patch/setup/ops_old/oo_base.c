// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callback is read from the instance's ops table; both tables set
 * functions taking unsigned long, and both functions are also called
 * directly with the instance when the driver polls.
 */
#include "oo.h"

static void oo_complete_cmd_dpc(unsigned long instance_addr);

static void oo_enable_intr(struct oo_instance *instance)
{
}

static const struct oo_template oo_template_mfi = {
	.enable_intr = oo_enable_intr,
	.tasklet = oo_complete_cmd_dpc,
};

/**
 * oo_complete_cmd_dpc - complete the finished commands
 * @instance_addr: address of the adapter soft state
 */
static void oo_complete_cmd_dpc(unsigned long instance_addr)
{
	struct oo_instance *instance = (struct oo_instance *)instance_addr;

	instance->completed++;
}

static int oo_wait_for_outstanding(struct oo_instance *instance)
{
	if (instance->instancet == &oo_template_mfi)
		oo_complete_cmd_dpc((unsigned long)instance);
	else
		return oo_fusion_wait(instance);
	return 0;
}

static irqreturn_t oo_isr(int irq, void *devp)
{
	struct oo_instance *instance = devp;

	tasklet_schedule(&instance->isr_tasklet);
	return IRQ_HANDLED;
}

int oo_probe(struct oo_instance *instance, int irq, bool fusion)
{
	instance->instancet = fusion ? &oo_fusion_template : &oo_template_mfi;
	tasklet_init(&instance->isr_tasklet, instance->instancet->tasklet,
		     (unsigned long)instance);
	return request_irq(irq, oo_isr, 0, "oo", instance);
}

void oo_remove(struct oo_instance *instance, int irq)
{
	free_irq(irq, instance);
	tasklet_kill(&instance->isr_tasklet);
	oo_wait_for_outstanding(instance);
}
