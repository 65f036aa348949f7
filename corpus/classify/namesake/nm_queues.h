/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cxgb4's queues (cxgb4.h): an offload and a control TX queue share their
 * leading layout and each has a qresume_tsk; the egress map holds both as
 * void *.  struct nm_spare's tasklet is never initialized: dead code, and
 * no other struct has its name.
 */
#ifndef CORPUS_NM_QUEUES_H
#define CORPUS_NM_QUEUES_H
#include <linux/interrupt.h>
#include <linux/timer.h>

struct nm_txq {
	unsigned int cntxt_id;
	unsigned int in_use;
};

struct nm_ofld_txq {
	struct nm_txq q;
	struct tasklet_struct qresume_tsk;
	int full;
};

struct nm_ctrl_txq {
	struct nm_txq q;
	struct tasklet_struct qresume_tsk;
};

struct nm_spare {
	struct tasklet_struct spare_tsk;
};

struct nm_sge {
	void **egr_map;
	unsigned long *starving;
	struct timer_list tx_timer;
	struct nm_ofld_txq ofld;
	struct nm_ctrl_txq ctrl;
};
#endif
