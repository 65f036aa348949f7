// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/s390/char/con3270.c (readlet): the data is tp->read, a
 * request the driver takes away with xchg() while a read is in flight and
 * the callback gives back.  Reading tp->read in the callback would be
 * wrong: the preparation patch stashes the value tasklet_init() was given
 * in a new member, set right before it, and passes the container.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

struct st_request {
	int len;
	void *view;
};

struct st_tty {
	struct st_request *read;	/* Single read request. */
	int throttle;			/* tty throttle/unthrottle. */
	struct tasklet_struct readlet;	/* Tasklet to issue read request. */
};

static void st_read_tasklet(unsigned long data)
{
	struct st_request *rrq = (struct st_request *)data;
	struct st_tty *tp = rrq->view;

	rrq->len = 0;
	tp->throttle = 0;
	tp->read = rrq;
}

void st_read_callback(struct st_tty *tp)
{
	tasklet_schedule(&tp->readlet);
}

struct st_tty *st_alloc_view(void)
{
	struct st_tty *tp = kzalloc(sizeof(*tp), GFP_KERNEL);

	if (!tp)
		return NULL;
	tp->read = kzalloc(sizeof(*tp->read), GFP_KERNEL);
	tasklet_init(&tp->readlet, st_read_tasklet,
		     (unsigned long)tp->read);
	return tp;
}

void st_free_view(struct st_tty *tp)
{
	tasklet_kill(&tp->readlet);
	kfree(tp->read);
	kfree(tp);
}
