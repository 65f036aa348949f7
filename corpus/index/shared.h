/* SPDX-License-Identifier: GPL-2.0-only */
/* A struct with a tasklet declared in a header, used from two .c files. */
#ifndef CORPUS_SHARED_H
#define CORPUS_SHARED_H
#include <linux/interrupt.h>

struct shared_ctrl {
	int state;
	struct tasklet_struct event_tasklet;
	struct tasklet_struct unused_tasklet; /* never initialized: dead code */
};

void shared_setup(struct shared_ctrl *c);
#endif
