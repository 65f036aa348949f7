// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/atmel-tdes.c: a cast written with a space. */
#include <linux/interrupt.h>

struct atmel_tdes_dev {
	unsigned long flags;
	struct tasklet_struct done_task;
	struct tasklet_struct queue_task;
};

#define TDES_FLAGS_DMA 0x1

static int atmel_tdes_handle_queue(struct atmel_tdes_dev *dd, void *req)
{
	return (int)dd->flags;
}

static void atmel_tdes_queue_task(unsigned long data)
{
	struct atmel_tdes_dev *dd = (struct atmel_tdes_dev *)data;

	atmel_tdes_handle_queue(dd, NULL);
}

static void atmel_tdes_done_task(unsigned long data)
{
	struct atmel_tdes_dev *dd = (struct atmel_tdes_dev *) data;
	int err;

	if (!(dd->flags & TDES_FLAGS_DMA))
		err = 0;
	else
		err = 1;
	dd->flags = err;
}

int atmel_tdes_probe(struct atmel_tdes_dev *tdes_dd)
{
	tasklet_init(&tdes_dd->done_task, atmel_tdes_done_task,
					(unsigned long)tdes_dd);
	tasklet_init(&tdes_dd->queue_task, atmel_tdes_queue_task,
					(unsigned long)tdes_dd);
	return 0;
}
