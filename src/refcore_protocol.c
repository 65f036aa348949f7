// SPDX-License-Identifier: GPL-2.0-only
/*
 * refcore_protocol.c - builds usage protocols, parses and formats their
 * text form (documented in refcore_protocol.h).
 */
#include "refcore_protocol.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct ta_protocol {
	char *file;
	struct ta_proto_actor *actors;
	size_t nactors, cap_actors;
	struct ta_proto_op *ops;
	size_t nops, cap_ops;
	size_t callback;  /* actor index or SIZE_MAX */
	size_t shared_op; /* op index or SIZE_MAX */
	bool hi, enable_and_queue, start_disabled;
};

static const struct {
	const char *name, *api;
} op_names[TA_PROTO_NOPK] = {
#define X(e, name, api) {name, api},
	TA_PROTO_OP_LIST(X)
#undef X
};

const char *ta_proto_op_name(enum ta_proto_opk op)
{
	return (unsigned)op < TA_PROTO_NOPK ? op_names[op].name : "?";
}

const char *ta_proto_op_api(enum ta_proto_opk op)
{
	return (unsigned)op < TA_PROTO_NOPK ? op_names[op].api : "?";
}

enum ta_proto_opk ta_proto_op_from_name(const char *name)
{
	if (!name)
		return TA_PROTO_NOPK;
	if (ta_str_starts(name, "tasklet_"))
		name += strlen("tasklet_");
	for (unsigned i = 0; i < TA_PROTO_NOPK; i++)
		if (i != TA_PROTO_SHARED_DATA && strcmp(name, op_names[i].name) == 0)
			return (enum ta_proto_opk)i;
	return TA_PROTO_NOPK;
}

ta_protocol *ta_protocol_new(void)
{
	ta_protocol *p = xcalloc(1, sizeof(*p));

	p->callback = SIZE_MAX;
	p->shared_op = SIZE_MAX;
	return p;
}

void ta_protocol_free(ta_protocol **pp)
{
	ta_protocol *p;

	if (!pp || !*pp)
		return;
	p = *pp;
	for (size_t i = 0; i < p->nops; i++)
		free(p->ops[i].site);
	free(p->ops);
	free(p->actors);
	free(p->file);
	free(p);
	*pp = NULL;
}

long ta_protocol_add_actor(ta_protocol *p, enum ta_actor_kind kind, enum ta_rc_ctx ctx, int cpu)
{
	struct ta_proto_actor a = {0};
	size_t ndriver = 0;

	if (!p || (unsigned)ctx >= TA_RC_NCTX || cpu < 0 || cpu >= TA_RC_NCPU)
		return -1;
	if (kind == TA_ACTOR_CALLBACK) {
		if (p->callback != SIZE_MAX)
			return -1;
	} else if (kind != TA_ACTOR_DRIVER && kind != TA_ACTOR_REMOVE) {
		return -1;
	}
	for (size_t i = 0; i < p->nactors; i++)
		ndriver += p->actors[i].kind != TA_ACTOR_CALLBACK;
	if (kind != TA_ACTOR_CALLBACK && ndriver >= TA_PROTO_MAX_ACTORS)
		return -1;
	a.kind = kind;
	a.ctx = kind == TA_ACTOR_DRIVER ? ctx : TA_RC_PROCESS;
	a.cpu = kind == TA_ACTOR_CALLBACK ? 0 : cpu;
	if (kind == TA_ACTOR_CALLBACK)
		p->callback = p->nactors;
	TA_PUSH(p->actors, p->nactors, p->cap_actors, a);
	return (long)(p->nactors - 1);
}

static long push_op(ta_protocol *p, size_t actor, enum ta_proto_opk kind, const char *site,
		    unsigned line, unsigned col)
{
	struct ta_proto_op op = {kind, actor, line, col, NULL};

	if (site)
		op.site = xstrdup(site);
	else if (line)
		op.site = xasprintf("%s:%u", p->file ? p->file : "<protocol>", line);
	else
		op.site = xasprintf("op%zu", p->nops);
	TA_PUSH(p->ops, p->nops, p->cap_ops, op);
	return (long)(p->nops - 1);
}

/* Why kind may not be added to actor a, or NULL. */
static const char *op_refused(const struct ta_proto_actor *a, enum ta_proto_opk kind)
{
	size_t limit = a->kind == TA_ACTOR_CALLBACK ? TA_PROTO_MAX_CALLBACK_OPS
						    : TA_PROTO_MAX_ACTOR_OPS;

	if ((unsigned)kind >= TA_PROTO_NOPK || kind == TA_PROTO_SHARED_DATA)
		return "not an operation";
	if (a->nops >= limit)
		return "too many operations for one actor";
	if ((kind == TA_PROTO_SPIN_LOCK_BH || kind == TA_PROTO_SPIN_UNLOCK_BH) &&
	    (a->kind != TA_ACTOR_DRIVER || a->ctx != TA_RC_PROCESS))
		return "spin_lock_bh sections are modelled in process actors only";
	return NULL;
}

static long add_op_at(ta_protocol *p, size_t actor, enum ta_proto_opk kind, const char *site,
		      unsigned line, unsigned col)
{
	struct ta_proto_actor *a;
	long id;

	if (!p || actor >= p->nactors)
		return -1;
	a = &p->actors[actor];
	if (op_refused(a, kind))
		return -1;
	id = push_op(p, actor, kind, site, line, col);
	a = &p->actors[actor];
	a->ops[a->nops++] = (size_t)id;
	return id;
}

long ta_protocol_add_op(ta_protocol *p, size_t actor, enum ta_proto_opk kind, const char *site)
{
	return add_op_at(p, actor, kind, site, 0, 0);
}

void ta_protocol_set_hi(ta_protocol *p, bool hi)
{
	if (p)
		p->hi = hi;
}

void ta_protocol_set_enable_and_queue(ta_protocol *p, bool on)
{
	if (p)
		p->enable_and_queue = on;
}

void ta_protocol_set_start_disabled(ta_protocol *p, bool on)
{
	if (p)
		p->start_disabled = on;
}

static long set_shared_at(ta_protocol *p, const char *site, unsigned line, unsigned col)
{
	if (!p)
		return -1;
	if (p->shared_op == SIZE_MAX)
		p->shared_op = (size_t)push_op(p, SIZE_MAX, TA_PROTO_SHARED_DATA, site, line, col);
	return (long)p->shared_op;
}

long ta_protocol_set_shared_bh(ta_protocol *p, const char *site)
{
	return set_shared_at(p, site, 0, 0);
}

static void set_error(struct ta_proto_error *err, unsigned line, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void set_error(struct ta_proto_error *err, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return;
	err->line = line;
	err->col = col;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
}

int ta_protocol_validate(const ta_protocol *p, struct ta_proto_error *err)
{
	if (!p) {
		set_error(err, 0, 0, "no protocol");
		return -1;
	}
	for (size_t i = 0; i < p->nactors; i++) {
		const struct ta_proto_actor *a = &p->actors[i];
		bool held = false;

		for (size_t j = 0; j < a->nops; j++) {
			const struct ta_proto_op *op = &p->ops[a->ops[j]];

			if (op->kind == TA_PROTO_SPIN_LOCK_BH && held) {
				set_error(err, op->line, op->col, "nested 'spin_lock_bh'");
				return -1;
			}
			if (op->kind == TA_PROTO_SPIN_UNLOCK_BH && !held) {
				set_error(err, op->line, op->col,
					  "'spin_unlock_bh' without 'spin_lock_bh'");
				return -1;
			}
			if (op->kind == TA_PROTO_SPIN_LOCK_BH)
				held = true;
			else if (op->kind == TA_PROTO_SPIN_UNLOCK_BH)
				held = false;
		}
		if (held) {
			set_error(err, a->line, 1, "'spin_lock_bh' is never released");
			return -1;
		}
	}
	for (size_t i = 0; i < p->nactors; i++)
		if (p->actors[i].kind != TA_ACTOR_CALLBACK)
			return 0;
	set_error(err, 0, 0, "the protocol has no driver actor");
	return -1;
}

/* A cursor over one line of text. */
struct lexer {
	const char *s, *line_start;
	unsigned line;
};

static void skip_blank(struct lexer *lx)
{
	while (*lx->s == ' ' || *lx->s == '\t')
		lx->s++;
}

static unsigned col_of(const struct lexer *lx, const char *at)
{
	return (unsigned)(at - lx->line_start) + 1;
}

/* A word of letters, digits, '_', '-', or (for sites) anything but blanks and ';'. */
static size_t word_len(const char *s, bool site)
{
	size_t n = 0;

	if (site) {
		while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ';' && s[n] != '#')
			n++;
		return n;
	}
	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '-')
		n++;
	return n;
}

static bool word_is(const char *w, size_t n, const char *lit)
{
	return strlen(lit) == n && strncmp(w, lit, n) == 0;
}

static int parse_ctx(const char *w, size_t n, enum ta_rc_ctx *ctx)
{
	for (unsigned c = 0; c < TA_RC_NCTX; c++) {
		if (word_is(w, n, ta_rc_ctx_name((enum ta_rc_ctx)c))) {
			*ctx = (enum ta_rc_ctx)c;
			return 0;
		}
	}
	return -1;
}

static int parse_option(ta_protocol *p, struct lexer *lx, struct ta_proto_error *err)
{
	const char *w;
	size_t n;

	skip_blank(lx);
	w = lx->s;
	n = word_len(w, false);
	if (word_is(w, n, "hi"))
		p->hi = true;
	else if (word_is(w, n, "enable-and-queue"))
		p->enable_and_queue = true;
	else if (word_is(w, n, "disabled"))
		p->start_disabled = true;
	else {
		set_error(err, lx->line, col_of(lx, w), "unknown option '%.*s'", (int)(n ? n : 1),
			  n ? w : "?");
		return -1;
	}
	lx->s += n;
	return 0;
}

static int parse_shared(ta_protocol *p, struct lexer *lx, const char *kw,
			struct ta_proto_error *err)
{
	const char *w;
	size_t n;

	skip_blank(lx);
	w = lx->s;
	n = word_len(w, false);
	if (!word_is(w, n, "spin_lock_bh")) {
		set_error(err, lx->line, col_of(lx, w),
			  "expected 'spin_lock_bh' after 'shared-data'");
		return -1;
	}
	lx->s += n;
	set_shared_at(p, NULL, lx->line, col_of(lx, kw));
	return 0;
}

/* Parse "OP[@SITE]; OP ..." for actor. */
static int parse_ops(ta_protocol *p, size_t actor, struct lexer *lx, struct ta_proto_error *err)
{
	bool callback = p->actors[actor].kind == TA_ACTOR_CALLBACK;
	size_t count = 0;

	for (;;) {
		const char *w, *site = NULL;
		char *name, *site_copy = NULL;
		enum ta_proto_opk kind;
		const char *why;
		size_t n, sn = 0;

		skip_blank(lx);
		w = lx->s;
		n = word_len(w, false);
		if (n == 0) {
			if (*w && *w != '#')
				set_error(err, lx->line, col_of(lx, w),
					  "expected an operation, found '%c'", *w);
			else
				set_error(err, lx->line, col_of(lx, w), "expected an operation");
			return -1;
		}
		name = xstrndup(w, n);
		kind = callback && strcmp(name, "reschedule") == 0 ? TA_PROTO_SCHEDULE
								   : ta_proto_op_from_name(name);
		if (kind == TA_PROTO_NOPK) {
			set_error(err, lx->line, col_of(lx, w), "unknown operation '%s'", name);
			free(name);
			return -1;
		}
		free(name);
		lx->s += n;
		if (*lx->s == '@') {
			site = lx->s + 1;
			sn = word_len(site, true);
			if (sn == 0) {
				set_error(err, lx->line, col_of(lx, lx->s), "empty site after '@'");
				return -1;
			}
			site_copy = xstrndup(site, sn);
			lx->s = site + sn;
		}
		why = op_refused(&p->actors[actor], kind);
		if (why) {
			set_error(err, lx->line, col_of(lx, w), "%s", why);
			free(site_copy);
			return -1;
		}
		add_op_at(p, actor, kind, site_copy, lx->line, col_of(lx, w));
		free(site_copy);
		count++;
		skip_blank(lx);
		if (*lx->s == ';') {
			lx->s++;
			skip_blank(lx);
			if (!*lx->s || *lx->s == '#')
				return 0; /* a trailing ';' is fine */
			continue;
		}
		return 0;
	}
}

static int parse_actor(ta_protocol *p, struct lexer *lx, const char *w, size_t n,
		       struct ta_proto_error *err)
{
	enum ta_actor_kind kind = TA_ACTOR_DRIVER;
	enum ta_rc_ctx ctx = TA_RC_PROCESS;
	int cpu = 0;
	bool have_cpu = false;
	long actor;

	if (n == 4 && strncmp(w, "cpu", 3) == 0 && isdigit((unsigned char)w[3])) {
		cpu = w[3] - '0';
		if (cpu >= TA_RC_NCPU) {
			set_error(err, lx->line, col_of(lx, w),
				  "no CPU '%.*s': the model has cpu0 and cpu1", (int)n, w);
			return -1;
		}
		have_cpu = true;
		lx->s = w + n;
		skip_blank(lx);
		w = lx->s;
		n = word_len(w, false);
	}
	if (word_is(w, n, "callback")) {
		if (have_cpu) {
			set_error(err, lx->line, col_of(lx, w),
				  "the callback runs where it is scheduled: no CPU allowed");
			return -1;
		}
		if (p->callback != SIZE_MAX) {
			set_error(err, lx->line, col_of(lx, w), "second 'callback:' line");
			return -1;
		}
		kind = TA_ACTOR_CALLBACK;
	} else if (word_is(w, n, "remove")) {
		kind = TA_ACTOR_REMOVE;
	} else if (!have_cpu) {
		if (n)
			set_error(err, lx->line, col_of(lx, w), "unknown item '%.*s'", (int)n, w);
		else
			set_error(err, lx->line, col_of(lx, w), "unexpected '%c'", *w);
		return -1;
	} else if (parse_ctx(w, n, &ctx) != 0) {
		set_error(err, lx->line, col_of(lx, w),
			  "unknown context '%.*s': expected irq, softirq, atomic or process",
			  (int)(n ? n : 1), n ? w : "?");
		return -1;
	}
	lx->s = w + n;
	skip_blank(lx);
	if (*lx->s != ':') {
		set_error(err, lx->line, col_of(lx, lx->s), "expected ':'");
		return -1;
	}
	lx->s++;
	actor = ta_protocol_add_actor(p, kind, ctx, cpu);
	if (actor < 0) {
		set_error(err, lx->line, col_of(lx, w), "too many actors (at most %d)",
			  TA_PROTO_MAX_ACTORS);
		return -1;
	}
	p->actors[actor].line = lx->line;
	return parse_ops(p, (size_t)actor, lx, err);
}

static int parse_line(ta_protocol *p, struct lexer *lx, struct ta_proto_error *err)
{
	const char *w;
	size_t n;

	skip_blank(lx);
	if (!*lx->s || *lx->s == '#')
		return 0;
	w = lx->s;
	n = word_len(w, false);
	if (word_is(w, n, "option")) {
		lx->s += n;
		if (parse_option(p, lx, err) != 0)
			return -1;
	} else if (word_is(w, n, "shared-data")) {
		lx->s += n;
		if (parse_shared(p, lx, w, err) != 0)
			return -1;
	} else if (parse_actor(p, lx, w, n, err) != 0) {
		return -1;
	}
	skip_blank(lx);
	if (*lx->s && *lx->s != '#') {
		set_error(err, lx->line, col_of(lx, lx->s), "unexpected '%c'", *lx->s);
		return -1;
	}
	return 0;
}

ta_protocol *ta_protocol_parse(const char *text, const char *file, struct ta_proto_error *err)
{
	ta_protocol *p;
	const char *s = text;
	unsigned line = 0;

	if (!text) {
		set_error(err, 0, 0, "no protocol text");
		return NULL;
	}
	p = ta_protocol_new();
	p->file = xstrdup(file ? file : "<protocol>");
	while (*s) {
		const char *eol = strchr(s, '\n');
		size_t len = eol ? (size_t)(eol - s) : strlen(s);
		char *buf = xstrndup(s, len);
		struct lexer lx;
		int rc;

		line++;
		if (len && buf[len - 1] == '\r')
			buf[len - 1] = '\0';
		if (memchr(s, '\0', len)) {
			free(buf);
			break;
		}
		lx.s = lx.line_start = buf;
		lx.line = line;
		rc = parse_line(p, &lx, err);
		free(buf);
		if (rc != 0) {
			ta_protocol_free(&p);
			return NULL;
		}
		s += len + (eol ? 1 : 0);
	}
	if (ta_protocol_validate(p, err) != 0) {
		if (err && err->line == 0)
			err->line = line ? line : 1;
		ta_protocol_free(&p);
		return NULL;
	}
	return p;
}

ta_protocol *ta_protocol_load(const char *path, struct ta_proto_error *err)
{
	ta_protocol *p;
	char *text;

	if (!path) {
		set_error(err, 0, 0, "no protocol file");
		return NULL;
	}
	text = ta_read_file(path, NULL);
	if (!text) {
		set_error(err, 0, 0, "cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	p = ta_protocol_parse(text, path, err);
	free(text);
	return p;
}

const char *ta_protocol_file(const ta_protocol *p)
{
	return p && p->file ? p->file : "<protocol>";
}

bool ta_protocol_hi(const ta_protocol *p)
{
	return p && p->hi;
}

bool ta_protocol_enable_and_queue(const ta_protocol *p)
{
	return p && p->enable_and_queue;
}

bool ta_protocol_start_disabled(const ta_protocol *p)
{
	return p && p->start_disabled;
}

bool ta_protocol_shared_bh(const ta_protocol *p)
{
	return p && p->shared_op != SIZE_MAX;
}

size_t ta_protocol_shared_op(const ta_protocol *p)
{
	return p ? p->shared_op : SIZE_MAX;
}

size_t ta_protocol_nactors(const ta_protocol *p)
{
	return p ? p->nactors : 0;
}

const struct ta_proto_actor *ta_protocol_actor(const ta_protocol *p, size_t i)
{
	return p && i < p->nactors ? &p->actors[i] : NULL;
}

size_t ta_protocol_nops(const ta_protocol *p)
{
	return p ? p->nops : 0;
}

const struct ta_proto_op *ta_protocol_op(const ta_protocol *p, size_t i)
{
	return p && i < p->nops ? &p->ops[i] : NULL;
}

size_t ta_protocol_callback(const ta_protocol *p)
{
	return p ? p->callback : SIZE_MAX;
}

/* The site, unless it is the default one the parser would make again. */
static bool explicit_site(const ta_protocol *p, const struct ta_proto_op *op)
{
	char *dflt;
	bool same;

	if (!op->line)
		return true;
	dflt = xasprintf("%s:%u", ta_protocol_file(p), op->line);
	same = strcmp(dflt, op->site) == 0;
	free(dflt);
	return !same;
}

char *ta_protocol_format(const ta_protocol *p)
{
	ta_buf b = {0};

	if (!p)
		return NULL;
	if (p->hi)
		ta_buf_puts(&b, "option hi\n");
	if (p->enable_and_queue)
		ta_buf_puts(&b, "option enable-and-queue\n");
	if (p->start_disabled)
		ta_buf_puts(&b, "option disabled\n");
	if (p->shared_op != SIZE_MAX)
		ta_buf_puts(&b, "shared-data spin_lock_bh\n");
	for (size_t i = 0; i < p->nactors; i++) {
		const struct ta_proto_actor *a = &p->actors[i];

		if (a->kind == TA_ACTOR_CALLBACK)
			ta_buf_puts(&b, "callback:");
		else if (a->kind == TA_ACTOR_REMOVE)
			ta_buf_printf(&b, "cpu%d remove:", a->cpu);
		else
			ta_buf_printf(&b, "cpu%d %s:", a->cpu, ta_rc_ctx_name(a->ctx));
		for (size_t j = 0; j < a->nops; j++) {
			const struct ta_proto_op *op = &p->ops[a->ops[j]];

			ta_buf_printf(&b, "%s %s", j ? ";" : "", ta_proto_op_name(op->kind));
			if (explicit_site(p, op))
				ta_buf_printf(&b, "@%s", op->site);
		}
		ta_buf_putc(&b, '\n');
	}
	return ta_buf_steal(&b);
}
