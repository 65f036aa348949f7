// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/scsi/pmcraid.c: one tasklet per MSI-X vector, in an array
 * initialized in a loop, each given as data the element of the same index
 * of a parallel array of per-vector structs (the IRQ cookie: the driver
 * pointer and the vector's index).  The work items move into the
 * per-vector struct, the callback recovers it with from_work(), and every
 * use keeps its index (the ISR schedules hrrq_id's, the loops i's).
 */
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#define AP_NUM_VECTORS 16

struct ap_instance;

/* ISR parameters, one for each MSI-X vector */
struct ap_isr_param {
	struct ap_instance *drv_inst;
	u32 hrrq_id;			/* hrrq entry index */
};

struct ap_instance {
	u32 num_hrrq;
	spinlock_t hrrq_lock[AP_NUM_VECTORS];
	u32 done[AP_NUM_VECTORS];

	/* Used as ISR handler argument */
	struct ap_isr_param hrrq_vector[AP_NUM_VECTORS];

	/* Tasklet to handle deferred processing */
	struct tasklet_struct isr_tasklet[AP_NUM_VECTORS];

	int irq;
};

void ap_complete_cmds(struct ap_instance *pinstance, int id);

static irqreturn_t ap_isr_msix(int irq, void *dev_id)
{
	struct ap_isr_param *hrrq_vector;
	struct ap_instance *pinstance;
	int hrrq_id;

	hrrq_vector = (struct ap_isr_param *)dev_id;
	hrrq_id = hrrq_vector->hrrq_id;
	pinstance = hrrq_vector->drv_inst;

	tasklet_schedule(&(pinstance->isr_tasklet[hrrq_id]));

	return IRQ_HANDLED;
}

/**
 * ap_tasklet_function - Tasklet function
 *
 * @instance: pointer to msix param structure
 */
static void ap_tasklet_function(unsigned long instance)
{
	struct ap_isr_param *hrrq_vector;
	struct ap_instance *pinstance;
	unsigned long flags;
	int id;

	hrrq_vector = (struct ap_isr_param *)instance;
	pinstance = hrrq_vector->drv_inst;
	id = hrrq_vector->hrrq_id;

	spin_lock_irqsave(&pinstance->hrrq_lock[id], flags);
	pinstance->done[id]++;
	spin_unlock_irqrestore(&pinstance->hrrq_lock[id], flags);
	ap_complete_cmds(pinstance, id);
}

static void ap_init_tasklets(struct ap_instance *pinstance)
{
	int i;
	for (i = 0; i < pinstance->num_hrrq; i++)
		tasklet_init(&pinstance->isr_tasklet[i],
			     ap_tasklet_function,
			     (unsigned long)&pinstance->hrrq_vector[i]);
}

static void ap_kill_tasklets(struct ap_instance *pinstance)
{
	int i;
	for (i = 0; i < pinstance->num_hrrq; i++)
		tasklet_kill(&pinstance->isr_tasklet[i]);
}

int ap_probe(struct ap_instance *pinstance)
{
	int i, rc;

	for (i = 0; i < pinstance->num_hrrq; i++) {
		struct ap_isr_param *vec = &pinstance->hrrq_vector[i];

		vec->hrrq_id = i;
		vec->drv_inst = pinstance;
		rc = request_irq(pinstance->irq + i, ap_isr_msix, 0, "ap", vec);
		if (rc)
			return rc;
	}
	ap_init_tasklets(pinstance);
	return 0;
}

void ap_remove(struct ap_instance *pinstance)
{
	int i;

	ap_kill_tasklets(pinstance);
	for (i = 0; i < pinstance->num_hrrq; i++)
		free_irq(pinstance->irq + i, &pinstance->hrrq_vector[i]);
}
