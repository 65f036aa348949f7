// SPDX-License-Identifier: GPL-2.0-only
/* Tasklets inside #ifdef CONFIG_...: one compiled in, one compiled out. */
#include <linux/interrupt.h>

struct cfg_dev {
#ifdef CONFIG_CORPUS_ENABLED
	struct tasklet_struct on_tasklet;
#endif
#ifdef CONFIG_CORPUS_DISABLED
	struct tasklet_struct off_tasklet;
#endif
	int x;
};

static void cfg_fn(struct tasklet_struct *t)
{
}

void cfg_init(struct cfg_dev *d)
{
#ifdef CONFIG_CORPUS_ENABLED
	tasklet_setup(&d->on_tasklet, cfg_fn);
#endif
#ifdef CONFIG_CORPUS_DISABLED
	tasklet_setup(&d->off_tasklet, cfg_fn);
	tasklet_schedule(&d->off_tasklet);
#endif
}
