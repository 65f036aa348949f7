/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lexsites.h - tasklet sites read from the source text where there is no
 * AST to read them from: the regions the preprocessor skipped (sites
 * inactive in this configuration) and, in a file whose parse has errors,
 * the sites the broken AST lost.  It works on text alone through the lexer
 * (lex.h); the indexer hands it the regions and a way to name the function
 * enclosing an offset.
 *
 * The caller owns everything a struct ta_lexsites points to; the sites
 * found are added to its ta_facts, which owns them from then on.
 */
#ifndef TA_LEXSITES_H
#define TA_LEXSITES_H

#include <stdbool.h>
#include <stddef.h>

#include "facts.h"

struct ta_lexsites {
	ta_facts *facts;  /* sites go here; the AST's sites already in it are consulted */
	const char *file; /* the main file's path as the facts name it */
	/* The function enclosing offset off of the main file, or NULL; the caller frees it. */
	char *(*function_at)(void *data, unsigned off);
	void *data;
};

/*
 * Scan text[a, b) of the main file (text holds all of it) for tasklet API
 * calls and DECLARE_TASKLET* uses, skipping comments, strings and
 * preprocessor lines (a macro body is attributed where it expands).  Each
 * site gets flags: TA_FF_INACTIVE for a skipped region; TA_FF_LEXICAL for
 * the recovery of a file with errors, which also reads open-coded
 * "x->tasklet.func = fn;" assignments and leaves out what the AST already
 * recorded (completing a record the AST could not resolve with the text).
 */
void ta_lexsites_scan(const struct ta_lexsites *ls, const char *text, unsigned a, unsigned b,
		      unsigned flags);

/*
 * Might a region the preprocessor skips in text[0, len) hold a site?  False
 * when no conditional block (#if, #ifdef or #ifndef to its #endif) holds
 * "tasklet_" or "DECLARE_TASKLET": ta_lexsites_scan() then finds nothing
 * in any region skipped, whatever the configuration, and the indexer need
 * not ask libclang for them.  True when the text is too odd to tell (an
 * unterminated comment or literal, a directive name hidden behind a
 * comment or a line splice).
 */
bool ta_lexsites_may_be_inactive(const char *text, size_t len);

#endif
