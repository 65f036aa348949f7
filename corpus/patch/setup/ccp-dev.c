// SPDX-License-Identifier: GPL-2.0-only
/* From seed 007, drivers/crypto/ccp/ccp-dev.c: a tasklet inside a local struct. */
#include <linux/interrupt.h>

struct ccp_cmd {
	int ret;
};

struct ccp_tasklet_data {
	struct ccp_cmd *cmd;
	struct tasklet_struct tasklet;
};

static void ccp_do_cmd_complete(unsigned long data)
{
	struct ccp_tasklet_data *tdata = (struct ccp_tasklet_data *)data;
	struct ccp_cmd *cmd = tdata->cmd;

	cmd->ret = 0;
}

int ccp_cmd_queue_thread(void *data)
{
	struct ccp_tasklet_data tdata;

	tasklet_init(&tdata.tasklet, ccp_do_cmd_complete, (unsigned long)&tdata);

	tdata.cmd = data;
	tasklet_schedule(&tdata.tasklet);
	tasklet_kill(&tdata.tasklet);
	return 0;
}
