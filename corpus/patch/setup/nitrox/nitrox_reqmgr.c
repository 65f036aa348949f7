// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/cavium/nitrox/nitrox_reqmgr.c. */
#include "nitrox_common.h"

/**
 * pkt_slc_resp_tasklet - post processing of SE responses
 */
void pkt_slc_resp_tasklet(unsigned long data)
{
	struct nitrox_q_vector *qvec = (void *)(uintptr_t)(data);
	int ring = qvec->ring;

	qvec->ring = ring + 1;
}
