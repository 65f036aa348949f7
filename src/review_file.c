// SPDX-License-Identifier: GPL-2.0-only
/*
 * review_file.c - reads (jsondoc.h) and writes (cJSON) the review file.
 * Loading validates the whole document before it touches the model, so a bad file
 * changes nothing; saving goes through outfile.h (temporary file, fsync,
 * rename), so a crash never leaves half a review.
 */
#include "review_file.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "jsondoc.h"
#include "outfile.h"
#include "util.h"

char *ta_review_file_default(const char *report_path)
{
	size_t n = strlen(report_path);

	if (ta_str_ends(report_path, ".json"))
		n -= 5;
	return xasprintf("%.*s.review.json", (int)n, report_path);
}

static void iso_time(long long when, char *buf, size_t size)
{
	time_t t = (time_t)when;
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, size, "1970-01-01T00:00:00Z");
}

/* -1 when s is not "YYYY-MM-DDTHH:MM:SSZ". */
static long long parse_time(const char *s)
{
	struct tm tm = {0};
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);

	if (!end || *end)
		return -1;
	return (long long)timegm(&tm);
}

static void add_str(cJSON *o, const char *key, const char *val)
{
	if (val)
		cJSON_AddStringToObject(o, key, val);
	else
		cJSON_AddNullToObject(o, key);
}

static cJSON *position_json(const ta_review *rv)
{
	cJSON *pos = cJSON_CreateObject(), *filters;
	long cur = ta_review_current(rv);
	const ta_audit *a = ta_review_audit(rv);

	add_str(pos, "id", cur >= 0 ? a->tasklets[cur].id : NULL);
	cJSON_AddStringToObject(pos, "sort", ta_field_name(ta_review_sort(rv)));
	filters = cJSON_AddObjectToObject(pos, "filters");
	for (int f = 0; f < TA_FIELD_COUNT; f++)
		if (ta_review_filter(rv, (enum ta_field)f))
			cJSON_AddStringToObject(filters, ta_field_name((enum ta_field)f),
						ta_review_filter(rv, (enum ta_field)f));
	add_str(pos, "search", ta_review_search(rv));
	return pos;
}

int ta_review_file_save(const ta_review *rv, const char *path, const char *source)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	const ta_review_decision **v;
	ta_outfile *of;
	char *text;
	size_t n;
	int rc = -1;

	cJSON_AddStringToObject(root, "format_version", TA_REVIEW_FORMAT_VERSION);
	cJSON_AddStringToObject(root, "tool_version", TA_VERSION);
	add_str(root, "source", source);
	cJSON_AddItemToObject(root, "position", position_json(rv));
	arr = cJSON_AddArrayToObject(root, "decisions");
	ta_review_all_decisions(rv, &v, &n);
	for (size_t i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject();
		char when[32];
		cJSON_AddStringToObject(o, "id", v[i]->id);
		cJSON_AddStringToObject(o, "decision", ta_decision_name(v[i]->decision));
		add_str(o, "mechanism", v[i]->mechanism);
		add_str(o, "comment", v[i]->comment);
		cJSON_AddStringToObject(o, "facts_hash", v[i]->facts_hash ? v[i]->facts_hash : "");
		add_str(o, "source_hash", v[i]->source_hash);
		iso_time(v[i]->when, when, sizeof(when));
		cJSON_AddStringToObject(o, "time", when);
		cJSON_AddItemToArray(arr, o);
	}
	free(v);
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text) {
		ta_error("cannot write '%s': out of memory", path);
		return -1;
	}
	of = ta_outfile_open(path);
	if (of) {
		if (fputs(text, ta_outfile_stream(of)) < 0 ||
		    fputc('\n', ta_outfile_stream(of)) == EOF) {
			ta_error("cannot write '%s': %s", path, strerror(errno));
			ta_outfile_abort(&of);
		} else {
			rc = ta_outfile_commit(&of);
		}
	}
	cJSON_free(text);
	return rc;
}

/* What a loaded file holds, applied to the model only once all of it is valid. */
struct loaded {
	ta_review_decision *v;
	size_t n, cap;
	const char *pos_id, *search;
	int sort;
	const char *filters[TA_FIELD_COUNT];
};

static void loaded_free(struct loaded *l)
{
	for (size_t i = 0; i < l->n; i++) {
		free(l->v[i].id);
		free(l->v[i].mechanism);
		free(l->v[i].comment);
		free(l->v[i].facts_hash);
		free(l->v[i].source_hash);
	}
	free(l->v);
}

/* The decision o into *d; false after an error. */
static bool parse_decision(ta_jdoc *doc, const cJSON *o, ta_review_decision *d)
{
	const unsigned opt = TA_J_NULLABLE;
	const char *id, *dec, *mech, *comment, *hash, *source, *when;
	int k;

	if (!cJSON_IsObject(o)) {
		ta_jdoc_bad(doc, o, "is not an object");
		return false;
	}
	id = ta_jdoc_str(doc, o, "id", opt);
	dec = ta_jdoc_str(doc, o, "decision", opt);
	mech = ta_jdoc_str(doc, o, "mechanism", opt);
	comment = ta_jdoc_str(doc, o, "comment", opt);
	hash = ta_jdoc_str(doc, o, "facts_hash", opt);
	source = ta_jdoc_str(doc, o, "source_hash", opt); /* since 1.1 */
	when = ta_jdoc_str(doc, o, "time", opt);
	if (ta_jdoc_failed(doc))
		return false;
	if (!id || !*id) {
		ta_jdoc_bad(doc, o, "has no id");
		return false;
	}
	k = dec ? ta_decision_from_name(dec) : -1;
	if (k < 0) {
		ta_jdoc_bad(doc, o, "has an unknown decision");
		return false;
	}
	d->id = xstrdup(id);
	d->decision = (enum ta_decision)k;
	d->mechanism = mech ? xstrdup(mech) : NULL;
	d->comment = comment ? xstrdup(comment) : NULL;
	d->facts_hash = hash ? xstrdup(hash) : NULL;
	d->source_hash = source && *source ? xstrdup(source) : NULL;
	d->when = when ? parse_time(when) : 0;
	if (d->when < 0) {
		ta_jdoc_bad(doc, cJSON_GetObjectItemCaseSensitive(o, "time"),
			    "is not YYYY-MM-DDTHH:MM:SSZ");
		return false;
	}
	return true;
}

/* The position (cursor, sort, filters, search) into l; false after an error. */
static bool parse_position(ta_jdoc *doc, const cJSON *root, struct loaded *l)
{
	const cJSON *pos = ta_jdoc_get(doc, root, "position", TA_J_OBJECT, TA_J_NULLABLE);
	const cJSON *filters, *f, *v;
	const char *sort;

	if (!pos)
		return !ta_jdoc_failed(doc);
	l->pos_id = ta_jdoc_str(doc, pos, "id", TA_J_NULLABLE);
	l->search = ta_jdoc_str(doc, pos, "search", TA_J_NULLABLE);
	sort = ta_jdoc_str(doc, pos, "sort", TA_J_NULLABLE);
	if (ta_jdoc_failed(doc))
		return false;
	if (sort && ((l->sort = ta_field_from_name(sort)) < 0 ||
		     !ta_field_sortable((enum ta_field)l->sort))) {
		v = cJSON_GetObjectItemCaseSensitive(pos, "sort");
		ta_jdoc_bad(doc, v, "names no sort field");
		return false;
	}
	filters = ta_jdoc_get(doc, pos, "filters", TA_J_OBJECT, TA_J_NULLABLE);
	cJSON_ArrayForEach(f, filters)
	{
		int k = ta_field_from_name(f->string);
		if (k < 0 || !ta_field_filterable((enum ta_field)k)) {
			ta_jdoc_fail_key(doc, f, "'position.filters' names an unknown field '%s'",
					 f->string);
			return false;
		}
		if (!cJSON_IsString(f)) {
			ta_jdoc_bad(doc, f, "is not a string");
			return false;
		}
		l->filters[k] = f->valuestring;
	}
	return !ta_jdoc_failed(doc);
}

/* The whole file into l; false after an error line. */
static bool parse_file(ta_jdoc *doc, struct loaded *l)
{
	const cJSON *root = ta_jdoc_root(doc), *ver, *arr, *e;

	if (!cJSON_IsObject(root)) {
		ta_jdoc_fail(doc, root, "not a review file (not a JSON object)");
		return false;
	}
	ver = cJSON_GetObjectItemCaseSensitive(root, "format_version");
	if (!cJSON_IsString(ver) || strtol(ver->valuestring, NULL, 10) != 1) {
		ta_jdoc_fail(doc, ver ? ver : root, "not a review file of format version 1");
		return false;
	}
	arr = ta_jdoc_get(doc, root, "decisions", TA_J_ARRAY, 0);
	cJSON_ArrayForEach(e, arr)
	{
		ta_review_decision d = {0};
		bool ok = parse_decision(doc, e, &d);
		TA_PUSH(l->v, l->n, l->cap, d);
		if (!ok)
			return false;
	}
	return !ta_jdoc_failed(doc) && parse_position(doc, root, l);
}

int ta_review_file_load(ta_review *rv, const char *path)
{
	struct loaded l = {.sort = -1};
	ta_jdoc *doc;
	char *text;
	size_t len;

	text = ta_read_file(path, &len);
	if (!text) {
		if (errno == ENOENT)
			return 0;
		ta_error("cannot read '%s': %s", path, strerror(errno));
		return TA_EXIT_USAGE;
	}
	doc = ta_jdoc_parse(path, text, len, 0);
	free(text);
	if (!doc)
		return TA_EXIT_USAGE;
	if (!parse_file(doc, &l)) {
		loaded_free(&l);
		ta_jdoc_free(&doc);
		return TA_EXIT_USAGE;
	}
	for (size_t i = 0; i < l.n; i++)
		ta_review_restore(rv, &l.v[i]);
	if (l.sort >= 0)
		ta_review_set_sort(rv, (enum ta_field)l.sort);
	for (int f = 0; f < TA_FIELD_COUNT; f++)
		if (l.filters[f])
			ta_review_set_filter(rv, (enum ta_field)f, l.filters[f]);
	ta_review_set_search(rv, l.search);
	if (!ta_review_goto_id(rv, l.pos_id))
		ta_review_set_cursor(rv, 0);
	loaded_free(&l);
	ta_jdoc_free(&doc);
	return 0;
}
