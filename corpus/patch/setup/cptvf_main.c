// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/cavium/cpt/cptvf_main.c: each array element
 * holds a tasklet but the data is the whole array's container, so one
 * callback cannot know which element ran (the seed's container_of() on
 * vq_wqe[0] is wrong for every element but the first).  The preparation
 * patch passes the element and stashes the array's container in it: the
 * callback keeps using vq_wqe[0] exactly as before.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct cptvf_wqe {
	struct tasklet_struct twork;
	int qno;
};

struct cptvf_wqe_info {
	struct cptvf_wqe vq_wqe[4];
};

static void vq_work_handler(unsigned long data)
{
	struct cptvf_wqe_info *cwqe_info = (struct cptvf_wqe_info *)data;
	struct cptvf_wqe *cwqe = &cwqe_info->vq_wqe[0];

	cwqe->qno++;
}

int init_worker_threads(int nr_queues)
{
	struct cptvf_wqe_info *cwqe_info = kzalloc(sizeof(*cwqe_info), GFP_KERNEL);
	int i;

	if (!cwqe_info)
		return -12;
	for (i = 0; i < nr_queues; i++) {
		tasklet_init(&cwqe_info->vq_wqe[i].twork, vq_work_handler,
			     (u64)cwqe_info);
		cwqe_info->vq_wqe[i].qno = i;
	}
	return 0;
}
