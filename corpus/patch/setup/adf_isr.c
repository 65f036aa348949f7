// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/qat/qat_common/adf_isr.c: the container is an
 * array element and the new call still needs two lines (re-aligned to its
 * parenthesis).  The callback is written here after the series' conversion
 * of adf_transport.c, whose hunk the seed file does not carry in full.
 */
#include <linux/interrupt.h>

struct adf_etr_bank_data {
	int bank_number;
	struct tasklet_struct resp_handler;
};

struct adf_etr_priv_data {
	struct adf_etr_bank_data banks[4];
};

void adf_response_handler(unsigned long bank_addr)
{
	struct adf_etr_bank_data *bank = (void *)bank_addr;

	bank->bank_number++;
}

int adf_setup_bh(struct adf_etr_priv_data *priv_data, int num_banks)
{
	int i;

	for (i = 0; i < num_banks; i++)
		tasklet_init(&priv_data->banks[i].resp_handler,
			     adf_response_handler,
			     (unsigned long)&priv_data->banks[i]);
	return 0;
}
