// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_read.c - the JSON report read back into the audit model through
 * jsondoc.h: the root by hand, everything else by the field tables
 * (fields.h), row by row, so that what the writer writes is what is read.
 * Errors name the file, the line and the column of the offending value
 * and its path ("r.json:40:17: error: 'tasklets[4].sites[1].line' is not
 * a number"); only the first one is reported.
 */
#include "report_read.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "diag.h"
#include "fields.h"
#include "jsondoc.h"
#include "report.h"
#include "util.h"

static void read_rows(ta_jdoc *d, const cJSON *o, const struct ta_ftab *t, void *rec);

/* The values rows give an absent key, set before reading rec. */
static void defaults(const struct ta_ftab *t, void *rec)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct ta_fdesc *f = &t->v[i];
		if (f->type == TA_F_ENUM)
			*(int *)ta_field_at(rec, f) = f->dflt;
		else if (f->type == TA_F_BOOL)
			*(bool *)ta_field_at(rec, f) = f->dflt != 0;
		else if (f->type == TA_F_GROUP)
			defaults(f->sub, rec);
	}
}

/* A new record of t read from o (zeroed and defaulted when o is not an object). */
static void *read_new(ta_jdoc *d, const cJSON *o, const struct ta_ftab *t)
{
	void *rec = xcalloc(1, t->size);

	defaults(t, rec);
	read_rows(d, o, t, rec);
	return rec;
}

/* The objects of array arr as records of t into *v (n of them). */
static void read_array(ta_jdoc *d, const cJSON *arr, const struct ta_ftab *t, void **v, size_t *n)
{
	const cJSON *e;
	size_t k = 0;

	*n = (size_t)cJSON_GetArraySize(arr);
	*v = *n ? xcalloc(*n, t->size) : NULL;
	cJSON_ArrayForEach(e, arr)
	{
		void *rec = (char *)*v + k++ * t->size;
		defaults(t, rec);
		if (!cJSON_IsObject(e))
			ta_jdoc_bad(d, e, "is not an object");
		else
			read_rows(d, e, t, rec);
	}
}

/* The index of the name s among names(), or -1. */
static int name_index(const char *(*names)(int), const char *s)
{
	for (int i = 0; names(i); i++)
		if (strcmp(names(i), s) == 0)
			return i;
	return -1;
}

/* A name row: its index (v a string), or -1 after an error. */
static int read_name(ta_jdoc *d, const cJSON *v, const struct ta_fdesc *f)
{
	int i = name_index(f->names, v->valuestring);

	if (i < 0)
		ta_jdoc_bad(d, v, "has an unknown value");
	return i;
}

/* One row of rec from o (absent keys leave the defaults). */
static void read_row(ta_jdoc *d, const cJSON *o, const struct ta_fdesc *f, void *rec)
{
	unsigned req = f->flags & TA_FD_REQUIRED ? TA_J_REQUIRED : 0;
	void *p = ta_field_at(rec, f);
	size_t *n = f->n_off ? (size_t *)((char *)rec + f->n_off) : NULL;
	size_t *cap = f->cap_off ? (size_t *)((char *)rec + f->cap_off) : NULL;
	const cJSON *v;
	int i;

	switch (f->type) {
	case TA_F_STR: {
		char *s = ta_jdoc_strdup(d, o, f->json, req | TA_J_NULLABLE);
		*(char **)p = s ? s : f->flags & TA_FD_NONNULL ? xstrdup("") : NULL;
		break;
	}
	case TA_F_NAME:
		v = ta_jdoc_get(d, o, f->json, TA_J_STRING, req | TA_J_NULLABLE);
		if (v && (i = read_name(d, v, f)) >= 0)
			*(const char **)p = f->names(i);
		break;
	case TA_F_ENUM:
		v = ta_jdoc_get(d, o, f->json, TA_J_STRING, req | TA_J_NULLABLE);
		if (v && (i = read_name(d, v, f)) >= 0)
			*(int *)p = i;
		break;
	case TA_F_BITS: {
		const cJSON *e;
		v = ta_jdoc_get(d, o, f->json, TA_J_ARRAY, req | TA_J_NULLABLE);
		cJSON_ArrayForEach(e, v)
		{
			if (!cJSON_IsString(e))
				ta_jdoc_bad(d, e, "is not a string");
			else if ((i = read_name(d, e, f)) >= 0)
				*(unsigned *)p |= 1u << i;
		}
		break;
	}
	case TA_F_UINT:
		*(unsigned *)p = ta_jdoc_uint(d, o, f->json, req, 0);
		break;
	case TA_F_SIZE:
		v = ta_jdoc_get(d, o, f->json, TA_J_NUMBER, req);
		if (v && (v->valuedouble < 0 || v->valuedouble > 9007199254740992.0 ||
			  v->valuedouble != (double)(size_t)v->valuedouble))
			ta_jdoc_bad(d, v, "is not a non-negative integer");
		else if (v)
			*(size_t *)p = (size_t)v->valuedouble;
		break;
	case TA_F_DOUBLE:
		*(double *)p = ta_jdoc_num(d, o, f->json, req, 0);
		break;
	case TA_F_BOOL:
		*(bool *)p = ta_jdoc_bool(d, o, f->json, req, f->dflt != 0);
		break;
	case TA_F_STRS:
		*(char ***)p = ta_jdoc_strings(d, o, f->json, req | TA_J_NULLABLE, n);
		if (cap)
			*cap = *n;
		break;
	case TA_F_ARRAY:
		v = ta_jdoc_get(d, o, f->json, TA_J_ARRAY, req | TA_J_NULLABLE);
		read_array(d, v, f->sub, (void **)p, n);
		if (cap)
			*cap = *n;
		break;
	case TA_F_OBJECT:
		v = ta_jdoc_get(d, o, f->json, TA_J_OBJECT, req | TA_J_NULLABLE);
		if (v)
			*(void **)p = read_new(d, v, f->sub);
		break;
	case TA_F_EMBED:
		v = ta_jdoc_get(d, o, f->json, TA_J_OBJECT, req | TA_J_NULLABLE);
		defaults(f->sub, p);
		if (v)
			read_rows(d, v, f->sub, p);
		break;
	case TA_F_GROUP:
		v = ta_jdoc_get(d, o, f->json, TA_J_OBJECT, req | TA_J_NULLABLE);
		if (v)
			read_rows(d, v, f->sub, rec);
		break;
	case TA_F_FLAT:
		/* there when the object has the row's key */
		if (cJSON_GetObjectItemCaseSensitive(o, f->json))
			*(void **)p = read_new(d, o, f->sub);
		break;
	case TA_F_MERGE:
		/* the array's own row reported what is wrong with it */
		v = cJSON_GetObjectItemCaseSensitive(o, f->json);
		read_array(d, cJSON_IsArray(v) ? v : NULL, f->sub, (void **)p, n);
		if (cap)
			*cap = *n;
		break;
	case TA_F_DERIVED:
		break;
	}
}

static void read_rows(ta_jdoc *d, const cJSON *o, const struct ta_ftab *t, void *rec)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].json)
			read_row(d, o, &t->v[i], rec);
}

/* A report says it is classified by the summary's by_class or a tasklet's "class". */
static bool is_classified(const cJSON *root)
{
	const cJSON *sum = cJSON_GetObjectItemCaseSensitive(root, "summary");
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "tasklets"), *e;

	if (cJSON_IsObject(sum) && cJSON_GetObjectItemCaseSensitive(sum, "by_class"))
		return true;
	if (!cJSON_IsArray(arr))
		return false;
	cJSON_ArrayForEach(e, arr) if (cJSON_IsObject(e) &&
				       cJSON_GetObjectItemCaseSensitive(e, "class")) return true;
	return false;
}

static void check_version(ta_jdoc *d, const cJSON *root)
{
	const cJSON *v = ta_jdoc_get(d, root, "format_version", TA_J_STRING, TA_J_REQUIRED);
	char *end;
	long major;

	if (!v)
		return;
	errno = 0;
	major = strtol(v->valuestring, &end, 10);
	if (errno || end == v->valuestring || (*end && *end != '.'))
		ta_jdoc_bad(d, v, "is not a version number");
	else if (major != strtol(TA_REPORT_FORMAT_VERSION, NULL, 10))
		ta_jdoc_bad(d, v, "is a major version this program cannot read");
}

static void read_root(ta_jdoc *d, const cJSON *root, ta_audit *a)
{
	const unsigned opt = TA_J_NULLABLE;
	const cJSON *arr, *sum, *tm;

	check_version(d, root);
	a->tree = ta_jdoc_strdup(d, root, "tree", TA_J_REQUIRED | opt);
	a->subtree = ta_jdoc_strdup(d, root, "subtree", opt);
	a->tree_id = ta_jdoc_strdup(d, root, "tree_id", opt);
	a->generated_at = ta_jdoc_strdup(d, root, "generated_at", opt);
	a->kernel_version = ta_jdoc_strdup(d, root, "kernel_version", opt);
	a->libclang_version = ta_jdoc_strdup(d, root, "libclang_version", opt);
	a->config_source = ta_jdoc_strdup(d, root, "config_source", opt);
	a->flags_source = ta_jdoc_strdup(d, root, "flags_source", opt);
	a->rules_dir = ta_jdoc_strdup(d, root, "rules", opt);
	sum = ta_jdoc_get(d, root, "summary", TA_J_OBJECT, opt);
	a->c_files_scanned = (size_t)ta_jdoc_num(d, sum, "c_files_scanned", 0, 0);
	tm = ta_jdoc_get(d, root, "timing", TA_J_OBJECT, opt);
	if (tm) {
		a->jobs = (int)ta_jdoc_num(d, tm, "jobs", 0, 0);
		a->prefilter_seconds = ta_jdoc_num(d, tm, "prefilter_seconds", 0, 0);
		a->parse_seconds = ta_jdoc_num(d, tm, "parse_seconds", 0, 0);
		a->total_seconds = ta_jdoc_num(d, tm, "total_seconds", 0, 0);
		a->cache_seconds = ta_jdoc_num(d, tm, "cache_seconds", 0, 0);
		a->pch_seconds = ta_jdoc_num(d, tm, "pch_seconds", 0, 0);
		a->cache_hits = (size_t)ta_jdoc_num(d, tm, "cache_hits", 0, 0);
		a->cache_misses = (size_t)ta_jdoc_num(d, tm, "cache_misses", 0, 0);
		a->behavior_seconds = ta_jdoc_num(d, tm, "behavior_seconds", 0, 0);
	}
	arr = ta_jdoc_get(d, root, "files", TA_J_ARRAY, opt);
	read_array(d, arr, &ta_file_entry_fields, (void **)&a->files, &a->n_files);
	a->cap_files = a->n_files;
	a->classified = is_classified(root);
	arr = ta_jdoc_get(d, root, "tasklets", TA_J_ARRAY, opt);
	if (!arr && !ta_jdoc_failed(d))
		ta_jdoc_missing(d, root, "tasklets");
	read_array(d, arr, &ta_tasklet_fields, (void **)&a->tasklets, &a->n_tasklets);
	a->cap_tasklets = a->n_tasklets;
	arr = ta_jdoc_get(d, root, "unresolved_sites", TA_J_ARRAY, opt);
	read_array(d, arr, &ta_use_site_fields, (void **)&a->unresolved, &a->n_unresolved);
	a->cap_unresolved = a->n_unresolved;
}

int ta_report_parse(const char *name, const char *text, size_t len, ta_audit **audit)
{
	ta_jdoc *d = ta_jdoc_parse(name, text, len, 0);
	const cJSON *root;
	ta_audit *a;

	*audit = NULL;
	if (!d)
		return TA_EXIT_USAGE;
	root = ta_jdoc_root(d);
	if (!cJSON_IsObject(root)) {
		ta_jdoc_fail(d, root, "not a tasklet-audit report (not a JSON object)");
		ta_jdoc_free(&d);
		return TA_EXIT_USAGE;
	}
	a = ta_audit_new();
	read_root(d, root, a);
	if (ta_jdoc_failed(d)) {
		ta_jdoc_free(&d);
		ta_audit_free(&a);
		return TA_EXIT_USAGE;
	}
	ta_jdoc_free(&d);
	*audit = a;
	return 0;
}

int ta_report_read(const char *path, ta_audit **audit)
{
	size_t len;
	char *text = ta_read_file(path, &len);
	int rc;

	*audit = NULL;
	if (!text) {
		ta_error("cannot read '%s': %s", path, strerror(errno));
		return TA_EXIT_USAGE;
	}
	rc = ta_report_parse(path, text, len, audit);
	free(text);
	return rc;
}
