// SPDX-License-Identifier: GPL-2.0-only
/*
 * pch.c - builds or reuses the precompiled header of common kernel headers.
 * The header list is a set that nearly every tasklet user includes anyway
 * (module.h, kernel.h, interrupt.h, slab.h, device.h, dma-mapping.h,
 * platform_device.h, netdevice.h, pci.h, dmaengine.h, usb.h).  Adding the
 * next 17 most included headers saved 11% more CPU but changed results:
 * uapi/linux/ethtool.h's PORT_NONE macro broke i915's enum port.  A
 * pre-included header must not define what a file that never includes it
 * declares.  A translation unit using it sees those
 * headers first; the equivalence of the results with plain parses is
 * checked on the real tree by the benchmark (tests/bench/bench.sh).
 */
#include "pch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "diag.h"
#include "hdrstrip.h"
#include "index_reparse.h"
#include "lex.h"
#include "pool.h"
#include "util.h"

static const char *const common_headers[] = {
	"linux/module.h",
	"linux/kernel.h",
	"linux/interrupt.h",
	"linux/slab.h",
	"linux/device.h",
	"linux/dma-mapping.h",
	"linux/platform_device.h",
	"linux/netdevice.h",
	"linux/pci.h",
	"linux/dmaengine.h",
	"linux/usb.h",
};

/*
 * The wide PCH: those and the next most included headers that name no
 * tasklet in their code (a header that does is walked, so it cannot be
 * precompiled: ta_pch_extra_read() checks; mac80211.h does in comments).
 * Most tasklet users include none of ethtool.h, cfg80211.h or sock.h, and
 * what these define would change a file that never includes them (i915's
 * enum port against ethtool.h's PORT_NONE): the indexer gives a file the
 * wide PCH only when every macro of a header the file cannot reach is a
 * name the file and its headers never mention (ta_hdrstrip_watch()), and
 * the base one otherwise.
 */
static const char *const wide_headers[] = {
	"linux/delay.h",  "linux/of.h",      "linux/etherdevice.h", "linux/of_dma.h",
	"linux/clk.h",    "linux/dmapool.h", "linux/firmware.h",    "linux/pm_runtime.h",
	"linux/of_irq.h", "linux/if_vlan.h", "linux/ip.h",          "linux/debugfs.h",
	"linux/crc32.h",  "linux/ethtool.h", "net/cfg80211.h",      "net/netlink.h",
	"net/sock.h",     "linux/irq.h",     "linux/leds.h",        "linux/property.h",
	"net/mac80211.h",
};

struct pch_job {
	const char *header;
	char **args;
	int argc;
	const char *out;
};

/* Runs in a worker: build PCH number index; answer "ok\n" and "D\tpath" lines, or "fail\n". */
static void build_job(void *vctx, size_t index, ta_buf *out)
{
	struct pch_job *job = (struct pch_job *)vctx + index;
	ta_reparser *rp = ta_reparser_new();
	char **deps = NULL;
	size_t n = 0;

	if (ta_reparser_build_pch(rp, job->header, (const char *const *)job->args, job->argc,
				  job->out, &deps, &n) == 0) {
		ta_buf_puts(out, "ok\n");
		for (size_t i = 0; i < n; i++)
			ta_buf_printf(out, "D\t%s\n", deps[i]);
	} else {
		ta_buf_puts(out, "fail\n");
	}
	for (size_t i = 0; i < n; i++)
		free(deps[i]);
	free(deps);
	ta_reparser_free(&rp);
}

/* Write final's ".members": the files the PCH read, deps[0..n) (its build's "D" lines). */
static bool write_members(const char *final, char *const *deps, size_t n)
{
	char *path = xasprintf("%s.members", final);
	ta_buf b = {0};
	bool ok;

	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%s\n", deps[i]);
	ok = ta_write_atomic(path, "", b.s ? b.s : "", b.len) == 0;
	ta_buf_free(&b);
	free(path);
	return ok;
}

char **ta_pch_members(const char *pch_path, size_t *n)
{
	char *path = xasprintf("%s.members", pch_path), *text = ta_read_file(path, NULL);
	char **v = NULL, *save = NULL;
	size_t cap = 0;

	*n = 0;
	free(path);
	if (!text)
		return NULL;
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		TA_PUSH(v, *n, cap, xstrdup(l));
	free(text);
	if (!v)
		v = xcalloc(1, sizeof(*v)); /* read, and empty */
	return v;
}

/* One PCH of a run: the base one, or the wide one. */
struct one_pch {
	ta_buf key;
	char *header, *final, *build;
	bool hit; /* final is the cache's: nothing to build */
	bool ok;  /* final is usable (a hit, or built and installed) */
};

/* Does text name a tasklet outside its comments and literals (an identifier)? */
static bool names_tasklet(const char *text, size_t len)
{
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		if (t.kind != TA_TOK_IDENT || t.len < 7)
			continue;
		for (size_t i = 0; i + 7 <= t.len; i++)
			if (strncasecmp(text + t.off + i, "tasklet", 7) == 0)
				return true;
	}
	return false;
}

/* The macros text defines and leaves defined, pushed with owner onto e. */
static void read_macros(ta_pch_extra *e, size_t cap[2], const char *owner, const char *text,
			size_t len)
{
	ta_strmap defined = {0};
	char **names = NULL;
	size_t n = 0, cap_names = 0;
	ta_lexer lx;
	ta_tok t;

	ta_lexer_init(&lx, text, len, 0, TA_LEX_DIRECTIVES | TA_LEX_NO_LINES);
	while (ta_lex_next(&lx, &t) != TA_TOK_END) {
		size_t i = ta_lex_directive_name(text, t.off, t.len), end = t.off + t.len, kw;
		ta_lexer dl;
		ta_tok name;
		if (t.kind != TA_TOK_DIRECTIVE)
			continue;
		if (end - i >= 6 && strncmp(text + i, "define", 6) == 0)
			kw = 6;
		else if (end - i >= 5 && strncmp(text + i, "undef", 5) == 0)
			kw = 5;
		else
			continue;
		if (i + kw < end && ta_lex_ident_char(text[i + kw]))
			continue; /* #defined, say: no directive */
		ta_lexer_init(&dl, text, end, i + kw, TA_LEX_NO_LINES);
		if (ta_lex_next_sig(&dl, &name) != TA_TOK_IDENT)
			continue;
		char *w = xstrndup(text + name.off, name.len);
		size_t *k = ta_strmap_get(&defined, w);
		if (kw == 6 && !k) {
			ta_strmap_put(&defined, w, n);
			TA_PUSH(names, n, cap_names, w);
			continue;
		}
		if (kw == 6 && !names[*k])
			names[*k] = xstrdup(w); /* defined again after an #undef */
		else if (kw == 5 && k && names[*k]) {
			free(names[*k]);
			names[*k] = NULL;
		}
		free(w);
	}
	for (size_t i = 0; i < n; i++) {
		if (!names[i])
			continue;
		size_t m = e->n_names;
		TA_PUSH(e->names, m, cap[0], names[i]);
		TA_PUSH(e->owners, e->n_names, cap[1], xstrdup(owner));
	}
	free(names);
	ta_strmap_free(&defined);
}

int ta_pch_extra_read(const char *base, const char *wide, ta_pch_extra *out)
{
	size_t n_base = 0, n_wide = 0, cap_only = 0, cap_names[2] = {0, 0};
	char **b = ta_pch_members(base, &n_base), **w = ta_pch_members(wide, &n_wide);
	ta_strmap in_base = {0};
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (b && w) {
		rc = 0;
		for (size_t i = 0; i < n_base; i++)
			ta_strmap_put(&in_base, b[i], 1);
		for (size_t i = 0; i < n_wide; i++) {
			size_t len = 0;
			char *text;
			if (ta_strmap_get(&in_base, w[i]))
				continue;
			TA_PUSH(out->only, out->n_only, cap_only, xstrdup(w[i]));
			if ((text = ta_read_file(w[i], &len))) {
				read_macros(out, cap_names, w[i], text, len);
				/* its sites would be in no walked file */
				if (names_tasklet(text, len))
					rc = -1;
			}
			free(text);
		}
	}
	for (size_t i = 0; b && i < n_base; i++)
		free(b[i]);
	for (size_t i = 0; w && i < n_wide; i++)
		free(w[i]);
	free(b);
	free(w);
	ta_strmap_free(&in_base);
	return rc;
}

void ta_pch_extra_watch(const ta_pch_extra *e, ta_hdrstrip *h)
{
	ta_hdrstrip_watch(h, (const char *const *)e->names, (const char *const *)e->owners,
			  e->n_names, (const char *const *)e->only, e->n_only);
}

void ta_pch_extra_free(ta_pch_extra *e)
{
	for (size_t i = 0; i < e->n_only; i++)
		free(e->only[i]);
	for (size_t i = 0; i < e->n_names; i++) {
		free(e->names[i]);
		free(e->owners[i]);
	}
	free(e->only);
	free(e->names);
	free(e->owners);
	memset(e, 0, sizeof(*e));
}

struct ta_pch_build {
	ta_cache *cache;
	char **args;
	int argc;
	struct one_pch pch[2]; /* base, wide */
	size_t n_pch;          /* 1, or 2 with the wide one */
	struct pch_job jobs[2];
	size_t order[2]; /* the pool's items: the PCHs to build */
	size_t n_order;
	ta_pool_result res[2]; /* their answers, by the PCH's number */
	ta_pool *pool;         /* the builds under way, or NULL */
	bool warned;           /* a warning said the run goes on without a PCH */
};

/* Append the #include lines of the headers of list[0, n) this tree has; their number. */
static size_t include_lines(ta_buf *text, const ta_tree *tree, const char *const *list, size_t n)
{
	size_t found = 0;

	for (size_t i = 0; i < n; i++) {
		char *p = xasprintf("%s/include/%s", tree->root, list[i]);
		if (access(p, R_OK) == 0) {
			ta_buf_printf(text, "#include <%s>\n", list[i]);
			found++;
		}
		free(p);
	}
	return found;
}

/* Name p's files after the hash of its key (text and args), look it up in the cache. */
static void name_pch(ta_pch_build *b, struct one_pch *p, const char *text, size_t len)
{
	const char *tmp = ta_tmp_dir();
	uint64_t h;

	/* one line: the cache keeps keys on a line of their own */
	ta_buf_printf(&p->key, "pch %s\t%016llx", TA_VERSION,
		      (unsigned long long)ta_hash64(text, len));
	for (int i = 0; i < b->argc; i++)
		ta_buf_printf(&p->key, "\t%s", b->args[i]);
	h = ta_hash64(p->key.s, p->key.len);
	if (b->cache) {
		char *hit, *members;
		p->final = xasprintf("%s/pch-%016llx.pch", ta_cache_dir(b->cache),
				     (unsigned long long)h);
		p->header = xasprintf("%s/pch-%016llx.h", ta_cache_dir(b->cache),
				      (unsigned long long)h);
		hit = ta_cache_lookup(b->cache, p->key.s);
		members = xasprintf("%s.members", p->final);
		if (hit && strcmp(hit, p->final) == 0 && access(members, R_OK) == 0)
			p->hit = p->ok = true;
		free(hit);
		free(members);
		p->build = xasprintf("%s.tmp.%d", p->final, (int)getpid());
	} else {
		p->final = xasprintf("%s/tasklet-audit-%d-%016llx.pch", tmp, (int)getpid(),
				     (unsigned long long)h);
		p->header = xasprintf("%s/tasklet-audit-%d-%016llx.h", tmp, (int)getpid(),
				      (unsigned long long)h);
		p->build = xstrdup(p->final);
	}
	if (!p->hit) {
		FILE *fp = fopen(p->header, "w");
		bool written = fp && fputs(text, fp) >= 0;
		if (fp && fclose(fp) != 0)
			written = false;
		if (!written) {
			if (p == b->pch)
				ta_warn("cannot write '%s': parsing without a precompiled header",
					p->header);
			b->warned |= p == b->pch;
			return;
		}
		size_t k = (size_t)(p - b->pch);
		b->jobs[k] = (struct pch_job){
			.header = p->header, .args = b->args, .argc = b->argc, .out = p->build};
		b->order[b->n_order++] = k;
	}
}

ta_pch_build *ta_pch_start(const ta_tree *tree, ta_flags *fl, ta_cache *cache, bool wide)
{
	ta_pch_build *b = xcalloc(1, sizeof(*b));
	ta_buf text = {0};

	b->cache = cache;
	b->args = ta_flags_base(fl, &b->argc);
	include_lines(&text, tree, common_headers,
		      sizeof(common_headers) / sizeof(*common_headers));
	name_pch(b, &b->pch[0], text.s ? text.s : "", text.len);
	b->n_pch = 1;
	if (wide && text.len) {
		/*
		 * ethtool.h expands KBUILD_MODNAME in an inline body, and a PCH is
		 * built without a file's -DKBUILD_MODNAME: a stand-in while it is read
		 */
		ta_buf wtext = {0};
		ta_buf_puts(&wtext, "#define KBUILD_MODNAME \"pch\"\n");
		ta_buf_puts(&wtext, text.s);
		if (include_lines(&wtext, tree, wide_headers,
				  sizeof(wide_headers) / sizeof(*wide_headers))) {
			ta_buf_puts(&wtext, "#undef KBUILD_MODNAME\n");
			name_pch(b, &b->pch[1], wtext.s, wtext.len);
			b->n_pch = 2;
		}
		ta_buf_free(&wtext);
	}
	ta_buf_free(&text);
	if (b->n_order) {
		b->pool = ta_pool_start(b->n_order, b->order, (int)b->n_order, 600, build_job,
					b->jobs, b->res, NULL);
		if (!b->pool) {
			ta_warn("the precompiled header did not build: parsing without one");
			b->warned = true;
		}
	}
	return b;
}

/* The built PCH p, its build's answer r read: moved to its place; 0 or -1. */
static int install(ta_pch_build *b, struct one_pch *p, const ta_pool_result *r, char **tmp_path)
{
	char **deps = NULL;
	size_t n_deps = 0, cap_deps = 0;
	int rc = -1;

	if (r->outcome != TA_POOL_DONE || !r->text || strncmp(r->text, "ok\n", 3) != 0) {
		unlink(p->build);
		return -1;
	}
	/* the files the build read: the "D" lines of its answer */
	for (const char *d = strstr(r->text, "\nD\t"); d; d = strstr(d + 1, "\nD\t")) {
		const char *e = strchr(d + 3, '\n');
		if (e)
			TA_PUSH(deps, n_deps, cap_deps, xstrndup(d + 3, (size_t)(e - d - 3)));
	}
	if (!write_members(p->final, deps, n_deps)) {
		ta_warn("cannot write '%s.members': parsing without a precompiled header",
			p->final);
		unlink(p->build);
	} else if (b->cache) {
		if (rename(p->build, p->final) != 0) {
			unlink(p->build);
		} else {
			TA_PUSH(deps, n_deps, cap_deps, xstrdup(p->final));
			TA_PUSH(deps, n_deps, cap_deps, xstrdup(p->header));
			ta_cache_forget(b->cache, p->final);
			ta_cache_forget(b->cache, p->header);
			ta_cache_store(b->cache, p->key.s, (const char *const *)deps, n_deps,
				       p->final);
			rc = 0;
		}
	} else {
		/* libclang checks the PCH's inputs when it loads it: keep the header too */
		*tmp_path = xstrdup(p->final);
		rc = 0;
	}
	for (size_t i = 0; i < n_deps; i++)
		free(deps[i]);
	free(deps);
	return rc;
}

int ta_pch_finish(ta_pch_build **bp, ta_flags *fl, char **tmp_path, char **tmp_wide)
{
	ta_pch_build *b = *bp;
	char *tmp[2] = {NULL, NULL};

	*tmp_path = NULL;
	if (tmp_wide)
		*tmp_wide = NULL;
	if (b->pool) {
		ta_pool_finish(&b->pool);
		for (size_t i = 0; i < b->n_order; i++) {
			struct one_pch *p = &b->pch[b->order[i]];
			/* the pool answers for item k in res[k] */
			p->ok = install(b, p, &b->res[b->order[i]], &tmp[b->order[i]]) == 0;
		}
	}
	if (!b->pch[0].ok && !b->warned)
		ta_warn("the precompiled header did not build: parsing without one");
	if (b->pch[0].ok) {
		ta_flags_set_pch(fl, b->pch[0].final);
		*tmp_path = tmp[0];
		tmp[0] = NULL;
		/* the wide PCH only beside the base one: a file it does not suit takes that */
		if (b->n_pch == 2 && b->pch[1].ok) {
			ta_flags_set_wide_pch(fl, b->pch[1].final);
			if (tmp_wide) {
				*tmp_wide = tmp[1];
				tmp[1] = NULL;
			}
		}
	}
	for (size_t i = 0; i < b->n_pch; i++) {
		ta_pch_remove(&tmp[i]);
		if (!b->pch[i].ok && !b->cache)
			unlink(b->pch[i].header);
		ta_buf_free(&b->pch[i].key);
		free(b->pch[i].header);
		free(b->pch[i].final);
		free(b->pch[i].build);
	}
	ta_pool_results_free(b->res, sizeof(b->res) / sizeof(*b->res));
	ta_argv_free(b->args);
	free(b);
	*bp = NULL;
	return ta_flags_pch(fl) ? 0 : -1;
}

int ta_pch_prepare(const ta_tree *tree, ta_flags *fl, ta_cache *cache, char **tmp_path)
{
	ta_pch_build *b = ta_pch_start(tree, fl, cache, false);

	return ta_pch_finish(&b, fl, tmp_path, NULL);
}

void ta_pch_remove(char **tmp_path)
{
	size_t n;
	char *header;

	if (!*tmp_path)
		return;
	n = strlen(*tmp_path);
	header = xasprintf("%.*s.h", (int)(n > 4 ? n - 4 : n), *tmp_path);
	unlink(*tmp_path);
	unlink(header);
	free(header);
	header = xasprintf("%s.members", *tmp_path);
	unlink(header);
	free(header);
	free(*tmp_path);
	*tmp_path = NULL;
}
