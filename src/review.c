// SPDX-License-Identifier: GPL-2.0-only
/*
 * review.c - the review model: which tasklets are visible in which order,
 * where the cursor is, what matches the search, and what the reviewer
 * decided.  The rows are rebuilt whenever a filter, the sort, or (when
 * filtering on decisions) a decision changes; everything else is O(1).
 */
#include "review.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "classify.h"
#include "lex.h"
#include "util.h"

struct ta_review {
	const ta_audit *a;
	size_t *rows, n_rows;
	size_t cursor;
	enum ta_field sort;
	char *filters[TA_FIELD_COUNT];
	char *search;
	char *search_file;        /* of a "file:line" search: the file part, else NULL */
	unsigned search_line;     /* and the line */
	ta_review_decision **dec; /* per tasklet, NULL when undecided */
	ta_review_decision *kept; /* decisions on ids the report lacks */
	size_t n_kept, cap_kept;
	struct undo {
		size_t n;                    /* tasklets changed in one step (bulk: many) */
		size_t *i;                   /* which */
		ta_review_decision **before; /* what each had (NULL: no decision) */
	} undo[TA_REVIEW_UNDO_MAX];
	size_t n_undo; /* the last is the newest */
	bool reverse;  /* the sort reversed */
	char *group_label;
	char **gnames; /* per group: its title; NULL when not grouping */
	size_t n_groups;
	size_t *gof;     /* per tasklet: its group */
	bool *collapsed; /* per group */
	size_t *gcount;  /* per group: its visible tasklets */
	size_t *all;     /* when grouping: the visible tasklets in order, collapsed ones too */
	size_t n_all;
	char **hashes;  /* per tasklet: its current facts hash */
	char **sources; /* per tasklet: its source hash, made on first use (NULL before) */
	struct preview {
		bool have;
		char *mech, *text, *note;
	} * previews;                           /* per tasklet: the cached patch preview */
	struct ta_review_patch_opts patch_opts; /* its strings are the model's */
	ta_cache *disk;                         /* the previews' disk cache, or NULL */
	char (*conf)[8];                        /* per tasklet: the confidence as shown */
	ta_strmap ids;                          /* id -> tasklet index */
};

static void groups_clear(ta_review *rv);
static void undo_clear(struct undo *u);

static const char *const decision_names[] = {"undecided", "accept", "reject", "defer"};

const char *ta_decision_name(enum ta_decision d)
{
	return d < TA_DECISION_COUNT ? decision_names[d] : "?";
}

int ta_decision_from_name(const char *name)
{
	for (int i = 0; i < TA_DECISION_COUNT; i++)
		if (strcmp(decision_names[i], name) == 0)
			return i;
	return -1;
}

static const char *const field_names[] = {
#define X(e, name) name,
	TA_FIELD_LIST(X)
#undef X
};

const char *ta_field_name(enum ta_field f)
{
	return f < TA_FIELD_COUNT ? field_names[f] : "?";
}

int ta_field_from_name(const char *name)
{
	for (int i = 0; i < TA_FIELD_COUNT; i++)
		if (strcmp(field_names[i], name) == 0)
			return i;
	return -1;
}

bool ta_field_sortable(enum ta_field f)
{
	return f < TA_FIELD_COUNT && f != TA_FIELD_DECISION;
}

bool ta_field_filterable(enum ta_field f)
{
	return f < TA_FIELD_COUNT && f != TA_FIELD_CONFIDENCE && f != TA_FIELD_FILE;
}

/* A header row: this bit and the group's number. */
#define HDR ((size_t)1 << (sizeof(size_t) * 8 - 1))

static bool is_hdr(size_t v)
{
	return (v & HDR) != 0;
}

/* Mix a string and its terminating NUL into a hash (NULL as ""). */
static uint64_t mix_str(uint64_t h, const char *s)
{
	s = s ? s : "";
	return ta_fnv1a(h, s, strlen(s) + 1);
}

static uint64_t mix_num(uint64_t h, unsigned n)
{
	char num[16];

	snprintf(num, sizeof(num), "%u", n);
	return mix_str(h, num);
}

char *ta_review_facts_hash(const ta_tasklet *t)
{
	uint64_t h = TA_FNV_INIT;

	h = mix_str(h, t->file);
	h = mix_num(h, t->line);
	for (size_t k = 0; k < 2; k++) {
		const ta_site *v = k ? t->sites : t->init_sites;
		size_t n = k ? t->n_sites : t->n_init;
		h = mix_num(h, (unsigned)n);
		for (size_t i = 0; i < n; i++) {
			h = mix_str(h, ta_api_name(v[i].api));
			h = mix_str(h, v[i].file);
			h = mix_num(h, v[i].line);
			h = mix_str(h, v[i].function);
		}
	}
	return xasprintf("%016llx", (unsigned long long)h);
}

/*
 * Mix the tokens of text from `from` to the end of what starts there: a
 * definition (body) to the brace closing its body, a statement to its ';',
 * a preprocessor line to its end.  White space and comments do not count.
 */
static uint64_t mix_tokens(uint64_t h, const char *text, size_t len, size_t from, bool body)
{
	bool directive = false;
	ta_lexer lx;
	ta_tok tok;
	size_t sig = 0;
	int depth = 0;

	ta_lexer_init(&lx, text, len, from, 0);
	for (size_t n = 0; ta_lex_next(&lx, &tok) != TA_TOK_END && n < 20000; n++) {
		char c = tok.kind == TA_TOK_PUNCT && tok.len == 1 ? text[tok.off] : 0;
		if (tok.kind == TA_TOK_SPACE || tok.kind == TA_TOK_COMMENT) {
			if (directive && memchr(text + tok.off, '\n', tok.len))
				break;
			continue;
		}
		if (tok.kind == TA_TOK_SPLICE)
			continue;
		directive |= sig++ == 0 && c == '#';
		h = ta_fnv1a(h, text + tok.off, tok.len);
		h = ta_fnv1a(h, " ", 1);
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if (c == ')' || c == ']' || c == '}')
			depth--;
		if (depth < 0 || (c == ';' && depth == 0) || (body && c == '}' && depth == 0))
			break;
	}
	return h;
}

/* Mix the code at file:line of tree (a body, or a statement). */
static uint64_t mix_code(uint64_t h, const char *tree, const char *file, unsigned line, bool body)
{
	char *path, *text;
	size_t len, off = 0;

	h = mix_str(h, file);
	if (!file || !line)
		return mix_str(h, "(none)");
	path = tree && file[0] != '/' ? ta_path_join(tree, file) : xstrdup(file);
	text = ta_read_file(path, &len);
	free(path);
	if (!text)
		return mix_str(h, "unreadable");
	for (unsigned l = 1; l < line && off < len; off++)
		if (text[off] == '\n')
			l++;
	h = off < len ? mix_tokens(h, text, len, off, body) : mix_str(h, "(past the end)");
	free(text);
	return h;
}

static int site_cmp(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

char *ta_review_source_hash(const char *tree, const ta_tasklet *t)
{
	uint64_t h = TA_FNV_INIT;
	char **uses;

	h = mix_str(h, t->key);
	h = mix_str(h, t->callback);
	h = mix_code(h, tree, t->callback_file, t->callback_line, true);
	h = mix_num(h, (unsigned)t->n_init);
	for (size_t i = 0; i < t->n_init; i++) {
		h = mix_str(h, ta_api_name(t->init_sites[i].api));
		h = mix_code(h, tree, t->init_sites[i].file, t->init_sites[i].line, false);
	}
	/* the use sites as a set: their order follows their lines */
	uses = xcalloc(t->n_sites + 1, sizeof(*uses));
	for (size_t i = 0; i < t->n_sites; i++)
		uses[i] = xasprintf("%s %s %s", ta_api_name(t->sites[i].api),
				    t->sites[i].file ? t->sites[i].file : "",
				    t->sites[i].function ? t->sites[i].function : "");
	ta_sort(uses, t->n_sites, sizeof(*uses), site_cmp);
	h = mix_num(h, (unsigned)t->n_sites);
	for (size_t i = 0; i < t->n_sites; i++) {
		h = mix_str(h, uses[i]);
		free(uses[i]);
	}
	free(uses);
	return xasprintf("%016llx", (unsigned long long)h);
}

/* The source hash of tasklet i, made on first use. */
static const char *source_hash(ta_review *rv, size_t i)
{
	if (!rv->sources[i])
		rv->sources[i] = ta_review_source_hash(rv->a->tree, &rv->a->tasklets[i]);
	return rv->sources[i];
}

static void preview_clear(struct preview *p)
{
	free(p->mech);
	free(p->text);
	free(p->note);
	memset(p, 0, sizeof(*p));
}

static void patch_opts_clear(ta_review *rv)
{
	free((char *)rv->patch_opts.cache_dir);
	free((char *)rv->patch_opts.report);
	memset(&rv->patch_opts, 0, sizeof(rv->patch_opts));
	ta_cache_free(&rv->disk);
}

static void decision_clear(ta_review_decision *d)
{
	free(d->id);
	free(d->mechanism);
	free(d->comment);
	free(d->facts_hash);
	free(d->source_hash);
	memset(d, 0, sizeof(*d));
}

static void decision_free(ta_review_decision **d)
{
	if (*d) {
		decision_clear(*d);
		free(*d);
		*d = NULL;
	}
}

static char *dup0(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static int cmp_str0(const char *x, const char *y)
{
	return strcmp(x ? x : "", y ? y : "");
}

static int verdict_rank(const char *v)
{
	static const char *const order[] = {"unsafe", "differs", "equivalent", "not_checked"};

	for (int i = 0; i < 4; i++)
		if (strcmp(v, order[i]) == 0)
			return i;
	return strcmp(v, "none") == 0 ? 5 : 4;
}

static int row_cmp(const void *x, const void *y, void *ctx)
{
	const ta_review *rv = ctx;
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	const ta_tasklet *ti = &rv->a->tasklets[i], *tj = &rv->a->tasklets[j];
	int c = 0;

	switch (rv->sort) {
	case TA_FIELD_CONFIDENCE: {
		/* most confident first; no recommendation last */
		const ta_recommendation *ri = &ta_classification_of(ti)->rec;
		const ta_recommendation *rj = &ta_classification_of(tj)->rec;
		double ci = ri->mechanism ? ri->confidence : -1;
		double cj = rj->mechanism ? rj->confidence : -1;
		c = (ci < cj) - (ci > cj);
		break;
	}
	case TA_FIELD_VERDICT: {
		const char *vi = ta_review_value_of(rv, i, TA_FIELD_VERDICT);
		const char *vj = ta_review_value_of(rv, j, TA_FIELD_VERDICT);
		c = verdict_rank(vi) - verdict_rank(vj);
		if (!c)
			c = strcmp(vi, vj);
		break;
	}
	case TA_FIELD_FILE:
		c = cmp_str0(ti->file, tj->file);
		if (!c)
			c = (ti->line > tj->line) - (ti->line < tj->line);
		break;
	default:
		c = strcmp(ta_review_value_of(rv, i, rv->sort),
			   ta_review_value_of(rv, j, rv->sort));
	}
	if (!c)
		c = cmp_str0(ti->subsystem, tj->subsystem);
	if (!c)
		c = cmp_str0(ti->file, tj->file);
	if (!c)
		c = (ti->line > tj->line) - (ti->line < tj->line);
	if (!c)
		c = (i > j) - (i < j);
	if (rv->reverse)
		c = -c;
	if (rv->gnames) {
		/* the groups first, in their order whatever the sort's direction; "-" last */
		const char *gi = rv->gnames[rv->gof[i]], *gj = rv->gnames[rv->gof[j]];
		int g = (strcmp(gi, "-") == 0) - (strcmp(gj, "-") == 0);
		if (!g)
			g = strcmp(gi, gj);
		if (g)
			return g;
	}
	return c;
}

static bool visible(const ta_review *rv, size_t i)
{
	for (int f = 0; f < TA_FIELD_COUNT; f++)
		if (rv->filters[f] &&
		    strcmp(ta_review_value_of(rv, i, (enum ta_field)f), rv->filters[f]) != 0)
			return false;
	return true;
}

/* Put the header rows in and the rows of collapsed groups out (rows sorted by group). */
static void insert_headers(ta_review *rv)
{
	size_t n = rv->n_rows, out = 0;
	size_t *sorted = xcalloc(n ? n : 1, sizeof(*sorted));

	memcpy(sorted, rv->rows, n * sizeof(*sorted));
	memcpy(rv->all, rv->rows, n * sizeof(*rv->all));
	rv->n_all = n;
	memset(rv->gcount, 0, rv->n_groups * sizeof(*rv->gcount));
	for (size_t r = 0; r < n; r++)
		rv->gcount[rv->gof[sorted[r]]]++;
	for (size_t r = 0; r < n; r++) {
		size_t g = rv->gof[sorted[r]];
		if (r == 0 || rv->gof[sorted[r - 1]] != g)
			rv->rows[out++] = HDR | g;
		if (!rv->collapsed[g])
			rv->rows[out++] = sorted[r];
	}
	rv->n_rows = out;
	free(sorted);
}

/* Rebuild the rows; the cursor follows its tasklet (or its group), else keeps its row number. */
static void rebuild(ta_review *rv)
{
	size_t old_row = rv->cursor;
	size_t cur = old_row < rv->n_rows ? rv->rows[old_row] : TA_REVIEW_NO_TASKLET;

	rv->n_rows = 0;
	for (size_t i = 0; i < rv->a->n_tasklets; i++)
		if (visible(rv, i))
			rv->rows[rv->n_rows++] = i;
	if (rv->n_rows > 1)
		qsort_r(rv->rows, rv->n_rows, sizeof(*rv->rows), row_cmp, rv);
	if (rv->gnames)
		insert_headers(rv);
	rv->cursor = old_row;
	for (int pass = 0; pass < 2 && cur != TA_REVIEW_NO_TASKLET; pass++) {
		for (size_t r = 0; r < rv->n_rows; r++)
			if (rv->rows[r] == cur) {
				rv->cursor = r;
				return;
			}
		/* a tasklet in a collapsed group: its header */
		if (is_hdr(cur) || !rv->gnames)
			break;
		cur = HDR | rv->gof[cur];
	}
	ta_review_set_cursor(rv, old_row);
}

ta_review *ta_review_new(const ta_audit *a)
{
	ta_review *rv = xcalloc(1, sizeof(*rv));
	size_t n = a->n_tasklets;

	rv->a = a;
	rv->rows = xcalloc(2 * n + 1, sizeof(*rv->rows)); /* room for a header per tasklet */
	rv->all = xcalloc(n + 1, sizeof(*rv->all));
	rv->dec = xcalloc(n ? n : 1, sizeof(*rv->dec));
	rv->hashes = xcalloc(n ? n : 1, sizeof(*rv->hashes));
	rv->sources = xcalloc(n ? n : 1, sizeof(*rv->sources));
	rv->previews = xcalloc(n ? n : 1, sizeof(*rv->previews));
	rv->conf = xcalloc(n ? n : 1, sizeof(*rv->conf));
	rv->sort = TA_FIELD_SUBSYSTEM;
	for (size_t i = 0; i < n; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_recommendation *rec = &ta_classification_of(t)->rec;
		rv->hashes[i] = ta_review_facts_hash(t);
		if (rec->mechanism)
			snprintf(rv->conf[i], sizeof(rv->conf[i]), "%.2f", rec->confidence);
		else
			strcpy(rv->conf[i], "-");
		if (t->id)
			ta_strmap_put(&rv->ids, t->id, i);
	}
	rebuild(rv);
	rv->cursor = 0;
	return rv;
}

void ta_review_free(ta_review **rvp)
{
	ta_review *rv = *rvp;

	if (!rv)
		return;
	for (size_t i = 0; i < rv->a->n_tasklets; i++) {
		if (rv->dec[i]) {
			decision_clear(rv->dec[i]);
			free(rv->dec[i]);
		}
		free(rv->hashes[i]);
		free(rv->sources[i]);
		preview_clear(&rv->previews[i]);
	}
	for (size_t i = 0; i < rv->n_kept; i++)
		decision_clear(&rv->kept[i]);
	for (size_t k = 0; k < rv->n_undo; k++)
		undo_clear(&rv->undo[k]);
	free(rv->kept);
	groups_clear(rv);
	for (int f = 0; f < TA_FIELD_COUNT; f++)
		free(rv->filters[f]);
	free(rv->search);
	free(rv->search_file);
	free(rv->dec);
	patch_opts_clear(rv);
	free(rv->hashes);
	free(rv->sources);
	free(rv->previews);
	free(rv->conf);
	free(rv->rows);
	free(rv->all);
	ta_strmap_free(&rv->ids);
	free(rv);
	*rvp = NULL;
}

const ta_audit *ta_review_audit(const ta_review *rv)
{
	return rv->a;
}

const ta_behavior *ta_review_behavior(const ta_review *rv, size_t i)
{
	return i < rv->a->n_tasklets ? rv->a->tasklets[i].behavior : NULL;
}

size_t ta_review_n_rows(const ta_review *rv)
{
	return rv->n_rows;
}

size_t ta_review_row(const ta_review *rv, size_t row)
{
	if (row >= rv->n_rows)
		return 0;
	return is_hdr(rv->rows[row]) ? TA_REVIEW_NO_TASKLET : rv->rows[row];
}

bool ta_review_group_start(const ta_review *rv, size_t row)
{
	if (row == 0 || row >= rv->n_rows)
		return row == 0;
	if (is_hdr(rv->rows[row]) || is_hdr(rv->rows[row - 1]))
		return true;
	return strcmp(ta_review_value_of(rv, rv->rows[row], rv->sort),
		      ta_review_value_of(rv, rv->rows[row - 1], rv->sort)) != 0;
}

static void groups_clear(ta_review *rv)
{
	for (size_t g = 0; rv->gnames && g < rv->n_groups; g++)
		free(rv->gnames[g]);
	free(rv->gnames);
	free(rv->gof);
	free(rv->collapsed);
	free(rv->gcount);
	free(rv->group_label);
	rv->gnames = NULL;
	rv->gof = NULL;
	rv->collapsed = NULL;
	rv->gcount = NULL;
	rv->group_label = NULL;
	rv->n_groups = 0;
}

void ta_review_set_groups(ta_review *rv, const char *label, char **keys)
{
	ta_strmap seen = {0};
	size_t cap = 0, n = rv->a->n_tasklets;

	/* the cursor's tasklet, so that it is found again among the new rows */
	if (rv->cursor < rv->n_rows && is_hdr(rv->rows[rv->cursor])) {
		for (size_t r = rv->cursor + 1; r < rv->n_rows; r++)
			if (!is_hdr(rv->rows[r])) {
				rv->cursor = r;
				break;
			}
		if (rv->cursor < rv->n_rows && is_hdr(rv->rows[rv->cursor]))
			rv->rows[rv->cursor] = TA_REVIEW_NO_TASKLET;
	}
	groups_clear(rv);
	if (keys) {
		rv->group_label = xstrdup(label ? label : "group");
		rv->gof = xcalloc(n ? n : 1, sizeof(*rv->gof));
		for (size_t i = 0; i < n; i++) {
			const char *k = keys[i] ? keys[i] : "-";
			size_t *slot = ta_strmap_get(&seen, k);
			if (!slot) {
				ta_strmap_put(&seen, k, rv->n_groups);
				TA_PUSH(rv->gnames, rv->n_groups, cap, xstrdup(k));
				slot = ta_strmap_get(&seen, k);
			}
			rv->gof[i] = *slot;
			free(keys[i]);
		}
		if (!rv->gnames)
			rv->gnames = xcalloc(1, sizeof(*rv->gnames));
		rv->collapsed = xcalloc(rv->n_groups + 1, sizeof(*rv->collapsed));
		rv->gcount = xcalloc(rv->n_groups + 1, sizeof(*rv->gcount));
		free(keys);
	}
	ta_strmap_free(&seen);
	rebuild(rv);
}

const char *ta_review_grouping(const ta_review *rv)
{
	return rv->group_label;
}

char **ta_review_path_keys(const ta_review *rv, int depth)
{
	size_t n = rv->a->n_tasklets;
	char **keys = xcalloc(n ? n : 1, sizeof(*keys));

	for (size_t i = 0; i < n; i++) {
		const char *f = rv->a->tasklets[i].file, *end;
		int k = 0;
		if (!f)
			continue;
		end = strrchr(f, '/');
		if (!end) {
			keys[i] = xstrdup(".");
			continue;
		}
		/* the first depth components, within the directory */
		for (const char *p = f; depth > 0 && p < end; p++)
			if (*p == '/' && ++k == depth) {
				end = p;
				break;
			}
		keys[i] = xstrndup(f, (size_t)(end - f));
	}
	return keys;
}

bool ta_review_row_is_group(const ta_review *rv, size_t row)
{
	return row < rv->n_rows && is_hdr(rv->rows[row]);
}

const char *ta_review_row_group(const ta_review *rv, size_t row, size_t *count, bool *collapsed)
{
	size_t g;

	if (!ta_review_row_is_group(rv, row))
		return NULL;
	g = rv->rows[row] & ~HDR;
	if (count)
		*count = rv->gcount[g];
	if (collapsed)
		*collapsed = rv->collapsed[g];
	return rv->gnames[g];
}

/* The group of a row (a header's or a tasklet's); false when not grouping. */
static bool group_of_row(const ta_review *rv, size_t row, size_t *g)
{
	if (!rv->gnames || row >= rv->n_rows)
		return false;
	*g = is_hdr(rv->rows[row]) ? rv->rows[row] & ~HDR : rv->gof[rv->rows[row]];
	return true;
}

void ta_review_toggle_group(ta_review *rv, size_t row)
{
	size_t g;

	if (!group_of_row(rv, row, &g))
		return;
	rv->collapsed[g] = !rv->collapsed[g];
	rebuild(rv);
	for (size_t r = 0; r < rv->n_rows; r++)
		if (rv->rows[r] == (HDR | g)) {
			rv->cursor = r;
			break;
		}
}

void ta_review_collapse_all(ta_review *rv, bool collapsed)
{
	for (size_t g = 0; g < rv->n_groups; g++)
		rv->collapsed[g] = collapsed;
	rebuild(rv);
}

bool ta_review_any_collapsed(const ta_review *rv)
{
	for (size_t g = 0; g < rv->n_groups; g++)
		if (rv->collapsed[g])
			return true;
	return false;
}

size_t ta_review_shown_tasklets(const ta_review *rv, bool group, size_t **out, const char **title)
{
	size_t n = 0, g = 0, *v = xcalloc(rv->a->n_tasklets + 1, sizeof(*v));
	bool by_group = group && group_of_row(rv, rv->cursor, &g);

	if (title)
		*title = by_group ? rv->gnames[g] : NULL;
	/* in row order, with the rows of collapsed groups where they would be */
	for (size_t r = 0; r < rv->n_rows; r++) {
		size_t e = rv->rows[r];
		if (!is_hdr(e)) {
			if (!by_group || rv->gof[e] == g)
				v[n++] = e;
			continue;
		}
		if (!rv->collapsed[e & ~HDR] || (by_group && (e & ~HDR) != g))
			continue;
		for (size_t i = 0; i < rv->a->n_tasklets; i++)
			if (rv->gof[i] == (e & ~HDR) && visible(rv, i))
				v[n++] = i;
	}
	*out = v;
	return n;
}

void ta_review_set_reverse(ta_review *rv, bool reverse)
{
	rv->reverse = reverse;
	rebuild(rv);
}

bool ta_review_reverse(const ta_review *rv)
{
	return rv->reverse;
}

size_t ta_review_cursor(const ta_review *rv)
{
	return rv->cursor;
}

void ta_review_set_cursor(ta_review *rv, size_t row)
{
	if (rv->n_rows == 0)
		rv->cursor = 0;
	else
		rv->cursor = row < rv->n_rows ? row : rv->n_rows - 1;
}

void ta_review_move(ta_review *rv, long delta)
{
	if (delta < 0 && (size_t)-delta > rv->cursor)
		ta_review_set_cursor(rv, 0);
	else
		ta_review_set_cursor(rv, rv->cursor + (size_t)delta);
}

long ta_review_current(const ta_review *rv)
{
	return rv->cursor < rv->n_rows && !is_hdr(rv->rows[rv->cursor]) ? (long)rv->rows[rv->cursor]
									: -1;
}

bool ta_review_goto_id(ta_review *rv, const char *id)
{
	size_t *idx = id ? ta_strmap_get(&rv->ids, id) : NULL;

	for (size_t r = 0; idx && r < rv->n_rows; r++)
		if (rv->rows[r] == *idx) {
			rv->cursor = r;
			return true;
		}
	return false;
}

const char *ta_review_mechanism(const ta_review *rv, size_t i)
{
	if (rv->dec[i] && rv->dec[i]->mechanism)
		return rv->dec[i]->mechanism;
	return ta_classification_of(&rv->a->tasklets[i])->rec.mechanism;
}

const char *ta_review_value_of(const ta_review *rv, size_t i, enum ta_field f)
{
	const ta_tasklet *t = &rv->a->tasklets[i];
	const ta_behavior *b;
	const char *s;

	switch (f) {
	case TA_FIELD_SUBSYSTEM:
		return t->subsystem ? t->subsystem : "-";
	case TA_FIELD_CLASS:
		return ta_classification_of(t)->cls ? ta_classification_of(t)->cls : "unclassified";
	case TA_FIELD_MECHANISM:
		s = ta_review_mechanism(rv, i);
		return s ? s : "none";
	case TA_FIELD_CONFIDENCE:
		return rv->conf[i];
	case TA_FIELD_VERDICT:
		b = ta_review_behavior(rv, i);
		return b ? b->verdict : "none";
	case TA_FIELD_DECISION:
		if (rv->dec[i] && rv->dec[i]->stale)
			return "stale";
		return ta_decision_name(rv->dec[i] ? rv->dec[i]->decision : TA_DECISION_NONE);
	case TA_FIELD_FILE:
		return t->file ? t->file : "-";
	default:
		return "?";
	}
}

void ta_review_set_sort(ta_review *rv, enum ta_field f)
{
	if (!ta_field_sortable(f))
		return;
	rv->sort = f;
	rebuild(rv);
}

enum ta_field ta_review_sort(const ta_review *rv)
{
	return rv->sort;
}

int ta_review_set_filter(ta_review *rv, enum ta_field f, const char *value)
{
	if (!ta_field_filterable(f))
		return -1;
	free(rv->filters[f]);
	rv->filters[f] = dup0(value);
	rebuild(rv);
	return 0;
}

const char *ta_review_filter(const ta_review *rv, enum ta_field f)
{
	return f < TA_FIELD_COUNT ? rv->filters[f] : NULL;
}

void ta_review_clear_filters(ta_review *rv)
{
	for (int f = 0; f < TA_FIELD_COUNT; f++) {
		free(rv->filters[f]);
		rv->filters[f] = NULL;
	}
	rebuild(rv);
}

static int value_cmp(const void *x, const void *y)
{
	return strcmp(((const ta_review_value *)x)->value, ((const ta_review_value *)y)->value);
}

void ta_review_values(const ta_review *rv, enum ta_field f, ta_review_value **out, size_t *n)
{
	ta_review_value *v = NULL;
	size_t cap = 0;
	ta_strmap seen = {0};

	*n = 0;
	for (size_t i = 0; i < rv->a->n_tasklets; i++) {
		const char *s = ta_review_value_of(rv, i, f);
		size_t *slot = ta_strmap_get(&seen, s);
		if (slot) {
			v[*slot].count++;
			continue;
		}
		ta_strmap_put(&seen, s, *n);
		TA_PUSH(v, *n, cap, ((ta_review_value){.value = s, .count = 1}));
	}
	ta_strmap_free(&seen);
	ta_sort(v, *n, sizeof(*v), value_cmp);
	*out = v;
}

void ta_review_set_search(ta_review *rv, const char *text)
{
	const char *colon = text ? strrchr(text, ':') : NULL, *file = text;
	char *end;
	unsigned long line;

	free(rv->search);
	free(rv->search_file);
	rv->search = text && *text ? xstrdup(text) : NULL;
	rv->search_file = NULL;
	rv->search_line = 0;
	if (!colon || !isdigit((unsigned char)colon[1]))
		return;
	/* "file:line" as the LOCATION column shows it, perhaps cut to "~tail" */
	if (*file == '~')
		file++;
	line = strtoul(colon + 1, &end, 10);
	if (*end || colon == file || line == 0 || line > UINT_MAX)
		return;
	rv->search_file = xstrndup(file, (size_t)(colon - file));
	rv->search_line = (unsigned)line;
}

const char *ta_review_search(const ta_review *rv)
{
	return rv->search;
}

static bool has(const char *hay, const char *needle)
{
	return hay && strcasestr(hay, needle);
}

bool ta_review_matches(const ta_review *rv, size_t i)
{
	const ta_tasklet *t = &rv->a->tasklets[i];
	const char *q = rv->search;

	if (!q)
		return false;
	if (rv->search_file && t->line == rv->search_line && has(t->file, rv->search_file))
		return true;
	return has(t->name, q) || has(t->key, q) || has(t->file, q) || has(t->callback, q) ||
	       has(t->subsystem, q) || has(ta_classification_of(t)->cls, q) ||
	       has(ta_review_mechanism(rv, i), q) || has(t->id, q);
}

/*
 * The same when grouping, over the tasklets of collapsed groups too: the
 * group of the one found is expanded.  From a header, the next is its
 * group's first tasklet.
 */
static bool cursor_to_next_grouped(ta_review *rv, int dir, bool (*pass)(const ta_review *, size_t))
{
	size_t n = rv->n_all, p = 0, start = 1;

	if (!n || rv->cursor >= rv->n_rows)
		return false;
	if (is_hdr(rv->rows[rv->cursor])) {
		size_t g = rv->rows[rv->cursor] & ~HDR;
		while (p < n && rv->gof[rv->all[p]] != g)
			p++;
		start = dir >= 0 ? 0 : 1;
	} else {
		while (p < n && rv->all[p] != rv->rows[rv->cursor])
			p++;
	}
	for (size_t k = start; k < start + n; k++) {
		size_t i = rv->all[dir >= 0 ? (p + k) % n : (p + n - k % n) % n];
		if (!pass(rv, i))
			continue;
		if (rv->collapsed[rv->gof[i]]) {
			rv->collapsed[rv->gof[i]] = false;
			rebuild(rv);
		}
		for (size_t r = 0; r < rv->n_rows; r++)
			if (rv->rows[r] == i) {
				rv->cursor = r;
				return true;
			}
		return false;
	}
	return false;
}

/* Move the cursor to the next (dir >= 0) or previous visible row whose tasklet passes, wrapping. */
static bool cursor_to_next(ta_review *rv, int dir, bool (*pass)(const ta_review *, size_t))
{
	size_t n = rv->n_rows;

	if (rv->gnames)
		return cursor_to_next_grouped(rv, dir, pass);
	for (size_t k = 1; k <= n; k++) {
		size_t r = dir >= 0 ? (rv->cursor + k) % n : (rv->cursor + n - k % n) % n;
		if (!is_hdr(rv->rows[r]) && pass(rv, rv->rows[r])) {
			rv->cursor = r;
			return true;
		}
	}
	return false;
}

bool ta_review_search_next(ta_review *rv, int dir)
{
	return rv->search && cursor_to_next(rv, dir, ta_review_matches);
}

size_t ta_review_match_count(const ta_review *rv, size_t *rank)
{
	size_t n = 0;

	*rank = 0;
	for (size_t r = 0; rv->search && r < rv->n_rows; r++)
		if (!is_hdr(rv->rows[r]) && ta_review_matches(rv, rv->rows[r])) {
			n++;
			if (r == rv->cursor)
				*rank = n;
		}
	return n;
}

bool ta_review_undecided(const ta_review *rv, size_t i)
{
	const ta_review_decision *d = i < rv->a->n_tasklets ? rv->dec[i] : NULL;

	return i < rv->a->n_tasklets && (!d || d->decision == TA_DECISION_NONE || d->stale);
}

bool ta_review_next_undecided(ta_review *rv, int dir)
{
	return cursor_to_next(rv, dir, ta_review_undecided);
}

/* The decision of tasklet i, created (undecided, stamped now) when absent. */
static ta_review_decision *decision_get(ta_review *rv, size_t i)
{
	ta_review_decision *d = rv->dec[i];

	if (!d) {
		d = rv->dec[i] = xcalloc(1, sizeof(*d));
		d->id = xstrdup(rv->a->tasklets[i].id);
		d->facts_hash = xstrdup(rv->hashes[i]);
		d->source_hash = xstrdup(source_hash(rv, i));
		d->when = (long long)time(NULL);
	}
	return d;
}

/* Forget a decision that holds nothing. */
static void decision_drop_empty(ta_review *rv, size_t i)
{
	ta_review_decision *d = rv->dec[i];

	if (d && d->decision == TA_DECISION_NONE && !d->comment && !d->mechanism) {
		decision_clear(d);
		free(d);
		rv->dec[i] = NULL;
	}
}

/* Rebuild only when a filter depends on what changed. */
static void refilter(ta_review *rv)
{
	if (rv->filters[TA_FIELD_DECISION] || rv->filters[TA_FIELD_MECHANISM] ||
	    rv->sort == TA_FIELD_MECHANISM) {
		size_t row = rv->cursor;
		rebuild(rv);
		/* a decided row that left the view: stay at the same place */
		if (ta_review_current(rv) >= 0 && rv->filters[TA_FIELD_DECISION])
			ta_review_set_cursor(rv, row);
	}
}

static void decision_copy(ta_review_decision *dst, const ta_review_decision *src)
{
	dst->id = xstrdup(src->id);
	dst->decision = src->decision;
	dst->mechanism = dup0(src->mechanism);
	dst->comment = dup0(src->comment);
	dst->facts_hash = dup0(src->facts_hash);
	dst->source_hash = dup0(src->source_hash);
	dst->when = src->when;
	dst->stale = src->stale;
}

static void undo_clear(struct undo *u)
{
	for (size_t k = 0; k < u->n; k++)
		decision_free(&u->before[k]);
	free(u->before);
	free(u->i);
	memset(u, 0, sizeof(*u));
}

/* Remember what the n tasklets v have before a change, as one step; the oldest goes when full. */
static void undo_push_many(ta_review *rv, const size_t *v, size_t n)
{
	struct undo *u;

	if (rv->n_undo == TA_REVIEW_UNDO_MAX) {
		undo_clear(&rv->undo[0]);
		memmove(rv->undo, rv->undo + 1, (TA_REVIEW_UNDO_MAX - 1) * sizeof(*rv->undo));
		rv->n_undo--;
	}
	u = &rv->undo[rv->n_undo++];
	u->n = n;
	u->i = xcalloc(n ? n : 1, sizeof(*u->i));
	u->before = xcalloc(n ? n : 1, sizeof(*u->before));
	for (size_t k = 0; k < n; k++) {
		u->i[k] = v[k];
		if (rv->dec[v[k]]) {
			u->before[k] = xcalloc(1, sizeof(*u->before[k]));
			decision_copy(u->before[k], rv->dec[v[k]]);
		}
	}
}

static void undo_push(ta_review *rv, size_t i)
{
	undo_push_many(rv, &i, 1);
}

bool ta_review_undo(ta_review *rv, size_t *i)
{
	struct undo *u;

	if (rv->n_undo == 0)
		return false;
	u = &rv->undo[--rv->n_undo];
	/* backwards: a tasklet listed twice ends with what it had first */
	for (size_t k = u->n; k-- > 0;) {
		decision_free(&rv->dec[u->i[k]]);
		rv->dec[u->i[k]] = u->before[k]; /* the stack's copy changes hands */
		u->before[k] = NULL;
	}
	if (i)
		*i = u->n ? u->i[0] : 0;
	undo_clear(u);
	refilter(rv);
	return true;
}

size_t ta_review_n_undo(const ta_review *rv)
{
	return rv->n_undo;
}

size_t ta_review_undo_size(const ta_review *rv)
{
	return rv->n_undo ? rv->undo[rv->n_undo - 1].n : 0;
}

/* Decide tasklet i (its undo step already pushed). */
static void decide_one(ta_review *rv, size_t i, enum ta_decision dec, const char *mechanism)
{
	ta_review_decision *d = decision_get(rv, i);

	d->decision = dec;
	free(d->mechanism);
	d->mechanism = dup0(mechanism);
	free(d->facts_hash);
	d->facts_hash = xstrdup(rv->hashes[i]);
	free(d->source_hash);
	d->source_hash = xstrdup(source_hash(rv, i));
	d->when = (long long)time(NULL);
	d->stale = false;
	decision_drop_empty(rv, i);
}

void ta_review_decide(ta_review *rv, size_t i, enum ta_decision dec, const char *mechanism)
{
	if (i >= rv->a->n_tasklets || dec >= TA_DECISION_COUNT)
		return;
	undo_push(rv, i);
	decide_one(rv, i, dec, mechanism);
	refilter(rv);
}

void ta_review_decide_many(ta_review *rv, const size_t *v, size_t n, enum ta_decision dec)
{
	size_t m = 0, *ok = xcalloc(n ? n : 1, sizeof(*ok));

	for (size_t k = 0; k < n; k++)
		if (v[k] < rv->a->n_tasklets)
			ok[m++] = v[k];
	if (m && dec < TA_DECISION_COUNT) {
		undo_push_many(rv, ok, m);
		/* the picked mechanism stays: a bulk accept keeps what the reviewer chose */
		for (size_t k = 0; k < m; k++) {
			const ta_review_decision *d = rv->dec[ok[k]];
			char *mech = d && d->mechanism ? xstrdup(d->mechanism) : NULL;
			decide_one(rv, ok[k], dec, dec == TA_DECISION_ACCEPT ? mech : NULL);
			free(mech);
		}
		refilter(rv);
	}
	free(ok);
}

void ta_review_set_comment(ta_review *rv, size_t i, const char *comment)
{
	ta_review_decision *d;

	if (i >= rv->a->n_tasklets)
		return;
	undo_push(rv, i);
	d = decision_get(rv, i);
	free(d->comment);
	d->comment = comment && *comment ? xstrdup(comment) : NULL;
	decision_drop_empty(rv, i);
	refilter(rv);
}

const ta_review_decision *ta_review_decision_of(const ta_review *rv, size_t i)
{
	return i < rv->a->n_tasklets ? rv->dec[i] : NULL;
}

void ta_review_restore(ta_review *rv, const ta_review_decision *src)
{
	size_t *idx;
	ta_review_decision *d;

	if (!src || !src->id)
		return;
	idx = ta_strmap_get(&rv->ids, src->id);
	if (!idx) {
		for (size_t k = 0; k < rv->n_kept; k++)
			if (strcmp(rv->kept[k].id, src->id) == 0) {
				decision_clear(&rv->kept[k]);
				decision_copy(&rv->kept[k], src);
				return;
			}
		ta_grow((void **)&rv->kept, &rv->cap_kept, rv->n_kept + 1, sizeof(*rv->kept));
		decision_copy(&rv->kept[rv->n_kept++], src);
		return;
	}
	if (rv->dec[*idx]) {
		decision_clear(rv->dec[*idx]);
		free(rv->dec[*idx]);
	}
	d = rv->dec[*idx] = xcalloc(1, sizeof(*d));
	decision_copy(d, src);
	/*
	 * the source hash survives line shifts; a 1.0 file has only the
	 * line-based facts hash, and a decision whose lines moved since is
	 * stale once (nothing tells a shift from an edit then)
	 */
	if (src->source_hash)
		d->stale = strcmp(src->source_hash, source_hash(rv, *idx)) != 0;
	else
		d->stale = !src->facts_hash || strcmp(src->facts_hash, rv->hashes[*idx]) != 0;
	if (!d->stale) {
		free(d->facts_hash);
		d->facts_hash = xstrdup(rv->hashes[*idx]);
		free(d->source_hash);
		d->source_hash = xstrdup(source_hash(rv, *idx));
	}
	if (!d->facts_hash)
		d->facts_hash = xstrdup("");
	refilter(rv);
}

static int decision_ptr_cmp(const void *x, const void *y)
{
	return strcmp((*(const ta_review_decision *const *)x)->id,
		      (*(const ta_review_decision *const *)y)->id);
}

void ta_review_all_decisions(const ta_review *rv, const ta_review_decision ***out, size_t *n)
{
	const ta_review_decision **v = xcalloc(rv->a->n_tasklets + rv->n_kept + 1, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < rv->a->n_tasklets; i++)
		if (rv->dec[i])
			v[(*n)++] = rv->dec[i];
	for (size_t k = 0; k < rv->n_kept; k++)
		v[(*n)++] = &rv->kept[k];
	ta_sort(v, *n, sizeof(*v), decision_ptr_cmp);
	*out = v;
}

static void count_one(const ta_review *rv, size_t i, struct ta_review_counts *c)
{
	const ta_review_decision *d = rv->dec[i];

	c->by_decision[d ? d->decision : TA_DECISION_NONE]++;
	c->stale += d && d->stale;
}

void ta_review_counts(const ta_review *rv, struct ta_review_counts *c)
{
	memset(c, 0, sizeof(*c));
	c->total = rv->a->n_tasklets;
	c->visible = 0;
	for (size_t i = 0; i < rv->a->n_tasklets; i++) {
		count_one(rv, i, c);
		c->visible += visible(rv, i);
	}
}

void ta_review_counts_shown(const ta_review *rv, struct ta_review_counts *c)
{
	memset(c, 0, sizeof(*c));
	c->total = rv->a->n_tasklets;
	c->visible = rv->n_rows;
	c->visible = 0;
	for (size_t i = 0; i < rv->a->n_tasklets; i++)
		if (visible(rv, i)) {
			count_one(rv, i, c);
			c->visible++;
		}
}

void ta_review_set_patch_opts(ta_review *rv, const struct ta_review_patch_opts *o)
{
	struct ta_review_patch_opts none = {0};

	o = o ? o : &none;
	if (o->force_api == rv->patch_opts.force_api &&
	    cmp_str0(o->cache_dir, rv->patch_opts.cache_dir) == 0 &&
	    cmp_str0(o->report, rv->patch_opts.report) == 0)
		return;
	patch_opts_clear(rv);
	rv->patch_opts.force_api = o->force_api;
	rv->patch_opts.cache_dir = dup0(o->cache_dir);
	rv->patch_opts.report = dup0(o->report);
	if (o->cache_dir && o->report)
		rv->disk = ta_cache_open(o->cache_dir);
	for (size_t i = 0; i < rv->a->n_tasklets; i++)
		preview_clear(&rv->previews[i]);
}

const struct ta_review_patch_opts *ta_review_patch_opts(const ta_review *rv)
{
	return &rv->patch_opts;
}

struct ta_cache *ta_review_preview_disk(ta_review *rv)
{
	return rv->disk;
}

bool ta_review_preview_get(const ta_review *rv, size_t i, const char *mech, const char **text,
			   const char **note)
{
	const struct preview *p = i < rv->a->n_tasklets ? &rv->previews[i] : NULL;

	if (!p || !p->have || cmp_str0(p->mech, mech) != 0 || (!p->mech) != (!mech))
		return false;
	*text = p->text;
	*note = p->note;
	return true;
}

void ta_review_preview_put(ta_review *rv, size_t i, const char *mech, const char *text,
			   const char *note)
{
	struct preview *p;

	if (i >= rv->a->n_tasklets)
		return;
	p = &rv->previews[i];
	preview_clear(p);
	p->have = true;
	p->mech = dup0(mech);
	p->text = dup0(text);
	p->note = dup0(note);
}
