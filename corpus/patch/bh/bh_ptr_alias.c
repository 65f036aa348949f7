// SPDX-License-Identifier: GPL-2.0-only
/*
 * A pointer field holds the tasklet's address (the hil_mlc/fhci shape) and
 * a helper schedules through it: the audit ties that site to the tasklet
 * (the only address stored in the field), but converting the tasklet
 * alone would leave tasklet_schedule() on a work_struct pointer: refused,
 * naming the site, the field and where it is set.
 */
#include <linux/interrupt.h>

struct pa_port {
	struct tasklet_struct *kick;
};

struct pa_dev {
	struct pa_port port;
	int done;
	struct tasklet_struct rx_tasklet;
};

static void pa_rx(struct tasklet_struct *t)
{
	struct pa_dev *pa = from_tasklet(pa, t, rx_tasklet);

	pa->done++;
}

void pa_kick(struct pa_port *p)
{
	tasklet_schedule(p->kick);
}

void pa_probe(struct pa_dev *pa)
{
	tasklet_setup(&pa->rx_tasklet, pa_rx);
	pa->port.kick = &pa->rx_tasklet;
}

void pa_remove(struct pa_dev *pa)
{
	tasklet_kill(&pa->rx_tasklet);
}
