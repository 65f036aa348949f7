// SPDX-License-Identifier: GPL-2.0-only
/*
 * util.c - the allocation wrappers, growable buffers and small string and
 * file helpers every other module uses.
 */
#include "util.h"

#include "sigcleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static void (*oom_hook)(void);

void ta_set_oom_hook(void (*hook)(void))
{
	oom_hook = hook;
}

static void out_of_memory(size_t size)
{
	if (oom_hook)
		oom_hook();
	fprintf(stderr, "tasklet-audit: out of memory (%zu bytes)\n", size);
	exit(3);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		out_of_memory(n * size);
	return p;
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		out_of_memory(size);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	ta_buf b = {0};
	va_list ap;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return ta_buf_steal(&b);
}

void ta_grow(void **array, size_t *cap, size_t need, size_t elem_size)
{
	size_t ncap;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap * 2 : 8;
	while (ncap < need)
		ncap *= 2;
	*array = xrealloc(*array, ncap * elem_size);
	*cap = ncap;
}

static void buf_reserve(ta_buf *b, size_t extra)
{
	ta_grow((void **)&b->s, &b->cap, b->len + extra + 1, 1);
}

void ta_buf_add(ta_buf *b, const char *s, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void ta_buf_puts(ta_buf *b, const char *s)
{
	ta_buf_add(b, s, strlen(s));
}

void ta_buf_putc(ta_buf *b, char c)
{
	ta_buf_add(b, &c, 1);
}

void ta_buf_vprintf(ta_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	buf_reserve(b, (size_t)n);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void ta_buf_printf(ta_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ta_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

char *ta_buf_steal(ta_buf *b)
{
	char *s = b->s ? b->s : xstrdup("");

	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void ta_buf_free(ta_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

uint64_t ta_fnv1a(uint64_t h, const void *data, size_t n)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static inline uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

uint64_t ta_exe_hash(void)
{
	static uint64_t h;
	static bool done;

	if (!done) {
		size_t len = 0;
		char *exe = ta_read_file("/proc/self/exe", &len);
		h = exe ? ta_hash64(exe, len) : 0;
		free(exe);
		done = true;
	}
	return h;
}

uint64_t ta_hash64(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ (n * 0xff51afd7ed558ccdULL);
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, p + i, 8);
		h = rotl(h ^ (w * 0x87c37b91114253d5ULL), 31) * 0x4cf5ad432745937fULL;
	}
	for (; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 29;
	return h;
}

const char *ta_tmp_dir(void)
{
	const char *tmp = getenv("TMPDIR");

	return tmp && *tmp ? tmp : "/tmp";
}

double ta_monotonic(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Is the running program the installed one (in TA_BIN_DIR)?  Asked once. */
static bool running_installed(void)
{
	static int installed = -1;

	if (installed < 0) {
		char *exe = realpath("/proc/self/exe", NULL);
		char *bin = realpath(TA_BIN_DIR, NULL);
		char *slash = exe ? strrchr(exe, '/') : NULL;
		if (slash)
			*slash = '\0';
		installed = exe && bin && strcmp(exe, bin) == 0;
		free(exe);
		free(bin);
	}
	return installed;
}

const char *ta_bundled_path(const char *source, const char *installed)
{
	const char *first = running_installed() ? installed : source;
	const char *other = first == source ? installed : source;

	if (access(first, R_OK) != 0 && access(other, R_OK) == 0)
		return other;
	return first;
}

int ta_write_atomic(const char *path, const char *head, const char *body, size_t len)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(tmp), rc = -1;
	FILE *fp;

	if (fd >= 0)
		ta_sig_track_path(tmp); /* an interrupt removes it */
	fp = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (fp) {
		bool ok = (!head || fputs(head, fp) >= 0) && fwrite(body, 1, len, fp) == len;
		if (fclose(fp) == 0 && ok && rename(tmp, path) == 0)
			rc = 0;
	} else if (fd >= 0) {
		close(fd);
	}
	if (rc != 0 && fd >= 0)
		unlink(tmp);
	if (fd >= 0)
		ta_sig_untrack_path(tmp);
	free(tmp);
	return rc;
}

char *ta_read_file(const char *path, size_t *len)
{
	struct stat st;
	char *data;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		int e = S_ISDIR(st.st_mode) ? EISDIR : errno;
		close(fd);
		errno = e ? e : EINVAL;
		return NULL;
	}
	data = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, data + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;
			free(data);
			close(fd);
			errno = e;
			return NULL;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	data[got] = '\0';
	if (len)
		*len = got;
	return data;
}

bool ta_str_starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

bool ta_str_ends(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

char *ta_path_join(const char *a, const char *b)
{
	size_t la = strlen(a);

	if (b[0] == '/' || la == 0)
		return xstrdup(b);
	while (la > 1 && a[la - 1] == '/')
		la--;
	if (a[la - 1] == '/') /* a is the root directory */
		return xasprintf("/%s", b);
	return xasprintf("%.*s/%s", (int)la, a, b);
}

bool ta_path_same_dir(const char *a, const char *b)
{
	const char *sa, *sb;

	if (!a || !b)
		return false;
	sa = strrchr(a, '/');
	sb = strrchr(b, '/');
	if (!sa || !sb)
		return !sa && !sb;
	return sa - a == sb - b && strncmp(a, b, (size_t)(sa - a)) == 0;
}

int ta_strptr_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void ta_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	if (n > 1)
		qsort(base, n, size, cmp);
}

static size_t strmap_slot(char *const *keys, size_t cap, const char *key)
{
	size_t h = (size_t)ta_fnv1a(TA_FNV_INIT, key, strlen(key)) & (cap - 1);

	while (keys[h] && strcmp(keys[h], key) != 0)
		h = (h + 1) & (cap - 1);
	return h;
}

size_t *ta_strmap_get(const ta_strmap *m, const char *key)
{
	size_t h;

	if (!m->cap)
		return NULL;
	h = strmap_slot(m->keys, m->cap, key);
	return m->keys[h] ? &m->vals[h] : NULL;
}

void ta_strmap_put(ta_strmap *m, const char *key, size_t val)
{
	size_t h;

	if ((m->n + 1) * 2 > m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 64;
		char **nk = xcalloc(ncap, sizeof(char *));
		size_t *nv = xcalloc(ncap, sizeof(size_t));
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->keys[i])
				continue;
			h = strmap_slot(nk, ncap, m->keys[i]);
			nk[h] = m->keys[i];
			nv[h] = m->vals[i];
		}
		free(m->keys);
		free(m->vals);
		m->keys = nk;
		m->vals = nv;
		m->cap = ncap;
	}
	h = strmap_slot(m->keys, m->cap, key);
	if (!m->keys[h]) {
		m->keys[h] = xstrdup(key);
		m->n++;
	}
	m->vals[h] = val;
}

void ta_strmap_free(ta_strmap *m)
{
	for (size_t i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}
