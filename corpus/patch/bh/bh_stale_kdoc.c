// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 2020 modernization renamed the callback's parameter and left its
 * kernel-doc describing "@data": the one tag is taken as the parameter's.
 */
#include <linux/interrupt.h>

struct sk_priv {
	int done;
	struct tasklet_struct done_tasklet;
};

/**
 * sk_done() - completes the requests after the interrupt
 * @data: the driver state
 */
static void sk_done(struct tasklet_struct *t)
{
	struct sk_priv *priv = from_tasklet(priv, t, done_tasklet);

	priv->done++;
}

void sk_init(struct sk_priv *priv)
{
	tasklet_setup(&priv->done_tasklet, sk_done);
}

void sk_kick(struct sk_priv *priv)
{
	tasklet_schedule(&priv->done_tasklet);
}

void sk_exit(struct sk_priv *priv)
{
	tasklet_kill(&priv->done_tasklet);
}
