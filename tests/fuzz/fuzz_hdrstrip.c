// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_hdrstrip.c - a header's stripping (ta_strip_bodies()) on arbitrary
 * bytes.  The first byte picks whether the macros' inline bodies go too.
 * Every line must keep its number (as many newlines out as in), the text
 * may grow only by the line splices a macro's removed body leaves (one
 * byte per newline at most), without TA_STRIP_MACROS it never grows and
 * no macro is said to have lost a body, and the result is NUL-terminated
 * at its length.
 */
#include "fuzz_util.h"

#include "hdrstrip.h"

#include <stdlib.h>

static size_t newlines(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += s[i] == '\n';
	return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned flags = size && (data[0] & 1u) ? TA_STRIP_MACROS : 0;
	const char *s = size ? (const char *)data + 1 : "";
	size_t len = size ? size - 1 : 0, out_len = 0, in_lines = newlines(s, len);
	bool macros = true;
	char *out = ta_strip_bodies(s, len, flags, &out_len, &macros);

	if (out[out_len] != '\0' || newlines(out, out_len) != in_lines)
		abort();
	if (out_len > len + in_lines)
		abort();
	if (!(flags & TA_STRIP_MACROS) && (out_len > len || macros))
		abort();
	free(out);
	return 0;
}
