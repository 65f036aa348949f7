// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_json.c - the versioned JSON report, written with cJSON: the
 * summary and the timing from the audit, everything else by the field
 * tables (fields.h), row by row.
 *
 * Format version TA_REPORT_FORMAT_VERSION ("major.minor"): adding a field
 * bumps the minor number; renaming, removing or changing the meaning of a
 * field bumps the major number.  Field names are contracts: dashboards
 * read them.
 */
#include "report.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "classify.h"
#include "fields.h"
#include "report_filter.h"
#include "util.h"

static void add_str(cJSON *o, const char *key, const char *val)
{
	if (val)
		cJSON_AddStringToObject(o, key, val);
	else
		cJSON_AddNullToObject(o, key);
}

static void write_rows(cJSON *o, const struct ta_ftab *t, const void *rec);

/* An array of the n records of t at v. */
static cJSON *array_json(const struct ta_ftab *t, const void *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject();
		write_rows(o, t, (const char *)v + i * t->size);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/* The counts of a tasklet's use sites by API: "site_counts". */
static void site_counts_json(cJSON *o, const char *key, const void *rec)
{
	const ta_tasklet *t = rec;
	cJSON *counts = cJSON_AddObjectToObject(o, key);

	for (int api = 0; api < TA_API_COUNT; api++) {
		size_t n = ta_tasklet_count_sites(t, (enum ta_api)api);
		if (n && ta_api_role((enum ta_api)api) == TA_ROLE_USE)
			cJSON_AddNumberToObject(counts, ta_api_name((enum ta_api)api), (double)n);
	}
}

/* The writers of the TA_F_DERIVED rows, by key. */
static const struct {
	const char *json;
	void (*write)(cJSON *o, const char *key, const void *rec);
} derived[] = {
	{"site_counts", site_counts_json},
};

/* One row of rec into o (fields.h says when and how). */
static void write_row(cJSON *o, const struct ta_fdesc *f, const void *rec)
{
	const void *p = ta_field_at(rec, f);
	bool always = f->when == TA_FW_ALWAYS;

	if (f->cond && !f->cond(rec)) {
		if (f->flags & TA_FD_NULL_UNLESS)
			cJSON_AddNullToObject(o, f->json);
		return;
	}
	switch (f->type) {
	case TA_F_STR:
	case TA_F_NAME: {
		const char *s = *(const char *const *)p;
		if (s || always)
			add_str(o, f->json, s);
		break;
	}
	case TA_F_ENUM:
		cJSON_AddStringToObject(o, f->json, f->names(*(const int *)p));
		break;
	case TA_F_BITS: {
		unsigned bits = *(const unsigned *)p;
		cJSON *arr = cJSON_AddArrayToObject(o, f->json);
		for (int i = 0; f->names(i); i++)
			if (bits & (1u << i))
				cJSON_AddItemToArray(arr, cJSON_CreateString(f->names(i)));
		break;
	}
	case TA_F_UINT:
		if (*(const unsigned *)p || always)
			cJSON_AddNumberToObject(o, f->json, *(const unsigned *)p);
		break;
	case TA_F_SIZE:
		if (*(const size_t *)p || always)
			cJSON_AddNumberToObject(o, f->json, (double)*(const size_t *)p);
		break;
	case TA_F_DOUBLE: {
		double x = *(const double *)p;
		if (f->flags & TA_FD_ROUND2)
			x = (double)(int)(x * 100 + 0.5) / 100;
		if (x != 0 || always)
			cJSON_AddNumberToObject(o, f->json, x);
		break;
	}
	case TA_F_BOOL:
		if (*(const bool *)p || always)
			cJSON_AddBoolToObject(o, f->json, *(const bool *)p);
		break;
	case TA_F_STRS: {
		char *const *v = *(char *const *const *)p;
		size_t n = *(const size_t *)((const char *)rec + f->n_off);
		cJSON *arr = cJSON_AddArrayToObject(o, f->json);
		for (size_t i = 0; i < n; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
		break;
	}
	case TA_F_ARRAY:
		cJSON_AddItemToObject(o, f->json,
				      array_json(f->sub, *(const void *const *)p,
						 *(const size_t *)((const char *)rec + f->n_off)));
		break;
	case TA_F_OBJECT: {
		const void *sub = *(const void *const *)p;
		if (sub)
			write_rows(cJSON_AddObjectToObject(o, f->json), f->sub, sub);
		else if (always)
			cJSON_AddNullToObject(o, f->json);
		break;
	}
	case TA_F_EMBED:
		write_rows(cJSON_AddObjectToObject(o, f->json), f->sub, p);
		break;
	case TA_F_GROUP:
		write_rows(cJSON_AddObjectToObject(o, f->json), f->sub, rec);
		break;
	case TA_F_FLAT:
		if (*(const void *const *)p)
			write_rows(o, f->sub, *(const void *const *)p);
		break;
	case TA_F_MERGE: {
		const char *v = *(const char *const *)p;
		size_t n = *(const size_t *)((const char *)rec + f->n_off), i = 0;
		cJSON *e, *arr = cJSON_GetObjectItemCaseSensitive(o, f->json);
		cJSON_ArrayForEach(e, arr)
		{
			if (i >= n)
				break;
			write_rows(e, f->sub, v + i++ * f->sub->size);
		}
		break;
	}
	case TA_F_DERIVED:
		for (size_t i = 0; i < sizeof(derived) / sizeof(*derived); i++)
			if (strcmp(derived[i].json, f->json) == 0)
				derived[i].write(o, f->json, rec);
		break;
	}
}

/* The rows of table t for rec, into o. */
static void write_rows(cJSON *o, const struct ta_ftab *t, const void *rec)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].json)
			write_row(o, &t->v[i], rec);
}

static void count_into(cJSON *obj, const char *key)
{
	cJSON *item = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (item)
		cJSON_SetNumberValue(item, item->valuedouble + 1);
	else
		cJSON_AddNumberToObject(obj, key, 1);
}

static cJSON *summary_json(const ta_audit *a)
{
	cJSON *s = cJSON_CreateObject(), *by_api, *by_sub, *sites, *by_class, *by_mech, *by_finding;
	cJSON *by_verdict = cJSON_CreateObject(), *by_sub_class = cJSON_CreateObject();
	cJSON *by_assessment = cJSON_CreateObject();
	cJSON *by_entry = cJSON_CreateObject(), *by_entry_class = cJSON_CreateObject();
	bool checked = false, entries = false;
	size_t active = 0, never = 0;

	cJSON_AddNumberToObject(s, "c_files_scanned", (double)a->c_files_scanned);
	cJSON_AddNumberToObject(s, "candidate_files", (double)a->n_files);
	cJSON_AddNumberToObject(s, "files_parsed",
				(double)ta_audit_count_status(a, TA_STATUS_PARSED));
	cJSON_AddNumberToObject(s, "files_degraded",
				(double)ta_audit_count_status(a, TA_STATUS_DEGRADED));
	cJSON_AddNumberToObject(s, "files_failed",
				(double)ta_audit_count_status(a, TA_STATUS_FAILED));
	cJSON_AddNumberToObject(s, "tasklets", (double)a->n_tasklets);
	by_api = cJSON_CreateObject();
	by_sub = cJSON_CreateObject();
	sites = cJSON_CreateObject();
	by_class = cJSON_CreateObject();
	by_mech = cJSON_CreateObject();
	by_finding = cJSON_CreateObject();
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		active += t->active;
		never += t->never_initialized;
		count_into(by_api, t->init_api == TA_API_NONE ? "none" : ta_api_name(t->init_api));
		count_into(by_sub, t->subsystem);
		if (t->maintainers_entry) {
			count_into(by_entry, t->maintainers_entry);
			entries = true;
		}
		for (size_t j = 0; j < t->n_sites; j++)
			count_into(sites, ta_api_name(t->sites[j].api));
		if (a->classified) {
			const ta_classification *c = ta_classification_of(t);
			cJSON *sc = cJSON_GetObjectItemCaseSensitive(by_sub_class, t->subsystem);
			count_into(by_class, c->cls ? c->cls : "unknown");
			if (!sc)
				sc = cJSON_AddObjectToObject(by_sub_class, t->subsystem);
			count_into(sc, c->cls ? c->cls : "unknown");
			if (t->maintainers_entry) {
				cJSON *ec = cJSON_GetObjectItemCaseSensitive(by_entry_class,
									     t->maintainers_entry);
				if (!ec)
					ec = cJSON_AddObjectToObject(by_entry_class,
								     t->maintainers_entry);
				count_into(ec, c->cls ? c->cls : "unknown");
			}
			count_into(by_mech, c->rec.mechanism ? c->rec.mechanism : "none");
			for (size_t j = 0; j < c->n_findings; j++)
				count_into(by_finding, c->findings[j].rule);
		}
		if (t->behavior) {
			count_into(by_verdict, t->behavior->verdict);
			if (t->behavior->assessment)
				count_into(by_assessment, t->behavior->assessment);
			checked = true;
		}
	}
	cJSON_AddNumberToObject(s, "tasklets_active", (double)active);
	cJSON_AddNumberToObject(s, "tasklets_never_initialized", (double)never);
	cJSON_AddNumberToObject(s, "unresolved_sites", (double)a->n_unresolved);
	cJSON_AddItemToObject(s, "by_init_api", by_api);
	cJSON_AddItemToObject(s, "by_subsystem", by_sub);
	cJSON_AddItemToObject(s, "sites_by_api", sites);
	/* 1.4: subsystems at the MAINTAINERS-entry level, when the tree has the file */
	if (entries)
		cJSON_AddItemToObject(s, "by_maintainers_entry", by_entry);
	else
		cJSON_Delete(by_entry);
	if (entries && a->classified)
		cJSON_AddItemToObject(s, "by_maintainers_entry_class", by_entry_class);
	else
		cJSON_Delete(by_entry_class);
	if (a->classified) {
		cJSON_AddItemToObject(s, "by_class", by_class);
		cJSON_AddItemToObject(s, "by_mechanism", by_mech);
		cJSON_AddItemToObject(s, "findings_by_rule", by_finding);
		cJSON_AddItemToObject(s, "by_subsystem_class", by_sub_class);
	} else {
		cJSON_Delete(by_sub_class);
		cJSON_Delete(by_class);
		cJSON_Delete(by_mech);
		cJSON_Delete(by_finding);
	}
	if (checked) {
		cJSON_AddItemToObject(s, "by_verdict", by_verdict);
		cJSON_AddItemToObject(s, "by_assessment", by_assessment);
	} else {
		cJSON_Delete(by_verdict);
		cJSON_Delete(by_assessment);
	}
	return s;
}

/* --no-traces: the event traces of each difference and hazard left out. */
static void drop_traces(cJSON *tasklets)
{
	static const char *const keys[] = {"trace_model", "trace", "other_model", "other_trace"};
	static const char *const lists[] = {"differences", "hazards"};
	cJSON *t, *d;

	cJSON_ArrayForEach(t, tasklets)
	{
		cJSON *bh = cJSON_GetObjectItemCaseSensitive(t, "behavior");
		for (size_t l = 0; bh && l < sizeof(lists) / sizeof(*lists); l++)
			cJSON_ArrayForEach(d, cJSON_GetObjectItemCaseSensitive(bh, lists[l]))
			{
				for (size_t k = 0; k < sizeof(keys) / sizeof(*keys); k++)
					cJSON_DeleteItemFromObjectCaseSensitive(d, keys[k]);
			}
	}
}

static int write_json(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *text;
	int rc;

	cJSON_AddStringToObject(root, "format_version", TA_REPORT_FORMAT_VERSION);
	cJSON_AddStringToObject(root, "tool_version", TA_VERSION);
	/* 1.3; absent from a report read back from an older one */
	if (a->generated_at)
		cJSON_AddStringToObject(root, "generated_at", a->generated_at);
	cJSON_AddStringToObject(root, "tree", a->tree);
	if (a->tree_id)
		cJSON_AddStringToObject(root, "tree_id", a->tree_id);
	cJSON_AddStringToObject(root, "subtree", a->subtree ? a->subtree : "");
	add_str(root, "kernel_version", a->kernel_version);
	add_str(root, "libclang_version", a->libclang_version);
	add_str(root, "config_source", a->config_source);
	add_str(root, "flags_source", a->flags_source);
	add_str(root, "rules", a->rules_dir);
	cJSON_AddItemToObject(root, "summary", summary_json(a));
	if (opts && opts->timing) {
		cJSON *t = cJSON_AddObjectToObject(root, "timing");
		cJSON_AddNumberToObject(t, "jobs", a->jobs);
		cJSON_AddNumberToObject(t, "prefilter_seconds", a->prefilter_seconds);
		cJSON_AddNumberToObject(t, "parse_seconds", a->parse_seconds);
		cJSON_AddNumberToObject(t, "total_seconds", a->total_seconds);
		cJSON_AddNumberToObject(t, "cache_seconds", a->cache_seconds);
		/* per-file parse times: here, so that everything outside "timing" is
		 * the same from one run to the next */
		cJSON *fs = cJSON_AddObjectToObject(t, "file_seconds");
		for (size_t i = 0; i < a->n_files; i++)
			cJSON_AddNumberToObject(fs, a->files[i].path, a->files[i].seconds);
		cJSON_AddNumberToObject(t, "pch_seconds", a->pch_seconds);
		cJSON_AddNumberToObject(t, "cache_hits", (double)a->cache_hits);
		cJSON_AddNumberToObject(t, "cache_misses", (double)a->cache_misses);
		cJSON_AddNumberToObject(t, "behavior_seconds", a->behavior_seconds);
		cJSON_AddNumberToObject(t, "writer_seconds", a->writer_seconds);
		cJSON_AddNumberToObject(t, "writer_dry_runs", (double)a->writer_dry_runs);
		cJSON_AddNumberToObject(t, "writer_memo_hits", (double)a->writer_memo_hits);
		cJSON_AddBoolToObject(t, "report_memo_hit", a->reused);
	}
	cJSON_AddItemToObject(root, "files",
			      array_json(&ta_file_entry_fields, a->files, a->n_files));
	arr = cJSON_AddArrayToObject(root, "tasklets");
	for (size_t i = 0; i < a->n_tasklets; i++)
		if (ta_report_selected(&a->tasklets[i], opts)) {
			cJSON *o = cJSON_CreateObject();
			write_rows(o, &ta_tasklet_fields, &a->tasklets[i]);
			cJSON_AddItemToArray(arr, o);
		}
	if (opts && opts->no_traces)
		drop_traces(arr);
	cJSON_AddItemToObject(root, "unresolved_sites",
			      array_json(&ta_use_site_fields, a->unresolved, a->n_unresolved));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return -1;
	rc = fputs(text, fp) < 0 || fputc('\n', fp) == EOF ? -1 : 0;
	cJSON_free(text);
	return rc;
}

const struct ta_report_ops ta_report_json = {.name = "json", .write = write_json};
