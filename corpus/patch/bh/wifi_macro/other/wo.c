// SPDX-License-Identifier: GPL-2.0-only
/*
 * The macro is expanded for the tasklet, and again in a legacy branch this
 * configuration does not build: rewriting the macro would change that one
 * too, which the audit does not know as a tasklet's init.
 */
#include "wo.h"

static void wo_rx_tasklet(struct tasklet_struct *t)
{
	struct wo_dev *wo = from_tasklet(wo, t, rx_tasklet);

	wo->count++;
}

static const struct wo_lib_ops wo_ops = {
	.rx_tasklet = wo_rx_tasklet,
};

#define WO_TASKLET_INIT(name) \
	if (wo->lib->name) \
		tasklet_setup(&wo->name, wo->lib->name)

int wo_probe(struct wo_dev *wo)
{
	wo->lib = &wo_ops;
	WO_TASKLET_INIT(rx_tasklet);
#ifdef WO_LEGACY
	WO_TASKLET_INIT(legacy_tasklet);
#endif
	return 0;
}

void wo_rx(struct wo_dev *wo)
{
	tasklet_schedule(&wo->rx_tasklet);
}

void wo_remove(struct wo_dev *wo)
{
	tasklet_kill(&wo->rx_tasklet);
}
