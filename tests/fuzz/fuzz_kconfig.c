// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_kconfig.c - the .config reader and the autoconf.h it synthesizes
 * from what it read.
 */
#include "fuzz_util.h"

#include "kconfig.h"
#include "util.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	ta_kconfig *kc = ta_kconfig_parse(text, "fuzz.config");

	if (kc) {
		ta_buf b = {0};
		ta_kconfig_autoconf(kc, &b);
		(void)ta_kconfig_enabled(kc, "CONFIG_PCI");
		ta_buf_free(&b);
	}
	ta_kconfig_free(&kc);
	free(text);
	return 0;
}
