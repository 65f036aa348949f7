// SPDX-License-Identifier: GPL-2.0-only
/*
 * The void * callback of bh_void_cb.c, also called directly: the call
 * passes a pointer the new parameter cannot carry, so the conversion is
 * refused.
 */
#include <linux/interrupt.h>

struct vd_dev {
	int msgs;
	struct tasklet_struct bh_tasklet;
};

static void vd_bh_handler(void *data)
{
	struct vd_dev *vdev = data;

	vdev->msgs++;
}

static irqreturn_t vd_isr(int irq, void *privdata)
{
	struct vd_dev *vdev = privdata;

	tasklet_schedule(&vdev->bh_tasklet);
	return IRQ_HANDLED;
}

int vd_probe(struct vd_dev *vdev, int irq)
{
	tasklet_init(&vdev->bh_tasklet, (void *)vd_bh_handler, (unsigned long)vdev);
	return request_irq(irq, vd_isr, 0, "vd", vdev);
}

void vd_resume(struct vd_dev *vdev)
{
	vd_bh_handler(vdev);
}

void vd_remove(struct vd_dev *vdev, int irq)
{
	free_irq(irq, vdev);
	tasklet_kill(&vdev->bh_tasklet);
}
