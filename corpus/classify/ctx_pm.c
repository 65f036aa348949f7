// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power-management callbacks run in process context, and a resume that
 * restarts the work once is a kick, not a data path.  Expect: done,
 * scheduled from the IRQ handler and the dev_pm_ops resume, is an
 * isr_bottom_half (class.isr-bottom-half-mixed); near-miss: flush, also
 * scheduled from a file write (process context on every call), is unknown.
 */
#include <linux/interrupt.h>

struct device;
struct file;
struct dev_pm_ops {
	int (*suspend)(struct device *dev);
	int (*resume)(struct device *dev);
};
struct file_operations {
	long (*write)(struct file *file, const char *buf, unsigned long count, long *pos);
};
void *dev_get_drvdata(const struct device *dev);
void *file_priv(struct file *file);

struct pm_dev {
	int irq;
	struct tasklet_struct done;
	struct tasklet_struct flush;
	unsigned int count;
};

static void pm_done(struct tasklet_struct *t)
{
	struct pm_dev *pm = from_tasklet(pm, t, done);

	pm->count++;
}

static void pm_flush(struct tasklet_struct *t)
{
	struct pm_dev *pm = from_tasklet(pm, t, flush);

	pm->count = 0;
}

static irqreturn_t pm_isr(int irq, void *data)
{
	struct pm_dev *pm = data;

	tasklet_schedule(&pm->done);
	tasklet_schedule(&pm->flush);
	return IRQ_HANDLED;
}

static int pm_resume(struct device *dev)
{
	struct pm_dev *pm = dev_get_drvdata(dev);

	tasklet_schedule(&pm->done);
	return 0;
}

static long pm_write(struct file *file, const char *buf, unsigned long count, long *pos)
{
	struct pm_dev *pm = file_priv(file);

	tasklet_schedule(&pm->flush);
	return count;
}

const struct dev_pm_ops pm_pm_ops = {
	.resume = pm_resume,
};

const struct file_operations pm_fops = {
	.write = pm_write,
};

int pm_init(struct pm_dev *pm)
{
	tasklet_setup(&pm->done, pm_done);
	tasklet_setup(&pm->flush, pm_flush);
	return request_irq(pm->irq, pm_isr, 0, "pm", pm);
}

void pm_exit(struct pm_dev *pm)
{
	free_irq(pm->irq, pm);
	tasklet_kill(&pm->done);
	tasklet_kill(&pm->flush);
}
