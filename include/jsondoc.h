/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jsondoc.h - the one way JSON input is read: a document parsed with cJSON
 * (C comments blanked first by the lexer where a format allows them, which
 * keeps every line and column where it was), typed access to its members,
 * and errors that name the file, the line and the column of the offending
 * value with its path in the document:
 *
 *   r.json:12:17: error: 'tasklets[4].line' is not a number
 *   rules/contexts.json:40:15: error: rule 'ctx.irq': unknown role 'hardirqs'
 *
 * A missing member is reported at the object that lacks it, an unknown
 * key at the key.  Only the first error of a document is printed: a reader
 * may go on and ask ta_jdoc_failed() at the end.  Positions and paths are
 * found when an error is reported (a walk of the text beside the tree), so
 * reading a valid document costs nothing more than cJSON's parse.
 *
 * The readers of the rules, the conversion rules, the JSON report, the
 * review file and the compilation database use it.  A ta_jdoc owns its
 * tree: the values it hands out live until ta_jdoc_free(), which clears
 * the caller's pointer; strings returned as char * are the caller's.
 */
#ifndef TA_JSONDOC_H
#define TA_JSONDOC_H

#include <stdbool.h>
#include <stddef.h>

struct cJSON; /* cJSON.h: the readers include it */

typedef struct ta_jdoc ta_jdoc;

/* ta_jdoc_parse() flags: the text may hold C comments (the rules files). */
#define TA_JDOC_COMMENTS 1u

/*
 * Parse text[0..len) (need not be NUL-terminated); name is the file name
 * errors give.  One value and nothing but white space after it; NULL after
 * "name:line:col: error: invalid JSON near '...'".
 */
ta_jdoc *ta_jdoc_parse(const char *name, const char *text, size_t len, unsigned flags);
/* The same from a file; NULL after "cannot read 'path': ..." (errno kept) or a parse error. */
ta_jdoc *ta_jdoc_read(const char *path, unsigned flags);
void ta_jdoc_free(ta_jdoc **d);

const struct cJSON *ta_jdoc_root(const ta_jdoc *d);
/* The name errors give (the file's). */
const char *ta_jdoc_name(const ta_jdoc *d);
/* Has an error been reported? */
bool ta_jdoc_failed(const ta_jdoc *d);

/*
 * Prefix the errors that follow with "subject: " (a rule's "rule 'x.y'");
 * NULL for none.  The string is copied.
 */
void ta_jdoc_subject(ta_jdoc *d, const char *subject);

/* 1-based line and column of v in the text (NULL: the document's start). */
void ta_jdoc_where(const ta_jdoc *d, const struct cJSON *v, unsigned *line, unsigned *col);
/* v's path in the document: "tasklets[4].line", "" for the root (caller frees). */
char *ta_jdoc_path(const ta_jdoc *d, const struct cJSON *v);

/* An error at v (NULL: at the start): "name:line:col: error: [subject: ]message". */
void ta_jdoc_fail(ta_jdoc *d, const struct cJSON *v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same at the key of v, a member of an object. */
void ta_jdoc_fail_key(ta_jdoc *d, const struct cJSON *v, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* "'PATH' problem" at v ("is not an object", "has an unknown value"). */
void ta_jdoc_bad(ta_jdoc *d, const struct cJSON *v, const char *problem);
/* "'PATH.key' is missing" at o. */
void ta_jdoc_missing(ta_jdoc *d, const struct cJSON *o, const char *key);

/* What a member must be.  TA_J_UINT: a non-negative integer that fits an unsigned. */
enum ta_jtype {
	TA_J_ANY,
	TA_J_STRING,
	TA_J_NUMBER,
	TA_J_UINT,
	TA_J_BOOL,
	TA_J_ARRAY,
	TA_J_OBJECT,
	TA_J_STRINGS /* an array of strings */
};
/* ta_jdoc_get() flags: absent is an error; null counts as absent (else it is a wrong type). */
#define TA_J_REQUIRED 1u
#define TA_J_NULLABLE 2u

/*
 * The member key of object o when it is of type; NULL when o is NULL or
 * not an object, when the member is absent ("'PATH' is missing" when
 * required), null and nullable, or of another type ("'PATH' is not a
 * string", "is not a number", "is not a non-negative integer", "is not
 * true or false", "is not an array", "is not an object"; an array of
 * strings names the element that is not one).
 */
const struct cJSON *ta_jdoc_get(ta_jdoc *d, const struct cJSON *o, const char *key,
				enum ta_jtype type, unsigned flags);
/* The string member (borrowed), or NULL. */
const char *ta_jdoc_str(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags);
/* A copy of the string member, or NULL. */
char *ta_jdoc_strdup(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags);
/* The number, unsigned or boolean member, or dflt. */
double ta_jdoc_num(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags, double dflt);
unsigned ta_jdoc_uint(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags,
		      unsigned dflt);
bool ta_jdoc_bool(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags, bool dflt);
/* Copies of the strings of an array member (*n of them, NULL-terminated; NULL when none). */
char **ta_jdoc_strings(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags,
		       size_t *n);
/*
 * The index in names (NULL-terminated) of the string member; dflt when it
 * is absent or not one of them ("'PATH' has an unknown value").
 */
int ta_jdoc_enum(ta_jdoc *d, const struct cJSON *o, const char *key, unsigned flags,
		 const char *const *names, int dflt);
/*
 * Is every key of object o one of keys (NULL-terminated)?  False after
 * "unknown key 'PATH'" at the first other one.
 */
bool ta_jdoc_keys(ta_jdoc *d, const struct cJSON *o, const char *const *keys);

#endif
