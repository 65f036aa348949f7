// SPDX-License-Identifier: GPL-2.0-only
/*
 * Kernel threads and work functions run in process context.  Expect:
 * refill, scheduled from a kthread (kthread_run()) and a work function
 * (INIT_WORK()), process_deferral and workqueue; near-miss: poll is
 * scheduled from th_poll_setup(), which is handed to a registration no
 * rule knows, so its context is unknown, not guessed from its "_setup"
 * name.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct task_struct;
struct task_struct *kthread_create_on_node(int (*threadfn)(void *data), void *data, int node,
					   const char namefmt[], ...);
#define kthread_run(threadfn, data, namefmt) \
	kthread_create_on_node(threadfn, data, -1, namefmt)
void th_register(void (*fn)(void *priv), void *priv);

struct th_dev {
	struct work_struct rescan;
	struct tasklet_struct refill;
	struct tasklet_struct poll;
	unsigned int level;
};

static void th_refill(struct tasklet_struct *t)
{
	struct th_dev *th = from_tasklet(th, t, refill);

	th->level = 10;
}

static void th_poll(struct tasklet_struct *t)
{
	struct th_dev *th = from_tasklet(th, t, poll);

	th->level--;
}

static int th_thread(void *data)
{
	struct th_dev *th = data;

	tasklet_schedule(&th->refill);
	return 0;
}

static void th_rescan(struct work_struct *work)
{
	struct th_dev *th = from_work(th, work, rescan);

	tasklet_schedule(&th->refill);
}

static void th_poll_setup(void *priv)
{
	struct th_dev *th = priv;

	tasklet_schedule(&th->poll);
}

void th_start(struct th_dev *th)
{
	tasklet_setup(&th->refill, th_refill);
	tasklet_setup(&th->poll, th_poll);
	INIT_WORK(&th->rescan, th_rescan);
	kthread_run(th_thread, th, "th");
	th_register(th_poll_setup, th);
}

void th_stop(struct th_dev *th)
{
	tasklet_kill(&th->refill);
	tasklet_kill(&th->poll);
}
