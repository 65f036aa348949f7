// SPDX-License-Identifier: GPL-2.0-only
/*
 * jsondoc.c - JSON documents read with cJSON, and errors that say where.
 * cJSON keeps no positions, so an error walks the text beside the tree:
 * both are in document order, and cJSON accepted the text, so a small
 * skipper (white space, strings, scalars, brackets) meets every value at
 * its first byte and builds its path on the way.
 */
#include "jsondoc.h"

#include <cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lex.h"
#include "util.h"

struct ta_jdoc {
	char *name;
	char *text; /* what cJSON parsed: comments blanked, NUL-terminated */
	size_t len;
	cJSON *root;
	char *subject;
	bool failed;
};

/* 1-based line and column of byte offset off (at most the text's length). */
static void line_col(const char *text, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/* The bytes at off up to the end of its line, at most 20, for "near '...'". */
static char *near(const char *text, size_t len, size_t off)
{
	size_t n = 0;

	while (off + n < len && n < 20 && text[off + n] != '\n' && text[off + n] != '\r' &&
	       text[off + n] != '\0')
		n++;
	return xstrndup(text + off, n);
}

ta_jdoc *ta_jdoc_parse(const char *name, const char *text, size_t len, unsigned flags)
{
	ta_jdoc *d = xcalloc(1, sizeof(*d));
	const char *end = NULL;

	d->name = xstrdup(name);
	d->len = text ? len : 0;
	if (flags & TA_JDOC_COMMENTS) {
		d->text = ta_lex_blank_json_comments(text ? text : "", d->len);
	} else {
		d->text = xmalloc(d->len + 1);
		if (d->len)
			memcpy(d->text, text, d->len);
		d->text[d->len] = '\0';
	}
	/* the length counts the NUL, which ends the value when required */
	d->root = cJSON_ParseWithLengthOpts(d->text, d->len + 1, &end, true);
	if (!d->root || end != d->text + d->len) {
		size_t off = end && end >= d->text ? (size_t)(end - d->text) : 0;
		unsigned line, col;
		char *what;
		if (off > d->len)
			off = d->len;
		line_col(d->text, off, &line, &col);
		what = near(d->text, d->len, off);
		if (*what)
			ta_diag(TA_ERROR, d->name, line, col, "invalid JSON near '%s'", what);
		else
			ta_diag(TA_ERROR, d->name, line, col, "invalid JSON at the end of the %s",
				off < d->len ? "line" : "file");
		free(what);
		ta_jdoc_free(&d);
	}
	return d;
}

ta_jdoc *ta_jdoc_read(const char *path, unsigned flags)
{
	size_t len;
	char *text = ta_read_file(path, &len);
	ta_jdoc *d;

	if (!text) {
		int err = errno;
		ta_error("cannot read '%s': %s", path, strerror(err));
		errno = err;
		return NULL;
	}
	d = ta_jdoc_parse(path, text, len, flags);
	free(text);
	return d;
}

void ta_jdoc_free(ta_jdoc **dp)
{
	ta_jdoc *d = *dp;

	if (!d)
		return;
	cJSON_Delete(d->root);
	free(d->name);
	free(d->text);
	free(d->subject);
	free(d);
	*dp = NULL;
}

const cJSON *ta_jdoc_root(const ta_jdoc *d)
{
	return d->root;
}

const char *ta_jdoc_name(const ta_jdoc *d)
{
	return d->name;
}

bool ta_jdoc_failed(const ta_jdoc *d)
{
	return d->failed;
}

void ta_jdoc_subject(ta_jdoc *d, const char *subject)
{
	free(d->subject);
	d->subject = subject ? xstrdup(subject) : NULL;
}

/* ------------------------------------------------------------- positions */

/* A walk of the text beside the tree, looking for one value. */
struct walk {
	const char *s;
	size_t len, i;
	const cJSON *target;
	ta_buf path;
	size_t key_off; /* the target's key (SIZE_MAX: none), then its value */
	size_t val_off;
};

static void skip_ws(struct walk *w)
{
	/* what cJSON skips: every byte up to the space */
	while (w->i < w->len && (unsigned char)w->s[w->i] <= ' ')
		w->i++;
}

static void skip_string(struct walk *w)
{
	for (w->i++; w->i < w->len && w->s[w->i] != '"'; w->i++)
		if (w->s[w->i] == '\\')
			w->i++;
	w->i++;
}

static void skip_scalar(struct walk *w)
{
	while (w->i < w->len && (unsigned char)w->s[w->i] > ' ' && !strchr(",:]}", w->s[w->i]))
		w->i++;
}

/* Walk value v at the cursor; true when the target was met (the walk stops there). */
static bool walk(struct walk *w, const cJSON *v, size_t key_off)
{
	size_t plen = w->path.len, k = 0;
	bool obj = cJSON_IsObject(v);

	skip_ws(w);
	if (v == w->target) {
		w->key_off = key_off;
		w->val_off = w->i;
		return true;
	}
	if (!obj && !cJSON_IsArray(v)) {
		if (cJSON_IsString(v))
			skip_string(w);
		else
			skip_scalar(w);
		return false;
	}
	w->i++; /* '{' or '[' */
	for (const cJSON *c = v->child; c; c = c->next, k++) {
		size_t ko = SIZE_MAX;
		skip_ws(w);
		if (k) {
			w->i++; /* ',' */
			skip_ws(w);
		}
		if (obj) {
			ko = w->i;
			skip_string(w);
			skip_ws(w);
			w->i++; /* ':' */
			ta_buf_printf(&w->path, "%s%s", w->path.len ? "." : "",
				      c->string ? c->string : "");
		} else {
			ta_buf_printf(&w->path, "[%zu]", k);
		}
		if (walk(w, c, ko))
			return true;
		w->path.len = plen;
		w->path.s[plen] = '\0';
	}
	skip_ws(w);
	w->i++; /* '}' or ']' */
	return false;
}

/* Find v: its path, key and value offsets; false when it is not in the tree. */
static bool locate(const ta_jdoc *d, const cJSON *v, struct walk *w)
{
	memset(w, 0, sizeof(*w));
	w->s = d->text;
	w->len = d->len;
	w->target = v;
	w->key_off = SIZE_MAX;
	ta_buf_puts(&w->path, "");
	/* cJSON skips a UTF-8 byte order mark */
	if (w->len >= 3 && memcmp(w->s, "\xEF\xBB\xBF", 3) == 0)
		w->i = 3;
	if (v && d->root && walk(w, d->root, SIZE_MAX)) {
		if (w->val_off > w->len)
			w->val_off = w->len;
		if (w->key_off != SIZE_MAX && w->key_off > w->len)
			w->key_off = w->len;
		return true;
	}
	w->val_off = 0;
	w->key_off = SIZE_MAX;
	return false;
}

void ta_jdoc_where(const ta_jdoc *d, const cJSON *v, unsigned *line, unsigned *col)
{
	struct walk w;

	locate(d, v, &w);
	line_col(d->text, w.val_off, line, col);
	ta_buf_free(&w.path);
}

char *ta_jdoc_path(const ta_jdoc *d, const cJSON *v)
{
	struct walk w;

	locate(d, v, &w);
	return ta_buf_steal(&w.path);
}

/* ---------------------------------------------------------------- errors */

static void vfail(ta_jdoc *d, const cJSON *v, bool at_key, const char *fmt, va_list ap)
{
	struct walk w;
	unsigned line, col;
	ta_buf b = {0};

	if (d->failed)
		return;
	d->failed = true;
	locate(d, v, &w);
	line_col(d->text, at_key && w.key_off != SIZE_MAX ? w.key_off : w.val_off, &line, &col);
	if (d->subject)
		ta_buf_printf(&b, "%s: ", d->subject);
	ta_buf_vprintf(&b, fmt, ap);
	ta_diag(TA_ERROR, d->name, line, col, "%s", b.s);
	ta_buf_free(&b);
	ta_buf_free(&w.path);
}

void ta_jdoc_fail(ta_jdoc *d, const cJSON *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(d, v, false, fmt, ap);
	va_end(ap);
}

void ta_jdoc_fail_key(ta_jdoc *d, const cJSON *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(d, v, true, fmt, ap);
	va_end(ap);
}

void ta_jdoc_bad(ta_jdoc *d, const cJSON *v, const char *problem)
{
	char *path;

	if (d->failed)
		return;
	path = ta_jdoc_path(d, v);
	ta_jdoc_fail(d, v, "'%s' %s", path, problem);
	free(path);
}

void ta_jdoc_missing(ta_jdoc *d, const cJSON *o, const char *key)
{
	char *path;

	if (d->failed)
		return;
	path = ta_jdoc_path(d, o);
	ta_jdoc_fail(d, o, "'%s%s%s' is missing", path, *path ? "." : "", key);
	free(path);
}

/* ---------------------------------------------------------------- access */

static bool is_uint(const cJSON *v)
{
	double x = v->valuedouble;

	return x >= 0 && x <= (double)UINT_MAX && x == (double)(unsigned)x;
}

const cJSON *ta_jdoc_get(ta_jdoc *d, const cJSON *o, const char *key, enum ta_jtype type,
			 unsigned flags)
{
	const cJSON *v = cJSON_IsObject(o) ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
	const char *problem = NULL;

	if (!v || ((flags & TA_J_NULLABLE) && cJSON_IsNull(v))) {
		if (!v && cJSON_IsObject(o) && (flags & TA_J_REQUIRED))
			ta_jdoc_missing(d, o, key);
		return NULL;
	}
	switch (type) {
	case TA_J_ANY:
		break;
	case TA_J_STRING:
		problem = cJSON_IsString(v) ? NULL : "is not a string";
		break;
	case TA_J_NUMBER:
		problem = cJSON_IsNumber(v) ? NULL : "is not a number";
		break;
	case TA_J_UINT:
		problem = !cJSON_IsNumber(v) ? "is not a number"
			  : !is_uint(v)      ? "is not a non-negative integer"
					     : NULL;
		break;
	case TA_J_BOOL:
		problem = cJSON_IsBool(v) ? NULL : "is not true or false";
		break;
	case TA_J_ARRAY:
		problem = cJSON_IsArray(v) ? NULL : "is not an array";
		break;
	case TA_J_OBJECT:
		problem = cJSON_IsObject(v) ? NULL : "is not an object";
		break;
	case TA_J_STRINGS: {
		const cJSON *e;
		if (!cJSON_IsArray(v)) {
			problem = "is not an array";
			break;
		}
		cJSON_ArrayForEach(e, v) if (!cJSON_IsString(e))
		{
			ta_jdoc_bad(d, e, "is not a string");
			return NULL;
		}
		break;
	}
	}
	if (problem) {
		ta_jdoc_bad(d, v, problem);
		return NULL;
	}
	return v;
}

const char *ta_jdoc_str(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_STRING, flags);

	return v ? v->valuestring : NULL;
}

char *ta_jdoc_strdup(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags)
{
	const char *s = ta_jdoc_str(d, o, key, flags);

	return s ? xstrdup(s) : NULL;
}

double ta_jdoc_num(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags, double dflt)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_NUMBER, flags);

	return v ? v->valuedouble : dflt;
}

unsigned ta_jdoc_uint(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags, unsigned dflt)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_UINT, flags);

	return v ? (unsigned)v->valuedouble : dflt;
}

bool ta_jdoc_bool(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags, bool dflt)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_BOOL, flags);

	return v ? cJSON_IsTrue(v) : dflt;
}

char **ta_jdoc_strings(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags, size_t *n)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_STRINGS, flags), *e;
	char **out;
	size_t k = 0;

	*n = 0;
	if (!v || !cJSON_GetArraySize(v))
		return NULL;
	out = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*out));
	cJSON_ArrayForEach(e, v) out[k++] = xstrdup(e->valuestring);
	*n = k;
	return out;
}

int ta_jdoc_enum(ta_jdoc *d, const cJSON *o, const char *key, unsigned flags,
		 const char *const *names, int dflt)
{
	const cJSON *v = ta_jdoc_get(d, o, key, TA_J_STRING, flags);

	if (!v)
		return dflt;
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], v->valuestring) == 0)
			return i;
	ta_jdoc_bad(d, v, "has an unknown value");
	return dflt;
}

bool ta_jdoc_keys(ta_jdoc *d, const cJSON *o, const char *const *keys)
{
	const cJSON *v;

	if (!cJSON_IsObject(o))
		return true;
	cJSON_ArrayForEach(v, o)
	{
		size_t k = 0;
		char *path;
		while (keys[k] && strcmp(keys[k], v->string) != 0)
			k++;
		if (keys[k])
			continue;
		path = ta_jdoc_path(d, v);
		ta_jdoc_fail_key(d, v, "unknown key '%s'", path);
		free(path);
		return false;
	}
	return true;
}
