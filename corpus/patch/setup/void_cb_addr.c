// SPDX-License-Identifier: GPL-2.0-only
/*
 * A void * callback whose address is also stored elsewhere (here as a
 * completion handler that gets other data): the conversion is refused.
 */
#include <linux/interrupt.h>

struct va_host {
	int done;
	struct tasklet_struct task;
	void (*complete)(void *arg);
};

static void va_task(void *data)
{
	struct va_host *host = data;

	host->done++;
}

static irqreturn_t va_irq(int irq, void *dev_instance)
{
	struct va_host *host = dev_instance;

	tasklet_schedule(&host->task);
	return IRQ_HANDLED;
}

int va_init(struct va_host *host, int irq)
{
	tasklet_init(&host->task, (void *)va_task, (unsigned long)host);
	host->complete = va_task;
	return request_irq(irq, va_irq, 0, "va", host);
}

void va_exit(struct va_host *host, int irq)
{
	free_irq(irq, host);
	tasklet_kill(&host->task);
}
