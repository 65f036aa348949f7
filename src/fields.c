// SPDX-License-Identifier: GPL-2.0-only
/*
 * fields.c - the field table of every struct the JSON report holds, in
 * the report's key order (fields.h says what a row means), the names of
 * the enums they hold, and the walk that frees what a record owns.  To
 * add a field: a member in the struct, a row here; bump the report's
 * minor format version (report.h) when the row is written.
 */
#include "fields.h"

#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "behavior.h"
#include "classify.h"
#include "mechanism.h"
#include "patch.h"
#include "refcore_check.h"

/* ------------------------------------------------------------------ names */

#define NAME_OF(list, i) ((i) >= 0 && (size_t)(i) < sizeof(list) / sizeof(*(list)) ? list[i] : NULL)

/* the APIs, then "none" (TA_API_NONE) */
static const char *api_name(int i)
{
	return i >= 0 && i < TA_API_COUNT ? ta_api_name((enum ta_api)i)
	       : i == TA_API_NONE         ? "none"
					  : NULL;
}

static const char *sig_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_SIG_LIST(X)
#undef X
	};
	return NAME_OF(v, i);
}

static const char *data_kind_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_DATA_LIST(X)
#undef X
	};
	return NAME_OF(v, i);
}

static const char *scope_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_SCOPE_LIST(X)
#undef X
	};
	return NAME_OF(v, i);
}

static const char *status_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_STATUS_LIST(X)
#undef X
	};
	return NAME_OF(v, i);
}

static const char *role_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_ROLE_LIST(X)
#undef X
	};
	return NAME_OF(v, i);
}

/* the checker's verdicts, and the behaviour's own for a tasklet it could not check */
static const char *verdict_name(int i)
{
	static const char *const v[] = {
#define X(e, name) name,
		TA_RC_VERDICT_LIST(X)
#undef X
			"not_checked"};
	return NAME_OF(v, i);
}

/* the reference-core models a behaviour is checked on: their mechanisms' --to names */
static const char *target_name(int i)
{
	return i >= 0 && i < TA_RC_NTARGETS ? ta_mech_to(ta_mech_of_model((enum ta_rc_target)i))
					    : NULL;
}

/* relevance.c's words */
static const char *assessment_name(int i)
{
	static const char *const v[] = {"equivalent", "benign", "review", "unsafe"};
	return NAME_OF(v, i);
}

static const char *relevance_name(int i)
{
	static const char *const v[] = {"benign", "observable"};
	return NAME_OF(v, i);
}

static const char *patch_status_name(int i)
{
	const char *s = ta_patch_status_name((enum ta_patch_status)i);

	return i >= 0 && strcmp(s, "?") != 0 ? s : NULL;
}

/* ------------------------------------------------------------- conditions */

/* init sites: the data argument is the site's own */
static bool site_has_data(const void *rec)
{
	const ta_site *s = rec;

	return s->api == TA_API_TASKLET_INIT || s->api == TA_API_ASSIGN_DATA;
}

static bool site_is_internals(const void *rec)
{
	return ((const ta_site *)rec)->api == TA_API_INTERNALS;
}

static bool site_is_direct_call(const void *rec)
{
	return ((const ta_site *)rec)->api == TA_API_DIRECT_CALL;
}

static bool tasklet_in_container(const void *rec)
{
	const ta_tasklet *t = rec;

	return t->scope == TA_SCOPE_FIELD && t->ctype;
}

static bool tasklet_has_callback_file(const void *rec)
{
	return ((const ta_tasklet *)rec)->callback_file != NULL;
}

static bool tasklet_has_decl_file(const void *rec)
{
	return ((const ta_tasklet *)rec)->decl_file != NULL;
}

static bool file_not_parsed(const void *rec)
{
	return ((const ta_file_entry *)rec)->status != TA_STATUS_PARSED;
}

static bool context_known(const void *rec)
{
	const ta_site_context *c = rec;

	return c->roles || c->context;
}

static bool has_recommendation(const void *rec)
{
	return ((const ta_classification *)rec)->rec.mechanism != NULL;
}

static bool behavior_not_checked(const void *rec)
{
	return ((const ta_behavior *)rec)->target == NULL;
}

static bool behavior_checked(const void *rec)
{
	return ((const ta_behavior *)rec)->target != NULL;
}

static bool diff_has_other(const void *rec)
{
	return ((const struct ta_behavior_diff *)rec)->other_model != NULL;
}

static bool diff_has_relevance(const void *rec)
{
	return ((const struct ta_behavior_diff *)rec)->relevance != NULL;
}

static bool patch_written(const void *rec)
{
	return ((const ta_patch_outcome *)rec)->status == TA_PATCH_WRITTEN;
}

/* ----------------------------------------------------------------- tables */

#define TABLE(var, type, rows)                                                                     \
	const struct ta_ftab var = {#type, sizeof(type), rows, sizeof(rows) / sizeof(*rows)}

#define AT(type, m) .off = offsetof(type, m)
#define COUNT(type, m) .n_off = offsetof(type, m)
#define CAP(type, m) .cap_off = offsetof(type, m)

/* ta_site: api, file, line, then what its kind has */
static const struct ta_fdesc init_site_rows[] = {
	{"api", TA_F_ENUM, AT(ta_site, api), .names = api_name, .dflt = TA_API_NONE,
	 .flags = TA_FD_REQUIRED},
	{"file", TA_F_STR, AT(ta_site, file)},
	{"line", TA_F_UINT, AT(ta_site, line), .flags = TA_FD_REQUIRED},
	{"callback", TA_F_STR, AT(ta_site, callback)},
	{"data", TA_F_STR, AT(ta_site, data), .cond = site_has_data},
	{"data_kind", TA_F_ENUM, AT(ta_site, data_kind), .names = data_kind_name,
	 .cond = site_has_data},
	{"function", TA_F_STR, AT(ta_site, function)},
	{"text", TA_F_STR, AT(ta_site, text)},
	{"active", TA_F_BOOL, AT(ta_site, active), .dflt = true},
	{"via_macro", TA_F_STR, AT(ta_site, via_macro), .when = TA_FW_SET},
	{"self", TA_F_BOOL, AT(ta_site, self), .when = TA_FW_SET},
};
TABLE(ta_init_site_fields, ta_site, init_site_rows);

static const struct ta_fdesc use_site_rows[] = {
	{"api", TA_F_ENUM, AT(ta_site, api), .names = api_name, .dflt = TA_API_NONE,
	 .flags = TA_FD_REQUIRED},
	{"file", TA_F_STR, AT(ta_site, file)},
	{"line", TA_F_UINT, AT(ta_site, line), .flags = TA_FD_REQUIRED},
	{"function", TA_F_STR, AT(ta_site, function)},
	{"text", TA_F_STR, AT(ta_site, text)},
	{"active", TA_F_BOOL, AT(ta_site, active), .dflt = true},
	{"via_macro", TA_F_STR, AT(ta_site, via_macro), .when = TA_FW_SET},
	{"self", TA_F_BOOL, AT(ta_site, self), .when = TA_FW_SET},
	/* through a schedule (kill, disable, ...) wrapper: the path to its API call */
	{"via", TA_F_STR, AT(ta_site, via), .when = TA_FW_SET},
	/* through a pointer field holding the tasklet's address: the field, where it is set */
	{"through", TA_F_STR, AT(ta_site, through), .when = TA_FW_SET},
	/* internals: what they touch; a direct call: the callee */
	{"detail", TA_F_STR, AT(ta_site, data), .when = TA_FW_SET, .cond = site_is_internals},
	{"callee", TA_F_STR, AT(ta_site, callback), .cond = site_is_direct_call},
};
TABLE(ta_use_site_fields, ta_site, use_site_rows);

/* the container of a field object, as one object */
static const struct ta_fdesc container_rows[] = {
	{"type", TA_F_STR, AT(ta_tasklet, ctype), .when = TA_FW_SET, .flags = TA_FD_REQUIRED},
	{"field", TA_F_STR, AT(ta_tasklet, field)},
};
static TABLE(container_fields, ta_tasklet, container_rows);

static const struct ta_fdesc tasklet_rows[] = {
	{"id", TA_F_STR, AT(ta_tasklet, id), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"key", TA_F_STR, AT(ta_tasklet, key), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"file", TA_F_STR, AT(ta_tasklet, file)},
	{"line", TA_F_UINT, AT(ta_tasklet, line), .flags = TA_FD_REQUIRED},
	{"name", TA_F_STR, AT(ta_tasklet, name), .when = TA_FW_SET},
	{"container", TA_F_GROUP, .sub = &container_fields, .cond = tasklet_in_container,
	 .flags = TA_FD_NULL_UNLESS},
	{"scope", TA_F_ENUM, AT(ta_tasklet, scope), .names = scope_name,
	 .dflt = TA_SCOPE_UNRESOLVED},
	{"subsystem", TA_F_STR, AT(ta_tasklet, subsystem), .when = TA_FW_SET},
	{"maintainers_entry", TA_F_STR, AT(ta_tasklet, maintainers_entry), .when = TA_FW_SET},
	{"init_api", TA_F_ENUM, AT(ta_tasklet, init_api), .names = api_name, .dflt = TA_API_NONE,
	 .flags = TA_FD_REQUIRED},
	{"callback", TA_F_STR, AT(ta_tasklet, callback)},
	{"callback_signature", TA_F_ENUM, AT(ta_tasklet, sig), .names = sig_name},
	{"callback_is_expression", TA_F_BOOL, AT(ta_tasklet, callback_is_expr)},
	{"callback_file", TA_F_STR, AT(ta_tasklet, callback_file)},
	{"callback_line", TA_F_UINT, AT(ta_tasklet, callback_line),
	 .cond = tasklet_has_callback_file},
	{"data", TA_F_STR, AT(ta_tasklet, data)},
	{"data_kind", TA_F_ENUM, AT(ta_tasklet, data_kind), .names = data_kind_name},
	{"root_type", TA_F_STR, AT(ta_tasklet, root_type)},
	{"member_path", TA_F_STR, AT(ta_tasklet, member_path)},
	{"decl_file", TA_F_STR, AT(ta_tasklet, decl_file)},
	{"decl_line", TA_F_UINT, AT(ta_tasklet, decl_line), .cond = tasklet_has_decl_file},
	{"array", TA_F_BOOL, AT(ta_tasklet, array)},
	{"active", TA_F_BOOL, AT(ta_tasklet, active), .dflt = true},
	{"never_initialized", TA_F_BOOL, AT(ta_tasklet, never_initialized)},
	{"init_sites", TA_F_ARRAY, AT(ta_tasklet, init_sites), COUNT(ta_tasklet, n_init),
	 CAP(ta_tasklet, cap_init), .sub = &ta_init_site_fields},
	{"sites", TA_F_ARRAY, AT(ta_tasklet, sites), COUNT(ta_tasklet, n_sites),
	 CAP(ta_tasklet, cap_sites), .sub = &ta_use_site_fields},
	{.json = "site_counts", .type = TA_F_DERIVED},
	/* the stages' results: the classification's rows in this object, from "class" on */
	{"class", TA_F_FLAT, AT(ta_tasklet, classification), .sub = &ta_classification_fields},
	{"behavior", TA_F_OBJECT, AT(ta_tasklet, behavior), .sub = &ta_behavior_fields,
	 .when = TA_FW_SET},
	{"patch", TA_F_OBJECT, AT(ta_tasklet, patch), .sub = &ta_patch_outcome_fields,
	 .when = TA_FW_SET},
};
TABLE(ta_tasklet_fields, ta_tasklet, tasklet_rows);

static const struct ta_fdesc file_entry_rows[] = {
	{"path", TA_F_STR, AT(ta_file_entry, path), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"status", TA_F_ENUM, AT(ta_file_entry, status), .names = status_name},
	{"reason", TA_F_STR, AT(ta_file_entry, reason), .cond = file_not_parsed},
	{"errors", TA_F_UINT, AT(ta_file_entry, n_errors)},
	{"included_by", TA_F_STR, AT(ta_file_entry, included_by), .when = TA_FW_SET},
};
TABLE(ta_file_entry_fields, ta_file_entry, file_entry_rows);

/* the program facts the classifier reasons over: not in the report */
static const struct ta_fdesc func_rows[] = {
	{NULL, TA_F_STR, AT(ta_func, file)},
	{NULL, TA_F_STR, AT(ta_func, name)},
	{NULL, TA_F_STR, AT(ta_func, ret)},
};
TABLE(ta_func_fields, ta_func, func_rows);

static const struct ta_fdesc edge_rows[] = {
	{NULL, TA_F_STR, AT(ta_edge, file)},
	{NULL, TA_F_STR, AT(ta_edge, caller)},
	{NULL, TA_F_STR, AT(ta_edge, callee)},
};
TABLE(ta_edge_fields, ta_edge, edge_rows);

static const struct ta_fdesc ref_rows[] = {
	{NULL, TA_F_STR, AT(ta_ref, file)},
	{NULL, TA_F_STR, AT(ta_ref, fn)},
	{NULL, TA_F_STR, AT(ta_ref, context)},
	{NULL, TA_F_STR, AT(ta_ref, where)},
};
TABLE(ta_ref_fields, ta_ref, ref_rows);

static const struct ta_fdesc lock_rows[] = {
	{NULL, TA_F_STR, AT(ta_lock, file)}, {NULL, TA_F_STR, AT(ta_lock, function)},
	{NULL, TA_F_STR, AT(ta_lock, api)},  {NULL, TA_F_STR, AT(ta_lock, key)},
	{NULL, TA_F_STR, AT(ta_lock, text)},
};
TABLE(ta_lock_fields, ta_lock, lock_rows);

static const struct ta_fdesc container_fact_rows[] = {
	{NULL, TA_F_STR, AT(ta_container, file)},   {NULL, TA_F_STR, AT(ta_container, function)},
	{NULL, TA_F_STR, AT(ta_container, macro)},  {NULL, TA_F_STR, AT(ta_container, ptr)},
	{NULL, TA_F_STR, AT(ta_container, member)},
};
TABLE(ta_container_fields, ta_container, container_fact_rows);

static const struct ta_fdesc pass_rows[] = {
	{NULL, TA_F_STR, AT(ta_pass, file)},   {NULL, TA_F_STR, AT(ta_pass, function)},
	{NULL, TA_F_STR, AT(ta_pass, callee)}, {NULL, TA_F_STR, AT(ta_pass, key)},
	{NULL, TA_F_STR, AT(ta_pass, text)},
};
TABLE(ta_pass_fields, ta_pass, pass_rows);

/* ------------------------------------------------------------ the classifier */

static const struct ta_fdesc reason_rows[] = {
	{"rule", TA_F_STR, AT(ta_reason, rule), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"text", TA_F_STR, AT(ta_reason, text), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
};
TABLE(ta_reason_fields, ta_reason, reason_rows);

static const struct ta_fdesc finding_rows[] = {
	{"rule", TA_F_STR, AT(ta_finding, rule), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"severity", TA_F_STR, AT(ta_finding, severity), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"text", TA_F_STR, AT(ta_finding, text), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"file", TA_F_STR, AT(ta_finding, file)},
	{"line", TA_F_UINT, AT(ta_finding, line)},
};
TABLE(ta_finding_fields, ta_finding, finding_rows);

static const struct ta_fdesc recommendation_rows[] = {
	{"mechanism", TA_F_STR, AT(ta_recommendation, mechanism), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED},
	{"queue", TA_F_STR, AT(ta_recommendation, queue)},
	{"confidence", TA_F_DOUBLE, AT(ta_recommendation, confidence), .flags = TA_FD_ROUND2},
	{"reasons", TA_F_ARRAY, AT(ta_recommendation, reasons), COUNT(ta_recommendation, n_reasons),
	 CAP(ta_recommendation, cap_reasons), .sub = &ta_reason_fields},
	{"alternatives", TA_F_STRS, AT(ta_recommendation, alternatives),
	 COUNT(ta_recommendation, n_alternatives), CAP(ta_recommendation, cap_alternatives)},
	{"blockers", TA_F_ARRAY, AT(ta_recommendation, blockers),
	 COUNT(ta_recommendation, n_blockers), CAP(ta_recommendation, cap_blockers),
	 .sub = &ta_reason_fields},
};
TABLE(ta_recommendation_fields, ta_recommendation, recommendation_rows);

/* merged into the tasklet's "sites" objects */
static const struct ta_fdesc site_context_rows[] = {
	{"context", TA_F_BITS, AT(ta_site_context, roles), .names = role_name,
	 .cond = context_known},
	{"context_evidence", TA_F_STR, AT(ta_site_context, context), .cond = context_known},
	{"spinlock_held", TA_F_BOOL, AT(ta_site_context, atomic_lock), .when = TA_FW_SET,
	 .cond = context_known},
};
TABLE(ta_site_context_fields, ta_site_context, site_context_rows);

/* flattened into the tasklet's object; read when it has "class" */
static const struct ta_fdesc classification_rows[] = {
	{"class", TA_F_STR, AT(ta_classification, cls)},
	{"class_reasons", TA_F_ARRAY, AT(ta_classification, class_reasons),
	 COUNT(ta_classification, n_class_reasons), CAP(ta_classification, cap_class_reasons),
	 .sub = &ta_reason_fields},
	{"traits", TA_F_STRS, AT(ta_classification, traits), COUNT(ta_classification, n_traits),
	 CAP(ta_classification, cap_traits)},
	{"bh_exclusion", TA_F_BOOL, AT(ta_classification, bh_exclusion)},
	{"recommendation", TA_F_EMBED, AT(ta_classification, rec), .sub = &ta_recommendation_fields,
	 .cond = has_recommendation, .flags = TA_FD_NULL_UNLESS},
	{"findings", TA_F_ARRAY, AT(ta_classification, findings),
	 COUNT(ta_classification, n_findings), CAP(ta_classification, cap_findings),
	 .sub = &ta_finding_fields},
	{"sites", TA_F_MERGE, AT(ta_classification, sites), COUNT(ta_classification, n_sites),
	 .sub = &ta_site_context_fields},
};
TABLE(ta_classification_fields, ta_classification, classification_rows);

/* -------------------------------------------------------- the behaviour check */

static const struct ta_fdesc behavior_op_rows[] = {
	{NULL, TA_F_STRS, AT(struct ta_behavior_op, sites), COUNT(struct ta_behavior_op, n_sites)},
};
TABLE(ta_behavior_op_fields, struct ta_behavior_op, behavior_op_rows);

static const struct ta_fdesc behavior_diff_rows[] = {
	{"property", TA_F_STR, AT(struct ta_behavior_diff, property), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"safety", TA_F_BOOL, AT(struct ta_behavior_diff, safety)},
	{"explanation", TA_F_STR, AT(struct ta_behavior_diff, explanation), .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED | TA_FD_NONNULL},
	{"trace_model", TA_F_STR, AT(struct ta_behavior_diff, trace_model), .when = TA_FW_SET,
	 .flags = TA_FD_NONNULL},
	{"trace", TA_F_STRS, AT(struct ta_behavior_diff, trace),
	 COUNT(struct ta_behavior_diff, n_trace)},
	{"other_model", TA_F_STR, AT(struct ta_behavior_diff, other_model), .when = TA_FW_SET},
	{"other_trace", TA_F_STRS, AT(struct ta_behavior_diff, other_trace),
	 COUNT(struct ta_behavior_diff, n_other_trace), .cond = diff_has_other},
	{"lines", TA_F_STRS, AT(struct ta_behavior_diff, lines),
	 COUNT(struct ta_behavior_diff, n_lines)},
	{"relevance", TA_F_NAME, AT(struct ta_behavior_diff, relevance), .names = relevance_name,
	 .when = TA_FW_SET},
	{"relevance_rule", TA_F_STR, AT(struct ta_behavior_diff, relevance_rule),
	 .cond = diff_has_relevance},
	{"relevance_reason", TA_F_STR, AT(struct ta_behavior_diff, relevance_reason),
	 .cond = diff_has_relevance},
	{NULL, TA_F_ARRAY, AT(struct ta_behavior_diff, ops), COUNT(struct ta_behavior_diff, n_ops),
	 .sub = &ta_behavior_op_fields},
};
TABLE(ta_behavior_diff_fields, struct ta_behavior_diff, behavior_diff_rows);

/* a tasklet that was not checked has its verdict and the reason only */
static const struct ta_fdesc behavior_rows[] = {
	{"verdict", TA_F_NAME, AT(ta_behavior, verdict), .names = verdict_name, .when = TA_FW_SET,
	 .flags = TA_FD_REQUIRED},
	{"reason", TA_F_STR, AT(ta_behavior, reason), .cond = behavior_not_checked},
	{"target", TA_F_NAME, AT(ta_behavior, target), .names = target_name, .when = TA_FW_SET},
	{"assessment", TA_F_NAME, AT(ta_behavior, assessment), .names = assessment_name,
	 .cond = behavior_checked},
	{"states_explored", TA_F_SIZE, AT(ta_behavior, states_explored), .cond = behavior_checked},
	{"complete", TA_F_BOOL, AT(ta_behavior, complete), .cond = behavior_checked},
	{"differences", TA_F_ARRAY, AT(ta_behavior, diffs), COUNT(ta_behavior, n_diffs),
	 .sub = &ta_behavior_diff_fields, .cond = behavior_checked},
	{"hazards", TA_F_ARRAY, AT(ta_behavior, hazards), COUNT(ta_behavior, n_hazards),
	 .sub = &ta_behavior_diff_fields, .cond = behavior_checked},
	{"notes", TA_F_STRS, AT(ta_behavior, notes), COUNT(ta_behavior, n_notes),
	 .cond = behavior_checked},
	{"protocol", TA_F_STR, AT(ta_behavior, protocol), .cond = behavior_checked},
};
TABLE(ta_behavior_fields, ta_behavior, behavior_rows);

/* ------------------------------------------------------------ the patch writer */

static const struct ta_fdesc patch_outcome_rows[] = {
	{"status", TA_F_ENUM, AT(ta_patch_outcome, status), .names = patch_status_name,
	 .flags = TA_FD_REQUIRED},
	{"reason", TA_F_STR, AT(ta_patch_outcome, reason)},
	{"migration", TA_F_STR, AT(ta_patch_outcome, migration)},
	{"to", TA_F_STRS, AT(ta_patch_outcome, to), COUNT(ta_patch_outcome, n_to),
	 .cond = patch_written},
	{"cc", TA_F_STRS, AT(ta_patch_outcome, cc), COUNT(ta_patch_outcome, n_cc),
	 .cond = patch_written},
};
TABLE(ta_patch_outcome_fields, ta_patch_outcome, patch_outcome_rows);

/* ------------------------------------------------------------------- free */

void ta_fields_free_array(const struct ta_ftab *t, void *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ta_fields_free(t, (char *)v + i * t->size);
	free(v);
}

void ta_fields_free(const struct ta_ftab *t, void *rec)
{
	if (!rec)
		return;
	for (size_t i = 0; i < t->n; i++) {
		const struct ta_fdesc *f = &t->v[i];
		void *p = ta_field_at(rec, f);
		size_t *n = f->n_off ? (size_t *)((char *)rec + f->n_off) : NULL;
		size_t *cap = f->cap_off ? (size_t *)((char *)rec + f->cap_off) : NULL;

		switch (f->type) {
		case TA_F_STR:
			free(*(char **)p);
			*(char **)p = NULL;
			break;
		case TA_F_STRS:
			for (size_t k = 0; k < *n; k++)
				free((*(char ***)p)[k]);
			free(*(char ***)p);
			*(char ***)p = NULL;
			*n = 0;
			break;
		case TA_F_ARRAY:
		case TA_F_MERGE:
			ta_fields_free_array(f->sub, *(void **)p, *n);
			*(void **)p = NULL;
			*n = 0;
			break;
		case TA_F_OBJECT:
		case TA_F_FLAT:
			ta_fields_free(f->sub, *(void **)p);
			free(*(void **)p);
			*(void **)p = NULL;
			break;
		case TA_F_EMBED:
			ta_fields_free(f->sub, p);
			break;
		case TA_F_GROUP:
			ta_fields_free(f->sub, rec);
			break;
		case TA_F_NAME:
		case TA_F_ENUM:
		case TA_F_BITS:
		case TA_F_UINT:
		case TA_F_SIZE:
		case TA_F_DOUBLE:
		case TA_F_BOOL:
		case TA_F_DERIVED:
			break;
		}
		if (cap)
			*cap = 0;
	}
}
