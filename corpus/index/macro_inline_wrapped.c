// SPDX-License-Identifier: GPL-2.0-only
/*
 * As macro_inline.c, but the inline function comes from a macro of
 * another header (linux/kick.h) that expands linux/average.h's: this
 * file never names the macro that loses its body.
 */
#include <linux/interrupt.h>
#include <linux/kick.h>

static struct tasklet_struct mi_hi;
static int mi_runs;

static void mi_fn(struct tasklet_struct *t)
{
	mi_runs++;
}

DECLARE_KICK_WRAPPED(mi_hi, tasklet_hi_schedule, &mi_hi)

void mi_open(void)
{
	tasklet_setup(&mi_hi, mi_fn);
}

void mi_event(void)
{
	kick_mi_hi();
}

void mi_close(void)
{
	tasklet_kill(&mi_hi);
}
