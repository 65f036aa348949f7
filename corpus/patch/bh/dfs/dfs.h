/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The mt76x02 DFS shape: the tasklet is a field of a struct embedded in
 * the device, declared in a header of the driver's directory and used
 * from five files of it.
 */
#ifndef DFS_H
#define DFS_H
#include <linux/interrupt.h>

struct dfs_detector {
	int events;
	struct tasklet_struct dfs_tasklet;
};

struct dfs_dev {
	int irq;
	int region;
	int checked;
	struct dfs_detector dfs_pd;
};

void dfs_init_detector(struct dfs_dev *dev);
void dfs_set_domain(struct dfs_dev *dev, int region);
#endif
