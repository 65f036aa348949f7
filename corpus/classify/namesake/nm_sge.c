// SPDX-License-Identifier: GPL-2.0-only
/*
 * cxgb4's type pun (sge.c): the TX timer takes a starving queue out of the
 * void * egress map as the offload queue's type and schedules its
 * qresume_tsk, whichever queue it is: the control queue's qresume_tsk is
 * scheduled there too, but no site names struct nm_ctrl_txq.qresume_tsk.
 * Expect: nm_ofld_txq.qresume_tsk timer_driven; nm_ctrl_txq.qresume_tsk
 * unknown (class.namesake-scheduled naming the timer's site), manual.
 * The near misses: struct nm_rx_a.idle_tsk and struct nm_rx_b.idle_tsk
 * share a name that nothing schedules (unused, both), and
 * nm_spare.spare_tsk (nm_queues.h) is never initialized (unused); the
 * file's struct nm_priv.ci_tsk is scheduled, and nm_other.c's struct
 * nm_other.ci_tsk of that name is another module's (unused).
 */
#include <linux/bitops.h>
#include <linux/interrupt.h>
#include <linux/timer.h>

#include "nm_queues.h"

struct nm_rx_a {
	struct tasklet_struct idle_tsk;
};

struct nm_rx_b {
	struct tasklet_struct idle_tsk;
};

struct nm_priv {
	struct tasklet_struct ci_tsk;
	int irq;
};

static void nm_restart_ofldq(struct tasklet_struct *t)
{
	struct nm_ofld_txq *q = from_tasklet(q, t, qresume_tsk);

	q->full = 0;
}

static void nm_restart_ctrlq(struct tasklet_struct *t)
{
	struct nm_ctrl_txq *q = from_tasklet(q, t, qresume_tsk);

	q->q.in_use = 0;
}

static void nm_idle(struct tasklet_struct *t)
{
}

static void nm_ci(struct tasklet_struct *t)
{
}

static void nm_tx_timer_cb(struct timer_list *t)
{
	struct nm_sge *s = from_timer(s, t, tx_timer);
	unsigned int id = 0;

	if (test_bit(id, s->starving)) {
		struct nm_ofld_txq *txq = s->egr_map[id];

		clear_bit(id, s->starving);
		tasklet_schedule(&txq->qresume_tsk);
	}
	mod_timer(&s->tx_timer, 1);
}

static irqreturn_t nm_ci_irq(int irq, void *dev_id)
{
	struct nm_priv *p = dev_id;

	tasklet_schedule(&p->ci_tsk);
	return IRQ_HANDLED;
}

int nm_alloc(struct nm_sge *s, struct nm_rx_a *a, struct nm_rx_b *b, struct nm_priv *p)
{
	tasklet_setup(&s->ofld.qresume_tsk, nm_restart_ofldq);
	s->egr_map[0] = &s->ofld;
	tasklet_setup(&s->ctrl.qresume_tsk, nm_restart_ctrlq);
	s->egr_map[1] = &s->ctrl;
	tasklet_setup(&a->idle_tsk, nm_idle);
	tasklet_setup(&b->idle_tsk, nm_idle);
	tasklet_setup(&p->ci_tsk, nm_ci);
	timer_setup(&s->tx_timer, nm_tx_timer_cb, 0);
	return request_irq(p->irq, nm_ci_irq, 0, "nm", p);
}

void nm_free(struct nm_sge *s, struct nm_priv *p)
{
	free_irq(p->irq, p);
	del_timer_sync(&s->tx_timer);
	tasklet_kill(&s->ofld.qresume_tsk);
	tasklet_kill(&s->ctrl.qresume_tsk);
	tasklet_kill(&p->ci_tsk);
}
