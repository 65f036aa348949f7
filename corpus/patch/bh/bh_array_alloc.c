// SPDX-License-Identifier: GPL-2.0-only
/*
 * Near miss of bh_array_parallel.c: each tasklet's data is the element of
 * the same index of a per-vector array, but that array is allocated apart
 * (the container holds a pointer to it), so no member declaration says
 * its elements are structs the work items could move into, nor that it
 * has as many elements: refused, naming the data array.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

#define AA_NUM_VECTORS 8

struct aa_instance;

struct aa_isr_param {
	struct aa_instance *drv_inst;
	u32 id;
};

struct aa_instance {
	u32 num_vectors;
	u32 done[AA_NUM_VECTORS];
	struct aa_isr_param *vector;
	struct tasklet_struct isr_tasklet[AA_NUM_VECTORS];
};

static irqreturn_t aa_isr(int irq, void *dev_id)
{
	struct aa_isr_param *vec = dev_id;

	tasklet_schedule(&vec->drv_inst->isr_tasklet[vec->id]);
	return IRQ_HANDLED;
}

static void aa_tasklet_function(unsigned long data)
{
	struct aa_isr_param *vec = (struct aa_isr_param *)data;

	vec->drv_inst->done[vec->id]++;
}

int aa_probe(struct aa_instance *inst, int irq)
{
	int i;

	inst->vector = kzalloc(inst->num_vectors * sizeof(*inst->vector), GFP_KERNEL);
	if (!inst->vector)
		return -1;
	for (i = 0; i < inst->num_vectors; i++)
		tasklet_init(&inst->isr_tasklet[i], aa_tasklet_function,
			     (unsigned long)&inst->vector[i]);
	return request_irq(irq, aa_isr, 0, "aa", &inst->vector[0]);
}

void aa_remove(struct aa_instance *inst)
{
	int i;

	for (i = 0; i < inst->num_vectors; i++)
		tasklet_kill(&inst->isr_tasklet[i]);
	kfree(inst->vector);
}
