/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A core device struct whose tasklet the chips initialize two ways (mt76's
 * irq_tasklet): the newer chip with tasklet_setup(), the older ones with
 * tasklet_init() and their own device, which container_of() recovered from
 * the core struct.  Both ways the data is the tasklet's outer container.
 */
#ifndef MX_CORE_H
#define MX_CORE_H
#include <linux/interrupt.h>

struct mx_core {
	int irq;
	unsigned long irqmask;
	struct tasklet_struct irq_tasklet;
};

struct mx_core *mx_alloc_device(int size);

#endif
