// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_kill() before free_irq() in the remove path: the interrupt can
 * schedule the tasklet again after the kill (bug.kill-before-irq-quiesced).
 * Near-misses: isr_bh.c frees the IRQ first; kq_remove() below waits for
 * the handler with synchronize_irq() before the kill (the device is masked
 * first), and frees the IRQ only afterwards: not flagged.
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

struct kq_dev {
	int irq;
	bool stopping;
	struct tasklet_struct bh;
};

static void kq_bh(struct tasklet_struct *t)
{
}

static irqreturn_t kq_isr(int irq, void *data)
{
	struct kq_dev *kq = data;

	if (!READ_ONCE(kq->stopping))
		tasklet_schedule(&kq->bh);
	return IRQ_HANDLED;
}

int kq_probe(struct kq_dev *kq)
{
	tasklet_setup(&kq->bh, kq_bh);
	return request_irq(kq->irq, kq_isr, 0, "kq", kq);
}

void kq_remove(struct kq_dev *kq)
{
	WRITE_ONCE(kq->stopping, true);
	synchronize_irq(kq->irq);
	tasklet_kill(&kq->bh);
	free_irq(kq->irq, kq);
}
