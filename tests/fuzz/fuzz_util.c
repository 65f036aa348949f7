// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_util.c - the fuzz targets' shared input helpers (see fuzz_util.h).
 */
#include "fuzz_util.h"

#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *scratch;

static void remove_scratch(void)
{
	char *cmd;

	if (!scratch)
		return;
	cmd = xasprintf("rm -rf '%s'", scratch);
	if (system(cmd) != 0)
		fprintf(stderr, "fuzz: cannot remove '%s'\n", scratch);
	free(cmd);
	free(scratch);
	scratch = NULL;
}

char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);

	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

const char *fuzz_dir(void)
{
	if (!scratch) {
		scratch = xasprintf("%s/ta-fuzz.XXXXXX", ta_tmp_dir());
		if (!mkdtemp(scratch)) {
			perror("fuzz: mkdtemp");
			abort();
		}
		atexit(remove_scratch);
	}
	return scratch;
}

char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
	char *path = ta_path_join(fuzz_dir(), name);
	FILE *fp = fopen(path, "wb");

	if (!fp || fwrite(data, 1, size, fp) != size || fclose(fp) != 0) {
		perror(path);
		abort();
	}
	return path;
}
