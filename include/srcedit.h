/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * srcedit.h - the source text the rewriters work on: one ta_src per file
 * (its bytes, content hash and line index) with a list of non-overlapping
 * byte-range edits, and a ta_srcset of the files one conversion touches.
 * The rewriters find the offsets to edit with the lexer (lex.h), which
 * this header includes: TA_NPOS is its "no offset".
 *
 * A ta_srcset owns its ta_src entries and every string in them;
 * ta_srcset_free() releases all and clears the caller's pointer.  Strings
 * returned as char * belong to the caller.
 */
#ifndef TA_SRCEDIT_H
#define TA_SRCEDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lex.h"
#include "util.h"

typedef struct ta_edit {
	size_t off, len; /* the bytes replaced */
	char *text;      /* what replaces them */
} ta_edit;

typedef struct ta_src {
	char *rel;  /* path relative to the tree root */
	char *text; /* the original bytes, NUL-terminated */
	size_t len;
	uint64_t hash; /* FNV-1a of the file's bytes on disk: read it with ta_src_hash() */
	bool hashed;   /* hash is set (computed on first use: most files are only read) */
	bool put;      /* text is not the disk's: an earlier patch of a series made it */
	size_t *lines; /* offset of each line start; lines[0] is line 1 */
	size_t n_lines;
	ta_edit *edits; /* sorted by offset, never overlapping */
	size_t n_edits, cap_edits;
	size_t *safe; /* line starts outside any token (ta_src_lex_floor()), built on first use */
	size_t n_safe;
	bool forgotten; /* only read, its text freed: ta_srcset_get() reads it again */
	/* the read cache's copy whose text, lines and safe it shares (not its own), or NULL */
	struct ta_src *origin;
} ta_src;

typedef struct ta_srcset {
	char *root;
	ta_src **files;
	size_t n_files, cap_files;
	/* what else the set's users looked at: what a memo of their result depends on */
	char **dirs; /* directories listed (ta_srcset_note_dir()) */
	size_t n_dirs, cap_dirs;
	char **absent; /* files asked for that could not be read */
	size_t n_absent, cap_absent;
} ta_srcset;

ta_srcset *ta_srcset_new(const char *root);
void ta_srcset_free(ta_srcset **set);
/* "a/b/../c" -> "a/c", "./x" -> "x" (the caller frees it). */
char *ta_path_normalize(const char *rel);
/* The file rel (normalized) of the set, loaded on first use; NULL (errno set) when unreadable. */
ta_src *ta_srcset_get(ta_srcset *set, const char *rel);

/*
 * on: from now on, every set of this process shares what it reads: a file
 * is read from the disk once, and the sets that ask for it again share its
 * text, its line starts and its lex floors (ta_src_lex_floor()), never
 * changed once read.  For a process that only reads the tree while it
 * lives (a dry-run worker, dryrun.c): a file changed on the disk after its
 * first read is not seen.  off: each set reads for itself again, and the
 * shared copies are freed (no set may hold one then).
 */
void ta_srcset_cache_reads(bool on);
/* Remember that the directory rel ("" for the root) of the tree was listed. */
void ta_srcset_note_dir(ta_srcset *set, const char *rel);
/*
 * Free the texts of the files the set only read (no edit, not put):
 * a rewriter reads many (a directory's files, when it looks for uses of a
 * name).  Each stays in the set, in its place, marked forgotten, with no
 * text or edits; ta_srcset_get() reads it from the disk again.
 */
void ta_srcset_forget_unchanged(ta_srcset *set);

/*
 * Give the set the file rel with text (copied) in place of the disk's: the
 * base the next patch of a series is written against (an earlier patch's
 * result).  disk_hash is the hash of the file on disk, which --apply checks.
 * Replaces an entry of that name; returns the new one.
 */
ta_src *ta_srcset_put(ta_srcset *set, const char *rel, const char *text, size_t len,
		      uint64_t disk_hash);

/* FNV-1a of the file's bytes on disk (of text, unless put there). */
uint64_t ta_src_hash(ta_src *src);

/* A ta_src over text (copied), for tests and for files already read. */
ta_src *ta_src_new(const char *rel, const char *text, size_t len);
void ta_src_free(ta_src **src);

/* Byte offset of the start of line (1-based); TA_NPOS when out of range. */
size_t ta_src_line(const ta_src *src, unsigned line);
/* End of that line (the offset of its '\n', or len). */
size_t ta_src_line_end(const ta_src *src, unsigned line);
/* 1-based line number of an offset. */
unsigned ta_src_line_of(const ta_src *src, size_t off);
/*
 * A start for lexing backwards from off that gives the tokens a lexer
 * started at 0 would: the start of a line at least back lines above off's
 * that lies outside any comment, string or splice (0 when there is none).
 * ta_lex_prev(text, 0, off) costs the whole file before off; with this
 * floor it costs a few lines.
 */
size_t ta_src_lex_floor(ta_src *src, size_t off, unsigned back);

/*
 * Replace [off, off + len) with text.  An edit identical to one already
 * recorded is accepted once; one overlapping another is refused: -1.
 */
int ta_src_edit(ta_src *src, size_t off, size_t len, const char *text);
/*
 * Padding from display column w to col, as a macro pads to its line
 * continuations: tabs while a tab stop is not past col, then spaces; one
 * space when w already reaches col.  Edits inside a multi-line #define
 * are padded so (their line breaks continue the macro).
 */
void ta_src_pad(ta_buf *b, unsigned w, unsigned col);
/* Copy every edit of from into to (same file); -1 on a conflict, to unchanged. */
int ta_src_merge(ta_src *to, const ta_src *from);
bool ta_src_changed(const ta_src *src);
/*
 * Rename the identifier from to to wherever the result has it: identifier
 * tokens and whole words in comments (strings are left), both in what the
 * edits write and in the original text outside them (new edits).  An
 * occurrence an edit replaces is that edit's business.  Returns how many
 * were renamed.
 */
unsigned ta_src_rename(ta_src *src, const char *from, const char *to);
/* The text with every edit applied; *len gets its length when not NULL. */
char *ta_src_result(const ta_src *src, size_t *len);
/*
 * Where the original offset off lands in the result: shifted by the edits
 * before it; an offset inside an edited range lands at that edit's start.
 */
size_t ta_src_map(const ta_src *src, size_t off);
/*
 * Move a location of the file rel (1-based line, and column when col is
 * not NULL and *col is not 0) to where the edits of set put it.
 */
void ta_srcset_move(const ta_srcset *set, const char *rel, unsigned *line, unsigned *col);

#endif
