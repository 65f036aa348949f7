// SPDX-License-Identifier: GPL-2.0-only
/* A driver whose table names the shared callbacks: no tasklet API here. */
#include "wm_mmio.h"

static const struct wm_lib_ops wm_pci_lib_ops = {
	.irq_handler	= wm_mmio_interrupt,
	.txdone_tasklet	= wm_mmio_txdone_tasklet,
	.beacon_tasklet	= wm_mmio_beacon_tasklet,
};

const struct wm_ops wm_pci_ops = {
	.lib = &wm_pci_lib_ops,
};
