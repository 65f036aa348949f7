// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/scsi/pm8001 (6.1), bh_array_parallel.c's shape with the
 * tasklet array under the driver's own #ifdef and two init sites: [0] with
 * &irq_vector[0] for the legacy interrupt, [j] with &irq_vector[j] in a
 * loop.  Both pair the same index, so the work items move into struct
 * ai2_isr_param, and the conditional block, left empty, goes with the
 * member.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

#define AI2_USE_TASKLET
#define AI2_MAX_MSIX_VEC 64

struct ai2_hba_info;

struct ai2_isr_param {
	struct ai2_hba_info *drv_inst;
	u32 irq_id;
};
struct ai2_hba_info {
	bool use_msix;
#ifdef AI2_USE_TASKLET
	struct tasklet_struct	tasklet[AI2_MAX_MSIX_VEC];
#endif
	u32 logging_level;
	struct ai2_isr_param irq_vector[AI2_MAX_MSIX_VEC];
};

void ai2_isr(struct ai2_hba_info *ha, u32 vec);

static void ai2_tasklet(unsigned long opaque)
{
	struct ai2_hba_info *ha;
	struct ai2_isr_param *irq_vector;

	irq_vector = (struct ai2_isr_param *)opaque;
	ha = irq_vector->drv_inst;
	ai2_isr(ha, irq_vector->irq_id);
}

static irqreturn_t ai2_interrupt_handler_msix(int irq, void *opaque)
{
	struct ai2_isr_param *irq_vector = (struct ai2_isr_param *)opaque;
	struct ai2_hba_info *ha = irq_vector->drv_inst;

	tasklet_schedule(&ha->tasklet[irq_vector->irq_id]);
	return IRQ_HANDLED;
}

int ai2_probe(struct ai2_hba_info *ha, int irq)
{
	int j;

	if (!ha->use_msix)
		tasklet_init(&ha->tasklet[0], ai2_tasklet,
			(unsigned long)&(ha->irq_vector[0]));
	else
		for (j = 0; j < AI2_MAX_MSIX_VEC; j++)
			tasklet_init(&ha->tasklet[j], ai2_tasklet,
				(unsigned long)&(ha->irq_vector[j]));
	return request_irq(irq, ai2_interrupt_handler_msix, 0, "ai2", &ha->irq_vector[0]);
}

void ai2_remove(struct ai2_hba_info *ha)
{
	int j;

	if (!ha->use_msix)
		tasklet_kill(&ha->tasklet[0]);
	else
		for (j = 0; j < AI2_MAX_MSIX_VEC; j++)
			tasklet_kill(&ha->tasklet[j]);
}
