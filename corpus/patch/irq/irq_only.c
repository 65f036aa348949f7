// SPDX-License-Identifier: GPL-2.0-only
/* The simplest threaded-irq case: schedule; return IRQ_HANDLED; in the one primary handler. */
#include <linux/interrupt.h>

struct io_dev {
	int irq;
	int handled;
	struct tasklet_struct bh;
};

static void io_bh(struct tasklet_struct *t)
{
	struct io_dev *io = from_tasklet(io, t, bh);

	io->handled++;
}

static irqreturn_t io_irq(int irq, void *dev)
{
	struct io_dev *io = dev;

	tasklet_schedule(&io->bh);
	return IRQ_HANDLED;
}

int io_probe(struct io_dev *io)
{
	tasklet_setup(&io->bh, io_bh);
	return request_irq(io->irq, io_irq, 0, "io", io);
}
