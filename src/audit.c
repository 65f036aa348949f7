// SPDX-License-Identifier: GPL-2.0-only
/*
 * audit.c - aggregates raw facts into the audit model: one tasklet per
 * object key across all translation units (a struct field declared in a
 * shared header is one tasklet), sites deduplicated (header code is seen
 * once per including file), sites on a callback's own argument and direct
 * calls of callbacks attributed to their tasklets, inactive sites matched
 * by name or by the driver's struct field they name last, files that are
 * #included by other files marked as such, and each call handing a
 * tasklet to a schedule (kill, disable, ...) wrapper made a site of that
 * tasklet in the caller.
 */
#include "audit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "tree.h"
#include "util.h"

struct pending_cb {
	char *key, *function, *file;
	unsigned line;
};

/* A use through a pointer field: key names the field until the audit knows what it holds. */
struct ptr_site {
	char *key;
	ta_site site;
};

/* field = &object: the field's key and the object's, where. */
struct points_to {
	char *field_key, *object_key;
	char *file;
	unsigned line;
};

struct audit_priv {
	ta_strmap objects; /* key -> index in tasklets */
	ta_strmap seen;    /* "api:file:line:col:key" of every site taken */
	ta_site *deferred; /* sites without a key */
	size_t n_deferred, cap_deferred;
	struct pending_cb *cbs;
	size_t n_cbs, cap_cbs;
	ta_strmap included_by; /* included .c file -> index of including file entry */
	uint64_t *prog_seen;   /* fingerprints of the program facts taken */
	size_t cap_prog_seen, n_prog_seen;
	struct ptr_site *ptr_sites; /* uses through a struct tasklet_struct * field */
	size_t n_ptr_sites, cap_ptr_sites;
	struct points_to *points_to; /* such a field given a tasklet's address */
	size_t n_points_to, cap_points_to;
};

static struct audit_priv *priv(ta_audit *a)
{
	return a->priv;
}

ta_audit *ta_audit_new(void)
{
	ta_audit *a = xcalloc(1, sizeof(*a));

	a->priv = xcalloc(1, sizeof(struct audit_priv));
	return a;
}

static char *dup0(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static void site_free(ta_site *s)
{
	ta_fields_free(&ta_use_site_fields, s);
}

static ta_site site_from_fact(const ta_fact *f)
{
	return (ta_site){.api = f->api,
			 .file = dup0(f->file),
			 .line = f->line,
			 .col = f->col,
			 .function = dup0(f->function),
			 .text = dup0(f->text),
			 .callback = dup0(f->callback),
			 .sig = f->sig,
			 .data = dup0(f->data),
			 .data_kind = f->data_kind,
			 .via_macro = dup0(f->via_macro),
			 .active = !(f->flags & TA_FF_INACTIVE),
			 .self = (f->flags & TA_FF_SELF) != 0,
			 .param = f->flags & TA_FF_SELF ? f->argpos : 0};
}

static ta_site site_copy(const ta_site *s)
{
	ta_site c = *s;

	c.file = dup0(s->file);
	c.function = dup0(s->function);
	c.text = dup0(s->text);
	c.callback = dup0(s->callback);
	c.data = dup0(s->data);
	c.via_macro = dup0(s->via_macro);
	c.via = dup0(s->via);
	c.through = dup0(s->through);
	return c;
}

static ta_tasklet *object_get(ta_audit *a, const char *key)
{
	struct audit_priv *p = priv(a);
	size_t *idx = ta_strmap_get(&p->objects, key);
	ta_tasklet t = {0};

	if (idx)
		return &a->tasklets[*idx];
	t.key = xstrdup(key);
	t.scope = TA_SCOPE_UNRESOLVED;
	t.init_api = TA_API_NONE;
	TA_PUSH(a->tasklets, a->n_tasklets, a->cap_tasklets, t);
	ta_strmap_put(&p->objects, key, a->n_tasklets - 1);
	return &a->tasklets[a->n_tasklets - 1];
}

static void object_describe(ta_tasklet *t, const ta_fact *f)
{
	if (t->scope == TA_SCOPE_UNRESOLVED && f->scope != TA_SCOPE_UNRESOLVED)
		t->scope = f->scope;
	if (!t->ctype && f->ctype)
		t->ctype = xstrdup(f->ctype);
	if (!t->field && f->field)
		t->field = xstrdup(f->field);
	if (!t->root_type && f->root_type)
		t->root_type = xstrdup(f->root_type);
	if (!t->member_path && f->member_path)
		t->member_path = xstrdup(f->member_path);
	if (f->flags & TA_FF_ARRAY)
		t->array = true;
}

/* Take a site once: header code is seen by every file that includes it. */
static bool first_sighting(ta_audit *a, const ta_site *s, const char *key)
{
	char *id = xasprintf("%d:%s:%u:%u:%s", s->api, s->file ? s->file : "", s->line, s->col,
			     key ? key : "");
	bool first = ta_strmap_get(&priv(a)->seen, id) == NULL;

	if (first)
		ta_strmap_put(&priv(a)->seen, id, 1);
	free(id);
	return first;
}

static void object_add_site(ta_tasklet *t, ta_site s)
{
	if (ta_api_role(s.api) == TA_ROLE_INIT)
		TA_PUSH(t->init_sites, t->n_init, t->cap_init, s);
	else
		TA_PUSH(t->sites, t->n_sites, t->cap_sites, s);
}

/* A set of 64-bit fingerprints (open addressing, 0 is the empty slot). */
static bool u64set_add(uint64_t **slots, size_t *cap, size_t *n, uint64_t h)
{
	size_t mask, i;

	if (!h)
		h = 1;
	if ((*n + 1) * 2 > *cap) {
		size_t ncap = *cap ? *cap * 2 : 1024;
		uint64_t *ns = xcalloc(ncap, sizeof(uint64_t));
		for (size_t k = 0; k < *cap; k++) {
			if (!(*slots)[k])
				continue;
			for (i = (size_t)(*slots)[k] & (ncap - 1); ns[i]; i = (i + 1) & (ncap - 1))
				;
			ns[i] = (*slots)[k];
		}
		free(*slots);
		*slots = ns;
		*cap = ncap;
	}
	mask = *cap - 1;
	for (i = (size_t)h & mask; (*slots)[i]; i = (i + 1) & mask)
		if ((*slots)[i] == h)
			return false;
	(*slots)[i] = h;
	(*n)++;
	return true;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	return ta_fnv1a(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

/*
 * Function-level facts, once each: header code is seen by every file that
 * includes it.  Identity is a 64-bit fingerprint of the fact's fields (a
 * collision among the few hundred thousand facts of a tree is ~1e-8 likely).
 */
static void add_program_fact(ta_audit *a, const ta_fact *f)
{
	struct audit_priv *p = priv(a);
	uint64_t h = ta_fnv1a(TA_FNV_INIT, &f->kind, sizeof(f->kind));
	unsigned line = f->kind == TA_FACT_CALL ? 0 : f->line;

	h = mix_str(h, f->file);
	h = mix_str(h, f->function);
	h = mix_str(h, f->callback);
	h = mix_str(h, f->data);
	h = mix_str(h, f->key);
	h = mix_str(h, f->field);
	h = ta_fnv1a(h, &line, sizeof(line));
	if (f->kind == TA_FACT_PASS) {
		h = ta_fnv1a(h, &f->col, sizeof(f->col));
		h = ta_fnv1a(h, &f->argpos, sizeof(f->argpos));
		h = mix_str(h, f->text);
	}
	if (!u64set_add(&p->prog_seen, &p->cap_prog_seen, &p->n_prog_seen, h))
		return;
	switch (f->kind) {
	case TA_FACT_FUNC: {
		ta_func fn = {.file = dup0(f->file),
			      .name = dup0(f->function),
			      .ret = dup0(f->text),
			      .line = f->line,
			      .is_static = (f->flags & TA_FF_STATIC) != 0};
		TA_PUSH(a->funcs, a->n_funcs, a->cap_funcs, fn);
		break;
	}
	case TA_FACT_CALL: {
		ta_edge e = {.file = dup0(f->file),
			     .caller = dup0(f->function),
			     .callee = dup0(f->callback),
			     .line = f->line,
			     .macro = (f->flags & TA_FF_MACRO) != 0};
		TA_PUSH(a->edges, a->n_edges, a->cap_edges, e);
		break;
	}
	case TA_FACT_REF: {
		ta_ref r = {.file = dup0(f->file),
			    .fn = dup0(f->callback),
			    .context = dup0(f->data),
			    .where = dup0(f->function),
			    .line = f->line};
		TA_PUSH(a->refs, a->n_refs, a->cap_refs, r);
		break;
	}
	case TA_FACT_LOCK: {
		ta_lock l = {.file = dup0(f->file),
			     .function = dup0(f->function),
			     .api = dup0(f->callback),
			     .key = dup0(f->key),
			     .text = dup0(f->text),
			     .line = f->line};
		TA_PUSH(a->locks, a->n_locks, a->cap_locks, l);
		break;
	}
	case TA_FACT_CONTAINER: {
		ta_container c = {.file = dup0(f->file),
				  .function = dup0(f->function),
				  .macro = dup0(f->callback),
				  .ptr = dup0(f->text),
				  .member = dup0(f->field),
				  .line = f->line};
		TA_PUSH(a->containers, a->n_containers, a->cap_containers, c);
		break;
	}
	case TA_FACT_PASS: {
		ta_pass ps = {.file = dup0(f->file),
			      .function = dup0(f->function),
			      .callee = dup0(f->callback),
			      .line = f->line,
			      .col = f->col,
			      .arg = f->argpos,
			      .key = dup0(f->key),
			      .param = !f->key && f->data && f->data[0] == 'p'
					       ? (unsigned)atoi(f->data + 1) + 1
					       : 0,
			      .text = dup0(f->text)};
		TA_PUSH(a->passes, a->n_passes, a->cap_passes, ps);
		break;
	}
	default:
		break;
	}
}

void ta_audit_add_file(ta_audit *a, const char *path, enum ta_status status, const char *reason,
		       unsigned n_errors, double seconds, const ta_facts *facts)
{
	struct audit_priv *p = priv(a);
	ta_file_entry fe = {.path = xstrdup(path),
			    .status = status,
			    .reason = dup0(reason),
			    .n_errors = n_errors,
			    .seconds = seconds};

	TA_PUSH(a->files, a->n_files, a->cap_files, fe);
	for (size_t i = 0; facts && i < facts->n; i++) {
		const ta_fact *f = &facts->v[i];
		ta_tasklet *t;
		ta_site s;

		switch (f->kind) {
		case TA_FACT_OBJECT:
			t = object_get(a, f->key);
			object_describe(t, f);
			if (!t->decl_file && f->file) {
				t->decl_file = xstrdup(f->file);
				t->decl_line = f->line;
			}
			break;
		case TA_FACT_SITE:
			s = site_from_fact(f);
			if (!first_sighting(a, &s, f->key)) {
				site_free(&s);
				break;
			}
			if (f->key && (f->flags & TA_FF_PTR_FIELD)) {
				struct ptr_site ps = {.key = xstrdup(f->key), .site = s};
				TA_PUSH(p->ptr_sites, p->n_ptr_sites, p->cap_ptr_sites, ps);
			} else if (f->key) {
				t = object_get(a, f->key);
				object_describe(t, f);
				object_add_site(t, s);
			} else {
				TA_PUSH(p->deferred, p->n_deferred, p->cap_deferred, s);
			}
			break;
		case TA_FACT_CALLBACK: {
			struct pending_cb cb = {.key = dup0(f->key),
						.function = dup0(f->function),
						.file = dup0(f->file),
						.line = f->line};
			TA_PUSH(p->cbs, p->n_cbs, p->cap_cbs, cb);
			break;
		}
		case TA_FACT_POINTS_TO:
			if (f->key && f->data) {
				struct points_to pt = {.field_key = xstrdup(f->data),
						       .object_key = xstrdup(f->key),
						       .file = dup0(f->file),
						       .line = f->line};
				TA_PUSH(p->points_to, p->n_points_to, p->cap_points_to, pt);
			}
			break;
		case TA_FACT_INCLUDE:
			if (f->file && !ta_strmap_get(&p->included_by, f->file))
				ta_strmap_put(&p->included_by, f->file, a->n_files - 1);
			break;
		case TA_FACT_FUNC:
		case TA_FACT_CALL:
		case TA_FACT_REF:
		case TA_FACT_LOCK:
		case TA_FACT_CONTAINER:
		case TA_FACT_PASS:
			add_program_fact(a, f);
			break;
		}
	}
}

static int site_cmp(const void *x, const void *y)
{
	const ta_site *a = x, *b = y;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return (int)a->api - (int)b->api;
}

static int tasklet_cmp(const void *x, const void *y)
{
	const ta_tasklet *a = x, *b = y;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return strcmp(a->key, b->key);
}

static int file_cmp(const void *x, const void *y)
{
	return strcmp(((const ta_file_entry *)x)->path, ((const ta_file_entry *)y)->path);
}

/* Tasklets whose callback is `fn` (and, when given, whose callback lives in `file`). */
static size_t tasklets_with_callback(ta_audit *a, const char *fn, const char *file, bool new_only,
				     size_t *out, size_t max)
{
	size_t n = 0;

	for (int pass = 0; pass < 2 && n == 0; pass++) {
		for (size_t i = 0; i < a->n_tasklets && n < max; i++) {
			ta_tasklet *t = &a->tasklets[i];
			bool found = false;
			for (size_t j = 0; j < t->n_init && !found; j++) {
				ta_site *s = &t->init_sites[j];
				found = s->callback && strcmp(s->callback, fn) == 0 &&
					(!new_only || s->sig == TA_SIG_NEW) &&
					(pass == 1 || !file ||
					 (t->callback_file &&
					  strcmp(t->callback_file, file) == 0) ||
					 (s->file && strcmp(s->file, file) == 0));
			}
			if (found)
				out[n++] = i;
		}
		if (!file)
			break;
	}
	return n;
}

/* A site the AST could not resolve: the tasklet named by the same text in the same file. */
static ta_tasklet *match_by_text(ta_audit *a, const ta_site *s)
{
	if (!s->text || !*s->text)
		return NULL;
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		for (size_t j = 0; j < t->n_init + t->n_sites; j++) {
			ta_site *o = j < t->n_init ? &t->init_sites[j] : &t->sites[j - t->n_init];
			if (o->text && o->file && s->file && strcmp(o->file, s->file) == 0 &&
			    strcmp(o->text, s->text) == 0)
				return t;
		}
	}
	return NULL;
}

/*
 * An init the AST could not type in a broken parse, written on a member
 * ("card->read.irq_tasklet.func = ...", where struct lcs_card did not
 * parse): the one struct-field tasklet of that member name that typed
 * sites of the same file use (struct lcs_channel.irq_tasklet, scheduled
 * there through a pointer that did parse).  NULL when none or several do.
 */
static ta_tasklet *match_by_member(ta_audit *a, const ta_site *s)
{
	const char *dot = s->text ? strrchr(s->text, '.') : NULL;
	const char *arrow = s->text ? strstr(s->text, "->") : NULL, *member;
	ta_tasklet *hit = NULL;

	while (arrow && strstr(arrow + 2, "->"))
		arrow = strstr(arrow + 2, "->");
	member = dot && (!arrow || dot > arrow) ? dot + 1 : arrow ? arrow + 2 : NULL;
	if (!s->active || !member || !*member)
		return NULL;
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		bool here = false;
		if (t->scope != TA_SCOPE_FIELD || !t->field || strcmp(t->field, member) != 0)
			continue;
		for (size_t j = 0; j < t->n_init + t->n_sites && !here; j++) {
			const ta_site *o = j < t->n_init ? &t->init_sites[j]
							 : &t->sites[j - t->n_init];
			here = o->file && strcmp(o->file, s->file) == 0;
		}
		if (!here)
			continue;
		if (hit)
			return NULL;
		hit = t;
	}
	return hit;
}

static void points_to_clear(struct audit_priv *p)
{
	for (size_t k = 0; k < p->n_points_to; k++) {
		free(p->points_to[k].field_key);
		free(p->points_to[k].object_key);
		free(p->points_to[k].file);
	}
	free(p->points_to);
	p->points_to = NULL;
	p->n_points_to = 0;
}

/*
 * Uses through a struct tasklet_struct * field: the tasklet the driver
 * allocates and initializes through that field (iosm's ipc_tasklet), else
 * the one tasklet whose address every assignment to the field stores
 * (fhci->process_done_task = &fhci_tasklet); with neither, or several
 * tasklets stored, the site is unresolved as any other.
 */
static void attribute_pointer_fields(ta_audit *a)
{
	struct audit_priv *p = priv(a);

	for (size_t i = 0; i < p->n_ptr_sites; i++) {
		struct ptr_site *ps = &p->ptr_sites[i];
		size_t *idx = ta_strmap_get(&p->objects, ps->key);
		const struct points_to *only = NULL;
		bool several = false;

		if (!idx || a->tasklets[*idx].n_init == 0) {
			idx = NULL;
			for (size_t k = 0; k < p->n_points_to; k++) {
				const struct points_to *pt = &p->points_to[k];
				if (strcmp(pt->field_key, ps->key) != 0)
					continue;
				several |= only && strcmp(only->object_key, pt->object_key) != 0;
				only = pt;
			}
			if (only && !several)
				idx = ta_strmap_get(&p->objects, only->object_key);
			if (idx) {
				const char *colon = strchr(ps->key, ':');
				ps->site.through = xasprintf(
					"%s (set at %s:%u)", colon ? colon + 1 : ps->key,
					only->file ? only->file : "?", only->line);
			}
		}
		if (idx)
			object_add_site(&a->tasklets[*idx], ps->site);
		else
			TA_PUSH(p->deferred, p->n_deferred, p->cap_deferred, ps->site);
		free(ps->key);
	}
	free(p->ptr_sites);
	p->ptr_sites = NULL;
	p->n_ptr_sites = 0;
	points_to_clear(p);
}

/*
 * The member a site's text names last, after the parentheses, casts and
 * address-of around it: "mv_tasklet" of "(mpi->mv_tasklet)" and of
 * "((structmvs_prv_info*)sha->lldd_ha)->mv_tasklet".  *len gets its
 * length; NULL when the text does not end in a member access (a variable,
 * an array element, a call).
 */
static const char *last_member(const char *text, size_t *len)
{
	size_t end = text ? strlen(text) : 0, start;

	while (end > 0 && (text[end - 1] == ')' || text[end - 1] == ' '))
		end--;
	start = end;
	while (start > 0 && (text[start - 1] == '_' || isalnum((unsigned char)text[start - 1])))
		start--;
	if (start == end || isdigit((unsigned char)text[start]))
		return NULL;
	if (!((start >= 1 && text[start - 1] == '.') ||
	      (start >= 2 && text[start - 2] == '-' && text[start - 1] == '>')))
		return NULL;
	*len = end - start;
	return text + start;
}

static bool member_is(const char *text, const char *member, size_t len)
{
	size_t n;
	const char *m = last_member(text, &n);

	return m && n == len && strncmp(m, member, len) == 0;
}

/*
 * Is field tasklet t's struct one that code in file can name: declared in a
 * header of file's directory (the driver's), or in file itself?  A struct
 * of another .c file is another driver's, even in one directory (drivers/atm).
 */
static bool driver_field(const ta_tasklet *t, const char *file)
{
	if (!t->decl_file || !file)
		return false;
	if (ta_str_ends(t->decl_file, ".h"))
		return ta_path_same_dir(t->decl_file, file);
	return strcmp(t->decl_file, file) == 0;
}

/*
 * A compiled-out site (found lexically, so untyped) whose text differs from
 * every other site's, as mvsas' "&((struct mvs_prv_info *)sha->lldd_ha)->
 * mv_tasklet" and "&(mpi->mv_tasklet)": the one tasklet of the member it
 * names last that is either a struct field of the driver (driver_field)
 * or the object of a compiled-out init of the same file naming that
 * member.  NULL when none or several are: two fields of one name in the
 * driver's structs are told apart by type only, which the site lacks.
 */
static ta_tasklet *match_inactive_member(ta_audit *a, const ta_site *s)
{
	size_t len;
	const char *member = s->active ? NULL : last_member(s->text, &len);
	char *prefix;
	ta_tasklet *hit = NULL;
	size_t n = 0;

	if (!member)
		return NULL;
	prefix = xasprintf("inactive:%s:", s->file);
	for (size_t i = 0; i < a->n_tasklets && n < 2; i++) {
		ta_tasklet *t = &a->tasklets[i];
		bool same = false;
		if (t->scope == TA_SCOPE_FIELD && t->field && strlen(t->field) == len &&
		    strncmp(t->field, member, len) == 0)
			same = driver_field(t, s->file);
		else if (ta_str_starts(t->key, prefix))
			for (size_t j = 0; j < t->n_init && !same; j++)
				same = member_is(t->init_sites[j].text, member, len);
		if (same) {
			hit = t;
			n++;
		}
	}
	free(prefix);
	return n == 1 ? hit : NULL;
}

static void attribute_deferred(ta_audit *a)
{
	struct audit_priv *p = priv(a);
	size_t hits[16];

	/* init sites first, so that use sites can find the objects they create */
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < p->n_deferred; i++) {
			ta_site *s = &p->deferred[i];
			size_t n = 0;
			ta_tasklet *t;
			bool init = ta_api_role(s->api) == TA_ROLE_INIT;

			if (!s->file || (pass == 0) != init)
				continue;
			if (s->self && s->function) {
				n = tasklets_with_callback(a, s->function, s->file, true, hits, 16);
			} else if (s->api == TA_API_DIRECT_CALL && s->callback) {
				n = tasklets_with_callback(a, s->callback, s->file, false, hits,
							   16);
			} else if ((t = match_by_text(a, s)) ||
				   (init && (t = match_by_member(a, s))) ||
				   (t = match_inactive_member(a, s))) {
				hits[0] = (size_t)(t - a->tasklets);
				n = 1;
			} else if (init && s->text && *s->text) {
				/* an init the AST could not type (inactive, or in a broken parse)
				 */
				char *key = xasprintf("%s:%s:%s",
						      s->active ? "unresolved" : "inactive",
						      s->file, s->text);
				t = object_get(a, key);
				free(key);
				hits[0] = (size_t)(t - a->tasklets);
				n = 1;
			}
			if (n == 0) {
				TA_PUSH(a->unresolved, a->n_unresolved, a->cap_unresolved, *s);
				continue;
			}
			for (size_t k = 0; k < n; k++) {
				ta_site c = k + 1 < n ? site_copy(s) : *s;
				object_add_site(&a->tasklets[hits[k]], c);
			}
			s->file = NULL; /* taken */
		}
	}
	free(p->deferred);
	p->deferred = NULL;
	p->n_deferred = 0;
}

/* A function handing its struct tasklet_struct * parameter to the tasklet API, or to another. */
struct wrapper {
	const char *name, *file;
	bool is_static;
	unsigned param; /* 1 + which parameter */
	size_t inner;   /* the API site, in a->unresolved */
	char *via;      /* "foo_sched() -> tasklet_schedule at x.c:290" */
};

static bool func_is_static(const ta_audit *a, const char *file, const char *name)
{
	for (size_t i = 0; i < a->n_funcs; i++)
		if (a->funcs[i].is_static && strcmp(a->funcs[i].name, name) == 0 &&
		    a->funcs[i].file && file && strcmp(a->funcs[i].file, file) == 0)
			return true;
	return false;
}

/* Does the call ps reach wrapper w: its name, its parameter, from a file that sees it? */
static bool pass_reaches(const ta_pass *ps, const struct wrapper *w)
{
	return ps->callee && strcmp(ps->callee, w->name) == 0 && ps->arg == w->param &&
	       (!w->is_static || ta_str_ends(w->file, ".h") ||
		(ps->file && strcmp(ps->file, w->file) == 0));
}

/*
 * Schedule (kill, disable, ...) wrappers: a function whose tasklet API call
 * targets its own struct tasklet_struct * parameter (an unresolved site),
 * and a function handing its parameter on to one.  Each call that hands a
 * known tasklet to a wrapper becomes a site of that tasklet, at the call,
 * in the caller (atmel_tasklet_schedule(port, &port->tasklet_tx) schedules
 * tasklet_tx from atmel_handle_transmit()), with via naming the path to the
 * API call.  The API call inside the wrapper stays an unresolved site: the
 * BH patch writer converts the wrapper from it.
 */
static void attribute_wrappers(ta_audit *a)
{
	struct wrapper *w = NULL;
	size_t nw = 0, capw = 0;

	for (size_t i = 0; i < a->n_unresolved; i++) {
		const ta_site *s = &a->unresolved[i];
		struct wrapper x;
		if (!s->self || !s->param || !s->function || !s->file || !s->active ||
		    ta_api_role(s->api) != TA_ROLE_USE || s->api == TA_API_DIRECT_CALL ||
		    s->api == TA_API_INTERNALS)
			continue;
		x = (struct wrapper){.name = s->function,
				     .file = s->file,
				     .is_static = func_is_static(a, s->file, s->function),
				     .param = s->param,
				     .inner = i,
				     .via = xasprintf("%s() -> %s at %s:%u", s->function,
						      ta_api_name(s->api), s->file, s->line)};
		TA_PUSH(w, nw, capw, x);
	}
	/* a function handing its own parameter to a wrapper is one too */
	for (size_t k = 0; k < nw && nw < 256; k++) {
		for (size_t i = 0; i < a->n_passes; i++) {
			const ta_pass *ps = &a->passes[i];
			const char *tail;
			bool known = false;
			struct wrapper x;
			if (ps->key || !ps->param || !ps->function || !ps->file ||
			    !pass_reaches(ps, &w[k]))
				continue;
			for (size_t j = 0; j < nw && !known; j++)
				known = w[j].param == ps->param &&
					strcmp(w[j].name, ps->function) == 0 &&
					w[j].inner == w[k].inner;
			if (known)
				continue;
			/* "outer() -> inner() (x.c:300) -> ...": with the line of the inner call */
			tail = strstr(w[k].via, "()") + 2;
			x = (struct wrapper){.name = ps->function,
					     .file = ps->file,
					     .is_static = func_is_static(a, ps->file, ps->function),
					     .param = ps->param,
					     .inner = w[k].inner,
					     .via = xasprintf("%s() -> %.*s (%s:%u)%s",
							      ps->function, (int)(tail - w[k].via),
							      w[k].via, ps->file, ps->line, tail)};
			TA_PUSH(w, nw, capw, x);
		}
	}
	for (size_t i = 0; i < a->n_passes; i++) {
		const ta_pass *ps = &a->passes[i];
		if (!ps->key)
			continue;
		for (size_t k = 0; k < nw; k++) {
			const ta_site *in = &a->unresolved[w[k].inner];
			ta_site d;
			if (!pass_reaches(ps, &w[k]))
				continue;
			d = (ta_site){.api = in->api,
				      .file = dup0(ps->file),
				      .line = ps->line,
				      .col = ps->col,
				      .function = dup0(ps->function),
				      .text = dup0(ps->text),
				      .active = true,
				      .via = xstrdup(w[k].via)};
			if (!first_sighting(a, &d, ps->key)) {
				site_free(&d);
				continue;
			}
			object_add_site(object_get(a, ps->key), d);
		}
	}
	for (size_t k = 0; k < nw; k++)
		free(w[k].via);
	free(w);
}

static void settle_tasklet(ta_audit *a, ta_tasklet *t)
{
	ta_site *first = NULL;
	uint64_t h;

	ta_sort(t->init_sites, t->n_init, sizeof(ta_site), site_cmp);
	ta_sort(t->sites, t->n_sites, sizeof(ta_site), site_cmp);
	for (size_t i = 0; i < t->n_init; i++) {
		if (t->init_sites[i].active) {
			t->active = true;
			if (!first)
				first = &t->init_sites[i];
		}
	}
	if (!first && t->n_init)
		first = &t->init_sites[0];
	/* open-coded .data = before .func =: the API is the one setting the callback */
	for (size_t i = 0; first && first->api == TA_API_ASSIGN_DATA && i < t->n_init; i++)
		if (t->init_sites[i].api != TA_API_ASSIGN_DATA &&
		    t->init_sites[i].active == first->active)
			first = &t->init_sites[i];
	t->never_initialized = t->n_init == 0;
	/* a declaration the parser saw is compiled in */
	if (t->never_initialized && !ta_str_starts(t->key, "inactive:"))
		t->active = true;
	if (first) {
		t->init_api = first->api;
		t->file = dup0(first->file);
		t->line = first->line;
		t->name = dup0(first->text);
		t->data = dup0(first->data);
		t->data_kind = first->data_kind;
		/* the callback: the first init site that names one */
		for (size_t i = 0; i < t->n_init; i++) {
			ta_site *s = &t->init_sites[i];
			if (s->callback && (s->active || !t->active)) {
				t->callback = xstrdup(s->callback);
				t->sig = s->sig;
				break;
			}
		}
		if (!t->data) {
			for (size_t i = 0; i < t->n_init; i++) {
				if (t->init_sites[i].api == TA_API_ASSIGN_DATA) {
					t->data = dup0(t->init_sites[i].data);
					t->data_kind = t->init_sites[i].data_kind;
					break;
				}
			}
		}
	} else {
		t->file = dup0(t->decl_file);
		t->line = t->decl_line;
		t->name = dup0(t->field               ? t->field
			       : strrchr(t->key, ':') ? strrchr(t->key, ':') + 1
						      : t->key);
	}
	if (!t->name)
		t->name = xstrdup(t->key);
	if (ta_str_starts(t->key, "inactive:") || ta_str_starts(t->key, "unresolved:"))
		t->scope = TA_SCOPE_UNRESOLVED;
	if (t->callback && strpbrk(t->callback, " ()-*&?"))
		t->callback_is_expr = true;
	h = ta_fnv1a(TA_FNV_INIT, t->key, strlen(t->key));
	t->id = xasprintf("t%012llx", (unsigned long long)(h & 0xffffffffffffULL));
	t->subsystem = ta_subsystem(t->file ? t->file : "?");
	(void)a;
}

/* A tasklet's strings, arrays and stages' results. */
static void tasklet_free(ta_tasklet *t)
{
	ta_fields_free(&ta_tasklet_fields, t);
}

/* Is a never-initialized object relevant to the audited subtree? */
static bool in_subtree(const ta_audit *a, const char *file)
{
	size_t n;

	if (!a->subtree || !*a->subtree)
		return true;
	n = strlen(a->subtree);
	return file && strncmp(file, a->subtree, n) == 0 && (file[n] == '/' || file[n] == '\0');
}

/*
 * A callback defined in another file than the init site that installs it
 * (mt7603_pre_tbtt_tasklet() in mt7603/beacon.c, installed from
 * mt7603/init.c through a declaration): the one definition the function
 * facts know, static in the tasklet's file or the only external one.
 */
static void locate_callback(ta_audit *a, ta_tasklet *t)
{
	const ta_func *def;

	if (!t->callback || t->callback_is_expr || t->callback_file || !t->file)
		return;
	def = ta_audit_definition(a, t->callback, t->file);
	if (def) {
		t->callback_file = xstrdup(def->file);
		t->callback_line = def->line;
	}
}

void ta_audit_finish(ta_audit *a)
{
	struct audit_priv *p = priv(a);
	size_t kept = 0;

	/* callback definitions */
	for (size_t i = 0; i < p->n_cbs; i++) {
		struct pending_cb *cb = &p->cbs[i];
		size_t *idx = cb->key ? ta_strmap_get(&p->objects, cb->key) : NULL;
		const ta_tasklet *t = idx ? &a->tasklets[*idx] : NULL;
		/* another init site's callback is not this one's (mt76: one per chip) */
		if (t && !t->callback_file && cb->file && cb->function && t->callback &&
		    strcmp(cb->function, t->callback) == 0) {
			a->tasklets[*idx].callback_file = xstrdup(cb->file);
			a->tasklets[*idx].callback_line = cb->line;
		}
		free(cb->key);
		free(cb->function);
		free(cb->file);
	}
	free(p->cbs);
	p->cbs = NULL;
	p->n_cbs = 0;

	attribute_pointer_fields(a);
	attribute_deferred(a);
	attribute_wrappers(a);
	for (size_t i = 0; i < a->n_tasklets; i++) {
		settle_tasklet(a, &a->tasklets[i]);
		locate_callback(a, &a->tasklets[i]);
	}
	/* keep objects with sites, and declared-only ones inside the audited subtree */
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		bool keep = t->n_init || t->n_sites || in_subtree(a, t->decl_file);
		if (keep)
			a->tasklets[kept++] = *t;
		else
			tasklet_free(t);
	}
	a->n_tasklets = kept;
	ta_strmap_free(&p->objects);
	ta_sort(a->tasklets, a->n_tasklets, sizeof(ta_tasklet), tasklet_cmp);
	ta_sort(a->unresolved, a->n_unresolved, sizeof(ta_site), site_cmp);

	/* .c files that are not translation units but #included by one */
	for (size_t i = 0; i < a->n_files; i++) {
		ta_file_entry *f = &a->files[i];
		size_t *by = ta_strmap_get(&p->included_by, f->path);
		if (by && *by != i && a->files[*by].status != TA_STATUS_FAILED) {
			f->included_by = xstrdup(a->files[*by].path);
			if (f->status == TA_STATUS_DEGRADED) {
				f->status = TA_STATUS_PARSED;
				free(f->reason);
				f->reason = NULL;
			}
		}
	}
	ta_sort(a->files, a->n_files, sizeof(ta_file_entry), file_cmp);
}

void ta_audit_free(ta_audit **ap)
{
	ta_audit *a = *ap;
	struct audit_priv *p;

	if (!a)
		return;
	p = priv(a);
	ta_fields_free_array(&ta_tasklet_fields, a->tasklets, a->n_tasklets);
	ta_fields_free_array(&ta_use_site_fields, a->unresolved, a->n_unresolved);
	ta_fields_free_array(&ta_func_fields, a->funcs, a->n_funcs);
	ta_fields_free_array(&ta_edge_fields, a->edges, a->n_edges);
	ta_fields_free_array(&ta_ref_fields, a->refs, a->n_refs);
	ta_fields_free_array(&ta_lock_fields, a->locks, a->n_locks);
	ta_fields_free_array(&ta_container_fields, a->containers, a->n_containers);
	ta_fields_free_array(&ta_pass_fields, a->passes, a->n_passes);
	ta_fields_free_array(&ta_file_entry_fields, a->files, a->n_files);
	ta_fields_free_array(&ta_use_site_fields, p->deferred, p->n_deferred);
	for (size_t i = 0; i < p->n_cbs; i++) {
		free(p->cbs[i].key);
		free(p->cbs[i].function);
		free(p->cbs[i].file);
	}
	free(p->cbs);
	ta_strmap_free(&p->objects);
	ta_strmap_free(&p->seen);
	ta_strmap_free(&p->included_by);
	free(p->prog_seen);
	for (size_t i = 0; i < p->n_ptr_sites; i++) {
		free(p->ptr_sites[i].key);
		site_free(&p->ptr_sites[i].site);
	}
	free(p->ptr_sites);
	points_to_clear(p);
	free(p);
	free(a->tree);
	free(a->subtree);
	free(a->tree_id);
	free(a->generated_at);
	free(a->kernel_version);
	free(a->libclang_version);
	free(a->config_source);
	free(a->flags_source);
	free(a->rules_dir);
	free(a->cache_dir);
	free(a);
	*ap = NULL;
}

size_t ta_tasklet_count_sites(const ta_tasklet *t, enum ta_api api)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_sites; i++)
		n += t->sites[i].api == api;
	for (size_t i = 0; i < t->n_init; i++)
		n += t->init_sites[i].api == api;
	return n;
}

const ta_file_entry *ta_audit_file(const ta_audit *a, const char *path)
{
	for (size_t i = 0; a && path && i < a->n_files; i++)
		if (strcmp(a->files[i].path, path) == 0)
			return &a->files[i];
	return NULL;
}

const ta_func *ta_audit_definition(const ta_audit *a, const char *name, const char *file)
{
	const ta_func *hit = NULL;
	bool several = false;

	for (size_t i = 0; i < a->n_funcs; i++) {
		const ta_func *f = &a->funcs[i];
		if (!f->name || !f->file || strcmp(f->name, name) != 0)
			continue;
		if (f->is_static) {
			if (file && strcmp(f->file, file) == 0)
				return f; /* what file's own code calls by that name */
			continue;
		}
		several |= hit && strcmp(hit->file, f->file) != 0;
		hit = hit ? hit : f;
	}
	return several ? NULL : hit;
}

size_t ta_audit_count_status(const ta_audit *a, enum ta_status status)
{
	size_t n = 0;

	for (size_t i = 0; i < a->n_files; i++)
		n += a->files[i].status == status;
	return n;
}
