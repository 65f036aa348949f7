// SPDX-License-Identifier: GPL-2.0-only
/*
 * A USB completion handler is an atomic producer, like an interrupt.
 * Expect: rx (urb->complete = cu_rx_complete) isr_bottom_half, its site
 * urb_complete; near-miss: aux, scheduled from a function stored in a
 * driver's own "complete" field, has an unknown context.
 */
#include <linux/interrupt.h>

struct urb {
	void *context;
	int status;
	void (*complete)(struct urb *urb);
};

struct cu_ops {
	void (*complete)(void *priv);
};

struct cu_dev {
	struct urb *rx_urb;
	struct tasklet_struct rx;
	struct tasklet_struct aux;
	unsigned int frames;
};

static void cu_rx(struct tasklet_struct *t)
{
	struct cu_dev *cu = from_tasklet(cu, t, rx);

	cu->frames++;
}

static void cu_aux(struct tasklet_struct *t)
{
	struct cu_dev *cu = from_tasklet(cu, t, aux);

	cu->frames = 0;
}

static void cu_rx_complete(struct urb *urb)
{
	struct cu_dev *cu = urb->context;

	tasklet_schedule(&cu->rx);
}

static void cu_aux_complete(void *priv)
{
	struct cu_dev *cu = priv;

	tasklet_schedule(&cu->aux);
}

static const struct cu_ops cu_ops = {
	.complete = cu_aux_complete,
};

void cu_start(struct cu_dev *cu)
{
	tasklet_setup(&cu->rx, cu_rx);
	tasklet_setup(&cu->aux, cu_aux);
	cu->rx_urb->complete = cu_rx_complete;
	cu->rx_urb->context = cu;
}

void cu_stop(struct cu_dev *cu)
{
	tasklet_kill(&cu->rx);
	tasklet_kill(&cu->aux);
}
