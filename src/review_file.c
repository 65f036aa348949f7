// SPDX-License-Identifier: GPL-2.0-only
/*
 * review_file.c - reads and writes the review file with cJSON.  Loading
 * validates the whole document before it touches the model, so a bad file
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
	}
	free(l->v);
}

/* An optional string member: NULL when absent or null; *bad when another type. */
static const char *opt_str(const cJSON *o, const char *key, bool *bad)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v || cJSON_IsNull(v))
		return NULL;
	if (!cJSON_IsString(v)) {
		*bad = true;
		return NULL;
	}
	return v->valuestring;
}

static const char *parse_decision(const cJSON *o, ta_review_decision *d)
{
	bool bad = false;
	const char *id = opt_str(o, "id", &bad), *dec = opt_str(o, "decision", &bad);
	const char *mech = opt_str(o, "mechanism", &bad), *comment = opt_str(o, "comment", &bad);
	const char *hash = opt_str(o, "facts_hash", &bad), *when = opt_str(o, "time", &bad);
	int k;

	if (!cJSON_IsObject(o))
		return "is not an object";
	if (bad)
		return "has a member of the wrong type";
	if (!id || !*id)
		return "has no id";
	k = dec ? ta_decision_from_name(dec) : -1;
	if (k < 0)
		return "has an unknown decision";
	d->id = xstrdup(id);
	d->decision = (enum ta_decision)k;
	d->mechanism = mech ? xstrdup(mech) : NULL;
	d->comment = comment ? xstrdup(comment) : NULL;
	d->facts_hash = hash ? xstrdup(hash) : NULL;
	d->when = when ? parse_time(when) : 0;
	if (d->when < 0)
		return "has a time that is not YYYY-MM-DDTHH:MM:SSZ";
	return NULL;
}

static const char *parse_position(const cJSON *pos, struct loaded *l)
{
	const cJSON *filters, *f;
	const char *sort;
	bool bad = false;

	if (!pos || cJSON_IsNull(pos))
		return NULL;
	if (!cJSON_IsObject(pos))
		return "'position' is not an object";
	l->pos_id = opt_str(pos, "id", &bad);
	l->search = opt_str(pos, "search", &bad);
	sort = opt_str(pos, "sort", &bad);
	if (bad)
		return "'position' has a member of the wrong type";
	if (sort && ((l->sort = ta_field_from_name(sort)) < 0 ||
		     !ta_field_sortable((enum ta_field)l->sort)))
		return "'position.sort' names no sort field";
	filters = cJSON_GetObjectItemCaseSensitive(pos, "filters");
	if (filters && !cJSON_IsNull(filters) && !cJSON_IsObject(filters))
		return "'position.filters' is not an object";
	if (!cJSON_IsObject(filters))
		return NULL;
	cJSON_ArrayForEach(f, filters)
	{
		int k = ta_field_from_name(f->string);
		if (k < 0 || !ta_field_filterable((enum ta_field)k))
			return "'position.filters' names an unknown field";
		if (!cJSON_IsString(f))
			return "'position.filters' has a value that is not a string";
		l->filters[k] = f->valuestring;
	}
	return NULL;
}

int ta_review_file_load(ta_review *rv, const char *path)
{
	struct loaded l = {.sort = -1};
	const cJSON *arr, *e, *ver;
	const char *problem = NULL;
	char *text, *where = NULL;
	const char *end = NULL;
	cJSON *root;
	size_t len, i = 0;

	text = ta_read_file(path, &len);
	if (!text) {
		if (errno == ENOENT)
			return 0;
		ta_error("cannot read '%s': %s", path, strerror(errno));
		return TA_EXIT_USAGE;
	}
	root = cJSON_ParseWithLengthOpts(text, len, &end, false);
	if (!root) {
		unsigned line = 1, col = 1;
		for (const char *s = text; end && s < end && *s; s++, col++)
			if (*s == '\n') {
				line++;
				col = 0;
			}
		ta_diag(TA_ERROR, path, line, col, "invalid JSON");
		free(text);
		return TA_EXIT_USAGE;
	}
	free(text);
	ver = cJSON_GetObjectItemCaseSensitive(root, "format_version");
	if (!cJSON_IsObject(root)) {
		problem = "not a review file (not a JSON object)";
	} else if (!cJSON_IsString(ver) || strtol(ver->valuestring, NULL, 10) != 1) {
		problem = "not a review file of format version 1";
	} else {
		arr = cJSON_GetObjectItemCaseSensitive(root, "decisions");
		if (arr && !cJSON_IsArray(arr)) {
			problem = "'decisions' is not an array";
			arr = NULL;
		}
		cJSON_ArrayForEach(e, arr)
		{
			ta_review_decision d = {0};
			const char *p = parse_decision(e, &d);
			TA_PUSH(l.v, l.n, l.cap, d);
			if (p) {
				where = xasprintf("'decisions[%zu]' %s", i, p);
				problem = where;
				break;
			}
			i++;
		}
		if (!problem)
			problem = parse_position(cJSON_GetObjectItemCaseSensitive(root, "position"),
						 &l);
	}
	if (problem) {
		ta_diag(TA_ERROR, path, 0, 0, "%s", problem);
		free(where);
		loaded_free(&l);
		cJSON_Delete(root);
		return TA_EXIT_USAGE;
	}
	for (i = 0; i < l.n; i++)
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
	cJSON_Delete(root);
	return 0;
}
