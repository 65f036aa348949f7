// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_patch_rules.c - the patch writer's rule loader (conversions.json)
 * on arbitrary text, then a mechanism look-up through what it loaded.
 */
#include "fuzz_util.h"

#include "patch_rules.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	ta_patch_rules *r = ta_patch_rules_parse("conversions.json", text);

	if (r) {
		(void)ta_patch_rules_mechanism(r, "bh");
	}
	ta_patch_rules_free(&r);
	free(text);
	return 0;
}
