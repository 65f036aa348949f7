// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/spi/spi-pl022.c (v6.1): a kernel-doc comment describes the
 * data parameter; W=1 builds warn unless it describes the new one.
 */
#include <linux/interrupt.h>

struct pl022 {
	int cur_transfer;
	struct tasklet_struct pump_transfers;
};

/**
 * pump_transfers - Tasklet function which schedules next transfer
 * when running in interrupt or DMA transfer mode.
 * @data	: SSP driver private data structure
 *
 */
static void pump_transfers(unsigned long data)
{
	struct pl022 *pl022 = (struct pl022 *) data;

	pl022->cur_transfer++;
}

int pl022_probe(struct pl022 *pl022)
{
	tasklet_init(&pl022->pump_transfers, pump_transfers,
		     (unsigned long)pl022);
	return 0;
}
