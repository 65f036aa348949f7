// SPDX-License-Identifier: GPL-2.0-only
/* The interrupt handler, in another directory of the driver, schedules it. */
#include "../include/drv_recv.h"

static irqreturn_t drv_sdio_irq(int irq, void *data)
{
	struct adapter *adapter = data;
	struct recv_priv *recv_priv = &adapter->recvpriv;

	recv_priv->pending++;
	tasklet_schedule(&recv_priv->recv_tasklet);
	return IRQ_HANDLED;
}

int drv_sdio_probe(struct adapter *adapter)
{
	drv_init_recv_priv(adapter);
	return request_irq(adapter->irq, drv_sdio_irq, 0, "drv", adapter);
}

void drv_sdio_remove(struct adapter *adapter)
{
	free_irq(adapter->irq, adapter);
	drv_free_recv_priv(adapter);
}
