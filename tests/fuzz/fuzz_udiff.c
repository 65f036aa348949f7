// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_udiff.c - the unified-diff writer and the source-edit layer on
 * arbitrary source text.  The input is split at its first NUL byte into an
 * old and a new text: the edit script must rebuild the new text from the
 * old one exactly, and edits at offsets taken from the input must keep the
 * line index consistent.
 */
#include "fuzz_util.h"

#include "srcedit.h"
#include "udiff.h"

#include <stdlib.h>
#include <string.h>

/* Rebuild the new text from old + script; abort when it differs. */
static void check_script(const char *old, size_t olen, const char *nw, size_t nlen)
{
	char *script = ta_diff_script(old, olen, nw, nlen);
	size_t o = 0, n = 0;

	for (const char *op = script; op && *op; op++) {
		const char *src = *op == '+' ? nw + n : old + o;
		const char *lim = *op == '+' ? nw + nlen : old + olen;
		const char *eol = memchr(src, '\n', (size_t)(lim - src));
		size_t len = eol ? (size_t)(eol - src) + 1 : (size_t)(lim - src);

		if (*op == '=') {
			if (n + len > nlen || memcmp(nw + n, src, len) != 0)
				abort();
			o += len;
			n += len;
		} else if (*op == '-') {
			o += len;
		} else if (*op == '+') {
			n += len;
		}
	}
	if (script && (o != olen || n != nlen))
		abort();
	free(script);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t olen = nul ? (size_t)(nul - data) : size;
	char *old = fuzz_text(data, olen);
	char *nw = fuzz_text(nul ? nul + 1 : data, nul ? size - olen - 1 : 0);
	size_t nlen = strlen(nw);
	struct ta_diffstat st = {0};
	ta_src *src;

	olen = strlen(old);
	free(ta_udiff("drivers/fuzz.c", old, olen, nw, nlen, 3, &st));
	check_script(old, olen, nw, nlen);
	src = ta_src_new("drivers/fuzz.c", old, olen);
	if (src && olen) {
		size_t off = (size_t)data[0] % (olen + 1);
		size_t len = size > 1 ? (size_t)data[1] % (olen - off + 1) : 0;
		unsigned line = ta_src_line_of(src, off);

		(void)ta_src_line(src, line);
		(void)ta_src_line_end(src, line);
		(void)ta_src_edit(src, off, len, "work");
		(void)ta_src_edit(src, off, len, "work"); /* the same edit twice: accepted once */
		(void)ta_src_changed(src);
	}
	ta_src_free(&src);
	free(old);
	free(nw);
	return 0;
}
