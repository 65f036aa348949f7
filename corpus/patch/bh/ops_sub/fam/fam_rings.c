// SPDX-License-Identifier: GPL-2.0-only
/* The family's ops table. */
#include "fam.h"

const struct os_dp_ops os_fam_ops = {
	.ctrl_poll = os_fam_ctrl_poll,
};
