// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/cavium/nitrox/nitrox_isr.c. */
#include "nitrox_common.h"

static void nps_core_int_tasklet(unsigned long data)
{
	struct nitrox_q_vector *qvec = (void *)(uintptr_t)(data);

	/* if pf mode do queue recovery */
	qvec->valid = 0;
}

int nitrox_register_interrupts(struct nitrox_q_vector *qvec, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		tasklet_init(&qvec[i].resp_tasklet, pkt_slc_resp_tasklet,
			     (unsigned long)&qvec[i]);
		qvec[i].valid = true;
	}
	qvec = &qvec[n];

	tasklet_init(&qvec->resp_tasklet, nps_core_int_tasklet,
		     (unsigned long)qvec);
	qvec->valid = true;

	return 0;
}
