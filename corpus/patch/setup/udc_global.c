// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 002 (usb: gadget: udc: avoid tasklet passing a global): the data
 * is the address of a global, so the callback uses the global directly.
 */
#include <linux/interrupt.h>

struct udc {
	int connected;
};

static struct udc *udc;

static void udc_tasklet_disconnect(unsigned long par);

/* tasklet for usb disconnect */
static DECLARE_TASKLET_OLD(disconnect_tasklet, udc_tasklet_disconnect);

static struct tasklet_struct poll_tasklet;

static void udc_poll(unsigned long par)
{
	struct udc **devp = (struct udc **)par;

	(*devp)->connected++;
}

/* Tasklet for disconnect to be outside of interrupt context */
static void udc_tasklet_disconnect(unsigned long par)
{
	if (udc)
		udc->connected = 0;
}

void udc_init(void)
{
	tasklet_init(&poll_tasklet, udc_poll, (unsigned long)&udc);
	tasklet_schedule(&disconnect_tasklet);
}
