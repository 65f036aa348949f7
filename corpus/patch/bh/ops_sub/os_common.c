// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tasklet's callback is read from the datapath ops, whose tables sit
 * in a subdirectory per family (nfp's nfd3/rings.c): those files name no
 * tasklet, so only the writer's look below the tasklet's directory finds
 * them.
 */
#include "os.h"

void os_vector_init(struct os_net *nn)
{
	tasklet_setup(&nn->r_vec.tasklet, nn->ops->ctrl_poll);
}

void os_irq(struct os_net *nn)
{
	tasklet_schedule(&nn->r_vec.tasklet);
}

void os_vector_fini(struct os_net *nn)
{
	tasklet_kill(&nn->r_vec.tasklet);
}
