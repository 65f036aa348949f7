// SPDX-License-Identifier: GPL-2.0-only
/* A high-priority tasklet (HI_SOFTIRQ): must map to system_bh_highpri_wq. */
#include <linux/interrupt.h>

struct hp_chan {
	struct tasklet_struct done;
};

static void hp_done(struct tasklet_struct *t)
{
	struct hp_chan *c = from_tasklet(c, t, done);

	(void)c;
}

static irqreturn_t hp_isr(int irq, void *data)
{
	struct hp_chan *c = data;

	tasklet_hi_schedule(&c->done);
	return IRQ_HANDLED;
}

void hp_init(struct hp_chan *c)
{
	tasklet_setup(&c->done, hp_done);
	request_irq(3, hp_isr, 0, "hp", c);
}
