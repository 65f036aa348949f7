// SPDX-License-Identifier: GPL-2.0-only
/*
 * A tasklet declared disabled (DECLARE_TASKLET_DISABLED), enabled and
 * kicked once by the __init function that registers its only producer
 * (the vt keyboard's keyboard_tasklet in kbd_init()): disable_work() goes
 * first in that function, after its declarations.
 */
#include <linux/compiler_types.h>
#include <linux/interrupt.h>

static int leds;

static void leds_fn(struct tasklet_struct *unused)
{
	leds++;
}

static DECLARE_TASKLET_DISABLED(leds_tasklet, leds_fn);

static irqreturn_t leds_irq(int irq, void *dev_id)
{
	tasklet_schedule(&leds_tasklet);
	return IRQ_HANDLED;
}

int __init leds_init(void)
{
	int i;
	int error;

	for (i = 0; i < 4; i++)
		leds |= 1 << i;

	error = request_irq(5, leds_irq, 0, "leds", NULL);
	if (error)
		return error;

	tasklet_enable(&leds_tasklet);
	tasklet_schedule(&leds_tasklet);

	return 0;
}
