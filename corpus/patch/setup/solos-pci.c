// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/atm/solos-pci.c: an unnamed prototype, a void * cast. */
#include <linux/interrupt.h>

struct solos_card {
	int nr_ports;
	struct tasklet_struct tlet;
};

static int print_buffer(int len);
static void solos_bh(unsigned long);

static void solos_bh(unsigned long card_arg)
{
	struct solos_card *card = (void *)card_arg;
	u32 card_flags;
	int port;

	card_flags = 0;
	for (port = 0; port < card->nr_ports; port++)
		card_flags |= 1u << port;
	print_buffer((int)card_flags);
}

static int print_buffer(int len)
{
	return len;
}

int fpga_probe(struct solos_card *card)
{
	tasklet_init(&card->tlet, solos_bh, (unsigned long)card);
	return 0;
}
