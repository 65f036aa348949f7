// SPDX-License-Identifier: GPL-2.0-only
/*
 * cache.c - the on-disk facts cache (see cache.h for the rules).
 *
 * Entry file <dir>/facts/<hash of key>:
 *   TA-CACHE 1 <checksum> <n>\n
 *   <key>\n
 *   <size> <mtime_sec> <mtime_nsec> <ino> <content hash> <path>\n   (n lines)
 *   <result text>
 * The checksum covers everything after the first line.
 */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"

#define CACHE_FORMAT 1

struct file_memo {
	bool exists, hashed, readable;
	uint64_t size, ino;
	int64_t sec, nsec;
	uint64_t hash;
};

struct ta_cache {
	char *dir;
	ta_strmap memo_index; /* path -> index in memo */
	struct file_memo *memo;
	size_t n_memo, cap_memo;
	size_t hits, misses;
};

char *ta_cache_default_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (xdg && *xdg == '/')
		return xasprintf("%s/tasklet-audit", xdg);
	if (home && *home)
		return xasprintf("%s/.cache/tasklet-audit", home);
	return NULL;
}

static int mkdir_p(const char *path)
{
	char *p = xstrdup(path);
	int rc = 0;

	for (char *s = p + 1; *s && !rc; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (!rc && mkdir(p, 0755) != 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

ta_cache *ta_cache_open(const char *dir)
{
	ta_cache *c;
	char *facts;

	if (!dir) {
		ta_warn("no cache directory (set XDG_CACHE_HOME or HOME): running without a cache");
		return NULL;
	}
	facts = xasprintf("%s/facts", dir);
	if (mkdir_p(facts) != 0 || access(facts, W_OK) != 0) {
		ta_warn("cannot use cache directory '%s': %s; running without a cache", dir,
			strerror(errno));
		free(facts);
		return NULL;
	}
	free(facts);
	c = xcalloc(1, sizeof(*c));
	c->dir = xstrdup(dir);
	return c;
}

void ta_cache_free(ta_cache **cp)
{
	ta_cache *c = *cp;

	if (!c)
		return;
	ta_strmap_free(&c->memo_index);
	free(c->memo);
	free(c->dir);
	free(c);
	*cp = NULL;
}

const char *ta_cache_dir(const ta_cache *c)
{
	return c->dir;
}

void ta_cache_stats(const ta_cache *c, size_t *hits, size_t *misses)
{
	*hits = c ? c->hits : 0;
	*misses = c ? c->misses : 0;
}

/* A file of the cache directory and when it was last used. */
struct aged {
	char *name;
	int64_t sec, nsec;
};

/* Newest first; equal times by name, so the choice does not depend on readdir(). */
static int newest_first(const void *a, const void *b)
{
	const struct aged *x = a, *y = b;

	if (x->sec != y->sec)
		return x->sec < y->sec ? 1 : -1;
	if (x->nsec != y->nsec)
		return x->nsec < y->nsec ? 1 : -1;
	return strcmp(x->name, y->name);
}

void ta_cache_keep_recent(ta_cache *c, const char *prefix, const char *used, size_t keep)
{
	struct aged *v = NULL;
	size_t n = 0, cap = 0, plen = strlen(prefix);
	struct dirent *de;
	DIR *d;

	if (used)
		utimensat(AT_FDCWD, used, NULL, AT_SYMLINK_NOFOLLOW); /* now: just used */
	if (!(d = opendir(c->dir)))
		return;
	while ((de = readdir(d))) {
		struct stat st;
		char *path;
		if (strncmp(de->d_name, prefix, plen) != 0)
			continue;
		path = ta_path_join(c->dir, de->d_name);
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
			struct aged a = {path, st.st_mtim.tv_sec, st.st_mtim.tv_nsec};
			TA_PUSH(v, n, cap, a);
		} else {
			free(path);
		}
	}
	closedir(d);
	ta_sort(v, n, sizeof(*v), newest_first);
	for (size_t i = 0; i < n; i++) {
		/* a concurrent run reading it has it open or finds none and rescans */
		if (i >= keep)
			unlink(v[i].name);
		free(v[i].name);
	}
	free(v);
}

/* Stat a path once per run. */
static struct file_memo *memo_stat(ta_cache *c, const char *path)
{
	size_t *idx = ta_strmap_get(&c->memo_index, path);
	struct file_memo m = {0};
	struct stat st;

	if (idx)
		return &c->memo[*idx];
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		m.exists = true;
		m.size = (uint64_t)st.st_size;
		m.ino = (uint64_t)st.st_ino;
		m.sec = (int64_t)st.st_mtim.tv_sec;
		m.nsec = (int64_t)st.st_mtim.tv_nsec;
	}
	TA_PUSH(c->memo, c->n_memo, c->cap_memo, m);
	ta_strmap_put(&c->memo_index, path, c->n_memo - 1);
	return &c->memo[c->n_memo - 1];
}

static bool memo_hash(ta_cache *c, const char *path, struct file_memo *m)
{
	if (!m->exists)
		return false;
	if (!m->hashed) {
		size_t len = 0;
		char *text = ta_read_file(path, &len);
		m->hashed = true;
		m->readable = text != NULL;
		if (text)
			m->hash = ta_hash64(text, len);
		free(text);
	}
	return m->readable;
}

void ta_cache_forget(ta_cache *c, const char *path)
{
	size_t *idx = c ? ta_strmap_get(&c->memo_index, path) : NULL;
	struct stat st;
	struct file_memo m = {0};

	if (!idx)
		return;
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		m.exists = true;
		m.size = (uint64_t)st.st_size;
		m.ino = (uint64_t)st.st_ino;
		m.sec = (int64_t)st.st_mtim.tv_sec;
		m.nsec = (int64_t)st.st_mtim.tv_nsec;
	}
	c->memo[*idx] = m;
}

bool ta_cache_file_hash(ta_cache *c, const char *path, uint64_t *hash)
{
	struct file_memo *m = memo_stat(c, path);

	if (!memo_hash(c, path, m))
		return false;
	*hash = m->hash;
	return true;
}

static char *entry_path(const ta_cache *c, const char *key)
{
	return xasprintf("%s/facts/%016" PRIx64, c->dir, ta_hash64(key, strlen(key)));
}

/* Does dependency line "size sec nsec ino hash path" still describe the file? */
static bool dep_current(ta_cache *c, const char *line)
{
	uint64_t size, ino, hash;
	int64_t sec, nsec;
	int used = 0;
	struct file_memo *m;
	const char *path;

	if (sscanf(line, "%" SCNu64 " %" SCNd64 " %" SCNd64 " %" SCNu64 " %" SCNx64 " %n", &size,
		   &sec, &nsec, &ino, &hash, &used) != 5 ||
	    !used)
		return false;
	path = line + used;
	m = memo_stat(c, path);
	if (!m->exists)
		return false;
	if (m->size == size && m->sec == sec && m->nsec == nsec && m->ino == ino)
		return true;
	/* touched or replaced: the content decides */
	return memo_hash(c, path, m) && m->hash == hash;
}

char *ta_cache_lookup(ta_cache *c, const char *key)
{
	char *path, *text, *p, *nl, *result = NULL;
	size_t len = 0, n = 0;
	uint64_t sum = 0;
	int version = 0, used = 0;

	if (!c)
		return NULL;
	path = entry_path(c, key);
	text = ta_read_file(path, &len);
	free(path);
	if (!text)
		goto miss;
	if (sscanf(text, "TA-CACHE %d %" SCNx64 " %zu%n", &version, &sum, &n, &used) != 3 ||
	    version != CACHE_FORMAT || text[used] != '\n')
		goto miss;
	p = text + used + 1;
	if (ta_hash64(p, len - (size_t)(p - text)) != sum)
		goto miss; /* damaged: re-computed, never trusted */
	nl = strchr(p, '\n');
	if (!nl || (size_t)(nl - p) != strlen(key) || memcmp(p, key, strlen(key)) != 0)
		goto miss;
	p = nl + 1;
	for (size_t i = 0; i < n; i++) {
		nl = strchr(p, '\n');
		if (!nl)
			goto miss;
		*nl = '\0';
		if (!dep_current(c, p))
			goto miss;
		p = nl + 1;
	}
	result = xstrdup(p);
	free(text);
	c->hits++;
	return result;
miss:
	free(text);
	c->misses++;
	return NULL;
}

void ta_cache_store(ta_cache *c, const char *key, const char *const *deps, size_t n,
		    const char *result)
{
	ta_buf body = {0};
	char *path, *head;
	size_t kept = 0;

	if (!c || strchr(key, '\n'))
		return; /* keys live on one line */
	ta_buf_printf(&body, "%s\n", key);
	for (size_t i = 0; i < n; i++) {
		struct file_memo *m = memo_stat(c, deps[i]);
		if (!memo_hash(c, deps[i], m) || strchr(deps[i], '\n'))
			return ta_buf_free(&body); /* a dependency we cannot pin: do not cache */
		ta_buf_printf(&body,
			      "%" PRIu64 " %" PRId64 " %" PRId64 " %" PRIu64 " %016" PRIx64 " %s\n",
			      m->size, m->sec, m->nsec, m->ino, m->hash, deps[i]);
		kept++;
	}
	ta_buf_puts(&body, result);
	path = entry_path(c, key);
	head = xasprintf("TA-CACHE %d %016" PRIx64 " %zu\n", CACHE_FORMAT,
			 ta_hash64(body.s, body.len), kept);
	ta_write_atomic(path, head, body.s, body.len); /* a cache: failing to store is harmless */
	free(head);
	free(path);
	ta_buf_free(&body);
}
