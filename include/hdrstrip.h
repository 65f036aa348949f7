/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hdrstrip.h - the headers a parse reads, without their function bodies.
 *
 * The indexer walks the main file and the headers that mention tasklets;
 * the function bodies of every other header are never looked at, yet
 * libclang parses and checks each of them in every translation unit (a
 * third of a parse).  A ta_hdrstrip finds the headers a file may include
 * (its #include lines followed through the -I and -isystem directories of
 * its arguments, every branch of every conditional: a superset) and gives,
 * for each that names no tasklet anywhere, a copy in which the body of
 * every inline function at file scope is a bare ';' (newlines kept: every
 * line keeps its number).  Only inline bodies go: an inline function
 * declared and never defined draws no diagnostic; a header that defines a
 * static function that is not inline is kept whole (only the inline
 * bodies may use it, and unused it would draw "unused function", which
 * the patch validation counts as an error).  Declarations, types and the
 * macros outside bodies are untouched, so what the walk reports is the
 * same; a directive inside a removed body goes with it (a body with a
 * conditional directive inside is kept whole), and errors inside those
 * bodies (code for another architecture or configuration) are no longer
 * counted.
 *
 * Headers given to ta_hdrstrip_keep() are never replaced: those of the
 * precompiled header, whose inputs libclang checks when it loads it.
 * Texts are read once per ta_hdrstrip (a parse worker keeps one), and the
 * #include lines of each resolved once per list of directories.
 */
#ifndef TA_HDRSTRIP_H
#define TA_HDRSTRIP_H

#include <stddef.h>

typedef struct ta_hdrstrip ta_hdrstrip;

struct ta_stripped {
	const char *path; /* absolute, as the #include resolves it */
	const char *text; /* without function bodies */
	size_t len;
};

ta_hdrstrip *ta_hdrstrip_new(void);
void ta_hdrstrip_free(ta_hdrstrip **h);

/* Never replace path (absolute). */
void ta_hdrstrip_keep(ta_hdrstrip *h, const char *path);

/*
 * The stripped headers for parsing the file path (absolute) with args: in
 * *out, valid until the next call or the free; returns their number.
 */
size_t ta_hdrstrip_for(ta_hdrstrip *h, const char *path, const char *const *args, int nargs,
		       const struct ta_stripped **out);

/* text without its file-scope function bodies (malloc'd, NUL-terminated; *out_len its length). */
char *ta_strip_bodies(const char *text, size_t len, size_t *out_len);

#endif
