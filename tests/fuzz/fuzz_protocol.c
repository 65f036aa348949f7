// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_protocol.c - the reference core's protocol reader (.proto text):
 * a protocol or an error with its line, never a crash.
 */
#include "fuzz_util.h"

#include "refcore_protocol.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct ta_proto_error err = {0};
	ta_protocol *p = ta_protocol_parse(text, "fuzz.proto", &err);

	ta_protocol_free(&p);
	free(text);
	return 0;
}
