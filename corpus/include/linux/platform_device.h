/* SPDX-License-Identifier: GPL-2.0-only */
/* Corpus stand-in for include/linux/platform_device.h. */
#ifndef _CORPUS_PLATFORM_DEVICE_H
#define _CORPUS_PLATFORM_DEVICE_H
struct platform_device {
	int id;
	void *driver_data;
};
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	int (*resume)(struct platform_device *);
	const char *name;
};
int platform_get_irq(struct platform_device *pdev, unsigned int num);
#endif
