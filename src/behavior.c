// SPDX-License-Identifier: GPL-2.0-only
/*
 * behavior.c - turns one classified tasklet into a usage protocol and runs
 * the reference-core checker on it.  The sites of one function in one
 * execution context become one actor (their calls in line order); the
 * callback's own sites become the callback's body; a process-context
 * function that kills the tasklet becomes a remove path.  Equivalent
 * operations and actors are merged (keeping every source line they stand
 * for), the first scheduling actor gets a twin on the other CPU when its
 * interrupt or softirq can fire there, and the protocol is capped so that
 * the search stays small.  Every assumption made on the way is a note.
 */
#include "behavior.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "fields.h"
#include "mechanism.h"
#include "refcore_protocol.h"
#include "rules.h"
#include "util.h"

/* One operation being built: its kind and every source site merged into it. */
struct bop {
	enum ta_proto_opk kind;
	char **sites; /* "file:line", owned */
	size_t n_sites, cap_sites;
};

/* One actor being built: the sites of one function in one context. */
struct bactor {
	enum ta_actor_kind kind;
	enum ta_rc_ctx ctx;
	const char *file, *function; /* borrowed from the tasklet's sites */
	struct bop *ops;
	size_t nops, cap_ops;
	int cpu;
	bool twin; /* a copy of another actor on the other CPU: its ops are borrowed */
};

struct builder {
	const ta_tasklet *t;
	enum ta_rc_target to;
	const struct ta_behavior_as *as; /* the writer's mapping, or NULL */
	struct bactor *actors;
	size_t nactors, cap_actors;
	struct bactor callback;
	char **notes;
	size_t n_notes, cap_notes, notes_left_out;
	/* per protocol operation: the operation it was built from (NULL: shared data) */
	const struct bop **pops;
	size_t npops, cap_pops;
	char *shared_site;
	char *decl_site; /* DECLARE_TASKLET_DISABLED*: where it starts disabled */
};

static void note(struct builder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Record an assumption; past the cap only count it. */
static void note(struct builder *b, const char *fmt, ...)
{
	va_list ap;
	ta_buf buf = {0};

	if (b->n_notes >= TA_BEHAVIOR_MAX_NOTES) {
		b->notes_left_out++;
		return;
	}
	va_start(ap, fmt);
	ta_buf_vprintf(&buf, fmt, ap);
	va_end(ap);
	TA_PUSH(b->notes, b->n_notes, b->cap_notes, ta_buf_steal(&buf));
}

int ta_behavior_target(const char *mechanism, enum ta_rc_target *to)
{
	int m = ta_mech_from_name(mechanism);

	return m < 0 ? -1 : ta_mech_model((enum ta_mech)m, to);
}

/* The protocol operation a use-site API becomes, or TA_PROTO_NOPK. */
static enum ta_proto_opk op_of(enum ta_api api)
{
	switch (api) {
	case TA_API_SCHEDULE:
		return TA_PROTO_SCHEDULE;
	case TA_API_HI_SCHEDULE:
	case TA_API_HI_SCHEDULE_FIRST:
		return TA_PROTO_HI_SCHEDULE;
	case TA_API_DISABLE:
		return TA_PROTO_DISABLE;
	case TA_API_DISABLE_NOSYNC:
		return TA_PROTO_DISABLE_NOSYNC;
	case TA_API_DISABLE_IN_ATOMIC:
		return TA_PROTO_DISABLE_IN_ATOMIC;
	case TA_API_ENABLE:
		return TA_PROTO_ENABLE;
	case TA_API_KILL:
		return TA_PROTO_KILL;
	case TA_API_UNLOCK_WAIT:
		return TA_PROTO_UNLOCK_WAIT;
	default:
		return TA_PROTO_NOPK;
	}
}

static bool is_sched(enum ta_proto_opk k)
{
	return k == TA_PROTO_SCHEDULE || k == TA_PROTO_HI_SCHEDULE;
}

/* The checker context of a role; -1 for self and unknown. */
static int role_ctx(enum ta_role r)
{
	switch (r) {
	case TA_ROLE_HARDIRQ:
		return TA_RC_HARDIRQ;
	case TA_ROLE_TIMER:
	case TA_ROLE_NAPI:
	case TA_ROLE_DMA_CALLBACK:
	case TA_ROLE_URB_COMPLETE:
	case TA_ROLE_SOFTIRQ:
	case TA_ROLE_TASKLET:
		return TA_RC_SOFTIRQ;
	case TA_ROLE_PROCESS:
	case TA_ROLE_WORKQUEUE:
	case TA_ROLE_IRQ_THREAD:
		return TA_RC_PROCESS;
	default:
		return -1;
	}
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static void bop_add_site(struct bop *op, const char *site)
{
	for (size_t i = 0; i < op->n_sites; i++)
		if (strcmp(op->sites[i], site) == 0)
			return;
	TA_PUSH(op->sites, op->n_sites, op->cap_sites, xstrdup(site));
}

/*
 * Append an operation to an actor; a repeat of its last operation is merged
 * into it (two schedules in a row run as one).  max caps the operations.
 */
static void actor_add(struct builder *b, struct bactor *a, enum ta_proto_opk k, const char *site,
		      size_t max)
{
	struct bop op = {k, NULL, 0, 0};

	if (a->nops && a->ops[a->nops - 1].kind == k) {
		bop_add_site(&a->ops[a->nops - 1], site);
		return;
	}
	if (a->nops >= max) {
		note(b, "%s: %s left out: at most %zu operations per %s", site, ta_proto_op_api(k),
		     max, a->kind == TA_ACTOR_CALLBACK ? "callback" : "function and context");
		return;
	}
	bop_add_site(&op, site);
	TA_PUSH(a->ops, a->nops, a->cap_ops, op);
}

/* The driver actor of function fn of file in ctx, made on first use. */
static struct bactor *group(struct builder *b, const char *file, const char *fn, enum ta_rc_ctx ctx)
{
	struct bactor a = {0};

	for (size_t i = 0; i < b->nactors; i++) {
		struct bactor *g = &b->actors[i];
		if (g->ctx == ctx && same_str(g->file, file) && same_str(g->function, fn))
			return g;
	}
	a.kind = TA_ACTOR_DRIVER;
	a.ctx = ctx;
	a.file = file;
	a.function = fn;
	TA_PUSH(b->actors, b->nactors, b->cap_actors, a);
	return &b->actors[b->nactors - 1];
}

static void actor_free(struct bactor *a)
{
	if (!a->twin) {
		for (size_t i = 0; i < a->nops; i++) {
			for (size_t j = 0; j < a->ops[i].n_sites; j++)
				free(a->ops[i].sites[j]);
			free(a->ops[i].sites);
		}
		free(a->ops);
	}
	memset(a, 0, sizeof(*a));
}

static int site_cmp(const void *x, const void *y)
{
	const ta_site *a = *(const ta_site *const *)x, *b = *(const ta_site *const *)y;
	int c = strcmp(a->file ? a->file : "", b->file ? b->file : "");

	if (c)
		return c;
	return a->line < b->line ? -1 : a->line > b->line;
}

static const char *ctx_word(enum ta_rc_ctx ctx)
{
	return ctx == TA_RC_HARDIRQ ? "hard-IRQ" : ta_rc_ctx_name(ctx);
}

/* Place one active, modelled site (running where sc says) into the actors its contexts say. */
static void place_site(struct builder *b, const ta_site *s, const ta_site_context *sc,
		       enum ta_proto_opk k)
{
	char *site = xasprintf("%s:%u", s->file ? s->file : "?", s->line);
	unsigned ctxs = 0;
	bool in_cb = s->self || (sc->roles & TA_ROLE_BIT(TA_ROLE_SELF));

	if (!s->self)
		for (int r = 0; r < TA_ROLE_COUNT; r++)
			if ((sc->roles & TA_ROLE_BIT(r)) && role_ctx((enum ta_role)r) >= 0)
				ctxs |= TA_RC_CTXBIT(role_ctx((enum ta_role)r));
	if (!in_cb && !ctxs) {
		/* Unknown: schedules as a hard IRQ (it interrupts anything on either CPU),
		 * except for a threaded IRQ, where only the primary handler may wake the
		 * thread; other calls as process context, the only one they are valid in. */
		enum ta_rc_ctx c = is_sched(k) && b->to != TA_RC_TO_THREADED_IRQ ? TA_RC_HARDIRQ
										 : TA_RC_PROCESS;
		if (c == TA_RC_PROCESS && sc->atomic_lock)
			c = TA_RC_ATOMIC;
		ctxs = TA_RC_CTXBIT(c);
		note(b, "%s: %s: context unknown, modelled as %s context", site,
		     ta_api_name(s->api), ctx_word(c));
	}
	if (sc->atomic_lock && (ctxs & TA_RC_CTXBIT(TA_RC_PROCESS))) {
		ctxs &= ~TA_RC_CTXBIT(TA_RC_PROCESS);
		ctxs |= TA_RC_CTXBIT(TA_RC_ATOMIC);
	}
	if (s->api == TA_API_HI_SCHEDULE_FIRST)
		note(b, "%s: tasklet_hi_schedule_first modelled as tasklet_hi_schedule", site);
	for (int c = TA_RC_NCTX - 1; c >= 0; c--)
		if (ctxs & TA_RC_CTXBIT(c))
			actor_add(b, group(b, s->file, s->function, (enum ta_rc_ctx)c), k, site,
				  TA_PROTO_MAX_ACTOR_OPS);
	if (in_cb)
		actor_add(b, &b->callback, k, site, TA_PROTO_MAX_CALLBACK_OPS);
	free(site);
}

static bool has_op(const struct bactor *a, bool (*pred)(enum ta_proto_opk))
{
	for (size_t i = 0; i < a->nops; i++)
		if (pred(a->ops[i].kind))
			return true;
	return false;
}

static bool is_kill(enum ta_proto_opk k)
{
	return k == TA_PROTO_KILL;
}

static bool same_shape(const struct bactor *x, const struct bactor *y)
{
	if (x->kind != y->kind || x->ctx != y->ctx || x->nops != y->nops)
		return false;
	for (size_t i = 0; i < x->nops; i++)
		if (x->ops[i].kind != y->ops[i].kind)
			return false;
	return true;
}

/* Remove paths, then merge actors doing the same calls in the same context. */
static void merge_actors(struct builder *b)
{
	for (size_t i = 0; i < b->nactors; i++)
		if (b->actors[i].ctx == TA_RC_PROCESS && has_op(&b->actors[i], is_kill))
			b->actors[i].kind = TA_ACTOR_REMOVE;
	for (size_t i = 0; i < b->nactors; i++) {
		for (size_t j = i + 1; j < b->nactors;) {
			struct bactor *x = &b->actors[i], *y = &b->actors[j];
			if (!same_shape(x, y)) {
				j++;
				continue;
			}
			for (size_t k = 0; k < y->nops; k++)
				for (size_t s = 0; s < y->ops[k].n_sites; s++)
					bop_add_site(&x->ops[k], y->ops[k].sites[s]);
			actor_free(y);
			memmove(y, y + 1, (b->nactors - j - 1) * sizeof(*y));
			b->nactors--;
		}
	}
}

static const char *first_site(const struct bactor *a)
{
	return a->nops && a->ops[0].n_sites ? a->ops[0].sites[0] : "?";
}

static bool is_disable(enum ta_proto_opk k)
{
	return k == TA_PROTO_DISABLE || k == TA_PROTO_DISABLE_NOSYNC ||
	       k == TA_PROTO_DISABLE_IN_ATOMIC;
}

/* The disable depth an actor leaves (*net) and the lowest it reaches on the way (*low). */
static void depth(const struct bactor *a, int *net, int *low)
{
	*net = *low = 0;
	for (size_t i = 0; i < a->nops; i++) {
		enum ta_proto_opk k = a->ops[i].kind;
		if (is_disable(k))
			(*net)++;
		else if (k == TA_PROTO_ENABLE && --*net < *low)
			*low = *net;
	}
}

static void drop_actor(struct builder *b, size_t i)
{
	actor_free(&b->actors[i]);
	memmove(&b->actors[i], &b->actors[i + 1], (b->nactors - i - 1) * sizeof(*b->actors));
	b->nactors--;
}

/* Leave out the enables of a that would take the depth below zero (plus spare). */
static void drop_underflows(struct builder *b, struct bactor *a, int spare)
{
	int d = spare;

	for (size_t i = 0; i < a->nops;) {
		struct bop *op = &a->ops[i];
		if (op->kind != TA_PROTO_ENABLE) {
			d += is_disable(op->kind);
			i++;
			continue;
		}
		if (d > 0) {
			d--;
			i++;
			continue;
		}
		note(b,
		     "%s: tasklet_enable left out: no tasklet_disable runs before it in the model",
		     op->sites[0]);
		for (size_t s = 0; s < op->n_sites; s++)
			free(op->sites[s]);
		free(op->sites);
		memmove(op, op + 1, (a->nops - i - 1) * sizeof(*op));
		a->nops--;
	}
}

/*
 * Pair the disable and enable of different functions (suspend and resume,
 * stop and open): a driver actor that enables before it disables is
 * appended to one that leaves the tasklet disabled, as one invocation.
 * Actors run in any order, so unpaired, the enable could come first and
 * underflow the count (the tasklet would stay disabled for good).  A remove
 * path runs last: a driver that leaves the tasklet disabled covers it.  An
 * enable nothing covers (nor a DECLARE_TASKLET_DISABLED start) is left out.
 */
static void pair_disables(struct builder *b, bool start_disabled)
{
	int spare = start_disabled ? 1 : 0;

	for (size_t i = 0; i < b->nactors;) {
		struct bactor *e = &b->actors[i], *d = NULL;
		int net, low, cover = spare;

		depth(e, &net, &low);
		for (size_t j = 0; j < b->nactors; j++) {
			int dnet, dlow;
			if (j == i || b->actors[j].kind != TA_ACTOR_DRIVER)
				continue;
			depth(&b->actors[j], &dnet, &dlow);
			if (dnet > 0 && !d)
				d = &b->actors[j];
			if (dnet > 0 && e->kind == TA_ACTOR_REMOVE)
				cover += dnet;
		}
		if (low >= 0 || cover >= -low) {
			i++;
			continue;
		}
		if (d && e->kind == TA_ACTOR_DRIVER) {
			note(b, "%s: %s paired with %s (%s context) as one invocation",
			     first_site(e), ta_proto_op_api(e->ops[0].kind), first_site(d),
			     ctx_word(d->ctx));
			for (size_t k = 0; k < e->nops; k++) {
				if (d->nops >= TA_PROTO_MAX_ACTOR_OPS) {
					note(b, "%s: %s left out: at most %d operations per actor",
					     e->ops[k].sites[0], ta_proto_op_api(e->ops[k].kind),
					     TA_PROTO_MAX_ACTOR_OPS);
					continue;
				}
				TA_PUSH(d->ops, d->nops, d->cap_ops, e->ops[k]);
				memset(&e->ops[k], 0, sizeof(e->ops[k]));
			}
			drop_actor(b, i); /* the next actor moves into i */
			continue;
		}
		drop_underflows(b, e, cover);
		if (!e->nops)
			drop_actor(b, i);
		else
			i++;
	}
}

/* Rank for the cap: first scheduler, first other driver, first remove, the rest. */
static int actor_class(const struct bactor *a)
{
	if (a->kind == TA_ACTOR_REMOVE)
		return 2;
	return has_op(a, is_sched) ? 0 : 1;
}

/*
 * Choose the actors the protocol gets, in protocol order, and their CPUs.
 * Returns the kept actors (pointers into b->actors, or the twin in *twin).
 */
static size_t select_actors(struct builder *b, struct bactor **out, struct bactor *twin)
{
	struct bactor **byc[3];
	size_t nbyc[3] = {0}, nout = 0, kept[3] = {0};
	bool want_twin;

	for (int k = 0; k < 3; k++)
		byc[k] = xcalloc(b->nactors, sizeof(*byc[k]));

	/* schedulers by context, most atomic first (stable) */
	for (int c = TA_RC_NCTX - 1; c >= 0; c--)
		for (size_t i = 0; i < b->nactors; i++) {
			struct bactor *a = &b->actors[i];
			int k = actor_class(a);
			if ((int)a->ctx != c)
				continue;
			byc[k][nbyc[k]++] = a;
		}
	/* the cap: one of each class first, then the rest in class order */
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < 3; k++)
			for (size_t i = kept[k]; i < nbyc[k] && (pass || i < 1); i++) {
				if (nout >= TA_BEHAVIOR_MAX_ACTORS)
					break;
				kept[k]++;
				nout++;
			}
	for (int k = 0; k < 3; k++)
		for (size_t i = kept[k]; i < nbyc[k]; i++)
			note(b, "%s: %s actor (%s context) left out: at most %d actors",
			     first_site(byc[k][i]),
			     byc[k][i]->kind == TA_ACTOR_REMOVE ? "remove" : "driver",
			     ctx_word(byc[k][i]->ctx), TA_BEHAVIOR_MAX_ACTORS);
	/* the first scheduler's interrupt (or softirq) can also come on the other CPU */
	want_twin = kept[0] && nout < TA_BEHAVIOR_MAX_ACTORS &&
		    (byc[0][0]->ctx == TA_RC_HARDIRQ || byc[0][0]->ctx == TA_RC_SOFTIRQ);
	nout = 0;
	for (size_t i = 0; i < kept[0]; i++) {
		byc[0][i]->cpu = (int)(i % 2);
		out[nout++] = byc[0][i];
		if (i == 0 && want_twin) {
			*twin = *byc[0][0];
			twin->twin = true;
			twin->cpu = 1;
			out[nout++] = twin;
		}
	}
	for (size_t i = 0; i < kept[1]; i++) {
		byc[1][i]->cpu = (int)((i + 1) % 2);
		out[nout++] = byc[1][i];
	}
	for (size_t i = 0; i < kept[2]; i++) {
		byc[2][i]->cpu = 0;
		out[nout++] = byc[2][i];
	}
	for (int k = 0; k < 3; k++)
		free(byc[k]);
	return nout;
}

/* "a.c:1,a.c:7,..." : the sites an operation stands for, for its @SITE. */
static char *site_text(const struct bop *op)
{
	ta_buf buf = {0};

	for (size_t i = 0; i < op->n_sites && i < TA_BEHAVIOR_SITE_NAMES; i++)
		ta_buf_printf(&buf, "%s%s", i ? "," : "", op->sites[i]);
	if (op->n_sites > TA_BEHAVIOR_SITE_NAMES)
		ta_buf_puts(&buf, ",...");
	return ta_buf_steal(&buf);
}

static void add_ops(struct builder *b, ta_protocol *p, long actor, const struct bactor *a)
{
	for (size_t i = 0; i < a->nops; i++) {
		char *site = site_text(&a->ops[i]);
		long id = ta_protocol_add_op(p, (size_t)actor, a->ops[i].kind, site);

		free(site);
		if (id < 0)
			continue;
		while (b->npops <= (size_t)id)
			TA_PUSH(b->pops, b->npops, b->cap_pops, NULL);
		b->pops[id] = &a->ops[i];
	}
}

/* "file:line" of the spin_lock_bh() the classifier found, from its evidence. */
static char *bh_lock_site(const ta_tasklet *t)
{
	const ta_classification *c = ta_classification_of(t);

	for (size_t i = 0; i < c->n_class_reasons; i++) {
		const char *text = c->class_reasons[i].text, *at = NULL, *s, *end;
		if (!text || !strstr(text, "_bh()"))
			continue;
		for (s = strstr(text, " at "); s; s = strstr(s + 1, " at "))
			at = s + 4;
		if (!at)
			continue;
		end = at + strcspn(at, " ");
		if (end > at && memchr(at, ':', (size_t)(end - at)))
			return xstrndup(at, (size_t)(end - at));
	}
	return NULL;
}

static bool is_enable(enum ta_proto_opk k)
{
	return k == TA_PROTO_ENABLE;
}

/* Does any actor (the callback included) enable the tasklet? */
static bool any_enable(const struct builder *b)
{
	for (size_t i = 0; i < b->nactors; i++)
		if (has_op(&b->actors[i], is_enable))
			return true;
	return has_op(&b->callback, is_enable);
}

/* The protocol of b->t, or NULL (with *why) when there is nothing to model. */
static ta_protocol *build(struct builder *b, const char **why)
{
	const ta_tasklet *t = b->t;
	const ta_site **sites = xcalloc(t->n_sites ? t->n_sites : 1, sizeof(*sites));
	struct bactor *kept[TA_BEHAVIOR_MAX_ACTORS + 1], twin = {0};
	size_t nkept, inactive = 0, scheds = 0;
	ta_protocol *p;

	b->callback.kind = TA_ACTOR_CALLBACK;
	for (size_t i = 0; i < t->n_sites; i++)
		sites[i] = &t->sites[i];
	ta_sort(sites, t->n_sites, sizeof(*sites), site_cmp);
	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = sites[i];
		enum ta_proto_opk k = op_of(s->api);
		if (b->as && b->as->skip && b->as->skip[s - t->sites])
			continue;
		if (!s->active) {
			inactive++;
			continue;
		}
		if (k == TA_PROTO_NOPK) {
			note(b, "%s:%u: %s not modelled: the reference core has no such operation",
			     s->file ? s->file : "?", s->line, ta_api_name(s->api));
			continue;
		}
		scheds += is_sched(k);
		place_site(b, s, ta_site_context_of(t, (size_t)(s - t->sites)), k);
	}
	free(sites);
	if (inactive)
		note(b, "%zu site%s in code this configuration skips left out", inactive,
		     inactive == 1 ? "" : "s");
	merge_actors(b);
	pair_disables(b, t->init_api == TA_API_DECLARE_TASKLET_DISABLED ||
				 t->init_api == TA_API_DECLARE_TASKLET_DISABLED_OLD);
	if (!b->nactors) {
		*why = b->callback.nops
			       ? "every active use site is in the callback: nothing schedules it"
			       : "no active use site the reference core models";
		return NULL;
	}
	if (!scheds)
		note(b, "no active schedule site: the callback never runs in the model");
	nkept = select_actors(b, kept, &twin);

	p = ta_protocol_new();
	/* as the patch writer maps it (rules/patch/conversions.json, "unscheduled_call"):
	 * a scheduled tasklet's tasklet_enable() becomes enable_and_queue_work() */
	if (b->as && b->as->enable_and_queue >= 0)
		ta_protocol_set_enable_and_queue(p, b->as->enable_and_queue > 0 && any_enable(b));
	else if (scheds && (b->to == TA_RC_TO_BH || b->to == TA_RC_TO_WQ) && any_enable(b))
		ta_protocol_set_enable_and_queue(p, true);
	if (t->init_api == TA_API_DECLARE_TASKLET_DISABLED ||
	    t->init_api == TA_API_DECLARE_TASKLET_DISABLED_OLD) {
		ta_protocol_set_start_disabled(p, true);
		b->decl_site = xasprintf("%s:%u", t->file ? t->file : "?", t->line);
	}
	if (ta_classification_of(t)->bh_exclusion) {
		long id;
		b->shared_site = bh_lock_site(t);
		if (!b->shared_site) {
			b->shared_site = xasprintf("%s:%u", t->file ? t->file : "?", t->line);
			note(b,
			     "the spin_lock_bh() site is not in the evidence: named by the tasklet");
		}
		id = ta_protocol_set_shared_bh(p, b->shared_site);
		while (id >= 0 && b->npops <= (size_t)id)
			TA_PUSH(b->pops, b->npops, b->cap_pops, NULL);
	}
	for (size_t i = 0; i < nkept; i++) {
		const struct bactor *a = kept[i];
		long id = ta_protocol_add_actor(p, a->kind, a->ctx, a->cpu);
		if (id >= 0)
			add_ops(b, p, id, a);
	}
	if (b->callback.nops) {
		long id = ta_protocol_add_actor(p, TA_ACTOR_CALLBACK, TA_RC_SOFTIRQ, 0);
		if (id >= 0)
			add_ops(b, p, id, &b->callback);
	}
	return p;
}

static void builder_free(struct builder *b)
{
	for (size_t i = 0; i < b->nactors; i++)
		actor_free(&b->actors[i]);
	free(b->actors);
	actor_free(&b->callback);
	for (size_t i = 0; i < b->n_notes; i++)
		free(b->notes[i]);
	free(b->notes);
	free(b->pops);
	free(b->shared_site);
	free(b->decl_site);
}

static char **copy_lines(char *const *v, size_t n)
{
	char **out = n ? xcalloc(n, sizeof(*out)) : NULL;

	for (size_t i = 0; i < n; i++)
		out[i] = xstrdup(v[i]);
	return out;
}

static void add_line(struct ta_behavior_diff *d, size_t *cap, const char *line)
{
	for (size_t i = 0; i < d->n_lines; i++)
		if (strcmp(d->lines[i], line) == 0)
			return;
	TA_PUSH(d->lines, d->n_lines, *cap, xstrdup(line));
}

/* A difference of the checker, with the source lines of its operations. */
static void convert(const struct builder *b, const ta_protocol *p,
		    const struct ta_rc_difference *in, struct ta_behavior_diff *d)
{
	size_t cap = 0;

	memset(d, 0, sizeof(*d));
	d->property = xstrdup(in->property);
	d->observation = in->observation;
	d->explanation = xstrdup(in->explanation);
	d->safety = in->safety;
	d->trace_model = xstrdup(in->trace_model);
	d->trace = copy_lines(in->trace.lines, in->trace.n);
	d->n_trace = in->trace.n;
	if (in->other_model && in->other_trace.n) {
		d->other_model = xstrdup(in->other_model);
		d->other_trace = copy_lines(in->other_trace.lines, in->other_trace.n);
		d->n_other_trace = in->other_trace.n;
	}
	if (in->nops)
		d->ops = xcalloc(in->nops, sizeof(*d->ops));
	for (size_t i = 0; i < in->nops; i++) {
		size_t k = in->ops[i];
		const struct bop *op = k < b->npops ? b->pops[k] : NULL;
		if (k == ta_protocol_shared_op(p) && b->shared_site)
			add_line(d, &cap, b->shared_site);
		else if (op) {
			struct ta_behavior_op *o = &d->ops[d->n_ops++];
			o->kind = op->kind;
			o->sites = copy_lines(op->sites, op->n_sites);
			o->n_sites = op->n_sites;
			for (size_t j = 0; j < op->n_sites; j++)
				add_line(d, &cap, op->sites[j]);
		}
	}
	/* a tasklet declared disabled: the declaration is where the disable is */
	if (b->decl_site && (in->prop == TA_RC_PROP_SCHED_WHILE_DISABLED ||
			     in->prop == TA_RC_PROP_DISABLE_PENDING ||
			     in->prop == TA_RC_PROP_LOST_RUN || in->prop == TA_RC_PROP_MAPPING))
		add_line(d, &cap, b->decl_site);
}

static ta_behavior *not_checked(const char *fmt, const char *arg)
{
	ta_behavior *r = xcalloc(1, sizeof(*r));

	r->verdict = "not_checked";
	r->reason = xasprintf(fmt, arg ? arg : "");
	return r;
}

ta_behavior *ta_behavior_check(const ta_tasklet *t, const char *mechanism,
			       const struct ta_rc_opts *opts)
{
	return ta_behavior_check_as(t, mechanism, opts, NULL);
}

ta_behavior *ta_behavior_check_as(const ta_tasklet *t, const char *mechanism,
				  const struct ta_rc_opts *opts, const struct ta_behavior_as *as)
{
	struct ta_rc_opts dflt = TA_BEHAVIOR_OPTS;
	struct builder b = {0};
	const char *why = NULL;
	ta_rc_result *res;
	ta_protocol *p;
	ta_behavior *r;
	char *text;

	if (!t)
		return NULL;
	if (!mechanism)
		return not_checked("no recommendation: the tasklet is not classified%s", NULL);
	if (ta_behavior_target(mechanism, &b.to) != 0)
		return ta_mech_from_name(mechanism) == TA_MECH_MANUAL
			       ? not_checked("manual rewrite recommended: no replacement model to "
					     "compare with%s",
					     NULL)
			       : not_checked("no reference model of '%s'", mechanism);
	b.t = t;
	b.as = as;
	p = build(&b, &why);
	if (!p) {
		r = not_checked("%s", why);
		builder_free(&b);
		return r;
	}
	res = ta_rc_check(p, b.to, opts ? opts : &dflt);
	if (!res) {
		r = not_checked("the checker refused the protocol%s", NULL);
		ta_protocol_free(&p);
		builder_free(&b);
		return r;
	}
	r = xcalloc(1, sizeof(*r));
	r->verdict = ta_rc_verdict_name(res->verdict);
	r->target = ta_rc_target_name(b.to);
	r->states_explored = res->states_explored;
	r->complete = res->complete;
	r->enable_and_queue = ta_protocol_enable_and_queue(p);
	text = ta_protocol_format(p);
	r->protocol = text;
	if (res->ndifferences)
		r->diffs = xcalloc(res->ndifferences, sizeof(*r->diffs));
	for (size_t i = 0; i < res->ndifferences; i++)
		convert(&b, p, &res->differences[i], &r->diffs[r->n_diffs++]);
	if (res->nhazards)
		r->hazards = xcalloc(res->nhazards, sizeof(*r->hazards));
	for (size_t i = 0; i < res->nhazards; i++)
		convert(&b, p, &res->hazards[i], &r->hazards[r->n_hazards++]);
	if (!res->complete)
		note(&b, "search cut short by the bound (%u events, %zu states per model)",
		     res->bound_depth, res->bound_states);
	if (b.notes_left_out)
		TA_PUSH(b.notes, b.n_notes, b.cap_notes,
			xasprintf("%zu more notes left out", b.notes_left_out));
	r->notes = b.notes;
	r->n_notes = b.n_notes;
	b.notes = NULL;
	b.n_notes = 0;
	ta_rc_result_free(&res);
	ta_protocol_free(&p);
	builder_free(&b);
	return r;
}

void ta_behavior_free(ta_behavior **bp)
{
	if (!bp || !*bp)
		return;
	ta_fields_free(&ta_behavior_fields, *bp);
	free(*bp);
	*bp = NULL;
}

void ta_behavior_check_all(ta_audit *a)
{
	double t0;

	if (!a || !a->classified)
		return;
	t0 = ta_monotonic();
	for (size_t i = 0; i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		ta_behavior_free(&t->behavior);
		t->behavior = ta_behavior_check(t, ta_classification_of(t)->rec.mechanism, NULL);
	}
	a->behavior_seconds = ta_monotonic() - t0;
}
