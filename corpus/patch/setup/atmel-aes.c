// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/atmel-aes.c: two tasklets in one struct, wrapped inits. */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct atmel_aes_dev {
	int is_async;
	struct tasklet_struct done_task;
	struct tasklet_struct queue_task;
};

static int atmel_aes_handle_queue(struct atmel_aes_dev *dd, void *req)
{
	return dd->is_async;
}

static void atmel_aes_queue_task(unsigned long data)
{
	struct atmel_aes_dev *dd = (struct atmel_aes_dev *)data;

	atmel_aes_handle_queue(dd, NULL);
}

static void atmel_aes_done_task(unsigned long data)
{
	struct atmel_aes_dev *dd = (struct atmel_aes_dev *)data;

	dd->is_async = true;
}

int atmel_aes_probe(void)
{
	struct atmel_aes_dev *aes_dd = kzalloc(sizeof(*aes_dd), GFP_KERNEL);

	if (!aes_dd)
		return -12;
	tasklet_init(&aes_dd->done_task, atmel_aes_done_task,
					(unsigned long)aes_dd);
	tasklet_init(&aes_dd->queue_task, atmel_aes_queue_task,
					(unsigned long)aes_dd);

	return 0;
}
