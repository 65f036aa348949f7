// SPDX-License-Identifier: GPL-2.0-only
/* Nested disable/enable around a reconfiguration, and a nosync disable. */
#include <linux/interrupt.h>

struct nd_dev {
	struct tasklet_struct work;
	int mode;
};

static void nd_work(struct tasklet_struct *t)
{
	struct nd_dev *nd = from_tasklet(nd, t, work);

	nd->mode++;
}

static void nd_inner(struct nd_dev *nd)
{
	tasklet_disable(&nd->work);
	nd->mode = 0;
	tasklet_enable(&nd->work);
}

void nd_reconfigure(struct nd_dev *nd)
{
	tasklet_disable(&nd->work);
	nd_inner(nd);
	tasklet_enable(&nd->work);
}

void nd_quiesce(struct nd_dev *nd)
{
	tasklet_disable_nosync(&nd->work);
}

void nd_setup(struct nd_dev *nd)
{
	tasklet_setup(&nd->work, nd_work);
	tasklet_schedule(&nd->work);
}
