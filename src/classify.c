// SPDX-License-Identifier: GPL-2.0-only
/*
 * classify.c - derives, per tasklet, the contexts its sites run in, what
 * its callback does and which locks it shares, then applies the class,
 * recommendation and finding rules.  All knowledge (which call registers
 * a hard IRQ handler, which callee may sleep, which class comes first)
 * comes from the rules; this file only knows how to compute the facts the
 * rule conditions name.
 */
#include "classify.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "mechanism.h"
#include "util.h"

/* Per-audit program index: functions, their edges, roles and evidence. */
struct prog {
	const ta_audit *a;
	const ta_rules *r;
	ta_strmap by_file_name; /* "file\tname" -> func index */
	ta_strmap by_name;      /* "name" -> func index, for functions with external linkage */
	size_t **out;           /* per func: indexes into a->edges */
	size_t *n_out, *cap_out;
	size_t **callers; /* per func: caller func indexes */
	size_t *n_callers, *cap_callers;
	unsigned *roles;
	char **evidence;    /* per func: why it has its first role */
	unsigned *contract; /* per func: roles only a "contract" rule gave */
	unsigned *firm;     /* per func: roles a registration rule gave otherwise */
	bool *kick;         /* per func: some role came from a "kick" rule */
	bool *registered;   /* per func: stored or passed somewhere (any registration) */
	unsigned *mark;     /* visit stamps */
	unsigned stamp;
	size_t **locks; /* per func: indexes into a->locks, in line order */
	size_t *n_locks, *cap_locks;
	long *lock_func;     /* per lock: its function */
	ta_strmap lock_keys; /* lock key -> index into key_locks */
	size_t **key_locks;
	size_t *n_key_locks, *cap_key_locks, n_keys;
	ta_strmap ref_files; /* file -> index into file_refs */
	size_t **file_refs;  /* per file: indexes into a->refs, ascending */
	size_t *n_file_refs, cap_ref_files, n_ref_files;
};

static char *fkey(const char *file, const char *name)
{
	return xasprintf("%s\t%s", file ? file : "", name ? name : "");
}

/* "file\tname" into buf when it fits (the hot path), else NULL. */
static const char *fkey_into(char *buf, size_t size, const char *file, const char *name)
{
	size_t lf = file ? strlen(file) : 0, ln = strlen(name);

	if (lf + ln + 2 > size)
		return NULL;
	if (lf)
		memcpy(buf, file, lf);
	buf[lf] = '\t';
	memcpy(buf + lf + 1, name, ln + 1);
	return buf;
}

/* The function `name` as seen from `file`: its own static, else a global one. */
static long find_func(const struct prog *p, const char *file, const char *name)
{
	char buf[512], *heap = NULL;
	const char *k;
	size_t *v;

	if (!name)
		return -1;
	k = fkey_into(buf, sizeof(buf), file, name);
	if (!k)
		k = heap = fkey(file, name);
	v = ta_strmap_get(&p->by_file_name, k);
	free(heap);
	if (!v)
		v = ta_strmap_get(&p->by_name, name);
	return v ? (long)*v : -1;
}

static void add_role(struct prog *p, long f, enum ta_role role, const char *evidence)
{
	if (f < 0)
		return;
	p->roles[f] |= TA_ROLE_BIT(role);
	if (!p->evidence[f] && evidence)
		p->evidence[f] = xstrdup(evidence);
}

/* Does "field:struct foo.bar" name a struct the rule's field_names are limited to? */
static bool struct_allowed(const ta_role_rule *rr, const char *context, const char *dot)
{
	const char *type = context + strlen("field:");
	size_t len = (size_t)(dot - type);
	char buf[256];

	if (!rr->structs.n && !rr->struct_suffixes.n)
		return true;
	if (len >= sizeof(buf))
		return false;
	memcpy(buf, type, len);
	buf[len] = '\0';
	if (ta_strlist_has(&rr->structs, buf))
		return true;
	for (size_t i = 0; i < rr->struct_suffixes.n; i++)
		if (ta_str_ends(buf, rr->struct_suffixes.v[i]))
			return true;
	return false;
}

/* want: the rule's context string ("call:request_irq:1", "field:..."), built once. */
static bool role_rule_matches(const ta_role_rule *rr, const char *want, const char *context)
{
	bool hit = false;

	if (want && strcmp(want, context) == 0)
		return true;
	if (!ta_str_starts(context, "field:"))
		return false;
	if (rr->fields.n && ta_strlist_has(&rr->fields, context + strlen("field:")))
		return true;
	if (rr->field_names.n) {
		const char *dot = strrchr(context, '.');
		hit = dot && ta_strlist_has(&rr->field_names, dot + 1) &&
		      struct_allowed(rr, context, dot);
	}
	return hit;
}

/* The first call of f to one of the rule's body_calls, or NULL. */
static const ta_edge *body_call(const struct prog *p, size_t f, const ta_role_rule *rr)
{
	for (size_t i = 0; i < p->n_out[f]; i++) {
		const ta_edge *e = &p->a->edges[p->out[f][i]];
		if (ta_strlist_has(&rr->body_calls, e->callee))
			return e;
	}
	return NULL;
}

/*
 * A function whose only roles are what its subsystem allows ("contract"
 * rules: a dmaengine op may be called in atomic context) but whose own body
 * says otherwise (it takes a mutex) runs as its body says.
 */
static void apply_body_rules(struct prog *p)
{
	for (size_t f = 0; f < p->a->n_funcs; f++) {
		if (!p->contract[f] || p->firm[f])
			continue;
		for (size_t j = 0; j < p->r->n_roles; j++) {
			const ta_role_rule *rr = &p->r->roles[j];
			const ta_edge *e = rr->body_calls.n ? body_call(p, f, rr) : NULL;
			if (!e)
				continue;
			char *ev = xasprintf("%s (%s: %s() at %s:%u, over %s)",
					     ta_role_name(rr->role), rr->id, e->callee, e->file,
					     e->line,
					     p->evidence[f] ? p->evidence[f] : "its contract");
			free(p->evidence[f]);
			p->evidence[f] = ev;
			p->roles[f] = TA_ROLE_BIT(rr->role);
			break;
		}
	}
}

static void prog_build(struct prog *p, const ta_audit *a, const ta_rules *r)
{
	size_t n = a->n_funcs ? a->n_funcs : 1;

	memset(p, 0, sizeof(*p));
	p->a = a;
	p->r = r;
	p->out = xcalloc(n, sizeof(size_t *));
	p->n_out = xcalloc(n, sizeof(size_t));
	p->cap_out = xcalloc(n, sizeof(size_t));
	p->callers = xcalloc(n, sizeof(size_t *));
	p->n_callers = xcalloc(n, sizeof(size_t));
	p->cap_callers = xcalloc(n, sizeof(size_t));
	p->roles = xcalloc(n, sizeof(unsigned));
	p->evidence = xcalloc(n, sizeof(char *));
	p->contract = xcalloc(n, sizeof(unsigned));
	p->firm = xcalloc(n, sizeof(unsigned));
	p->kick = xcalloc(n, sizeof(bool));
	p->registered = xcalloc(n, sizeof(bool));
	p->mark = xcalloc(n, sizeof(unsigned));
	p->locks = xcalloc(n, sizeof(size_t *));
	p->n_locks = xcalloc(n, sizeof(size_t));
	p->cap_locks = xcalloc(n, sizeof(size_t));
	for (size_t i = 0; i < a->n_funcs; i++) {
		char *k = fkey(a->funcs[i].file, a->funcs[i].name);
		ta_strmap_put(&p->by_file_name, k, i);
		free(k);
		if (!a->funcs[i].is_static && !ta_strmap_get(&p->by_name, a->funcs[i].name))
			ta_strmap_put(&p->by_name, a->funcs[i].name, i);
	}
	/* registrations by file: a tasklet's are those of its few files */
	for (size_t i = 0; i < a->n_refs; i++) {
		size_t *k = a->refs[i].file ? ta_strmap_get(&p->ref_files, a->refs[i].file) : NULL;
		size_t f = k ? *k : p->n_ref_files, cap;
		if (!a->refs[i].file)
			continue;
		if (!k) {
			if (p->n_ref_files == p->cap_ref_files) {
				p->cap_ref_files = p->cap_ref_files ? 2 * p->cap_ref_files : 64;
				p->file_refs = xrealloc(p->file_refs,
							p->cap_ref_files * sizeof(*p->file_refs));
				p->n_file_refs = xrealloc(p->n_file_refs,
							  p->cap_ref_files * sizeof(size_t));
			}
			p->file_refs[f] = NULL;
			p->n_file_refs[f] = 0;
			ta_strmap_put(&p->ref_files, a->refs[i].file, f);
			p->n_ref_files++;
		}
		/* grow by powers of two: the count is the capacity's witness */
		cap = p->n_file_refs[f];
		if ((cap & (cap - 1)) == 0)
			p->file_refs[f] = xrealloc(p->file_refs[f],
						   (cap ? 2 * cap : 1) * sizeof(size_t));
		p->file_refs[f][p->n_file_refs[f]++] = i;
	}
	/* locks by function (for spinlock regions) and by key (for shared locks) */
	p->lock_func = xcalloc(a->n_locks ? a->n_locks : 1, sizeof(long));
	p->key_locks = xcalloc(a->n_locks ? a->n_locks : 1, sizeof(size_t *));
	p->n_key_locks = xcalloc(a->n_locks ? a->n_locks : 1, sizeof(size_t));
	p->cap_key_locks = xcalloc(a->n_locks ? a->n_locks : 1, sizeof(size_t));
	for (size_t i = 0; i < a->n_locks; i++) {
		const ta_lock *l = &a->locks[i];
		long f = find_func(p, l->file, l->function);
		size_t *k;
		p->lock_func[i] = f;
		if (f >= 0)
			TA_PUSH(p->locks[f], p->n_locks[f], p->cap_locks[f], i);
		if (!l->key)
			continue;
		k = ta_strmap_get(&p->lock_keys, l->key);
		if (!k) {
			ta_strmap_put(&p->lock_keys, l->key, p->n_keys++);
			k = ta_strmap_get(&p->lock_keys, l->key);
		}
		TA_PUSH(p->key_locks[*k], p->n_key_locks[*k], p->cap_key_locks[*k], i);
	}
	for (size_t i = 0; i < a->n_edges; i++) {
		const ta_edge *e = &a->edges[i];
		long from = find_func(p, e->file, e->caller), to;
		if (from < 0)
			continue;
		TA_PUSH(p->out[from], p->n_out[from], p->cap_out[from], i);
		if (e->macro)
			continue;
		to = find_func(p, e->file, e->callee);
		if (to >= 0 && to != from)
			TA_PUSH(p->callers[to], p->n_callers[to], p->cap_callers[to], (size_t)from);
	}
	/* registrations: strong rules first, then the weak rules for role-less functions */
	char **wants = xcalloc(r->n_roles ? r->n_roles : 1, sizeof(char *));
	for (size_t j = 0; j < r->n_roles; j++)
		wants[j] = r->roles[j].call
				   ? xasprintf("call:%s:%d", r->roles[j].call, r->roles[j].arg)
			   : r->roles[j].field ? xasprintf("field:%s", r->roles[j].field)
					       : NULL;
	/*
	 * a call or variable context can only be some rules' exact want: those
	 * rules by want, in rule order (a field context may match any rule)
	 */
	ta_strmap by_want = {0};
	size_t **want_rules = xcalloc(r->n_roles ? r->n_roles : 1, sizeof(size_t *));
	size_t *n_want_rules = xcalloc(r->n_roles ? r->n_roles : 1, sizeof(size_t));
	size_t n_wants = 0;
	for (size_t j = 0; j < r->n_roles; j++) {
		size_t *k;
		if (!wants[j] || r->roles[j].weak || r->roles[j].body_calls.n)
			continue;
		if (!(k = ta_strmap_get(&by_want, wants[j]))) {
			ta_strmap_put(&by_want, wants[j], n_wants++);
			k = ta_strmap_get(&by_want, wants[j]);
		}
		want_rules[*k] = xrealloc(want_rules[*k], (n_want_rules[*k] + 1) * sizeof(size_t));
		want_rules[*k][n_want_rules[*k]++] = j;
	}
	for (size_t i = 0; i < a->n_refs; i++) {
		const ta_ref *ref = &a->refs[i];
		bool via_var = ta_str_starts(ref->fn, "$var:");
		bool field = ta_str_starts(ref->context, "field:");
		const size_t *wk = field ? NULL : ta_strmap_get(&by_want, ref->context);
		size_t n_cand = field ? r->n_roles : wk ? n_want_rules[*wk] : 0;
		long rf = via_var ? -1 : find_func(p, ref->file, ref->fn);
		if (rf >= 0)
			p->registered[rf] = true;
		for (size_t c = 0; c < n_cand; c++) {
			size_t j = field ? c : want_rules[*wk][c];
			const ta_role_rule *rr = &r->roles[j];
			if (rr->weak || rr->body_calls.n ||
			    !role_rule_matches(rr, wants[j], ref->context))
				continue;
			char *ev = xasprintf("%s (%s, %s:%u)", ta_role_name(rr->role), rr->id,
					     ref->file, ref->line);
			long fs[64];
			size_t nf = 0;
			if (!via_var) {
				fs[nf++] = rf;
			} else {
				/* the functions assigned to that variable in the same function */
				char *want = xasprintf("var:%s", ref->fn + 5);
				for (size_t k = 0; k < a->n_refs && nf < 64; k++) {
					const ta_ref *v = &a->refs[k];
					if (strcmp(v->context, want) == 0 && v->where &&
					    ref->where && strcmp(v->where, ref->where) == 0 &&
					    strcmp(v->file, ref->file) == 0)
						fs[nf++] = find_func(p, v->file, v->fn);
				}
				free(want);
			}
			for (size_t k = 0; k < nf; k++) {
				if (fs[k] < 0)
					continue;
				add_role(p, fs[k], rr->role, ev);
				if (rr->contract)
					p->contract[fs[k]] |= TA_ROLE_BIT(rr->role);
				else
					p->firm[fs[k]] |= TA_ROLE_BIT(rr->role);
				p->kick[fs[k]] |= rr->kick;
			}
			free(ev);
		}
	}
	apply_body_rules(p);
	for (size_t k = 0; k < n_wants; k++)
		free(want_rules[k]);
	free(want_rules);
	free(n_want_rules);
	ta_strmap_free(&by_want);
	for (size_t j = 0; j < r->n_roles; j++)
		free(wants[j]);
	free(wants);
	/* tasklet callbacks run in softirq context as tasklets */
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		long f;
		if (!t->callback || t->callback_is_expr)
			continue;
		f = find_func(p, t->callback_file ? t->callback_file : t->file, t->callback);
		if (f >= 0) {
			char *ev = xasprintf("tasklet (the callback of %s, %s:%u)", t->name,
					     t->file, t->line);
			add_role(p, f, TA_ROLE_TASKLET, ev);
			free(ev);
		}
	}
	for (size_t f = 0; f < a->n_funcs; f++) {
		if (p->roles[f])
			continue;
		for (size_t j = 0; j < r->n_roles; j++) {
			const ta_role_rule *rr = &r->roles[j];
			bool hit = false, by_type = false;
			/* a function registered somewhere no rule knows is not guessed by name */
			for (size_t k = 0; k < rr->suffixes.n && !hit && !p->registered[f]; k++)
				hit = ta_str_ends(a->funcs[f].name, rr->suffixes.v[k]);
			if (!hit && rr->returns && a->funcs[f].ret &&
			    strcmp(a->funcs[f].ret, rr->returns) == 0)
				hit = by_type = true;
			if (hit) {
				char *ev = xasprintf("%s (%s, by its %s)", ta_role_name(rr->role),
						     rr->id, by_type ? "return type" : "name");
				add_role(p, (long)f, rr->role, ev);
				free(ev);
				break; /* one weak guess per function */
			}
		}
	}
}

static void prog_free(struct prog *p)
{
	size_t n = p->a->n_funcs;

	for (size_t i = 0; i < n; i++) {
		free(p->out[i]);
		free(p->callers[i]);
		free(p->evidence[i]);
		free(p->locks[i]);
	}
	for (size_t i = 0; i < p->n_ref_files; i++)
		free(p->file_refs[i]);
	free(p->file_refs);
	free(p->n_file_refs);
	ta_strmap_free(&p->ref_files);
	for (size_t i = 0; i < p->n_keys; i++)
		free(p->key_locks[i]);
	free(p->key_locks);
	free(p->n_key_locks);
	free(p->cap_key_locks);
	free(p->lock_func);
	free(p->locks);
	free(p->n_locks);
	free(p->cap_locks);
	ta_strmap_free(&p->lock_keys);
	free(p->out);
	free(p->n_out);
	free(p->cap_out);
	free(p->callers);
	free(p->n_callers);
	free(p->cap_callers);
	free(p->roles);
	free(p->evidence);
	free(p->contract);
	free(p->firm);
	free(p->kick);
	free(p->registered);
	free(p->mark);
	ta_strmap_free(&p->by_file_name);
	ta_strmap_free(&p->by_name);
}

/* ------------------------------------------------------------ per tasklet */

/* What the classifier derives for one tasklet. */
struct tfacts {
	const struct prog *p;
	const ta_tasklet *t;
	ta_classification *c; /* what the rules make of it: the result */
	long callback;        /* func index or -1 */
	size_t *graph;        /* funcs reachable from the callback within its file */
	size_t n_graph, cap_graph;
	bool hi, self_resched, scheduled, bh_exclusion, primary_only;
	/* every schedule site is compiled out: they stand for the tasklet's producers */
	bool compiled_out;
	/* never scheduled, but namesake fields of the driver are (at these sites) */
	const ta_tasklet *namesake[3];
	const ta_site *namesake_site[3];
	size_t n_namesakes;
	ta_buf bh_evidence;
	const char *trait_names[32];
	char *trait_evidence[32];
	size_t n_traits;
	long primary_root; /* the one hard IRQ handler of every schedule site, or -2 if several */
};

/*
 * Does schedule or sync site s count?  The sites the configuration compiles
 * in; every one of them when none is (a tasklet scheduled only under an
 * option that is off, like CONFIG_ATM_FORE200E_USE_TASKLET): the code the
 * option would compile in is what the tasklet is for.
 */
static bool counts(const struct tfacts *tf, const ta_site *s)
{
	return s->active || tf->compiled_out;
}

static bool in_graph(const struct tfacts *tf, long f)
{
	for (size_t i = 0; i < tf->n_graph; i++)
		if ((long)tf->graph[i] == f)
			return true;
	return false;
}

static void callback_graph(struct prog *p, struct tfacts *tf)
{
	size_t head = 0;

	if (tf->callback < 0)
		return;
	p->stamp++;
	TA_PUSH(tf->graph, tf->n_graph, tf->cap_graph, (size_t)tf->callback);
	p->mark[tf->callback] = p->stamp;
	while (head < tf->n_graph && tf->n_graph < 4096) {
		size_t f = tf->graph[head++];
		for (size_t i = 0; i < p->n_out[f]; i++) {
			const ta_edge *e = &p->a->edges[p->out[f][i]];
			char *k;
			size_t *v;
			if (e->macro)
				continue;
			/* the file's static helpers, and functions with external linkage
			 * defined in any audited file (a driver's other .c files) */
			k = fkey(e->file, e->callee);
			v = ta_strmap_get(&p->by_file_name, k);
			free(k);
			if (!v)
				v = ta_strmap_get(&p->by_name, e->callee);
			if (v && p->mark[*v] != p->stamp) {
				p->mark[*v] = p->stamp;
				TA_PUSH(tf->graph, tf->n_graph, tf->cap_graph, *v);
			}
		}
	}
}

static bool trait_matches(const ta_trait_rule *tr, const ta_edge *e)
{
	if (e->macro)
		return ta_strlist_has(&tr->macros, e->callee);
	return ta_strlist_has(&tr->calls, e->callee) ||
	       ta_strlist_has_prefix_of(&tr->prefixes, e->callee);
}

/* Is the callee of e a function of the callback graph (its calls are looked at instead)? */
static bool callee_in_graph(const struct prog *p, const struct tfacts *tf, const ta_edge *e)
{
	return in_graph(tf, find_func(p, e->file, e->callee));
}

/*
 * An every_call trait: every call of the callback graph to a function
 * outside it matches (macros aside), and there is at least one.  The
 * evidence lists the calls.
 */
static void find_every_call_trait(struct prog *p, struct tfacts *tf, const ta_trait_rule *tr)
{
	ta_buf calls = {0};
	size_t n = 0;

	for (size_t g = 0; g < tf->n_graph; g++) {
		size_t f = tf->graph[g];
		for (size_t i = 0; i < p->n_out[f]; i++) {
			const ta_edge *e = &p->a->edges[p->out[f][i]];
			if (e->macro || callee_in_graph(p, tf, e))
				continue;
			if (!trait_matches(tr, e)) {
				ta_buf_free(&calls);
				return;
			}
			if (n++ < 4)
				ta_buf_printf(&calls, "%s%s() at %s:%u", n > 1 ? ", " : "",
					      e->callee, e->file, e->line);
		}
	}
	if (n && tf->n_traits < 32) {
		tf->trait_names[tf->n_traits] = tr->trait;
		tf->trait_evidence[tf->n_traits] = xasprintf("%s (%s): %s%s", tr->text, tr->id,
							     calls.s, n > 4 ? ", ..." : "");
		tf->n_traits++;
	}
	ta_buf_free(&calls);
}

static void find_traits(struct prog *p, struct tfacts *tf)
{
	for (size_t t = 0; t < p->r->n_traits; t++) {
		const ta_trait_rule *tr = &p->r->traits[t];
		bool have = false;
		for (size_t j = 0; j < tf->n_traits; j++)
			have |= strcmp(tf->trait_names[j], tr->trait) == 0;
		if (tr->every_call) {
			if (!have && tf->callback >= 0)
				find_every_call_trait(p, tf, tr);
			continue;
		}
		for (size_t g = 0; g < tf->n_graph && !have; g++) {
			size_t f = tf->graph[g];
			for (size_t i = 0; i < p->n_out[f] && !have; i++) {
				const ta_edge *e = &p->a->edges[p->out[f][i]];
				if (!trait_matches(tr, e) || tf->n_traits >= 32)
					continue;
				tf->trait_names[tf->n_traits] = tr->trait;
				if (e->line)
					tf->trait_evidence[tf->n_traits] = xasprintf(
						"%s (%s): %s() at %s:%u in %s()", tr->text, tr->id,
						e->callee, e->file, e->line, e->caller);
				else
					tf->trait_evidence[tf->n_traits] = xasprintf(
						"%s (%s): %s in %s() (%s)", tr->text, tr->id,
						e->callee, e->caller, e->file);
				tf->n_traits++;
				have = true;
			}
		}
	}
}

static const char *trait_evidence(const struct tfacts *tf, const char *trait)
{
	for (size_t i = 0; i < tf->n_traits; i++)
		if (strcmp(tf->trait_names[i], trait) == 0)
			return tf->trait_evidence[i];
	return NULL;
}

static bool is_schedule(enum ta_api api)
{
	return api == TA_API_SCHEDULE || api == TA_API_HI_SCHEDULE ||
	       api == TA_API_HI_SCHEDULE_FIRST;
}

/* The contexts a site's function runs in (into sc): its roles and its callers' (same file). */
static void site_context(struct prog *p, struct tfacts *tf, const ta_site *s, ta_site_context *sc,
			 long *hardirq_root)
{
	long g = find_func(p, s->file, s->function);
	size_t *queue = NULL, n = 0, cap = 0, head = 0;
	ta_buf ev = {0};
	const unsigned process_like = TA_ROLE_BIT(TA_ROLE_PROCESS) |
				      TA_ROLE_BIT(TA_ROLE_WORKQUEUE) |
				      TA_ROLE_BIT(TA_ROLE_IRQ_THREAD);
	bool all_kicks = true, any_process = false;

	*hardirq_root = -1;
	if (g < 0) {
		sc->roles = TA_ROLE_BIT(TA_ROLE_UNKNOWN);
		sc->context = xstrdup(s->function
					      ? "unknown: the enclosing function was not indexed"
					      : "unknown: at file scope");
		return;
	}
	p->stamp++;
	p->mark[g] = p->stamp;
	TA_PUSH(queue, n, cap, (size_t)g);
	while (head < n && head < 256) {
		size_t f = queue[head++];
		unsigned roles = p->roles[f];
		if (in_graph(tf, (long)f)) {
			roles &= ~TA_ROLE_BIT(TA_ROLE_TASKLET);
			roles |= TA_ROLE_BIT(TA_ROLE_SELF);
		}
		if (roles) {
			sc->roles |= roles;
			if (roles & process_like) {
				any_process = true;
				all_kicks &= p->kick[f];
			}
			if (ev.len < 400) {
				ta_buf_printf(&ev, "%s%s()%s: %s", ev.len ? "; " : "",
					      p->a->funcs[f].name,
					      f == (size_t)g ? "" : " (a caller)",
					      roles & TA_ROLE_BIT(TA_ROLE_SELF)
						      ? "the tasklet's own callback"
					      : p->evidence[f] ? p->evidence[f]
							       : "a tasklet callback");
			}
			if ((roles & TA_ROLE_BIT(TA_ROLE_HARDIRQ)) && *hardirq_root == -1)
				*hardirq_root = (long)f;
			else if ((roles & TA_ROLE_BIT(TA_ROLE_HARDIRQ)) && *hardirq_root != (long)f)
				*hardirq_root = -2;
		}
		for (size_t i = 0; i < p->n_callers[f]; i++) {
			size_t c = p->callers[f][i];
			if (p->mark[c] != p->stamp) {
				p->mark[c] = p->stamp;
				TA_PUSH(queue, n, cap, c);
			}
		}
	}
	free(queue);
	/* process context only through one-off starts (probe, open, resume): a kick */
	if (any_process && all_kicks)
		sc->roles |= TA_ROLE_BIT(TA_ROLE_KICK);
	if (!sc->roles) {
		sc->roles = TA_ROLE_BIT(TA_ROLE_UNKNOWN);
		ta_buf_printf(&ev, "unknown: no registration of %s() or its callers found",
			      s->function);
	}
	sc->context = ta_buf_steal(&ev);
}

/* Is a spinlock held at the site's line in its function (its locks in line order)? */
static bool spinlock_held(const struct prog *p, const ta_site *s)
{
	const ta_rules *r = p->r;
	const char *held[16];
	size_t n_held = 0;
	unsigned last = 0;
	long f = find_func(p, s->file, s->function);

	if (f < 0)
		return false;
	for (;;) {
		/* the next lock call after `last` and before the site */
		const ta_lock *next = NULL;
		for (size_t i = 0; i < p->n_locks[f]; i++) {
			const ta_lock *l = &p->a->locks[p->locks[f][i]];
			if (l->line <= last || l->line >= s->line || strcmp(l->file, s->file) != 0)
				continue;
			if (!next || l->line < next->line)
				next = l;
		}
		if (!next)
			break;
		last = next->line;
		const char *key = next->key ? next->key : next->text ? next->text : "?";
		if (ta_strlist_has(&r->locks.atomic_acquire, next->api) && n_held < 16) {
			held[n_held++] = key;
		} else if (ta_strlist_has(&r->locks.atomic_release, next->api)) {
			for (size_t i = 0; i < n_held; i++) {
				if (strcmp(held[i], key) == 0) {
					held[i] = held[--n_held];
					break;
				}
			}
		}
	}
	return n_held > 0;
}

static void find_bh_exclusion(struct prog *p, struct tfacts *tf)
{
	const ta_audit *a = p->a;

	for (size_t g = 0; g < tf->n_graph && !tf->bh_exclusion; g++) {
		size_t f = tf->graph[g];
		for (size_t i = 0; i < p->n_locks[f] && !tf->bh_exclusion; i++) {
			const ta_lock *in = &a->locks[p->locks[f][i]];
			bool takes = ta_strlist_has(&p->r->locks.atomic_acquire, in->api) ||
				     ta_strlist_has(&p->r->locks.bh_acquire, in->api);
			size_t *k = in->key && takes ? ta_strmap_get(&p->lock_keys, in->key) : NULL;
			for (size_t j = 0; k && j < p->n_key_locks[*k]; j++) {
				size_t li = p->key_locks[*k][j];
				const ta_lock *out = &a->locks[li];
				if (!ta_strlist_has(&p->r->locks.bh_acquire, out->api) ||
				    (p->lock_func[li] >= 0 && in_graph(tf, p->lock_func[li])))
					continue;
				tf->bh_exclusion = true;
				ta_buf_printf(
					&tf->bh_evidence,
					"%s is taken by the callback (%s() at %s:%u) and with %s() "
					"in %s() at %s:%u (%s)",
					in->key, in->api, in->file, in->line, out->api,
					out->function, out->file, out->line,
					p->r->locks.id ? p->r->locks.id : "lock.bh");
				break;
			}
		}
	}
}

/*
 * Could code of the driver of field tasklet u reach field tasklet t's struct
 * through a u pointer?  Both declared in one directory, and not each in a
 * .c file of its own: a struct declared in a .c file is that file's, and
 * two .c files of a directory may be two modules (budget-av and budget-ci
 * each declare a ciintf_irq_tasklet).
 */
static bool same_driver_fields(const ta_tasklet *t, const ta_tasklet *u)
{
	if (!ta_path_same_dir(t->decl_file, u->decl_file))
		return false;
	return ta_str_ends(t->decl_file, ".h") || ta_str_ends(u->decl_file, ".h") ||
	       strcmp(t->decl_file, u->decl_file) == 0;
}

/* u's schedule site to show: a compiled-in one, in a file of t's sites if one is. */
static const ta_site *namesake_site(const ta_tasklet *t, const ta_tasklet *u)
{
	const ta_site *best = NULL;
	int best_score = -1;

	for (size_t i = 0; i < u->n_sites; i++) {
		const ta_site *s = &u->sites[i];
		int score = 0;
		if (!is_schedule(s->api))
			continue;
		score += s->active ? 2 : 0;
		for (size_t j = 0; j < t->n_init + t->n_sites && score < 3; j++) {
			const ta_site *o = j < t->n_init ? &t->init_sites[j]
							 : &t->sites[j - t->n_init];
			if (o->file && s->file && strcmp(o->file, s->file) == 0)
				score++;
		}
		if (score > best_score) {
			best = s;
			best_score = score;
		}
	}
	return best;
}

/*
 * A struct-field tasklet with no schedule site at all, whose field name is
 * that of another struct's tasklet field the same driver schedules
 * (cxgb4's sge_ctrl_txq.qresume_tsk, scheduled as sge_uld_txq's through
 * the void * egr_map): the namesakes, into tf.
 */
static void find_namesakes(const struct prog *p, const ta_tasklet *t, struct tfacts *tf)
{
	const ta_audit *a = p->a;

	if (t->scope != TA_SCOPE_FIELD || !t->field || !t->ctype || !t->decl_file)
		return;
	for (size_t i = 0; i < t->n_sites; i++)
		if (is_schedule(t->sites[i].api))
			return;
	for (size_t i = 0; i < a->n_tasklets && tf->n_namesakes < 3; i++) {
		const ta_tasklet *u = &a->tasklets[i];
		const ta_site *s;
		if (u == t || u->scope != TA_SCOPE_FIELD || !u->field || !u->ctype ||
		    strcmp(u->field, t->field) != 0 || strcmp(u->ctype, t->ctype) == 0 ||
		    !same_driver_fields(t, u) || !(s = namesake_site(t, u)))
			continue;
		tf->namesake[tf->n_namesakes] = u;
		tf->namesake_site[tf->n_namesakes++] = s;
	}
}

/* "no site schedules struct a.f, but struct b.f of the same driver is scheduled at x.c:1: ..." */
static void namesake_evidence(const struct tfacts *tf, ta_buf *b)
{
	ta_buf_printf(b, "no site schedules %s.%s, but ", tf->t->ctype, tf->t->field);
	for (size_t i = 0; i < tf->n_namesakes; i++) {
		const ta_tasklet *u = tf->namesake[i];
		const ta_site *s = tf->namesake_site[i];
		const char *sep = i == 0 ? "" : i + 1 == tf->n_namesakes ? " and " : ", ";
		ta_buf_printf(b, "%s%s.%s%s is scheduled at %s:%u%s", sep, u->ctype, u->field,
			      i == 0 ? " of the same driver" : "", s->file, s->line,
			      s->active ? "" : " (compiled out)");
	}
	ta_buf_puts(b, ": a schedule through a pointer of another type (a cast, a void * map) "
		       "cannot be ruled out");
}

/* Does condition c (or one inside it) have this kind? */
static bool cond_has(const ta_cond *c, enum ta_cond_kind kind)
{
	if (!c)
		return false;
	if (c->kind == kind)
		return true;
	for (size_t i = 0; i < c->n_kids; i++)
		if (cond_has(c->kids[i], kind))
			return true;
	return false;
}

static void derive(struct prog *p, const ta_tasklet *t, struct tfacts *tf)
{
	long roots = -1;
	bool any_primary_site = false, all_primary = true;

	memset(tf, 0, sizeof(*tf));
	tf->p = p;
	tf->t = t;
	tf->c = xcalloc(1, sizeof(*tf->c));
	tf->c->sites = t->n_sites ? xcalloc(t->n_sites, sizeof(ta_site_context)) : NULL;
	tf->c->n_sites = t->n_sites;
	tf->callback = -1;
	if (t->callback && !t->callback_is_expr) {
		tf->callback = find_func(p, t->callback_file, t->callback);
		if (tf->callback < 0)
			tf->callback = find_func(p, t->file, t->callback);
	}
	callback_graph(p, tf);
	find_traits(p, tf);
	find_bh_exclusion(p, tf);
	tf->compiled_out = true;
	for (size_t i = 0; i < t->n_sites; i++)
		if (is_schedule(t->sites[i].api) && t->sites[i].active)
			tf->compiled_out = false;
	find_namesakes(p, t, tf);
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		ta_site_context *sc = &tf->c->sites[i];
		long root;
		site_context(p, tf, s, sc, &root);
		sc->atomic_lock = spinlock_held(p, s);
		if (!is_schedule(s->api) || !counts(tf, s))
			continue;
		tf->scheduled = true;
		tf->hi |= s->api != TA_API_SCHEDULE;
		if (s->self || (sc->roles & TA_ROLE_BIT(TA_ROLE_SELF))) {
			tf->self_resched = true;
			continue;
		}
		any_primary_site = true;
		if (sc->roles != TA_ROLE_BIT(TA_ROLE_HARDIRQ) || root < 0)
			all_primary = false;
		else if (roots == -1)
			roots = root;
		else if (roots != root)
			all_primary = false;
	}
	tf->primary_only = any_primary_site && all_primary;
	tf->primary_root = roots;
}

static void tfacts_free(struct tfacts *tf)
{
	free(tf->graph);
	ta_buf_free(&tf->bh_evidence);
	for (size_t i = 0; i < tf->n_traits; i++)
		free(tf->trait_evidence[i]);
}

/* -------------------------------------------------------------- conditions */

static bool has_site(const ta_tasklet *t, const char *api)
{
	for (size_t i = 0; i < t->n_sites; i++)
		if (strcmp(ta_api_name(t->sites[i].api), api) == 0)
			return true;
	return false;
}

/* The roles a kick stands for: process context reached only from one-off starts. */
#define KICK_ROLES                                                                                 \
	(TA_ROLE_BIT(TA_ROLE_PROCESS) | TA_ROLE_BIT(TA_ROLE_WORKQUEUE) |                           \
	 TA_ROLE_BIT(TA_ROLE_IRQ_THREAD))

/* Schedule sites other than the callback's own re-scheduling. */
static bool contexts_only(const struct tfacts *tf, unsigned roles)
{
	bool any = false;

	for (size_t i = 0; i < tf->t->n_sites; i++) {
		const ta_site *s = &tf->t->sites[i];
		unsigned r = tf->c->sites[i].roles;
		unsigned have = r & ~TA_ROLE_BIT(TA_ROLE_KICK);
		if (!is_schedule(s->api) || !counts(tf, s) || s->self ||
		    (r & TA_ROLE_BIT(TA_ROLE_SELF)))
			continue;
		any = true;
		/* where kicks are admitted, a kick site's process context is one */
		if ((roles & r) & TA_ROLE_BIT(TA_ROLE_KICK))
			have &= ~KICK_ROLES;
		if ((!have && !(r & TA_ROLE_BIT(TA_ROLE_KICK))) || (have & ~roles))
			return false;
	}
	return any;
}

static bool context_any(const struct tfacts *tf, unsigned roles)
{
	for (size_t i = 0; i < tf->t->n_sites; i++) {
		const ta_site *s = &tf->t->sites[i];
		if (is_schedule(s->api) && counts(tf, s) && (tf->c->sites[i].roles & roles))
			return true;
	}
	return false;
}

/* Do the tasklet's sites span several driver directories (shared infrastructure)? */
static bool multi_driver(const ta_tasklet *t)
{
	const char *first = NULL;
	size_t first_len = 0;

	for (size_t i = 0; i < t->n_init + t->n_sites; i++) {
		const ta_site *s = i < t->n_init ? &t->init_sites[i] : &t->sites[i - t->n_init];
		const char *slash = s->file ? strrchr(s->file, '/') : NULL;
		size_t len = slash ? (size_t)(slash - s->file) : 0;
		if (!s->file)
			continue;
		if (!first) {
			first = s->file;
			first_len = len;
		} else if (len != first_len || strncmp(first, s->file, len) != 0) {
			/* a header next to the driver's .c files is the same driver */
			if (!ta_str_ends(s->file, ".h") && !ta_str_ends(first, ".h"))
				return true;
		}
	}
	return false;
}

/*
 * Every schedule site (other than the callback's own) is followed, in its
 * function, by a call to one of calls: the producer waits for the callback.
 * *ev (when given) gets the first such call.
 */
static bool producer_waits(const struct tfacts *tf, const ta_strlist *calls, const ta_edge **ev)
{
	bool any = false;

	for (size_t i = 0; i < tf->t->n_sites; i++) {
		const ta_site *s = &tf->t->sites[i];
		const ta_edge *hit = NULL;
		long f;
		if (!is_schedule(s->api) || !counts(tf, s) || s->self ||
		    (tf->c->sites[i].roles & TA_ROLE_BIT(TA_ROLE_SELF)))
			continue;
		f = find_func(tf->p, s->file, s->function);
		for (size_t j = 0; f >= 0 && j < tf->p->n_out[f] && !hit; j++) {
			const ta_edge *e = &tf->p->a->edges[tf->p->out[f][j]];
			if (e->line > s->line && e->file && strcmp(e->file, s->file) == 0 &&
			    ta_strlist_has(calls, e->callee))
				hit = e;
		}
		if (!hit)
			return false;
		if (ev && !any)
			*ev = hit;
		any = true;
	}
	return any;
}

static bool lock_held_at_schedule(const struct tfacts *tf)
{
	for (size_t i = 0; i < tf->t->n_sites; i++) {
		const ta_site *s = &tf->t->sites[i];
		if (is_schedule(s->api) && counts(tf, s) && tf->c->sites[i].atomic_lock)
			return true;
	}
	return false;
}

/* Is one of words a '_'-separated word of the callback's or the tasklet's member name? */
static bool named(const ta_tasklet *t, const ta_strlist *words, const char **which, const char **in)
{
	const char *names[3] = {t->callback, t->field, t->name};

	for (int k = 0; k < 3; k++) {
		const char *n = names[k];
		if (!n || (k == 2 && t->field))
			continue;
		/* the member of "priv->rx_tasklet" or "a.b.c" */
		for (const char *q = n; *q; q++)
			if (*q == '>' || *q == '.')
				n = q + 1;
		for (size_t i = 0; i < words->n; i++) {
			size_t len = strlen(words->v[i]);
			for (const char *q = strstr(n, words->v[i]); q;
			     q = strstr(q + 1, words->v[i]))
				if ((q == n || q[-1] == '_') && (q[len] == '\0' || q[len] == '_')) {
					if (which)
						*which = words->v[i];
					if (in)
						*in = names[k];
					return true;
				}
		}
	}
	return false;
}

/* Is file one of the tasklet's (its init, callback and site files)? */
/* The first registration in a file of the tasklet with one of contexts, or NULL. */
static const ta_ref *driver_registers(const struct tfacts *tf, const ta_strlist *contexts)
{
	const ta_tasklet *t = tf->t;
	const struct prog *p = tf->p;
	size_t best = SIZE_MAX;

	/* the lowest index over the tasklet's files: the first in the audit's order */
	for (size_t i = 0; i < t->n_init + t->n_sites + 2; i++) {
		const char *file = i == 0              ? t->file
				   : i == 1            ? t->callback_file
				   : i - 2 < t->n_init ? t->init_sites[i - 2].file
						       : t->sites[i - 2 - t->n_init].file;
		const size_t *f = file ? ta_strmap_get(&p->ref_files, file) : NULL;
		for (size_t k = 0; f && k < p->n_file_refs[*f] && p->file_refs[*f][k] < best; k++)
			if (ta_strlist_has(contexts, p->a->refs[p->file_refs[*f][k]].context))
				best = p->file_refs[*f][k];
	}
	return best == SIZE_MAX ? NULL : &p->a->refs[best];
}

static bool eval(const struct tfacts *tf, const ta_cond *c)
{
	const ta_tasklet *t = tf->t;

	switch (c->kind) {
	case TA_COND_ALL:
		for (size_t i = 0; i < c->n_kids; i++)
			if (!eval(tf, c->kids[i]))
				return false;
		return true;
	case TA_COND_ANY:
		for (size_t i = 0; i < c->n_kids; i++)
			if (eval(tf, c->kids[i]))
				return true;
		return false;
	case TA_COND_NOT:
		return c->n_kids == 1 && !eval(tf, c->kids[0]);
	case TA_COND_SITE:
		return has_site(t, c->strs.v[0]);
	case TA_COND_HI:
		return tf->hi == c->value;
	case TA_COND_SELF_RESCHEDULE:
		return tf->self_resched == c->value;
	case TA_COND_CONTEXTS_ONLY:
		return contexts_only(tf, c->roles);
	case TA_COND_CONTEXT_ANY:
		return context_any(tf, c->roles);
	case TA_COND_TRAIT:
		return trait_evidence(tf, c->strs.v[0]) != NULL;
	case TA_COND_SUBSYSTEM:
		for (size_t i = 0; i < c->strs.n; i++)
			if (t->file && ta_str_starts(t->file, c->strs.v[i]))
				return true;
		return false;
	case TA_COND_SCHEDULED:
		return tf->scheduled == c->value;
	case TA_COND_COMPILED_OUT:
		return (tf->scheduled && tf->compiled_out) == c->value;
	case TA_COND_NAMESAKE_SCHEDULED:
		return (tf->n_namesakes > 0) == c->value;
	case TA_COND_BH_EXCLUSION:
		return tf->bh_exclusion == c->value;
	case TA_COND_INIT_API:
		return t->init_api != TA_API_NONE &&
		       ta_strlist_has(&c->strs, ta_api_name(t->init_api));
	case TA_COND_CLASS:
		return tf->c->cls && ta_strlist_has(&c->strs, tf->c->cls);
	case TA_COND_PRIMARY_ONLY:
		return tf->primary_only == c->value;
	case TA_COND_MULTI_DRIVER:
		return multi_driver(t) == c->value;
	case TA_COND_PRODUCER_WAITS:
		return producer_waits(tf, &c->strs, NULL);
	case TA_COND_LOCK_HELD:
		return lock_held_at_schedule(tf) == c->value;
	case TA_COND_NAMED:
		return named(t, &c->strs, NULL, NULL);
	case TA_COND_DRIVER_REGISTERS:
		return driver_registers(tf, &c->strs) != NULL;
	case TA_COND_INTERNALS_BEYOND:
		for (size_t i = 0; i < t->n_sites; i++)
			if (t->sites[i].api == TA_API_INTERNALS &&
			    (!t->sites[i].data || !ta_strlist_has(&c->strs, t->sites[i].data)))
				return true;
		return false;
	case TA_COND_TRACE_OP:
	case TA_COND_KILL_IN:
	case TA_COND_DISABLE_IN:
	case TA_COND_ENABLE_AND_QUEUE:
	case TA_COND_REPLACEMENT_BREAKS:
	case TA_COND_LOST_RUN_ENDS_WITH:
	case TA_COND_SHOWN_ON_TASKLET:
	case TA_COND_TRACE_ENDS_WITH:
	case TA_COND_TRACE_SHOWS:
		return false; /* about a difference: the loader keeps them out of classes */
	}
	return false;
}

/* ------------------------------------------------------------ the results */

static void add_reason(ta_reason **v, size_t *n, size_t *cap, const char *rule, const char *text)
{
	ta_reason r = {.rule = xstrdup(rule), .text = xstrdup(text)};

	TA_PUSH(*v, *n, *cap, r);
}

/* The evidence of the schedule sites, for the class reasons. */
static void site_evidence(const struct tfacts *tf, ta_buf *b)
{
	size_t shown = 0, total = 0;

	for (size_t i = 0; i < tf->t->n_sites; i++) {
		const ta_site *s = &tf->t->sites[i];
		if (!is_schedule(s->api) || !counts(tf, s))
			continue;
		total++;
		if (shown >= 4)
			continue;
		ta_buf_printf(b, "%s%s:%u: %s in %s(): %s", shown ? "; " : "", s->file, s->line,
			      ta_api_name(s->api), s->function ? s->function : "?",
			      tf->c->sites[i].context ? tf->c->sites[i].context : "?");
		shown++;
	}
	if (total > shown)
		ta_buf_printf(b, "; and %zu more schedule sites", total - shown);
}

static void classify_one(struct prog *p, const ta_tasklet *t, struct tfacts *tf)
{
	const ta_rules *r = p->r;
	ta_classification *c = tf->c;

	for (size_t i = 0; i < r->n_classes; i++) {
		const ta_class_rule *cr = &r->classes[i];
		ta_buf ev = {0};
		if (!cr->when || !eval(tf, cr->when))
			continue;
		c->cls = xstrdup(cr->cls);
		site_evidence(tf, &ev);
		if (!ev.len && tf->n_namesakes && cond_has(cr->when, TA_COND_NAMESAKE_SCHEDULED))
			namesake_evidence(tf, &ev);
		add_reason(&c->class_reasons, &c->n_class_reasons, &c->cap_class_reasons, cr->id,
			   ev.len ? ev.s : "no schedule site in the audited files");
		ta_buf_free(&ev);
		break;
	}
	if (!c->cls)
		c->cls = xstrdup("unknown");
	if (tf->callback < 0 && t->callback) {
		char *why = xasprintf("the callback %s was not found in the audited files: what it "
				      "does (its traits) is unknown",
				      t->callback);
		add_reason(&c->class_reasons, &c->n_class_reasons, &c->cap_class_reasons,
			   "note.callback-not-indexed", why);
		free(why);
	}
	for (size_t i = 0; i < tf->n_traits; i++) {
		add_reason(&c->class_reasons, &c->n_class_reasons, &c->cap_class_reasons, "trait",
			   tf->trait_evidence[i]);
		TA_PUSH(c->traits, c->n_traits, c->cap_traits, xstrdup(tf->trait_names[i]));
	}
	if (tf->bh_exclusion)
		add_reason(&c->class_reasons, &c->n_class_reasons, &c->cap_class_reasons,
			   r->locks.id ? r->locks.id : "lock.bh", tf->bh_evidence.s);
	c->bh_exclusion = tf->bh_exclusion;
}

/*
 * The queue a recommendation names: the rule's own, else ("auto" or none)
 * the mechanism's high-priority queue for a tasklet_hi_schedule user and
 * its queue otherwise, as the conversion rules name them; NULL for a
 * mechanism without queues.
 */
static const char *queue_for(const ta_rules *r, const char *mechanism, const char *queue, bool hi)
{
	int m = ta_mech_from_name(mechanism);

	if (m < 0 || !r->queue[m])
		return NULL;
	if (queue && strcmp(queue, "auto") != 0)
		return queue;
	return hi && r->hi_queue[m] ? r->hi_queue[m] : r->queue[m];
}

/* The evidence a rule's text gets: the facts its condition looked at. */
static void rec_evidence(const struct tfacts *tf, const ta_cond *c, ta_buf *b)
{
	switch (c->kind) {
	case TA_COND_ALL:
	case TA_COND_ANY:
		for (size_t i = 0; i < c->n_kids; i++)
			if (c->kind == TA_COND_ALL || eval(tf, c->kids[i]))
				rec_evidence(tf, c->kids[i], b);
		break;
	case TA_COND_TRAIT: {
		const char *ev = trait_evidence(tf, c->strs.v[0]);
		if (ev)
			ta_buf_printf(b, "; %s", ev);
		break;
	}
	case TA_COND_SITE:
	case TA_COND_HI:
		for (size_t i = 0, shown = 0; i < tf->t->n_sites && shown < 3; i++) {
			const ta_site *s = &tf->t->sites[i];
			bool hit = c->kind == TA_COND_SITE
					   ? strcmp(ta_api_name(s->api), c->strs.v[0]) == 0
					   : is_schedule(s->api) && s->api != TA_API_SCHEDULE;
			if (!hit)
				continue;
			if (s->api == TA_API_INTERNALS && s->data)
				ta_buf_printf(b, "; %s at %s:%u", s->data, s->file, s->line);
			else
				ta_buf_printf(b, "; %s at %s:%u", ta_api_name(s->api), s->file,
					      s->line);
			shown++;
		}
		break;
	case TA_COND_CONTEXTS_ONLY:
	case TA_COND_CONTEXT_ANY:
	case TA_COND_PRIMARY_ONLY:
	case TA_COND_CLASS:
		ta_buf_puts(b, "; ");
		site_evidence(tf, b);
		break;
	case TA_COND_BH_EXCLUSION:
		if (tf->bh_exclusion)
			ta_buf_printf(b, "; %s", tf->bh_evidence.s);
		break;
	case TA_COND_NAMESAKE_SCHEDULED:
		if (tf->n_namesakes) {
			ta_buf_puts(b, "; ");
			namesake_evidence(tf, b);
		}
		break;
	case TA_COND_PRODUCER_WAITS: {
		const ta_edge *e = NULL;
		if (producer_waits(tf, &c->strs, &e) && e)
			ta_buf_printf(b, "; %s() at %s:%u in %s() waits for it", e->callee, e->file,
				      e->line, e->caller);
		break;
	}
	case TA_COND_INTERNALS_BEYOND:
		for (size_t i = 0, shown = 0; i < tf->t->n_sites && shown < 3; i++) {
			const ta_site *s = &tf->t->sites[i];
			if (s->api != TA_API_INTERNALS ||
			    (s->data && ta_strlist_has(&c->strs, s->data)))
				continue;
			ta_buf_printf(b, "; %s at %s:%u", s->data ? s->data : "internals", s->file,
				      s->line);
			shown++;
		}
		break;
	case TA_COND_DRIVER_REGISTERS: {
		const ta_ref *r = driver_registers(tf, &c->strs);
		if (r)
			ta_buf_printf(b, "; %s() is registered as %s at %s:%u", r->fn,
				      r->context + (ta_str_starts(r->context, "field:") ? 6 : 0),
				      r->file, r->line);
		break;
	}
	case TA_COND_NAMED: {
		const char *w = NULL, *in = NULL;
		if (named(tf->t, &c->strs, &w, &in))
			ta_buf_printf(b, "; '%s' in the name %s", w, in);
		break;
	}
	default:
		break;
	}
}

static void recommend(struct prog *p, const ta_tasklet *t, struct tfacts *tf)
{
	const ta_rules *r = p->r;
	ta_recommendation *rec = &tf->c->rec;
	const char *blocked[8], *queue;
	size_t n_blocked = 0;

	for (size_t i = 0; i < r->n_recs && !rec->mechanism; i++) {
		const ta_rec_rule *rr = &r->recs[i];
		ta_buf ev = {0};
		if (rr->adds || !rr->when || !eval(tf, rr->when))
			continue;
		rec->mechanism = xstrdup(rr->mechanism);
		queue = queue_for(r, rr->mechanism, rr->queue, tf->hi);
		rec->queue = queue ? xstrdup(queue) : NULL;
		rec->confidence = rr->confidence;
		ta_buf_puts(&ev, rr->text);
		rec_evidence(tf, rr->when, &ev);
		add_reason(&rec->reasons, &rec->n_reasons, &rec->cap_reasons, rr->id, ev.s);
		ta_buf_free(&ev);
		for (size_t j = 0; j < t->n_sites; j++) {
			const ta_site *s = &t->sites[j];
			if (!ta_strlist_has(&rr->blockers, ta_api_name(s->api)))
				continue;
			char *text = xasprintf("%s at %s:%u in %s() has no workqueue counterpart",
					       ta_api_name(s->api), s->file, s->line,
					       s->function ? s->function : "?");
			add_reason(&rec->blockers, &rec->n_blockers, &rec->cap_blockers, rr->id,
				   text);
			free(text);
		}
	}
	if (!rec->mechanism)
		return;
	for (size_t i = 0; i < r->n_recs; i++) {
		const ta_rec_rule *rr = &r->recs[i];
		ta_buf ev = {0};
		if (!rr->adds || !rr->when || !eval(tf, rr->when))
			continue;
		ta_buf_puts(&ev, rr->text);
		rec_evidence(tf, rr->when, &ev);
		if (rr->blocks) {
			if (strcmp(rr->blocks, rec->mechanism) == 0) {
				add_reason(&rec->blockers, &rec->n_blockers, &rec->cap_blockers,
					   rr->id, ev.s);
			} else {
				char *why = xasprintf("not %s: %s", rr->blocks, ev.s);
				add_reason(&rec->reasons, &rec->n_reasons, &rec->cap_reasons,
					   rr->id, why);
				free(why);
				if (n_blocked < 8)
					blocked[n_blocked++] = rr->blocks;
			}
		}
		/* an alternative that is the recommendation itself says nothing new */
		if ((rr->alternative && strcmp(rr->alternative, rec->mechanism) != 0) ||
		    rr->confidence_delta != 0)
			add_reason(&rec->reasons, &rec->n_reasons, &rec->cap_reasons, rr->id, ev.s);
		rec->confidence += rr->confidence_delta;
		ta_buf_free(&ev);
	}
	for (size_t i = 0; i < r->n_recs; i++) {
		const ta_rec_rule *rr = &r->recs[i];
		bool skip = !rr->adds || !rr->alternative ||
			    strcmp(rr->alternative, rec->mechanism) == 0;
		for (size_t k = 0; k < n_blocked && !skip; k++)
			skip = strcmp(blocked[k], rr->alternative) == 0;
		for (size_t k = 0; k < rec->n_alternatives && !skip; k++)
			skip = strcmp(rec->alternatives[k], rr->alternative) == 0;
		if (!skip && rr->when && eval(tf, rr->when))
			TA_PUSH(rec->alternatives, rec->n_alternatives, rec->cap_alternatives,
				xstrdup(rr->alternative));
	}
	if (rec->confidence < 0.05)
		rec->confidence = 0.05;
	if (rec->confidence > 1)
		rec->confidence = 1;
}

/* --------------------------------------------------------------- findings */

static void add_finding(ta_classification *c, const ta_finding_rule *fr, const char *detail,
			const char *file, unsigned line)
{
	ta_finding f = {.rule = xstrdup(fr->id),
			.severity = xstrdup(fr->severity),
			.text = detail ? xasprintf("%s: %s", fr->text, detail) : xstrdup(fr->text),
			.file = file ? xstrdup(file) : NULL,
			.line = line};

	TA_PUSH(c->findings, c->n_findings, c->cap_findings, f);
}

static bool is_sync_api(enum ta_api api)
{
	return api == TA_API_DISABLE || api == TA_API_KILL || api == TA_API_UNLOCK_WAIT;
}

static void check_sync_in_atomic(const ta_tasklet *t, ta_classification *c,
				 const ta_finding_rule *fr)
{
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		const ta_site_context *sc = &c->sites[i];
		char *detail;
		if (!is_sync_api(s->api) || !s->active)
			continue;
		if (sc->roles & TA_ROLES_ATOMIC)
			detail = xasprintf("%s() in %s(), which runs in %s", ta_api_name(s->api),
					   s->function ? s->function : "?", sc->context);
		else if (sc->atomic_lock)
			detail = xasprintf("%s() in %s() with a spinlock held", ta_api_name(s->api),
					   s->function ? s->function : "?");
		else
			continue;
		add_finding(c, fr, detail, s->file, s->line);
		free(detail);
	}
}

/* disable then kill in the same function, with no enable in between */
static void check_kill_disabled(const ta_tasklet *t, ta_classification *c,
				const ta_finding_rule *fr)
{
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *k = &t->sites[i];
		const ta_site *dis = NULL;
		if (k->api != TA_API_KILL || !k->function)
			continue;
		for (size_t j = 0; j < t->n_sites; j++) {
			const ta_site *s = &t->sites[j];
			if (!s->function || strcmp(s->function, k->function) != 0 ||
			    strcmp(s->file, k->file) != 0 || s->line >= k->line)
				continue;
			if (s->api == TA_API_DISABLE || s->api == TA_API_DISABLE_NOSYNC ||
			    s->api == TA_API_DISABLE_IN_ATOMIC)
				dis = s;
			else if (s->api == TA_API_ENABLE && dis && s->line > dis->line)
				dis = NULL;
		}
		if (dis) {
			char *detail = xasprintf("%s() at line %u, then tasklet_kill() in %s()",
						 ta_api_name(dis->api), dis->line, k->function);
			add_finding(c, fr, detail, k->file, k->line);
			free(detail);
		}
	}
}

/* "creq.creq_tasklet" and "creq_tasklet" name the same member seen from
 * an outer or an inner container: one path is a suffix of the other. */
static bool member_paths_agree(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	const char *longer = la >= lb ? a : b, *shorter = la >= lb ? b : a;
	size_t ll = la >= lb ? la : lb, ls = la >= lb ? lb : la;

	return strcmp(longer + ll - ls, shorter) == 0 && (ll == ls || longer[ll - ls - 1] == '.');
}

static void check_container(const ta_audit *a, const ta_tasklet *t, ta_classification *cl,
			    const ta_finding_rule *fr)
{
	const char *member = t->member_path ? t->member_path : t->field;
	size_t considered = 0, matching = 0, sharers = 0;
	const ta_container *first = NULL;

	if (!member || !t->callback || t->sig != TA_SIG_NEW || t->scope != TA_SCOPE_FIELD)
		return;
	/* a callback shared by several tasklets recovers whichever it runs for */
	for (size_t i = 0; i < a->n_tasklets; i++)
		sharers += a->tasklets[i].callback &&
			   strcmp(a->tasklets[i].callback, t->callback) == 0 &&
			   a->tasklets[i].callback_file && t->callback_file &&
			   strcmp(a->tasklets[i].callback_file, t->callback_file) == 0;
	if (sharers != 1)
		return;
	for (size_t i = 0; i < a->n_containers; i++) {
		const ta_container *c = &a->containers[i];
		if (!c->function || strcmp(c->function, t->callback) != 0 || !t->callback_file ||
		    strcmp(c->file, t->callback_file) != 0)
			continue;
		/* container_of(ptr, ...) counts when ptr is a plain name (the argument) */
		if (strcmp(c->macro, "container_of") == 0 && strpbrk(c->ptr, "->.()&*"))
			continue;
		considered++;
		if (!first)
			first = c;
		matching += member_paths_agree(c->member, member);
	}
	if (considered && !matching) {
		char *detail = xasprintf("%s(..., %s) in %s(), but it is registered as '%s'",
					 first->macro, first->member, t->callback, member);
		add_finding(cl, fr, detail, first->file, first->line);
		free(detail);
	}
}

/* Does function f call one of the rule's quiescing functions before line? */
static bool quiesced_before(struct prog *p, long f, unsigned line, const ta_finding_rule *fr)
{
	for (size_t j = 0; j < p->n_out[f]; j++) {
		const ta_edge *e = &p->a->edges[p->out[f][j]];
		if (!e->macro && e->line && e->line < line && ta_strlist_has(&fr->calls, e->callee))
			return true;
	}
	return false;
}

/* tasklet_kill in a function that quiesces the IRQ only afterwards (or never does while
 * the tasklet is scheduled from a hard IRQ handler).  A kill after a quiescing call in
 * the same function (synchronize_irq(); tasklet_kill(); free_irq()) is not flagged. */
static void check_kill_before_quiesce(struct prog *p, const ta_tasklet *t, ta_classification *c,
				      const ta_finding_rule *fr)
{
	bool from_irq = false;

	for (size_t i = 0; i < t->n_sites; i++)
		from_irq |= is_schedule(t->sites[i].api) &&
			    (c->sites[i].roles & TA_ROLE_BIT(TA_ROLE_HARDIRQ));
	if (!from_irq)
		return;
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *k = &t->sites[i];
		long f;
		if (k->api != TA_API_KILL || !k->active)
			continue;
		f = find_func(p, k->file, k->function);
		if (f >= 0 && quiesced_before(p, f, k->line, fr))
			continue;
		for (size_t j = 0; f >= 0 && j < p->n_out[f]; j++) {
			const ta_edge *e = &p->a->edges[p->out[f][j]];
			if (e->macro || !e->line || e->line <= k->line ||
			    !ta_strlist_has(&fr->calls, e->callee))
				continue;
			char *detail = xasprintf(
				"tasklet_kill() at line %u, %s() at line %u in %s()", k->line,
				e->callee, e->line, k->function);
			add_finding(c, fr, detail, k->file, k->line);
			free(detail);
			break;
		}
	}
}

static void findings(struct prog *p, const ta_tasklet *t, struct tfacts *tf)
{
	ta_classification *c = tf->c;

	for (size_t i = 0; i < p->r->n_findings; i++) {
		const ta_finding_rule *fr = &p->r->findings[i];
		switch (fr->check) {
		case TA_CHECK_CALLBACK_SLEEPS: {
			const char *ev = trait_evidence(tf, "sleeps");
			if (ev && t->active)
				add_finding(c, fr, ev, t->callback_file, t->callback_line);
			break;
		}
		case TA_CHECK_SYNC_IN_ATOMIC:
			check_sync_in_atomic(t, c, fr);
			break;
		case TA_CHECK_KILL_DISABLED:
			check_kill_disabled(t, c, fr);
			break;
		case TA_CHECK_CONTAINER_MISMATCH:
			check_container(p->a, t, c, fr);
			break;
		case TA_CHECK_NO_KILL: {
			bool stops = false;
			for (size_t j = 0; j < t->n_sites; j++)
				stops |= t->sites[j].api == TA_API_KILL ||
					 t->sites[j].api == TA_API_KILL_IMMEDIATE ||
					 t->sites[j].api == TA_API_DISABLE ||
					 t->sites[j].api == TA_API_DISABLE_NOSYNC;
			if (tf->scheduled && !stops && t->scope == TA_SCOPE_FIELD && t->active)
				add_finding(c, fr, NULL, t->file, t->line);
			break;
		}
		case TA_CHECK_DATA_NOT_CONTAINER:
			if (t->init_api == TA_API_TASKLET_INIT &&
			    t->data_kind != TA_DATA_CONTAINER && t->data_kind != TA_DATA_NONE) {
				char *detail = xasprintf("data '%s' is %s", t->data ? t->data : "?",
							 ta_data_kind_name(t->data_kind));
				add_finding(c, fr, detail, t->file, t->line);
				free(detail);
			}
			break;
		case TA_CHECK_OPEN_CODED:
			for (size_t j = 0; j < t->n_init; j++) {
				const ta_site *s = &t->init_sites[j];
				if (s->api != TA_API_ASSIGN_FUNC &&
				    s->api != TA_API_ASSIGN_CALLBACK)
					continue;
				add_finding(c, fr, NULL, s->file, s->line);
				break;
			}
			break;
		case TA_CHECK_KILL_BEFORE_QUIESCE:
			check_kill_before_quiesce(p, t, c, fr);
			break;
		case TA_CHECK_COUNT:
			break;
		}
	}
}

/* ------------------------------------------------------ what can be written */

static const ta_rec_rule *rec_rule(const ta_rules *r, const char *id)
{
	for (size_t i = 0; id && i < r->n_recs; i++)
		if (strcmp(r->recs[i].id, id) == 0)
			return &r->recs[i];
	return NULL;
}

/* Does the writer write mechanism for t?  Mechanisms it has no --to for are not asked. */
static bool writable(ta_can_write_fn can, void *ctx, const ta_tasklet *t, const char *mechanism,
		     char **why)
{
	int m = ta_mech_from_name(mechanism);

	*why = NULL;
	if (m < 0 || !ta_mech_to((enum ta_mech)m))
		return true;
	return can(ctx, t, mechanism, why);
}

/* Does a rule that fired for rec block mechanism ("not workqueue: ...")? */
static bool blocked_by_reason(const ta_recommendation *rec, const ta_rules *r,
			      const char *mechanism)
{
	for (size_t k = 0; k < rec->n_reasons; k++) {
		const ta_rec_rule *br = rec_rule(r, rec->reasons[k].rule);
		if (br && br->blocks && strcmp(br->blocks, mechanism) == 0)
			return true;
	}
	return false;
}

static void settle_one(ta_tasklet *t, const ta_rules *r, ta_can_write_fn can, void *ctx)
{
	ta_recommendation *rec;
	const ta_rec_rule *rr;
	char *why = NULL, *why_next = NULL;
	const char *next = NULL;
	bool hi = false;

	if (!t->classification)
		return;
	rec = &t->classification->rec;
	rr = rec->n_reasons ? rec_rule(r, rec->reasons[0].rule) : NULL;
	if (!rec->mechanism || writable(can, ctx, t, rec->mechanism, &why)) {
		free(why);
		why = NULL;
	} else {
		for (size_t i = 0; rr && i < rr->fallback.n && !next; i++) {
			if (blocked_by_reason(rec, r, rr->fallback.v[i]))
				continue; /* its reason says "not ..." already */
			if (writable(can, ctx, t, rr->fallback.v[i], &why_next))
				next = rr->fallback.v[i];
			free(why_next);
			why_next = NULL;
		}
		if (next) {
			char *text = xasprintf(
				"not %s: the patch writer refuses it (%s); %s is the "
				"next mechanism it can write",
				rec->mechanism, why, next);
			ta_reason moved;
			add_reason(&rec->reasons, &rec->n_reasons, &rec->cap_reasons,
				   "rec.writer-refuses", text);
			free(text);
			/* right after the reason of the mechanism it replaces */
			moved = rec->reasons[rec->n_reasons - 1];
			memmove(&rec->reasons[2], &rec->reasons[1],
				(rec->n_reasons - 2) * sizeof(ta_reason));
			rec->reasons[1] = moved;
			for (size_t i = 0; i < t->n_sites; i++)
				hi |= is_schedule(t->sites[i].api) && t->sites[i].active &&
				      t->sites[i].api != TA_API_SCHEDULE;
			free(rec->mechanism);
			free(rec->queue);
			rec->mechanism = xstrdup(next);
			rec->queue = queue_for(r, next, "auto", hi)
					     ? xstrdup(queue_for(r, next, "auto", hi))
					     : NULL;
			/* the fallback is no longer an alternative of itself */
			for (size_t i = 0; i < rec->n_alternatives; i++)
				if (strcmp(rec->alternatives[i], next) == 0) {
					free(rec->alternatives[i]);
					rec->alternatives[i] =
						rec->alternatives[--rec->n_alternatives];
					break;
				}
		} else {
			char *text = xasprintf("the patch writer refuses %s: %s", rec->mechanism,
					       why);
			add_reason(&rec->blockers, &rec->n_blockers, &rec->cap_blockers,
				   "rec.writer-refuses", text);
			free(text);
		}
		free(why);
	}
	/* alternatives the writer would refuse are no choice: their reasons say why */
	for (size_t i = 0; i < rec->n_alternatives;) {
		if (writable(can, ctx, t, rec->alternatives[i], &why)) {
			i++;
			continue;
		}
		for (size_t k = 0; k < rec->n_reasons; k++) {
			const ta_rec_rule *ar = rec_rule(r, rec->reasons[k].rule);
			if (!ar || !ar->alternative ||
			    strcmp(ar->alternative, rec->alternatives[i]))
				continue;
			free(rec->reasons[k].text);
			rec->reasons[k].text = xasprintf("not %s: the patch writer refuses it (%s)",
							 ar->alternative, why);
		}
		free(rec->alternatives[i]);
		memmove(&rec->alternatives[i], &rec->alternatives[i + 1],
			(rec->n_alternatives - i - 1) * sizeof(char *));
		rec->n_alternatives--;
		free(why);
		why = NULL;
	}
}

void ta_classify_writable(ta_audit *a, const ta_rules *rules, ta_can_write_fn can, void *ctx)
{
	for (size_t i = 0; i < a->n_tasklets; i++)
		settle_one(&a->tasklets[i], rules, can, ctx);
}

void ta_classify(ta_audit *a, const ta_rules *rules)
{
	struct prog p;

	prog_build(&p, a, rules);
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		struct tfacts tf;
		derive(&p, t, &tf);
		classify_one(&p, t, &tf);
		recommend(&p, t, &tf);
		findings(&p, t, &tf);
		/* the result is the classifier's: the only thing it sets on the tasklet */
		ta_classification_free(&t->classification);
		t->classification = tf.c;
		tfacts_free(&tf);
	}
	prog_free(&p);
	a->classified = true;
	free(a->rules_dir);
	a->rules_dir = xstrdup(rules->dir);
}

void ta_classification_free(ta_classification **c)
{
	ta_fields_free(&ta_classification_fields, *c);
	free(*c);
	*c = NULL;
}
