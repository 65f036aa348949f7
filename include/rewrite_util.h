/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rewrite_util.h - what the rewriters share: the outcome of converting one
 * tasklet (ta_rw), finding a call written at a model site, the tasklet's
 * declaration and a function's definition, rewriting a call's arguments,
 * checking the data of tasklet_init(), tab indentation and kernel-doc
 * tags.  The callback converter is rewrite_callback.h.
 *
 * Every edit goes into the ta_srcset; nothing is written.  A ta_rw owns
 * its reason, notes and cb_proto; ta_rw_clear() releases them.  The
 * srcset and the audit it points to belong to the caller.
 */
#ifndef TA_REWRITE_UTIL_H
#define TA_REWRITE_UTIL_H

#include "audit.h"
#include "patch_rules.h"
#include "srcedit.h"

/* How a rewriter ended for one tasklet. */
enum ta_rw_status { TA_RW_DONE, TA_RW_NOT_NEEDED, TA_RW_REFUSED };

typedef struct ta_rw {
	ta_srcset *set;
	const ta_audit *audit;
	const ta_tasklet *t;
	const ta_patch_rules *rules;        /* the conversion rules (NULL in some tests) */
	const struct ta_rules *check_rules; /* for the behaviour check's relevance (NULL: none) */
	char *reason;                       /* refused or not needed: why */
	char **notes; /* semantic changes, one sentence each, for the changelog */
	size_t n_notes, cap_notes;
	char *cb_proto;  /* after ta_rw_callback() (rewrite_callback.h): the new prototype */
	char *work_name; /* the work item's name, when a work conversion chose it */
	/*
	 * The edits (on the files as on disk) of the preparation the files of
	 * set start from, or NULL: t's locations are already moved there,
	 * the audit's other facts are not (ta_rw_line()).
	 */
	const ta_srcset *base;
} ta_rw;

void ta_rw_clear(ta_rw *rw);
/* Where line of file (an audit fact's, not rw->t's) is in the files rw->set starts from. */
unsigned ta_rw_line(const ta_rw *rw, const char *file, unsigned line);
/* Record the reason (first one wins) and return TA_RW_REFUSED. */
int ta_rw_refuse(ta_rw *rw, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * Refuse a tasklet whose every init site is compiled out in the audited
 * configuration, naming the first: the parser saw none of the code a
 * rewrite would change; or whose type the parse of its init file lost
 * (the struct holding it is compiled out: the file is degraded), naming
 * the file's first error.  TA_RW_DONE otherwise.
 */
int ta_rw_refuse_compiled_out(ta_rw *rw);
/*
 * Refuse a site that reaches the tasklet through a struct tasklet_struct *
 * field (s->through): the field's type and every use of it change with the
 * conversion.
 */
int ta_rw_refuse_through(ta_rw *rw, const ta_site *s);
/* Add a changelog note once. */
void ta_rw_note(ta_rw *rw, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * The call of `name` written on line (col: its column when known, else 0):
 * *name_off is where the name starts, *open its '('.  -1 when absent.
 */
int ta_rw_find_call(const ta_src *src, unsigned line, unsigned col, const char *name,
		    size_t *name_off, size_t *open);

/* Find the definition of fn lexically in file or the .c files beside it; 0 when found. */
/* Append the files of file's directory named *suffix (paths relative to the root) to *files. */
void ta_rw_dir_files(ta_rw *rw, const char *file, const char *suffix, char ***files, size_t *n,
		     size_t *cap);
int ta_rw_find_definition(ta_rw *rw, const char *fn, const char *file, char **def_file,
			  unsigned *def_line);

/* Another tasklet using the callback cb, or NULL. */
const ta_tasklet *ta_rw_shared_callback(const ta_rw *rw, const char *cb);

/*
 * Replace `call(a0, a1[, a2])` at [name_off, close] by `name(a0', a1)`
 * keeping the layout; a `(void *)` cast before the callback a1 goes (the
 * callback is converted to the type name() wants).
 */
int ta_rw_call2(ta_rw *rw, ta_src *src, size_t name_off, size_t open, const char *name,
		const char *arg0);

/*
 * A tasklet_init() site whose data is classified as the container: check it
 * is the tasklet's own container as written ("priv" for "priv->t").
 */
int ta_rw_check_data(ta_rw *rw, const ta_site *s);

/*
 * The declaration `struct tasklet_struct NAME;` of rw->t, NAME being name:
 * *src its file, *at the offset of "tasklet_struct", *semi its ';'.  At
 * the model's declaration line, or anywhere in the init file for a static
 * variable.  A header outside the driver's directory is refused (other
 * drivers share it).
 */
int ta_rw_find_decl(ta_rw *rw, const char *name, ta_src **src, size_t *at, size_t *semi);
/* The same for an array, `struct tasklet_struct NAME[N];` (*semi its ';'). */
int ta_rw_find_array_decl(ta_rw *rw, const char *name, ta_src **src, size_t *at, size_t *semi);

/*
 * The line holding off is being edited: indent it with tabs as kernel style
 * wants when the driver indented it with spaces (same display column).
 */
int ta_rw_tab_indent(ta_rw *rw, ta_src *src, size_t off);

/*
 * The '@' of the "@name:" tag in the kernel-doc comment of the struct whose
 * member is declared at off, or TA_NPOS; *comment_end gets the comment's
 * closing "*" offset.
 */
size_t ta_rw_member_doc_tag(const ta_src *src, size_t off, const char *name, size_t *comment_end);

/* The base expression of a field tasklet as written ("priv" of "priv->rx_tasklet"), or NULL. */
/* A function-like macro's definition: the directive [at, end), its name at name. */
struct ta_define {
	size_t at, end, name, name_len;
};
/*
 * The next `#define NAME(...)` of src after lx (a lexer over src made with
 * TA_LEX_DIRECTIVES) into *d; false at the end.
 */
bool ta_rw_next_define(const ta_src *src, ta_lexer *lx, struct ta_define *d);
/* The definition `#define name(...)` in src: the directive's [*at, *end).  -1: none. */
int ta_rw_find_macro(const ta_src *src, const char *name, size_t *at, size_t *end);

/*
 * A callback written by a driver macro (talitos' DEF_TALITOS1_DONE(ch0,
 * mask) writing `static void talitos1_done_##name(unsigned long data)`):
 * line is the expansion's, which is where the indexer places cb.
 */
struct ta_macro_cb {
	char *macro;           /* "DEF_TALITOS1_DONE" */
	char *prefix;          /* "talitos1_done_", pasted to a parameter */
	int param;             /* which parameter: 0 for `name` */
	size_t def, def_end;   /* the #define directive in src */
	size_t name_off, open; /* the prefix and the parameter list's '(' in it */
	char **written;        /* the function every expansion in src writes */
	size_t n_written;
};

/* Is cb written by the macro expanded on line of src?  0 with *out filled. */
int ta_rw_find_macro_callback(const ta_src *src, unsigned line, const char *cb,
			      struct ta_macro_cb *out);
void ta_macro_cb_clear(struct ta_macro_cb *m);
/*
 * The same, checked: TA_RW_DONE with *name_off and *open in the macro's
 * definition when every expansion writes a callback of rw->t (the edits
 * there change them all); TA_RW_REFUSED naming the one that does not;
 * TA_RW_NOT_NEEDED when no macro writes cb on cb_line.
 */
int ta_rw_macro_callback(ta_rw *rw, const ta_src *src, unsigned cb_line, const char *cb,
			 size_t *name_off, size_t *open);

/* The constant element a site's text names: "1" for "p->t[1]" (caller frees); NULL: none. */
char *ta_rw_element_index(const char *text);
/* An array whose every init site names a constant element (`&p->t[1]`)? */
bool ta_rw_constant_elements(const ta_tasklet *t);
/* The callbacks t's init sites install, each once, t->callback first (*out: free it only). */
size_t ta_rw_callbacks(const ta_tasklet *t, const char ***out);
char *ta_rw_base(const char *text, const char *member_path);

#endif
