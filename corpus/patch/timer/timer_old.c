// SPDX-License-Identifier: GPL-2.0-only
/*
 * The old API: the callback casts its data to the container, declared
 * by a prototype before the timer callback and defined after it.
 */
#include <linux/interrupt.h>
#include <linux/timer.h>

struct to_dev {
	struct timer_list watchdog;
	int resets;
	struct tasklet_struct reset_tasklet;
};

static void to_reset(unsigned long data);

static void to_watchdog(struct timer_list *t)
{
	struct to_dev *td = from_timer(td, t, watchdog);

	if (td->resets < 3)
		tasklet_hi_schedule(&td->reset_tasklet);
}

static void to_reset(unsigned long data)
{
	struct to_dev *td = (struct to_dev *)data;

	td->resets++;
}

void to_init(struct to_dev *td)
{
	tasklet_init(&td->reset_tasklet, to_reset, (unsigned long)td);
	timer_setup(&td->watchdog, to_watchdog, 0);
}
