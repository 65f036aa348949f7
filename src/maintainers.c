// SPDX-License-Identifier: GPL-2.0-only
/*
 * maintainers.c - the To:/Cc: of a patch as scripts/get_maintainer.pl
 * --no-git --no-rolestats computes them, without running Perl.
 *
 * MAINTAINERS is read once into get_maintainer's "typevalue" list (every
 * line that is neither blank nor a # comment; "T: value" lines are
 * entries, the others section headers) and every F:/X:/N:/K: value is
 * compiled once into a POSIX ERE.  A query then does what
 * get_maintainer.pl does for a patch file:
 *
 * - paths are sorted and de-duplicated; for each, every section not
 *   excluded by an X: pattern whose F: pattern or N: regex matches it is
 *   taken, the deeper patterns first (F: depth is the pattern's slash
 *   count, +1 without a trailing '/', -1 for a leading '*'; N: is 0; the
 *   last matching line of a section sets its depth; equal depths keep
 *   the file's order, where Perl's hash order is random);
 * - F: and X: are globs turned into Perl regexes the way get_maintainer
 *   does ('.' literal, '*' any run, '?' any character, matched as a prefix
 *   of the path); a pattern naming an existing directory gets a trailing
 *   '/' and then covers the whole tree below it; without a trailing '/'
 *   the path must have as many '/' as the pattern;
 * - K: regexes are matched against every line of the patch up to the
 *   first "--- a/" line, then only on diff lines ("^[+-].*" prefixed, so an
 *   unparenthesised alternation binds the prefix to its first branch
 *   only, as in Perl), except the lines get_maintainer parses as file
 *   names, Fixes: and hunk headers; the sections found are taken after
 *   the path ones, in the string order of their line numbers;
 * - of each section, M: and R: addresses are pushed unless their name or
 *   address (case-insensitive) was already pushed, L: lists unless the
 *   address was, and lists marked "subscribers-only" are left out
 *   ("moderated for non-subscribers" ones stay); no section is skipped
 *   for its S: status (orphan and obsolete ones still answer), and
 *   THE REST answers for every path (linux-kernel@vger.kernel.org), but
 *   Linus Torvalds is removed from the people, as get_maintainer does;
 * - every address is mapped through .mailmap and de-duplicated by name,
 *   then by address, and the exact repeats are dropped.  (When two
 *   equal-depth sections name one person with two addresses, which one
 *   get_maintainer keeps depends on its hash order; here the first in
 *   the file wins.)
 *
 * To holds whoever is an M: of a taken section, Cc the rest (R: and L:),
 * each in get_maintainer's order.
 *
 * Regexes: N: and K: are Perl regexes with /x.  They are translated to
 * POSIX ERE with glibc's GNU extensions (\b \B \w \W \s \S): (?:...)
 * becomes a plain group, (?i) and (?i:...) expand letters to [xX], \d is
 * [0-9], lazy quantifiers become greedy ones (same matches), escapes
 * inside brackets are resolved.  Look-around, back-references,
 * possessive quantifiers, other inline flags and escapes (\A \z \p ...)
 * cannot be expressed: such a regex is counted
 * (ta_maintainers_n_unsupported()) and never matches.  In 6.12, 9 N:/K:
 * entries use (?:, (?i: or (?i) and all translate; none is unsupported.
 *
 * A touched .yaml file's own addresses (its "maintainers:") are found with
 * get_maintainer's regex and name guess, \p{L} taken byte-wise (any
 * non-ASCII byte is a letter), and go to Cc after the sections' people.
 * Not reproduced: git history (--no-git) and Fixes: signers (git).
 */
#include "maintainers.h"

#include <ctype.h>
#include <errno.h>
#include <regex.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

/* One line of get_maintainer's typevalue list. */
struct entry {
	char type;    /* 'A'..'Z' for "T: value" lines, 0 for headers and other text */
	char *value;  /* the value (F:/X: already a Perl regex), or the whole line */
	long pattern; /* index in patterns for F:, X:, N:, K: (-1: none) */
	size_t section;
};

/* A compiled F:/X:/N:/K: value. */
struct pattern {
	bool ok;         /* translated and compiled */
	regex_t re;      /* F/X: "^value" on the path; N: on the path; K: on header lines */
	bool diff_ok;    /* K: re_diff compiled */
	regex_t re_diff; /* K: "^[+-].*value", on the lines of the diff */
	char *literal;   /* F/X: what the path must start with */
	size_t lit_len;
	bool only_literal; /* F/X: the whole pattern is literal (no regexec needed) */
	int slashes;       /* F/X: '/' in the value */
	bool dir;          /* F/X: ends with '/' */
	int depth;         /* F: get_maintainer's pattern depth */
};

struct section {
	size_t tvi;   /* the index get_maintainer keys the section by */
	size_t start; /* the header line */
	size_t end;   /* one past its last entry */
};

struct ta_maintainers {
	char *root; /* the tree, for the .yaml files a patch touches */
	struct entry *entries;
	size_t n_entries, cap_entries;
	struct pattern *patterns;
	size_t n_patterns, cap_patterns;
	struct section *sections;
	size_t n_sections, cap_sections;
	size_t *keywords; /* entry indexes of the K: lines */
	size_t n_keywords, cap_keywords;
	size_t n_unsupported;
	/* .mailmap: key -> index into mm_values (names and addresses apart) */
	ta_strmap mm_names, mm_addresses;
	char **mm_values;
	size_t n_mm_values, cap_mm_values;
	/* get_maintainer's patch-line parsing */
	regex_t line_mode, line_rename, line_diff_git, line_fixes, line_plus, line_minus, line_hunk;
};

/* ------------------------------------------------ Perl regex to POSIX ERE */

struct xlate {
	const char *p;
	ta_buf out;
	bool xmode;     /* Perl's /x: blanks and # comments are not part of the regex */
	bool icase[64]; /* per open group */
	int depth;
	bool ok;
};

static bool is_ere_special(char c)
{
	return c && strchr(".[]()*+?{}|^$\\", c) != NULL;
}

static void put_letter(struct xlate *x, char c)
{
	if (x->icase[x->depth] && isalpha((unsigned char)c))
		ta_buf_printf(&x->out, "[%c%c]", tolower((unsigned char)c),
			      toupper((unsigned char)c));
	else if (c == '}')
		ta_buf_puts(&x->out, "[}]");
	else
		ta_buf_putc(&x->out, c);
}

/* A backslash escape outside brackets; p points after the backslash. */
static void xlate_escape(struct xlate *x)
{
	char c = *x->p++;

	if (c && strchr("bBwWsS", c))
		ta_buf_printf(&x->out, "\\%c", c);
	else if (c == 'd')
		ta_buf_puts(&x->out, "[0-9]");
	else if (c == 'D')
		ta_buf_puts(&x->out, "[^0-9]");
	else if (c == 't')
		ta_buf_putc(&x->out, '\t');
	else if (is_ere_special(c))
		ta_buf_printf(&x->out, "\\%c", c);
	else if (c && ispunct((unsigned char)c))
		ta_buf_putc(&x->out, c); /* "\<" is a literal '<' in Perl, an anchor in GNU ERE */
	else
		x->ok = false; /* \A \z \1 \p ... */
}

/* The items of a bracket expression, collected so that ] ^ - land where POSIX wants them. */
struct bracket {
	bool negate, close, caret, dash;
	ta_buf items;
};

static void bracket_char(struct bracket *b, char c, bool icase)
{
	if (c == ']')
		b->close = true;
	else if (c == '^')
		b->caret = true;
	else if (c == '-')
		b->dash = true;
	else if (icase && isalpha((unsigned char)c)) {
		ta_buf_putc(&b->items, (char)tolower((unsigned char)c));
		ta_buf_putc(&b->items, (char)toupper((unsigned char)c));
	} else
		ta_buf_putc(&b->items, c);
}

static void bracket_range(struct bracket *b, char lo, char hi, bool icase)
{
	ta_buf_printf(&b->items, "%c-%c", lo, hi);
	if (icase && isalpha((unsigned char)lo) && isalpha((unsigned char)hi) &&
	    !!islower((unsigned char)lo) == !!islower((unsigned char)hi)) {
		int (*other)(int) = islower((unsigned char)lo) ? toupper : tolower;
		ta_buf_printf(&b->items, "%c-%c", other((unsigned char)lo),
			      other((unsigned char)hi));
	}
}

/* One member inside brackets: c, or a backslash escape, into a bracket; false on a bad one. */
static bool bracket_escape(struct bracket *b, char c)
{
	switch (c) {
	case 'd':
		ta_buf_puts(&b->items, "0-9");
		return true;
	case 'w':
		ta_buf_puts(&b->items, "[:alnum:]_");
		return true;
	case 's':
		ta_buf_puts(&b->items, "[:space:]");
		return true;
	case 't':
		ta_buf_putc(&b->items, '\t');
		return true;
	default:
		if (!c || !ispunct((unsigned char)c))
			return false; /* \D \W \S \x.. inside brackets: not expressible */
		bracket_char(b, c, false);
		return true;
	}
}

static void xlate_bracket(struct xlate *x)
{
	struct bracket b = {0};
	bool icase = x->icase[x->depth];
	bool first = true;

	if (*x->p == '^') {
		b.negate = true;
		x->p++;
	}
	for (;; first = false) {
		char c = *x->p++;
		if (!c) {
			x->ok = false;
			break;
		}
		if (c == ']' && !first)
			break;
		if (c == '[' && *x->p == ':') {
			const char *end = strstr(x->p, ":]");
			if (!end) {
				x->ok = false;
				break;
			}
			ta_buf_printf(&b.items, "[%.*s", (int)(end + 2 - x->p), x->p);
			x->p = end + 2;
		} else if (c == '\\') {
			if (!bracket_escape(&b, *x->p++))
				x->ok = false;
		} else if (x->p[0] == '-' && x->p[1] && x->p[1] != ']' && x->p[1] != '\\') {
			bracket_range(&b, c, x->p[1], icase);
			x->p += 2;
		} else {
			bracket_char(&b, c, icase);
		}
	}
	ta_buf_puts(&x->out, b.negate ? "[^" : "[");
	if (b.close)
		ta_buf_putc(&x->out, ']');
	ta_buf_puts(&x->out, b.items.s ? b.items.s : "");
	if (b.caret)
		ta_buf_putc(&x->out, '^');
	if (b.dash)
		ta_buf_putc(&x->out, '-');
	ta_buf_putc(&x->out, ']');
	if (!b.close && !b.items.len && !b.caret && !b.dash)
		x->ok = false;
	ta_buf_free(&b.items);
}

/* "(" and the Perl extensions after it; p points after the '('. */
static void xlate_group(struct xlate *x)
{
	bool icase = x->icase[x->depth];

	if (*x->p == '?') {
		if (ta_str_starts(x->p, "?:")) {
			x->p += 2;
		} else if (ta_str_starts(x->p, "?i:")) {
			icase = true;
			x->p += 3;
		} else if (ta_str_starts(x->p, "?i)")) {
			x->icase[x->depth] = true; /* the rest of the enclosing group */
			x->p += 3;
			return;
		} else {
			x->ok = false; /* look-around, named groups, other flags */
			return;
		}
	}
	if (x->depth + 1 >= (int)(sizeof(x->icase) / sizeof(*x->icase))) {
		x->ok = false;
		return;
	}
	x->icase[++x->depth] = icase;
	ta_buf_putc(&x->out, '(');
}

/* "{n}", "{n,}", "{n,m}" is a quantifier; any other '{' is a literal in Perl. */
static size_t quantifier_len(const char *p)
{
	size_t n = 1;

	if (!isdigit((unsigned char)p[n]))
		return 0;
	while (isdigit((unsigned char)p[n]))
		n++;
	if (p[n] == ',')
		n++;
	while (isdigit((unsigned char)p[n]))
		n++;
	return p[n] == '}' ? n + 1 : 0;
}

/* After a quantifier: drop a lazy '?', refuse a possessive '+'. */
static void xlate_quantifier_suffix(struct xlate *x)
{
	if (*x->p == '?')
		x->p++;
	else if (*x->p == '+')
		x->ok = false;
}

static void xlate_one(struct xlate *x)
{
	char c = *x->p++;
	size_t q;

	switch (c) {
	case '\\':
		xlate_escape(x);
		break;
	case '[':
		xlate_bracket(x);
		break;
	case '(':
		xlate_group(x);
		break;
	case ')':
		if (x->depth == 0) {
			x->ok = false;
			break;
		}
		x->depth--;
		ta_buf_putc(&x->out, ')');
		break;
	case '{':
		q = quantifier_len(x->p - 1);
		if (q) {
			ta_buf_add(&x->out, x->p - 1, q);
			x->p += q - 1;
			xlate_quantifier_suffix(x);
		} else {
			ta_buf_puts(&x->out, "\\{");
		}
		break;
	case '*':
	case '+':
	case '?':
		ta_buf_putc(&x->out, c);
		xlate_quantifier_suffix(x);
		break;
	default:
		put_letter(x, c);
	}
}

/* The ERE for a Perl regex, or NULL when it uses what POSIX cannot say. */
static char *perl_to_ere(const char *perl, bool xmode)
{
	struct xlate x = {.p = perl, .xmode = xmode, .ok = true};

	while (*x.p && x.ok) {
		if (xmode && isspace((unsigned char)*x.p)) {
			x.p++;
			continue;
		}
		if (xmode && *x.p == '#')
			break; /* a comment to the end of the line */
		xlate_one(&x);
	}
	if (x.depth != 0)
		x.ok = false;
	if (!x.ok) {
		ta_buf_free(&x.out);
		return NULL;
	}
	return ta_buf_steal(&x.out);
}

/* Compile the Perl regex prefix + perl into re; false when it cannot be. */
static bool compile_perl(regex_t *re, const char *prefix, const char *perl, bool xmode)
{
	char *whole = xasprintf("%s%s", prefix, perl);
	char *ere = perl_to_ere(whole, xmode);
	bool ok = ere && regcomp(re, ere, REG_EXTENDED | REG_NOSUB) == 0;

	free(ere);
	free(whole);
	return ok;
}

/* ------------------------------------------------------------ reading */

static int count_char(const char *s, char c)
{
	int n = 0;

	for (; *s; s++)
		n += *s == c;
	return n;
}

/* get_maintainer's glob to Perl regex: . is \., * is .*, ? is . */
static char *glob_to_perl(const char *glob)
{
	ta_buf b = {0};

	for (const char *p = glob; *p; p++) {
		if (*p == '.')
			ta_buf_puts(&b, "\\.");
		else if (*p == '*')
			ta_buf_puts(&b, ".*");
		else if (*p == '?')
			ta_buf_putc(&b, '.');
		else
			ta_buf_putc(&b, *p);
	}
	return ta_buf_steal(&b);
}

/* A pattern naming a directory of the tree (as the regex text, like Perl's -d) covers it. */
static char *add_dir_slash(const char *root, char *value)
{
	char *path = ta_path_join(root, value);
	struct stat st;
	bool dir = *value && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
	char *out = value;

	if (dir && !ta_str_ends(value, "/")) {
		out = xasprintf("%s/", value);
		free(value);
	}
	free(path);
	return out;
}

/* The literal text a F:/X: regex starts with; *only: the regex is nothing more. */
static char *literal_prefix(const char *re, bool *only)
{
	ta_buf b = {0};
	const char *p = re;

	*only = false;
	if (strchr(re, '|'))
		return xstrdup(""); /* an alternation: no common prefix */
	while (*p) {
		if (p[0] == '\\' && p[1] && ispunct((unsigned char)p[1])) {
			if (p[2] && strchr("*+?{", p[2]))
				break;
			ta_buf_putc(&b, p[1]);
			p += 2;
		} else if (is_ere_special(*p)) {
			break;
		} else {
			if (p[1] && strchr("*+?{", p[1]))
				break;
			ta_buf_putc(&b, *p++);
		}
	}
	*only = *p == '\0';
	return ta_buf_steal(&b);
}

static void file_pattern_init(struct pattern *pt, const char *value)
{
	char *lit = literal_prefix(value, &pt->only_literal);

	pt->literal = lit;
	pt->lit_len = strlen(lit);
	pt->slashes = count_char(value, '/');
	pt->dir = ta_str_ends(value, "/");
	pt->depth = pt->slashes + (pt->dir ? 0 : 1);
	if (ta_str_starts(value, ".*"))
		pt->depth = -1;
	pt->ok = pt->only_literal || compile_perl(&pt->re, "^", value, false);
}

static void keyword_pattern_init(struct pattern *pt, const char *value)
{
	pt->ok = compile_perl(&pt->re, "", value, true);
	pt->diff_ok = compile_perl(&pt->re_diff, "^[+-].*", value, true);
}

static long add_pattern(ta_maintainers *m, char type, const char *value)
{
	struct pattern pt = {0};

	if (type == 'F' || type == 'X')
		file_pattern_init(&pt, value);
	else if (type == 'N')
		pt.ok = compile_perl(&pt.re, "", value, true);
	else
		keyword_pattern_init(&pt, value);
	if (!pt.ok || (type == 'K' && !pt.diff_ok))
		m->n_unsupported++;
	TA_PUSH(m->patterns, m->n_patterns, m->cap_patterns, pt);
	return (long)m->n_patterns - 1;
}

static bool blank_or_comment(const char *line)
{
	while (isspace((unsigned char)*line))
		line++;
	return *line == '\0' || *line == '#';
}

/* One line of MAINTAINERS into the typevalue list. */
static void read_line(ta_maintainers *m, const char *root, const char *line)
{
	struct entry e = {.pattern = -1};

	if (isupper((unsigned char)line[0]) && line[1] == ':') {
		const char *v = line + 2;
		while (isspace((unsigned char)*v))
			v++;
		e.type = line[0];
		e.value = xstrdup(v);
		if (e.type == 'F' || e.type == 'X') {
			char *re = glob_to_perl(e.value);
			free(e.value);
			e.value = add_dir_slash(root, re);
		}
		if (strchr("FXNK", e.type))
			e.pattern = add_pattern(m, e.type, e.value);
		if (e.type == 'K')
			TA_PUSH(m->keywords, m->n_keywords, m->cap_keywords, m->n_entries);
	} else if (!blank_or_comment(line)) {
		e.value = xstrdup(line);
	} else {
		return;
	}
	TA_PUSH(m->entries, m->n_entries, m->cap_entries, e);
}

static bool is_tag(const ta_maintainers *m, size_t i)
{
	return m->entries[i].type != 0;
}

/* The sections in the order and with the bounds get_maintainer walks them. */
static void find_sections(ta_maintainers *m)
{
	size_t tvi = 0;

	while (tvi < m->n_entries && !is_tag(m, tvi))
		tvi++;
	while (tvi < m->n_entries) {
		struct section s = {.tvi = tvi, .start = tvi, .end = tvi};
		while (s.start > 0 && is_tag(m, s.start))
			s.start--;
		while (s.end < m->n_entries && is_tag(m, s.end))
			s.end++;
		for (size_t i = s.start; i < s.end; i++)
			m->entries[i].section = m->n_sections;
		TA_PUSH(m->sections, m->n_sections, m->cap_sections, s);
		tvi = s.end + 1;
	}
}

static void compile_line_parsers(ta_maintainers *m)
{
	static const struct {
		size_t offset;
		const char *ere;
	} parsers[] = {
		{offsetof(ta_maintainers, line_mode),
		 "^ mode change [0-7]+ => [0-7]+ [^[:space:]]+[[:space:]]*$"},
		{offsetof(ta_maintainers, line_rename),
		 "^rename (from|to) [^[:space:]]+[[:space:]]*$"},
		{offsetof(ta_maintainers, line_diff_git),
		 "^diff --git a/[^[:space:]]+ b/[^[:space:]]+[[:space:]]*$"},
		{offsetof(ta_maintainers, line_fixes), "^Fixes:[[:space:]]+[0-9a-fA-F]{6}"},
		{offsetof(ta_maintainers, line_plus), "^\\+\\+\\+[[:space:]]+[^[:space:]]"},
		{offsetof(ta_maintainers, line_minus), "^---[[:space:]]+[^[:space:]]"},
		{offsetof(ta_maintainers, line_hunk), "^@@ -[0-9]+,[0-9]+"},
	};

	for (size_t i = 0; i < sizeof(parsers) / sizeof(*parsers); i++) {
		regex_t *re = (regex_t *)((char *)m + parsers[i].offset);
		if (regcomp(re, parsers[i].ere, REG_EXTENDED | REG_NOSUB) != 0)
			abort(); /* fixed patterns: cannot fail */
	}
}

/* ------------------------------------------------ addresses, as Perl does */

static char *trim(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return xstrndup(s, n);
}

static bool needs_quotes(const char *name)
{
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != ' ' && *p != '-')
			return true;
	return false;
}

/* get_maintainer's escape_name(): quote a name holding anything but [\w -]. */
static char *escape_name(const char *name)
{
	ta_buf b = {0};

	if (!needs_quotes(name))
		return xstrdup(name);
	ta_buf_putc(&b, '"');
	for (const char *p = name; *p; p++) {
		if (*p == '"' && (p == name || p[-1] != '\\'))
			ta_buf_putc(&b, '\\');
		ta_buf_putc(&b, *p);
	}
	ta_buf_putc(&b, '"');
	return ta_buf_steal(&b);
}

/* Trim, drop one leading and one trailing '"', then escape_name(). */
static char *clean_name(const char *raw, size_t n)
{
	char *t = trim(raw, n), *s = t, *out;
	size_t len = strlen(t);

	if (*s == '"') {
		s++;
		len--;
	}
	if (len && s[len - 1] == '"')
		s[--len] = '\0';
	out = escape_name(s);
	free(t);
	return out;
}

/* The last '@' of s[0..n) not at 0, or NULL. */
static const char *last_at(const char *s, size_t n)
{
	for (size_t i = n; i-- > 1;)
		if (s[i] == '@')
			return s + i;
	return NULL;
}

static bool has_space(const char *s, const char *end)
{
	for (; s < end; s++)
		if (isspace((unsigned char)*s))
			return true;
	return false;
}

/* "<addr>" at s with addr matching ".+@\S*": its length, or 0. */
static size_t angle_address(const char *s)
{
	for (const char *gt = strrchr(s, '>'); gt && gt > s; gt--) {
		const char *at;
		if (*gt != '>')
			continue;
		at = last_at(s + 1, (size_t)(gt - s - 1));
		if (at && !has_space(at, gt))
			return (size_t)(gt - s - 1);
	}
	return 0;
}

/* get_maintainer's parse_email(): "Name <addr>", "<addr>" or "addr ...". */
static void parse_email(const char *s, char **name, char **address)
{
	const char *lt = strchr(s, '<'), *gt = strrchr(s, '>'), *lead = s;
	const char *at;

	while (isspace((unsigned char)*lead))
		lead++;
	*name = NULL;
	*address = NULL;
	if (lt && lt > s && gt > lt && last_at(lt + 1, (size_t)(gt - lt - 1))) {
		*name = clean_name(s, (size_t)(lt - s));
		*address = trim(lt + 1, (size_t)(gt - lt - 1));
	} else if (*lead == '<' && angle_address(lead)) {
		*address = trim(lead + 1, angle_address(lead));
	} else if ((at = last_at(s, strlen(s)))) {
		size_t n = (size_t)(at + 1 - s);
		while (s[n] && !isspace((unsigned char)s[n]))
			n++;
		*address = trim(s, n);
	}
	if (!*name)
		*name = xstrdup("");
	if (!*address)
		*address = xstrdup("");
}

/* get_maintainer's format_email(name, address, 1). */
static char *format_email(const char *name, const char *address)
{
	char *n = clean_name(name, strlen(name));
	char *a = trim(address, strlen(address));
	char *out = *n ? xasprintf("%s <%s>", n, a) : xstrdup(a);

	free(n);
	free(a);
	return out;
}

static char *lower(const char *s)
{
	char *l = xstrdup(s);

	for (char *p = l; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return l;
}

/* ------------------------------------------------------------ .mailmap */

static void mailmap_put(ta_maintainers *m, ta_strmap *map, const char *key, const char *value)
{
	TA_PUSH(m->mm_values, m->n_mm_values, m->cap_mm_values, xstrdup(value));
	ta_strmap_put(map, key, m->n_mm_values - 1);
}

static const char *mailmap_get(const ta_maintainers *m, const ta_strmap *map, const char *key)
{
	const size_t *v = ta_strmap_get(map, key);

	return v ? m->mm_values[*v] : NULL;
}

/* The <...> groups of a .mailmap line: their offsets, at most 4. */
static size_t angle_groups(const char *line, const char *lt[4], const char *gt[4])
{
	size_t n = 0;

	for (const char *p = line; n < 4 && (p = strchr(p, '<'));) {
		const char *close = strchr(p, '>');
		if (!close || close == p + 1)
			break;
		lt[n] = p;
		gt[n++] = close;
		p = close + 1;
	}
	return n;
}

static bool only_space(const char *s, const char *end)
{
	for (; s < end; s++)
		if (!isspace((unsigned char)*s))
			return false;
	return true;
}

/* "Name <mail>" parsed as get_maintainer does, into *name and *address. */
static void mailmap_person(const char *name, size_t name_len, const char *addr, size_t addr_len,
			   char **out_name, char **out_address)
{
	char *t = trim(name, name_len);
	char *joined = xasprintf("%s <%.*s>", t, (int)addr_len, addr);

	parse_email(joined, out_name, out_address);
	free(joined);
	free(t);
}

/* One .mailmap line in the four forms git-shortlog(1) describes. */
static void mailmap_line(ta_maintainers *m, const char *line)
{
	const char *lt[4], *gt[4];
	size_t n = angle_groups(line, lt, gt);
	const char *end = line + strlen(line);
	char *name = NULL, *address = NULL;

	if (n == 0 || gt[n - 1] + 1 != end)
		return;
	if (n == 1 && lt[0] > line) {
		mailmap_person(line, (size_t)(lt[0] - line), lt[0] + 1, (size_t)(gt[0] - lt[0] - 1),
			       &name, &address);
		mailmap_put(m, &m->mm_names, address, name);
	} else if (n >= 2 && only_space(gt[n - 2] + 1, lt[n - 1])) {
		char *wrong = xstrndup(lt[n - 1] + 1, (size_t)(gt[n - 1] - lt[n - 1] - 1));
		const char *real = lt[n - 2] + 1;
		size_t real_len = (size_t)(gt[n - 2] - real);
		if (lt[n - 2] == line) {
			char *r = xstrndup(real, real_len);
			mailmap_put(m, &m->mm_addresses, wrong, r);
			free(r);
		} else {
			mailmap_person(line, (size_t)(lt[n - 2] - line), real, real_len, &name,
				       &address);
			mailmap_put(m, &m->mm_names, wrong, name);
			mailmap_put(m, &m->mm_addresses, wrong, address);
		}
		free(wrong);
	} else if (n >= 2 && lt[n - 2] > line) {
		char *wname, *waddr, *key;
		mailmap_person(line, (size_t)(lt[n - 2] - line), lt[n - 2] + 1,
			       (size_t)(gt[n - 2] - lt[n - 2] - 1), &name, &address);
		mailmap_person(gt[n - 2] + 1, (size_t)(lt[n - 1] - gt[n - 2] - 1), lt[n - 1] + 1,
			       (size_t)(gt[n - 1] - lt[n - 1] - 1), &wname, &waddr);
		key = format_email(wname, waddr);
		mailmap_put(m, &m->mm_names, key, name);
		mailmap_put(m, &m->mm_addresses, key, address);
		free(key);
		free(wname);
		free(waddr);
	}
	free(name);
	free(address);
}

static void read_mailmap(ta_maintainers *m, const char *root)
{
	char *path = ta_path_join(root, ".mailmap");
	char *text = ta_read_file(path, NULL), *save = NULL;

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#'), *t;
		if (hash)
			*hash = '\0';
		t = trim(line, strlen(line));
		if (*t)
			mailmap_line(m, t);
		free(t);
	}
	free(text);
	free(path);
}

/* get_maintainer's mailmap_email(). */
static char *mailmap_email(const ta_maintainers *m, const char *line)
{
	char *name, *address, *email, *out;
	const char *n, *a;

	parse_email(line, &name, &address);
	email = format_email(name, address);
	n = mailmap_get(m, &m->mm_names, email);
	a = mailmap_get(m, &m->mm_addresses, email);
	if (!n && !a) {
		n = mailmap_get(m, &m->mm_names, address);
		a = mailmap_get(m, &m->mm_addresses, address);
	}
	out = format_email(n ? n : name, a ? a : address);
	free(name);
	free(address);
	free(email);
	return out;
}

/* ------------------------------------------------------------ loading */

ta_maintainers *ta_maintainers_load(const char *tree_root, char **err)
{
	char *path = ta_path_join(tree_root, "MAINTAINERS");
	char *text, *save = NULL;
	struct stat st;
	ta_maintainers *m;

	*err = NULL;
	if (lstat(path, &st) != 0 && errno == ENOENT) { /* a dangling link is unreadable */
		free(path);
		return NULL;
	}
	if (!(text = ta_read_file(path, NULL))) {
		*err = xasprintf("cannot read '%s': %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	m = xcalloc(1, sizeof(*m));
	m->root = xstrdup(tree_root);
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		read_line(m, tree_root, line);
	find_sections(m);
	compile_line_parsers(m);
	read_mailmap(m, tree_root);
	free(text);
	free(path);
	return m;
}

static void pattern_free(struct pattern *pt, bool keyword)
{
	if (pt->ok && !pt->only_literal)
		regfree(&pt->re);
	if (keyword && pt->diff_ok)
		regfree(&pt->re_diff);
	free(pt->literal);
}

void ta_maintainers_free(ta_maintainers **mp)
{
	ta_maintainers *m = *mp;

	if (!m)
		return;
	for (size_t i = 0; i < m->n_entries; i++) {
		if (m->entries[i].pattern >= 0)
			pattern_free(&m->patterns[m->entries[i].pattern],
				     m->entries[i].type == 'K');
		free(m->entries[i].value);
	}
	free(m->entries);
	free(m->patterns);
	free(m->sections);
	free(m->keywords);
	for (size_t i = 0; i < m->n_mm_values; i++)
		free(m->mm_values[i]);
	free(m->mm_values);
	ta_strmap_free(&m->mm_names);
	ta_strmap_free(&m->mm_addresses);
	regfree(&m->line_mode);
	regfree(&m->line_rename);
	regfree(&m->line_diff_git);
	regfree(&m->line_fixes);
	regfree(&m->line_plus);
	regfree(&m->line_minus);
	regfree(&m->line_hunk);
	free(m->root);
	free(m);
	*mp = NULL;
}

size_t ta_maintainers_n_sections(const ta_maintainers *m)
{
	return m ? m->n_sections : 0;
}

size_t ta_maintainers_n_unsupported(const ta_maintainers *m)
{
	return m ? m->n_unsupported : 0;
}

/* ------------------------------------------------------------ matching */

/* get_maintainer's file_match_pattern() on a compiled F:/X: pattern. */
static bool file_matches(const struct pattern *pt, const char *file)
{
	if (!pt->ok || strncmp(file, pt->literal, pt->lit_len) != 0)
		return false;
	if (!pt->dir && count_char(file, '/') != pt->slashes)
		return false;
	return pt->only_literal || regexec(&pt->re, file, 0, NULL, 0) == 0;
}

static bool section_excludes(const ta_maintainers *m, const struct section *s, const char *file)
{
	for (size_t i = s->start; i < s->end; i++)
		if (m->entries[i].type == 'X' &&
		    file_matches(&m->patterns[m->entries[i].pattern], file))
			return true;
	return false;
}

/* The depth the section matches file at (its last matching F:/N:), or false. */
static bool section_depth(const ta_maintainers *m, const struct section *s, const char *file,
			  int *depth)
{
	bool matched = false;

	for (size_t i = s->start; i < s->end; i++) {
		const struct entry *e = &m->entries[i];
		const struct pattern *pt = e->pattern >= 0 ? &m->patterns[e->pattern] : NULL;
		if (e->type == 'F' && file_matches(pt, file)) {
			*depth = pt->depth;
			matched = true;
		} else if (e->type == 'N' && pt->ok && regexec(&pt->re, file, 0, NULL, 0) == 0) {
			*depth = 0;
			matched = true;
		}
	}
	return matched;
}

struct hit {
	size_t section;
	int depth;
};

static int hit_cmp(const void *a, const void *b)
{
	const struct hit *x = a, *y = b;

	if (x->depth != y->depth)
		return x->depth > y->depth ? -1 : 1;
	return x->section < y->section ? -1 : x->section > y->section;
}

/* One recipient on the way: its formatted address and whether an M: line named it. */
struct pending {
	char *email;
	char kind; /* 'M', 'R' or 'L' */
};

struct gather {
	const ta_maintainers *m;
	struct pending *people, *lists; /* people: kind 'M', 'R', or 'F' (found in a file) */
	size_t n_people, cap_people, n_lists, cap_lists;
	ta_strmap names, addresses, list_addresses; /* lower case, for email_inuse() */
	char **in_files; /* addresses found in touched .yaml files, pushed last */
	size_t n_in_files, cap_in_files;
};

/* An M: line naming someone already pushed makes them a maintainer. */
static void promote(struct gather *g, const char *lname, const char *laddr)
{
	const size_t *i = *lname ? ta_strmap_get(&g->names, lname) : NULL;

	if (!i)
		i = ta_strmap_get(&g->addresses, laddr);
	if (i)
		g->people[*i].kind = 'M';
}

/* get_maintainer's push_email_address(). */
static void push_person(struct gather *g, const char *line, char kind)
{
	char *name, *address, *lname, *laddr;

	parse_email(line, &name, &address);
	lname = lower(name);
	laddr = lower(address);
	if (!*address) {
		/* nothing to send to */
	} else if ((*lname && ta_strmap_get(&g->names, lname)) ||
		   ta_strmap_get(&g->addresses, laddr)) {
		if (kind == 'M')
			promote(g, lname, laddr);
	} else {
		struct pending p = {format_email(name, address), kind};
		if (*lname)
			ta_strmap_put(&g->names, lname, g->n_people);
		ta_strmap_put(&g->addresses, laddr, g->n_people);
		TA_PUSH(g->people, g->n_people, g->cap_people, p);
	}
	free(name);
	free(address);
	free(lname);
	free(laddr);
}

/* "a@b, c@d" holding several addresses (rfc822_validlist()) or one. */
static void push_people(struct gather *g, const char *value, char kind)
{
	char *copy;

	if (count_char(value, '@') < 2 || strchr(value, '"') || strchr(value, '(')) {
		push_person(g, value, kind);
		return;
	}
	copy = xstrdup(value);
	for (char *save = NULL, *part = strtok_r(copy, ",", &save); part;
	     part = strtok_r(NULL, ",", &save))
		push_person(g, part, kind);
	free(copy);
}

/* An L: line: "list@host", optionally followed by "(moderated ...)" or "(subscribers-only)". */
static void push_list(struct gather *g, const char *value)
{
	size_t n = strcspn(value, " \t\n\r\f\v");
	const char *extra = value + n;
	char *address = xstrndup(value, n), *laddr = lower(address);

	while (isspace((unsigned char)*extra))
		extra++;
	if (*extra && strstr(extra, "subscribers-only")) {
		/* get_maintainer leaves them out without -s */
	} else if (!ta_strmap_get(&g->list_addresses, laddr)) {
		struct pending p = {xstrdup(address), 'L'};
		ta_strmap_put(&g->list_addresses, laddr, g->n_lists);
		TA_PUSH(g->lists, g->n_lists, g->cap_lists, p);
	}
	free(address);
	free(laddr);
}

/* ------------------------------------------- addresses inside .yaml files */

/* Perl's \p{L}, byte-wise: an ASCII letter or any byte of a UTF-8 sequence. */
static bool is_letter(unsigned char c)
{
	return isalpha(c) || c >= 0x80;
}

static bool in_name_class(unsigned char c) /* [\p{L}"' ,.+-] */
{
	return is_letter(c) || (c && strchr("\"' ,.+-", c));
}

static bool in_local_class(unsigned char c) /* [A-Za-z0-9_.+-] */
{
	return isalnum(c) || (c && strchr("_.+-", c));
}

static bool in_domain_class(unsigned char c) /* [A-Za-z0-9.-] */
{
	return isalnum(c) || c == '.' || c == '-';
}

/* The length of the longest "[A-Za-z0-9.-]+\.[A-Za-z0-9]+" at d, or 0. */
static size_t domain_len(const char *d)
{
	size_t run = 0;

	while (in_domain_class((unsigned char)d[run]))
		run++;
	for (size_t k = run; k >= 3; k--) {
		size_t dot = k;
		while (dot > 0 && isalnum((unsigned char)d[dot - 1]))
			dot--;
		if (dot < k && dot >= 2 && d[dot - 1] == '.')
			return k;
	}
	return 0;
}

/* Where the match ending in the local part at local starts: name, blanks, commas, bracket. */
static const char *match_start(const char *text, const char *local)
{
	const char *p = local;

	if (p > text && strchr("(<{", p[-1]))
		p--;
	while (p > text && isspace((unsigned char)p[-1]))
		p--;
	while (p > text && p[-1] == ',')
		p--;
	while (p > text && isspace((unsigned char)p[-1]))
		p--;
	while (p > text && in_name_class((unsigned char)p[-1]))
		p--;
	return p;
}

/*
 * The next match of get_maintainer's
 * [\p{L}"' ,.+-]*\s*[,]*\s*[(<{]?[A-Za-z0-9_.+-]+@[A-Za-z0-9.-]+\.[A-Za-z0-9]+[)>}]?
 * at or after from: its start and end, false when there is none.
 */
static bool next_file_email(const char *from, const char **start, const char **end)
{
	for (const char *at = strchr(from, '@'); at; at = strchr(at + 1, '@')) {
		const char *local = at;
		size_t dl;
		while (local > from && in_local_class((unsigned char)local[-1]))
			local--;
		if (local == at || !(dl = domain_len(at + 1)))
			continue;
		*start = match_start(from, local);
		*end = at + 1 + dl;
		if (**end && strchr(")>}", **end))
			(*end)++;
		return true;
	}
	return false;
}

static size_t utf8_len(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* A "word" get_maintainer drops: one of ' , . + - alone. */
static bool stray_particle(const char *w)
{
	return strlen(w) == 1 && strchr("',.+-", *w);
}

static bool looks_initial(const char *w)
{
	return (utf8_len(w) == 1 && is_letter((unsigned char)*w)) ||
	       (utf8_len(w) == 2 && ta_str_ends(w, "."));
}

/* Perl's split(/[^\p{L}',.+-]/, name), trailing empty fields dropped, stray particles too. */
static size_t name_words(const char *name, char ***out)
{
	size_t n = 0, cap = 0;
	const char *p = name;

	*out = NULL;
	for (;;) {
		size_t len = 0;
		while (p[len] && (is_letter((unsigned char)p[len]) || strchr("',.+-", p[len])))
			len++;
		if (len || p[len])
			TA_PUSH(*out, n, cap, xstrndup(p, len));
		if (!p[len])
			break;
		p += len + 1;
	}
	while (n && !*(*out)[n - 1])
		free((*out)[--n]);
	for (size_t i = 0; i < n;)
		if (stray_particle((*out)[i])) {
			free((*out)[i]);
			memmove(&(*out)[i], &(*out)[i + 1], (n - i - 1) * sizeof(**out));
			n--;
		} else {
			i++;
		}
	return n;
}

/* clean_file_emails()'s guess at the name: the last two words, three with an initial. */
static char *file_email_name(const char *quoted)
{
	size_t len = strlen(quoted);
	char *name = len >= 2 && quoted[0] == '"' && quoted[len - 1] == '"'
			     ? xstrndup(quoted + 1, len - 2)
			     : xstrdup(quoted);
	char **w, *out;
	size_t n = name_words(name, &w);
	ta_buf b = {0};

	if (n > 2 && (looks_initial(w[n - 3]) || looks_initial(w[n - 2])))
		ta_buf_printf(&b, "%s %s %s", w[n - 3], w[n - 2], w[n - 1]);
	else if (n > 2)
		ta_buf_printf(&b, "%s %s", w[n - 2], w[n - 1]);
	else
		for (size_t i = 0; i < n; i++)
			ta_buf_printf(&b, "%s%s", i ? " " : "", w[i]);
	out = ta_buf_steal(&b);
	if (*out && strchr(",.", out[strlen(out) - 1]))
		out[strlen(out) - 1] = '\0';
	if (*out && strchr(",.", out[0]))
		memmove(out, out + 1, strlen(out));
	for (size_t i = 0; i < n; i++)
		free(w[i]);
	free(w);
	free(name);
	return out;
}

/* One match, as clean_file_emails() leaves it: "Name <addr>" with the name guessed. */
static char *clean_file_email(const char *start, const char *end)
{
	const char *at = memchr(start, '@', (size_t)(end - start));
	const char *from = at, *to = at + 1;
	char *text, *name, *address, *guess, *out;

	while (from > start && in_local_class((unsigned char)from[-1]))
		from--;
	while (to < end && in_domain_class((unsigned char)*to))
		to++;
	/* s/[(<{]?(local@domain)[)>}]?/<$1>/ */
	text = xasprintf("%.*s<%.*s>%.*s",
			 (int)(from - start - (from > start && strchr("(<{", from[-1]) ? 1 : 0)),
			 start, (int)(to - from), from,
			 (int)(end - to - (to < end && strchr(")>}", *to) ? 1 : 0)),
			 to + (to < end && strchr(")>}", *to) ? 1 : 0));
	parse_email(text, &name, &address);
	guess = file_email_name(name);
	out = format_email(guess, address);
	free(guess);
	free(name);
	free(address);
	free(text);
	return out;
}

/* get_maintainer's maintainers_in_file(): every address written in a touched .yaml file. */
static void take_file_emails(struct gather *g, const char *file)
{
	char *path, *text;
	const char *p, *start, *end;

	if (!ta_str_ends(file, ".yaml"))
		return;
	path = ta_path_join(g->m->root, file);
	text = ta_read_file(path, NULL);
	for (p = text; p && next_file_email(p, &start, &end); p = end)
		TA_PUSH(g->in_files, g->n_in_files, g->cap_in_files, clean_file_email(start, end));
	free(text);
	free(path);
}

/* get_maintainer's add_categories() for the addresses. */
static void take_section(struct gather *g, size_t si)
{
	const struct section *s = &g->m->sections[si];

	for (size_t i = s->start + 1; i < s->end; i++) {
		const struct entry *e = &g->m->entries[i];
		if (e->type == 'L')
			push_list(g, e->value);
		else if (e->type == 'M' || e->type == 'R')
			push_people(g, e->value, e->type);
	}
}

static void take_path(struct gather *g, const char *file)
{
	const ta_maintainers *m = g->m;
	struct hit *hits = NULL;
	size_t n = 0, cap = 0;

	for (size_t si = 0; si < m->n_sections; si++) {
		struct hit h = {si, 0};
		if (!section_excludes(m, &m->sections[si], file) &&
		    section_depth(m, &m->sections[si], file, &h.depth))
			TA_PUSH(hits, n, cap, h);
	}
	ta_sort(hits, n, sizeof(*hits), hit_cmp);
	for (size_t i = 0; i < n; i++)
		take_section(g, hits[i].section);
	free(hits);
}

/* A line get_maintainer reads as a file name, a Fixes: tag or a hunk header: no K: there. */
static bool parsed_line(const ta_maintainers *m, const char *line, bool *diff)
{
	if (regexec(&m->line_plus, line, 0, NULL, 0) == 0 ||
	    regexec(&m->line_minus, line, 0, NULL, 0) == 0) {
		*diff = true;
		return true;
	}
	return regexec(&m->line_mode, line, 0, NULL, 0) == 0 ||
	       regexec(&m->line_rename, line, 0, NULL, 0) == 0 ||
	       regexec(&m->line_diff_git, line, 0, NULL, 0) == 0 ||
	       regexec(&m->line_fixes, line, 0, NULL, 0) == 0 ||
	       regexec(&m->line_hunk, line, 0, NULL, 0) == 0;
}

/* Mark the K: lines (by index in m->keywords) one line of the patch matches. */
static void keywords_on_line(const ta_maintainers *m, const char *line, bool diff, bool *hit)
{
	for (size_t k = 0; k < m->n_keywords; k++) {
		const struct pattern *pt = &m->patterns[m->entries[m->keywords[k]].pattern];
		const regex_t *re = diff ? &pt->re_diff : &pt->re;
		if (!hit[k] && (diff ? pt->diff_ok : pt->ok) && regexec(re, line, 0, NULL, 0) == 0)
			hit[k] = true;
	}
}

static void keyword_hits(const ta_maintainers *m, const char *patch, bool *hit)
{
	char *text = xstrdup(patch), *save = NULL;
	bool diff = false;

	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!parsed_line(m, line, &diff))
			keywords_on_line(m, line, diff, hit);
	free(text);
}

struct keyed {
	char key[24]; /* the entry index as a decimal string: Perl sorts them as strings */
	size_t section;
};

static int keyed_cmp(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->key, ((const struct keyed *)b)->key);
}

/* The K: sections any of the patches brings in (each patch parsed on its own, as Perl does). */
static void take_keywords(struct gather *g, const char *const *patches, size_t n_patches)
{
	const ta_maintainers *m = g->m;
	bool *hit = xcalloc(m->n_keywords + 1, sizeof(*hit));
	struct keyed *order = xcalloc(m->n_keywords + 1, sizeof(*order));
	size_t n = 0;

	for (size_t i = 0; i < n_patches; i++)
		if (patches[i])
			keyword_hits(m, patches[i], hit);
	for (size_t k = 0; k < m->n_keywords; k++)
		if (hit[k]) {
			snprintf(order[n].key, sizeof(order[n].key), "%zu", m->keywords[k]);
			order[n++].section = m->entries[m->keywords[k]].section;
		}
	ta_sort(order, n, sizeof(*order), keyed_cmp);
	for (size_t i = 0; i < n; i++)
		take_section(g, order[i].section);
	free(order);
	free(hit);
}

/* ------------------------------------------------------------ the answer */

struct dedup {
	ta_strmap names, addresses; /* lower case -> index in pairs */
	char **pairs;               /* name, address, name, address, ... */
	size_t n_pairs, cap_pairs;
};

/* get_maintainer's deduplicate_email(): the first spelling of a name or address wins. */
static char *deduplicate(const ta_maintainers *m, struct dedup *d, const char *email)
{
	char *mapped = mailmap_email(m, email), *name, *address, *lname, *laddr, *out, *again;
	const size_t *seen;

	parse_email(mapped, &name, &address);
	lname = lower(name);
	laddr = lower(address);
	seen = *name ? ta_strmap_get(&d->names, lname) : NULL;
	if (!seen)
		seen = ta_strmap_get(&d->addresses, laddr);
	if (seen) {
		out = format_email(d->pairs[*seen], d->pairs[*seen + 1]);
	} else {
		ta_strmap_put(&d->names, lname, d->n_pairs);
		ta_strmap_put(&d->addresses, laddr, d->n_pairs);
		TA_PUSH(d->pairs, d->n_pairs, d->cap_pairs, xstrdup(name));
		TA_PUSH(d->pairs, d->n_pairs, d->cap_pairs, xstrdup(address));
		out = format_email(name, address);
	}
	again = mailmap_email(m, out);
	free(out);
	free(mapped);
	free(name);
	free(address);
	free(lname);
	free(laddr);
	return again;
}

static void dedup_free(struct dedup *d)
{
	for (size_t i = 0; i < d->n_pairs; i++)
		free(d->pairs[i]);
	free(d->pairs);
	ta_strmap_free(&d->names);
	ta_strmap_free(&d->addresses);
}

/* get_maintainer drops the chief penguin from the people (not from the lists). */
static bool is_chief_penguin(const char *email)
{
	static const char chief[] = "Linus Torvalds <torvalds@linux-foundation.org>";
	size_t n = sizeof(chief) - 1, len = strlen(email);

	for (size_t i = 0; i + n <= len; i++) {
		size_t k = 0;
		while (k < n && (chief[k] == '.' || chief[k] == email[i + k]))
			k++;
		if (k == n)
			return true;
	}
	return false;
}

static bool listed(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return true;
	return false;
}

/* Into To or Cc unless the same string is already in either (merge_email()). */
static void place(struct ta_recipients *out, char *email, char kind, size_t *cap_to, size_t *cap_cc)
{
	if (listed(out->to, out->n_to, email) || listed(out->cc, out->n_cc, email))
		free(email);
	else if (kind == 'M')
		TA_PUSH(out->to, out->n_to, *cap_to, email);
	else
		TA_PUSH(out->cc, out->n_cc, *cap_cc, email);
}

static void answer(struct gather *g, struct ta_recipients *out)
{
	struct dedup d = {0};
	size_t cap_to = 0, cap_cc = 0;
	char **people = xcalloc(g->n_people + 1, sizeof(*people));
	char **lists = xcalloc(g->n_lists + 1, sizeof(*lists));

	/* every address is de-duplicated first, the people then the lists */
	for (size_t i = 0; i < g->n_people; i++)
		people[i] = g->people[i].kind == 'F' ? xstrdup(g->people[i].email)
						     : deduplicate(g->m, &d, g->people[i].email);
	for (size_t i = 0; i < g->n_lists; i++)
		lists[i] = deduplicate(g->m, &d, g->lists[i].email);
	for (size_t i = 0; i < g->n_people; i++) {
		if (g->people[i].kind != 'F' && is_chief_penguin(people[i]))
			free(people[i]);
		else
			place(out, people[i], g->people[i].kind, &cap_to, &cap_cc);
	}
	for (size_t i = 0; i < g->n_lists; i++)
		place(out, lists[i], 'L', &cap_to, &cap_cc);
	free(people);
	free(lists);
	dedup_free(&d);
}

static int strptr_cmp_nul(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void ta_maintainers_query_series(const ta_maintainers *m, const char *const *paths, size_t n_paths,
				 const char *const *patches, size_t n_patches,
				 struct ta_recipients *out)
{
	struct gather g = {.m = m};
	const char **sorted = xcalloc(n_paths + 1, sizeof(*sorted));

	memset(out, 0, sizeof(*out));
	if (!m) {
		free(sorted);
		return;
	}
	memcpy(sorted, paths, n_paths * sizeof(*sorted));
	ta_sort(sorted, n_paths, sizeof(*sorted), strptr_cmp_nul);
	for (size_t i = 0; i < n_paths; i++)
		if (i == 0 || strcmp(sorted[i], sorted[i - 1]) != 0) {
			take_path(&g, sorted[i]);
			take_file_emails(&g, sorted[i]);
		}
	take_keywords(&g, patches, n_patches);
	/* after the sections, and never de-duplicated through .mailmap again */
	for (size_t i = 0; i < g.n_in_files; i++) {
		char *mapped = mailmap_email(m, g.in_files[i]);
		push_person(&g, mapped, 'F');
		free(mapped);
		free(g.in_files[i]);
	}
	free(g.in_files);
	answer(&g, out);
	for (size_t i = 0; i < g.n_people; i++)
		free(g.people[i].email);
	for (size_t i = 0; i < g.n_lists; i++)
		free(g.lists[i].email);
	free(g.people);
	free(g.lists);
	ta_strmap_free(&g.names);
	ta_strmap_free(&g.addresses);
	ta_strmap_free(&g.list_addresses);
	free(sorted);
}

void ta_maintainers_query(const ta_maintainers *m, const char *const *paths, size_t n_paths,
			  const char *patch, struct ta_recipients *out)
{
	ta_maintainers_query_series(m, paths, n_paths, &patch, patch ? 1 : 0, out);
}

/* ------------------------------------------------------------ sections */

/* Does the section have an entry of this type (T:, M:)? */
static bool section_has(const ta_maintainers *m, const struct section *s, char type)
{
	for (size_t i = s->start; i < s->end; i++)
		if (m->entries[i].type == type)
			return true;
	return false;
}

/* How a section matches a patch's paths: its deepest match and how many paths it takes. */
struct section_score {
	bool matched;
	int depth;
	size_t paths;
};

static bool better_score(const struct section_score *a, const struct section_score *b)
{
	if (!b->matched)
		return a->matched;
	if (a->depth != b->depth)
		return a->depth > b->depth;
	return a->paths > b->paths;
}

const char *ta_maintainers_section(const ta_maintainers *m, const char *const *paths,
				   size_t n_paths, enum ta_section_pick pick)
{
	struct section_score *score;
	size_t best = 0;
	bool found = false;

	if (!m || !n_paths)
		return NULL;
	score = xcalloc(m->n_sections + 1, sizeof(*score));
	for (size_t si = 0; si < m->n_sections; si++) {
		const struct section *s = &m->sections[si];
		for (size_t p = 0; p < n_paths; p++) {
			int depth;
			if (section_excludes(m, s, paths[p]) ||
			    !section_depth(m, s, paths[p], &depth))
				continue;
			if (!score[si].matched || depth > score[si].depth)
				score[si].depth = depth;
			score[si].matched = true;
			score[si].paths++;
		}
	}
	/* a catch-all pattern (THE REST: "*", depth -1) never names a subsystem */
	for (int pass = pick == TA_SECTION_TREE ? 0 : 1; pass < 3 && !found; pass++)
		for (size_t si = 0; si < m->n_sections; si++) {
			const struct section *s = &m->sections[si];
			if (!score[si].matched || score[si].depth < 0)
				continue;
			if ((pass == 0 && !section_has(m, s, 'T')) ||
			    (pass == 1 && !section_has(m, s, 'M')))
				continue;
			if (!found || better_score(&score[si], &score[best])) {
				best = si;
				found = true;
			}
		}
	free(score);
	return found ? m->entries[m->sections[best].start].value : NULL;
}

void ta_recipients_clear(struct ta_recipients *r)
{
	for (size_t i = 0; i < r->n_to; i++)
		free(r->to[i]);
	for (size_t i = 0; i < r->n_cc; i++)
		free(r->cc[i]);
	free(r->to);
	free(r->cc);
	memset(r, 0, sizeof(*r));
}

static bool same_list(char *const *a, size_t na, char *const *b, size_t nb)
{
	if (na != nb)
		return false;
	for (size_t i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return false;
	return true;
}

int ta_recipients_equal(const struct ta_recipients *a, const struct ta_recipients *b)
{
	return same_list(a->to, a->n_to, b->to, b->n_to) &&
	       same_list(a->cc, a->n_cc, b->cc, b->n_cc);
}
