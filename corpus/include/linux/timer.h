/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/timer.h: timer_setup() as in v6.1. */
#ifndef _CORPUS_TIMER_H
#define _CORPUS_TIMER_H
struct timer_list {
	unsigned long expires;
	void (*function)(struct timer_list *);
	unsigned int flags;
};
void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, void *key);
#define timer_setup(timer, callback, flags) init_timer_key((timer), (callback), (flags), NULL, NULL)
int mod_timer(struct timer_list *timer, unsigned long expires);
int del_timer_sync(struct timer_list *timer);
#define from_timer(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, typeof(*var), timer_fieldname)
#endif
