// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_rules.c - the classification rule loader (JSON with comments) on
 * arbitrary text: it must either load or name the problem, never crash.
 */
#include "fuzz_util.h"

#include "rules.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	ta_rules *r = ta_rules_parse_text("fuzz.json", text);

	ta_rules_free(&r);
	free(text);
	return 0;
}
