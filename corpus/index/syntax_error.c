// SPDX-License-Identifier: GPL-2.0-only
/* A file with a syntax error: the run goes on, the file is reported degraded. */
#include <linux/interrupt.h>

struct se_dev {
	struct tasklet_struct t;
};

static void se_fn(struct tasklet_struct *t)
{
}

void se_init(struct se_dev *d)
{
	tasklet_setup(&d->t, se_fn)
	int broken = ;
}
