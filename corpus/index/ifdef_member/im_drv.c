// SPDX-License-Identifier: GPL-2.0-only
/*
 * mvsas' shape: the tasklet field of the private struct is always
 * declared (im_drv.h), but every site is under an option that is off and
 * names it differently: "&(p->im_tasklet)" at the init,
 * "&((struct im_priv *)host->priv)->im_tasklet" at the schedule and the
 * kill.  The compiled-out sites are untyped; each names the member
 * im_tasklet last, and one struct field of that name is declared in the
 * driver's directory: one object, struct im_priv.im_tasklet, scheduled
 * (compiled out). Expect: isr_bottom_half with note.compiled-out, no
 * unresolved site for im_tasklet.
 * The near miss, work_tl: struct im_a and struct im_b both have one, so the
 * compiled-out schedule through a cast stays unresolved, and both stay
 * unused.
 */
#include <linux/interrupt.h>

#include "im_drv.h"

#ifdef CONFIG_CORPUS_DISABLED
static void im_tasklet_fn(unsigned long data)
{
	struct im_host *host = (struct im_host *)data;

	host->irq = 0;
}
#endif

static void im_work_fn(struct tasklet_struct *t)
{
}

static irqreturn_t im_interrupt(int irq, void *dev_id)
{
	struct im_host *host = dev_id;

#ifdef CONFIG_CORPUS_DISABLED
	tasklet_schedule(&((struct im_priv *)host->priv)->im_tasklet);
	tasklet_schedule(&((struct im_a *)host->any)->work_tl);
#endif
	return IRQ_HANDLED;
}

int im_probe(struct im_host *host, struct im_a *a, struct im_b *b)
{
#ifdef CONFIG_CORPUS_DISABLED
	{
		struct im_priv *p = host->priv;

		tasklet_init(&(p->im_tasklet), im_tasklet_fn, (unsigned long)host);
	}
#endif
	tasklet_setup(&a->work_tl, im_work_fn);
	tasklet_setup(&b->work_tl, im_work_fn);
	return request_irq(host->irq, im_interrupt, 0, "im", host);
}

void im_remove(struct im_host *host)
{
	free_irq(host->irq, host);
#ifdef CONFIG_CORPUS_DISABLED
	tasklet_kill(&((struct im_priv *)host->priv)->im_tasklet);
#endif
}
