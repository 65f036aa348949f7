// SPDX-License-Identifier: GPL-2.0-only
/* The family's poll routine. */
#include "fam.h"

void os_fam_ctrl_poll(struct tasklet_struct *t)
{
	struct os_r_vector *r_vec = from_tasklet(r_vec, t, tasklet);

	r_vec->polled++;
}
