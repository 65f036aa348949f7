// SPDX-License-Identifier: GPL-2.0-only
/*
 * The jme shape: suspend disables the tasklet, stops the device and enables
 * it again at its end; a link change disables it around a reconfiguration
 * that needs the pending run afterwards.  Each function is checked on its
 * own: at the end of the suspend path the dropped run has nothing left to
 * do, so enable_work(); after the link change it is observable, so
 * enable_and_queue_work().
 */
#include <linux/interrupt.h>

struct sj_dev {
	int irq;
	int rings;
	struct tasklet_struct txclean_tasklet;
};

static void sj_txclean(struct tasklet_struct *t)
{
	struct sj_dev *sj = from_tasklet(sj, t, txclean_tasklet);

	sj->rings--;
}

static irqreturn_t sj_irq(int irq, void *dev)
{
	struct sj_dev *sj = dev;

	tasklet_schedule(&sj->txclean_tasklet);
	return IRQ_HANDLED;
}

void sj_link_change(struct sj_dev *sj)
{
	tasklet_disable(&sj->txclean_tasklet);
	sj->rings = 4;
	tasklet_enable(&sj->txclean_tasklet);
}

int sj_suspend(struct sj_dev *sj)
{
	disable_irq(sj->irq);
	tasklet_disable(&sj->txclean_tasklet);
	sj->rings = 0;
	tasklet_enable(&sj->txclean_tasklet);
	return 0;
}

int sj_probe(struct sj_dev *sj)
{
	tasklet_setup(&sj->txclean_tasklet, sj_txclean);
	return request_irq(sj->irq, sj_irq, 0, "sj", sj);
}

void sj_remove(struct sj_dev *sj)
{
	free_irq(sj->irq, sj);
	tasklet_kill(&sj->txclean_tasklet);
}
