// SPDX-License-Identifier: GPL-2.0-only
/*
 * The mmp_pdma shape: the tasklet is reached through a pointer member,
 * tasklet_setup(&phy->vchan->tasklet, ...).  The container is what the
 * last '->' points to (struct ap_chan, member tasklet), so the callback's
 * plain from_tasklet(chan, t, tasklet) is renamed with the field.
 */
#include <linux/interrupt.h>

struct ap_chan {
	int done;
	struct tasklet_struct tasklet;
};

struct ap_phy {
	int irq;
	struct ap_chan *vchan;
};

static void ap_do_tasklet(struct tasklet_struct *t)
{
	struct ap_chan *chan = from_tasklet(chan, t, tasklet);

	chan->done++;
}

static irqreturn_t ap_irq(int irq, void *dev)
{
	struct ap_phy *phy = dev;

	tasklet_schedule(&phy->vchan->tasklet);
	return IRQ_HANDLED;
}

int ap_init(struct ap_phy *phy)
{
	tasklet_setup(&phy->vchan->tasklet, ap_do_tasklet);
	return request_irq(phy->irq, ap_irq, 0, "ap", phy);
}

void ap_exit(struct ap_phy *phy)
{
	free_irq(phy->irq, phy);
	tasklet_kill(&phy->vchan->tasklet);
}
