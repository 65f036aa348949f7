// SPDX-License-Identifier: GPL-2.0-only
/*
 * The callback recovers the adapter through a nested designator,
 * from_tasklet(padapter, t, recvpriv.recv_tasklet); the field's struct
 * lives in ../include/.
 */
#include "../include/drv_recv.h"

static void drv_recv_tasklet(struct tasklet_struct *t)
{
	struct adapter *padapter = from_tasklet(padapter, t,
						recvpriv.recv_tasklet);

	padapter->received += padapter->recvpriv.pending;
}

int drv_init_recv_priv(struct adapter *padapter)
{
	tasklet_setup(&padapter->recvpriv.recv_tasklet, drv_recv_tasklet);
	return 0;
}

void drv_free_recv_priv(struct adapter *padapter)
{
	tasklet_kill(&padapter->recvpriv.recv_tasklet);
}
