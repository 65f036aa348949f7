/* SPDX-License-Identifier: GPL-2.0-only */
/* One datapath family. */
#ifndef FAM_H
#define FAM_H
#include "../os.h"

void os_fam_ctrl_poll(struct tasklet_struct *t);
extern const struct os_dp_ops os_fam_ops;
#endif
