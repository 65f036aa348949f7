// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - the tasklet-audit program: everything lives in the core library.
 */
#include "cli.h"
#include "sigcleanup.h"

int main(int argc, char **argv)
{
	ta_sig_install();
	return ta_cli_main(argc, argv);
}
