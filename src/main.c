// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - the tasklet-audit program: everything lives in the core library.
 */
#include "cli.h"

int main(int argc, char **argv)
{
	return ta_cli_main(argc, argv);
}
