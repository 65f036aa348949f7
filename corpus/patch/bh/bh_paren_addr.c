// SPDX-License-Identifier: GPL-2.0-only
/*
 * tasklet_init() takes the tasklet's address written with parentheses,
 * &(mpi->mv_tasklet), and the data is another struct than the container
 * (mvsas with CONFIG_SCSI_MVSAS_TASKLET): the preparation reads it all the
 * same.
 */
#include <linux/interrupt.h>

struct pa_ha {
	void *lldd_ha;
	int events;
};

struct pa_prv {
	int n_host;
	struct tasklet_struct mv_tasklet;
};

static void pa_tasklet(unsigned long opaque)
{
	struct pa_ha *sha = (struct pa_ha *)opaque;

	sha->events += ((struct pa_prv *)sha->lldd_ha)->n_host;
}

static irqreturn_t pa_interrupt(int irq, void *opaque)
{
	struct pa_ha *sha = opaque;

	tasklet_schedule(&((struct pa_prv *)sha->lldd_ha)->mv_tasklet);
	return IRQ_HANDLED;
}

int pa_init(struct pa_ha *sha, int irq)
{
	struct pa_prv *mpi = sha->lldd_ha;

	tasklet_init(&(mpi->mv_tasklet), pa_tasklet,
		     (unsigned long)sha);
	return request_irq(irq, pa_interrupt, 0, "pa", sha);
}

void pa_remove(struct pa_ha *sha, int irq)
{
	free_irq(irq, sha);
	tasklet_kill(&((struct pa_prv *)sha->lldd_ha)->mv_tasklet);
}
