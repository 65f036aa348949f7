// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_init data that is not the container: a global, another pointer,
 * a constant.  The modernization needs a back-pointer or the global itself.
 */
#include <linux/interrupt.h>

struct gadget_dev {
	int id;
};

static struct gadget_dev the_gadget;
static struct tasklet_struct global_data_tasklet;

struct port {
	struct gadget_dev *gadget;
	struct tasklet_struct port_tasklet;
};

static struct tasklet_struct const_data_tasklet;

static void gadget_fn(unsigned long data)
{
	struct gadget_dev *g = (struct gadget_dev *)data;

	printk("%d\n", g->id);
}

static void const_fn(unsigned long data)
{
	printk("%lu\n", data);
}

void data_kinds_init(struct port *p)
{
	tasklet_init(&global_data_tasklet, gadget_fn, (unsigned long)&the_gadget);
	tasklet_init(&p->port_tasklet, gadget_fn, (unsigned long)p->gadget);
	tasklet_init(&const_data_tasklet, const_fn, 0);
}
