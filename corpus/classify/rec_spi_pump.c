// SPDX-License-Identifier: GPL-2.0-only
/*
 * An SPI controller that pumps its transfers from a tasklet next to its
 * own transfer_one_message() duplicates the SPI core's message pump.
 * Expect: pump_transfers manual by rec.spi-core-pump; near-miss: err_task,
 * a tasklet of the same driver that pumps nothing, bh_workqueue.
 */
#include <linux/interrupt.h>

struct spi_message;
struct spi_controller {
	int (*transfer_one_message)(struct spi_controller *ctlr, struct spi_message *msg);
};
void *spi_controller_get_devdata(struct spi_controller *ctlr);

struct sp_dev {
	int irq;
	struct spi_controller *ctlr;
	struct spi_message *msg;
	struct tasklet_struct pump_transfers;
	struct tasklet_struct err_task;
	unsigned int errors;
};

static void sp_pump_transfers(struct tasklet_struct *t)
{
	struct sp_dev *sp = from_tasklet(sp, t, pump_transfers);

	sp->msg = NULL;
}

static void sp_err(struct tasklet_struct *t)
{
	struct sp_dev *sp = from_tasklet(sp, t, err_task);

	sp->errors++;
}

static irqreturn_t sp_isr(int irq, void *data)
{
	struct sp_dev *sp = data;

	if (sp->errors)
		tasklet_schedule(&sp->err_task);
	tasklet_schedule(&sp->pump_transfers);
	return IRQ_HANDLED;
}

static int sp_transfer_one_message(struct spi_controller *ctlr, struct spi_message *msg)
{
	struct sp_dev *sp = spi_controller_get_devdata(ctlr);

	sp->msg = msg;
	tasklet_schedule(&sp->pump_transfers);
	return 0;
}

int sp_probe(struct sp_dev *sp)
{
	tasklet_setup(&sp->pump_transfers, sp_pump_transfers);
	tasklet_setup(&sp->err_task, sp_err);
	sp->ctlr->transfer_one_message = sp_transfer_one_message;
	return request_irq(sp->irq, sp_isr, 0, "sp", sp);
}

void sp_remove(struct sp_dev *sp)
{
	free_irq(sp->irq, sp);
	tasklet_kill(&sp->pump_transfers);
	tasklet_kill(&sp->err_task);
}
