// SPDX-License-Identifier: GPL-2.0-only
/*
 * scan.c - runs the indexing pipeline: tree -> pre-filter -> config and
 * overlay -> flags -> worker pool of libclang parses -> audit model.
 */
#include "scan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "fault.h"
#include "flags.h"
#include "index_clang.h"
#include "kconfig.h"
#include "maintainers.h"
#include "overlay.h"
#include "pch.h"
#include "pool.h"
#include "prefilter.h"
#include "tree.h"
#include "util.h"

/* Pre-filter memos kept in the cache: one per tree (and subtree) audited. */
#define TA_PREFILTER_MEMOS 16

struct scan_ctx {
	const ta_tree *tree;
	ta_flags *flags;
	ta_candidates *cands;
	ta_indexer *indexer; /* created in each worker on first use */
	const char *pch_path;
	char **pch_members; /* the files the PCH read: never replaced by a stripped copy */
	size_t n_pch_members;
	const char *wide_path; /* the wide PCH (pch.h), or NULL */
	ta_pch_extra extra;    /* what it holds beyond the base one */
	bool progress;
	double progress_t0; /* when the parses started, for the rate */
	unsigned max_memory_mib;
	bool limited; /* the worker has set its address-space limit */
};

/*
 * Now in ISO 8601 UTC ("2026-12-06T11:15:00Z"), or SOURCE_DATE_EPOCH's
 * time when it is set, as for a patch's Date: (reproducible reports).
 */
static char *iso8601_now(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t = sde && *sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;
	char buf[32];

	if (!gmtime_r(&t, &tm) || !strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm))
		return xstrdup("1970-01-01T00:00:00Z");
	return xstrdup(buf);
}

/*
 * In a worker: cap the address space, so a parse that runs away fails that
 * file and not the machine.  AddressSanitizer reserves terabytes of shadow
 * address space, so a sanitized build sets no limit.
 */
static void limit_memory(unsigned mib)
{
#if defined(__SANITIZE_ADDRESS__)
	(void)mib;
#else
	struct rlimit rl;

	rl.rlim_cur = rl.rlim_max = (rlim_t)mib << 20;
	setrlimit(RLIMIT_AS, &rl);
#endif
}

static void parse_job(void *vctx, size_t index, ta_buf *out)
{
	struct scan_ctx *ctx = vctx;
	const char *rel = ctx->cands->paths[index];
	int argc = 0;
	char **argv = ta_flags_for(ctx->flags, rel, &argc);
	bool pch = ta_flags_uses_pch(ctx->flags, rel);
	ta_parse_result r;

	if (!ctx->limited) {
		limit_memory(ctx->max_memory_mib);
		ta_indexer_in_worker();
		ctx->limited = true;
	}
	if (!ctx->indexer) {
		ctx->indexer = ta_indexer_new();
		/* headers without their function bodies, but those of a PCH whose inputs are not
		 * known (never: ta_pch_prepare() writes them) */
		if (!ctx->pch_path || ctx->pch_members)
			ta_indexer_strip_headers(ctx->indexer,
						 (const char *const *)ctx->pch_members,
						 ctx->n_pch_members);
		if (ctx->wide_path)
			ta_indexer_wide_pch(ctx->indexer, ctx->pch_path, ctx->wide_path,
					    &ctx->extra);
	}
	ta_fault_before_parse(rel);
	ta_indexer_parse(ctx->indexer, ctx->tree->root, rel, (const char *const *)argv, argc, &r);
	ta_argv_free(argv);
	if (pch && (r.status == TA_STATUS_FAILED ||
		    (r.reason && (strstr(r.reason, "precompiled") || strstr(r.reason, "PCH"))))) {
		/* libclang refused the shared header for this file: parse it plainly */
		ta_parse_result_free(&r);
		argv = ta_flags_for_nopch(ctx->flags, rel, &argc);
		ta_indexer_parse(ctx->indexer, ctx->tree->root, rel, (const char *const *)argv,
				 argc, &r);
		ta_argv_free(argv);
		pch = false;
	}
	/* the first line carries the status, the error count and the reason */
	ta_buf_printf(out, "S\t%d\t%u\t", (int)r.status, r.n_errors);
	for (const char *p = r.reason; p && *p; p++)
		ta_buf_putc(out, *p == '\n' || *p == '\t' ? ' ' : *p);
	ta_buf_putc(out, '\n');
	for (size_t i = 0; i < r.n_deps; i++)
		if (!strchr(r.deps[i], '\n'))
			ta_buf_printf(out, "D\t%s\n", r.deps[i]);
	if (pch)
		ta_buf_printf(out, "D\t%s\n", r.wide_pch ? ctx->wide_path : ctx->pch_path);
	ta_facts_serialize(&r.facts, out);
	ta_parse_result_free(&r);
}

static void show_progress(void *vctx, size_t done, size_t total)
{
	struct scan_ctx *ctx = vctx;
	double spent = ta_monotonic() - ctx->progress_t0,
	       rate = spent > 0 ? (double)done / spent : 0;

	if (!ctx->progress)
		return;
	fprintf(stderr, "\rtasklet-audit: parsed %zu/%zu files", done, total);
	if (rate > 0 && done < total) {
		unsigned left = (unsigned)((double)(total - done) / rate + 0.5);
		fprintf(stderr, ", %.1f files/s, about %u:%02u left ", rate, left / 60, left % 60);
	} else {
		fprintf(stderr, ", %.1f files/s%22s", rate, "");
	}
}

/* Turn a worker's text back into status and facts (pch_path, wide_path: the PCHs the
 * parses were offered, or NULL; a result lists one as a dependency when its parse used it). */
static void take_result(ta_audit *a, const char *path, const ta_pool_result *r, unsigned timeout,
			unsigned max_memory_mib, const char *pch_path, const char *wide_path)
{
	ta_facts facts = {0};
	int status = TA_STATUS_FAILED;
	unsigned n_errors = 0;
	char *reason = NULL;
	bool with_pch = false;

	if (r->outcome == TA_POOL_CRASHED) {
		/* an allocation refused by the worker's limit ends in abort() */
		if (r->signal == SIGABRT)
			reason = xasprintf(
				"the parser aborted (signal %d): out of memory under "
				"its %u MiB limit (--max-memory), or a libclang assertion",
				r->signal, max_memory_mib);
		else if (r->signal)
			reason = xasprintf("the parser crashed (signal %d)", r->signal);
		else
			reason = xstrdup("the parser exited unexpectedly");
	} else if (r->outcome == TA_POOL_TIMEOUT) {
		reason = xasprintf("the parse timed out after %u s", timeout);
	} else {
		char *text = xstrdup(r->text ? r->text : "");
		char *line, *save = NULL;
		int used = 0;
		bool ok = false;
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			if (!ok) {
				if (sscanf(line, "S\t%d\t%u\t%n", &status, &n_errors, &used) >= 2) {
					ok = true;
					if (line[used])
						reason = xstrdup(line + used);
				}
				continue;
			}
			if (line[0] == 'D' && line[1] == '\t') {
				/* a dependency, for the cache */
				with_pch |= (pch_path && strcmp(line + 2, pch_path) == 0) ||
					    (wide_path && strcmp(line + 2, wide_path) == 0);
				continue;
			}
			if (ta_facts_parse_line(&facts, line) != 0) {
				ok = false;
				break;
			}
		}
		free(text);
		if (!ok || status < TA_STATUS_PARSED || status > TA_STATUS_FAILED) {
			status = TA_STATUS_FAILED;
			free(reason);
			reason = xstrdup("the worker's answer was malformed");
			ta_facts_free(&facts);
		}
	}
	ta_audit_add_file(a, path, (enum ta_status)status, reason, n_errors, r->seconds, &facts);
	a->files[a->n_files - 1].with_pch = with_pch && status != TA_STATUS_FAILED;
	free(reason);
	ta_facts_free(&facts);
}

/* A hash of every candidate's path and answer (ta_audit.facts_hash). */
static uint64_t facts_hash(const ta_candidates *cands, const ta_pool_result *results)
{
	uint64_t hash = TA_FNV_INIT;

	for (size_t i = 0; i < cands->n; i++) {
		const char *text = results[i].outcome == TA_POOL_DONE && results[i].text
					   ? results[i].text
					   : "";
		uint64_t h[2] = {ta_hash64(cands->paths[i], strlen(cands->paths[i])),
				 ta_hash64(text, strlen(text))};
		hash = ta_fnv1a(hash, h, sizeof(h));
	}
	return hash;
}

/* Move what describes this run (not the tree) from so_far into the reused audit a. */
static void take_run(ta_audit *a, ta_audit *so_far)
{
	free(a->generated_at);
	a->generated_at = so_far->generated_at;
	so_far->generated_at = NULL;
	free(a->cache_dir);
	a->cache_dir = so_far->cache_dir;
	so_far->cache_dir = NULL;
	a->facts_hash = so_far->facts_hash;
	a->jobs = so_far->jobs;
	a->prefilter_seconds = so_far->prefilter_seconds;
	a->cache_seconds = so_far->cache_seconds;
	a->pch_seconds = so_far->pch_seconds;
	a->cache_hits = so_far->cache_hits;
	a->cache_misses = so_far->cache_misses;
	a->reused = true;
}

/* Largest files first: the long parses start early and the pool drains evenly. */
static off_t *sort_sizes;

static int by_size_desc(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	if (sort_sizes[a] != sort_sizes[b])
		return sort_sizes[a] > sort_sizes[b] ? -1 : 1;
	return a < b ? -1 : a > b;
}

/* The facts cache the options ask for, or NULL (--no-cache, or unusable). */
static ta_cache *open_cache(const struct ta_scan_opts *opts)
{
	char *dir;
	ta_cache *c;

	if (opts->no_cache)
		return NULL;
	dir = opts->cache_dir ? xstrdup(opts->cache_dir) : ta_cache_default_dir();
	c = ta_cache_open(dir);
	free(dir);
	return c;
}

/* The cache key of a file: the tool, the facts format, the file and its arguments. */
static char *cache_key(const char *relpath, char **argv, int argc)
{
	ta_buf b = {0};

	ta_buf_printf(&b, "tasklet-audit %s facts %d\t%s", TA_VERSION, TA_FACTS_FORMAT, relpath);
	for (int i = 0; i < argc; i++)
		ta_buf_printf(&b, "\t%s", argv[i]);
	return ta_buf_steal(&b);
}

/* Store a fresh result with the dependencies its worker listed ("D\tpath" lines). */
static void cache_result(ta_cache *cache, const char *key, const char *text)
{
	char **deps = NULL;
	size_t n = 0, cap = 0;
	const char *p = text;
	int status = TA_STATUS_FAILED;

	if (sscanf(text, "S\t%d", &status) != 1 || status == TA_STATUS_FAILED)
		return; /* failures are retried next time */
	while ((p = strstr(p, "\nD\t"))) {
		const char *e = strchr(p + 3, '\n');
		if (!e)
			break;
		TA_PUSH(deps, n, cap, xstrndup(p + 3, (size_t)(e - p - 3)));
		p = e;
	}
	ta_cache_store(cache, key, (const char *const *)deps, n, text);
	for (size_t i = 0; i < n; i++)
		free(deps[i]);
	free(deps);
}

/*
 * Each tasklet's MAINTAINERS entry, the most specific one that names a
 * maintainer for its file (maintainers.h), as dashboards group by it.  A
 * tree without MAINTAINERS leaves them unset; one that cannot be read
 * costs a warning, not the audit.
 */
static void add_maintainers_entries(ta_audit *a)
{
	char *err = NULL;
	ta_maintainers *m = ta_maintainers_load(a->tree, &err);

	if (err) {
		ta_warn("%s: no maintainers entries in the report", err);
		free(err);
	}
	for (size_t i = 0; m && i < a->n_tasklets; i++) {
		ta_tasklet *t = &a->tasklets[i];
		const char *file = t->file, *entry;

		entry = file ? ta_maintainers_section(m, &file, 1, TA_SECTION_SPECIFIC) : NULL;
		t->maintainers_entry = xstrdup(entry ? entry : "THE REST");
	}
	ta_maintainers_free(&m);
}

int ta_scan(const struct ta_scan_opts *opts, ta_audit **out)
{
	ta_tree *tree = NULL;
	ta_kconfig *kc = NULL;
	ta_overlay *ov = NULL;
	ta_flags *fl = NULL;
	ta_candidates cands = {0};
	ta_audit *a = NULL;
	ta_pool_result *results = NULL;
	size_t *order = NULL, n_to_parse = 0;
	char **keys = NULL;
	ta_cache *cache = NULL;
	char *pch_tmp = NULL, *wide_tmp = NULL;
	double pch_seconds = 0;
	struct scan_ctx ctx = {0};
	ta_pch_build *pch = NULL;
	double t0 = ta_monotonic(), t1, tc;
	int rc = TA_EXIT_USAGE;

	*out = NULL;
	cache = open_cache(opts);
	if (!(tree = ta_tree_open(opts->path)))
		goto out;
	if (tree->file && !opts->file_ok) {
		ta_error("'%s' is not a directory (only the audit takes a single file)",
			 opts->path);
		goto out_tree;
	}
	if (!(kc = ta_kconfig_load(tree->root, tree->version, opts->config)))
		goto out_tree;
	/* a standalone file has no tree to generate headers for */
	if (!tree->configured && !tree->standalone &&
	    !(ov = ta_overlay_new(tree, kc, cache ? ta_cache_dir(cache) : NULL))) {
		rc = TA_EXIT_FAILURE;
		goto out_kconfig;
	}
	if (!(fl = ta_flags_new(tree, kc, ov ? ta_overlay_dir(ov) : NULL, opts->compdb_dir)))
		goto out_overlay;
	/* a worker builds the PCH while the pre-filter runs (forked before its threads) */
	if (!opts->no_pch && !ta_flags_from_compdb(fl)) {
		double tp = ta_monotonic();
		pch = ta_pch_start(tree, fl, cache, !tree->file); /* one file: not worth it */
		pch_seconds = ta_monotonic() - tp;
	}
	tc = ta_monotonic();
	if (tree->file) {
		/* one file: the candidate, whatever it mentions (its headers are
		 * walked by the parse) */
		TA_PUSH(cands.paths, cands.n, cands.cap, xstrdup(tree->subtree));
		cands.scanned = 1;
	} else if (cache) {
		char *id = xasprintf("%s\t%s", tree->root, tree->subtree);
		char *memo = xasprintf("%s/prefilter-%016llx", ta_cache_dir(cache),
				       (unsigned long long)ta_hash64(id, strlen(id)));
		int prc = ta_prefilter_memo(tree->root, tree->subtree, memo, &cands);
		if (prc == 0)
			ta_cache_keep_recent(cache, "prefilter-", memo, TA_PREFILTER_MEMOS);
		free(id);
		free(memo);
		if (prc != 0)
			goto out_pch;
	} else if (ta_prefilter(tree->root, tree->subtree, &cands) != 0) {
		goto out_pch;
	}
	t1 = ta_monotonic();
	if (pch) {
		double tp = ta_monotonic();
		ta_pch_finish(&pch, fl, &pch_tmp, &wide_tmp);
		pch_seconds += ta_monotonic() - tp;
	}

	a = ta_audit_new();
	a->pch_seconds = pch_seconds;
	a->tree = xstrdup(tree->root);
	a->subtree = xstrdup(tree->subtree);
	a->tree_id = ta_tree_id(tree, cands.paths, cands.n);
	a->generated_at = iso8601_now();
	a->kernel_version = tree->version ? xstrdup(tree->version) : NULL;
	a->libclang_version = ta_libclang_version();
	a->config_source = xstrdup(ta_kconfig_source(kc));
	a->flags_source = xstrdup(ta_flags_source(fl));
	a->c_files_scanned = cands.scanned;
	a->prefilter_seconds = t1 - tc;
	a->jobs = opts->jobs;

	ctx.tree = tree;
	ctx.flags = fl;
	ctx.pch_path = ta_flags_pch(fl);
	if (ctx.pch_path)
		ctx.pch_members = ta_pch_members(ctx.pch_path, &ctx.n_pch_members);
	if (ctx.pch_members && ta_flags_wide_pch(fl) &&
	    ta_pch_extra_read(ctx.pch_path, ta_flags_wide_pch(fl), &ctx.extra) == 0)
		ctx.wide_path = ta_flags_wide_pch(fl);
	ctx.cands = &cands;
	ctx.progress = opts->progress;
	ctx.max_memory_mib = opts->max_memory_mib ? opts->max_memory_mib
						  : TA_DEFAULT_MAX_MEMORY_MIB;
	results = xcalloc(cands.n ? cands.n : 1, sizeof(*results));
	order = xcalloc(cands.n ? cands.n : 1, sizeof(*order));
	keys = xcalloc(cands.n ? cands.n : 1, sizeof(*keys));
	sort_sizes = xcalloc(cands.n ? cands.n : 1, sizeof(*sort_sizes));
	t1 = ta_monotonic();
	for (size_t i = 0; i < cands.n; i++) {
		struct stat st;
		char *p = ta_path_join(tree->root, cands.paths[i]);
		int argc = 0;
		char **argv = ta_flags_for(fl, cands.paths[i], &argc);

		keys[i] = cache_key(cands.paths[i], argv, argc);
		ta_argv_free(argv);
		results[i].text = cache ? ta_cache_lookup(cache, keys[i]) : NULL;
		if (results[i].text) {
			results[i].outcome = TA_POOL_DONE;
		} else {
			order[n_to_parse++] = i;
			sort_sizes[i] = stat(p, &st) == 0 ? st.st_size : 0;
		}
		free(p);
	}
	a->cache_seconds = ta_monotonic() - t1;
	ta_sort(order, n_to_parse, sizeof(*order), by_size_desc);
	free(sort_sizes);
	sort_sizes = NULL;
	t1 = ta_monotonic();
	ctx.progress_t0 = t1;
	if (opts->progress && n_to_parse) /* at once: the first parse may take seconds */
		fprintf(stderr, "tasklet-audit: parsing %zu files with %d worker%s", n_to_parse,
			opts->jobs, opts->jobs == 1 ? "" : "s");
	if (n_to_parse && ta_pool_run(n_to_parse, order, opts->jobs, opts->timeout, parse_job, &ctx,
				      results, show_progress) != 0) {
		rc = TA_EXIT_FAILURE;
		ta_audit_free(&a);
		goto out_results;
	}
	if (opts->progress && n_to_parse)
		fputc('\n', stderr);
	a->parse_seconds = ta_monotonic() - t1;
	for (size_t i = 0; cache && i < n_to_parse; i++)
		if (results[order[i]].outcome == TA_POOL_DONE)
			cache_result(cache, keys[order[i]], results[order[i]].text);
	ta_cache_stats(cache, &a->cache_hits, &a->cache_misses);
	a->facts_hash = facts_hash(&cands, results);
	if (cache)
		a->cache_dir = xstrdup(ta_cache_dir(cache));
	if (opts->reuse && n_to_parse == 0 && cands.n_unreadable == 0) {
		ta_audit *done = opts->reuse(opts->reuse_ctx, a);
		if (done) {
			take_run(done, a);
			ta_audit_free(&a);
			done->total_seconds = ta_monotonic() - t0;
			*out = done;
			rc = TA_EXIT_OK;
			goto out_results;
		}
	}
	for (size_t i = 0; i < cands.n; i++)
		take_result(a, cands.paths[i], &results[i], opts->timeout, ctx.max_memory_mib,
			    ctx.pch_path, ctx.wide_path);
	for (size_t i = 0; i < cands.n_unreadable; i++) {
		char *sep = strstr(cands.unreadable[i], ": ");
		char *path = sep ? xstrndup(cands.unreadable[i],
					    (size_t)(sep - cands.unreadable[i]))
				 : xstrdup(cands.unreadable[i]);
		char *reason = xasprintf("cannot read the file: %s",
					 sep ? sep + 2 : "unknown error");
		ta_audit_add_file(a, path, TA_STATUS_FAILED, reason, 0, 0, NULL);
		free(path);
		free(reason);
	}
	ta_audit_finish(a);
	add_maintainers_entries(a);
	a->total_seconds = ta_monotonic() - t0;
	*out = a;
	rc = TA_EXIT_OK;
out_results:
	for (size_t i = 0; i < ctx.n_pch_members; i++)
		free(ctx.pch_members[i]);
	free(ctx.pch_members);
	ta_pch_extra_free(&ctx.extra);
	ta_pool_results_free(results, cands.n);
	free(results);
	free(order);
	for (size_t i = 0; keys && i < cands.n; i++)
		free(keys[i]);
	free(keys);
out_pch:
	/* a pre-filter that failed: the build is waited for, and removed with the rest */
	if (pch)
		ta_pch_finish(&pch, fl, &pch_tmp, &wide_tmp);
	ta_candidates_free(&cands);
	ta_flags_free(&fl);
	ta_pch_remove(&pch_tmp);
	ta_pch_remove(&wide_tmp);
out_overlay:
	ta_overlay_free(&ov);
out_kconfig:
	ta_kconfig_free(&kc);
out_tree:
	ta_tree_free(&tree);
out:
	ta_cache_free(&cache);
	return rc;
}

int ta_scan_flags(const struct ta_scan_opts *opts, char ***argv, int *argc)
{
	char *dir = xstrdup(opts->path), *slash = strrchr(dir, '/');
	ta_tree *tree;
	ta_kconfig *kc = NULL;
	ta_overlay *ov = NULL;
	ta_flags *fl = NULL;
	ta_cache *cache = NULL;
	char real[4096];
	int rc = TA_EXIT_USAGE;

	*argv = NULL;
	*argc = 0;
	if (access(opts->path, R_OK) != 0 || !realpath(opts->path, real)) {
		ta_error("cannot open '%s': %s", opts->path, strerror(errno));
		free(dir);
		return TA_EXIT_USAGE;
	}
	if (slash)
		*slash = '\0';
	tree = ta_tree_open(slash ? dir : ".");
	free(dir);
	if (!tree)
		return TA_EXIT_USAGE;
	if (!(kc = ta_kconfig_load(tree->root, tree->version, opts->config)))
		goto out;
	cache = open_cache(opts);
	/* with a cache the overlay persists, so the printed paths stay usable */
	if (!tree->configured &&
	    !(ov = ta_overlay_new(tree, kc, cache ? ta_cache_dir(cache) : NULL))) {
		rc = TA_EXIT_FAILURE;
		goto out;
	}
	if (!(fl = ta_flags_new(tree, kc, ov ? ta_overlay_dir(ov) : NULL, opts->compdb_dir)))
		goto out;
	*argv = ta_flags_for(fl, real + strlen(tree->root) + 1, argc);
	rc = TA_EXIT_OK;
out:
	ta_flags_free(&fl);
	ta_overlay_free(&ov);
	ta_kconfig_free(&kc);
	ta_tree_free(&tree);
	ta_cache_free(&cache);
	return rc;
}
