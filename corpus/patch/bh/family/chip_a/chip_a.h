/* SPDX-License-Identifier: GPL-2.0-only */
/* Chip a of the family: its device embeds the core one. */
#ifndef CHIP_A_H
#define CHIP_A_H
#include "../fam.h"

struct a_dev {
	struct fam_dev fam;
	int tbtt;
};

void a_pre_tbtt(struct tasklet_struct *t);

#endif
