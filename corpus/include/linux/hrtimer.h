/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/hrtimer.h: the callback field and its return type. */
#ifndef _CORPUS_HRTIMER_H
#define _CORPUS_HRTIMER_H
enum hrtimer_restart { HRTIMER_NORESTART, HRTIMER_RESTART };
struct hrtimer {
	enum hrtimer_restart (*function)(struct hrtimer *);
};
#endif
