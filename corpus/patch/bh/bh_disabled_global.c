// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near miss: a tasklet declared disabled and enabled by its __init
 * function, but also queued from a function other files can call (the vt
 * keyboard's set_leds() path): nothing shows that call comes only after
 * init, when a queue_work() would run the callback the tasklet kept
 * pending.  Refused.
 */
#include <linux/compiler_types.h>
#include <linux/interrupt.h>

static int blinks;

static void blink_fn(struct tasklet_struct *unused)
{
	blinks++;
}

static DECLARE_TASKLET_DISABLED(blink_tasklet, blink_fn);

void blink_now(void)
{
	tasklet_schedule(&blink_tasklet);
}

int __init blink_init(void)
{
	tasklet_enable(&blink_tasklet);
	return 0;
}
