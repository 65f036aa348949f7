// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/scsi/pmcraid.c (patch/bh/bh_array_parallel.c): each
 * tasklet of the array is given as data the element of the same index of
 * a parallel array of per-vector structs.  tasklet_setup() passes the
 * tasklet itself, so the tasklets move into that struct, as the BH
 * conversion moves its work items there, and the callback recovers its
 * element with from_tasklet().
 */
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define SP_NUM_VECTORS 16

struct sp_instance;

/* ISR parameters, one for each MSI-X vector */
struct sp_isr_param {
	struct sp_instance *drv_inst;
	u32 hrrq_id;			/* hrrq entry index */
};

struct sp_instance {
	u32 num_hrrq;
	spinlock_t hrrq_lock[SP_NUM_VECTORS];
	u32 done[SP_NUM_VECTORS];

	/* Used as ISR handler argument */
	struct sp_isr_param hrrq_vector[SP_NUM_VECTORS];

	/* Tasklet to handle deferred processing */
	struct tasklet_struct isr_tasklet[SP_NUM_VECTORS];

	int irq;
};

void sp_complete_cmds(struct sp_instance *pinstance, int id);

static irqreturn_t sp_isr_msix(int irq, void *dev_id)
{
	struct sp_isr_param *hrrq_vector;
	struct sp_instance *pinstance;
	int hrrq_id;

	hrrq_vector = (struct sp_isr_param *)dev_id;
	hrrq_id = hrrq_vector->hrrq_id;
	pinstance = hrrq_vector->drv_inst;

	tasklet_schedule(&(pinstance->isr_tasklet[hrrq_id]));

	return IRQ_HANDLED;
}

/**
 * sp_tasklet_function - Tasklet function
 *
 * @instance: pointer to msix param structure
 */
static void sp_tasklet_function(unsigned long instance)
{
	struct sp_isr_param *hrrq_vector;
	struct sp_instance *pinstance;
	unsigned long flags;
	int id;

	hrrq_vector = (struct sp_isr_param *)instance;
	pinstance = hrrq_vector->drv_inst;
	id = hrrq_vector->hrrq_id;

	spin_lock_irqsave(&pinstance->hrrq_lock[id], flags);
	pinstance->done[id]++;
	spin_unlock_irqrestore(&pinstance->hrrq_lock[id], flags);
	sp_complete_cmds(pinstance, id);
}

static void sp_init_tasklets(struct sp_instance *pinstance)
{
	int i;
	for (i = 0; i < pinstance->num_hrrq; i++)
		tasklet_init(&pinstance->isr_tasklet[i],
			     sp_tasklet_function,
			     (unsigned long)&pinstance->hrrq_vector[i]);
}

static void sp_kill_tasklets(struct sp_instance *pinstance)
{
	int i;
	for (i = 0; i < pinstance->num_hrrq; i++)
		tasklet_kill(&pinstance->isr_tasklet[i]);
}

int sp_probe(struct sp_instance *pinstance)
{
	int i, rc;

	for (i = 0; i < pinstance->num_hrrq; i++) {
		struct sp_isr_param *vec = &pinstance->hrrq_vector[i];

		vec->hrrq_id = i;
		vec->drv_inst = pinstance;
		rc = request_irq(pinstance->irq + i, sp_isr_msix, 0, "ap", vec);
		if (rc)
			return rc;
	}
	sp_init_tasklets(pinstance);
	return 0;
}

void sp_remove(struct sp_instance *pinstance)
{
	int i;

	sp_kill_tasklets(pinstance);
	for (i = 0; i < pinstance->num_hrrq; i++)
		free_irq(pinstance->irq + i, &pinstance->hrrq_vector[i]);
}
