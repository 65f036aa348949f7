// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interrupt handler itself kills the tasklet on a fatal error (the
 * shape cxgb has when its thread function is taken for a hard IRQ
 * handler).  tasklet_kill() there is already a bug, but
 * cancel_work_sync() from hard IRQ context breaks what the tasklet kept:
 * the reference core finds the conversion unsafe, and the writer refuses
 * it, quoting the check.  Near miss: bh_irq_cookie.c, killed on the remove path.
 */
#include <linux/interrupt.h>

struct ki_dev {
	struct tasklet_struct bh;
	int fatal;
	int irq;
	int done;
};

static void ki_bh(struct tasklet_struct *t)
{
	struct ki_dev *ki = from_tasklet(ki, t, bh);

	ki->done++;
}

static irqreturn_t ki_isr(int irq, void *data)
{
	struct ki_dev *ki = data;

	if (ki->fatal) {
		tasklet_kill(&ki->bh);
		return IRQ_HANDLED;
	}
	tasklet_schedule(&ki->bh);
	return IRQ_HANDLED;
}

int ki_probe(struct ki_dev *ki)
{
	tasklet_setup(&ki->bh, ki_bh);
	return request_irq(ki->irq, ki_isr, 0, "ki", ki);
}
