// SPDX-License-Identifier: GPL-2.0-only
/* Only ever kicked from a timer callback. Expect: timer_driven, timer. */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct tk_dev {
	struct timer_list watchdog;
	struct tasklet_struct recover;
	unsigned int recoveries;
};

static void tk_recover(struct tasklet_struct *t)
{
	struct tk_dev *tk = from_tasklet(tk, t, recover);

	tk->recoveries++;
}

static void tk_watchdog(struct timer_list *timer)
{
	struct tk_dev *tk = from_timer(tk, timer, watchdog);

	tasklet_schedule(&tk->recover);
	mod_timer(&tk->watchdog, 100);
}

void tk_start(struct tk_dev *tk)
{
	tasklet_setup(&tk->recover, tk_recover);
	timer_setup(&tk->watchdog, tk_watchdog, 0);
	mod_timer(&tk->watchdog, 100);
}

void tk_stop(struct tk_dev *tk)
{
	del_timer_sync(&tk->watchdog);
	tasklet_kill(&tk->recover);
}
