// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_json.c - the versioned JSON report, written with cJSON.
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
#include "report_filter.h"
#include "rules.h"
#include "util.h"

static void add_str(cJSON *o, const char *key, const char *val)
{
	if (val)
		cJSON_AddStringToObject(o, key, val);
	else
		cJSON_AddNullToObject(o, key);
}

/* An array of strings (empty when n is 0). */
static void add_strings(cJSON *o, const char *key, char *const *v, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(o, key);

	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
}

static cJSON *site_json(const ta_site *s, bool init)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "api", ta_api_name(s->api));
	add_str(o, "file", s->file);
	cJSON_AddNumberToObject(o, "line", s->line);
	if (init) {
		add_str(o, "callback", s->callback);
		if (s->api == TA_API_TASKLET_INIT || s->api == TA_API_ASSIGN_DATA) {
			add_str(o, "data", s->data);
			cJSON_AddStringToObject(o, "data_kind", ta_data_kind_name(s->data_kind));
		}
	}
	add_str(o, "function", s->function);
	add_str(o, "text", s->text);
	cJSON_AddBoolToObject(o, "active", s->active);
	if (s->via_macro)
		cJSON_AddStringToObject(o, "via_macro", s->via_macro);
	if (s->self)
		cJSON_AddBoolToObject(o, "self", true);
	if (!init && s->api == TA_API_INTERNALS && s->data)
		cJSON_AddStringToObject(o, "detail", s->data);
	if (!init && s->api == TA_API_DIRECT_CALL)
		add_str(o, "callee", s->callback);
	if (!init && (s->roles || s->context)) {
		cJSON *roles = cJSON_AddArrayToObject(o, "context");
		for (int r = 0; r < TA_ROLE_COUNT; r++)
			if (s->roles & TA_ROLE_BIT(r))
				cJSON_AddItemToArray(
					roles, cJSON_CreateString(ta_role_name((enum ta_role)r)));
		add_str(o, "context_evidence", s->context);
		if (s->atomic_lock)
			cJSON_AddBoolToObject(o, "spinlock_held", true);
	}
	return o;
}

static cJSON *reasons_json(const ta_reason *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "rule", v[i].rule);
		cJSON_AddStringToObject(o, "text", v[i].text);
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/* class, recommendation, findings: present once the classifier ran */
static void classification_json(cJSON *o, const ta_tasklet *t)
{
	cJSON *rec, *arr;

	add_str(o, "class", t->cls);
	cJSON_AddItemToObject(o, "class_reasons",
			      reasons_json(t->class_reasons, t->n_class_reasons));
	arr = cJSON_AddArrayToObject(o, "traits");
	for (size_t i = 0; i < t->n_traits; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(t->traits[i]));
	cJSON_AddBoolToObject(o, "bh_exclusion", t->bh_exclusion);
	if (t->rec.mechanism) {
		rec = cJSON_AddObjectToObject(o, "recommendation");
		cJSON_AddStringToObject(rec, "mechanism", t->rec.mechanism);
		add_str(rec, "queue", t->rec.queue);
		cJSON_AddNumberToObject(rec, "confidence",
					(double)(int)(t->rec.confidence * 100 + 0.5) / 100);
		cJSON_AddItemToObject(rec, "reasons",
				      reasons_json(t->rec.reasons, t->rec.n_reasons));
		arr = cJSON_AddArrayToObject(rec, "alternatives");
		for (size_t i = 0; i < t->rec.n_alternatives; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(t->rec.alternatives[i]));
		cJSON_AddItemToObject(rec, "blockers",
				      reasons_json(t->rec.blockers, t->rec.n_blockers));
	} else {
		cJSON_AddNullToObject(o, "recommendation");
	}
	arr = cJSON_AddArrayToObject(o, "findings");
	for (size_t i = 0; i < t->n_findings; i++) {
		const ta_finding *f = &t->findings[i];
		cJSON *fo = cJSON_CreateObject();
		cJSON_AddStringToObject(fo, "rule", f->rule);
		cJSON_AddStringToObject(fo, "severity", f->severity);
		cJSON_AddStringToObject(fo, "text", f->text);
		add_str(fo, "file", f->file);
		cJSON_AddNumberToObject(fo, "line", f->line);
		cJSON_AddItemToArray(arr, fo);
	}
}

static cJSON *strings_json(char *const *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(v[i]));
	return arr;
}

static cJSON *behavior_diffs_json(const struct ta_behavior_diff *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++) {
		const struct ta_behavior_diff *d = &v[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "property", d->property);
		cJSON_AddBoolToObject(o, "safety", d->safety);
		cJSON_AddStringToObject(o, "explanation", d->explanation);
		cJSON_AddStringToObject(o, "trace_model", d->trace_model);
		cJSON_AddItemToObject(o, "trace", strings_json(d->trace, d->n_trace));
		if (d->other_model) {
			cJSON_AddStringToObject(o, "other_model", d->other_model);
			cJSON_AddItemToObject(o, "other_trace",
					      strings_json(d->other_trace, d->n_other_trace));
		}
		cJSON_AddItemToObject(o, "lines", strings_json(d->lines, d->n_lines));
		if (d->relevance) {
			cJSON_AddStringToObject(o, "relevance", d->relevance);
			add_str(o, "relevance_rule", d->relevance_rule);
			add_str(o, "relevance_reason", d->relevance_reason);
		}
		cJSON_AddItemToArray(arr, o);
	}
	return arr;
}

/* The reference-core checker's verdict for the recommended mechanism. */
static cJSON *behavior_json(const ta_behavior *b)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "verdict", b->verdict);
	if (!b->target) {
		add_str(o, "reason", b->reason);
		return o;
	}
	cJSON_AddStringToObject(o, "target", b->target);
	add_str(o, "assessment", b->assessment);
	cJSON_AddNumberToObject(o, "states_explored", (double)b->states_explored);
	cJSON_AddBoolToObject(o, "complete", b->complete);
	cJSON_AddItemToObject(o, "differences", behavior_diffs_json(b->diffs, b->n_diffs));
	cJSON_AddItemToObject(o, "hazards", behavior_diffs_json(b->hazards, b->n_hazards));
	cJSON_AddItemToObject(o, "notes", strings_json(b->notes, b->n_notes));
	add_str(o, "protocol", b->protocol);
	return o;
}

static cJSON *tasklet_json(const ta_audit *a, const ta_tasklet *t)
{
	cJSON *o = cJSON_CreateObject(), *arr, *counts;

	cJSON_AddStringToObject(o, "id", t->id);
	cJSON_AddStringToObject(o, "key", t->key);
	add_str(o, "file", t->file);
	cJSON_AddNumberToObject(o, "line", t->line);
	cJSON_AddStringToObject(o, "name", t->name);
	if (t->scope == TA_SCOPE_FIELD && t->ctype) {
		cJSON *c = cJSON_AddObjectToObject(o, "container");
		cJSON_AddStringToObject(c, "type", t->ctype);
		add_str(c, "field", t->field);
	} else {
		cJSON_AddNullToObject(o, "container");
	}
	cJSON_AddStringToObject(o, "scope", ta_scope_name(t->scope));
	cJSON_AddStringToObject(o, "subsystem", t->subsystem);
	cJSON_AddStringToObject(o, "init_api",
				t->init_api == TA_API_NONE ? "none" : ta_api_name(t->init_api));
	add_str(o, "callback", t->callback);
	cJSON_AddStringToObject(o, "callback_signature", ta_sig_name(t->sig));
	cJSON_AddBoolToObject(o, "callback_is_expression", t->callback_is_expr);
	add_str(o, "callback_file", t->callback_file);
	if (t->callback_file)
		cJSON_AddNumberToObject(o, "callback_line", t->callback_line);
	add_str(o, "data", t->data);
	cJSON_AddStringToObject(o, "data_kind", ta_data_kind_name(t->data_kind));
	add_str(o, "root_type", t->root_type);
	add_str(o, "member_path", t->member_path);
	add_str(o, "decl_file", t->decl_file);
	if (t->decl_file)
		cJSON_AddNumberToObject(o, "decl_line", t->decl_line);
	cJSON_AddBoolToObject(o, "array", t->array);
	cJSON_AddBoolToObject(o, "active", t->active);
	cJSON_AddBoolToObject(o, "never_initialized", t->never_initialized);
	arr = cJSON_AddArrayToObject(o, "init_sites");
	for (size_t i = 0; i < t->n_init; i++)
		cJSON_AddItemToArray(arr, site_json(&t->init_sites[i], true));
	arr = cJSON_AddArrayToObject(o, "sites");
	for (size_t i = 0; i < t->n_sites; i++)
		cJSON_AddItemToArray(arr, site_json(&t->sites[i], false));
	counts = cJSON_AddObjectToObject(o, "site_counts");
	for (int api = 0; api < TA_API_COUNT; api++) {
		size_t n = ta_tasklet_count_sites(t, (enum ta_api)api);
		if (n && ta_api_role((enum ta_api)api) == TA_ROLE_USE)
			cJSON_AddNumberToObject(counts, ta_api_name((enum ta_api)api), (double)n);
	}
	if (a->classified)
		classification_json(o, t);
	if (t->behavior)
		cJSON_AddItemToObject(o, "behavior", behavior_json(t->behavior));
	if (t->patch_status) {
		cJSON *po = cJSON_AddObjectToObject(o, "patch");
		cJSON_AddStringToObject(po, "status", t->patch_status);
		add_str(po, "reason", t->patch_reason);
		add_str(po, "migration", t->patch_migration);
		if (strcmp(t->patch_status, "written") == 0) {
			add_strings(po, "to", t->patch_to, t->n_patch_to);
			add_strings(po, "cc", t->patch_cc, t->n_patch_cc);
		}
	}
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

static cJSON *summary_json(const ta_audit *a)
{
	cJSON *s = cJSON_CreateObject(), *by_api, *by_sub, *sites, *by_class, *by_mech, *by_finding;
	cJSON *by_verdict = cJSON_CreateObject();
	cJSON *by_assessment = cJSON_CreateObject();
	bool checked = false;
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
		for (size_t j = 0; j < t->n_sites; j++)
			count_into(sites, ta_api_name(t->sites[j].api));
		if (a->classified) {
			count_into(by_class, t->cls ? t->cls : "unknown");
			count_into(by_mech, t->rec.mechanism ? t->rec.mechanism : "none");
			for (size_t j = 0; j < t->n_findings; j++)
				count_into(by_finding, t->findings[j].rule);
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
	if (a->classified) {
		cJSON_AddItemToObject(s, "by_class", by_class);
		cJSON_AddItemToObject(s, "by_mechanism", by_mech);
		cJSON_AddItemToObject(s, "findings_by_rule", by_finding);
	} else {
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

static int write_json(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts)
{
	cJSON *root = cJSON_CreateObject(), *arr;
	char *text;
	int rc;

	cJSON_AddStringToObject(root, "format_version", TA_REPORT_FORMAT_VERSION);
	cJSON_AddStringToObject(root, "tool_version", TA_VERSION);
	cJSON_AddStringToObject(root, "tree", a->tree);
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
	}
	arr = cJSON_AddArrayToObject(root, "files");
	for (size_t i = 0; i < a->n_files; i++) {
		const ta_file_entry *f = &a->files[i];
		cJSON *o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "path", f->path);
		cJSON_AddStringToObject(o, "status", ta_status_name(f->status));
		if (f->status != TA_STATUS_PARSED)
			add_str(o, "reason", f->reason);
		cJSON_AddNumberToObject(o, "errors", f->n_errors);
		if (f->included_by)
			cJSON_AddStringToObject(o, "included_by", f->included_by);
		cJSON_AddItemToArray(arr, o);
	}
	arr = cJSON_AddArrayToObject(root, "tasklets");
	for (size_t i = 0; i < a->n_tasklets; i++)
		if (ta_report_selected(&a->tasklets[i], opts))
			cJSON_AddItemToArray(arr, tasklet_json(a, &a->tasklets[i]));
	arr = cJSON_AddArrayToObject(root, "unresolved_sites");
	for (size_t i = 0; i < a->n_unresolved; i++)
		cJSON_AddItemToArray(arr, site_json(&a->unresolved[i], false));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return -1;
	rc = fputs(text, fp) < 0 || fputc('\n', fp) == EOF ? -1 : 0;
	cJSON_free(text);
	return rc;
}

const struct ta_report_ops ta_report_json = {.name = "json", .write = write_json};
