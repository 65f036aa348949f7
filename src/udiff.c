// SPDX-License-Identifier: GPL-2.0-only
/*
 * udiff.c - line diff by Myers' greedy O(ND) algorithm (common prefix and
 * suffix trimmed first), turned into unified-diff hunks with the function
 * heading git and `diff -p` print.  When the edit distance is huge, the
 * middle is emitted as one delete-and-insert, which is still correct.
 */
#include "udiff.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_D 20000

struct line {
	const char *s;
	size_t n; /* with its '\n' when present */
	uint64_t hash;
};

struct lines {
	struct line *v;
	size_t n, cap;
};

static void split_lines(const char *s, size_t len, struct lines *out)
{
	size_t a = 0;

	while (a < len) {
		const char *nl = memchr(s + a, '\n', len - a);
		size_t e = nl ? (size_t)(nl - s) + 1 : len;
		struct line l = {s + a, e - a, ta_fnv1a(TA_FNV_INIT, s + a, e - a)};
		TA_PUSH(out->v, out->n, out->cap, l);
		a = e;
	}
}

static bool line_eq(const struct line *x, const struct line *y)
{
	return x->hash == y->hash && x->n == y->n && memcmp(x->s, y->s, x->n) == 0;
}

/* ops: one char per step, '=' '-' '+', in order. */
struct script {
	char *ops;
	size_t n, cap;
};

static void push_op(struct script *sc, char op)
{
	TA_PUSH(sc->ops, sc->n, sc->cap, op);
}

/* Myers on a[0..n) and b[0..m): append the ops; false when D exceeds MAX_D. */
static bool myers(const struct line *a, size_t n, const struct line *b, size_t m, struct script *sc)
{
	long max = (long)(n + m), off;
	long *v, **trace = NULL;
	long d, k, found = -1;
	char *rev = NULL;
	size_t nrev = 0, caprev = 0;
	long x, y;

	if (max == 0)
		return true;
	if (max > MAX_D)
		max = MAX_D;
	off = max + 1;
	v = xcalloc((size_t)(2 * max + 3), sizeof(*v));
	trace = xcalloc((size_t)(max + 1), sizeof(*trace));
	for (d = 0; d <= max && found < 0; d++) {
		for (k = -d; k <= d; k += 2) {
			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			y = x - k;
			while (x < (long)n && y < (long)m && line_eq(&a[x], &b[y])) {
				x++;
				y++;
			}
			v[off + k] = x;
			if (x >= (long)n && y >= (long)m) {
				found = d;
				break;
			}
		}
		trace[d] = xmalloc((size_t)(2 * max + 3) * sizeof(long));
		memcpy(trace[d], v, (size_t)(2 * max + 3) * sizeof(long));
	}
	if (found < 0) {
		for (d = 0; d <= max; d++)
			free(trace[d]);
		free(trace);
		free(v);
		return false;
	}
	/* walk back from (n, m) */
	x = (long)n;
	y = (long)m;
	for (d = found; d > 0; d--) {
		long *pv = trace[d - 1];
		long pk, px, py;
		k = x - y;
		if (k == -d || (k != d && pv[off + k - 1] < pv[off + k + 1]))
			pk = k + 1;
		else
			pk = k - 1;
		px = pv[off + pk];
		py = px - pk;
		while (x > px && y > py) {
			TA_PUSH(rev, nrev, caprev, '=');
			x--;
			y--;
		}
		TA_PUSH(rev, nrev, caprev, x == px ? '+' : '-');
		x = px;
		y = py;
	}
	while (x > 0 && y > 0) {
		TA_PUSH(rev, nrev, caprev, '=');
		x--;
		y--;
	}
	while (nrev > 0)
		push_op(sc, rev[--nrev]);
	free(rev);
	for (d = 0; d <= found; d++)
		free(trace[d]);
	free(trace);
	free(v);
	return true;
}

static void diff_lines(const struct lines *a, const struct lines *b, struct script *sc)
{
	size_t pre = 0, suf = 0;

	while (pre < a->n && pre < b->n && line_eq(&a->v[pre], &b->v[pre]))
		pre++;
	while (suf < a->n - pre && suf < b->n - pre &&
	       line_eq(&a->v[a->n - 1 - suf], &b->v[b->n - 1 - suf]))
		suf++;
	for (size_t i = 0; i < pre; i++)
		push_op(sc, '=');
	/* an empty side has no line array: no pointer arithmetic on NULL */
	if (!myers(a->n ? a->v + pre : NULL, a->n - pre - suf, b->n ? b->v + pre : NULL,
		   b->n - pre - suf, sc)) {
		for (size_t i = pre; i < a->n - suf; i++)
			push_op(sc, '-');
		for (size_t i = pre; i < b->n - suf; i++)
			push_op(sc, '+');
	}
	for (size_t i = 0; i < suf; i++)
		push_op(sc, '=');
}

char *ta_diff_script(const char *old, size_t olen, const char *new_text, size_t nlen)
{
	struct lines a = {0}, b = {0};
	struct script sc = {0};
	char *r;

	split_lines(old, olen, &a);
	split_lines(new_text, nlen, &b);
	diff_lines(&a, &b, &sc);
	r = xstrndup(sc.ops ? sc.ops : "", sc.n);
	free(sc.ops);
	free(a.v);
	free(b.v);
	return r;
}

static void put_line(ta_buf *out, char prefix, const struct line *l)
{
	ta_buf_putc(out, prefix);
	ta_buf_add(out, l->s, l->n);
	if (l->n == 0 || l->s[l->n - 1] != '\n')
		ta_buf_puts(out, "\n\\ No newline at end of file\n");
}

/* The heading after "@@": the last line before old line `before` (0-based,
 * exclusive) that starts with a letter, '_' or '$', as git picks it. */
static void put_heading(ta_buf *out, const struct lines *a, size_t before)
{
	for (size_t i = before; i-- > 0;) {
		const struct line *l = &a->v[i];
		char c = l->n ? l->s[0] : 0;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$') {
			size_t n = l->n;
			if (n > 80)
				n = 80;
			while (n > 0 && (l->s[n - 1] == '\n' || l->s[n - 1] == ' ' ||
					 l->s[n - 1] == '\t' || l->s[n - 1] == '\r'))
				n--;
			ta_buf_putc(out, ' ');
			ta_buf_add(out, l->s, n);
			return;
		}
	}
}

static void put_range(ta_buf *out, char sign, size_t start, size_t count)
{
	/* an empty range names the line before it */
	if (count == 0)
		ta_buf_printf(out, "%c%zu,0", sign, start);
	else if (count == 1)
		ta_buf_printf(out, "%c%zu", sign, start + 1);
	else
		ta_buf_printf(out, "%c%zu,%zu", sign, start + 1, count);
}

/* Does the line end with a backslash continuing it? */
static bool continues(const struct line *l)
{
	size_t n = l->n;

	if (n && l->s[n - 1] == '\n')
		n--;
	return n && l->s[n - 1] == '\\';
}

/* Is the line a `#define` whose definition continues on the next line? */
static bool macro_head(const struct line *l)
{
	size_t k = 0;

	while (k < l->n && (l->s[k] == ' ' || l->s[k] == '\t'))
		k++;
	if (k >= l->n || l->s[k] != '#')
		return false;
	k++;
	while (k < l->n && (l->s[k] == ' ' || l->s[k] == '\t'))
		k++;
	return l->n - k > 6 && strncmp(l->s + k, "define", 6) == 0 && continues(l);
}

char *ta_udiff(const char *path, const char *old, size_t olen, const char *new_text, size_t nlen,
	       unsigned context, struct ta_diffstat *st)
{
	struct lines a = {0}, b = {0};
	struct script sc = {0};
	ta_buf out = {0};
	size_t i = 0;
	/* per op: the old and new line index it is at */
	size_t *ai, *bi;

	if (st)
		st->added = st->removed = 0;
	split_lines(old, olen, &a);
	split_lines(new_text, nlen, &b);
	diff_lines(&a, &b, &sc);
	ai = xcalloc(sc.n + 1, sizeof(*ai));
	bi = xcalloc(sc.n + 1, sizeof(*bi));
	for (size_t k = 0, x = 0, y = 0; k <= sc.n; k++) {
		ai[k] = x;
		bi[k] = y;
		if (k < sc.n) {
			x += sc.ops[k] != '+';
			y += sc.ops[k] != '-';
		}
	}
	while (i < sc.n) {
		size_t first, last, start, end, k;
		size_t ocount = 0, ncount = 0;

		while (i < sc.n && sc.ops[i] == '=')
			i++;
		if (i == sc.n)
			break;
		first = i;
		last = i;
		start = first > context ? first - context : 0;
		for (size_t shown = 0;;) {
			/* extend while the next change is within 2 * context equal lines */
			for (k = last; k < sc.n; k++) {
				if (sc.ops[k] != '=') {
					last = k;
					continue;
				}
				if (k - last > 2 * (size_t)context)
					break;
			}
			end = last + 1 + context < sc.n ? last + 1 + context : sc.n;
			/*
			 * A multi-line macro whose #define line the hunk adds is shown to
			 * its end: checkpatch reads the macro's arguments' uses from the
			 * hunk.  A change near that end joins the hunk.
			 */
			for (k = start; k < end; k++) {
				size_t q = k + 1;
				if (sc.ops[k] != '+' || !macro_head(&b.v[bi[k]]))
					continue;
				while (q < sc.n) {
					const struct line *l = sc.ops[q] == '-'   ? NULL
							       : sc.ops[q] == '=' ? &a.v[ai[q]]
										  : &b.v[bi[q]];
					q++;
					if (l && !continues(l))
						break;
				}
				if (q > shown)
					shown = q;
			}
			if (shown <= end)
				break;
			/* the macro's end as if changed, and the merge goes on from there */
			last = shown - 1;
		}
		for (k = start; k < end; k++) {
			ocount += sc.ops[k] != '+';
			ncount += sc.ops[k] != '-';
		}
		if (!out.len)
			ta_buf_printf(&out, "--- a/%s\n+++ b/%s\n", path, path);
		ta_buf_puts(&out, "@@ ");
		put_range(&out, '-', ocount ? ai[start] : (ai[start] ? ai[start] : 0), ocount);
		ta_buf_putc(&out, ' ');
		put_range(&out, '+', ncount ? bi[start] : bi[start], ncount);
		ta_buf_puts(&out, " @@");
		put_heading(&out, &a, ai[start]);
		ta_buf_putc(&out, '\n');
		for (k = start; k < end; k++) {
			if (sc.ops[k] == '=') {
				put_line(&out, ' ', &a.v[ai[k]]);
			} else if (sc.ops[k] == '-') {
				put_line(&out, '-', &a.v[ai[k]]);
				if (st)
					st->removed++;
			} else {
				put_line(&out, '+', &b.v[bi[k]]);
				if (st)
					st->added++;
			}
		}
		i = end;
	}
	free(ai);
	free(bi);
	free(sc.ops);
	free(a.v);
	free(b.v);
	return ta_buf_steal(&out);
}
