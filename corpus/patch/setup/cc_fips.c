// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/crypto/ccree/cc_fips.c: the data is the driver data,
 * the tasklet lives in the separately allocated fips handle.  The seed's
 * from_tasklet(drvdata, t, tasklet) is wrong (the tasklet is not a member of
 * struct cc_drvdata).  The handle already has the back-pointer, set right
 * after tasklet_init(): a preparation patch moves that assignment before it
 * and passes the handle, then the ordinary conversion follows.
 */
#include <linux/interrupt.h>
#include <linux/slab.h>

static void fips_dsr(unsigned long devarg);

struct cc_drvdata {
	u32 irq;
	struct cc_fips_handle *fips_handle;
};

struct cc_fips_handle {
	struct tasklet_struct tasklet;
	struct cc_drvdata *drvdata;
};

/* Deferred service handler, run as interrupt-fired tasklet */
static void fips_dsr(unsigned long devarg)
{
	struct cc_drvdata *drvdata = (struct cc_drvdata *)devarg;
	u32 irq;

	irq = drvdata->irq & 0x1;
	drvdata->irq = irq;
}

int cc_fips_init(struct cc_drvdata *p_drvdata)
{
	struct cc_fips_handle *fips_h = kzalloc(sizeof(*fips_h), GFP_KERNEL);

	if (!fips_h)
		return -12;
	p_drvdata->fips_handle = fips_h;
	tasklet_init(&fips_h->tasklet, fips_dsr, (unsigned long)p_drvdata);
	fips_h->drvdata = p_drvdata;
	return 0;
}
