// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/staging/vme_user/vme_fake.c: the data is the bridge, the
 * tasklet lives in the driver structure the bridge points to
 * (bridge->driver_priv, set by the init function), and the callback takes
 * both with assignments after their declarations.  The driver structure
 * already points back at the bridge (fake_device->parent): the preparation
 * patch passes it and reads the bridge from it.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct bp_bridge {
	void *driver_priv;
	int irq;
};

struct bp_driver {
	struct bp_bridge *parent;
	int int_level;
	struct tasklet_struct int_tasklet;
};

static void bp_virq_tasklet(unsigned long data)
{
	struct bp_bridge *bridge;
	struct bp_driver *drv;

	bridge = (struct bp_bridge *)data;
	drv = bridge->driver_priv;

	bridge->irq = drv->int_level;
}

void bp_irq_generate(struct bp_driver *drv)
{
	tasklet_schedule(&drv->int_tasklet);
}

int bp_init(struct bp_bridge *bridge, struct bp_driver *drv)
{
	bridge->driver_priv = drv;
	drv->parent = bridge;
	tasklet_init(&drv->int_tasklet, bp_virq_tasklet,
		     (unsigned long)bridge);
	return 0;
}
