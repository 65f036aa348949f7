// SPDX-License-Identifier: GPL-2.0-only
/*
 * A producer that waits for the callback right after scheduling it gains
 * nothing from the deferral.  Expect: complete_cmd (a kernel thread
 * schedules it, then waits for its completion) manual with
 * rec.producer-waits; near-miss: notify (the same thread schedules it and
 * goes on) process_deferral, workqueue.
 */
#include <linux/interrupt.h>

struct completion {
	unsigned int done;
};
void init_completion(struct completion *x);
void complete(struct completion *x);
void wait_for_completion(struct completion *x);
struct task_struct;
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data, int node,
					   const char namefmt[], ...);

struct rw_queue {
	struct completion done;
	struct tasklet_struct complete_cmd;
	struct tasklet_struct notify;
	unsigned int commands;
};

static void rw_complete_cmd(struct tasklet_struct *t)
{
	struct rw_queue *q = from_tasklet(q, t, complete_cmd);

	q->commands++;
	complete(&q->done);
}

static void rw_notify(struct tasklet_struct *t)
{
	struct rw_queue *q = from_tasklet(q, t, notify);

	q->commands = 0;
}

static int rw_thread(void *data)
{
	struct rw_queue *q = data;

	init_completion(&q->done);
	tasklet_schedule(&q->complete_cmd);
	wait_for_completion(&q->done);
	tasklet_schedule(&q->notify);
	return 0;
}

void rw_start(struct rw_queue *q)
{
	tasklet_setup(&q->complete_cmd, rw_complete_cmd);
	tasklet_setup(&q->notify, rw_notify);
	kthread_create_on_node(rw_thread, q, -1, "rw");
}

void rw_stop(struct rw_queue *q)
{
	tasklet_kill(&q->complete_cmd);
	tasklet_kill(&q->notify);
}
