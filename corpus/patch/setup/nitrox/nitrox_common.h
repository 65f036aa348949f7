/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * From seed 007, drivers/crypto/cavium/nitrox: a multi-file driver.  The
 * callback is declared here, defined in nitrox_reqmgr.c and installed in
 * nitrox_isr.c, where a second callback is installed on the same tasklet.
 */
#ifndef __NITROX_COMMON_H
#define __NITROX_COMMON_H
#include <linux/interrupt.h>

struct nitrox_q_vector {
	int ring;
	int valid;
	struct tasklet_struct resp_tasklet;
};

int nitrox_common_sw_init(struct nitrox_q_vector *qvec);

void pkt_slc_resp_tasklet(unsigned long data);
int nitrox_process_se_request(struct nitrox_q_vector *qvec);

#endif
