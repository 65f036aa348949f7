// SPDX-License-Identifier: GPL-2.0-only
/*
 * Tidying after the conversion: continuation lines aligned with a
 * parenthesis the conversion moves, names that said tasklet renamed when
 * local to the file (a static callback, a struct defined here) and listed
 * when not (a global callback), comments near the changes listed.
 */
#include <linux/interrupt.h>

/* one tasklet per device, with its own counter */
struct al_tasklet {
	struct tasklet_struct tasklet;
	int queued;
	int irq;
};

struct al_rx {
	struct tasklet_struct rx_tasklet;
	int count;
};

void al_rx_tasklet_fn(struct tasklet_struct *t);

static void al_run_tasklet(struct tasklet_struct *t)
{
	struct al_tasklet *at = from_tasklet(at, t,
					     tasklet);

	at->queued = 0;
}

void al_rx_tasklet_fn(struct tasklet_struct *t)
{
	struct al_rx *rx = from_tasklet(rx, t,
					rx_tasklet);

	rx->count++;
}

static irqreturn_t al_irq(int irq, void *data)
{
	struct al_tasklet *at = data;

	tasklet_schedule(&at->tasklet);
	return IRQ_HANDLED;
}

static irqreturn_t al_rx_irq(int irq, void *data)
{
	struct al_rx *rx = data;

	tasklet_schedule(&rx->rx_tasklet);
	return IRQ_HANDLED;
}

int al_probe(struct al_tasklet *at, struct al_rx *rx)
{
	tasklet_setup(&at->tasklet, al_run_tasklet);
	tasklet_setup(&rx->rx_tasklet, al_rx_tasklet_fn);
	if (request_irq(at->irq, al_rx_irq, 0, "al-rx", rx))
		return -1;
	return request_irq(at->irq, al_irq, 0, "al", at);
}

void al_remove(struct al_tasklet *at, struct al_rx *rx)
{
	tasklet_kill(&at->tasklet);
	tasklet_kill(&rx->rx_tasklet);
}
