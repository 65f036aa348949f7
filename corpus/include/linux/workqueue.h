/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/workqueue.h: INIT_WORK() stores the function. */
#ifndef _CORPUS_WORKQUEUE_H
#define _CORPUS_WORKQUEUE_H
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct {
	unsigned long data;
	work_func_t func;
};
#define INIT_WORK(_work, _func) do { (_work)->data = 0; (_work)->func = (_func); } while (0)
bool schedule_work(struct work_struct *work);
#endif
