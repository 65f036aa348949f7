/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * refcore_timer.h - the reference model of a timer_list armed to expire at
 * once (mod_timer(t, jiffies)), per kernel/time/timer.c of linux-source-6.1
 * (6.1.192, which carries timer_shutdown_sync()).
 *
 * The callback runs from TIMER_SOFTIRQ on the CPU whose timer base holds the
 * timer: the arming CPU (the model treats the timer as pinned; NOHZ timer
 * migration may pick another CPU for unpinned timers), except that a timer
 * re-armed while its callback runs stays on the running base.
 * struct ta_timer is a plain value owned by the caller.
 */
#ifndef TA_REFCORE_TIMER_H
#define TA_REFCORE_TIMER_H

#include "refcore_model.h"

struct ta_timer {
	uint8_t pending;  /* enqueued on a base */
	int8_t base;      /* the CPU whose timer base holds it */
	int8_t running;   /* the CPU running its callback (base->running_timer), -1 none */
	uint8_t shutdown; /* timer->function == NULL after timer_shutdown_sync() */
};

enum ta_timer_op {
	TA_TIMER_MOD,           /* mod_timer(t, jiffies) */
	TA_TIMER_DELETE,        /* timer_delete() / del_timer() */
	TA_TIMER_DELETE_SYNC,   /* timer_delete_sync() / del_timer_sync() */
	TA_TIMER_SHUTDOWN_SYNC, /* timer_shutdown_sync() */
	TA_TIMER_NOPS
};

void ta_timer_init(struct ta_timer *t);
struct ta_rc_step ta_timer_call(struct ta_timer *t, enum ta_timer_op op, unsigned phase, int cpu);
/* TIMER_SOFTIRQ on cpu expires the timer. */
bool ta_timer_expire(struct ta_timer *t, int cpu, enum ta_rc_prio *prio);
void ta_timer_callback_end(struct ta_timer *t, int cpu);

extern const struct ta_rc_model ta_rc_timer_model;

#endif
