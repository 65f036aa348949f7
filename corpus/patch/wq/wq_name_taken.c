// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/crypto/hifn_795x.c and kernel/backtracetest.c: the name the
 * work item would get is taken where the tasklet is declared.  hifn's
 * struct already has a member named `work`, backtracetest.c a completion
 * named backtrace_work: the work items become work_item and
 * backtrace_work_item instead of a patch that does not compile.
 */
#include <linux/interrupt.h>
#include <linux/workqueue.h>

struct nt_device {
	struct work_struct work;
	unsigned long pending;
	struct tasklet_struct tasklet;
};

static void nt_tasklet_callback(unsigned long data)
{
	struct nt_device *dev = (struct nt_device *)data;

	dev->pending = 0;
}

static void nt_work(struct work_struct *work)
{
	struct nt_device *dev = container_of(work, struct nt_device, work);

	tasklet_schedule(&dev->tasklet);
}

int nt_probe(struct nt_device *dev)
{
	INIT_WORK(&dev->work, nt_work);
	tasklet_init(&dev->tasklet, nt_tasklet_callback, (unsigned long)dev);
	return 0;
}

void nt_remove(struct nt_device *dev)
{
	cancel_work_sync(&dev->work);
	tasklet_kill(&dev->tasklet);
}

/* stands in for backtracetest's DECLARE_COMPLETION(backtrace_work) */
struct nt_done {
	int done;
};

static struct nt_done backtrace_work;

static void backtrace_test_callback(unsigned long data)
{
	backtrace_work.done = 1;
}

static DECLARE_TASKLET_OLD(backtrace_tasklet, &backtrace_test_callback);

void backtrace_test(void)
{
	backtrace_work.done = 0;
	tasklet_schedule(&backtrace_tasklet);
}
