// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/ixp4xx_crypto.c: a static tasklet whose
 * constant data the callback never reads.  (The seed's + side also joins
 * the brace onto the prototype line and names the parameter "unused"; the
 * expected result keeps the layout and uses the series' usual "t".)
 */
#include <linux/interrupt.h>

static struct tasklet_struct crypto_done_tasklet;
static int done_count;

static void irqhandler(void *_unused)
{
	tasklet_schedule(&crypto_done_tasklet);
}

static void crypto_done_action(unsigned long arg)
{
	int i;

	for(i=0; i<4; i++) {
		done_count++;
	}
}

int init_ixp_crypto(void)
{
	irqhandler(NULL);
	tasklet_init(&crypto_done_tasklet, crypto_done_action, 0);

	return 0;
}
