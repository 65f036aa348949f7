// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_read.c - the JSON report read back into the audit model, with
 * cJSON (besides the writer, the rule loader and the review file, the only
 * cJSON user).  Type errors name the field by its path in the
 * document ("tasklets[4].sites[1].line"); only the first one is reported.
 */
#include "report_read.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "diag.h"
#include "refcore_check.h"
#include "report.h"
#include "rules.h"
#include "util.h"

#define COUNT1(e, name) +1
enum {
	N_SIG = 0 TA_SIG_LIST(COUNT1),
	N_DATA = 0 TA_DATA_LIST(COUNT1),
	N_SCOPE = 0 TA_SCOPE_LIST(COUNT1),
	N_STATUS = 0 TA_STATUS_LIST(COUNT1),
};
#undef COUNT1

struct rd {
	const char *name;
	bool failed;
};

/* Report the first problem only: "name: error: 'where' problem". */
static void fail(struct rd *r, const char *where, const char *problem)
{
	if (r->failed)
		return;
	r->failed = true;
	ta_diag(TA_ERROR, r->name, 0, 0, "'%s' %s", where, problem);
}

static char *field_path(const char *where, const char *key)
{
	return *where ? xasprintf("%s.%s", where, key) : xstrdup(key);
}

static cJSON *item(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* A string or null field; absent is NULL unless required. */
static char *get_str(struct rd *r, const cJSON *o, const char *key, const char *where,
		     bool required)
{
	cJSON *v = item(o, key);
	char *path;

	if (v && cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if ((!v && !required) || cJSON_IsNull(v))
		return NULL;
	path = field_path(where, key);
	fail(r, path, v ? "is not a string" : "is missing");
	free(path);
	return NULL;
}

static double get_num(struct rd *r, const cJSON *o, const char *key, const char *where,
		      bool required, double dflt)
{
	cJSON *v = item(o, key);
	char *path;

	if (v && cJSON_IsNumber(v))
		return v->valuedouble;
	if (!v && !required)
		return dflt;
	path = field_path(where, key);
	fail(r, path, v ? "is not a number" : "is missing");
	free(path);
	return dflt;
}

static unsigned get_line(struct rd *r, const cJSON *o, const char *key, const char *where,
			 bool required)
{
	double d = get_num(r, o, key, where, required, 0);

	if (d < 0 || d > 4294967295.0 || d != (double)(unsigned)d) {
		char *path = field_path(where, key);
		fail(r, path, "is not a line number");
		free(path);
		return 0;
	}
	return (unsigned)d;
}

static bool get_bool(struct rd *r, const cJSON *o, const char *key, const char *where, bool dflt)
{
	cJSON *v = item(o, key);
	char *path;

	if (!v)
		return dflt;
	if (cJSON_IsBool(v))
		return cJSON_IsTrue(v);
	path = field_path(where, key);
	fail(r, path, "is not true or false");
	free(path);
	return dflt;
}

/* An array field; absent or null is NULL. */
static cJSON *get_arr(struct rd *r, const cJSON *o, const char *key, const char *where)
{
	cJSON *v = item(o, key);
	char *path;

	if (!v || cJSON_IsNull(v) || cJSON_IsArray(v))
		return cJSON_IsArray(v) ? v : NULL;
	path = field_path(where, key);
	fail(r, path, "is not an array");
	free(path);
	return NULL;
}

static cJSON *get_obj(struct rd *r, const cJSON *o, const char *key, const char *where)
{
	cJSON *v = item(o, key);
	char *path;

	if (!v || cJSON_IsNull(v) || cJSON_IsObject(v))
		return cJSON_IsObject(v) ? v : NULL;
	path = field_path(where, key);
	fail(r, path, "is not an object");
	free(path);
	return NULL;
}

/* Map a name to its index through a name function; -1 reports it unknown. */
static int lookup(struct rd *r, const cJSON *o, const char *key, const char *where, int n,
		  const char *(*name_of)(int), int dflt)
{
	char *s = get_str(r, o, key, where, false), *path;

	if (!s)
		return dflt;
	for (int i = 0; i < n; i++)
		if (strcmp(name_of(i), s) == 0) {
			free(s);
			return i;
		}
	path = field_path(where, key);
	fail(r, path, "has an unknown value");
	free(path);
	free(s);
	return dflt;
}

static const char *sig_name(int i)
{
	return ta_sig_name((enum ta_sig)i);
}

static const char *data_name(int i)
{
	return ta_data_kind_name((enum ta_data_kind)i);
}

static const char *scope_name(int i)
{
	return ta_scope_name((enum ta_scope)i);
}

static const char *status_name(int i)
{
	return ta_status_name((enum ta_status)i);
}

/* "none" is TA_API_NONE (an object never initialized). */
static enum ta_api get_api(struct rd *r, const cJSON *o, const char *key, const char *where)
{
	char *s = get_str(r, o, key, where, true), *path;
	enum ta_api api;

	if (!s)
		return TA_API_NONE;
	api = ta_api_from_name(s);
	if (api == TA_API_NONE && strcmp(s, "none") != 0) {
		path = field_path(where, key);
		fail(r, path, "has an unknown value");
		free(path);
	}
	free(s);
	return api;
}

/* Each element of an array as a string (non-strings printed as JSON). */
static char **str_array(struct rd *r, const cJSON *arr, const char *where, size_t *n, bool strict)
{
	char **v = NULL;
	size_t cap = 0;
	const cJSON *e;
	size_t i = 0;

	*n = 0;
	cJSON_ArrayForEach(e, arr)
	{
		if (cJSON_IsString(e)) {
			TA_PUSH(v, *n, cap, xstrdup(e->valuestring));
		} else if (strict) {
			char *path = xasprintf("%s[%zu]", where, i);
			fail(r, path, "is not a string");
			free(path);
		} else {
			char *s = cJSON_PrintUnformatted(e);
			TA_PUSH(v, *n, cap, xstrdup(s ? s : "?"));
			cJSON_free(s);
		}
		i++;
	}
	return v;
}

static void read_site(struct rd *r, const cJSON *o, const char *where, bool init, ta_site *s)
{
	const cJSON *roles;

	memset(s, 0, sizeof(*s));
	if (!cJSON_IsObject(o)) {
		fail(r, where, "is not an object");
		return;
	}
	s->api = get_api(r, o, "api", where);
	s->file = get_str(r, o, "file", where, false);
	s->line = get_line(r, o, "line", where, true);
	s->function = get_str(r, o, "function", where, false);
	s->text = get_str(r, o, "text", where, false);
	s->active = get_bool(r, o, "active", where, true);
	s->via_macro = get_str(r, o, "via_macro", where, false);
	s->self = get_bool(r, o, "self", where, false);
	if (init) {
		s->callback = get_str(r, o, "callback", where, false);
		s->data = get_str(r, o, "data", where, false);
		s->data_kind = (enum ta_data_kind)lookup(r, o, "data_kind", where, N_DATA,
							 data_name, 0);
		return;
	}
	if (s->api == TA_API_INTERNALS)
		s->data = get_str(r, o, "detail", where, false);
	if (s->api == TA_API_DIRECT_CALL)
		s->callback = get_str(r, o, "callee", where, false);
	roles = get_arr(r, o, "context", where);
	if (roles) {
		const cJSON *e;
		cJSON_ArrayForEach(e, roles)
		{
			int role = cJSON_IsString(e) ? ta_role_from_name(e->valuestring) : -1;
			if (role < 0) {
				char *path = field_path(where, "context");
				fail(r, path, "names an unknown context");
				free(path);
				break;
			}
			s->roles |= TA_ROLE_BIT(role);
		}
	}
	s->context = get_str(r, o, "context_evidence", where, false);
	s->atomic_lock = get_bool(r, o, "spinlock_held", where, false);
}

/* Read the array at key into *v / *n. */
static void read_sites(struct rd *r, const cJSON *o, const char *key, const char *where, bool init,
		       ta_site **v, size_t *n, size_t *cap)
{
	const cJSON *arr = get_arr(r, o, key, where), *e;
	size_t i = 0;

	cJSON_ArrayForEach(e, arr)
	{
		char *w = xasprintf("%s%s%s[%zu]", where, *where ? "." : "", key, i++);
		ta_site s;
		read_site(r, e, w, init, &s);
		TA_PUSH(*v, *n, *cap, s);
		free(w);
	}
}

static void read_reasons(struct rd *r, const cJSON *o, const char *key, const char *where,
			 ta_reason **v, size_t *n, size_t *cap)
{
	const cJSON *arr = get_arr(r, o, key, where), *e;
	size_t i = 0;

	cJSON_ArrayForEach(e, arr)
	{
		char *w = xasprintf("%s.%s[%zu]", where, key, i++);
		ta_reason rs = {0};
		if (!cJSON_IsObject(e)) {
			fail(r, w, "is not an object");
		} else {
			rs.rule = get_str(r, e, "rule", w, true);
			rs.text = get_str(r, e, "text", w, true);
		}
		if (!rs.rule)
			rs.rule = xstrdup("");
		if (!rs.text)
			rs.text = xstrdup("");
		TA_PUSH(*v, *n, *cap, rs);
		free(w);
	}
}

static void read_classification(struct rd *r, const cJSON *o, const char *where, ta_tasklet *t)
{
	const cJSON *arr, *rec, *e;
	size_t i = 0;
	char *w;

	t->cls = get_str(r, o, "class", where, false);
	read_reasons(r, o, "class_reasons", where, &t->class_reasons, &t->n_class_reasons,
		     &t->cap_class_reasons);
	arr = get_arr(r, o, "traits", where);
	w = field_path(where, "traits");
	t->traits = str_array(r, arr, w, &t->n_traits, true);
	free(w);
	t->cap_traits = t->n_traits;
	t->bh_exclusion = get_bool(r, o, "bh_exclusion", where, false);
	rec = get_obj(r, o, "recommendation", where);
	if (rec) {
		char *aw;
		w = field_path(where, "recommendation");
		t->rec.mechanism = get_str(r, rec, "mechanism", w, true);
		t->rec.queue = get_str(r, rec, "queue", w, false);
		t->rec.confidence = get_num(r, rec, "confidence", w, false, 0);
		read_reasons(r, rec, "reasons", w, &t->rec.reasons, &t->rec.n_reasons,
			     &t->rec.cap_reasons);
		arr = get_arr(r, rec, "alternatives", w);
		aw = field_path(w, "alternatives");
		t->rec.alternatives = str_array(r, arr, aw, &t->rec.n_alternatives, true);
		free(aw);
		t->rec.cap_alternatives = t->rec.n_alternatives;
		read_reasons(r, rec, "blockers", w, &t->rec.blockers, &t->rec.n_blockers,
			     &t->rec.cap_blockers);
		free(w);
	}
	arr = get_arr(r, o, "findings", where);
	cJSON_ArrayForEach(e, arr)
	{
		ta_finding f = {0};
		w = xasprintf("%s.findings[%zu]", where, i++);
		if (!cJSON_IsObject(e)) {
			fail(r, w, "is not an object");
		} else {
			f.rule = get_str(r, e, "rule", w, true);
			f.severity = get_str(r, e, "severity", w, true);
			f.text = get_str(r, e, "text", w, true);
			f.file = get_str(r, e, "file", w, false);
			f.line = get_line(r, e, "line", w, false);
		}
		if (!f.rule)
			f.rule = xstrdup("");
		if (!f.severity)
			f.severity = xstrdup("");
		if (!f.text)
			f.text = xstrdup("");
		TA_PUSH(t->findings, t->n_findings, t->cap_findings, f);
		free(w);
	}
}

/* A string array member into *v / *n (absent: empty). */
static void read_strings(struct rd *r, const cJSON *o, const char *key, const char *where,
			 char ***v, size_t *n)
{
	const cJSON *arr = get_arr(r, o, key, where);
	char *w = field_path(where, key);

	*v = str_array(r, arr, w, n, true);
	free(w);
}

static const char *const relevances[] = {"benign", "observable", NULL};
static const char *const assessments[] = {"equivalent", "benign", "review", "unsafe", NULL};

/* The optional string o[key] as its static copy in names (NULL-ended); absent: NULL. */
static const char *one_of(struct rd *r, const cJSON *o, const char *key, const char *where,
			  const char *const *names)
{
	char *s = get_str(r, o, key, where, false);
	const char *hit = NULL;

	for (size_t i = 0; s && names[i] && !hit; i++)
		if (strcmp(names[i], s) == 0)
			hit = names[i];
	if (s && !hit) {
		char *path = field_path(where, key);
		fail(r, path, "has an unknown value");
		free(path);
	}
	free(s);
	return hit;
}

static void read_diffs(struct rd *r, const cJSON *o, const char *key, const char *where,
		       struct ta_behavior_diff **v, size_t *n)
{
	const cJSON *arr = get_arr(r, o, key, where), *e;
	size_t cap = 0, i = 0;

	*v = NULL;
	*n = 0;
	cJSON_ArrayForEach(e, arr)
	{
		char *w = xasprintf("%s.%s[%zu]", where, key, i++);
		struct ta_behavior_diff d = {0};
		if (!cJSON_IsObject(e)) {
			fail(r, w, "is not an object");
		} else {
			d.property = get_str(r, e, "property", w, true);
			d.safety = get_bool(r, e, "safety", w, false);
			d.explanation = get_str(r, e, "explanation", w, true);
			d.trace_model = get_str(r, e, "trace_model", w, false);
			read_strings(r, e, "trace", w, &d.trace, &d.n_trace);
			d.other_model = get_str(r, e, "other_model", w, false);
			read_strings(r, e, "other_trace", w, &d.other_trace, &d.n_other_trace);
			read_strings(r, e, "lines", w, &d.lines, &d.n_lines);
			d.relevance = one_of(r, e, "relevance", w, relevances);
			d.relevance_rule = get_str(r, e, "relevance_rule", w, false);
			d.relevance_reason = get_str(r, e, "relevance_reason", w, false);
		}
		if (!d.property)
			d.property = xstrdup("");
		if (!d.explanation)
			d.explanation = xstrdup("");
		if (!d.trace_model)
			d.trace_model = xstrdup("");
		TA_PUSH(*v, *n, cap, d);
		free(w);
	}
}

/* The static name behaviour.c uses for a verdict; NULL when unknown. */
static const char *verdict_static(const char *s)
{
	static const char *const names[] = {
#define X(e, name) name,
		TA_RC_VERDICT_LIST(X)
#undef X
			"not_checked"};

	for (size_t i = 0; s && i < sizeof(names) / sizeof(*names); i++)
		if (strcmp(names[i], s) == 0)
			return names[i];
	return NULL;
}

/* The "behavior" object into t->behavior (absent: NULL). */
static void read_behavior(struct rd *r, const cJSON *o, const char *where, ta_tasklet *t)
{
	const cJSON *bo = get_obj(r, o, "behavior", where);
	ta_behavior *b;
	char *w, *s;
	enum ta_rc_target to;
	double states;

	if (!bo)
		return;
	w = field_path(where, "behavior");
	b = t->behavior = xcalloc(1, sizeof(*b));
	s = get_str(r, bo, "verdict", w, true);
	b->verdict = verdict_static(s);
	if (s && !b->verdict) {
		char *path = field_path(w, "verdict");
		fail(r, path, "has an unknown value");
		free(path);
	}
	if (!b->verdict)
		b->verdict = "not_checked";
	free(s);
	b->reason = get_str(r, bo, "reason", w, false);
	s = get_str(r, bo, "target", w, false);
	if (s && ta_rc_target_from_name(s, &to) == 0) {
		b->target = ta_rc_target_name(to);
	} else if (s) {
		char *path = field_path(w, "target");
		fail(r, path, "has an unknown value");
		free(path);
	}
	free(s);
	b->assessment = one_of(r, bo, "assessment", w, assessments);
	states = get_num(r, bo, "states_explored", w, false, 0);
	b->states_explored = states > 0 ? (size_t)states : 0;
	b->complete = get_bool(r, bo, "complete", w, false);
	read_diffs(r, bo, "differences", w, &b->diffs, &b->n_diffs);
	read_diffs(r, bo, "hazards", w, &b->hazards, &b->n_hazards);
	read_strings(r, bo, "notes", w, &b->notes, &b->n_notes);
	b->protocol = get_str(r, bo, "protocol", w, false);
	free(w);
}

static void read_tasklet(struct rd *r, const cJSON *o, const char *where, bool classified,
			 ta_tasklet *t)
{
	const cJSON *c;

	memset(t, 0, sizeof(*t));
	t->init_api = TA_API_NONE;
	if (!cJSON_IsObject(o)) {
		fail(r, where, "is not an object");
		return;
	}
	t->id = get_str(r, o, "id", where, true);
	t->key = get_str(r, o, "key", where, true);
	t->file = get_str(r, o, "file", where, false);
	t->line = get_line(r, o, "line", where, true);
	t->name = get_str(r, o, "name", where, false);
	c = get_obj(r, o, "container", where);
	if (c) {
		char *w = field_path(where, "container");
		t->ctype = get_str(r, c, "type", w, true);
		t->field = get_str(r, c, "field", w, false);
		free(w);
	}
	t->scope = (enum ta_scope)lookup(r, o, "scope", where, N_SCOPE, scope_name,
					 TA_SCOPE_UNRESOLVED);
	t->subsystem = get_str(r, o, "subsystem", where, false);
	t->init_api = get_api(r, o, "init_api", where);
	t->callback = get_str(r, o, "callback", where, false);
	t->sig = (enum ta_sig)lookup(r, o, "callback_signature", where, N_SIG, sig_name, 0);
	t->callback_is_expr = get_bool(r, o, "callback_is_expression", where, false);
	t->callback_file = get_str(r, o, "callback_file", where, false);
	t->callback_line = get_line(r, o, "callback_line", where, false);
	t->data = get_str(r, o, "data", where, false);
	t->data_kind = (enum ta_data_kind)lookup(r, o, "data_kind", where, N_DATA, data_name, 0);
	t->root_type = get_str(r, o, "root_type", where, false);
	t->member_path = get_str(r, o, "member_path", where, false);
	t->decl_file = get_str(r, o, "decl_file", where, false);
	t->decl_line = get_line(r, o, "decl_line", where, false);
	t->array = get_bool(r, o, "array", where, false);
	t->active = get_bool(r, o, "active", where, true);
	t->never_initialized = get_bool(r, o, "never_initialized", where, false);
	read_sites(r, o, "init_sites", where, true, &t->init_sites, &t->n_init, &t->cap_init);
	read_sites(r, o, "sites", where, false, &t->sites, &t->n_sites, &t->cap_sites);
	if (classified)
		read_classification(r, o, where, t);
	read_behavior(r, o, where, t);
}

static void read_files(struct rd *r, const cJSON *root, ta_audit *a)
{
	const cJSON *arr = get_arr(r, root, "files", ""), *e;
	size_t i = 0;

	cJSON_ArrayForEach(e, arr)
	{
		char *w = xasprintf("files[%zu]", i++);
		ta_file_entry f = {0};
		if (!cJSON_IsObject(e)) {
			fail(r, w, "is not an object");
		} else {
			f.path = get_str(r, e, "path", w, true);
			f.status = (enum ta_status)lookup(r, e, "status", w, N_STATUS, status_name,
							  0);
			f.reason = get_str(r, e, "reason", w, false);
			f.n_errors = get_line(r, e, "errors", w, false);
			f.included_by = get_str(r, e, "included_by", w, false);
		}
		if (!f.path)
			f.path = xstrdup("");
		TA_PUSH(a->files, a->n_files, a->cap_files, f);
		free(w);
	}
}

/* A report says it is classified by the summary's by_class or a tasklet's "class". */
static bool is_classified(const cJSON *root)
{
	const cJSON *sum = item(root, "summary"), *arr = item(root, "tasklets"), *e;

	if (cJSON_IsObject(sum) && item(sum, "by_class"))
		return true;
	if (!cJSON_IsArray(arr))
		return false;
	cJSON_ArrayForEach(e, arr) if (cJSON_IsObject(e) && item(e, "class")) return true;
	return false;
}

static void check_version(struct rd *r, const cJSON *root)
{
	char *v = get_str(r, root, "format_version", "", true);
	char *end;
	long major;

	if (!v)
		return;
	errno = 0;
	major = strtol(v, &end, 10);
	if (errno || end == v || (*end && *end != '.'))
		fail(r, "format_version", "is not a version number");
	else if (major != strtol(TA_REPORT_FORMAT_VERSION, NULL, 10))
		fail(r, "format_version", "is a major version this program cannot read");
	free(v);
}

static void read_root(struct rd *r, const cJSON *root, ta_audit *a)
{
	const cJSON *arr, *sum, *tm, *e;
	size_t i = 0;

	check_version(r, root);
	a->tree = get_str(r, root, "tree", "", true);
	a->subtree = get_str(r, root, "subtree", "", false);
	a->kernel_version = get_str(r, root, "kernel_version", "", false);
	a->libclang_version = get_str(r, root, "libclang_version", "", false);
	a->config_source = get_str(r, root, "config_source", "", false);
	a->flags_source = get_str(r, root, "flags_source", "", false);
	a->rules_dir = get_str(r, root, "rules", "", false);
	sum = get_obj(r, root, "summary", "");
	if (sum)
		a->c_files_scanned = (size_t)get_num(r, sum, "c_files_scanned", "summary", false,
						     0);
	tm = get_obj(r, root, "timing", "");
	if (tm) {
		a->jobs = (int)get_num(r, tm, "jobs", "timing", false, 0);
		a->prefilter_seconds = get_num(r, tm, "prefilter_seconds", "timing", false, 0);
		a->parse_seconds = get_num(r, tm, "parse_seconds", "timing", false, 0);
		a->total_seconds = get_num(r, tm, "total_seconds", "timing", false, 0);
		a->cache_seconds = get_num(r, tm, "cache_seconds", "timing", false, 0);
		a->pch_seconds = get_num(r, tm, "pch_seconds", "timing", false, 0);
		a->cache_hits = (size_t)get_num(r, tm, "cache_hits", "timing", false, 0);
		a->cache_misses = (size_t)get_num(r, tm, "cache_misses", "timing", false, 0);
		a->behavior_seconds = get_num(r, tm, "behavior_seconds", "timing", false, 0);
	}
	read_files(r, root, a);
	a->classified = is_classified(root);
	arr = get_arr(r, root, "tasklets", "");
	if (!arr && !r->failed)
		fail(r, "tasklets", "is missing");
	cJSON_ArrayForEach(e, arr)
	{
		char *w = xasprintf("tasklets[%zu]", i);
		ta_tasklet t;
		read_tasklet(r, e, w, a->classified, &t);
		if (!t.id)
			t.id = xstrdup("");
		if (!t.key)
			t.key = xstrdup("");
		TA_PUSH(a->tasklets, a->n_tasklets, a->cap_tasklets, t);
		free(w);
		i++;
	}
	read_sites(r, root, "unresolved_sites", "", false, &a->unresolved, &a->n_unresolved,
		   &a->cap_unresolved);
}

/* 1-based line and column of byte offset off in text. */
static void line_col(const char *text, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int ta_report_parse(const char *name, const char *text, size_t len, ta_audit **audit)
{
	struct rd r = {.name = name};
	const char *end = NULL;
	cJSON *root;
	ta_audit *a;

	*audit = NULL;
	root = cJSON_ParseWithLengthOpts(text, len, &end, false);
	if (!root) {
		unsigned line, col;
		size_t off = end && end >= text ? (size_t)(end - text) : 0;
		line_col(text, off, &line, &col);
		ta_diag(TA_ERROR, name, line, col, "invalid JSON");
		return TA_EXIT_USAGE;
	}
	if (!cJSON_IsObject(root)) {
		ta_diag(TA_ERROR, name, 0, 0, "not a tasklet-audit report (not a JSON object)");
		cJSON_Delete(root);
		return TA_EXIT_USAGE;
	}
	a = ta_audit_new();
	a->free_behavior = ta_behavior_free; /* the behaviors read_behavior() stores */
	read_root(&r, root, a);
	cJSON_Delete(root);
	if (r.failed) {
		ta_audit_free(&a);
		return TA_EXIT_USAGE;
	}
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
