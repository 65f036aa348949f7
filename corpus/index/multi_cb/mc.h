/* SPDX-License-Identifier: GPL-2.0-only */
/* One field, a callback per chip (mt76's pre_tbtt_tasklet): mc_a.c, mc_b.c, mc_beacon.c. */
#ifndef MC_H
#define MC_H
#include <linux/interrupt.h>

struct mc_dev {
	struct tasklet_struct pre_tbtt;
	int beacons;
};

void mc_a_pre_tbtt(struct tasklet_struct *t);

#endif
