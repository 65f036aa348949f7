// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_prefilter.c - the pre-filter's directory walk and mention test on a
 * one-file tree, checked against the definition: the file is a candidate
 * exactly when its bytes contain "tasklet_" or "DECLARE_TASKLET".
 */
#include "fuzz_util.h"

#include "prefilter.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int naive(const uint8_t *data, size_t size)
{
	return memmem(data, size, "tasklet_", 8) != NULL ||
	       memmem(data, size, "DECLARE_TASKLET", 15) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *drivers = ta_path_join(fuzz_dir(), "drivers");
	char *file;
	ta_candidates c = {0};

	mkdir(drivers, 0755);
	file = fuzz_file("drivers/f.c", data, size);
	if (ta_prefilter(fuzz_dir(), "", &c) != 0)
		abort();
	if ((c.n == 1) != naive(data, size) || c.n > 1)
		abort(); /* the pre-filter disagrees with the definition */
	ta_candidates_free(&c);
	free(file);
	free(drivers);
	return 0;
}
