// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near miss of bh_array_parallel.c: each tasklet's data is an element of
 * the parallel array, but not the one of the same index (the vectors are
 * numbered from first_vector), so a work item moved into the element
 * would not be the one the tasklet's users index: refused, naming the two
 * indexes.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

#define AI_NUM_VECTORS 8

struct ai_instance;

struct ai_isr_param {
	struct ai_instance *drv_inst;
	u32 id;
};

struct ai_instance {
	u32 num_vectors;
	u32 first_vector;
	u32 done[AI_NUM_VECTORS];
	struct ai_isr_param vector[AI_NUM_VECTORS];
	struct tasklet_struct isr_tasklet[AI_NUM_VECTORS];
};

static irqreturn_t ai_isr(int irq, void *dev_id)
{
	struct ai_isr_param *vec = dev_id;

	tasklet_schedule(&vec->drv_inst->isr_tasklet[vec->id]);
	return IRQ_HANDLED;
}

static void ai_tasklet_function(unsigned long data)
{
	struct ai_isr_param *vec = (struct ai_isr_param *)data;

	vec->drv_inst->done[vec->id]++;
}

int ai_probe(struct ai_instance *inst, int irq)
{
	int i;

	for (i = 0; i < inst->num_vectors; i++)
		tasklet_init(&inst->isr_tasklet[i], ai_tasklet_function,
			     (unsigned long)&inst->vector[inst->first_vector + i]);
	return request_irq(irq, ai_isr, 0, "ai", &inst->vector[0]);
}

void ai_remove(struct ai_instance *inst)
{
	int i;

	for (i = 0; i < inst->num_vectors; i++)
		tasklet_kill(&inst->isr_tasklet[i]);
}
