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
 * The same goes for the inline functions a #define defines (a tracepoint
 * header's TRACE_EVENT()s are a hundred such functions each): their
 * bodies become ';' with a line splice per line, so the macro and the
 * numbering go on; a #define that also defines a static function that is
 * not inline keeps its bodies.  Where such a macro is expanded the
 * functions are declared and never defined: expanded in a file the
 * indexer walks, the walk would miss their bodies, so it notices an inline
 * function left without a definition there and parses the file again with
 * TA_HDRSTRIP_KEEP_MACROS (every #define as it is).
 *
 * Headers given to ta_hdrstrip_keep() are never replaced: those of the
 * precompiled header, whose inputs libclang checks when it loads it.
 * Texts are read once per ta_hdrstrip (a parse worker keeps one), and the
 * #include lines of each resolved once per list of directories.
 */
#ifndef TA_HDRSTRIP_H
#define TA_HDRSTRIP_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ta_hdrstrip ta_hdrstrip;

struct ta_stripped {
	const char *path; /* absolute, as the #include resolves it */
	const char *text; /* without function bodies */
	size_t len;
	bool macros; /* some of its macros lost the bodies of the inline functions they define */
};

/* Flags of ta_hdrstrip_for(). */
enum {
	/* leave every #define whole (only the file-scope bodies go) */
	TA_HDRSTRIP_KEEP_MACROS = 1u << 0,
	/* take the wide PCH if the closure allows it (ta_hdrstrip_watch()) */
	TA_HDRSTRIP_WIDE = 1u << 1,
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
		       unsigned flags, const struct ta_stripped **out);

/*
 * A wide precompiled header (pch.h): names[0, n) are the macros that the
 * files only it holds, only[0, n_only), define, owners[i] the one that
 * defines names[i].  Call it before the first ta_hdrstrip_for().  With
 * TA_HDRSTRIP_WIDE, ta_hdrstrip_for() then gives a closure the wide PCH
 * unless one of its files (the main file included, the kept headers not)
 * names, outside comments and literals, a watched name whose owner the
 * closure does not reach: for such a file, pre-including the owner may
 * change what a name means.  ta_hdrstrip_took_wide() says whether the
 * last closure took it; the files of only[] are then left out of its
 * stripped headers (they are read from the PCH).
 */
void ta_hdrstrip_watch(ta_hdrstrip *h, const char *const *names, const char *const *owners,
		       size_t n, const char *const *only, size_t n_only);
bool ta_hdrstrip_took_wide(const ta_hdrstrip *h);

/* Flags of ta_strip_bodies(). */
enum {
	/* also the bodies of the inline functions a #define defines */
	TA_STRIP_MACROS = 1u << 0,
};

/*
 * text without its file-scope inline function bodies (malloc'd,
 * NUL-terminated; *out_len its length); *macros (unless NULL): whether a
 * macro lost a body (TA_STRIP_MACROS).
 */
char *ta_strip_bodies(const char *text, size_t len, unsigned flags, size_t *out_len, bool *macros);

#endif
