// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/hifn_795x.c: a comment right after the cast. */
#include <linux/interrupt.h>

struct hifn_device {
	int started;
	struct tasklet_struct tasklet;
};

static void hifn_process_queue(struct hifn_device *dev)
{
	dev->started = 0;
}

static void hifn_tasklet_callback(unsigned long data)
{
	struct hifn_device *dev = (struct hifn_device *)data;

	/*
	 * This is ok to call this without lock being held,
	 * since the queue is only touched by the (unsigned long) data tasklet.
	 */
	if (dev->started)
		hifn_process_queue(dev);
}

int hifn_probe(struct hifn_device *dev)
{
	tasklet_init(&dev->tasklet, hifn_tasklet_callback, (unsigned long)dev);

	return 0;
}
