/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Corpus stand-in for include/linux/workqueue.h: INIT_WORK() stores the
 * function; the v6.10 BH-workqueue API (system_bh_wq, from_work,
 * disable_work_sync, enable_and_queue_work) with the kernel's names and
 * signatures, so converted corpus files parse.
 */
#ifndef _CORPUS_WORKQUEUE_H
#define _CORPUS_WORKQUEUE_H
#include <linux/kernel.h>
struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);
struct work_struct {
	unsigned long data;
	work_func_t func;
};
struct workqueue_struct;
#define INIT_WORK(_work, _func) do { (_work)->data = 0; (_work)->func = (_func); } while (0)
#define DECLARE_WORK(n, f) struct work_struct n = { .data = 0, .func = (f) }
#define from_work(var, callback_work, work_fieldname) \
	container_of(callback_work, typeof(*var), work_fieldname)
extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_bh_wq;
extern struct workqueue_struct *system_bh_highpri_wq;
bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
bool schedule_work(struct work_struct *work);
bool cancel_work_sync(struct work_struct *work);
bool flush_work(struct work_struct *work);
bool disable_work(struct work_struct *work);
bool disable_work_sync(struct work_struct *work);
bool enable_work(struct work_struct *work);
bool enable_and_queue_work(struct workqueue_struct *wq, struct work_struct *work);
#endif
