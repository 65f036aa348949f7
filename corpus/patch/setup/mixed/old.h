/* SPDX-License-Identifier: GPL-2.0-only */
/* The older chips share their interrupt code. */
#ifndef MX_OLD_H
#define MX_OLD_H
#include "core.h"

struct oc_dev {
	struct mx_core mt;
	u32 intr;
};

void oc_irq_tasklet(unsigned long data);
irqreturn_t oc_irq_handler(int irq, void *dev_instance);

#endif
