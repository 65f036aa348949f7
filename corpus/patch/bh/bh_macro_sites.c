// SPDX-License-Identifier: GPL-2.0-only
/*
 * talitos' DEF_TALITOS*_INTERRUPT shape: a driver macro writes one IRQ
 * handler per channel mask, each scheduling the tasklet.  The call is
 * converted in the macro's definition, once for all its expansions, and
 * the line's backslash stays in the macro's column.  A kill that becomes
 * two calls in a statement macro gets its own continued line.
 */
#include <linux/interrupt.h>

struct ms_priv {
	unsigned long done;
	struct tasklet_struct done_task;
};

static void ms_done(struct tasklet_struct *t)
{
	struct ms_priv *priv = from_tasklet(priv, t, done_task);

	priv->done = 0;
}

#define DEF_MS_INTERRUPT(name, mask)					\
static irqreturn_t ms_interrupt_##name(int irq, void *data)		\
{									\
	struct ms_priv *priv = data;					\
									\
	priv->done |= (mask);						\
	tasklet_schedule(&priv->done_task);				\
	return IRQ_HANDLED;						\
}

#define MS_QUIESCE(p)							\
do {									\
	(p)->done = 0;							\
	/* let pending work finish */					\
	tasklet_kill(&(p)->done_task);					\
} while (0)

DEF_MS_INTERRUPT(4ch, 0xf)
DEF_MS_INTERRUPT(ch0, 0x1)

int ms_probe(struct ms_priv *priv, int irq, bool one)
{
	tasklet_setup(&priv->done_task, ms_done);
	return request_irq(irq, one ? ms_interrupt_ch0 : ms_interrupt_4ch, 0, "ms", priv);
}

void ms_stop(struct ms_priv *priv)
{
	MS_QUIESCE(priv);
}

void ms_remove(struct ms_priv *priv)
{
	tasklet_kill(&priv->done_task);
}
