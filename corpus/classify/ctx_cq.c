// SPDX-License-Identifier: GPL-2.0-only
/*
 * The smc_wr shape: an RDMA CQ completion handler registered with
 * ib_create_cq() in another file the audit does not parse.  Its name is
 * the weak evidence (ctx.name-ib-cq-handler): hard IRQ, so the send
 * tasklet is an ISR bottom half.  The near miss, cq_poll_done(), has no
 * such name and stays unknown.
 */
#include <linux/interrupt.h>

struct ib_cq;

struct cq_dev {
	int sent, polled;
	struct tasklet_struct send_tasklet;
	struct tasklet_struct poll_tasklet;
};

static void cq_send_fn(struct tasklet_struct *t)
{
	struct cq_dev *cq = from_tasklet(cq, t, send_tasklet);

	cq->sent++;
}

static void cq_poll_fn(struct tasklet_struct *t)
{
	struct cq_dev *cq = from_tasklet(cq, t, poll_tasklet);

	cq->polled++;
}

void cq_tx_cq_handler(struct ib_cq *ib_cq, void *cq_context)
{
	struct cq_dev *cq = cq_context;

	tasklet_schedule(&cq->send_tasklet);
}

void cq_poll_done(struct ib_cq *ib_cq, void *cq_context)
{
	struct cq_dev *cq = cq_context;

	tasklet_schedule(&cq->poll_tasklet);
}

void cq_dev_setup(struct cq_dev *cq)
{
	tasklet_setup(&cq->send_tasklet, cq_send_fn);
	tasklet_setup(&cq->poll_tasklet, cq_poll_fn);
}
