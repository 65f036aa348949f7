// SPDX-License-Identifier: GPL-2.0-only
/*
 * A bottom half behind an option that is off, as fore200e's
 * CONFIG_ATM_FORE200E_USE_TASKLET: the interrupt handler schedules the
 * tasklet only when the option is set and runs the work inline otherwise.
 * Every schedule site is compiled out, so the class comes from those
 * sites. Expect: isr_bottom_half, with note.compiled-out.
 * The near miss, co->status: one schedule site compiled in (a work
 * function), one compiled out (the handler): only the compiled-in one
 * counts. Expect: process_deferral.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct co_dev {
#ifdef CONFIG_CORPUS_DISABLED
	struct tasklet_struct rx_tasklet;
#endif
	struct tasklet_struct status;
	struct work_struct poke;
	int irq;
	unsigned int pending;
};

static void co_rx(struct co_dev *co)
{
	co->pending = 0;
}

#ifdef CONFIG_CORPUS_DISABLED
static void co_rx_tasklet(unsigned long data)
{
	co_rx((struct co_dev *)data);
}
#endif

static void co_status_fn(struct tasklet_struct *t)
{
	struct co_dev *co = from_tasklet(co, t, status);

	co->pending++;
}

static irqreturn_t co_interrupt(int irq, void *dev_id)
{
	struct co_dev *co = dev_id;

#ifdef CONFIG_CORPUS_DISABLED
	tasklet_schedule(&co->rx_tasklet);
	tasklet_schedule(&co->status);
#else
	co_rx(co);
#endif
	return IRQ_HANDLED;
}

static void co_poke(struct work_struct *w)
{
	struct co_dev *co = container_of(w, struct co_dev, poke);

	tasklet_schedule(&co->status);
}

int co_probe(struct co_dev *co)
{
#ifdef CONFIG_CORPUS_DISABLED
	tasklet_init(&co->rx_tasklet, co_rx_tasklet, (unsigned long)co);
#endif
	tasklet_setup(&co->status, co_status_fn);
	INIT_WORK(&co->poke, co_poke);
	return request_irq(co->irq, co_interrupt, 0, "co", co);
}

void co_remove(struct co_dev *co)
{
	free_irq(co->irq, co);
#ifdef CONFIG_CORPUS_DISABLED
	tasklet_kill(&co->rx_tasklet);
#endif
	tasklet_kill(&co->status);
}
