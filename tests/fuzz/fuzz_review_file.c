// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_review_file.c - the review file reader, against the review of a real
 * report (the corpus seed of the report fuzzer), so decisions can name real
 * tasklet keys.
 */
#include "fuzz_util.h"

#include "audit.h"
#include "report_read.h"
#include "review.h"
#include "review_file.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

static ta_audit *audit;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *path;
	ta_review *rv;

	if (!audit) {
		const char *seed = TA_SOURCE_DIR "/tests/fuzz/seeds/report/corpus.json";
		if (ta_report_read(seed, &audit) != 0) {
			fprintf(stderr, "fuzz: cannot load '%s'\n", seed);
			abort();
		}
	}
	path = fuzz_file("review.json", data, size);
	rv = ta_review_new(audit);
	(void)ta_review_file_load(rv, path);
	ta_review_free(&rv);
	free(path);
	return 0;
}
