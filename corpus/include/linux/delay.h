/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/delay.h and linux/mutex.h. */
#ifndef _CORPUS_DELAY_H
#define _CORPUS_DELAY_H
struct mutex {
	int owner;
};
void mutex_lock(struct mutex *lock);
void mutex_unlock(struct mutex *lock);
void usleep_range(unsigned long min, unsigned long max);
#endif
