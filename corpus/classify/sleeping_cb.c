// SPDX-License-Identifier: GPL-2.0-only
/*
 * A callback that sleeps (mutex_lock through a helper): a bug today.
 * Scheduled from an IRQ handler and from process context, so no threaded
 * IRQ.  Expect: finding bug.callback-sleeps, recommend workqueue.
 * Near-miss in the same file: sc_flush() sleeps too but is not reachable
 * from the callback, so it must not be cited.
 */
#include <linux/interrupt.h>
#include <linux/delay.h>

struct sc_dev {
	struct tasklet_struct work;
	struct mutex lock;
	int pending;
};

static void sc_update(struct sc_dev *sc)
{
	mutex_lock(&sc->lock);
	sc->pending = 0;
	mutex_unlock(&sc->lock);
}

static void sc_work(struct tasklet_struct *t)
{
	struct sc_dev *sc = from_tasklet(sc, t, work);

	sc_update(sc);
}

void sc_flush(struct sc_dev *sc)
{
	usleep_range(10, 20);
}

static irqreturn_t sc_isr(int irq, void *data)
{
	struct sc_dev *sc = data;

	tasklet_schedule(&sc->work);
	return IRQ_HANDLED;
}

int sc_open(struct sc_dev *sc)
{
	tasklet_setup(&sc->work, sc_work);
	tasklet_schedule(&sc->work);
	return request_irq(13, sc_isr, 0, "sc", sc);
}

void sc_close(struct sc_dev *sc)
{
	tasklet_kill(&sc->work);
}
