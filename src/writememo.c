// SPDX-License-Identifier: GPL-2.0-only
/*
 * writememo.c - the patch writer's dry-run answers, kept in the facts
 * cache between runs (writememo.h).  An entry is a cache entry (cache.h):
 * its key names the build, the rules, the tree, the facts, the tasklet and
 * the mechanism; its dependencies are the files the dry run read; its text
 * is the answer followed by what the cache cannot check for itself, the
 * directories listed (with a hash of their entries) and the files found
 * absent, both checked here on every lookup.
 */
#include "writememo.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache.h"
#include "util.h"

struct ta_writememo {
	ta_cache *cache;
	char *root;
	char *prefix;       /* the key up to the tasklet: build, rules, tree, facts */
	ta_strmap listed;   /* directory -> index into listings: each is read once a run */
	uint64_t *listings; /* listing_hash() of each */
	size_t n_listings, cap_listings;
};

/* The entries of dir but "." and "..", sorted (the caller frees them); false: unreadable. */
static bool sorted_names(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t cap = 0;

	*names = NULL;
	*n = 0;
	if (!d)
		return false;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			TA_PUSH(*names, *n, cap, xstrdup(de->d_name));
	closedir(d);
	ta_sort(*names, *n, sizeof(**names), ta_strptr_cmp);
	return true;
}

/* A hash of the regular files of dir and of its subdirectories (one level), by name. */
static uint64_t rules_hash(const char *dir, int depth)
{
	char **names;
	size_t n;
	uint64_t h = TA_FNV_INIT;

	sorted_names(dir, &names, &n);
	for (size_t i = 0; i < n; i++) {
		char *p = ta_path_join(dir, names[i]);
		struct stat st;
		bool known = stat(p, &st) == 0;
		h = ta_fnv1a(h, names[i], strlen(names[i]) + 1);
		if (known && S_ISDIR(st.st_mode) && depth > 0) {
			uint64_t sub = rules_hash(p, depth - 1);
			h = ta_fnv1a(h, &sub, sizeof(sub));
		} else if (known && S_ISREG(st.st_mode)) {
			size_t len = 0;
			char *text = ta_read_file(p, &len);
			h = text ? ta_fnv1a(h, text, len) : h;
			free(text);
		}
		free(p);
		free(names[i]);
	}
	free(names);
	return h;
}

/* A hash of the names in the tree's directory rel, sorted; 0 when it cannot be read. */
static uint64_t listing_hash(const char *root, const char *rel)
{
	char *path = *rel ? ta_path_join(root, rel) : xstrdup(root);
	char **names;
	size_t n;
	uint64_t h = TA_FNV_INIT;
	bool ok = sorted_names(path, &names, &n);

	free(path);
	if (!ok)
		return 0;
	for (size_t i = 0; i < n; i++) {
		h = ta_fnv1a(h, names[i], strlen(names[i]) + 1);
		free(names[i]);
	}
	free(names);
	return h ? h : 1;
}

/* listing_hash() of the tree's directory rel, read once for the run (many tasklets share one). */
static uint64_t listing_of(ta_writememo *m, const char *rel)
{
	const size_t *k = ta_strmap_get(&m->listed, rel);

	if (k)
		return m->listings[*k];
	TA_PUSH(m->listings, m->n_listings, m->cap_listings, listing_hash(m->root, rel));
	ta_strmap_put(&m->listed, rel, m->n_listings - 1);
	return m->listings[m->n_listings - 1];
}

ta_writememo *ta_writememo_open(const ta_audit *a, const char *rules_dir)
{
	ta_writememo *m;
	ta_cache *c;
	uint64_t self = ta_exe_hash();

	/* without its own executable to hash, a rebuilt tool could take old answers */
	if (!self || !a->cache_dir || !(c = ta_cache_open(a->cache_dir)))
		return NULL;
	m = xcalloc(1, sizeof(*m));
	m->cache = c;
	m->root = xstrdup(a->tree);
	m->prefix = xasprintf("tasklet-audit %s writer\t%016llx\t%016llx\t%s\t%016llx", TA_VERSION,
			      (unsigned long long)self,
			      (unsigned long long)rules_hash(rules_dir, 1), a->tree,
			      (unsigned long long)a->facts_hash);
	return m;
}

const char *ta_writememo_identity(const ta_writememo *m)
{
	return m->prefix;
}

void ta_writememo_free(ta_writememo **mp)
{
	ta_writememo *m = *mp;

	if (!m)
		return;
	ta_cache_free(&m->cache);
	ta_strmap_free(&m->listed);
	free(m->listings);
	free(m->root);
	free(m->prefix);
	free(m);
	*mp = NULL;
}

static char *key_of(const ta_writememo *m, const char *tasklet_key, const char *to)
{
	return xasprintf("%s\t%s\t%s", m->prefix, tasklet_key, to);
}

/*
 * The entry's text: "ok" or "no", then lines "L\tHASH\tDIR" (a directory
 * listed) and "A\tFILE" (a file found absent), then "W\t" and the refusal
 * to the end.  Checks the L and A lines against the tree now.
 */
static bool parse_current(ta_writememo *m, char *text, bool *ok, char **why)
{
	char *line = text, *nl;

	if (strncmp(text, "ok\n", 3) != 0 && strncmp(text, "no\n", 3) != 0)
		return false;
	*ok = text[0] == 'o';
	for (line = strchr(text, '\n') + 1; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (strncmp(line, "W\t", 2) == 0) {
			*why = *ok ? NULL : xstrdup(line + 2);
			return true;
		}
		if (!nl)
			return false;
		*nl = '\0';
		if (strncmp(line, "L\t", 2) == 0) {
			unsigned long long want = 0;
			int used = 0;
			if (sscanf(line + 2, "%llx\t%n", &want, &used) != 1 || used == 0 ||
			    listing_of(m, line + 2 + used) != want)
				return false;
		} else if (strncmp(line, "A\t", 2) == 0) {
			char *p = ta_path_join(m->root, line + 2);
			struct stat st;
			bool still = stat(p, &st) != 0 && errno == ENOENT;
			free(p);
			if (!still)
				return false;
		} else {
			return false;
		}
	}
	return false;
}

bool ta_writememo_get(ta_writememo *m, const ta_tasklet *t, const char *to, bool *ok, char **why)
{
	return ta_writememo_get_key(m, t->key, to, ok, why);
}

bool ta_writememo_get_key(ta_writememo *m, const char *tasklet_key, const char *to, bool *ok,
			  char **why)
{
	char *key, *text;
	bool found;

	*why = NULL;
	if (!m)
		return false;
	key = key_of(m, tasklet_key, to);
	text = ta_cache_lookup(m->cache, key);
	free(key);
	found = text && parse_current(m, text, ok, why);
	if (!found) {
		free(*why);
		*why = NULL;
	}
	free(text);
	return found;
}

void ta_writememo_put(ta_writememo *m, const ta_tasklet *t, const char *to, bool ok,
		      const char *why, const ta_patch_reads *reads)
{
	ta_buf text = {0};
	char **deps;
	char *key;

	if (!m || (!ok && !why))
		return;
	ta_buf_puts(&text, ok ? "ok\n" : "no\n");
	for (size_t i = 0; i < reads->n_dirs; i++) {
		uint64_t h = listing_of(m, reads->dirs[i]);
		if (!h || strchr(reads->dirs[i], '\n')) {
			ta_buf_free(&text);
			return; /* nothing to check it by next time */
		}
		ta_buf_printf(&text, "L\t%016llx\t%s\n", (unsigned long long)h, reads->dirs[i]);
	}
	for (size_t i = 0; i < reads->n_absent; i++) {
		if (strchr(reads->absent[i], '\n')) {
			ta_buf_free(&text);
			return;
		}
		ta_buf_printf(&text, "A\t%s\n", reads->absent[i]);
	}
	ta_buf_printf(&text, "W\t%s", ok ? "" : why);
	deps = xcalloc(reads->n_files + 1, sizeof(*deps));
	for (size_t i = 0; i < reads->n_files; i++)
		deps[i] = ta_path_join(m->root, reads->files[i]);
	key = key_of(m, t->key, to);
	if (!strchr(key, '\n'))
		ta_cache_store(m->cache, key, (const char *const *)deps, reads->n_files, text.s);
	free(key);
	for (size_t i = 0; i < reads->n_files; i++)
		free(deps[i]);
	free(deps);
	ta_buf_free(&text);
}
