// SPDX-License-Identifier: GPL-2.0-only
/*
 * A process-context producer does not make a workqueue right when the
 * callback completes requests of an upper layer, which expects them in
 * BH context and promptly.  Expect: finish (scheduled only from an MMC
 * host's request operation, its callback calls mmc_request_done())
 * process_deferral, bh_workqueue; near-miss: process_defer.c, workqueue.
 */
#include <linux/interrupt.h>

struct mmc_host;
struct mmc_request;
struct mmc_host_ops {
	void (*request)(struct mmc_host *host, struct mmc_request *mrq);
};
void mmc_request_done(struct mmc_host *host, struct mmc_request *mrq);
void *mmc_priv(struct mmc_host *host);

struct rc_host {
	struct mmc_host *mmc;
	struct mmc_request *mrq;
	struct tasklet_struct finish;
};

static void rc_finish(struct tasklet_struct *t)
{
	struct rc_host *h = from_tasklet(h, t, finish);

	mmc_request_done(h->mmc, h->mrq);
}

static void rc_request(struct mmc_host *mmc, struct mmc_request *mrq)
{
	struct rc_host *h = mmc_priv(mmc);

	h->mrq = mrq;
	tasklet_schedule(&h->finish);
}

const struct mmc_host_ops rc_ops = {
	.request = rc_request,
};

void rc_init(struct rc_host *h)
{
	tasklet_setup(&h->finish, rc_finish);
}

void rc_exit(struct rc_host *h)
{
	tasklet_kill(&h->finish);
}
