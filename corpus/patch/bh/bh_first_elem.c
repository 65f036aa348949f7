// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/crypto/intel/qat/qat_common (adf_vf_isr.c, adf_transport.c):
 * the VF has one bank and passes the array (priv_data->banks) for its
 * first element (&priv_data->banks[0]); the callback's old parameter is a
 * uintptr_t and it takes the bank through a void * cast.
 */
#include <linux/interrupt.h>
#include <linux/types.h>

struct fe_bank_data {
	struct tasklet_struct resp_handler;
	int bank_number;
};

struct fe_etr_data {
	struct fe_bank_data *banks;
};

void fe_response_handler(uintptr_t bank_addr);

void fe_response_handler(uintptr_t bank_addr)
{
	struct fe_bank_data *bank = (void *)bank_addr;

	bank->bank_number++;
}

static irqreturn_t fe_isr(int irq, void *privdata)
{
	struct fe_etr_data *priv_data = privdata;

	tasklet_hi_schedule(&priv_data->banks[0].resp_handler);
	return IRQ_HANDLED;
}

int fe_setup_bh(struct fe_etr_data *priv_data)
{
	tasklet_init(&priv_data->banks[0].resp_handler, fe_response_handler,
		     (unsigned long)priv_data->banks);
	return request_irq(0, fe_isr, 0, "fe", priv_data);
}

void fe_cleanup_bh(struct fe_etr_data *priv_data)
{
	tasklet_disable(&priv_data->banks[0].resp_handler);
	tasklet_kill(&priv_data->banks[0].resp_handler);
}
