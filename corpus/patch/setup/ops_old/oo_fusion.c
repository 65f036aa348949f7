// SPDX-License-Identifier: GPL-2.0-only
/* The second family's table and completion routine, in a file of its own. */
#include "oo.h"

static void
oo_complete_cmd_dpc_fusion(unsigned long instance_addr)
{
	struct oo_instance *instance =
		(struct oo_instance *)instance_addr;

	instance->completed += 2;
}

const struct oo_template oo_fusion_template = {
	.tasklet = oo_complete_cmd_dpc_fusion,
};

int oo_fusion_wait(struct oo_instance *instance)
{
	oo_complete_cmd_dpc_fusion((unsigned long)instance);
	return instance->completed;
}

int oo_fusion_reset(struct oo_instance *instance)
{
	oo_complete_cmd_dpc_fusion((unsigned long)instance);
	return 0;
}
