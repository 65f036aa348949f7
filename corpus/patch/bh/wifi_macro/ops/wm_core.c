// SPDX-License-Identifier: GPL-2.0-only
/* The library: tasklets set up by a macro, killed for every device. */
#include "wm.h"

void wm_done(struct wm_dev *wm)
{
	wm->pending = 0;
}

int wm_probe(struct wm_dev *wm)
{
#define WM_TASKLET_INIT(taskletname) \
	if (wm->ops->lib->taskletname) { \
		tasklet_setup(&wm->taskletname, \
			      wm->ops->lib->taskletname); \
	}

	WM_TASKLET_INIT(txdone_tasklet);
	WM_TASKLET_INIT(beacon_tasklet);

#undef WM_TASKLET_INIT
	return 0;
}

void wm_remove(struct wm_dev *wm)
{
	tasklet_kill(&wm->txdone_tasklet);
	tasklet_kill(&wm->beacon_tasklet);
}
