// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_validate.c - the before/after re-parse of patched files: the same
 * flags the scan uses (the tree's configuration or the synthesized one,
 * the generated-header overlay), the patched texts handed to libclang as
 * unsaved files, the error counts compared per translation unit.  Both
 * parses of a unit use the precompiled header of the scan's common headers
 * (pch.c) when no patched file is one of the files it was built from (its
 * .members, by inode; when those are not known, no patched file under
 * include/ or arch/): three to four times cheaper than a plain parse.  A
 * unit whose parse with it fails or mentions the precompiled header is
 * parsed plainly, before and after alike.  With the PCH, a unit the scan
 * parsed with it is parsed unpatched only when the patched parse has more
 * errors than the scan found (ta_validator_know_errors()): most never are.
 * A unit takes the scan's wide PCH instead where the scan would (pch.h),
 * unless the patch changes one of the files only that one read.
 */
#include "patch_validate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "flags.h"
#include "hdrstrip.h"
#include "index_reparse.h"
#include "kconfig.h"
#include "overlay.h"
#include "pch.h"
#include "pool.h"
#include "tree.h"
#include "util.h"

#define BH_HEADER ".tasklet-audit-bh-api.h"

const char ta_bh_api_decls[] =
	"/* tasklet-audit validation only: the BH-workqueue API of v6.10 */\n"
	"struct workqueue_struct;\n"
	"struct work_struct;\n"
	"extern struct workqueue_struct *system_bh_wq;\n"
	"extern struct workqueue_struct *system_bh_highpri_wq;\n"
	"_Bool disable_work(struct work_struct *work);\n"
	"_Bool disable_work_sync(struct work_struct *work);\n"
	"_Bool enable_work(struct work_struct *work);\n"
	"_Bool enable_and_queue_work(struct workqueue_struct *wq, struct work_struct *work);\n"
	"#ifndef from_work\n"
	"#define from_work(var, callback_work, work_fieldname) \\\n"
	"\tcontainer_of(callback_work, typeof(*var), work_fieldname)\n"
	"#endif\n";

static const char *const extra_args[] = {
	"-Werror=incompatible-pointer-types",
	"-Werror=int-conversion",
	"-Werror=implicit-function-declaration",
	"-Werror=int-to-pointer-cast",
	/* code a conversion leaves behind: a local, a function or a missing return */
	"-Werror=unused-variable",
	"-Werror=unused-function",
	"-Werror=return-type",
	"-include",
	BH_HEADER,
};

struct ta_validator {
	ta_tree *tree;
	ta_kconfig *kc;
	ta_overlay *ov;
	ta_flags *fl;
	ta_reparser *rp;
	bool bh_decls;
	ta_cache *cache;      /* the scan's facts cache (overlay, PCH), or NULL */
	ta_hdrstrip *strip;   /* kernel-wide headers without their inline bodies, or NULL */
	char *pch;            /* the temporary PCH of the common headers, or NULL */
	bool members_known;   /* the PCH's inputs are known: */
	ta_strmap pch_inodes; /* "device:inode" of each -> 1 */
	/* the scan's wide PCH (pch.h, ta_flags_wide_pch()): with a cache only */
	bool wide;
	ta_strmap wide_inodes; /* "device:inode" of each file only it read -> 1 */
	pid_t pch_owner;       /* the process that removes it (not a forked worker) */
	ta_strmap scan_errors; /* unit -> its error count in the scan's parse with the PCH */
	/* unpatched parses found needed, for the next ta_validator_prefetch() */
	struct deferred {
		bool pch;
		char *unit;
	} * deferred;
	size_t n_deferred, cap_deferred;
	ta_strmap base; /* mode_key(unit) -> index into base_errors */
	unsigned *base_errors;
	char **base_messages; /* the errors of each unpatched unit, one per line */
	size_t cap_messages;
	size_t n_base, cap_base;
	/* parses made ahead: key (see parse_key()) -> index into ahead */
	ta_strmap ahead_map;
	struct ahead {
		int rc;
		unsigned errors;
		char *messages;
	} * ahead;
	size_t n_ahead, cap_ahead;
};

/* "device:inode" of the file at path (malloc'd), or NULL when it cannot be stat'ed. */
static char *inode_key(const char *path)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return NULL;
	return xasprintf("%llu:%llu", (unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
}

/*
 * Take the wide PCH (the scan's, from the cache) where a unit's headers
 * allow it, as the scan does (ta_indexer_wide_pch()); its files must be
 * known by inode, as a patched one rules it out.
 */
static void use_wide(ta_validator *v)
{
	ta_pch_extra extra = {0};
	bool known = true;

	if (!ta_flags_wide_pch(v->fl) ||
	    ta_pch_extra_read(ta_flags_pch(v->fl), ta_flags_wide_pch(v->fl), &extra) != 0) {
		ta_pch_extra_free(&extra);
		return;
	}
	for (size_t i = 0; i < extra.n_only; i++) {
		char *key = inode_key(extra.only[i]);
		if (key)
			ta_strmap_put(&v->wide_inodes, key, 1);
		known &= key != NULL;
		free(key);
	}
	ta_pch_extra_watch(&extra, v->strip);
	v->wide = known;
	ta_pch_extra_free(&extra);
}

ta_validator *ta_validator_new(const char *root, bool bh_decls, const char *cache_dir,
			       const char *config)
{
	ta_validator *v = xcalloc(1, sizeof(*v));
	char **members = NULL;
	size_t n_members = 0;

	v->bh_decls = bh_decls;
	if (!(v->tree = ta_tree_open(root)))
		goto fail;
	if (!(v->kc = ta_kconfig_load(v->tree->root, v->tree->version, config)))
		goto fail;
	if (cache_dir)
		v->cache = ta_cache_open(cache_dir);
	if (!v->tree->configured &&
	    !(v->ov = ta_overlay_new(v->tree, v->kc, v->cache ? ta_cache_dir(v->cache) : NULL)))
		goto fail;
	if (!(v->fl = ta_flags_new(v->tree, v->kc, v->ov ? ta_overlay_dir(v->ov) : NULL, NULL)))
		goto fail;
	v->rp = ta_reparser_new();
	/* the flags with the PCH are asked for by ta_flags_for(); without it,
	 * ta_flags_for_nopch() */
	{
		/* the wide one too when the scan left it in the cache (else it is not worth it) */
		ta_pch_build *b = ta_pch_start(v->tree, v->fl, v->cache, v->cache != NULL);
		if (ta_pch_finish(&b, v->fl, &v->pch, NULL) != 0)
			ta_flags_set_pch(v->fl, NULL);
	}
	v->pch_owner = getpid();
	/* the PCH's inputs stay whole (when they are not known, every header does) */
	if (!ta_flags_pch(v->fl) || (members = ta_pch_members(ta_flags_pch(v->fl), &n_members))) {
		v->strip = ta_hdrstrip_new();
		v->members_known = members != NULL;
		for (size_t i = 0; i < n_members; i++) {
			char *key = inode_key(members[i]);
			ta_hdrstrip_keep(v->strip, members[i]);
			if (key)
				ta_strmap_put(&v->pch_inodes, key, 1);
			else /* one we cannot tell a patched file from */
				v->members_known = false;
			free(key);
			free(members[i]);
		}
		free(members);
	}
	if (v->strip && v->members_known)
		use_wide(v);
	return v;
fail:
	ta_validator_free(&v);
	return NULL;
}

void ta_validator_free(ta_validator **v)
{
	if (!*v)
		return;
	ta_reparser_free(&(*v)->rp);
	ta_hdrstrip_free(&(*v)->strip);
	if ((*v)->pch && (*v)->pch_owner == getpid())
		ta_pch_remove(&(*v)->pch);
	free((*v)->pch);
	ta_flags_free(&(*v)->fl);
	ta_overlay_free(&(*v)->ov);
	ta_cache_free(&(*v)->cache);
	ta_kconfig_free(&(*v)->kc);
	ta_tree_free(&(*v)->tree);
	ta_strmap_free(&(*v)->scan_errors);
	ta_strmap_free(&(*v)->pch_inodes);
	ta_strmap_free(&(*v)->wide_inodes);
	for (size_t i = 0; i < (*v)->n_deferred; i++)
		free((*v)->deferred[i].unit);
	free((*v)->deferred);
	ta_strmap_free(&(*v)->base);
	free((*v)->base_errors);
	for (size_t i = 0; i < (*v)->n_base; i++)
		free((*v)->base_messages[i]);
	free((*v)->base_messages);
	ta_strmap_free(&(*v)->ahead_map);
	for (size_t i = 0; i < (*v)->n_ahead; i++)
		free((*v)->ahead[i].messages);
	free((*v)->ahead);
	free(*v);
	*v = NULL;
}

void ta_validator_know_errors(ta_validator *v, const char *unit, unsigned errors)
{
	ta_strmap_put(&v->scan_errors, unit, errors);
}

/* Does the patch leave every kernel-wide header (include/, arch/) as it is? */
static bool kernel_headers_kept(const char *const *paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!ta_str_ends(paths[i], ".c") &&
		    (strncmp(paths[i], "include/", 8) == 0 || strncmp(paths[i], "arch/", 5) == 0))
			return false;
	return true;
}

/* Does the patch change (paths, relative to the root) a file whose "device:inode" is in inodes? */
static bool patches_one_of(const ta_validator *v, const ta_strmap *inodes, const char *const *paths,
			   size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *abs = ta_path_join(v->tree->root, paths[i]), *key = inode_key(abs);
		bool member = key && ta_strmap_get(inodes, key);
		free(key);
		free(abs);
		if (member)
			return true;
	}
	return false;
}

/*
 * Whether a parse of a unit patched with paths (relative to the root) may
 * use the PCH: when none is a file it was built from (a header only the
 * patch creates is none).  When those are not known, when no kernel-wide
 * header is patched.
 */
static bool pch_allowed(const ta_validator *v, const char *const *paths, size_t n)
{
	if (!ta_flags_pch(v->fl))
		return false;
	if (!v->members_known)
		return kernel_headers_kept(paths, n);
	return !patches_one_of(v, &v->pch_inodes, paths, n);
}

/*
 * Is path a kernel-wide header: under include/ or arch/X/include/, or
 * outside the tree (generated, the compiler's)?  Its inline bodies may be
 * left out of both parses of a unit whose patch changes no such header
 * (kernel_headers_kept()): a kernel-wide body cannot name a driver's
 * declaration, so nothing the patch changes can break one, and only
 * inline bodies go, whose absence draws no diagnostic (hdrstrip.h).
 */
static bool kernel_wide(const ta_validator *v, const char *path)
{
	size_t n = strlen(v->tree->root);
	const char *rel, *slash;

	if (strncmp(path, v->tree->root, n) != 0 || path[n] != '/')
		return true;
	rel = path + n + 1;
	if (strncmp(rel, "include/", 8) == 0)
		return true;
	slash = strncmp(rel, "arch/", 5) == 0 ? strchr(rel + 5, '/') : NULL;
	return slash && strncmp(slash + 1, "include/", 8) == 0;
}

/* Parse one unit with the replacements, with the PCH or without;
 * -1 when libclang fails outright. */
static int parse(ta_validator *v, bool pch, const char *unit, const char *const *paths,
		 const char *const *texts, size_t n, unsigned *errors, char **messages)
{
	int argc = 0;
	char **argv = pch ? ta_flags_for(v->fl, unit, &argc)
			  : ta_flags_for_nopch(v->fl, unit, &argc);
	const char **args = xcalloc((size_t)argc + sizeof(extra_args) / sizeof(*extra_args) + 2,
				    sizeof(*args));
	const struct ta_stripped *st = NULL;
	size_t ns = 0, nu = 0;
	const char **up, **ut;
	int nargs = 0, rc;
	bool wide = false;

	for (int i = 0; i < argc; i++)
		args[nargs++] = argv[i];
	for (size_t i = 0; i < sizeof(extra_args) / sizeof(*extra_args); i++) {
		if (!v->bh_decls && strcmp(extra_args[i], "-include") == 0)
			break;
		args[nargs++] = extra_args[i];
	}
	if (v->strip && kernel_headers_kept(paths, n)) {
		char *abs = ta_path_join(v->tree->root, unit);
		/* the wide PCH where the headers allow it, unless patched */
		unsigned flags = pch && v->wide && !patches_one_of(v, &v->wide_inodes, paths, n)
					 ? TA_HDRSTRIP_WIDE
					 : 0;
		/*
		 * a macro's inline bodies go as in the audit: a header keeps them
		 * where the unit or a header naming a tasklet (what a patch
		 * changes) says the macro (hdrstrip.h)
		 */
		ns = ta_hdrstrip_for(v->strip, abs, args, nargs, flags, &st);
		free(abs);
		wide = ta_hdrstrip_took_wide(v->strip);
	}
	if (wide)
		ta_flags_args_swap_pch(args, nargs, ta_flags_wide_pch(v->fl));
	up = xcalloc(n + ns + 2, sizeof(*up));
	ut = xcalloc(n + ns + 2, sizeof(*ut));
	for (size_t i = 0; i < n; i++) {
		up[nu] = paths[i];
		ut[nu++] = texts[i];
	}
	for (size_t i = 0; i < ns; i++) {
		if (!kernel_wide(v, st[i].path))
			continue;
		up[nu] = st[i].path;
		ut[nu++] = st[i].text;
	}
	if (v->bh_decls) {
		up[nu] = BH_HEADER;
		ut[nu++] = ta_bh_api_decls;
	}
	/* "-include .tasklet-audit-bh-api.h" is found relative to the root */
	if (v->bh_decls)
		args[nargs - 1] = BH_HEADER;
	{
		char *inc = v->bh_decls ? ta_path_join(v->tree->root, BH_HEADER) : NULL;
		if (inc)
			args[nargs - 1] = inc;
		rc = ta_reparser_count_errors(v->rp, v->tree->root, unit, args, nargs, up, ut, nu,
					      errors, messages);
		free(inc);
	}
	free(up);
	free(ut);
	free(args);
	ta_argv_free(argv);
	return rc;
}

/* What identifies a parse: the mode, the unit and every replaced file's path and text. */
static char *parse_key(bool pch, const char *unit, const char *const *paths,
		       const char *const *texts, size_t n)
{
	ta_buf b = {0};

	ta_buf_printf(&b, "%c%s", pch ? 'P' : '-', unit);
	for (size_t i = 0; i < n; i++)
		ta_buf_printf(&b, "%c%s%c%zu:%s", '\001', paths[i], '\002', strlen(texts[i]),
			      texts[i]);
	return ta_buf_steal(&b);
}

/* parse(), or the result of the same parse made ahead. */
static int count(ta_validator *v, bool pch, const char *unit, const char *const *paths,
		 const char *const *texts, size_t n, unsigned *errors, char **messages)
{
	char *key;
	size_t *slot;

	if (!v->n_ahead)
		return parse(v, pch, unit, paths, texts, n, errors, messages);
	key = parse_key(pch, unit, paths, texts, n);
	slot = ta_strmap_get(&v->ahead_map, key);
	free(key);
	if (!slot)
		return parse(v, pch, unit, paths, texts, n, errors, messages);
	*errors = v->ahead[*slot].errors;
	*messages = v->ahead[*slot].messages ? xstrdup(v->ahead[*slot].messages) : NULL;
	return v->ahead[*slot].rc;
}

/* Whether a parse with the PCH went wrong because of it: parse plainly. */
static bool pch_trouble(int rc, const char *messages)
{
	return rc != 0 ||
	       (messages && (strstr(messages, "precompiled") || strstr(messages, "PCH")));
}

/* The key of a unit's unpatched parse in v->base. */
static char *mode_key(bool pch, const char *unit)
{
	return xasprintf("%c%s", pch ? 'P' : '-', unit);
}

struct ahead_task {
	char *key;
	bool pch;
	const char *unit;
	const char *const *paths;
	const char *const *texts;
	size_t n;
};

struct ahead_ctx {
	ta_validator *v;
	struct ahead_task *tasks;
	ta_reparser *parent_rp; /* in a worker: the parent's, which it does not use */
};

/* In a worker: "rc errors\n" and the error messages. */
static void ahead_job(void *ctx, size_t index, ta_buf *out)
{
	/* the worker's own libclang index: the parent's is not used across fork() */
	static ta_reparser *worker_rp;
	struct ahead_ctx *c = ctx;
	struct ahead_task *t = &c->tasks[index];
	unsigned errors = 0;
	char *messages = NULL;
	int rc;

	if (!worker_rp) {
		c->parent_rp = c->v->rp; /* still reachable, for a leak checker */
		worker_rp = ta_reparser_new();
	}
	c->v->rp = worker_rp; /* this process's copy of the validator */
	rc = parse(c->v, t->pch, t->unit, t->paths, t->texts, t->n, &errors, &messages);

	ta_buf_printf(out, "%d %u\n%s", rc, errors, messages ? messages : "");
	free(messages);
}

static void add_task(ta_strmap *seen, struct ahead_task **tasks, size_t *n, size_t *cap, bool pch,
		     const char *unit, const char *const *paths, const char *const *texts,
		     size_t np)
{
	struct ahead_task t = {parse_key(pch, unit, paths, texts, np), pch, unit, paths, texts, np};

	if (ta_strmap_get(seen, t.key)) {
		free(t.key);
		return;
	}
	ta_strmap_put(seen, t.key, *n);
	TA_PUSH(*tasks, *n, *cap, t);
}

/* Parse tasks[0..n) in jobs workers; keep each result for count(), then free the tasks. */
static void run_ahead(ta_validator *v, struct ahead_task *tasks, size_t n, int jobs)
{
	struct ahead_ctx ctx = {v, tasks, NULL};
	size_t *order;
	ta_pool_result *res;

	if (!n)
		return;
	order = xcalloc(n, sizeof(*order));
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	res = xcalloc(n, sizeof(*res));
	if (ta_pool_run(n, order, jobs, 0, ahead_job, &ctx, res, NULL) == 0)
		for (size_t i = 0; i < n; i++) {
			struct ahead a = {0};
			const char *nl;
			if (res[i].outcome != TA_POOL_DONE || !res[i].text ||
			    sscanf(res[i].text, "%d %u", &a.rc, &a.errors) != 2 ||
			    !(nl = strchr(res[i].text, '\n')))
				continue; /* redone when asked */
			a.messages = nl[1] ? xstrdup(nl + 1) : NULL;
			if (!ta_strmap_get(&v->ahead_map, tasks[i].key)) {
				ta_strmap_put(&v->ahead_map, tasks[i].key, v->n_ahead);
				TA_PUSH(v->ahead, v->n_ahead, v->cap_ahead, a);
			} else {
				free(a.messages);
			}
		}
	ta_pool_results_free(res, n);
	for (size_t i = 0; i < n; i++)
		free(tasks[i].key);
	free(order);
	free(res);
}

/* The scan's error count of unit when a parse in this mode can be compared with it. */
static const size_t *scan_errors(const ta_validator *v, bool pch, const char *unit)
{
	return pch ? ta_strmap_get(&v->scan_errors, unit) : NULL;
}

/* Whether the patched parse made ahead shows that the unpatched one is needed. */
static bool needs_base(ta_validator *v, bool pch, const char *unit, const char *const *paths,
		       const char *const *texts, size_t n)
{
	const size_t *known = scan_errors(v, pch, unit);
	char *key = parse_key(pch, unit, paths, texts, n);
	size_t *slot = ta_strmap_get(&v->ahead_map, key);
	const struct ahead *a = slot ? &v->ahead[*slot] : NULL;

	free(key);
	return known && a && !pch_trouble(a->rc, a->messages) && a->errors > *known;
}

/* Whether the unpatched parse of unit in this mode is made (serially or ahead). */
static bool base_known(ta_validator *v, bool pch, const char *unit)
{
	char *bk = mode_key(pch, unit), *key = parse_key(pch, unit, NULL, NULL, 0);
	bool known = ta_strmap_get(&v->base, bk) || ta_strmap_get(&v->ahead_map, key);

	free(bk);
	free(key);
	return known;
}

void ta_validator_prefetch(ta_validator *v, const struct ta_validation_req *reqs, size_t n_reqs,
			   int jobs)
{
	struct ahead_task *tasks = NULL;
	size_t n = 0, cap = 0;
	ta_strmap seen = {0};
	struct deferred *left = v->deferred;
	size_t n_left = v->n_deferred;

	if (jobs < 2)
		return; /* one worker is no faster than parsing when asked */
	v->deferred = NULL;
	v->n_deferred = v->cap_deferred = 0;
	/* the unpatched parses the last call found needed */
	for (size_t k = 0; k < n_left; k++)
		if (!base_known(v, left[k].pch, left[k].unit))
			add_task(&seen, &tasks, &n, &cap, left[k].pch, left[k].unit, NULL, NULL, 0);
	/* the patched parses, and the unpatched ones the scan's counts cannot stand for */
	for (size_t r = 0; r < n_reqs; r++) {
		bool pch = pch_allowed(v, reqs[r].paths, reqs[r].n);
		for (size_t u = 0; u < reqs[r].n_units; u++) {
			const char *unit = reqs[r].units[u];
			if (!scan_errors(v, pch, unit) && !base_known(v, pch, unit))
				add_task(&seen, &tasks, &n, &cap, pch, unit, NULL, NULL, 0);
			add_task(&seen, &tasks, &n, &cap, pch, unit, reqs[r].paths, reqs[r].texts,
				 reqs[r].n);
		}
	}
	run_ahead(v, tasks, n, jobs);
	for (size_t k = 0; k < n_left; k++)
		free(left[k].unit);
	free(left);
	/*
	 * The unpatched parses of the units whose patched parse has more errors
	 * than the scan's: made with the next call's parses (a pool of a few
	 * parses leaves a worker idle), by a last call without requests.
	 */
	for (size_t r = 0; r < n_reqs; r++) {
		bool pch = pch_allowed(v, reqs[r].paths, reqs[r].n);
		for (size_t u = 0; u < reqs[r].n_units; u++) {
			const char *unit = reqs[r].units[u];
			char *key = parse_key(pch, unit, NULL, NULL, 0);
			if (!ta_strmap_get(&seen, key) && !base_known(v, pch, unit) &&
			    needs_base(v, pch, unit, reqs[r].paths, reqs[r].texts, reqs[r].n)) {
				struct deferred d = {pch, xstrdup(unit)};
				ta_strmap_put(&seen, key, 0);
				TA_PUSH(v->deferred, v->n_deferred, v->cap_deferred, d);
			}
			free(key);
		}
	}
	ta_strmap_free(&seen);
	free(tasks);
}

/* An error line without its "file:line:col: " location, for matching across moved lines. */
static const char *without_location(const char *line)
{
	const char *p = strstr(line, ": error: ");

	return p ? p + 2 : line;
}

/*
 * The first error of after (lines) that the unpatched unit did not have:
 * each base error excuses one patched error with the same message.
 */
static char *first_new(const char *base, const char *after)
{
	char *b = xstrdup(base ? base : ""), *a = xstrdup(after ? after : ""), *res = NULL;
	char **bl = NULL;
	size_t nb = 0, cap = 0;
	char *save = NULL;

	for (char *l = strtok_r(b, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		TA_PUSH(bl, nb, cap, l);
	save = NULL;
	for (char *l = strtok_r(a, "\n", &save); l && !res; l = strtok_r(NULL, "\n", &save)) {
		bool seen = false;
		for (size_t k = 0; k < nb && !seen; k++)
			if (bl[k] && strcmp(without_location(bl[k]), without_location(l)) == 0) {
				bl[k] = NULL;
				seen = true;
			}
		if (!seen)
			res = xstrdup(l);
	}
	free(bl);
	free(b);
	free(a);
	return res;
}

/* The unpatched unit's parse in this mode, made once: its slot in v->base, or NULL
 * (rc_out: the parse's result). */
static size_t *base_of(ta_validator *v, bool pch, const char *unit, int *rc_out)
{
	char *bk = mode_key(pch, unit);
	size_t *slot = ta_strmap_get(&v->base, bk);
	unsigned before = 0;
	char *msgs = NULL;
	int rc;

	*rc_out = 0;
	if (slot) {
		free(bk);
		return slot;
	}
	rc = count(v, pch, unit, NULL, NULL, 0, &before, &msgs);
	if (rc != 0 || (pch && pch_trouble(rc, msgs))) {
		*rc_out = rc != 0 ? rc : 1;
		free(msgs);
		free(bk);
		return NULL;
	}
	ta_strmap_put(&v->base, bk, v->n_base);
	ta_grow((void **)&v->base_messages, &v->cap_messages, v->n_base + 1,
		sizeof(*v->base_messages));
	v->base_messages[v->n_base] = msgs;
	TA_PUSH(v->base_errors, v->n_base, v->cap_base, before);
	slot = ta_strmap_get(&v->base, bk);
	free(bk);
	return slot;
}

int ta_validator_check(ta_validator *v, const char *const *units, size_t n_units,
		       const char *const *paths, const char *const *texts, size_t n, char **reason)
{
	bool allowed = pch_allowed(v, paths, n);

	*reason = NULL;
	for (size_t i = 0; i < n_units; i++) {
		bool pch = allowed, have_after = false;
		const size_t *known = scan_errors(v, pch, units[i]);
		size_t *slot = NULL;
		unsigned before, after = 0;
		char *first = NULL;
		int rc = 0, arc;

		if (known) {
			arc = count(v, pch, units[i], paths, texts, n, &after, &first);
			have_after = !pch_trouble(arc, first);
			if (have_after && after <= *known) {
				free(first);
				continue; /* no more errors than the unpatched unit has at least */
			}
		}
		if (!pch) {
			slot = base_of(v, pch, units[i], &rc);
		} else {
			if (!known || have_after)
				slot = base_of(v, pch, units[i], &rc);
			if (slot && !have_after) {
				arc = count(v, pch, units[i], paths, texts, n, &after, &first);
				if (pch_trouble(arc, first))
					slot = NULL;
			}
			if (!slot) {
				pch = false; /* before and after alike without the PCH */
				free(first);
				first = NULL;
				slot = base_of(v, pch, units[i], &rc);
			}
		}
		if (!slot) {
			free(first);
			*reason = xasprintf("libclang cannot parse '%s'", units[i]);
			return -1;
		}
		before = v->base_errors[*slot];
		if (!pch && count(v, pch, units[i], paths, texts, n, &after, &first) != 0) {
			*reason = xasprintf("libclang cannot parse the patched '%s'", units[i]);
			return -1;
		}
		if (after > before) {
			char *fresh = first_new(v->base_messages[*slot], first);
			*reason = xasprintf(
				"the patched '%s' does not compile: %u new error%s, first: %s",
				units[i], after - before, after - before == 1 ? "" : "s",
				fresh ? fresh : "?");
			free(fresh);
			free(first);
			return -1;
		}
		free(first);
	}
	return 0;
}
