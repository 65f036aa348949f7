// SPDX-License-Identifier: GPL-2.0-only
/*
 * A recommendation the patch writer cannot produce gives way to the next
 * one it can.  Expect: scan, kicked only from a timer callback, is
 * timer_driven, but the timer conversion is refused (the driver disables
 * the tasklet), so the recommendation is bh_workqueue with the refusal as
 * its rec.writer-refuses reason.  Near-miss: timer_kick.c, whose timer
 * conversion the writer accepts.
 */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct rw_scan {
	struct timer_list poll;
	struct tasklet_struct scan;
	unsigned int rounds;
};

static void rw_scan_fn(struct tasklet_struct *t)
{
	struct rw_scan *s = from_tasklet(s, t, scan);

	s->rounds++;
}

static void rw_poll(struct timer_list *timer)
{
	struct rw_scan *s = from_timer(s, timer, poll);

	tasklet_schedule(&s->scan);
	mod_timer(&s->poll, 100);
}

void rw_scan_start(struct rw_scan *s)
{
	tasklet_setup(&s->scan, rw_scan_fn);
	timer_setup(&s->poll, rw_poll, 0);
	mod_timer(&s->poll, 100);
}

void rw_scan_pause(struct rw_scan *s)
{
	tasklet_disable(&s->scan);
}

void rw_scan_stop(struct rw_scan *s)
{
	del_timer_sync(&s->poll);
	tasklet_kill(&s->scan);
}
