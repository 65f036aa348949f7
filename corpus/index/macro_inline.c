// SPDX-License-Identifier: GPL-2.0-only
/*
 * A schedule site inside an inline function that a header's macro defines
 * (linux/average.h), expanded here.  The site must be found, though such
 * bodies are stripped from the headers of a parse that does not expand
 * the macro.  macro_inline_wrapped.c expands it through another macro.
 */
#include <linux/interrupt.h>
#include <linux/average.h>

static struct tasklet_struct mi_lo;
static int mi_runs;

static void mi_fn(struct tasklet_struct *t)
{
	mi_runs++;
}

DECLARE_KICK(mi_lo, tasklet_schedule, &mi_lo)

void mi_open(void)
{
	tasklet_setup(&mi_lo, mi_fn);
}

void mi_event(void)
{
	kick_mi_lo();
}

void mi_close(void)
{
	tasklet_kill(&mi_lo);
}
