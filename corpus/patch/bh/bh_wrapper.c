// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/tty/serial/atmel_serial.c: both tasklets are scheduled
 * through a driver function that takes the tasklet and only hands it to
 * tasklet_schedule().  The wrapper takes the work item instead; the
 * calls passing the tasklets are renamed with them.
 */
#include <linux/interrupt.h>

struct wr_port {
	int irq;
	int shutdown;
	struct tasklet_struct rx_tasklet;
	struct tasklet_struct tx_tasklet;
};

static void wr_tasklet_schedule(struct wr_port *port,
				struct tasklet_struct *t)
{
	if (!port->shutdown)
		tasklet_schedule(t);
}

static void wr_rx_func(struct tasklet_struct *t)
{
	struct wr_port *port = from_tasklet(port, t, rx_tasklet);

	port->irq = 0;
}

static void wr_tx_func(struct tasklet_struct *t)
{
	struct wr_port *port = from_tasklet(port, t, tx_tasklet);

	port->irq = 1;
}

static irqreturn_t wr_interrupt(int irq, void *dev_id)
{
	struct wr_port *port = dev_id;

	wr_tasklet_schedule(port, &port->rx_tasklet);
	wr_tasklet_schedule(port,
			    &port->tx_tasklet);
	return IRQ_HANDLED;
}

int wr_startup(struct wr_port *port)
{
	port->shutdown = 0;
	tasklet_setup(&port->rx_tasklet, wr_rx_func);
	tasklet_setup(&port->tx_tasklet, wr_tx_func);
	return request_irq(port->irq, wr_interrupt, 0, "wr", port);
}

void wr_shutdown(struct wr_port *port)
{
	port->shutdown = 1;
	tasklet_kill(&port->rx_tasklet);
	tasklet_kill(&port->tx_tasklet);
}
