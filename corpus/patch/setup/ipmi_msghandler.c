// SPDX-License-Identifier: GPL-2.0-only
/*
 * From seed 007, drivers/char/ipmi/ipmi_msghandler.c: a prototype without a
 * parameter name, a three-line tasklet_init() and a direct call of the
 * callback (run-to-completion mode).
 */
#include <linux/interrupt.h>

struct ipmi_smi {
	int run_to_completion;
	int curr_seq;
	struct tasklet_struct recv_tasklet;
};

static void smi_recv_tasklet(unsigned long);
static void handle_new_recv_msgs(struct ipmi_smi *intf);

int ipmi_register_smi(struct ipmi_smi *intf)
{
	intf->curr_seq = 0;
	tasklet_init(&intf->recv_tasklet,
		     smi_recv_tasklet,
		     (unsigned long) intf);
	return 0;
}

static void handle_new_recv_msgs(struct ipmi_smi *intf)
{
	intf->curr_seq++;
}

static void smi_recv_tasklet(unsigned long val)
{
	unsigned long flags = 0; /* keep us warning-free. */
	struct ipmi_smi *intf = (struct ipmi_smi *) val;
	int run_to_completion = intf->run_to_completion;

	if (!run_to_completion)
		flags = 1;
	handle_new_recv_msgs(intf);
}

void ipmi_smi_msg_received(struct ipmi_smi *intf, int run_to_completion)
{
	if (run_to_completion)
		smi_recv_tasklet((unsigned long) intf);
	else
		tasklet_schedule(&intf->recv_tasklet);
}
