// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_prefilter.c - the pre-filter's directory walk and mention test on a
 * one-file tree, checked against the definition: the file is a candidate
 * exactly when its bytes contain "tasklet_" or "DECLARE_TASKLET", or take
 * the address of a member chain naming an identifier that ends in
 * "tasklet" ("&fhci_tasklet", "& dev->rx.tasklet"; not "&&"), here read
 * forward from each '&' where the pre-filter reads backward.
 */
#include "fuzz_util.h"

#include "prefilter.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int ident(uint8_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* From each lone '&': blanks, then identifiers joined by '.' or "->"; one ends in "tasklet"? */
static int takes_address(const uint8_t *d, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t k = i + 1;
		if (d[i] != '&' || (i > 0 && d[i - 1] == '&'))
			continue;
		while (k < n && (d[k] == ' ' || d[k] == '\t'))
			k++;
		while (k < n) {
			size_t start = k;
			while (k < n && ident(d[k]))
				k++;
			if (k - start >= 7 && memcmp(d + k - 7, "tasklet", 7) == 0)
				return 1;
			if (k < n && d[k] == '.')
				k++;
			else if (k + 1 < n && d[k] == '-' && d[k + 1] == '>')
				k += 2;
			else
				break;
		}
	}
	return 0;
}

static int naive(const uint8_t *data, size_t size)
{
	return memmem(data, size, "tasklet_", 8) != NULL ||
	       memmem(data, size, "DECLARE_TASKLET", 15) != NULL || takes_address(data, size);
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
