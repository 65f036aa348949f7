// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/amcc/crypto4xx_core.c: the data is the
 * struct device, the tasklet lives in struct crypto4xx_core_device.  The
 * seed's + side writes from_tasklet(dev, t, tasklet) with dev a struct
 * device *, which computes a wrong pointer.  The callback uses the device
 * only to get core_dev back with dev_get_drvdata(), which probe set with
 * dev_set_drvdata(): the preparation patch passes core_dev instead.
 */
#include <linux/interrupt.h>

struct device {
	void *drvdata;
};

struct crypto4xx_core_device {
	struct device *device;
	struct tasklet_struct tasklet;
};

static inline void *dev_get_drvdata(struct device *dev)
{
	return dev->drvdata;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->drvdata = data;
}

static void crypto4xx_bh_tasklet_cb(unsigned long data)
{
	struct device *dev = (struct device *)data;
	struct crypto4xx_core_device *core_dev = dev_get_drvdata(dev);

	core_dev->device = NULL;
}

int crypto4xx_probe(struct device *dev, struct crypto4xx_core_device *core_dev)
{
	dev_set_drvdata(dev, core_dev);
	/* Init tasklet for bottom half processing */
	tasklet_init(&core_dev->tasklet, crypto4xx_bh_tasklet_cb,
		     (unsigned long) dev);
	return 0;
}

void crypto4xx_remove(struct device *dev)
{
	struct crypto4xx_core_device *core_dev = dev_get_drvdata(dev);

	tasklet_kill(&core_dev->tasklet);
}
