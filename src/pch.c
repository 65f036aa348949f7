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
#include <unistd.h>

#include "diag.h"
#include "index_reparse.h"
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

struct pch_job {
	const char *header;
	char **args;
	int argc;
	const char *out;
};

/* Runs in a worker: build the PCH; answer "ok\n" and "D\tpath" lines, or "fail\n". */
static void build_job(void *vctx, size_t index, ta_buf *out)
{
	struct pch_job *job = vctx;
	ta_reparser *rp = ta_reparser_new();
	char **deps = NULL;
	size_t n = 0;

	(void)index;
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

struct ta_pch_build {
	ta_cache *cache;
	char **args;
	int argc;
	ta_buf key;
	char *header, *final, *build;
	struct pch_job job;
	size_t order;       /* the pool's one item */
	ta_pool_result res; /* its answer */
	ta_pool *pool;      /* the build under way, or NULL */
	bool hit;           /* final is the cache's: nothing to build */
};

ta_pch_build *ta_pch_start(const ta_tree *tree, ta_flags *fl, ta_cache *cache)
{
	ta_pch_build *b = xcalloc(1, sizeof(*b));
	ta_buf text = {0};
	char *hit, *members;
	uint64_t h;
	const char *tmp = ta_tmp_dir();
	FILE *fp;

	b->cache = cache;
	b->args = ta_flags_base(fl, &b->argc);
	/* the header: the common headers this tree has */
	for (size_t i = 0; i < sizeof(common_headers) / sizeof(*common_headers); i++) {
		char *p = xasprintf("%s/include/%s", tree->root, common_headers[i]);
		if (access(p, R_OK) == 0)
			ta_buf_printf(&text, "#include <%s>\n", common_headers[i]);
		free(p);
	}
	/* one line: the cache keeps keys on a line of their own */
	ta_buf_printf(&b->key, "pch %s\t%016llx", TA_VERSION,
		      (unsigned long long)ta_hash64(text.s ? text.s : "", text.len));
	for (int i = 0; i < b->argc; i++)
		ta_buf_printf(&b->key, "\t%s", b->args[i]);
	h = ta_hash64(b->key.s, b->key.len);
	if (cache) {
		b->final = xasprintf("%s/pch-%016llx.pch", ta_cache_dir(cache),
				     (unsigned long long)h);
		b->header = xasprintf("%s/pch-%016llx.h", ta_cache_dir(cache),
				      (unsigned long long)h);
		hit = ta_cache_lookup(cache, b->key.s);
		members = xasprintf("%s.members", b->final);
		if (hit && strcmp(hit, b->final) == 0 && access(members, R_OK) == 0)
			b->hit = true;
		free(hit);
		free(members);
		b->build = xasprintf("%s.tmp.%d", b->final, (int)getpid());
	} else {
		b->final = xasprintf("%s/tasklet-audit-%d-%016llx.pch", tmp, (int)getpid(),
				     (unsigned long long)h);
		b->header = xasprintf("%s/tasklet-audit-%d-%016llx.h", tmp, (int)getpid(),
				      (unsigned long long)h);
		b->build = xstrdup(b->final);
	}
	if (!b->hit) {
		if (!(fp = fopen(b->header, "w")) || fputs(text.s ? text.s : "", fp) < 0 ||
		    fclose(fp) != 0) {
			ta_warn("cannot write '%s': parsing without a precompiled header",
				b->header);
		} else {
			b->job = (struct pch_job){.header = b->header,
						  .args = b->args,
						  .argc = b->argc,
						  .out = b->build};
			b->pool = ta_pool_start(1, &b->order, 1, 600, build_job, &b->job, &b->res,
						NULL);
			if (!b->pool)
				ta_warn("the precompiled header did not build: parsing without one");
		}
	}
	ta_buf_free(&text);
	return b;
}

/* The built PCH at b->build, its build's answer read: moved to its place; 0 or -1. */
static int install(ta_pch_build *b, char **tmp_path)
{
	char **deps = NULL;
	size_t n_deps = 0, cap_deps = 0;
	int rc = -1;

	if (b->res.outcome != TA_POOL_DONE || !b->res.text ||
	    strncmp(b->res.text, "ok\n", 3) != 0) {
		ta_warn("the precompiled header did not build: parsing without one");
		unlink(b->build);
		return -1;
	}
	/* the files the build read: the "D" lines of its answer */
	for (const char *p = strstr(b->res.text, "\nD\t"); p; p = strstr(p + 1, "\nD\t")) {
		const char *e = strchr(p + 3, '\n');
		if (e)
			TA_PUSH(deps, n_deps, cap_deps, xstrndup(p + 3, (size_t)(e - p - 3)));
	}
	if (!write_members(b->final, deps, n_deps)) {
		ta_warn("cannot write '%s.members': parsing without a precompiled header",
			b->final);
		unlink(b->build);
	} else if (b->cache) {
		if (rename(b->build, b->final) != 0) {
			unlink(b->build);
		} else {
			TA_PUSH(deps, n_deps, cap_deps, xstrdup(b->final));
			TA_PUSH(deps, n_deps, cap_deps, xstrdup(b->header));
			ta_cache_forget(b->cache, b->final);
			ta_cache_forget(b->cache, b->header);
			ta_cache_store(b->cache, b->key.s, (const char *const *)deps, n_deps,
				       b->final);
			rc = 0;
		}
	} else {
		/* libclang checks the PCH's inputs when it loads it: keep the header too */
		*tmp_path = xstrdup(b->final);
		rc = 0;
	}
	for (size_t i = 0; i < n_deps; i++)
		free(deps[i]);
	free(deps);
	return rc;
}

int ta_pch_finish(ta_pch_build **bp, ta_flags *fl, char **tmp_path)
{
	ta_pch_build *b = *bp;
	int rc = -1;

	*tmp_path = NULL;
	if (b->hit) {
		rc = 0;
	} else if (b->pool) {
		ta_pool_finish(&b->pool);
		rc = install(b, tmp_path);
	}
	if (rc == 0)
		ta_flags_set_pch(fl, b->final);
	else if (!b->cache)
		unlink(b->header);
	ta_pool_results_free(&b->res, 1);
	ta_argv_free(b->args);
	ta_buf_free(&b->key);
	free(b->header);
	free(b->final);
	free(b->build);
	free(b);
	*bp = NULL;
	return rc;
}

int ta_pch_prepare(const ta_tree *tree, ta_flags *fl, ta_cache *cache, char **tmp_path)
{
	ta_pch_build *b = ta_pch_start(tree, fl, cache);

	return ta_pch_finish(&b, fl, tmp_path);
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
