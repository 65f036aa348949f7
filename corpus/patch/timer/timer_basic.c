// SPDX-License-Identifier: GPL-2.0-only
/*
 * Only ever kicked from one timer_list callback: the tasklet goes, the
 * timer calls the work with the container; the kill after
 * del_timer_sync() goes too.
 */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct tk_port {
	struct timer_list poll_timer;
	int rx;
	struct tasklet_struct rx_tasklet;
};

static void tk_rx(struct tasklet_struct *t)
{
	struct tk_port *port = from_tasklet(port, t, rx_tasklet);

	port->rx++;
}

static void tk_poll(struct timer_list *tl)
{
	struct tk_port *port = from_timer(port, tl, poll_timer);

	tasklet_schedule(&port->rx_tasklet);
	mod_timer(&port->poll_timer, 10);
}

void tk_startup(struct tk_port *port)
{
	tasklet_setup(&port->rx_tasklet, tk_rx);
	timer_setup(&port->poll_timer, tk_poll, 0);
	mod_timer(&port->poll_timer, 10);
}

void tk_shutdown(struct tk_port *port)
{
	del_timer_sync(&port->poll_timer);
	tasklet_kill(&port->rx_tasklet);
}
