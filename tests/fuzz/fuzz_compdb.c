// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_compdb.c - the compile_commands.json reader: the input is written
 * as the database of a scratch tree and the flags of two files asked for,
 * one inside the tree and one that the database may name outside it.
 */
#include "fuzz_util.h"

#include "flags.h"
#include "tree.h"
#include "util.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *db = fuzz_file("compile_commands.json", data, size);
	ta_tree tree = {.root = (char *)fuzz_dir(),
			.subtree = "",
			.version = "6.1.0",
			.configured = true,
			.has_compdb = true};
	ta_flags *fl = ta_flags_new(&tree, NULL, NULL, fuzz_dir());

	if (fl) {
		int argc = 0;
		ta_argv_free(ta_flags_for(fl, "drivers/dma/pl330.c", &argc));
		ta_argv_free(ta_flags_for(fl, "../outside.c", &argc));
	}
	ta_flags_free(&fl);
	free(db);
	return 0;
}
