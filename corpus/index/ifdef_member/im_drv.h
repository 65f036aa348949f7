/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The driver's private structs, declared whatever the configuration: the
 * tasklet field is there even when the option that uses it is off.
 */
#ifndef CORPUS_IM_DRV_H
#define CORPUS_IM_DRV_H
#include <linux/interrupt.h>

struct im_host {
	void *priv;
	void *any;
	int irq;
};

struct im_priv {
	int n_port;
	struct tasklet_struct im_tasklet;
};

/* two fields of one name: a compiled-out site cannot tell them apart */
struct im_a {
	struct tasklet_struct work_tl;
};

struct im_b {
	struct tasklet_struct work_tl;
};
#endif
