// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/scsi/ibmvscsi/ibmvscsi.c (v6.12): a void * callback,
 * installed through a (void *) cast, whose kernel-doc describes data and
 * whose one local casts it.  The 2020 series' form: the callback takes the
 * tasklet, the cast goes, the local is from_tasklet().
 */
#include <linux/interrupt.h>

struct vs_host_data {
	int done;
	struct tasklet_struct srp_task;
};

/**
 * vs_task: - Process srps asynchronously
 * @data:	vs_host_data of host
 */
static void vs_task(void *data)
{
	struct vs_host_data *hostdata = (struct vs_host_data *)data;

	hostdata->done++;
}

static irqreturn_t vs_handle_event(int irq, void *dev_instance)
{
	struct vs_host_data *hostdata = (struct vs_host_data *)dev_instance;

	tasklet_schedule(&hostdata->srp_task);
	return IRQ_HANDLED;
}

int vs_init_crq_queue(struct vs_host_data *hostdata, int irq)
{
	tasklet_init(&hostdata->srp_task, (void *)vs_task,
		     (unsigned long)hostdata);
	return request_irq(irq, vs_handle_event, 0, "vs", hostdata);
}

void vs_release_crq_queue(struct vs_host_data *hostdata, int irq)
{
	free_irq(irq, hostdata);
	tasklet_kill(&hostdata->srp_task);
}
