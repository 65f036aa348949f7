// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_diff.c - two audits compared: tasklets matched in passes (key;
 * the key's object in a moved file; a member of an anonymous struct in
 * the same file; callback and member; callback in the same directory;
 * merged into a tasklet set up in its file), the rest classified as
 * converted, removed or added, counted per subsystem, and written as
 * text or as JSON (cJSON).
 */
#include "report_diff.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "successor.h"
#include "mechanism.h"
#include "util.h"

static const char *const kind_names[] = {
#define X(e, name) name,
	TA_RDIFF_KIND_LIST(X)
#undef X
};

const char *ta_rdiff_kind_name(enum ta_rdiff_kind kind)
{
	return kind < TA_RDIFF_KIND_COUNT ? kind_names[kind] : "?";
}

struct ta_rdiff {
	const ta_audit *old_a, *new_a;
	char *old_name, *new_name, *tree;
	struct ta_rdiff_entry *v;
	size_t n, cap;
	struct ta_rdiff_subsystem *subs;
	size_t n_subs, cap_subs;
};

/* ---- keys ---- */

static bool is_lexical(const char *key)
{
	return ta_str_starts(key, "inactive:") || ta_str_starts(key, "unresolved:");
}

/* The key without its file: "struct foo.rx" of "drivers/x.h:struct foo.rx". */
static const char *local_key(const char *key)
{
	const char *k = key, *colon;

	if (ta_str_starts(k, "inactive:"))
		k += 9;
	else if (ta_str_starts(k, "unresolved:"))
		k += 11;
	colon = strchr(k, ':');
	if (colon) {
		char *path = xstrndup(k, (size_t)(colon - k));
		bool is_path = strchr(path, '/') || ta_str_ends(path, ".c") ||
			       ta_str_ends(path, ".h");
		free(path);
		if (is_path)
			return colon + 1;
	}
	return k;
}

static const char *base_name(const char *path)
{
	const char *s = path ? strrchr(path, '/') : NULL;

	return s ? s + 1 : path;
}

static bool same_str(const char *a, const char *b)
{
	return a && b && strcmp(a, b) == 0;
}

/* The same directory: "drivers/dma" of "drivers/dma/pl330.c". */
static bool same_dir(const char *a, const char *b)
{
	const char *sa = a ? strrchr(a, '/') : NULL, *sb = b ? strrchr(b, '/') : NULL;

	return sa && sb && sa - a == sb - b && strncmp(a, b, (size_t)(sa - a)) == 0;
}

static const char *callback_of(const ta_tasklet *t)
{
	return t->callback && !t->callback_is_expr ? t->callback : NULL;
}

/* The member or variable name: the key's last identifier. */
static const char *member_of(const ta_tasklet *t)
{
	const char *k = t->field ? t->field : t->key, *p = k + strlen(k);

	while (p > k && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') ||
			 (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= '0' && p[-1] <= '9')))
		p--;
	return p;
}

/* "struct (anonymous at f.h:384).x" -> "struct (anonymous).x"; else a copy. */
static char *plain_local(const char *key)
{
	const char *k = local_key(key), *at = strstr(k, "(anonymous at "), *close;

	if (!at || !(close = strchr(at, ')')))
		return xstrdup(k);
	return xasprintf("%.*s(anonymous%s", (int)(at - k), k, close);
}

static bool same_local(const ta_tasklet *o, const ta_tasklet *n)
{
	char *a = plain_local(o->key), *b = plain_local(n->key);
	bool same = strcmp(a, b) == 0;

	free(a);
	free(b);
	return same;
}

/* The file part of a key, as a length of key ("" when there is none). */
static size_t key_file_len(const char *key)
{
	const char *l = local_key(key);

	return l > key && l[-1] == ':' && !is_lexical(key) ? (size_t)(l - 1 - key) : 0;
}

/* Same file in the key, same member, and one of them in an anonymous struct. */
static bool anonymous_member(const ta_tasklet *o, const ta_tasklet *n)
{
	size_t lo = key_file_len(o->key), ln = key_file_len(n->key);

	return lo && lo == ln && strncmp(o->key, n->key, lo) == 0 &&
	       strcmp(member_of(o), member_of(n)) == 0 &&
	       (strstr(o->key, "(anonymous") || strstr(n->key, "(anonymous"));
}

/* The same member, and an init site of n is in o's file (its first init site's). */
static bool merged_into(const ta_tasklet *o, const ta_tasklet *n)
{
	if (strcmp(member_of(o), member_of(n)) != 0)
		return false;
	for (size_t i = 0; i < n->n_init; i++)
		if (same_str(o->file, n->init_sites[i].file))
			return true;
	return false;
}

/* The two live in files of the same name or share a callback. */
static bool related_place(const ta_tasklet *o, const ta_tasklet *n)
{
	return same_str(base_name(o->file), base_name(n->file)) ||
	       same_str(base_name(o->decl_file), base_name(n->decl_file)) ||
	       same_str(callback_of(o), callback_of(n));
}

/* ---- matching passes ---- */

/* P_MERGED may match a new tasklet already matched: several became one. */
enum pass { P_KEY, P_LOCAL, P_ANON, P_CALLBACK_MEMBER, P_CALLBACK_DIR, P_MERGED, P_COUNT };

static const char *const pass_names[] = {
	"key",
	"the same struct member or variable under another key",
	"member of an anonymous struct in the same file",
	"callback and member",
	"callback in the same directory",
	"merged: the same member of a tasklet set up in its file",
};

static bool pass_matches(enum pass p, const ta_tasklet *o, const ta_tasklet *n)
{
	switch (p) {
	case P_KEY:
		return strcmp(o->key, n->key) == 0;
	case P_LOCAL:
		return is_lexical(o->key) == is_lexical(n->key) && same_local(o, n) &&
		       related_place(o, n);
	case P_ANON:
		return anonymous_member(o, n);
	case P_CALLBACK_MEMBER:
		return callback_of(o) && same_str(callback_of(o), callback_of(n)) &&
		       strcmp(member_of(o), member_of(n)) == 0 &&
		       (related_place(o, n) || same_str(o->ctype, n->ctype));
	case P_CALLBACK_DIR:
		return callback_of(o) && same_str(callback_of(o), callback_of(n)) &&
		       (same_dir(o->file, n->file) || same_dir(o->callback_file, n->callback_file));
	case P_MERGED:
		return merged_into(o, n);
	default:
		return false;
	}
}

static const char *subsystem_of(const ta_tasklet *t)
{
	return t && t->subsystem ? t->subsystem : "(none)";
}

static struct ta_rdiff_subsystem *sub(ta_rdiff *d, const char *name)
{
	struct ta_rdiff_subsystem z = {0};

	for (size_t i = 0; i < d->n_subs; i++)
		if (strcmp(d->subs[i].name, name) == 0)
			return &d->subs[i];
	z.name = name;
	TA_PUSH(d->subs, d->n_subs, d->cap_subs, z);
	return &d->subs[d->n_subs - 1];
}

static void push(ta_rdiff *d, struct ta_rdiff_entry e)
{
	TA_PUSH(d->v, d->n, d->cap, e);
}

static const ta_tasklet *key_side(const struct ta_rdiff_entry *e)
{
	return e->old_t ? e->old_t : e->new_t;
}

static int entry_cmp(const void *a, const void *b)
{
	static const int order[TA_RDIFF_KIND_COUNT] = {
		[TA_RDIFF_REMOVED] = 0, [TA_RDIFF_CONVERTED] = 1, [TA_RDIFF_MOVED] = 2,
		[TA_RDIFF_ADDED] = 3,   [TA_RDIFF_UNCHANGED] = 4,
	};
	const struct ta_rdiff_entry *x = a, *y = b;

	if (order[x->kind] != order[y->kind])
		return order[x->kind] - order[y->kind];
	return strcmp(key_side(x)->key, key_side(y)->key);
}

static int sub_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ta_rdiff_subsystem *)a)->name,
		      ((const struct ta_rdiff_subsystem *)b)->name);
}

/* A vanished tasklet: converted when the newer tree shows its replacement. */
static void vanished(ta_rdiff *d, ta_successor_finder *f, const ta_tasklet *o)
{
	struct ta_rdiff_entry e = {.kind = TA_RDIFF_REMOVED, .old_t = o};
	struct ta_successor s;

	if (!f) {
		e.removed_how = "not_looked_up";
		push(d, e);
		return;
	}
	ta_successor_find(f, o, &s);
	e.files = s.files;
	s.files = NULL;
	if (s.mechanism) {
		e.kind = TA_RDIFF_CONVERTED;
		e.mechanism = s.mechanism;
		e.queues = s.queues;
		e.evidence = s.evidence;
		s.queues = s.evidence = NULL;
	} else {
		e.removed_how = s.files_found ? "tasklet_gone" : "files_gone";
	}
	ta_successor_clear(&s);
	push(d, e);
}

ta_rdiff *ta_rdiff_new(const ta_audit *old_a, const ta_audit *new_a,
		       const struct ta_rdiff_opts *opts)
{
	ta_rdiff *d = xcalloc(1, sizeof(*d));
	bool *used_old = xcalloc(old_a->n_tasklets + 1, 1);
	bool *used_new = xcalloc(new_a->n_tasklets + 1, 1);
	ta_successor_finder *f = NULL;

	d->old_a = old_a;
	d->new_a = new_a;
	d->old_name = xstrdup(opts && opts->old_name ? opts->old_name : "old");
	d->new_name = xstrdup(opts && opts->new_name ? opts->new_name : "new");
	if (opts && opts->new_tree) {
		d->tree = xstrdup(opts->new_tree);
		f = ta_successor_finder_new(opts->new_tree);
	}
	for (int p = 0; p < P_COUNT; p++)
		for (size_t i = 0; i < old_a->n_tasklets; i++) {
			const ta_tasklet *o = &old_a->tasklets[i];
			size_t hit = SIZE_MAX;
			if (used_old[i])
				continue;
			/* the first match, or the first in the same file when there are more */
			for (size_t j = 0; j < new_a->n_tasklets; j++) {
				const ta_tasklet *n = &new_a->tasklets[j];
				if ((used_new[j] && p != P_MERGED) ||
				    !pass_matches((enum pass)p, o, n))
					continue;
				if (hit == SIZE_MAX ||
				    (same_str(o->file, n->file) &&
				     !same_str(o->file, new_a->tasklets[hit].file)))
					hit = j;
			}
			if (hit == SIZE_MAX)
				continue;
			const ta_tasklet *n = &new_a->tasklets[hit];
			struct ta_rdiff_entry e = {.old_t = o, .new_t = n, .match = pass_names[p]};
			e.merged = used_new[hit];
			used_old[i] = used_new[hit] = true;
			e.kind = p == P_KEY && strcmp(subsystem_of(o), subsystem_of(n)) == 0
					 ? TA_RDIFF_UNCHANGED
					 : TA_RDIFF_MOVED;
			push(d, e);
		}
	for (size_t i = 0; i < old_a->n_tasklets; i++)
		if (!used_old[i])
			vanished(d, f, &old_a->tasklets[i]);
	for (size_t j = 0; j < new_a->n_tasklets; j++)
		if (!used_new[j]) {
			struct ta_rdiff_entry e = {.kind = TA_RDIFF_ADDED,
						   .new_t = &new_a->tasklets[j]};
			push(d, e);
		}
	ta_successor_finder_free(&f);
	free(used_old);
	free(used_new);
	ta_sort(d->v, d->n, sizeof(*d->v), entry_cmp);

	/* per subsystem */
	for (size_t i = 0; i < old_a->n_tasklets; i++)
		sub(d, subsystem_of(&old_a->tasklets[i]))->old++;
	for (size_t j = 0; j < new_a->n_tasklets; j++)
		sub(d, subsystem_of(&new_a->tasklets[j]))->new_count++;
	for (size_t i = 0; i < d->n; i++) {
		const struct ta_rdiff_entry *e = &d->v[i];
		if (e->kind == TA_RDIFF_MOVED) {
			sub(d, subsystem_of(e->old_t))->moved_out++;
			if (!e->merged)
				sub(d, subsystem_of(e->new_t))->moved_in++;
		} else {
			sub(d, subsystem_of(key_side(e)))->n[e->kind]++;
		}
	}
	ta_sort(d->subs, d->n_subs, sizeof(*d->subs), sub_cmp);
	return d;
}

void ta_rdiff_free(ta_rdiff **dp)
{
	ta_rdiff *d = dp ? *dp : NULL;

	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++) {
		free(d->v[i].queues);
		free(d->v[i].evidence);
		free(d->v[i].files);
	}
	free(d->v);
	free(d->subs);
	free(d->old_name);
	free(d->new_name);
	free(d->tree);
	free(d);
	*dp = NULL;
}

size_t ta_rdiff_count(const ta_rdiff *d)
{
	return d->n;
}

const struct ta_rdiff_entry *ta_rdiff_entry(const ta_rdiff *d, size_t i)
{
	return i < d->n ? &d->v[i] : NULL;
}

size_t ta_rdiff_total(const ta_rdiff *d, enum ta_rdiff_kind kind)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		n += d->v[i].kind == kind;
	return n;
}

size_t ta_rdiff_n_subsystems(const ta_rdiff *d)
{
	return d->n_subs;
}

const struct ta_rdiff_subsystem *ta_rdiff_subsystem(const ta_rdiff *d, size_t i)
{
	return i < d->n_subs ? &d->subs[i] : NULL;
}

/* ---- text ---- */

static void where(ta_buf *b, const ta_tasklet *t)
{
	const char *file = t->file ? t->file : t->decl_file;
	unsigned line = t->file ? t->line : t->decl_line;

	ta_buf_printf(b, "%s:%u: ", file ? file : "?", line);
}

/* Each line of a "\n"-separated text, joined by sep. */
static void put_lines(ta_buf *b, const char *text, const char *sep)
{
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		ta_buf_add(b, p, n);
		p += n;
		if (*p) {
			ta_buf_puts(b, sep);
			p++;
		}
	}
}

static void side_header(ta_buf *b, const char *name, const ta_audit *a)
{
	ta_buf_printf(b, "%s (%s%s, %zu tasklets)", name, a->kernel_version ? "kernel " : "",
		      a->kernel_version ? a->kernel_version : "kernel unknown", a->n_tasklets);
}

int ta_rdiff_write_text(const ta_rdiff *d, FILE *fp)
{
	ta_buf b = {0};
	size_t tot[TA_RDIFF_KIND_COUNT] = {0}, told = 0, tnew = 0, tout = 0, tin = 0;
	int rc;

	ta_buf_puts(&b, "tasklet-audit diff: ");
	side_header(&b, d->old_name, d->old_a);
	ta_buf_puts(&b, " -> ");
	side_header(&b, d->new_name, d->new_a);
	ta_buf_putc(&b, '\n');
	if (d->tree)
		ta_buf_printf(&b, "replacements looked up in '%s'\n", d->tree);
	else
		ta_buf_puts(&b, "no newer tree given: a vanished tasklet counts as removed\n");
	ta_buf_putc(&b, '\n');
	for (size_t i = 0; i < d->n; i++) {
		const struct ta_rdiff_entry *e = &d->v[i];
		tot[e->kind]++;
		switch (e->kind) {
		case TA_RDIFF_REMOVED:
			where(&b, e->old_t);
			ta_buf_printf(&b, "removed: %s", e->old_t->key);
			if (strcmp(e->removed_how, "files_gone") == 0)
				ta_buf_puts(&b, " (its files are gone)");
			else if (strcmp(e->removed_how, "tasklet_gone") == 0)
				ta_buf_printf(&b, " (no replacement found in %s)", e->files);
			break;
		case TA_RDIFF_CONVERTED:
			where(&b, e->old_t);
			ta_buf_printf(&b, "converted: %s -> %s", e->old_t->key, e->mechanism);
			if (e->queues)
				ta_buf_printf(&b, " (%s)", e->queues);
			ta_buf_puts(&b, ": ");
			put_lines(&b, e->evidence, "; ");
			break;
		case TA_RDIFF_MOVED:
			where(&b, e->new_t);
			ta_buf_printf(&b, "moved: %s -> %s (%s)", e->old_t->key, e->new_t->key,
				      e->match);
			break;
		case TA_RDIFF_ADDED:
			where(&b, e->new_t);
			ta_buf_printf(&b, "added: %s", e->new_t->key);
			break;
		default:
			continue;
		}
		ta_buf_putc(&b, '\n');
	}
	ta_buf_printf(&b, "%zu unchanged\n\n", tot[TA_RDIFF_UNCHANGED]);
	ta_buf_printf(&b, "%-24s %5s %5s %9s %9s %8s %7s %9s %5s\n", "subsystem", "old", "new",
		      "unchanged", "moved-out", "moved-in", "removed", "converted", "added");
	for (size_t i = 0; i < d->n_subs; i++) {
		const struct ta_rdiff_subsystem *s = &d->subs[i];
		ta_buf_printf(&b, "%-24s %5zu %5zu %9zu %9zu %8zu %7zu %9zu %5zu\n", s->name,
			      s->old, s->new_count, s->n[TA_RDIFF_UNCHANGED], s->moved_out,
			      s->moved_in, s->n[TA_RDIFF_REMOVED], s->n[TA_RDIFF_CONVERTED],
			      s->n[TA_RDIFF_ADDED]);
		told += s->old;
		tnew += s->new_count;
		tout += s->moved_out;
		tin += s->moved_in;
	}
	ta_buf_printf(&b, "%-24s %5zu %5zu %9zu %9zu %8zu %7zu %9zu %5zu\n", "total", told, tnew,
		      tot[TA_RDIFF_UNCHANGED], tout, tin, tot[TA_RDIFF_REMOVED],
		      tot[TA_RDIFF_CONVERTED], tot[TA_RDIFF_ADDED]);
	if (tot[TA_RDIFF_CONVERTED]) {
		const char *sep = "converted to: ";
		for (int m = 0; m < TA_MECH_COUNT; m++) {
			const char *name = ta_mech_name((enum ta_mech)m);
			size_t n = 0;
			for (size_t i = 0; i < d->n; i++)
				n += d->v[i].kind == TA_RDIFF_CONVERTED &&
				     strcmp(d->v[i].mechanism, name) == 0;
			if (n) {
				ta_buf_printf(&b, "%s%s %zu", sep, name, n);
				sep = ", ";
			}
		}
		ta_buf_putc(&b, '\n');
	}
	rc = fputs(b.s, fp) < 0 ? -1 : 0;
	ta_buf_free(&b);
	return rc;
}

/* ---- JSON ---- */

static void add_str(cJSON *o, const char *key, const char *val)
{
	if (val)
		cJSON_AddStringToObject(o, key, val);
	else
		cJSON_AddNullToObject(o, key);
}

/* Split text at sep into a string array. */
static cJSON *split_json(const char *text, const char *sep)
{
	cJSON *arr = cJSON_CreateArray();
	size_t n = strlen(sep);

	for (const char *p = text; p && *p;) {
		const char *q = strstr(p, sep);
		size_t len = q ? (size_t)(q - p) : strlen(p);
		char *s = xstrndup(p, len);
		cJSON_AddItemToArray(arr, cJSON_CreateString(s));
		free(s);
		p = q ? q + n : p + len;
	}
	return arr;
}

static cJSON *tasklet_json(const ta_tasklet *t)
{
	cJSON *o;

	if (!t)
		return cJSON_CreateNull();
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "id", t->id);
	cJSON_AddStringToObject(o, "key", t->key);
	add_str(o, "file", t->file);
	cJSON_AddNumberToObject(o, "line", t->line);
	add_str(o, "subsystem", t->subsystem);
	add_str(o, "callback", t->callback);
	add_str(o, "mechanism_recommended", ta_classification_of(t)->rec.mechanism);
	return o;
}

static cJSON *side_json(const char *name, const ta_audit *a)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "report", name);
	add_str(o, "tree", a->tree);
	add_str(o, "kernel_version", a->kernel_version);
	cJSON_AddNumberToObject(o, "tasklets", (double)a->n_tasklets);
	return o;
}

static void count_into(cJSON *obj, const char *key)
{
	cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (item)
		cJSON_SetNumberValue(item, item->valuedouble + 1);
	else
		cJSON_AddNumberToObject(obj, key, 1);
}

int ta_rdiff_write_json(const ta_rdiff *d, FILE *fp)
{
	cJSON *root = cJSON_CreateObject(), *sum, *mech, *how, *subs, *arr;
	char *text;
	int rc;

	cJSON_AddStringToObject(root, "diff_format_version", TA_RDIFF_FORMAT_VERSION);
	cJSON_AddStringToObject(root, "tool_version", TA_VERSION);
	cJSON_AddItemToObject(root, "old", side_json(d->old_name, d->old_a));
	cJSON_AddItemToObject(root, "new", side_json(d->new_name, d->new_a));
	add_str(root, "tree_searched", d->tree);
	sum = cJSON_AddObjectToObject(root, "summary");
	for (int k = 0; k < TA_RDIFF_KIND_COUNT; k++)
		cJSON_AddNumberToObject(sum, kind_names[k],
					(double)ta_rdiff_total(d, (enum ta_rdiff_kind)k));
	mech = cJSON_AddObjectToObject(sum, "converted_by_mechanism");
	how = cJSON_AddObjectToObject(sum, "removed_by_how");
	for (size_t i = 0; i < d->n; i++) {
		if (d->v[i].kind == TA_RDIFF_CONVERTED)
			count_into(mech, d->v[i].mechanism);
		if (d->v[i].kind == TA_RDIFF_REMOVED)
			count_into(how, d->v[i].removed_how);
	}
	subs = cJSON_AddObjectToObject(root, "by_subsystem");
	for (size_t i = 0; i < d->n_subs; i++) {
		const struct ta_rdiff_subsystem *s = &d->subs[i];
		cJSON *o = cJSON_AddObjectToObject(subs, s->name);
		cJSON_AddNumberToObject(o, "old", (double)s->old);
		cJSON_AddNumberToObject(o, "new", (double)s->new_count);
		cJSON_AddNumberToObject(o, "unchanged", (double)s->n[TA_RDIFF_UNCHANGED]);
		cJSON_AddNumberToObject(o, "moved_out", (double)s->moved_out);
		cJSON_AddNumberToObject(o, "moved_in", (double)s->moved_in);
		cJSON_AddNumberToObject(o, "removed", (double)s->n[TA_RDIFF_REMOVED]);
		cJSON_AddNumberToObject(o, "converted", (double)s->n[TA_RDIFF_CONVERTED]);
		cJSON_AddNumberToObject(o, "added", (double)s->n[TA_RDIFF_ADDED]);
	}
	arr = cJSON_AddArrayToObject(root, "changes");
	for (size_t i = 0; i < d->n; i++) {
		const struct ta_rdiff_entry *e = &d->v[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "change", kind_names[e->kind]);
		cJSON_AddItemToObject(o, "old", tasklet_json(e->old_t));
		cJSON_AddItemToObject(o, "new", tasklet_json(e->new_t));
		if (e->match)
			cJSON_AddStringToObject(o, "match", e->match);
		if (e->merged)
			cJSON_AddBoolToObject(o, "merged", true);
		if (e->kind == TA_RDIFF_CONVERTED) {
			cJSON_AddStringToObject(o, "mechanism", e->mechanism);
			cJSON_AddItemToObject(o, "queues", split_json(e->queues, ", "));
			cJSON_AddItemToObject(o, "evidence", split_json(e->evidence, "\n"));
		}
		if (e->kind == TA_RDIFF_REMOVED)
			cJSON_AddStringToObject(o, "removed_how", e->removed_how);
		if (e->kind == TA_RDIFF_CONVERTED || e->kind == TA_RDIFF_REMOVED)
			cJSON_AddItemToObject(o, "files_searched", split_json(e->files, ", "));
		cJSON_AddItemToArray(arr, o);
	}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return -1;
	rc = fputs(text, fp) < 0 || fputc('\n', fp) == EOF ? -1 : 0;
	cJSON_free(text);
	return rc;
}
