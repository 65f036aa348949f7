// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules.c - loads and validates the JSON rule files (JSON with C comments,
 * read through jsondoc.h): every error names the file, the line and the
 * column of the offending value, and the rule it is in.
 */
#include "rules.h"

#include <cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "jsondoc.h"
#include "mechanism.h"
#include "patch_rules.h"
#include "refcore_check.h"
#include "util.h"

static const char *const role_names[] = {
#define X(e, name) name,
	TA_ROLE_LIST(X)
#undef X
};

static const char *const check_names[] = {
#define X(e, name) name,
	TA_CHECK_LIST(X)
#undef X
};

const char *ta_role_name(enum ta_role role)
{
	return role < TA_ROLE_COUNT ? role_names[role] : "?";
}

int ta_role_from_name(const char *name)
{
	for (int i = 0; i < TA_ROLE_COUNT; i++)
		if (strcmp(role_names[i], name) == 0)
			return i;
	return -1;
}

bool ta_strlist_has(const ta_strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], s) == 0)
			return true;
	return false;
}

bool ta_strlist_has_prefix_of(const ta_strlist *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (ta_str_starts(s, l->v[i]))
			return true;
	return false;
}

const char *ta_rules_default_dir(void)
{
	return ta_bundled_path(TA_SOURCE_DIR "/rules", TA_DATA_DIR "/rules");
}

/*
 * Loading: one document at a time, and the ids seen so far in every file
 * with where each was defined, so a second definition names the first.
 */
struct load {
	ta_jdoc *d;
	ta_strmap *ids; /* id -> index in where */
	char ***where;  /* "file:line" of each id */
	size_t *n_where, *cap_where;
};

static char *get_str(struct load *s, const cJSON *o, const char *key, bool required)
{
	return ta_jdoc_strdup(s->d, o, key, required ? TA_J_REQUIRED : 0);
}

static ta_strlist get_list(struct load *s, const cJSON *o, const char *key)
{
	ta_strlist l = {0};

	l.v = ta_jdoc_strings(s->d, o, key, 0, &l.n);
	return l;
}

/*
 * The id of rule o, which names the rule in the errors that follow; a
 * second definition of an id is an error.  NULL when o has none.
 */
static char *rule_id(struct load *s, const cJSON *o)
{
	const cJSON *v;
	size_t *first;
	char *id;

	ta_jdoc_subject(s->d, NULL);
	if (!cJSON_IsObject(o)) {
		ta_jdoc_bad(s->d, o, "is not an object");
		return NULL;
	}
	id = get_str(s, o, "id", true);
	if (!id)
		return NULL;
	v = cJSON_GetObjectItemCaseSensitive(o, "id");
	first = ta_strmap_get(s->ids, id);
	if (first) {
		ta_jdoc_fail(s->d, v, "rule id '%s' is defined twice (first at %s)", id,
			     (*s->where)[*first]);
	} else {
		unsigned line, col;
		ta_jdoc_where(s->d, v, &line, &col);
		ta_strmap_put(s->ids, id, *s->n_where);
		TA_PUSH(*s->where, *s->n_where, *s->cap_where,
			xasprintf("%s:%u", ta_jdoc_name(s->d), line));
	}
	{
		char *subject = xasprintf("rule '%s'", id);
		ta_jdoc_subject(s->d, subject);
		free(subject);
	}
	return id;
}

static void strlist_free(ta_strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* The role bits of the strings of arr (checked to be strings). */
static unsigned role_bits(struct load *s, const cJSON *arr)
{
	const cJSON *e;
	unsigned bits = 0;

	cJSON_ArrayForEach(e, arr)
	{
		int r = cJSON_IsString(e) ? ta_role_from_name(e->valuestring) : -1;
		if (r < 0)
			ta_jdoc_fail(s->d, e, "unknown role '%s'",
				     cJSON_IsString(e) ? e->valuestring : "?");
		else
			bits |= TA_ROLE_BIT(r);
	}
	return bits;
}

static void cond_free(ta_cond *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n_kids; i++)
		cond_free(c->kids[i]);
	free(c->kids);
	strlist_free(&c->strs);
	free(c);
}

static const struct {
	const char *key;
	enum ta_cond_kind kind;
	enum { ARG_KIDS, ARG_KID, ARG_STR, ARG_BOOL, ARG_ROLES, ARG_STRS } arg;
} cond_table[] = {
	{"all", TA_COND_ALL, ARG_KIDS},
	{"any", TA_COND_ANY, ARG_KIDS},
	{"not", TA_COND_NOT, ARG_KID},
	{"site", TA_COND_SITE, ARG_STR},
	{"hi", TA_COND_HI, ARG_BOOL},
	{"self_reschedule", TA_COND_SELF_RESCHEDULE, ARG_BOOL},
	{"schedule_contexts_only", TA_COND_CONTEXTS_ONLY, ARG_ROLES},
	{"schedule_context_any", TA_COND_CONTEXT_ANY, ARG_ROLES},
	{"callback_trait", TA_COND_TRAIT, ARG_STR},
	{"subsystem_prefix", TA_COND_SUBSYSTEM, ARG_STRS},
	{"scheduled", TA_COND_SCHEDULED, ARG_BOOL},
	{"compiled_out", TA_COND_COMPILED_OUT, ARG_BOOL},
	{"namesake_scheduled", TA_COND_NAMESAKE_SCHEDULED, ARG_BOOL},
	{"bh_exclusion", TA_COND_BH_EXCLUSION, ARG_BOOL},
	{"init_api", TA_COND_INIT_API, ARG_STRS},
	{"class", TA_COND_CLASS, ARG_STRS},
	{"primary_handler_only", TA_COND_PRIMARY_ONLY, ARG_BOOL},
	{"multi_driver", TA_COND_MULTI_DRIVER, ARG_BOOL},
	{"producer_waits", TA_COND_PRODUCER_WAITS, ARG_STRS},
	{"lock_held_at_schedule", TA_COND_LOCK_HELD, ARG_BOOL},
	{"named", TA_COND_NAMED, ARG_STRS},
	{"driver_registers", TA_COND_DRIVER_REGISTERS, ARG_STRS},
	{"internals_beyond", TA_COND_INTERNALS_BEYOND, ARG_STRS},
	{"trace_op", TA_COND_TRACE_OP, ARG_STRS},
	{"kill_in_function_ending", TA_COND_KILL_IN, ARG_STRS},
	{"disable_in_function_ending", TA_COND_DISABLE_IN, ARG_STRS},
	{"enable_and_queue", TA_COND_ENABLE_AND_QUEUE, ARG_BOOL},
	{"replacement_breaks", TA_COND_REPLACEMENT_BREAKS, ARG_BOOL},
	{"lost_run_ends_with", TA_COND_LOST_RUN_ENDS_WITH, ARG_STRS},
	{"shown_on_tasklet", TA_COND_SHOWN_ON_TASKLET, ARG_BOOL},
	{"trace_ends_with", TA_COND_TRACE_ENDS_WITH, ARG_STRS},
	{"trace_shows", TA_COND_TRACE_SHOWS, ARG_STRS},
};

bool ta_cond_kind_is_difference(enum ta_cond_kind kind)
{
	return kind == TA_COND_TRACE_OP || kind == TA_COND_KILL_IN || kind == TA_COND_DISABLE_IN ||
	       kind == TA_COND_ENABLE_AND_QUEUE || kind == TA_COND_REPLACEMENT_BREAKS ||
	       kind == TA_COND_LOST_RUN_ENDS_WITH || kind == TA_COND_SHOWN_ON_TASKLET ||
	       kind == TA_COND_TRACE_ENDS_WITH || kind == TA_COND_TRACE_SHOWS;
}

/* The first condition in c whose kind is (want true) or is not a difference's, or NULL. */
static const ta_cond *cond_find_scope(const ta_cond *c, bool want)
{
	if (!c)
		return NULL;
	if (c->kind != TA_COND_ALL && c->kind != TA_COND_ANY && c->kind != TA_COND_NOT)
		return ta_cond_kind_is_difference(c->kind) == want ? c : NULL;
	for (size_t i = 0; i < c->n_kids; i++) {
		const ta_cond *k = cond_find_scope(c->kids[i], want);
		if (k)
			return k;
	}
	return NULL;
}

static ta_cond *parse_cond(struct load *s, const cJSON *o)
{
	const cJSON *item, *e;
	ta_cond *c;
	size_t i, cap = 0;

	if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) != 1) {
		ta_jdoc_fail(s->d, o, "a condition must be an object with exactly one key");
		return NULL;
	}
	item = o->child;
	for (i = 0; i < sizeof(cond_table) / sizeof(*cond_table); i++)
		if (strcmp(cond_table[i].key, item->string) == 0)
			break;
	if (i == sizeof(cond_table) / sizeof(*cond_table)) {
		ta_jdoc_fail_key(s->d, item, "unknown condition \"%s\"", item->string);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->kind = cond_table[i].kind;
	switch (cond_table[i].arg) {
	case ARG_KIDS: {
		const cJSON *k;
		if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) == 0) {
			ta_jdoc_fail(s->d, item, "\"%s\" needs a non-empty array of conditions",
				     item->string);
			break;
		}
		cJSON_ArrayForEach(k, item)
		{
			ta_cond *kid = parse_cond(s, k);
			if (kid)
				TA_PUSH(c->kids, c->n_kids, cap, kid);
		}
		break;
	}
	case ARG_KID: {
		ta_cond *kid = parse_cond(s, item);
		if (kid)
			TA_PUSH(c->kids, c->n_kids, cap, kid);
		break;
	}
	case ARG_STR:
		if (!cJSON_IsString(item)) {
			ta_jdoc_fail(s->d, item, "\"%s\" needs a string", item->string);
			break;
		}
		c->strs.v = xcalloc(1, sizeof(char *));
		c->strs.v[0] = xstrdup(item->valuestring);
		c->strs.n = 1;
		break;
	case ARG_BOOL:
		if (!cJSON_IsBool(item))
			ta_jdoc_fail(s->d, item, "\"%s\" needs true or false", item->string);
		c->value = cJSON_IsTrue(item);
		break;
	case ARG_ROLES:
	case ARG_STRS:
		if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) == 0) {
			ta_jdoc_fail(s->d, item, "\"%s\" needs a non-empty array of strings",
				     item->string);
			break;
		}
		cJSON_ArrayForEach(e, item)
		{
			if (!cJSON_IsString(e)) {
				ta_jdoc_bad(s->d, e, "is not a string");
				break;
			}
			TA_PUSH(c->strs.v, c->strs.n, cap, xstrdup(e->valuestring));
		}
		if (cond_table[i].arg == ARG_ROLES)
			c->roles = role_bits(s, item);
		break;
	}
	return c;
}

static ta_cond *get_cond(struct load *s, const cJSON *o)
{
	const cJSON *w = ta_jdoc_get(s->d, o, "when", TA_J_ANY, TA_J_REQUIRED);
	ta_cond *c;

	if (!w)
		return NULL;
	c = parse_cond(s, w);
	if (cond_find_scope(c, true))
		ta_jdoc_fail(s->d, w,
			     "a condition about a difference (trace_op, kill_in_function_ending, "
			     "enable_and_queue, replacement_breaks, lost_run_ends_with, "
			     "shown_on_tasklet, trace_ends_with, trace_shows) belongs in a "
			     "\"relevance\" rule");
	return c;
}

/* The member key of o (NULL when absent), for an error about its value. */
static const cJSON *member(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

static void load_roles(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_role_rule rr = {0};
		char *role;
		const cJSON *arg;
		int ri;

		rr.id = rule_id(s, o);
		rr.text = get_str(s, o, "text", true);
		role = get_str(s, o, "role", true);
		ri = role ? ta_role_from_name(role) : -1;
		if (role && ri < 0)
			ta_jdoc_fail(s->d, member(o, "role"), "unknown role '%s'", role);
		rr.role = ri < 0 ? TA_ROLE_UNKNOWN : (enum ta_role)ri;
		free(role);
		rr.call = get_str(s, o, "call", false);
		rr.field = get_str(s, o, "field", false);
		rr.fields = get_list(s, o, "fields");
		rr.field_names = get_list(s, o, "field_names");
		rr.structs = get_list(s, o, "structs");
		rr.struct_suffixes = get_list(s, o, "struct_suffixes");
		rr.suffixes = get_list(s, o, "suffixes");
		rr.returns = get_str(s, o, "returns", false);
		rr.body_calls = get_list(s, o, "body_calls");
		rr.weak = ta_jdoc_bool(s->d, o, "weak", 0, false);
		rr.kick = ta_jdoc_bool(s->d, o, "kick", 0, false);
		rr.contract = ta_jdoc_bool(s->d, o, "contract", 0, false);
		arg = ta_jdoc_get(s->d, o, "arg", TA_J_UINT, 0);
		rr.arg = arg ? arg->valueint : -1;
		if (rr.call && rr.arg < 0)
			ta_jdoc_fail(s->d, o, "a \"call\" rule needs a non-negative \"arg\"");
		if (!rr.call && !rr.field && !rr.fields.n && !rr.field_names.n && !rr.suffixes.n &&
		    !rr.returns && !rr.body_calls.n)
			ta_jdoc_fail(s->d, o,
				     "needs \"call\", \"field\", \"fields\", \"field_names\", "
				     "\"suffixes\", \"returns\" or \"body_calls\"");
		if ((rr.suffixes.n || rr.returns) && !rr.weak)
			ta_jdoc_fail(s->d, o,
				     "\"suffixes\" and \"returns\" rules must be \"weak\": true");
		if ((rr.structs.n || rr.struct_suffixes.n) && !rr.field_names.n)
			ta_jdoc_fail(s->d, o,
				     "\"structs\" and \"struct_suffixes\" qualify \"field_names\"");
		if (rr.body_calls.n && (rr.call || rr.field || rr.fields.n || rr.field_names.n ||
					rr.weak || rr.contract || rr.kick))
			ta_jdoc_fail(
				s->d, o,
				"a \"body_calls\" rule only overrides roles given by \"contract\" rules");
		if (rr.role == TA_ROLE_KICK || rr.role == TA_ROLE_SELF ||
		    rr.role == TA_ROLE_TASKLET)
			ta_jdoc_fail(s->d, member(o, "role"),
				     "role '%s' is derived, not registered", ta_role_name(rr.role));
		TA_PUSH(r->roles, r->n_roles, r->cap_roles, rr);
	}
}

static void load_traits(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_trait_rule t = {0};
		t.id = rule_id(s, o);
		t.trait = get_str(s, o, "trait", true);
		t.text = get_str(s, o, "text", true);
		t.calls = get_list(s, o, "calls");
		t.prefixes = get_list(s, o, "prefixes");
		t.macros = get_list(s, o, "macros");
		t.every_call = ta_jdoc_bool(s->d, o, "every_call", 0, false);
		if (!t.calls.n && !t.prefixes.n && !t.macros.n)
			ta_jdoc_fail(s->d, o, "needs \"calls\", \"prefixes\" or \"macros\"");
		if (t.every_call && t.macros.n)
			ta_jdoc_fail(s->d, member(o, "macros"),
				     "an \"every_call\" trait looks at calls, not \"macros\"");
		TA_PUSH(r->traits, r->n_traits, r->cap_traits, t);
	}
}

static void load_locks(struct load *s, ta_rules *r, const cJSON *o)
{
	free(r->locks.id);
	strlist_free(&r->locks.bh_acquire);
	strlist_free(&r->locks.bh_calls);
	strlist_free(&r->locks.atomic_acquire);
	strlist_free(&r->locks.atomic_release);
	r->locks.id = rule_id(s, o);
	r->locks.bh_acquire = get_list(s, o, "bh_acquire");
	r->locks.bh_calls = get_list(s, o, "bh_calls");
	r->locks.atomic_acquire = get_list(s, o, "atomic_acquire");
	r->locks.atomic_release = get_list(s, o, "atomic_release");
}

static void load_classes(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_class_rule c = {0};
		c.id = rule_id(s, o);
		c.cls = get_str(s, o, "class", true);
		c.description = get_str(s, o, "description", true);
		c.when = get_cond(s, o);
		TA_PUSH(r->classes, r->n_classes, r->cap_classes, c);
	}
}

/* The mechanism named by the string member key of o (NULL: absent), checked. */
static char *get_mech(struct load *s, const cJSON *o, const char *key, bool required)
{
	char *m = get_str(s, o, key, required);

	if (m && ta_mech_from_name(m) < 0)
		ta_jdoc_fail(s->d, member(o, key), "unknown mechanism '%s'", m);
	return m;
}

static void load_recs(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_rec_rule rr = {0};

		rr.id = rule_id(s, o);
		rr.text = get_str(s, o, "text", true);
		rr.adds = ta_jdoc_bool(s->d, o, "adds", 0, false);
		rr.mechanism = get_mech(s, o, "mechanism", !rr.adds);
		rr.queue = get_str(s, o, "queue", false);
		rr.alternative = get_mech(s, o, "alternative", false);
		rr.blocks = get_mech(s, o, "blocks", false);
		rr.blockers = get_list(s, o, "blockers");
		rr.fallback = get_list(s, o, "fallback");
		for (size_t k = 0; k < rr.fallback.n; k++)
			if (ta_mech_from_name(rr.fallback.v[k]) < 0)
				ta_jdoc_fail(s->d, member(o, "fallback"),
					     "unknown mechanism '%s' in \"fallback\"",
					     rr.fallback.v[k]);
		if (rr.fallback.n && rr.adds)
			ta_jdoc_fail(s->d, member(o, "fallback"),
				     "\"fallback\" belongs to a deciding rule");
		rr.confidence = ta_jdoc_num(s->d, o, "confidence", 0, 0.5);
		rr.confidence_delta = ta_jdoc_num(s->d, o, "confidence_delta", 0, 0);
		if (rr.confidence < 0 || rr.confidence > 1)
			ta_jdoc_fail(s->d, member(o, "confidence"),
				     "\"confidence\" must be between 0 and 1");
		rr.when = get_cond(s, o);
		TA_PUSH(r->recs, r->n_recs, r->cap_recs, rr);
	}
}

static void load_findings(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_finding_rule f = {0};
		char *check;
		int k;

		f.id = rule_id(s, o);
		f.severity = get_str(s, o, "severity", true);
		f.text = get_str(s, o, "text", true);
		f.calls = get_list(s, o, "calls");
		check = get_str(s, o, "check", true);
		for (k = 0; check && k < TA_CHECK_COUNT; k++)
			if (strcmp(check_names[k], check) == 0)
				break;
		if (check && k == TA_CHECK_COUNT)
			ta_jdoc_fail(s->d, member(o, "check"), "unknown check '%s'", check);
		if (k == TA_CHECK_KILL_BEFORE_QUIESCE && !f.calls.n)
			ta_jdoc_fail(s->d, o, "check 'kill_before_quiesce' needs \"calls\"");
		f.check = (enum ta_check)(k < TA_CHECK_COUNT ? k : 0);
		if (f.severity && ta_severity_parse(f.severity) < 0)
			ta_jdoc_fail(s->d, member(o, "severity"),
				     "severity must be error, warning or note");
		free(check);
		TA_PUSH(r->findings, r->n_findings, r->cap_findings, f);
	}
}

static void load_relevance(struct load *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_relevance_rule rr = {0};
		const cJSON *w, *props;
		char *rel;

		rr.id = rule_id(s, o);
		rr.text = get_str(s, o, "text", true);
		rr.properties = get_list(s, o, "properties");
		props = member(o, "properties");
		if (rr.properties.n == 0)
			ta_jdoc_fail(s->d, props ? props : o,
				     "\"properties\" needs a non-empty array of strings");
		for (size_t i = 0; i < rr.properties.n; i++)
			if (strcmp(rr.properties.v[i], "*") != 0 &&
			    !ta_rc_prop_known(rr.properties.v[i]))
				ta_jdoc_fail(s->d, cJSON_GetArrayItem(props, (int)i),
					     "unknown property '%s'", rr.properties.v[i]);
		rel = get_str(s, o, "relevance", true);
		if (rel && strcmp(rel, "observable") != 0 && strcmp(rel, "benign") != 0)
			ta_jdoc_fail(s->d, member(o, "relevance"),
				     "\"relevance\" must be observable or benign");
		rr.observable = rel && strcmp(rel, "observable") == 0;
		free(rel);
		w = member(o, "when");
		rr.when = w ? parse_cond(s, w) : NULL;
		TA_PUSH(r->relevance, r->n_relevance, r->cap_relevance, rr);
	}
}

/* The ids of every rule loaded so far, across files. */
struct ids {
	ta_strmap map;
	char **where;
	size_t n, cap;
};

static void ids_free(struct ids *ids)
{
	ta_strmap_free(&ids->map);
	for (size_t i = 0; i < ids->n; i++)
		free(ids->where[i]);
	free(ids->where);
}

/* Merge one file's text into r; false after an error line. */
static bool load_text(ta_rules *r, struct ids *ids, const char *name, const char *text)
{
	static const char *const known[] = {"version",  "roles",     "traits",
					    "locks",    "classes",   "recommendations",
					    "findings", "relevance", NULL};
	ta_jdoc *d = ta_jdoc_parse(name, text, strlen(text), TA_JDOC_COMMENTS);
	struct load s = {.d = d,
			 .ids = &ids->map,
			 .where = &ids->where,
			 .n_where = &ids->n,
			 .cap_where = &ids->cap};
	const cJSON *root, *item;
	bool ok;

	if (!d)
		return false;
	root = ta_jdoc_root(d);
	if (!cJSON_IsObject(root)) {
		ta_jdoc_fail(d, root, "a rules file must hold one JSON object");
	} else if (ta_jdoc_keys(d, root, known)) {
		cJSON_ArrayForEach(item, root)
		{
			ta_jdoc_subject(d, NULL);
			if (strcmp(item->string, "version") == 0) {
				if (!cJSON_IsNumber(item) || item->valuedouble != 1)
					ta_jdoc_fail(
						d, item,
						"unsupported rules version (this tool reads 1)");
				continue;
			}
			if (strcmp(item->string, "locks") == 0) {
				if (!cJSON_IsObject(item))
					ta_jdoc_fail(d, item, "\"locks\" must be an object");
				else
					load_locks(&s, r, item);
				continue;
			}
			if (!cJSON_IsArray(item)) {
				ta_jdoc_fail(d, item, "\"%s\" must be an array", item->string);
				continue;
			}
			if (strcmp(item->string, "roles") == 0)
				load_roles(&s, r, item);
			else if (strcmp(item->string, "traits") == 0)
				load_traits(&s, r, item);
			else if (strcmp(item->string, "classes") == 0)
				load_classes(&s, r, item);
			else if (strcmp(item->string, "recommendations") == 0)
				load_recs(&s, r, item);
			else if (strcmp(item->string, "relevance") == 0)
				load_relevance(&s, r, item);
			else
				load_findings(&s, r, item);
		}
	}
	ok = !ta_jdoc_failed(d);
	ta_jdoc_free(&d);
	return ok;
}

ta_rules *ta_rules_parse_text(const char *name, const char *text)
{
	ta_rules *r = xcalloc(1, sizeof(*r));
	struct ids ids = {0};

	r->dir = xstrdup(name);
	if (!load_text(r, &ids, name, text))
		ta_rules_free(&r);
	ids_free(&ids);
	return r;
}

/*
 * The queue names of each mechanism, from the conversion rules beside the
 * classification rules (patch/conversions.json, keyed by --to name): the
 * one place they are spelled.
 */
static bool load_queues(ta_rules *r, const char *dir)
{
	ta_patch_rules *pr = ta_patch_rules_load(dir);

	if (!pr)
		return false;
	for (int m = 0; m < TA_MECH_COUNT; m++) {
		const char *to = ta_mech_to((enum ta_mech)m);
		const ta_mechanism_rules *mr = to ? ta_patch_rules_mechanism(pr, to) : NULL;
		if (!mr || !mr->queue)
			continue;
		r->queue[m] = xstrdup(mr->queue);
		r->hi_queue[m] = mr->hi_queue ? xstrdup(mr->hi_queue) : NULL;
	}
	ta_patch_rules_free(&pr);
	return true;
}

ta_rules *ta_rules_load(const char *dir)
{
	ta_rules *r;
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct ids ids = {0};
	bool ok = true;

	if (!d) {
		ta_error("cannot open rules directory '%s': %s", dir, strerror(errno));
		return NULL;
	}
	while ((de = readdir(d)))
		if (ta_str_ends(de->d_name, ".json"))
			TA_PUSH(names, n, cap, xstrdup(de->d_name));
	closedir(d);
	ta_sort(names, n, sizeof(char *), ta_strptr_cmp);
	r = xcalloc(1, sizeof(*r));
	r->dir = xstrdup(dir);
	for (size_t i = 0; i < n; i++) {
		char *path = ta_path_join(dir, names[i]);
		char *text = ok ? ta_read_file(path, NULL) : NULL;
		if (ok && !text) {
			ta_error("cannot read '%s': %s", path, strerror(errno));
			ok = false;
		} else if (ok) {
			ok = load_text(r, &ids, path, text);
		}
		free(text);
		free(path);
		free(names[i]);
	}
	free(names);
	if (ok && n == 0) {
		ta_error("no rules (*.json) in '%s'", dir);
		ok = false;
	}
	if (ok && (!r->n_classes || !r->n_recs)) {
		ta_error("rules in '%s' define no classes or no recommendations", dir);
		ok = false;
	}
	ids_free(&ids);
	if (ok)
		ok = load_queues(r, dir);
	if (!ok)
		ta_rules_free(&r);
	return r;
}

void ta_rules_free(ta_rules **rp)
{
	ta_rules *r = *rp;

	if (!r)
		return;
	for (size_t i = 0; i < r->n_roles; i++) {
		ta_role_rule *x = &r->roles[i];
		free(x->id);
		free(x->text);
		free(x->call);
		free(x->field);
		free(x->returns);
		strlist_free(&x->fields);
		strlist_free(&x->field_names);
		strlist_free(&x->structs);
		strlist_free(&x->struct_suffixes);
		strlist_free(&x->suffixes);
		strlist_free(&x->body_calls);
	}
	free(r->roles);
	for (size_t i = 0; i < r->n_traits; i++) {
		ta_trait_rule *x = &r->traits[i];
		free(x->id);
		free(x->trait);
		free(x->text);
		strlist_free(&x->calls);
		strlist_free(&x->prefixes);
		strlist_free(&x->macros);
	}
	free(r->traits);
	free(r->locks.id);
	strlist_free(&r->locks.bh_acquire);
	strlist_free(&r->locks.bh_calls);
	strlist_free(&r->locks.atomic_acquire);
	strlist_free(&r->locks.atomic_release);
	for (size_t i = 0; i < r->n_classes; i++) {
		free(r->classes[i].id);
		free(r->classes[i].cls);
		free(r->classes[i].description);
		cond_free(r->classes[i].when);
	}
	free(r->classes);
	for (size_t i = 0; i < r->n_recs; i++) {
		ta_rec_rule *x = &r->recs[i];
		free(x->id);
		free(x->text);
		free(x->mechanism);
		free(x->queue);
		free(x->alternative);
		free(x->blocks);
		strlist_free(&x->blockers);
		strlist_free(&x->fallback);
		cond_free(x->when);
	}
	free(r->recs);
	for (size_t i = 0; i < r->n_findings; i++) {
		strlist_free(&r->findings[i].calls);
		free(r->findings[i].id);
		free(r->findings[i].severity);
		free(r->findings[i].text);
	}
	free(r->findings);
	for (size_t i = 0; i < r->n_relevance; i++) {
		free(r->relevance[i].id);
		free(r->relevance[i].text);
		strlist_free(&r->relevance[i].properties);
		cond_free(r->relevance[i].when);
	}
	free(r->relevance);
	for (int m = 0; m < TA_MECH_COUNT; m++) {
		free(r->queue[m]);
		free(r->hi_queue[m]);
	}
	free(r->dir);
	free(r);
	*rp = NULL;
}

void ta_rules_list(const ta_rules *r, FILE *fp)
{
	for (size_t i = 0; i < r->n_roles; i++)
		fprintf(fp, "%-40s role %-13s %s\n", r->roles[i].id, ta_role_name(r->roles[i].role),
			r->roles[i].text);
	for (size_t i = 0; i < r->n_traits; i++)
		fprintf(fp, "%-40s trait %-12s %s\n", r->traits[i].id, r->traits[i].trait,
			r->traits[i].text);
	if (r->locks.id)
		fprintf(fp, "%-40s locks              BH-disabling and atomic lock APIs\n",
			r->locks.id);
	for (size_t i = 0; i < r->n_classes; i++)
		fprintf(fp, "%-40s class %-12s %.70s...\n", r->classes[i].id, r->classes[i].cls,
			r->classes[i].description);
	for (size_t i = 0; i < r->n_recs; i++)
		fprintf(fp, "%-40s %-18s %s\n", r->recs[i].id,
			r->recs[i].mechanism ? r->recs[i].mechanism : "(adds)", r->recs[i].text);
	for (size_t i = 0; i < r->n_findings; i++)
		fprintf(fp, "%-40s finding %-10s %s\n", r->findings[i].id, r->findings[i].severity,
			r->findings[i].text);
	for (size_t i = 0; i < r->n_relevance; i++)
		fprintf(fp, "%-40s relevance %-10s %s\n", r->relevance[i].id,
			r->relevance[i].observable ? "observable" : "benign", r->relevance[i].text);
}
