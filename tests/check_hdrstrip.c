// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_hdrstrip.c - headers without their function bodies (hdrstrip.h):
 * what the lexical pass removes and keeps (inline bodies go; declarations,
 * initializers, macros, bodies of functions not inline, a header with a
 * static function not inline, braces in literals and comments, bodies
 * with conditionals, line numbers), and which headers a file's #include
 * closure gives through its arguments' directories (quotes, angles, include_next, every branch,
 * forced includes; never the main file, a .c file, a kept header or one
 * that names a tasklet), and whether that closure names a watched macro
 * whose header it does not reach.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "hdrstrip.h"
#include "testutil.h"
#include "util.h"

static char *strip(const char *text)
{
	size_t len = 0;
	bool macros;
	char *out = ta_strip_bodies(text, strlen(text), TA_STRIP_MACROS, &len, &macros);

	ck_assert_uint_eq(len, strlen(out));
	return out;
}

static size_t lines(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

START_TEST(test_bodies_go_declarations_stay)
{
	const char *in =
		"static inline int f(int x)\n{\n\treturn x + 1;\n}\n"
		"struct s { int a; };\n"
		"static const int t[] = { 1, 2 };\n"
		"enum e { A, B };\n"
		"#define M(x) do { x; } while (0)\n"
		"static __always_inline int g(void) __attribute__((unused)) { if (1) { return 0; } "
		"return 1; }\n"
		"int m(void) { return 3; }\n"
		"int h(void);\n";
	const char *want = "static inline int f(int x)\n;\n\n\n"
			   "struct s { int a; };\n"
			   "static const int t[] = { 1, 2 };\n"
			   "enum e { A, B };\n"
			   "#define M(x) do { x; } while (0)\n"
			   "static __always_inline int g(void) __attribute__((unused)) ;\n"
			   "int m(void) { return 3; }\n"
			   "int h(void);\n";
	char *out = strip(in);

	ck_assert_str_eq(out, want);
	ck_assert_uint_eq(lines(out), lines(in));
	free(out);
}
END_TEST

START_TEST(test_braces_in_literals_and_comments)
{
	char *out = strip("static inline void f(void)\n{\n\tconst char *s = \"}\"; char c = '{';\n"
			  "\t/* } */ // {\n}\nint after;\n");

	ck_assert_str_eq(out, "static inline void f(void)\n;\n\n\n\nint after;\n");
	free(out);
}
END_TEST

START_TEST(test_kept_bodies)
{
	/* a conditional inside: each branch may close the body (counted together, the
	 * first '}' would end it and leave the other branch's) */
	const char *cond = "static inline void f(void)\n{\n#ifdef A\n}\n#else\n\tg();\n}\n#endif\n"
			   "int x;\n";
	/* unterminated */
	const char *open = "static inline void g(void) { if (1) {\n";
	/* a static function not inline, which only the inline bodies may use: all kept */
	const char *used = "static int k(void) { return 2; }\n"
			   "static inline int f(void) { return k(); }\n";
	/* inside a struct or a parenthesis: not a function body */
	const char *nested =
		"struct t { int (*fp)(void); };\nint y = sizeof((struct {int a;}){0});\n";
	char *a = strip(cond), *b = strip(open), *c = strip(nested), *d = strip(used);

	ck_assert_str_eq(a, cond);
	ck_assert_str_eq(b, open);
	ck_assert_str_eq(c, nested);
	ck_assert_str_eq(d, used);
	free(a);
	free(b);
	free(c);
	free(d);
}
END_TEST

START_TEST(test_macro_bodies)
{
	/* two inline functions in one macro: both bodies go, the macro and its lines go on */
	const char *two = "#define DECLARE_EWMA(name) \\\n"
			  "\tstatic inline void ewma_##name##_init(int *e) \\\n"
			  "\t{ \\\n"
			  "\t\t*e = 0; \\\n"
			  "\t} \\\n"
			  "\tstatic inline int ewma_##name##_read(int *e) { return *e; } \\\n"
			  "\tstruct ewma_##name { int v; };\n"
			  "int after;\n";
	const char *two_want = "#define DECLARE_EWMA(name) \\\n"
			       "\tstatic inline void ewma_##name##_init(int *e) \\\n"
			       "\t;\\\n\\\n \\\n"
			       "\tstatic inline int ewma_##name##_read(int *e) ; \\\n"
			       "\tstruct ewma_##name { int v; };\n"
			       "int after;\n";
	/* kept whole: a static function not inline beside; a body another macro ends; no inline;
	 * an object-like macro */
	const char *kept = "#define A(n) static int a_##n(void) { return 1; } \\\n"
			   "\tstatic inline int b_##n(void) { return a_##n(); }\n"
			   "#define OPEN(n) static inline void n(void) {\n"
			   "#define CLOSE }\n"
			   "#define LOOP(x) do { x; } while (0)\n"
			   "#define FN(x) (x)(void) { }\n";
	size_t len;
	bool macros = true;
	char *a = strip(two), *b = strip(kept);
	char *c = ta_strip_bodies(two, strlen(two), 0, &len, &macros);

	ck_assert_str_eq(a, two_want);
	ck_assert_uint_eq(lines(a), lines(two));
	ck_assert_str_eq(b, kept);
	/* without TA_STRIP_MACROS every #define is left as it is */
	ck_assert_str_eq(c, two);
	ck_assert(!macros);
	free(c);
	c = ta_strip_bodies(two, strlen(two), TA_STRIP_MACROS, &len, &macros);
	ck_assert(macros);
	free(c);
	c = ta_strip_bodies(kept, strlen(kept), TA_STRIP_MACROS, &len, &macros);
	ck_assert(!macros);
	free(c);
	free(a);
	free(b);
}
END_TEST

/* The paths given for main with args, relative to dir, sorted, one per line. */
static char *given(ta_hdrstrip *h, const char *dir, const char *main_rel, const char *const *args,
		   int nargs)
{
	const struct ta_stripped *st;
	char *main_path = ta_path_join(dir, main_rel);
	size_t n = ta_hdrstrip_for(h, main_path, args, nargs, 0, &st), dl = strlen(dir);
	char **rel = xcalloc(n + 1, sizeof(*rel));
	ta_buf b = {0};

	for (size_t i = 0; i < n; i++) {
		ck_assert(strncmp(st[i].path, dir, dl) == 0);
		ck_assert_uint_eq(st[i].len, strlen(st[i].text));
		ck_assert_ptr_null(strstr(st[i].text, "return"));
		rel[i] = xstrdup(st[i].path + dl + 1);
	}
	ta_sort(rel, n, sizeof(*rel), ta_strptr_cmp);
	for (size_t i = 0; i < n; i++) {
		ta_buf_printf(&b, "%s\n", rel[i]);
		free(rel[i]);
	}
	free(rel);
	free(main_path);
	return b.s ? ta_buf_steal(&b) : xstrdup("");
}

START_TEST(test_closure)
{
	char *dir = tu_mkdtemp(), *inc = ta_path_join(dir, "inc"),
	     *inc2 = ta_path_join(dir, "inc2");
	char *ikeep = ta_path_join(dir, "inc/k.h"), *forced = ta_path_join(dir, "inc/f.h");
	char *idir = xasprintf("-I%s", inc);
	const char *args[] = {idir, "-isystem", inc2, "-include", forced, "-DX=1"};
	ta_hdrstrip *h = ta_hdrstrip_new();
	char *got;

	tu_write(dir, "inc/a.h",
		 "#include <b.h>\n#include \"k.h\"\n#include \"e.c\"\n"
		 "static inline int fa(void) { return 1; }\n");
	tu_write(
		dir, "inc/b.h",
		"#include \"c.h\"\n#include_next <b.h>\nstatic inline int fb(void) { return 2; }\n");
	tu_write(dir, "inc2/b.h", "static inline int fb2(void) { return 3; }\n");
	tu_write(dir, "inc/c.h",
		 "/* a tasklet here */\nstatic inline int fc(void) { return 4; }\n");
	tu_write(dir, "inc/k.h", "static inline int fk(void) { return 5; }\n");
	tu_write(dir, "inc/d.h", "static inline int fd(void) { return 6; }\n");
	tu_write(dir, "inc/e.c", "int fe(void) { return 7; }\n");
	tu_write(dir, "inc/f.h", "static inline int ff(void) { return 8; }\n");
	tu_write(dir, "src/local.h",
		 "#if 0\n#include <d.h>\n#endif\nstatic inline int l(void) { return 9; }\n");
	tu_write(dir, "src/main.c",
		 "#include <a.h>\n#include \"local.h\"\n#include \"missing.h\"\n#include MACRO\n"
		 "int main(void) { return 0; }\n");
	tu_write(dir, "src/other.c", "#include \"local.h\"\nint o(void) { return 0; }\n");
	ta_hdrstrip_keep(h, ikeep);
	got = given(h, dir, "src/main.c", args, 6);
	ck_assert_str_eq(got, "inc/a.h\ninc/b.h\ninc/d.h\ninc/f.h\ninc2/b.h\nsrc/local.h\n");
	free(got);
	/* another file with the same object: only what it reaches */
	got = given(h, dir, "src/other.c", args, 2);
	ck_assert_str_eq(got, "inc/d.h\nsrc/local.h\n");
	free(got);
	/* the same file through other directories: what those reach, not what the first did */
	got = given(h, dir, "src/main.c", args + 1, 2);
	ck_assert_str_eq(got, "src/local.h\n");
	free(got);
	got = given(h, dir, "src/main.c", args, 6);
	ck_assert_str_eq(got, "inc/a.h\ninc/b.h\ninc/d.h\ninc/f.h\ninc2/b.h\nsrc/local.h\n");
	free(got);
	ta_hdrstrip_free(&h);
	free(idir);
	free(forced);
	free(ikeep);
	free(inc);
	free(inc2);
	tu_rmtree(&dir);
}
END_TEST

/* The text given for dir/rel when parsing dir/main_rel with -Idir/inc and flags (NULL: none). */
static const struct ta_stripped *given_for(ta_hdrstrip *h, const char *dir, const char *main_rel,
					   const char *rel, unsigned flags)
{
	char *main_path = ta_path_join(dir, main_rel), *path = ta_path_join(dir, rel);
	char *idir = xasprintf("-I%s/inc", dir);
	const char *args[] = {idir};
	const struct ta_stripped *st, *found = NULL;
	size_t n = ta_hdrstrip_for(h, main_path, args, 1, flags, &st);

	for (size_t i = 0; i < n; i++)
		if (strcmp(st[i].path, path) == 0)
			found = &st[i];
	free(idir);
	free(path);
	free(main_path);
	return found;
}

/*
 * A header whose macros lose bodies comes without them unless a file the
 * indexer walks (the main file, a header naming a tasklet) may expand one
 * of them, directly or through another macro of the same header; and
 * always with them under TA_HDRSTRIP_KEEP_MACROS.
 */
START_TEST(test_macros_kept_where_expanded)
{
	char *dir = tu_mkdtemp();
	const struct ta_stripped *st;
	ta_hdrstrip *h = ta_hdrstrip_new();

	tu_write(dir, "inc/avg.h",
		 "#define DECLARE_KICK(n) static inline void kick_##n(void) { go(); }\n"
		 "#define KICK_ALIAS(n) DECLARE_KICK(n)\n"
		 "#define UNRELATED 1\n"
		 "static inline int f(void) { return 1; }\n");
	tu_write(dir, "inc/walked.h", "#include <avg.h>\n/* a tasklet */\nKICK_ALIAS(w)\n");
	tu_write(dir, "inc/quiet.h", "#include <avg.h>\nint q;\n");
	tu_write(dir, "src/none.c", "#include <quiet.h>\nint x = UNRELATED;\n");
	tu_write(dir, "src/direct.c", "#include <quiet.h>\nDECLARE_KICK(d)\n");
	tu_write(dir, "src/alias.c", "#include <quiet.h>\nKICK_ALIAS(a)\n");
	tu_write(dir, "src/through.c", "#include <walked.h>\nint y;\n");

	st = given_for(h, dir, "src/none.c", "inc/avg.h", 0);
	ck_assert_ptr_nonnull(st);
	ck_assert(st->macros);
	ck_assert_ptr_null(strstr(st->text, "go()"));
	ck_assert_ptr_null(strstr(st->text, "return"));
	st = given_for(h, dir, "src/none.c", "inc/avg.h", TA_HDRSTRIP_KEEP_MACROS);
	ck_assert(!st->macros);
	ck_assert_ptr_nonnull(strstr(st->text, "go()"));
	ck_assert_ptr_null(strstr(st->text, "return"));
	for (int i = 0; i < 3; i++) {
		const char *main_rel = (const char *[]){"src/direct.c", "src/alias.c",
							"src/through.c"}[i];
		st = given_for(h, dir, main_rel, "inc/avg.h", 0);
		ck_assert_msg(st && !st->macros && strstr(st->text, "go()"), "%s", main_rel);
		ck_assert_ptr_null(strstr(st->text, "return"));
	}
	/* the header naming a tasklet is never given */
	ck_assert_ptr_null(given_for(h, dir, "src/through.c", "inc/walked.h", 0));
	ta_hdrstrip_free(&h);
	tu_rmtree(&dir);
}
END_TEST

/* Does the closure of dir/main_rel (with -Idir/inc) take the wide PCH? */
static bool took_wide(ta_hdrstrip *h, const char *dir, const char *main_rel)
{
	given_for(h, dir, main_rel, "inc/none.h", TA_HDRSTRIP_WIDE);
	return ta_hdrstrip_took_wide(h);
}

/*
 * A wide PCH's watched names (the macros of its own headers): a file that
 * names one in its code or in a header it includes, without reaching the
 * header that defines it, keeps the base PCH; naming it in a comment or a
 * literal, reaching the owner, or a kept header naming it, does not.  A
 * closure that takes the wide PCH is given none of the wide PCH's own
 * headers; without TA_HDRSTRIP_WIDE none takes it.
 */
START_TEST(test_watched_names)
{
	char *dir = tu_mkdtemp(), *owner = ta_path_join(dir, "inc/eth.h"),
	     *kept = ta_path_join(dir, "inc/kept.h");
	const char *names[] = {"PORT_NONE", "ETH_ALEN"};
	const char *owners[] = {owner, owner};
	const char *only[] = {owner};
	ta_hdrstrip *h = ta_hdrstrip_new();

	tu_write(dir, "inc/eth.h",
		 "#define PORT_NONE 0xef\n#define ETH_ALEN 6\n"
		 "static inline int e(void) { return 1; }\n");
	tu_write(dir, "inc/net.h", "#include <eth.h>\nint n;\n");
	tu_write(dir, "inc/kept.h", "#ifdef PORT_NONE\nint k;\n#endif\n");
	tu_write(dir, "inc/ports.h", "enum port { PORT_NONE = -1, PORT_A };\n");
	tu_write(dir, "inc/test.h", "#ifdef ETH_ALEN\nint t;\n#endif\n");
	tu_write(dir, "src/clash.c", "#include <ports.h>\nint c;\n");
	tu_write(dir, "src/test.c", "#include <test.h>\nint t2;\n");
	tu_write(dir, "src/user.c", "#include <net.h>\n#include <ports.h>\nint u;\n");
	tu_write(dir, "src/quiet.c", "/* PORT_NONE */\nconst char *s = \"ETH_ALEN\";\n");
	tu_write(dir, "src/kept.c", "#include <kept.h>\nint k2;\n");
	ta_hdrstrip_keep(h, kept);
	ta_hdrstrip_watch(h, names, owners, 2, only, 1);
	ck_assert(!took_wide(h, dir, "src/clash.c"));
	ck_assert(!took_wide(h, dir, "src/test.c"));
	ck_assert(took_wide(h, dir, "src/user.c"));
	ck_assert(took_wide(h, dir, "src/quiet.c"));
	ck_assert(took_wide(h, dir, "src/kept.c"));
	/* the answer is the last closure's, whatever came before */
	ck_assert(!took_wide(h, dir, "src/clash.c"));
	ck_assert(took_wide(h, dir, "src/user.c"));
	/* the wide PCH holds eth.h: not given to user.c with it, given without it */
	ck_assert_ptr_null(given_for(h, dir, "src/user.c", "inc/eth.h", TA_HDRSTRIP_WIDE));
	ck_assert_ptr_nonnull(given_for(h, dir, "src/user.c", "inc/eth.h", 0));
	ck_assert(!ta_hdrstrip_took_wide(h));
	ta_hdrstrip_free(&h);
	free(owner);
	free(kept);
	tu_rmtree(&dir);
}
END_TEST

static Suite *hdrstrip_suite(void)
{
	Suite *s = suite_create("hdrstrip");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_bodies_go_declarations_stay);
	tcase_add_test(tc, test_braces_in_literals_and_comments);
	tcase_add_test(tc, test_kept_bodies);
	tcase_add_test(tc, test_closure);
	tcase_add_test(tc, test_macro_bodies);
	tcase_add_test(tc, test_macros_kept_where_expanded);
	tcase_add_test(tc, test_watched_names);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return tu_run(hdrstrip_suite());
}
