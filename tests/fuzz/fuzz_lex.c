// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_lex.c - the lexer on arbitrary bytes.  The first byte picks the
 * flags and a start offset; the tokens must tile the rest of the input
 * exactly, with lines counted by its newlines.  The offset helpers run at
 * offsets taken from the input, and blanking JSON comments must keep the
 * length and every newline.
 */
#include "fuzz_util.h"

#include "lex.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned flags = size ? data[0] & 3u : 0;
	const char *s = size ? (const char *)data + 1 : "";
	size_t len = size ? size - 1 : 0;
	size_t start = len && size > 1 ? data[1] % len : 0;
	size_t at = start, st[4], en[4];
	unsigned line = 1;
	ta_lexer lx;
	ta_tok t;
	char *blank;

	for (size_t i = 0; i < start; i++)
		line += s[i] == '\n';
	ta_lexer_init(&lx, s, len, start, flags);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.off != at || t.len == 0 || t.off + t.len > len || t.line != line)
			abort();
		for (size_t k = t.off; k < t.off + t.len; k++)
			line += s[k] == '\n';
		at += t.len;
	}
	if (at != len)
		abort();
	if (len) {
		size_t a = start, b = size > 2 ? data[2] % len : 0;
		size_t m = ta_lex_match(s, len, a), o;
		if (m != TA_NPOS && (m <= a || m >= len))
			abort();
		o = ta_lex_open_of(s, len, b < a ? b : 0, a);
		if (o != TA_NPOS && o >= a)
			abort();
		if (ta_lex_args(s, len, a, st, en, 4) > 4)
			abort();
		o = ta_lex_prev(s, b, a);
		if (o != TA_NPOS && (o < b || o >= a))
			abort();
		if (ta_lex_skip(s, len, a) > len)
			abort();
		(void)ta_lex_find_ident(s, b, len, "a", true);
		(void)ta_lex_depth_at(s, len, b);
	}
	blank = ta_lex_blank_json_comments(s, len);
	for (size_t i = 0; i < len; i++)
		if ((s[i] == '\n') != (blank[i] == '\n') || (blank[i] != s[i] && blank[i] != ' '))
			abort();
	if (blank[len] != '\0')
		abort();
	free(blank);
	return 0;
}
