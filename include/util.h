/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * util.h - allocation wrappers, growable strings and arrays, hashing.
 *
 * The x* allocators never return NULL: on out-of-memory they print one line
 * and exit(3) (the TUI installs a hook first to restore the terminal).
 * A ta_buf owns its bytes; ta_buf_free() releases them and leaves an empty,
 * reusable buffer.  Every function returning char * hands ownership to the
 * caller, who frees it with free().
 */
#ifndef TA_UTIL_H
#define TA_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Called before exiting on out-of-memory (the TUI restores the terminal). */
void ta_set_oom_hook(void (*hook)(void));

/* Grow *array (of *cap elements of elem_size) so that index `need` fits. */
void ta_grow(void **array, size_t *cap, size_t need, size_t elem_size);
#define TA_PUSH(arr, n, cap, value)                                                                \
	do {                                                                                       \
		ta_grow((void **)&(arr), &(cap), (n) + 1, sizeof(*(arr)));                         \
		(arr)[(n)++] = (value);                                                            \
	} while (0)

/* A growable NUL-terminated byte string. */
typedef struct ta_buf {
	char *s;
	size_t len;
	size_t cap;
} ta_buf;

void ta_buf_add(ta_buf *b, const char *s, size_t n);
void ta_buf_puts(ta_buf *b, const char *s);
void ta_buf_putc(ta_buf *b, char c);
void ta_buf_printf(ta_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ta_buf_vprintf(ta_buf *b, const char *fmt, va_list ap);
/* Take ownership of the string (never NULL) and reset the buffer. */
char *ta_buf_steal(ta_buf *b);
void ta_buf_free(ta_buf *b);

/* 64-bit FNV-1a over bytes; chain calls by passing the previous hash. */
#define TA_FNV_INIT 0xcbf29ce484222325ULL
uint64_t ta_fnv1a(uint64_t h, const void *data, size_t n);

/* 64-bit hash of a buffer, 8 bytes at a time (content identity, not security). */
uint64_t ta_hash64(const void *data, size_t n);
/*
 * A hash of the running executable (read once): what a cache entry that
 * holds the tool's own answers keys on, so that a rebuilt tool answers
 * afresh.
 */
uint64_t ta_exe_hash(void);

/* Read a whole file; NULL with errno set on failure.  *len gets its size. */
char *ta_read_file(const char *path, size_t *len);
/* The directory for temporary files: $TMPDIR when set and not empty, else /tmp. */
const char *ta_tmp_dir(void);
/* Seconds on the monotonic clock (for durations only). */
double ta_monotonic(void);

/*
 * Where bundled data (the rules, the corpus) is: an installed binary (one
 * running from the install prefix's bin/) prefers the installed copy, any
 * other (the build tree's, a test's) the source tree's; each falls back to
 * the other when its own is not readable.  Returns source or installed.
 */
const char *ta_bundled_path(const char *source, const char *installed);

/*
 * Write head (a string, may be NULL) then body[0..len) to path through a
 * temporary file beside it and a rename: all or nothing, and silent (for
 * caches; reports go through outfile.h, which reports errors).  0 or -1.
 */
int ta_write_atomic(const char *path, const char *head, const char *body, size_t len);

bool ta_str_starts(const char *s, const char *prefix);
bool ta_str_ends(const char *s, const char *suffix);
/* Join a and b with one '/', unless b is absolute. */
char *ta_path_join(const char *a, const char *b);
/* Are paths a and b files of one directory ("x/a.c", "x/b.h")?  False when either is NULL. */
bool ta_path_same_dir(const char *a, const char *b);
/* strcmp for qsort over an array of char *. */
int ta_strptr_cmp(const void *a, const void *b);
/* qsort that accepts an empty (possibly NULL) array, which qsort() itself does not. */
void ta_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));

/*
 * A string-keyed hash map to size_t values (indexes into the caller's
 * arrays).  It copies its keys; ta_strmap_free() releases them.
 */
typedef struct ta_strmap {
	char **keys;
	size_t *vals;
	size_t n, cap;
} ta_strmap;

/* Return a pointer to the value slot of key, or NULL when absent. */
size_t *ta_strmap_get(const ta_strmap *m, const char *key);
/* Insert or overwrite. */
void ta_strmap_put(ta_strmap *m, const char *key, size_t val);
void ta_strmap_free(ta_strmap *m);

#endif
