/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The rtl8723bs shape: the tasklet is a field of a struct in the driver's
 * own include/ directory, used from two directories of the driver.
 */
#ifndef DRV_RECV_H
#define DRV_RECV_H
#include <linux/interrupt.h>

struct recv_priv {
	int pending;
	struct tasklet_struct recv_tasklet;
};

struct adapter {
	int irq;
	int received;
	struct recv_priv recvpriv;
};

int drv_init_recv_priv(struct adapter *padapter);
void drv_free_recv_priv(struct adapter *padapter);
#endif
