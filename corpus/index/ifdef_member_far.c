// SPDX-License-Identifier: GPL-2.0-only
/*
 * The near miss of ifdef_member/: a compiled-out schedule naming a member
 * im_tasklet outside that driver's directory.  No struct field of that name
 * is declared here, and the field of ifdef_member/im_drv.h belongs to
 * another driver: the site stays unresolved, it does not join that
 * driver's tasklet.  The file's own tasklet, far_dev.t, is unaffected.
 */
#include <linux/interrupt.h>

struct far_dev {
	void *priv;
	struct tasklet_struct t;
};

static void far_fn(struct tasklet_struct *t)
{
}

void far_kick(struct far_dev *d)
{
#ifdef CONFIG_CORPUS_DISABLED
	tasklet_schedule(&((struct far_priv *)d->priv)->im_tasklet);
#endif
	tasklet_schedule(&d->t);
}

void far_probe(struct far_dev *d)
{
	tasklet_setup(&d->t, far_fn);
}
