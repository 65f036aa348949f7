/* SPDX-License-Identifier: GPL-2.0-only */
/* Shared callbacks of the memory-mapped drivers, set by their tables. */
#ifndef WM_MMIO_H
#define WM_MMIO_H
#include "wm.h"

void wm_mmio_txdone_tasklet(struct tasklet_struct *t);
void wm_mmio_beacon_tasklet(struct tasklet_struct *t);
irqreturn_t wm_mmio_interrupt(int irq, void *dev);
#endif
