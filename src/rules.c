// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules.c - loads and validates the JSON rule files.  Comments are blanked
 * (newlines kept) before cJSON parses, so errors can name the line; a
 * semantic error names the line of the offending rule's id.
 */
#include "rules.h"

#include <cJSON.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
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

/* Parsing context: the file's name and text, for error lines. */
struct src {
	const char *name;
	const char *text;
	bool failed;
};

static unsigned line_of(const struct src *s, const char *p)
{
	unsigned line = 1;

	for (const char *q = s->text; q && p && q < p && *q; q++)
		line += *q == '\n';
	return line;
}

/* The line where `"id": "<id>"` appears, else 0. */
static unsigned line_of_id(const struct src *s, const char *id)
{
	char *needle;
	const char *hit;

	if (!id)
		return 0;
	needle = xasprintf("\"%s\"", id);
	hit = strstr(s->text, needle);
	free(needle);
	return hit ? line_of(s, hit) : 0;
}

static void fail(struct src *s, const char *id, const char *fmt, ...)
{
	va_list ap;
	ta_buf b = {0};

	if (s->failed)
		return;
	s->failed = true;
	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (id)
		ta_diag(TA_ERROR, s->name, line_of_id(s, id), 0, "rule '%s': %s", id, b.s);
	else
		ta_diag(TA_ERROR, s->name, 0, 0, "%s", b.s);
	ta_buf_free(&b);
}

/* Blank C comments, keeping newlines, and strings intact. */
static char *strip_comments(const char *in)
{
	char *out = xstrdup(in);
	char *p = out;

	while (*p) {
		if (*p == '"') {
			for (p++; *p && *p != '"'; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p)
				p++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p != '\n')
					*p = ' ';
			if (*p) {
				p[0] = p[1] = ' ';
				p += 2;
			}
		} else if (p[0] == '/' && p[1] == '/') {
			for (; *p && *p != '\n'; p++)
				*p = ' ';
		} else {
			p++;
		}
	}
	return out;
}

static char *get_str(struct src *s, const cJSON *o, const char *key, const char *id, bool required)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (!v) {
		if (required)
			fail(s, id, "missing \"%s\"", key);
		return NULL;
	}
	if (!cJSON_IsString(v)) {
		fail(s, id, "\"%s\" must be a string", key);
		return NULL;
	}
	return xstrdup(v->valuestring);
}

static ta_strlist get_list(struct src *s, const cJSON *o, const char *key, const char *id)
{
	ta_strlist l = {0};
	size_t cap = 0;
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key), *e;

	if (!v)
		return l;
	if (!cJSON_IsArray(v)) {
		fail(s, id, "\"%s\" must be an array of strings", key);
		return l;
	}
	cJSON_ArrayForEach(e, v)
	{
		if (!cJSON_IsString(e)) {
			fail(s, id, "\"%s\" must be an array of strings", key);
			continue;
		}
		TA_PUSH(l.v, l.n, cap, xstrdup(e->valuestring));
	}
	return l;
}

static void strlist_free(ta_strlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static unsigned role_bits(struct src *s, const ta_strlist *l, const char *id)
{
	unsigned bits = 0;

	for (size_t i = 0; i < l->n; i++) {
		int r = ta_role_from_name(l->v[i]);
		if (r < 0)
			fail(s, id, "unknown role '%s'", l->v[i]);
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
	{"bh_exclusion", TA_COND_BH_EXCLUSION, ARG_BOOL},
	{"init_api", TA_COND_INIT_API, ARG_STRS},
	{"class", TA_COND_CLASS, ARG_STRS},
	{"primary_handler_only", TA_COND_PRIMARY_ONLY, ARG_BOOL},
	{"multi_driver", TA_COND_MULTI_DRIVER, ARG_BOOL},
	{"trace_op", TA_COND_TRACE_OP, ARG_STRS},
	{"kill_in_function_ending", TA_COND_KILL_IN, ARG_STRS},
	{"enable_and_queue", TA_COND_ENABLE_AND_QUEUE, ARG_BOOL},
	{"replacement_breaks", TA_COND_REPLACEMENT_BREAKS, ARG_BOOL},
	{"lost_run_ends_with", TA_COND_LOST_RUN_ENDS_WITH, ARG_STRS},
	{"shown_on_tasklet", TA_COND_SHOWN_ON_TASKLET, ARG_BOOL},
	{"trace_ends_with", TA_COND_TRACE_ENDS_WITH, ARG_STRS},
	{"trace_shows", TA_COND_TRACE_SHOWS, ARG_STRS},
};

bool ta_cond_kind_is_difference(enum ta_cond_kind kind)
{
	return kind == TA_COND_TRACE_OP || kind == TA_COND_KILL_IN ||
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

static ta_cond *parse_cond(struct src *s, const cJSON *o, const char *id)
{
	const cJSON *item;
	ta_cond *c;
	size_t i, cap = 0;

	if (!cJSON_IsObject(o) || cJSON_GetArraySize(o) != 1) {
		fail(s, id, "a condition must be an object with exactly one key");
		return NULL;
	}
	item = o->child;
	for (i = 0; i < sizeof(cond_table) / sizeof(*cond_table); i++)
		if (strcmp(cond_table[i].key, item->string) == 0)
			break;
	if (i == sizeof(cond_table) / sizeof(*cond_table)) {
		fail(s, id, "unknown condition \"%s\"", item->string);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->kind = cond_table[i].kind;
	switch (cond_table[i].arg) {
	case ARG_KIDS: {
		const cJSON *k;
		if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) == 0) {
			fail(s, id, "\"%s\" needs a non-empty array of conditions", item->string);
			break;
		}
		cJSON_ArrayForEach(k, item)
		{
			ta_cond *kid = parse_cond(s, k, id);
			if (kid)
				TA_PUSH(c->kids, c->n_kids, cap, kid);
		}
		break;
	}
	case ARG_KID: {
		ta_cond *kid = parse_cond(s, item, id);
		if (kid)
			TA_PUSH(c->kids, c->n_kids, cap, kid);
		break;
	}
	case ARG_STR:
		if (!cJSON_IsString(item)) {
			fail(s, id, "\"%s\" needs a string", item->string);
			break;
		}
		c->strs.v = xcalloc(1, sizeof(char *));
		c->strs.v[0] = xstrdup(item->valuestring);
		c->strs.n = 1;
		break;
	case ARG_BOOL:
		if (!cJSON_IsBool(item))
			fail(s, id, "\"%s\" needs true or false", item->string);
		c->value = cJSON_IsTrue(item);
		break;
	case ARG_ROLES:
	case ARG_STRS: {
		cJSON *wrap = cJSON_CreateObject();
		cJSON_AddItemReferenceToObject(wrap, "v", (cJSON *)item);
		c->strs = get_list(s, wrap, "v", id);
		cJSON_Delete(wrap);
		if (c->strs.n == 0)
			fail(s, id, "\"%s\" needs a non-empty array of strings", item->string);
		if (cond_table[i].arg == ARG_ROLES)
			c->roles = role_bits(s, &c->strs, id);
		break;
	}
	}
	return c;
}

static ta_cond *get_cond(struct src *s, const cJSON *o, const char *id)
{
	const cJSON *w = cJSON_GetObjectItemCaseSensitive(o, "when");

	ta_cond *c;

	if (!w) {
		fail(s, id, "missing \"when\"");
		return NULL;
	}
	c = parse_cond(s, w, id);
	if (cond_find_scope(c, true))
		fail(s, id,
		     "a condition about a difference (trace_op, kill_in_function_ending, "
		     "enable_and_queue, replacement_breaks, lost_run_ends_with, shown_on_tasklet, "
		     "trace_ends_with, trace_shows) "
		     "belongs in a "
		     "\"relevance\" rule");
	return c;
}

static void load_roles(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_role_rule rr = {0};
		char *role;
		const cJSON *arg = cJSON_GetObjectItemCaseSensitive(o, "arg");
		int ri;

		rr.id = get_str(s, o, "id", NULL, true);
		rr.text = get_str(s, o, "text", rr.id, true);
		role = get_str(s, o, "role", rr.id, true);
		ri = role ? ta_role_from_name(role) : -1;
		if (role && ri < 0)
			fail(s, rr.id, "unknown role '%s'", role);
		rr.role = ri < 0 ? TA_ROLE_UNKNOWN : (enum ta_role)ri;
		free(role);
		rr.call = get_str(s, o, "call", rr.id, false);
		rr.field = get_str(s, o, "field", rr.id, false);
		rr.field_names = get_list(s, o, "field_names", rr.id);
		rr.suffixes = get_list(s, o, "suffixes", rr.id);
		rr.returns = get_str(s, o, "returns", rr.id, false);
		rr.weak = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "weak"));
		rr.arg = cJSON_IsNumber(arg) ? arg->valueint : -1;
		if (rr.call && rr.arg < 0)
			fail(s, rr.id, "a \"call\" rule needs a non-negative \"arg\"");
		if (!rr.call && !rr.field && !rr.field_names.n && !rr.suffixes.n && !rr.returns)
			fail(s, rr.id,
			     "needs \"call\", \"field\", \"field_names\", \"suffixes\" or \"returns\"");
		if ((rr.suffixes.n || rr.returns) && !rr.weak)
			fail(s, rr.id, "\"suffixes\" and \"returns\" rules must be \"weak\": true");
		TA_PUSH(r->roles, r->n_roles, r->cap_roles, rr);
	}
}

static void load_traits(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_trait_rule t = {0};
		t.id = get_str(s, o, "id", NULL, true);
		t.trait = get_str(s, o, "trait", t.id, true);
		t.text = get_str(s, o, "text", t.id, true);
		t.calls = get_list(s, o, "calls", t.id);
		t.prefixes = get_list(s, o, "prefixes", t.id);
		t.macros = get_list(s, o, "macros", t.id);
		if (!t.calls.n && !t.prefixes.n && !t.macros.n)
			fail(s, t.id, "needs \"calls\", \"prefixes\" or \"macros\"");
		TA_PUSH(r->traits, r->n_traits, r->cap_traits, t);
	}
}

static void load_locks(struct src *s, ta_rules *r, const cJSON *o)
{
	free(r->locks.id);
	strlist_free(&r->locks.bh_acquire);
	strlist_free(&r->locks.bh_calls);
	strlist_free(&r->locks.atomic_acquire);
	strlist_free(&r->locks.atomic_release);
	r->locks.id = get_str(s, o, "id", NULL, true);
	r->locks.bh_acquire = get_list(s, o, "bh_acquire", r->locks.id);
	r->locks.bh_calls = get_list(s, o, "bh_calls", r->locks.id);
	r->locks.atomic_acquire = get_list(s, o, "atomic_acquire", r->locks.id);
	r->locks.atomic_release = get_list(s, o, "atomic_release", r->locks.id);
}

static void load_classes(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_class_rule c = {0};
		c.id = get_str(s, o, "id", NULL, true);
		c.cls = get_str(s, o, "class", c.id, true);
		c.description = get_str(s, o, "description", c.id, true);
		c.when = get_cond(s, o, c.id);
		TA_PUSH(r->classes, r->n_classes, r->cap_classes, c);
	}
}

static void load_recs(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_rec_rule rr = {0};
		const cJSON *conf = cJSON_GetObjectItemCaseSensitive(o, "confidence");
		const cJSON *delta = cJSON_GetObjectItemCaseSensitive(o, "confidence_delta");

		rr.id = get_str(s, o, "id", NULL, true);
		rr.text = get_str(s, o, "text", rr.id, true);
		rr.adds = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "adds"));
		rr.mechanism = get_str(s, o, "mechanism", rr.id, !rr.adds);
		rr.queue = get_str(s, o, "queue", rr.id, false);
		rr.alternative = get_str(s, o, "alternative", rr.id, false);
		rr.blocks = get_str(s, o, "blocks", rr.id, false);
		rr.blockers = get_list(s, o, "blockers", rr.id);
		rr.confidence = cJSON_IsNumber(conf) ? conf->valuedouble : 0.5;
		rr.confidence_delta = cJSON_IsNumber(delta) ? delta->valuedouble : 0;
		if (rr.confidence < 0 || rr.confidence > 1)
			fail(s, rr.id, "\"confidence\" must be between 0 and 1");
		if (rr.mechanism && ta_mech_from_name(rr.mechanism) < 0)
			fail(s, rr.id, "unknown mechanism '%s'", rr.mechanism);
		if (rr.alternative && ta_mech_from_name(rr.alternative) < 0)
			fail(s, rr.id, "unknown mechanism '%s'", rr.alternative);
		if (rr.blocks && ta_mech_from_name(rr.blocks) < 0)
			fail(s, rr.id, "unknown mechanism '%s'", rr.blocks);
		rr.when = get_cond(s, o, rr.id);
		TA_PUSH(r->recs, r->n_recs, r->cap_recs, rr);
	}
}

static void load_findings(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_finding_rule f = {0};
		char *check;
		int k;

		f.id = get_str(s, o, "id", NULL, true);
		f.severity = get_str(s, o, "severity", f.id, true);
		f.text = get_str(s, o, "text", f.id, true);
		f.calls = get_list(s, o, "calls", f.id);
		check = get_str(s, o, "check", f.id, true);
		for (k = 0; check && k < TA_CHECK_COUNT; k++)
			if (strcmp(check_names[k], check) == 0)
				break;
		if (check && k == TA_CHECK_COUNT)
			fail(s, f.id, "unknown check '%s'", check);
		if (k == TA_CHECK_KILL_BEFORE_QUIESCE && !f.calls.n)
			fail(s, f.id, "check 'kill_before_quiesce' needs \"calls\"");
		f.check = (enum ta_check)(k < TA_CHECK_COUNT ? k : 0);
		if (f.severity && strcmp(f.severity, "error") != 0 &&
		    strcmp(f.severity, "warning") != 0 && strcmp(f.severity, "note") != 0)
			fail(s, f.id, "severity must be error, warning or note");
		free(check);
		TA_PUSH(r->findings, r->n_findings, r->cap_findings, f);
	}
}

static void load_relevance(struct src *s, ta_rules *r, const cJSON *arr)
{
	const cJSON *o;

	cJSON_ArrayForEach(o, arr)
	{
		ta_relevance_rule rr = {0};
		const cJSON *w = cJSON_GetObjectItemCaseSensitive(o, "when");
		char *rel;

		rr.id = get_str(s, o, "id", NULL, true);
		rr.text = get_str(s, o, "text", rr.id, true);
		rr.properties = get_list(s, o, "properties", rr.id);
		if (rr.properties.n == 0)
			fail(s, rr.id, "\"properties\" needs a non-empty array of strings");
		for (size_t i = 0; i < rr.properties.n; i++)
			if (strcmp(rr.properties.v[i], "*") != 0 &&
			    !ta_rc_prop_known(rr.properties.v[i]))
				fail(s, rr.id, "unknown property '%s'", rr.properties.v[i]);
		rel = get_str(s, o, "relevance", rr.id, true);
		if (rel && strcmp(rel, "observable") != 0 && strcmp(rel, "benign") != 0)
			fail(s, rr.id, "\"relevance\" must be observable or benign");
		rr.observable = rel && strcmp(rel, "observable") == 0;
		free(rel);
		rr.when = w ? parse_cond(s, w, rr.id) : NULL;
		TA_PUSH(r->relevance, r->n_relevance, r->cap_relevance, rr);
	}
}

/* Merge one file's text into r; false after an error line. */
static bool load_text(ta_rules *r, const char *name, const char *text)
{
	char *clean = strip_comments(text);
	struct src s = {.name = name, .text = clean};
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithOpts(clean, &end, true);
	static const char *const known[] = {"version", "roles",           "traits",   "locks",
					    "classes", "recommendations", "findings", "relevance"};
	const cJSON *item;

	if (!root) {
		const char *at = cJSON_GetErrorPtr();
		char near[24];
		size_t k = 0;
		for (const char *q = at; q && *q && *q != '\n' && k < sizeof(near) - 1; q++)
			near[k++] = *q;
		near[k] = '\0';
		ta_diag(TA_ERROR, name, line_of(&s, at ? at : clean), 0, "malformed JSON near '%s'",
			k ? near : "end of line");
		free(clean);
		return false;
	}
	if (!cJSON_IsObject(root)) {
		fail(&s, NULL, "a rules file must hold one JSON object");
	} else {
		cJSON_ArrayForEach(item, root)
		{
			size_t k;
			for (k = 0; k < sizeof(known) / sizeof(*known); k++)
				if (strcmp(known[k], item->string) == 0)
					break;
			if (k == sizeof(known) / sizeof(*known)) {
				fail(&s, NULL, "unknown key \"%s\"", item->string);
				continue;
			}
			if (strcmp(item->string, "version") == 0) {
				if (!cJSON_IsNumber(item) || item->valueint != 1)
					fail(&s, NULL,
					     "unsupported rules version (this tool reads 1)");
				continue;
			}
			if (strcmp(item->string, "locks") == 0) {
				if (!cJSON_IsObject(item))
					fail(&s, NULL, "\"locks\" must be an object");
				else
					load_locks(&s, r, item);
				continue;
			}
			if (!cJSON_IsArray(item)) {
				fail(&s, NULL, "\"%s\" must be an array", item->string);
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
	cJSON_Delete(root);
	free(clean);
	return !s.failed;
}

/* Every id once, across all files. */
static bool check_unique_ids(const ta_rules *r)
{
	ta_strmap seen = {0};
	bool ok = true;

#define CHECK_ID(idv)                                                                              \
	do {                                                                                       \
		const char *id_ = (idv);                                                           \
		if (id_ && ok) {                                                                   \
			if (ta_strmap_get(&seen, id_)) {                                           \
				ta_diag(TA_ERROR, r->dir, 0, 0, "rule id '%s' is defined twice",   \
					id_);                                                      \
				ok = false;                                                        \
			}                                                                          \
			ta_strmap_put(&seen, id_, 1);                                              \
		}                                                                                  \
	} while (0)
	for (size_t i = 0; i < r->n_roles; i++)
		CHECK_ID(r->roles[i].id);
	for (size_t i = 0; i < r->n_traits; i++)
		CHECK_ID(r->traits[i].id);
	for (size_t i = 0; i < r->n_classes; i++)
		CHECK_ID(r->classes[i].id);
	for (size_t i = 0; i < r->n_recs; i++)
		CHECK_ID(r->recs[i].id);
	for (size_t i = 0; i < r->n_findings; i++)
		CHECK_ID(r->findings[i].id);
	for (size_t i = 0; i < r->n_relevance; i++)
		CHECK_ID(r->relevance[i].id);
#undef CHECK_ID
	ta_strmap_free(&seen);
	return ok;
}

ta_rules *ta_rules_parse_text(const char *name, const char *text)
{
	ta_rules *r = xcalloc(1, sizeof(*r));

	r->dir = xstrdup(name);
	if (!load_text(r, name, text) || !check_unique_ids(r))
		ta_rules_free(&r);
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
			ok = load_text(r, path, text);
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
	if (ok)
		ok = check_unique_ids(r);
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
		strlist_free(&x->field_names);
		strlist_free(&x->suffixes);
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
