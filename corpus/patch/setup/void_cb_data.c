// SPDX-License-Identifier: GPL-2.0-only
/*
 * A void * callback that passes data on besides initializing its local:
 * the conversion is refused.
 */
#include <linux/interrupt.h>

struct vx_host {
	int done;
	struct tasklet_struct task;
};

void vx_trace(const void *p);

static void vx_task(void *data)
{
	struct vx_host *host = data;

	vx_trace(data);
	host->done++;
}

static irqreturn_t vx_irq(int irq, void *dev_instance)
{
	struct vx_host *host = dev_instance;

	tasklet_schedule(&host->task);
	return IRQ_HANDLED;
}

int vx_init(struct vx_host *host, int irq)
{
	tasklet_init(&host->task, (void *)vx_task, (unsigned long)host);
	return request_irq(irq, vx_irq, 0, "vx", host);
}

void vx_exit(struct vx_host *host, int irq)
{
	free_irq(irq, host);
	tasklet_kill(&host->task);
}
