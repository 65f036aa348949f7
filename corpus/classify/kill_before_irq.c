// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_kill() before free_irq() in the remove path: the interrupt can
 * schedule the tasklet again after the kill (bug.kill-before-irq-quiesced).
 * Near-miss: isr_bh.c frees the IRQ first.
 */
#include <linux/interrupt.h>

struct kb_dev {
	int irq;
	struct tasklet_struct bh;
};

static void kb_bh(struct tasklet_struct *t)
{
}

static irqreturn_t kb_isr(int irq, void *data)
{
	struct kb_dev *kb = data;

	tasklet_schedule(&kb->bh);
	return IRQ_HANDLED;
}

int kb_probe(struct kb_dev *kb)
{
	tasklet_setup(&kb->bh, kb_bh);
	return request_irq(kb->irq, kb_isr, 0, "kb", kb);
}

void kb_remove(struct kb_dev *kb)
{
	tasklet_kill(&kb->bh);
	free_irq(kb->irq, kb);
}
