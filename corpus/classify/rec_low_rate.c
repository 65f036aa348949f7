// SPDX-License-Identifier: GPL-2.0-only
/*
 * A low-rate event handler that busy-waits is better off in process
 * context.  Expect: link_tasklet (named for link events, its callback
 * polls the PHY with udelay()) workqueue by rec.low-rate-event;
 * near-miss: reset_tasklet, named for an event too but not busy-waiting,
 * keeps bh_workqueue with workqueue as an alternative (alt.low-rate-event).
 */
#include <linux/interrupt.h>

void __const_udelay(unsigned long xloops);
#define udelay(n) __const_udelay((n) * 0x10c7ul)
unsigned int lr_read_phy(void *regs);

struct lr_port {
	int irq;
	void *regs;
	struct tasklet_struct link_tasklet;
	struct tasklet_struct reset_tasklet;
	unsigned int link_up, resets;
};

static void lr_link_event(struct tasklet_struct *t)
{
	struct lr_port *p = from_tasklet(p, t, link_tasklet);
	int tries = 50;

	while (!lr_read_phy(p->regs) && tries--)
		udelay(10);
	p->link_up = tries > 0;
}

static void lr_reset_event(struct tasklet_struct *t)
{
	struct lr_port *p = from_tasklet(p, t, reset_tasklet);

	p->resets++;
}

static irqreturn_t lr_isr(int irq, void *data)
{
	struct lr_port *p = data;

	tasklet_schedule(&p->link_tasklet);
	tasklet_schedule(&p->reset_tasklet);
	return IRQ_HANDLED;
}

int lr_init(struct lr_port *p)
{
	tasklet_setup(&p->link_tasklet, lr_link_event);
	tasklet_setup(&p->reset_tasklet, lr_reset_event);
	return request_irq(p->irq, lr_isr, 0, "lr", p);
}

void lr_exit(struct lr_port *p)
{
	free_irq(p->irq, p);
	tasklet_kill(&p->link_tasklet);
	tasklet_kill(&p->reset_tasklet);
}
