// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_lex.c - the lexer: the token kinds of small C and JSON texts,
 * hostile input (unterminated comments and literals, NUL bytes, CR-LF
 * line ends, line splices in comments, directives and literals), bad
 * arguments, the offset helpers the rewriters use, and a property over
 * random bytes: the tokens always tile the text and count its lines.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "testutil.h"

/* "KIND:text|KIND:text|..." for every token of s[0, len) (significant ones with sig). */
static char *tokens(const char *s, size_t len, size_t start, unsigned flags, bool sig)
{
	static const char *const names[] = {"END", "SP",  "SPL", "COM",   "DIR",  "ID",
					    "NUM", "STR", "CHR", "PUNCT", "OTHER"};
	ta_buf b = {0};
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, s, len, start, flags);
	while ((sig ? ta_lex_next_sig(&lx, &t) : ta_lex_next(&lx, &t)) != TA_TOK_END) {
		ta_buf_printf(&b, "%s%s%s:", b.len ? "|" : "", names[t.kind],
			      t.unterminated ? "!" : "");
		for (size_t k = t.off; k < t.off + t.len; k++)
			if (s[k] == '\n')
				ta_buf_puts(&b, "\\n");
			else if (s[k] == '\r')
				ta_buf_puts(&b, "\\r");
			else if (s[k] == '\0')
				ta_buf_puts(&b, "\\0");
			else
				ta_buf_putc(&b, s[k]);
	}
	return ta_buf_steal(&b);
}

static void expect(const char *s, unsigned flags, bool sig, const char *want)
{
	char *got = tokens(s, strlen(s), 0, flags, sig);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_c_tokens)
{
	expect("int x = a->b + 0x1fUL; /* c */ // d\n", 0, false,
	       "ID:int|SP: |ID:x|SP: |PUNCT:=|SP: |ID:a|PUNCT:->|ID:b|SP: |PUNCT:+|SP: |"
	       "NUM:0x1fUL|PUNCT:;|SP: |COM:/* c */|SP: |COM:// d|SP:\\n");
	expect("a<<=b...c>>d##e", 0, true,
	       "ID:a|PUNCT:<<=|ID:b|PUNCT:...|ID:c|PUNCT:>>|ID:d|PUNCT:##|ID:e");
	expect("1.5e+3 .5 0x1p-3 a.b 8021q.h", 0, true,
	       "NUM:1.5e+3|NUM:.5|NUM:0x1p-3|ID:a|PUNCT:.|ID:b|NUM:8021q.h");
	expect("s = \"a\\\"b\" + 'x' + '\\'' + L\"w\";", 0, true,
	       "ID:s|PUNCT:=|STR:\"a\\\"b\"|PUNCT:+|CHR:'x'|PUNCT:+|CHR:'\\''|PUNCT:+|ID:L|"
	       "STR:\"w\"|PUNCT:;");
	expect("a @ $b `", 0, true, "ID:a|OTHER:@|OTHER:$|ID:b|OTHER:`");
	/* a comment opener inside a literal, a quote inside a comment */
	expect("\"/* no\" /* \"x */ '//'", 0, true, "STR:\"/* no\"|CHR:'//'");
}
END_TEST

START_TEST(test_unterminated)
{
	/* a block comment runs to the end; a string or char stops before its newline */
	expect("a /* never closed\nb", 0, false, "ID:a|SP: |COM!:/* never closed\\nb");
	expect("s = \"open\nt = 'x\nu", 0, true,
	       "ID:s|PUNCT:=|STR!:\"open|ID:t|PUNCT:=|CHR!:'x|ID:u");
	expect("\"ends with a backslash\\", 0, false, "STR!:\"ends with a backslash\\");
	expect("/*/ x", 0, false, "COM!:/*/ x");
	expect("#define A \"x\n", TA_LEX_DIRECTIVES, false, "DIR:#define A \"x|SP:\\n");
	expect("#if 0 /* open", TA_LEX_DIRECTIVES, false, "DIR!:#if 0 /* open");
}
END_TEST

START_TEST(test_nul_bytes)
{
	static const char s[] = "a\0b /* x\0y */ c\0'\0'";
	char *got = tokens(s, sizeof(s) - 1, 0, 0, false);

	/* NUL is one byte like any other: it ends nothing and is in a token */
	ck_assert_str_eq(got,
			 "ID:a|OTHER:\\0|ID:b|SP: |COM:/* x\\0y */|SP: |ID:c|OTHER:\\0|CHR:'\\0'");
	free(got);
}
END_TEST

START_TEST(test_crlf)
{
	static const char s[] = "a\r\n// c \\\r\nstill\r\n#define X \\\r\n\tY\r\nb \\\r\n c";
	ta_lexer lx;
	ta_tok t;
	char *got = tokens(s, sizeof(s) - 1, 0, TA_LEX_DIRECTIVES, false);

	ck_assert_str_eq(got,
			 "ID:a|SP:\\r\\n|COM:// c \\\\r\\nstill\\r|SP:\\n|"
			 "DIR:#define X \\\\r\\n\tY\\r|SP:\\n|ID:b|SP: |SPL:\\\\r\\n|SP: |ID:c");
	free(got);
	/* a CR-LF ends a line once; the lines of the tokens say so */
	ta_lexer_init(&lx, s, sizeof(s) - 1, 0, TA_LEX_DIRECTIVES);
	ta_lex_next_sig(&lx, &t);
	ck_assert_uint_eq(t.line, 1);
	ta_lex_next_sig(&lx, &t);
	ck_assert_int_eq(t.kind, TA_TOK_DIRECTIVE);
	ck_assert_uint_eq(t.line, 4);
	ta_lex_next_sig(&lx, &t);
	ck_assert_uint_eq(t.line, 6);
	ta_lex_next_sig(&lx, &t);
	ck_assert_uint_eq(t.line, 7);
	/* a lone CR is not a line end */
	ta_lexer_init(&lx, "a\rb", 3, 0, 0);
	ta_lex_next_sig(&lx, &t);
	ta_lex_next_sig(&lx, &t);
	ck_assert_uint_eq(t.line, 1);
}
END_TEST

START_TEST(test_line_splices)
{
	/* a line comment ending in a backslash goes on; a splice in code is a token */
	expect("// one \\\ntwo\nx", 0, false, "COM:// one \\\\ntwo|SP:\\n|ID:x");
	expect("a \\\n b", 0, false, "ID:a|SP: |SPL:\\\\n|SP: |ID:b");
	expect("\"str\\\ning\"", 0, false, "STR:\"str\\\\ning\"");
	/* a directive runs to its unspliced newline, over a block comment's lines */
	expect("#define F(x) \\\n\ttasklet_schedule(x)\ny", TA_LEX_DIRECTIVES, false,
	       "DIR:#define F(x) \\\\n\ttasklet_schedule(x)|SP:\\n|ID:y");
	expect("#define A 1 /* two\n lines */\nz", TA_LEX_DIRECTIVES, false,
	       "DIR:#define A 1 /* two\\n lines */|SP:\\n|ID:z");
}
END_TEST

START_TEST(test_directives)
{
	/* only a '#' first on its line (comments before it count as space) */
	expect("  # if X\na # b\n/* c */ #x\n", TA_LEX_DIRECTIVES, true,
	       "DIR:# if X|ID:a|PUNCT:#|ID:b|DIR:#x");
	/* without the flag a directive's tokens come one by one */
	expect("#if X\n", 0, true, "PUNCT:#|ID:if|ID:X");
	/* after a splice the line goes on: no directive */
	expect("a \\\n#b", TA_LEX_DIRECTIVES, true, "ID:a|PUNCT:#|ID:b");
	/* a start in the middle of a text knows whether it begins a line */
	{
		const char *s = "x;\n\t#endif\ny";
		char *got = tokens(s, strlen(s), 4, TA_LEX_DIRECTIVES, true);
		ck_assert_str_eq(got, "DIR:#endif|ID:y");
		free(got);
		got = tokens(s, strlen(s), 1, TA_LEX_DIRECTIVES, true);
		ck_assert_str_eq(got, "PUNCT:;|DIR:#endif|ID:y");
		free(got);
	}
}
END_TEST

START_TEST(test_json)
{
	const char *in =
		"{\n  // a \"rule\" \\\n  \"id\": \"a//b/*c*/\", /* two\n lines */ \"x\": 1\n}\n";
	const char *want = "{\n               \n"
			   "  \"id\": \"a//b/*c*/\",       \n"
			   "          \"x\": 1\n}\n";
	char *out = ta_lex_blank_json_comments(in, strlen(in));

	/* the comment's backslash does not continue it; strings are kept */
	ck_assert_str_eq(out, want);
	ck_assert_uint_eq(strlen(out), strlen(in));
	free(out);
	/* no character constants in JSON; a string goes on over a newline */
	expect("'a' // x\n\"b\nc\"", TA_LEX_JSON, true, "OTHER:'|ID:a|OTHER:'|STR:\"b\\nc\"");
	/* an unterminated block comment blanks to the end, newlines kept */
	out = ta_lex_blank_json_comments("1 /* x\ny", 8);
	ck_assert_str_eq(out, "1     \n ");
	free(out);
	/* the copy is as long as the text, NUL bytes included */
	out = ta_lex_blank_json_comments("a\0/*\0*/b", 8);
	ck_assert_int_eq(memcmp(out, "a\0     b", 8), 0);
	ck_assert_int_eq(out[8], '\0');
	free(out);
}
END_TEST

START_TEST(test_bad_arguments)
{
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, NULL, 10, 0, 0);
	ck_assert_int_eq(ta_lex_next(&lx, &t), TA_TOK_END);
	ck_assert_int_eq(ta_lex_next_sig(&lx, &t), TA_TOK_END);
	ta_lexer_init(&lx, "abc", 3, 7, 0);
	ck_assert_int_eq(ta_lex_next(&lx, &t), TA_TOK_END);
	ck_assert_uint_eq(t.off, 3);
	ta_lexer_init(&lx, "abc", 0, 0, 0);
	ck_assert_int_eq(ta_lex_next(&lx, &t), TA_TOK_END);
	ck_assert_ptr_null(ta_lex_blank_json_comments(NULL, 3));
	ck_assert_uint_eq(ta_lex_match("abc", 3, 1), TA_NPOS);
	ck_assert_uint_eq(ta_lex_match("(a", 2, 0), TA_NPOS);
	ck_assert_uint_eq(ta_lex_match("()", 2, 5), TA_NPOS);
	ck_assert_uint_eq(ta_lex_match(NULL, 2, 0), TA_NPOS);
	ck_assert_uint_eq(ta_lex_open_of("(a)", 3, 0, 1), TA_NPOS);
	ck_assert_uint_eq(ta_lex_open_of("a)", 2, 0, 1), TA_NPOS);
	ck_assert_uint_eq(ta_lex_prev("a b", 2, 1), TA_NPOS);
	ck_assert_uint_eq(ta_lex_prev(NULL, 0, 1), TA_NPOS);
	ck_assert_uint_eq(ta_lex_find_ident("a b", 0, 3, NULL, false), TA_NPOS);
	ck_assert_uint_eq(ta_lex_find_ident(NULL, 0, 3, "a", false), TA_NPOS);
	ck_assert_uint_eq(ta_lex_skip_literal("ab", 2, 2), 2);
	ck_assert_uint_eq(ta_lex_skip(NULL, 2, 0), 0);
	ck_assert_int_eq(ta_lex_args("f(a", 3, 1, NULL, NULL, 0), -1);
	ck_assert_int_eq(ta_lex_args("f[a]", 4, 1, NULL, NULL, 0), -1);
}
END_TEST

START_TEST(test_helpers)
{
	const char *s = "f(a, \")\" /* ) */, g(b, c)) { if (x == ')') { y; } }";
	size_t len = strlen(s), st[4], en[4];
	size_t brace = (size_t)(strchr(s, '{') - s), last = len - 1;

	ck_assert_uint_eq(ta_lex_match(s, len, 1), (size_t)(strstr(s, ") {") - s));
	/* a directive's name: past '#' and blanks; its end when it has none */
	ck_assert_uint_eq(ta_lex_directive_name("x\n# \tifdef A\n", 2, 11), 5);
	ck_assert_uint_eq(ta_lex_directive_name("#  \n", 0, 3), 3);
	ck_assert_int_eq(ta_lex_args(s, len, 1, st, en, 4), 3);
	ck_assert_uint_eq(en[1] - st[1], 11);
	ck_assert_int_eq(strncmp(s + st[1], "\")\" /* ) */", 11), 0);
	ck_assert_int_eq(strncmp(s + st[2], "g(b, c)", en[2] - st[2]), 0);
	ck_assert_int_eq(ta_lex_args(s, len, 1, st, en, 2), -1);
	ck_assert_uint_eq(ta_lex_match(s, len, brace), last);
	ck_assert_uint_eq(ta_lex_open_of(s, len, 0, last), brace);
	/* the ')' of "if (x == ')')" opens at its '(', the char constant aside */
	ck_assert_uint_eq(ta_lex_open_of(s, len, 0, (size_t)(strstr(s, "') {") - s) + 1),
			  (size_t)(strstr(s, "(x") - s));
	ck_assert_int_eq(ta_lex_depth_at(s, len, (size_t)(strchr(s, 'y') - s)), 2);
	ck_assert_uint_eq(ta_lex_find_ident(s, 0, len, "c", false), (size_t)(strstr(s, "c)") - s));
	ck_assert_uint_eq(ta_lex_find_ident("a.b b", 0, 5, "b", true), 4);
	ck_assert_uint_eq(ta_lex_find_ident("/* b */ \"b\" 'b' b", 0, 17, "b", false), 16);
	ck_assert_uint_eq(ta_lex_skip("  /* x */ // y\n \\\n z", 20, 0), 19);
	ck_assert_uint_eq(ta_lex_skip_literal("'\\''x", 5, 0), 4);
	/* the previous significant byte: comments skipped, a splice's backslash kept */
	ck_assert_uint_eq(ta_lex_prev("a; /* x; */ // y;\n  ", 0, 20), 1);
	ck_assert_uint_eq(ta_lex_prev("a; \\\n  ", 0, 7), 3);
	ck_assert_uint_eq(ta_lex_prev("//\n  ", 0, 5), TA_NPOS);
	ck_assert_uint_eq(ta_lex_prev("s = \"x\";", 0, 7), 6);
}
END_TEST

/* Random bytes from a small alphabet of C's troublemakers: the tokens tile the text. */
/* The braces around an offset: a struct's, for a member; none outside any. */
START_TEST(test_enclosing_braces)
{
	const char *s = "int a; struct o { int x; struct i { int y; } z; int w; };";
	size_t len = strlen(s), open = 0, close = 0;
	size_t outer = (size_t)(strchr(s, '{') - s), inner = (size_t)(strstr(s, "{ int y") - s);

	ck_assert_int_eq(
		ta_lex_enclosing_braces(s, len, (size_t)(strstr(s, "w;") - s), &open, &close), 0);
	ck_assert_uint_eq(open, outer);
	ck_assert_uint_eq(close, (size_t)(strrchr(s, '}') - s));
	ck_assert_int_eq(
		ta_lex_enclosing_braces(s, len, (size_t)(strstr(s, "y;") - s), &open, &close), 0);
	ck_assert_uint_eq(open, inner);
	ck_assert_uint_eq(close, (size_t)(strstr(s, "} z") - s));
	ck_assert_int_eq(ta_lex_enclosing_braces(s, len, 3, &open, &close), -1);
	ck_assert_int_eq(ta_lex_enclosing_braces("{ int x;", 8, 5, &open, &close), -1);
}
END_TEST

START_TEST(test_random_tiling)
{
	static const char alphabet[] = "ab_1.+-eE/*#'\"\\\n\r \t(){}\0@";
	unsigned seed = 12345;

	for (int round = 0; round < 2000; round++) {
		char s[64];
		size_t len = (size_t)(seed % sizeof(s));
		unsigned flags = (unsigned)round % 8; /* every mix of the three flags */
		size_t start;
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			s[i] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
		}
		seed = seed * 1103515245u + 12345u;
		start = len ? (seed >> 16) % len : 0;
		ta_lexer lx;
		ta_tok t;
		size_t at = start;
		unsigned line = 1;
		for (size_t i = 0; i < start; i++)
			line += s[i] == '\n';
		ta_lexer_init(&lx, s, len, start, flags);
		while (ta_lex_next(&lx, &t) != TA_TOK_END) {
			ck_assert_uint_eq(t.off, at);
			ck_assert_uint_gt(t.len, 0);
			ck_assert_uint_le(t.off + t.len, len);
			ck_assert_uint_eq(t.line, flags & TA_LEX_NO_LINES ? 0 : line);
			for (size_t k = t.off; k < t.off + t.len; k++)
				line += s[k] == '\n';
			at += t.len;
		}
		ck_assert_uint_eq(at, len);
		ck_assert_uint_eq(t.off, len);
		seed = seed * 1103515245u + 12345u;
	}
}
END_TEST

/* The longest punctuator at the start of s, by the list of them (C11 6.4.6, no digraphs). */
static size_t punct_by_list(const char *s, size_t len)
{
	static const char *const puncts[] = {
		"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
		"&&",  "||",  "*=",  "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "[",
		"]",   "(",   ")",   "{",  "}",  ".",  "&",  "*",  "+",  "-",  "~",  "!",
		"/",   "%",   "<",   ">",  "^",  "|",  "?",  ":",  ";",  "=",  ",",  "#"};

	for (size_t k = 0; k < sizeof(puncts) / sizeof(*puncts); k++)
		if (strlen(puncts[k]) <= len && strncmp(s, puncts[k], strlen(puncts[k])) == 0)
			return strlen(puncts[k]);
	return 0;
}

START_TEST(test_punctuators)
{
	static const char alphabet[] = "[](){}.&*+-~!/%<>^|?:;=,#a";
	const size_t n = sizeof(alphabet) - 1;

	/* every text of one to three characters of the alphabet: its first token */
	for (size_t i = 0; i < n * n * n; i++) {
		char s[4] = {alphabet[i % n], alphabet[i / n % n], alphabet[i / n / n], '\0'};
		for (size_t len = 1; len <= 3; len++) {
			size_t want = punct_by_list(s, len);
			ta_lexer lx;
			ta_tok t;
			if (s[0] == '/' && len > 1 && (s[1] == '*' || s[1] == '/'))
				continue; /* a comment */
			ta_lexer_init(&lx, s, len, 0, 0);
			ta_lex_next(&lx, &t);
			ck_assert_int_eq(t.kind, want ? TA_TOK_PUNCT : TA_TOK_IDENT);
			if (want)
				ck_assert_uint_eq(t.len, want);
		}
	}
}
END_TEST

static Suite *lex_suite(void)
{
	Suite *s = suite_create("lex");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_c_tokens);
	tcase_add_test(tc, test_unterminated);
	tcase_add_test(tc, test_nul_bytes);
	tcase_add_test(tc, test_crlf);
	tcase_add_test(tc, test_line_splices);
	tcase_add_test(tc, test_directives);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_bad_arguments);
	tcase_add_test(tc, test_helpers);
	tcase_add_test(tc, test_enclosing_braces);
	tcase_add_test(tc, test_random_tiling);
	tcase_add_test(tc, test_punctuators);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(lex_suite());
}
