// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_rules.c - loads rules/patch/conversions.json (JSON with C comments,
 * read through jsondoc.h) into plain structs, checking every key so that a
 * typo in the mapping is an error naming the file, the line and the
 * column, not a silent refusal.
 */
#include "patch_rules.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "jsondoc.h"
#include "util.h"

static char *opt_str(ta_jdoc *d, const cJSON *o, const char *key)
{
	return ta_jdoc_strdup(d, o, key, 0);
}

static void str_list(ta_jdoc *d, const cJSON *o, const char *key, char ***out, size_t *n)
{
	*out = ta_jdoc_strings(d, o, key, 0, n);
}

static const cJSON *member(const cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* o is an object whose every key is one of keys (NULL-terminated); else an error. */
static bool known_keys(ta_jdoc *d, const cJSON *o, const char *const *keys, const char *what)
{
	/* an array's items have no names: it is not the object the rules want */
	if (!cJSON_IsObject(o)) {
		ta_jdoc_fail(d, o, "%s must be an object", what);
		return false;
	}
	return ta_jdoc_keys(d, o, keys);
}

static bool load_api(ta_jdoc *d, const char *name, const cJSON *o, ta_api_map *m)
{
	static const char *const keys[] = {
		"call",         "kind",       "queue",       "unscheduled_call",
		"note",         "refuse",     "requires",    "barrier_call",
		"barrier_note", "flush_call", "flush_words", "flush_note",
		"plain_note",   "start_call", "start_note",  NULL};
	char *kind, *queue, *what = xasprintf("\"%s\"", name);
	bool ok = known_keys(d, o, keys, what);

	free(what);
	if (!ok)
		return false;
	m->call = opt_str(d, o, "call");
	m->unscheduled_call = opt_str(d, o, "unscheduled_call");
	m->note = opt_str(d, o, "note");
	m->refuse = opt_str(d, o, "refuse");
	m->barrier_call = opt_str(d, o, "barrier_call");
	m->barrier_note = opt_str(d, o, "barrier_note");
	m->flush_call = opt_str(d, o, "flush_call");
	m->flush_note = opt_str(d, o, "flush_note");
	m->plain_note = opt_str(d, o, "plain_note");
	m->start_call = opt_str(d, o, "start_call");
	m->start_note = opt_str(d, o, "start_note");
	str_list(d, o, "flush_words", &m->flush_words, &m->n_flush_words);
	kind = opt_str(d, o, "kind");
	queue = opt_str(d, o, "queue");
	str_list(d, o, "requires", &m->requires, &m->n_requires);
	if (ta_jdoc_failed(d))
		goto out;
	if (m->start_note && (!m->start_call || !strstr(m->start_note, "%s") ||
			      !strstr(strstr(m->start_note, "%s") + 2, "%s") ||
			      strchr(strstr(strstr(m->start_note, "%s") + 2, "%s") + 2, '%'))) {
		ta_jdoc_fail(d, member(o, "start_note"),
			     "\"%s\": \"start_note\" needs \"start_call\" and exactly two %%s",
			     name);
		goto out;
	}
	if (m->refuse)
		m->kind = TA_MAP_REFUSE;
	else if (kind && strcmp(kind, "remove") == 0)
		m->kind = TA_MAP_REMOVE;
	else if (kind && strcmp(kind, "wake") == 0)
		m->kind = TA_MAP_WAKE;
	else if (kind && strcmp(kind, "inline") == 0)
		m->kind = TA_MAP_INLINE;
	else if (!m->call)
		ta_jdoc_fail(d, o,
			     "\"%s\": needs \"call\", \"refuse\" or a kind that needs no call",
			     name);
	else if (!kind)
		m->kind = TA_MAP_CALL;
	else if (strcmp(kind, "init") == 0)
		m->kind = TA_MAP_INIT;
	else if (strcmp(kind, "declare") == 0)
		m->kind = TA_MAP_DECLARE;
	else
		ta_jdoc_fail(d, member(o, "kind"), "\"%s\": unknown kind \"%s\"", name, kind);
	if (!queue)
		m->queue = TA_Q_NONE;
	else if (strcmp(queue, "normal") == 0)
		m->queue = TA_Q_NORMAL;
	else if (strcmp(queue, "hi") == 0)
		m->queue = TA_Q_HI;
	else if (strcmp(queue, "own") == 0)
		m->queue = TA_Q_OWN;
	else
		ta_jdoc_fail(d, member(o, "queue"), "\"%s\": unknown queue \"%s\"", name, queue);
out:
	free(kind);
	free(queue);
	return !ta_jdoc_failed(d);
}

/* A registration's argument index: -1 when absent. */
static int arg_index(ta_jdoc *d, const cJSON *o, const char *key)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_UINT, 0);

	return v ? v->valueint : -1;
}

static bool load_registrations(ta_jdoc *d, const cJSON *o, ta_mechanism_rules *m)
{
	const cJSON *v = member(o, "registrations"), *it;

	if (!v)
		return true;
	if (!cJSON_IsArray(v)) {
		ta_jdoc_fail(d, v, "mechanism \"%s\": \"registrations\" must be a list", m->name);
		return false;
	}
	m->registrations = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*m->registrations));
	cJSON_ArrayForEach(it, v)
	{
		ta_registration_rule *r = &m->registrations[m->n_registrations++];
		if (!cJSON_IsObject(it)) {
			ta_jdoc_bad(d, it, "is not an object");
			return false;
		}
		r->context = opt_str(d, it, "context");
		r->call = opt_str(d, it, "call");
		r->refuse = opt_str(d, it, "refuse");
		r->thread_arg = arg_index(d, it, "thread_arg");
		r->flags_arg = arg_index(d, it, "flags_arg");
		r->null_arg = arg_index(d, it, "null_arg");
		if (ta_jdoc_failed(d))
			return false;
		if (!r->context || (r->thread_arg >= 0 && r->null_arg >= 0)) {
			ta_jdoc_fail(d, it,
				     "mechanism \"%s\": each registration needs a \"context\" "
				     "(and thread_arg or null_arg, not both)",
				     m->name);
			return false;
		}
	}
	return true;
}

static bool load_bh_exclusion(ta_jdoc *d, const cJSON *o, ta_mechanism_rules *m)
{
	static const char *const keys[] = {"bh_calls", "plain", "retake", NULL};
	const cJSON *v = member(o, "bh_exclusion"), *rt, *it;
	char *what;
	bool ok;

	if (!v)
		return true;
	what = xasprintf("mechanism \"%s\": \"bh_exclusion\"", m->name);
	ok = known_keys(d, v, keys, what);
	free(what);
	if (!ok)
		return false;
	str_list(d, v, "bh_calls", &m->bh_calls, &m->n_bh_calls);
	str_list(d, v, "plain", &m->plain_calls, &m->n_plain_calls);
	rt = member(v, "retake");
	if (ta_jdoc_failed(d))
		return false;
	if (!cJSON_IsObject(rt)) {
		ta_jdoc_fail(d, rt ? rt : v,
			     "mechanism \"%s\": \"bh_exclusion\" needs the lists bh_calls "
			     "and plain and the object retake",
			     m->name);
		return false;
	}
	m->retake_from = xcalloc((size_t)cJSON_GetArraySize(rt) + 1, sizeof(char *));
	m->retake_to = xcalloc((size_t)cJSON_GetArraySize(rt) + 1, sizeof(char *));
	cJSON_ArrayForEach(it, rt)
	{
		if (!cJSON_IsString(it)) {
			ta_jdoc_fail(d, it, "mechanism \"%s\": \"retake\" maps a call to a call",
				     m->name);
			return false;
		}
		m->retake_from[m->n_retake] = xstrdup(it->string);
		m->retake_to[m->n_retake++] = xstrdup(it->valuestring);
	}
	return true;
}

static bool load_init_points(ta_jdoc *d, const cJSON *o, ta_init_points *ip)
{
	static const char *const keys[] = {"fields", "struct_suffixes", "markers", NULL};

	if (!o)
		return true; /* no init point known: DECLARE_TASKLET_DISABLED is refused */
	if (!known_keys(d, o, keys, "\"init_points\""))
		return false;
	str_list(d, o, "fields", &ip->fields, &ip->n_fields);
	str_list(d, o, "struct_suffixes", &ip->struct_suffixes, &ip->n_struct_suffixes);
	str_list(d, o, "markers", &ip->markers, &ip->n_markers);
	return !ta_jdoc_failed(d);
}

static bool load_mech(ta_jdoc *d, const cJSON *o, ta_mechanism_rules *m)
{
	const cJSON *apis, *it;
	bool seen[TA_API_COUNT] = {false};
	static const char *const keys[] = {"subject",
					   "intro",
					   "target",
					   "context_note",
					   "queue",
					   "hi_queue",
					   "bh_exclusion_ok",
					   "requires",
					   "apis",
					   "schedule_role",
					   "flag",
					   "wake_value",
					   "handled_value",
					   "registrations",
					   "plain_locks",
					   "bh_exclusion",
					   "work_noun",
					   "one_queue_note",
					   "init_points",
					   NULL};

	m->name = xstrdup(o->string);
	{
		char *what = xasprintf("mechanism \"%s\"", m->name);
		bool ok = known_keys(d, o, keys, what);
		free(what);
		if (!ok)
			return false;
	}
	m->subject = opt_str(d, o, "subject");
	m->intro = opt_str(d, o, "intro");
	m->target = opt_str(d, o, "target");
	m->context_note = opt_str(d, o, "context_note");
	m->one_queue_note = opt_str(d, o, "one_queue_note");
	m->queue = opt_str(d, o, "queue");
	m->hi_queue = opt_str(d, o, "hi_queue");
	m->work_noun = opt_str(d, o, "work_noun");
	m->bh_exclusion_ok = ta_jdoc_bool(d, o, "bh_exclusion_ok", 0, false);
	m->schedule_role = opt_str(d, o, "schedule_role");
	m->flag = opt_str(d, o, "flag");
	m->wake_value = opt_str(d, o, "wake_value");
	m->handled_value = opt_str(d, o, "handled_value");
	for (int i = 0; i < TA_API_COUNT; i++)
		m->apis[i].kind = TA_MAP_NONE;
	apis = ta_jdoc_get(d, o, "apis", TA_J_OBJECT, 0);
	if (ta_jdoc_failed(d))
		return false;
	if (!m->subject || !m->intro || !apis) {
		ta_jdoc_fail(d, o, "mechanism \"%s\" needs subject, intro and apis", m->name);
		return false;
	}
	if (!load_registrations(d, o, m) || !load_bh_exclusion(d, o, m) ||
	    !load_init_points(d, member(o, "init_points"), &m->init_points))
		return false;
	str_list(d, o, "plain_locks", &m->plain_locks, &m->n_plain_locks);
	str_list(d, o, "requires", &m->requires, &m->n_requires);
	if (ta_jdoc_failed(d))
		return false;
	cJSON_ArrayForEach(it, apis)
	{
		enum ta_api api = ta_api_from_name(it->string);
		if (api == TA_API_NONE) {
			ta_jdoc_fail_key(d, it, "mechanism \"%s\": unknown tasklet API \"%s\"",
					 m->name, it->string);
			return false;
		}
		if (seen[api]) {
			ta_jdoc_fail_key(d, it, "mechanism \"%s\": \"%s\" is listed twice", m->name,
					 it->string);
			return false;
		}
		seen[api] = true;
		if (!load_api(d, it->string, it, &m->apis[api]))
			return false;
		if (m->apis[api].kind == TA_MAP_INIT && !m->work_noun) {
			ta_jdoc_fail(d, it,
				     "mechanism \"%s\": \"%s\" makes a work item but the "
				     "mechanism has no work_noun",
				     m->name, it->string);
			return false;
		}
		if (m->apis[api].queue != TA_Q_NONE && (!m->queue || !m->hi_queue)) {
			ta_jdoc_fail(d, it,
				     "mechanism \"%s\": \"%s\" names a queue but the mechanism "
				     "has no queue and hi_queue",
				     m->name, it->string);
			return false;
		}
		if (m->apis[api].kind == TA_MAP_WAKE && (!m->wake_value || !m->handled_value)) {
			ta_jdoc_fail(d, it,
				     "mechanism \"%s\": \"%s\" wakes a thread but the mechanism "
				     "has no wake_value and handled_value",
				     m->name, it->string);
			return false;
		}
	}
	return true;
}

static bool load_prep(ta_jdoc *d, const cJSON *o, ta_prep_rules *p)
{
	static const char *const keys[] = {"subject", "intro", "accessors", NULL};
	const cJSON *acc, *it;

	if (!o)
		return true; /* no preparation patches */
	if (!known_keys(d, o, keys, "\"preparation\""))
		return false;
	p->subject = opt_str(d, o, "subject");
	p->intro = opt_str(d, o, "intro");
	acc = ta_jdoc_get(d, o, "accessors", TA_J_ARRAY, 0);
	if (ta_jdoc_failed(d))
		return false;
	if (!p->subject || !p->intro || !strstr(p->subject, "%s") ||
	    strchr(strstr(p->subject, "%s") + 2, '%')) {
		ta_jdoc_fail(d, o, "\"preparation\" needs an intro and a subject with one %%s");
		return false;
	}
	p->getters = xcalloc((size_t)cJSON_GetArraySize(acc) + 1, sizeof(*p->getters));
	p->setters = xcalloc((size_t)cJSON_GetArraySize(acc) + 1, sizeof(*p->setters));
	cJSON_ArrayForEach(it, acc)
	{
		static const char *const akeys[] = {"get", "set", NULL};
		size_t k;
		if (!known_keys(d, it, akeys, "a \"preparation\" accessor"))
			return false;
		k = p->n_accessors++;
		p->getters[k] = opt_str(d, it, "get");
		p->setters[k] = opt_str(d, it, "set");
		if (ta_jdoc_failed(d))
			return false;
		if (!p->getters[k] || !p->setters[k]) {
			ta_jdoc_fail(d, it,
				     "\"preparation\": each accessor needs \"get\" and \"set\"");
			return false;
		}
	}
	return true;
}

/* The whole document into r; false after an error line. */
static bool load_doc(ta_jdoc *d, ta_patch_rules *r)
{
	const cJSON *root = ta_jdoc_root(d), *it, *mechs, *setup, *ver;

	if (!cJSON_IsObject(root)) {
		ta_jdoc_fail(d, root, "the conversion rules must be one JSON object");
		return false;
	}
	ver = member(root, "version");
	if (!cJSON_IsNumber(ver) || ver->valuedouble != 1) {
		ta_jdoc_fail(d, ver ? ver : root, "unsupported version (this tool reads 1)");
		return false;
	}
	setup = ta_jdoc_get(d, root, "setup", TA_J_OBJECT, 0);
	r->setup_subject = opt_str(d, setup, "subject");
	r->setup_intro = opt_str(d, setup, "intro");
	if (ta_jdoc_failed(d))
		return false;
	if (!r->setup_subject || !r->setup_intro) {
		ta_jdoc_fail(d, setup ? setup : root, "\"setup\" needs subject and intro");
		return false;
	}
	{
		const cJSON *mixed = member(root, "mixed");
		if (mixed) {
			r->mixed_subject = opt_str(d, mixed, "subject");
			r->mixed_intro = opt_str(d, mixed, "intro");
			r->mixed_noun = opt_str(d, mixed, "work_noun");
			if (!ta_jdoc_failed(d) &&
			    (!r->mixed_subject || !r->mixed_intro ||
			     !strstr(r->mixed_subject, "%s") || !strstr(r->mixed_intro, "%s"))) {
				ta_jdoc_fail(
					d, mixed,
					"\"mixed\" needs subject and intro, each with one %%s");
				return false;
			}
		}
	}
	str_list(d, root, "irq_cookie_calls", &r->irq_cookie_calls, &r->n_irq_cookie_calls);
	str_list(d, root, "irq_cookie_releases", &r->irq_cookie_releases,
		 &r->n_irq_cookie_releases);
	if (ta_jdoc_failed(d))
		return false;
	if (!load_prep(d, member(root, "preparation"), &r->prep))
		return false;
	mechs = member(root, "mechanisms");
	if (!cJSON_IsObject(mechs)) {
		ta_jdoc_fail(d, mechs ? mechs : root, "\"mechanisms\" must be an object");
		return false;
	}
	r->mechs = xcalloc((size_t)cJSON_GetArraySize(mechs) + 1, sizeof(*r->mechs));
	cJSON_ArrayForEach(it, mechs)
	{
		if (!load_mech(d, it, &r->mechs[r->n_mechs++]))
			return false;
	}
	return true;
}

ta_patch_rules *ta_patch_rules_parse(const char *name, const char *text)
{
	ta_jdoc *d = ta_jdoc_parse(name, text, strlen(text), TA_JDOC_COMMENTS);
	ta_patch_rules *r;
	bool ok;

	if (!d)
		return NULL;
	r = xcalloc(1, sizeof(*r));
	r->file = xstrdup(name);
	ok = load_doc(d, r);
	ta_jdoc_free(&d);
	if (!ok)
		ta_patch_rules_free(&r);
	return r;
}

ta_patch_rules *ta_patch_rules_load(const char *rules_dir)
{
	char *path = ta_path_join(rules_dir, "patch/conversions.json");
	char *text = ta_read_file(path, NULL);
	ta_patch_rules *r;

	if (!text) {
		ta_error("cannot read '%s': %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	r = ta_patch_rules_parse(path, text);
	free(text);
	free(path);
	return r;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void ta_patch_rules_free(ta_patch_rules **rp)
{
	ta_patch_rules *r = *rp;

	if (!r)
		return;
	for (size_t i = 0; i < r->n_mechs; i++) {
		ta_mechanism_rules *m = &r->mechs[i];
		free(m->name);
		free(m->subject);
		free(m->target);
		free(m->intro);
		free(m->context_note);
		free(m->one_queue_note);
		free(m->queue);
		free(m->hi_queue);
		free(m->work_noun);
		free(m->schedule_role);
		free(m->flag);
		free(m->wake_value);
		free(m->handled_value);
		for (size_t k = 0; k < m->n_registrations; k++) {
			free(m->registrations[k].context);
			free(m->registrations[k].call);
			free(m->registrations[k].refuse);
		}
		free(m->registrations);
		free_list(m->plain_locks, m->n_plain_locks);
		free_list(m->init_points.fields, m->init_points.n_fields);
		free_list(m->init_points.struct_suffixes, m->init_points.n_struct_suffixes);
		free_list(m->init_points.markers, m->init_points.n_markers);
		free_list(m->bh_calls, m->n_bh_calls);
		free_list(m->plain_calls, m->n_plain_calls);
		free_list(m->retake_from, m->n_retake);
		free_list(m->retake_to, m->n_retake);
		free_list(m->requires, m->n_requires);
		for (int k = 0; k < TA_API_COUNT; k++) {
			ta_api_map *a = &m->apis[k];
			free(a->call);
			free(a->unscheduled_call);
			free(a->note);
			free(a->refuse);
			free(a->barrier_call);
			free(a->barrier_note);
			free(a->flush_call);
			free(a->flush_note);
			free(a->plain_note);
			free(a->start_call);
			free(a->start_note);
			free_list(a->flush_words, a->n_flush_words);
			free_list(a->requires, a->n_requires);
		}
	}
	free(r->mechs);
	free_list(r->irq_cookie_calls, r->n_irq_cookie_calls);
	free_list(r->irq_cookie_releases, r->n_irq_cookie_releases);
	free(r->setup_subject);
	free(r->setup_intro);
	free(r->mixed_subject);
	free(r->mixed_intro);
	free(r->mixed_noun);
	free(r->prep.subject);
	free(r->prep.intro);
	free_list(r->prep.getters, r->prep.n_accessors);
	free_list(r->prep.setters, r->prep.n_accessors);
	free(r->file);
	free(r);
	*rp = NULL;
}

const ta_mechanism_rules *ta_patch_rules_mechanism(const ta_patch_rules *r, const char *name)
{
	for (size_t i = 0; r && name && i < r->n_mechs; i++)
		if (strcmp(r->mechs[i].name, name) == 0)
			return &r->mechs[i];
	return NULL;
}
