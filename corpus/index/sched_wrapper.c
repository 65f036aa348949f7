// SPDX-License-Identifier: GPL-2.0-only
/*
 * Schedule and kill wrappers: sw_tasklet_schedule() takes a struct
 * tasklet_struct * and schedules it unless the port is shutting down (the
 * atmel_serial shape), sw_kick() hands its own tasklet parameter on to it,
 * sw_stop() kills the tasklet it is given.  Expect: rx gets a schedule
 * site at the wrapper call in sw_isr() (hardirq); tx one in sw_isr()
 * through sw_kick() and one in the DMA callback sw_tx_done(); both get a
 * kill site in sw_remove() through sw_stop(); each such site names the
 * path to the API call it goes through.  The wrappers' own API calls stay
 * unresolved sites (the BH writer converts a wrapper from them), and so
 * does the kill in sw_unused_helper(), to which nobody hands a tasklet.
 */
#include <linux/interrupt.h>
#include <linux/dmaengine.h>
#include <linux/platform_device.h>

struct sw_port {
	int irq;
	int shutdown;
	unsigned int count;
	struct tasklet_struct rx;
	struct tasklet_struct tx;
	struct dma_async_tx_descriptor *desc;
};

static void sw_tasklet_schedule(struct sw_port *port, struct tasklet_struct *t)
{
	if (!port->shutdown)
		tasklet_schedule(t);
}

static void sw_kick(struct sw_port *port, struct tasklet_struct *t)
{
	port->count++;
	sw_tasklet_schedule(port, t);
}

static void sw_stop(struct tasklet_struct *t)
{
	tasklet_kill(t);
}

void sw_unused_helper(struct tasklet_struct *t)
{
	tasklet_kill(t);
}

static void sw_rx(struct tasklet_struct *t)
{
	struct sw_port *port = from_tasklet(port, t, rx);

	port->count = 0;
}

static void sw_tx(struct tasklet_struct *t)
{
	struct sw_port *port = from_tasklet(port, t, tx);

	port->count = 0;
}

static void sw_tx_done(void *param)
{
	struct sw_port *port = param;

	sw_tasklet_schedule(port, &port->tx);
}

static irqreturn_t sw_isr(int irq, void *data)
{
	struct sw_port *port = data;

	sw_tasklet_schedule(port, &port->rx);
	sw_kick(port, &port->tx);
	return IRQ_HANDLED;
}

static int sw_probe(struct platform_device *pdev)
{
	struct sw_port *port = pdev->driver_data;

	tasklet_setup(&port->rx, sw_rx);
	tasklet_setup(&port->tx, sw_tx);
	port->desc->callback = sw_tx_done;
	return request_irq(port->irq, sw_isr, 0, "sw", port);
}

static int sw_remove(struct platform_device *pdev)
{
	struct sw_port *port = pdev->driver_data;

	free_irq(port->irq, port);
	sw_stop(&port->rx);
	sw_stop(&port->tx);
	return 0;
}

struct platform_driver sw_driver = {
	.probe = sw_probe,
	.remove = sw_remove,
	.name = "sw",
};
