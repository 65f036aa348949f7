// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_rules.c - loads rules/patch/conversions.json with cJSON (comments
 * removed by cJSON_Minify) into plain structs, checking every key so that
 * a typo in the mapping is an error naming the file, not a silent refusal.
 */
#include "patch_rules.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

static char *opt_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? xstrdup(v->valuestring) : NULL;
}

static bool str_list(const cJSON *o, const char *key, char ***out, size_t *n)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key), *it;
	size_t cap = 0;

	if (!v)
		return true;
	if (!cJSON_IsArray(v))
		return false;
	cJSON_ArrayForEach(it, v)
	{
		if (!cJSON_IsString(it))
			return false;
		TA_PUSH(*out, *n, cap, xstrdup(it->valuestring));
	}
	return true;
}

/* Every key of o is one of keys[0..n); else *err names the first other one. */
static bool known_keys(const cJSON *o, const char *const *keys, size_t n, const char *what,
		       char **err)
{
	const cJSON *it;

	/* an array's items have no names: it is not the object the rules want */
	if (!cJSON_IsObject(o)) {
		*err = xasprintf("%s must be an object", what);
		return false;
	}
	cJSON_ArrayForEach(it, o)
	{
		size_t k;
		for (k = 0; k < n; k++)
			if (strcmp(keys[k], it->string) == 0)
				break;
		if (k == n) {
			*err = xasprintf("%s: unknown key \"%s\"", what, it->string);
			return false;
		}
	}
	return true;
}

static bool load_api(const char *name, const cJSON *o, ta_api_map *m, char **err)
{
	static const char *const keys[] = {"call", "kind",   "queue",   "unscheduled_call",
					   "note", "refuse", "requires"};
	char *kind, *queue, *what = xasprintf("\"%s\"", name);
	bool ok = known_keys(o, keys, sizeof(keys) / sizeof(*keys), what, err);

	free(what);
	if (!ok)
		return false;
	m->call = opt_str(o, "call");
	m->unscheduled_call = opt_str(o, "unscheduled_call");
	m->note = opt_str(o, "note");
	m->refuse = opt_str(o, "refuse");
	kind = opt_str(o, "kind");
	queue = opt_str(o, "queue");
	if (!str_list(o, "requires", &m->requires, &m->n_requires)) {
		*err = xasprintf("\"%s\": \"requires\" must be a list of strings", name);
		goto bad;
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
		goto need;
	else if (!kind)
		m->kind = TA_MAP_CALL;
	else if (strcmp(kind, "init") == 0)
		m->kind = TA_MAP_INIT;
	else if (strcmp(kind, "declare") == 0)
		m->kind = TA_MAP_DECLARE;
	else {
		*err = xasprintf("\"%s\": unknown kind \"%s\"", name, kind);
		goto bad;
	}
	if (!queue)
		m->queue = TA_Q_NONE;
	else if (strcmp(queue, "normal") == 0)
		m->queue = TA_Q_NORMAL;
	else if (strcmp(queue, "hi") == 0)
		m->queue = TA_Q_HI;
	else if (strcmp(queue, "own") == 0)
		m->queue = TA_Q_OWN;
	else {
		*err = xasprintf("\"%s\": unknown queue \"%s\"", name, queue);
		goto bad;
	}
	free(kind);
	free(queue);
	return true;
need:
	*err = xasprintf("\"%s\": needs \"call\", \"refuse\" or a kind that needs no call", name);
bad:
	free(kind);
	free(queue);
	return false;
}

static bool load_registrations(const cJSON *o, ta_mechanism_rules *m, char **err)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "registrations"), *it;

	if (!v)
		return true;
	if (!cJSON_IsArray(v)) {
		*err = xasprintf("mechanism \"%s\": \"registrations\" must be a list", m->name);
		return false;
	}
	m->registrations = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*m->registrations));
	cJSON_ArrayForEach(it, v)
	{
		ta_registration_rule *r = &m->registrations[m->n_registrations++];
		const cJSON *ta = cJSON_GetObjectItemCaseSensitive(it, "thread_arg");
		const cJSON *fa = cJSON_GetObjectItemCaseSensitive(it, "flags_arg");
		const cJSON *na = cJSON_GetObjectItemCaseSensitive(it, "null_arg");
		r->context = opt_str(it, "context");
		r->call = opt_str(it, "call");
		r->refuse = opt_str(it, "refuse");
		r->thread_arg = cJSON_IsNumber(ta) ? ta->valueint : -1;
		r->flags_arg = cJSON_IsNumber(fa) ? fa->valueint : -1;
		r->null_arg = cJSON_IsNumber(na) ? na->valueint : -1;
		if (!r->context || (ta && !cJSON_IsNumber(ta)) || (fa && !cJSON_IsNumber(fa)) ||
		    (na && !cJSON_IsNumber(na)) || (ta && na)) {
			*err = xasprintf("mechanism \"%s\": each registration needs a \"context\" "
					 "(and numeric thread_arg or null_arg, flags_arg)",
					 m->name);
			return false;
		}
	}
	return true;
}

static bool load_bh_exclusion(const cJSON *o, ta_mechanism_rules *m, char **err)
{
	static const char *const keys[] = {"bh_calls", "plain", "retake"};
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "bh_exclusion"), *rt, *it;
	char *what;
	bool ok;

	if (!v)
		return true;
	what = xasprintf("mechanism \"%s\": \"bh_exclusion\"", m->name);
	ok = cJSON_IsObject(v) && known_keys(v, keys, sizeof(keys) / sizeof(*keys), what, err);
	free(what);
	if (!ok) {
		if (!*err)
			*err = xasprintf("mechanism \"%s\": \"bh_exclusion\" must be an object",
					 m->name);
		return false;
	}
	rt = cJSON_GetObjectItemCaseSensitive(v, "retake");
	if (!str_list(v, "bh_calls", &m->bh_calls, &m->n_bh_calls) ||
	    !str_list(v, "plain", &m->plain_calls, &m->n_plain_calls) || !cJSON_IsObject(rt)) {
		*err = xasprintf("mechanism \"%s\": \"bh_exclusion\" needs the lists bh_calls "
				 "and plain and the object retake",
				 m->name);
		return false;
	}
	m->retake_from = xcalloc((size_t)cJSON_GetArraySize(rt) + 1, sizeof(char *));
	m->retake_to = xcalloc((size_t)cJSON_GetArraySize(rt) + 1, sizeof(char *));
	cJSON_ArrayForEach(it, rt)
	{
		if (!cJSON_IsString(it)) {
			*err = xasprintf("mechanism \"%s\": \"retake\" maps a call to a call",
					 m->name);
			return false;
		}
		m->retake_from[m->n_retake] = xstrdup(it->string);
		m->retake_to[m->n_retake++] = xstrdup(it->valuestring);
	}
	return true;
}

static bool load_mech(const cJSON *o, ta_mechanism_rules *m, char **err)
{
	const cJSON *apis = cJSON_GetObjectItemCaseSensitive(o, "apis"), *it;
	const cJSON *bh = cJSON_GetObjectItemCaseSensitive(o, "bh_exclusion_ok");
	bool seen[TA_API_COUNT] = {false};

	static const char *const keys[] = {"subject",       "intro",         "context_note",
					   "queue",         "hi_queue",      "bh_exclusion_ok",
					   "requires",      "apis",          "schedule_role",
					   "flag",          "wake_value",    "handled_value",
					   "registrations", "plain_locks",   "bh_exclusion",
					   "work_noun",     "one_queue_note"};

	m->name = xstrdup(o->string);
	{
		char *what = xasprintf("mechanism \"%s\"", m->name);
		bool ok = known_keys(o, keys, sizeof(keys) / sizeof(*keys), what, err);
		free(what);
		if (!ok)
			return false;
	}
	m->subject = opt_str(o, "subject");
	m->intro = opt_str(o, "intro");
	m->context_note = opt_str(o, "context_note");
	m->one_queue_note = opt_str(o, "one_queue_note");
	m->queue = opt_str(o, "queue");
	m->hi_queue = opt_str(o, "hi_queue");
	m->work_noun = opt_str(o, "work_noun");
	m->bh_exclusion_ok = cJSON_IsTrue(bh);
	m->schedule_role = opt_str(o, "schedule_role");
	m->flag = opt_str(o, "flag");
	m->wake_value = opt_str(o, "wake_value");
	m->handled_value = opt_str(o, "handled_value");
	for (int i = 0; i < TA_API_COUNT; i++)
		m->apis[i].kind = TA_MAP_NONE;
	if (!m->subject || !m->intro || !cJSON_IsObject(apis)) {
		*err = xasprintf("mechanism \"%s\" needs subject, intro and apis", m->name);
		return false;
	}
	if (!load_registrations(o, m, err))
		return false;
	if (!load_bh_exclusion(o, m, err))
		return false;
	if (!str_list(o, "plain_locks", &m->plain_locks, &m->n_plain_locks)) {
		*err = xasprintf("mechanism \"%s\": \"plain_locks\" must be a list of strings",
				 m->name);
		return false;
	}
	if (!str_list(o, "requires", &m->requires, &m->n_requires)) {
		*err = xasprintf("mechanism \"%s\": \"requires\" must be a list of strings",
				 m->name);
		return false;
	}
	cJSON_ArrayForEach(it, apis)
	{
		enum ta_api api = ta_api_from_name(it->string);
		if (api == TA_API_NONE) {
			*err = xasprintf("mechanism \"%s\": unknown tasklet API \"%s\"", m->name,
					 it->string);
			return false;
		}
		if (seen[api]) {
			*err = xasprintf("mechanism \"%s\": \"%s\" is listed twice", m->name,
					 it->string);
			return false;
		}
		seen[api] = true;
		if (!cJSON_IsObject(it) || !load_api(it->string, it, &m->apis[api], err))
			return false;
		if (m->apis[api].kind == TA_MAP_INIT && !m->work_noun) {
			*err = xasprintf("mechanism \"%s\": \"%s\" makes a work item but the "
					 "mechanism has no work_noun",
					 m->name, it->string);
			return false;
		}
		if (m->apis[api].queue != TA_Q_NONE && (!m->queue || !m->hi_queue)) {
			*err = xasprintf("mechanism \"%s\": \"%s\" names a queue but the mechanism "
					 "has no queue and hi_queue",
					 m->name, it->string);
			return false;
		}
		if (m->apis[api].kind == TA_MAP_WAKE && (!m->wake_value || !m->handled_value)) {
			*err = xasprintf(
				"mechanism \"%s\": \"%s\" wakes a thread but the mechanism "
				"has no wake_value and handled_value",
				m->name, it->string);
			return false;
		}
	}
	return true;
}

ta_patch_rules *ta_patch_rules_parse(const char *name, const char *text)
{
	char *clean = xstrdup(text);
	cJSON *root, *it, *mechs;
	ta_patch_rules *r = xcalloc(1, sizeof(*r));
	char *err = NULL;
	const cJSON *setup, *prefixes;

	r->file = xstrdup(name);
	cJSON_Minify(clean);
	root = cJSON_Parse(clean);
	free(clean);
	if (!root) {
		err = xstrdup("malformed JSON");
		goto fail;
	}
	it = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (!cJSON_IsNumber(it) || it->valueint != 1) {
		err = xstrdup("unsupported version (this tool reads 1)");
		goto fail;
	}
	prefixes = cJSON_GetObjectItemCaseSensitive(root, "prefixes");
	if (!cJSON_IsArray(prefixes)) {
		err = xstrdup("\"prefixes\" must be a list");
		goto fail;
	}
	r->prefixes = xcalloc((size_t)cJSON_GetArraySize(prefixes) + 1, sizeof(*r->prefixes));
	cJSON_ArrayForEach(it, prefixes)
	{
		ta_prefix_rule *p = &r->prefixes[r->n_prefixes];
		p->path = opt_str(it, "path");
		p->prefix = opt_str(it, "prefix");
		r->n_prefixes++;
		if (!p->path || !p->prefix) {
			err = xstrdup("each prefix needs \"path\" and \"prefix\"");
			goto fail;
		}
	}
	setup = cJSON_GetObjectItemCaseSensitive(root, "setup");
	r->setup_subject = opt_str(setup, "subject");
	r->setup_intro = opt_str(setup, "intro");
	if (!r->setup_subject || !r->setup_intro) {
		err = xstrdup("\"setup\" needs subject and intro");
		goto fail;
	}
	mechs = cJSON_GetObjectItemCaseSensitive(root, "mechanisms");
	if (!cJSON_IsObject(mechs)) {
		err = xstrdup("\"mechanisms\" must be an object");
		goto fail;
	}
	r->mechs = xcalloc((size_t)cJSON_GetArraySize(mechs) + 1, sizeof(*r->mechs));
	cJSON_ArrayForEach(it, mechs)
	{
		if (!load_mech(it, &r->mechs[r->n_mechs++], &err))
			goto fail;
	}
	cJSON_Delete(root);
	return r;
fail:
	ta_diag(TA_ERROR, name, 0, 0, "%s", err ? err : "invalid conversion rules");
	free(err);
	cJSON_Delete(root);
	ta_patch_rules_free(&r);
	return NULL;
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
	for (size_t i = 0; i < r->n_prefixes; i++) {
		free(r->prefixes[i].path);
		free(r->prefixes[i].prefix);
	}
	free(r->prefixes);
	for (size_t i = 0; i < r->n_mechs; i++) {
		ta_mechanism_rules *m = &r->mechs[i];
		free(m->name);
		free(m->subject);
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
			free_list(a->requires, a->n_requires);
		}
	}
	free(r->mechs);
	free(r->setup_subject);
	free(r->setup_intro);
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

char *ta_patch_prefix(const ta_patch_rules *r, const char *path, bool directory)
{
	const char *rest = path, *base;
	ta_buf b = {0};
	char *driver;

	for (size_t i = 0; r && i < r->n_prefixes; i++)
		if (ta_str_starts(path, r->prefixes[i].path)) {
			ta_buf_puts(&b, r->prefixes[i].prefix);
			rest = path + strlen(r->prefixes[i].path);
			break;
		}
	/* the driver: its directory for a multi-file driver, else the file's base name */
	if (directory) {
		char *d = xstrdup(rest);
		char *slash = strrchr(d, '/');
		if (slash)
			*slash = '\0';
		base = strrchr(d, '/') ? strrchr(d, '/') + 1 : d;
		driver = xstrdup(slash ? base : "");
		free(d);
	} else {
		static const char *const generic[] = {"core", "main", "pci", "usb", "sdio", "dev",
						      "init", "base", "hw",  "tx",  "rx",   "irq"};
		base = strrchr(rest, '/') ? strrchr(rest, '/') + 1 : rest;
		driver = xstrdup(base);
		if (strrchr(driver, '.'))
			*strrchr(driver, '.') = '\0';
		/* drivers/crypto/qce/core.c is "qce", not "core" */
		for (size_t i = 0; i < sizeof(generic) / sizeof(*generic); i++)
			if (strcmp(driver, generic[i]) == 0 && base > rest) {
				const char *e = base - 1, *s = e;
				while (s > rest && s[-1] != '/')
					s--;
				free(driver);
				driver = xstrndup(s, (size_t)(e - s));
				break;
			}
	}
	if (!b.len) {
		/* no table entry: the first directory names the subsystem */
		const char *slash = strchr(rest, '/');
		if (slash && !directory)
			ta_buf_add(&b, rest, (size_t)(slash - rest));
	}
	if (*driver && !(b.len && strcmp(b.s, driver) == 0)) {
		if (b.len)
			ta_buf_puts(&b, ": ");
		ta_buf_puts(&b, driver);
	}
	free(driver);
	if (!b.len)
		ta_buf_puts(&b, "treewide");
	return ta_buf_steal(&b);
}
