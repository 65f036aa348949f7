/* SPDX-License-Identifier: GPL-2.0-only */
/* Chip b of the family: its device embeds the core one. */
#ifndef CHIP_B_H
#define CHIP_B_H
#include "../fam.h"

struct b_dev {
	struct fam_dev fam;
	int tbtt;
};

void b_pre_tbtt(struct tasklet_struct *t);

#endif
