/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A driver family's core header (mt76.h's shape): the tasklet lives in the
 * core device struct, and the chip drivers below this directory each
 * install their own callback on it and use it from nine files in all.
 * Every user lies below this directory: one patch converts them all.
 */
#ifndef FAM_H
#define FAM_H
#include <linux/interrupt.h>

struct fam_dev {
	int irq;
	int beacons;
	struct tasklet_struct pre_tbtt_tasklet;
};

void fam_core_start(struct fam_dev *dev);
void fam_core_stop(struct fam_dev *dev);

#endif
