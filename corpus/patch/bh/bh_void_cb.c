// SPDX-License-Identifier: GPL-2.0-only
/*
 * From drivers/crypto/intel/qat/qat_common/adf_vf_isr.c (v6.12): the
 * callback takes a void * and tasklet_init() installs it through a
 * (void *) cast; the one local takes data without a cast.  The callback
 * gets the work item, the cast goes, the local is from_work().  The
 * tasklet is in an anonymous struct, as there.
 */
#include <linux/interrupt.h>

struct vc_dev {
	int msgs;
	struct {
		bool irq_enabled;
		struct tasklet_struct pf2vf_bh_tasklet;
	} vf;
};

static void vc_pf2vf_bh_handler(void *data)
{
	struct vc_dev *accel_dev = data;

	accel_dev->msgs++;
}

static int vc_setup_pf2vf_bh(struct vc_dev *accel_dev)
{
	tasklet_init(&accel_dev->vf.pf2vf_bh_tasklet,
		     (void *)vc_pf2vf_bh_handler, (unsigned long)accel_dev);

	return 0;
}

static void vc_cleanup_pf2vf_bh(struct vc_dev *accel_dev)
{
	tasklet_disable(&accel_dev->vf.pf2vf_bh_tasklet);
	tasklet_kill(&accel_dev->vf.pf2vf_bh_tasklet);
}

static irqreturn_t vc_isr(int irq, void *privdata)
{
	struct vc_dev *accel_dev = privdata;

	tasklet_hi_schedule(&accel_dev->vf.pf2vf_bh_tasklet);
	return IRQ_HANDLED;
}

int vc_probe(struct vc_dev *accel_dev, int irq)
{
	vc_setup_pf2vf_bh(accel_dev);
	return request_irq(irq, vc_isr, 0, "vc", accel_dev);
}

void vc_remove(struct vc_dev *accel_dev, int irq)
{
	free_irq(irq, accel_dev);
	vc_cleanup_pf2vf_bh(accel_dev);
}
