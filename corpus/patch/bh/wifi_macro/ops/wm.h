/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rt2x00 shape: the library initializes the device's tasklets through
 * a driver macro, with callbacks read from the driver's ops table.
 */
#ifndef WM_H
#define WM_H
#include <linux/interrupt.h>

struct wm_dev;

struct wm_lib_ops {
	irqreturn_t (*irq_handler) (int irq, void *dev);
	void (*txdone_tasklet) (struct tasklet_struct *t);
	void (*beacon_tasklet) (struct tasklet_struct *t);
};

struct wm_ops {
	const struct wm_lib_ops *lib;
};

struct wm_dev {
	const struct wm_ops *ops;
	int pending;
	struct tasklet_struct txdone_tasklet;
	struct tasklet_struct beacon_tasklet;
};

int wm_probe(struct wm_dev *wm);
void wm_remove(struct wm_dev *wm);
void wm_done(struct wm_dev *wm);
#endif
