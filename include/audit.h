/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * audit.h - the audit model: every tasklet object of a tree with its init
 * and use sites, and every file with its parse status.  Built from the raw
 * facts of all translation units (ta_audit_add_file), then settled
 * (ta_audit_finish): objects are merged across files, parameters and
 * direct calls attributed, ids computed, everything sorted.
 *
 * The structs are plain and, once settled, read-only: the later stages
 * do not write into the facts.  Each keeps its results in a struct of its
 * own, declared in its header, which it hangs on the tasklet it is about
 * (ta_tasklet.classification, .behavior, .patch; NULL until the stage
 * ran).  The ta_audit owns every string and array in it, the stages'
 * results included; ta_audit_free() releases all (by the field tables,
 * fields.h, so the model needs none of the later stages) and clears the
 * caller's pointer.
 */
#ifndef TA_AUDIT_H
#define TA_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "facts.h"

typedef struct ta_site {
	enum ta_api api;
	char *file;
	unsigned line, col;
	char *function;  /* enclosing function (NULL at file scope) */
	char *text;      /* the tasklet as written at the site */
	char *callback;  /* init sites: the callback; direct calls: the callee */
	enum ta_sig sig; /* init sites */
	char *data;      /* tasklet_init / .data: the expression; internals: what */
	enum ta_data_kind data_kind;
	char *via_macro; /* the driver macro the site is written in */
	bool active;     /* false: in a preprocessor branch this configuration skips */
	bool self;       /* the target is the callback's own tasklet argument */
	unsigned param;  /* self: 1 + which parameter of function the target is; 0: unknown */
	/*
	 * A site the tasklet gets through a schedule (kill, disable, ...)
	 * wrapper, a driver function taking a struct tasklet_struct *: the
	 * site is the call handing the tasklet to the wrapper, in its caller,
	 * and via the path from there to the API call, "foo_schedule() ->
	 * tasklet_schedule at x.c:290".  NULL for a site calling the API itself.
	 */
	char *via;
	/*
	 * A use through a struct tasklet_struct * field that every assignment
	 * gives this tasklet's address: "struct pa_port.kick (set at
	 * x.c:36)".  NULL otherwise.
	 */
	char *through;
} ta_site;

typedef struct ta_tasklet {
	char *id;   /* stable: a hash of key */
	char *key;  /* identity: "struct foo.field", "path:var", "var", "path:fn:var" */
	char *name; /* as written at the first init site, e.g. "priv->rx_tasklet" */
	char *file; /* first init site (the declaration for DECLARE_TASKLET*) */
	unsigned line;
	char *subsystem;
	char *maintainers_entry; /* MAINTAINERS title for file (NULL: none read) */
	enum ta_scope scope;
	char *ctype, *field;           /* container of a field object */
	char *root_type, *member_path; /* what from_tasklet() needs */
	char *decl_file;               /* where the object is declared */
	unsigned decl_line;
	bool array;
	bool active;            /* some init site is compiled in this configuration */
	bool never_initialized; /* declared, no init site anywhere */
	enum ta_api init_api;
	char *callback;
	bool callback_is_expr;
	enum ta_sig sig;
	char *callback_file;
	unsigned callback_line;
	char *data;
	enum ta_data_kind data_kind;
	ta_site *init_sites;
	size_t n_init, cap_init;
	ta_site *sites;
	size_t n_sites, cap_sites;
	/* the later stages' results, each made by its stage (NULL before it ran) */
	struct ta_classification *classification; /* classify.h: class, recommendation */
	struct ta_behavior *behavior;             /* behavior.h: the checker's verdict */
	struct ta_patch_outcome *patch;           /* patch.h: written, refused, not_needed */
} ta_tasklet;

/* Function-level program facts the classifier reasons over (per file). */
typedef struct ta_func {
	char *file, *name;
	char *ret; /* the return type as written ("irqreturn_t") */
	unsigned line;
	bool is_static;
} ta_func;

typedef struct ta_edge {
	char *file, *caller, *callee; /* callee: a function, or a macro when macro */
	unsigned line;
	bool macro;
} ta_edge;

/* A tasklet handed to a driver's function: a call of a schedule wrapper, maybe. */
typedef struct ta_pass {
	char *file, *function; /* the caller */
	char *callee;
	unsigned line, col;
	unsigned arg;   /* which argument of callee, from 1 */
	char *key;      /* the tasklet; NULL when it is the caller's own parameter param */
	unsigned param; /* 1 + that parameter; 0 when key is set */
	char *text;     /* the argument as written */
} ta_pass;

typedef struct ta_ref {
	char *file;
	char *fn;      /* the function registered, or "$var:NAME" for a variable holding it */
	char *context; /* "call:request_irq:1", "field:struct hrtimer.function", "var:NAME" */
	char *where;   /* the function doing it (NULL at file scope) */
	unsigned line;
} ta_ref;

typedef struct ta_lock {
	char *file, *function;
	char *api;  /* spin_lock_bh, mutex_lock, ... */
	char *key;  /* "struct foo.lock" (NULL when unresolved) */
	char *text; /* the lock as written */
	unsigned line;
} ta_lock;

/* from_tasklet(var, ptr, member) / container_of(ptr, type, member) in a function. */
typedef struct ta_container {
	char *file, *function;
	char *macro, *ptr, *member;
	unsigned line;
} ta_container;

typedef struct ta_file_entry {
	char *path;
	enum ta_status status;
	char *reason;      /* when not parsed */
	char *included_by; /* a .c file that is #included by this translation unit */
	unsigned n_errors;
	double seconds;
	bool with_pch; /* the scan parsed it with the precompiled header (pch.c) */
} ta_file_entry;

typedef struct ta_audit {
	char *tree;         /* the root */
	char *subtree;      /* what was audited, relative to the root */
	char *tree_id;      /* the git commit, else "VERSION+HASH" of the files (ta_tree_id()) */
	char *generated_at; /* when the audit ran: ISO 8601 UTC, "2026-12-06T11:15:00Z" */
	char *kernel_version;
	char *libclang_version;
	char *config_source;
	char *flags_source;
	ta_file_entry *files;
	size_t n_files, cap_files;
	ta_tasklet *tasklets;
	size_t n_tasklets, cap_tasklets;
	ta_site *unresolved; /* sites whose tasklet could not be named */
	size_t n_unresolved, cap_unresolved;
	ta_func *funcs;
	size_t n_funcs, cap_funcs;
	ta_edge *edges;
	size_t n_edges, cap_edges;
	ta_ref *refs;
	size_t n_refs, cap_refs;
	ta_lock *locks;
	size_t n_locks, cap_locks;
	ta_container *containers;
	size_t n_containers, cap_containers;
	ta_pass *passes;
	size_t n_passes, cap_passes;
	size_t c_files_scanned; /* .c files the pre-filter read */
	double prefilter_seconds, parse_seconds, total_seconds;
	double cache_seconds; /* flags + cache lookups */
	double pch_seconds;   /* building or checking the precompiled header: what the pre-filter
			       * running meanwhile did not hide */
	size_t cache_hits, cache_misses;
	double behavior_seconds; /* ta_behavior_check_all() */
	/* the classifier's questions to the patch writer: dry runs made, answers remembered */
	double writer_seconds;
	size_t writer_dry_runs, writer_memo_hits;
	int jobs;
	bool classified; /* the classifier ran (every tasklet has its classification) */
	bool reused;     /* read back from the report memo of an unchanged tree (reportmemo.h) */
	char *rules_dir; /* the rules it ran with */
	/*
	 * The facts cache the scan used (NULL: --no-cache), and a hash of every
	 * file's facts as the scan took them: what the later stages' memos
	 * (writememo.h) key on.
	 */
	char *cache_dir;
	uint64_t facts_hash;
	/* private to audit.c */
	void *priv;
} ta_audit;

ta_audit *ta_audit_new(void);
void ta_audit_free(ta_audit **a);

/* Record one file's outcome and take in its facts (copied). */
void ta_audit_add_file(ta_audit *a, const char *path, enum ta_status status, const char *reason,
		       unsigned n_errors, double seconds, const ta_facts *facts);
/* Merge, attribute, sort and number.  Call once, after the last file. */
void ta_audit_finish(ta_audit *a);

/* Counts for summaries. */
size_t ta_tasklet_count_sites(const ta_tasklet *t, enum ta_api api);
size_t ta_audit_count_status(const ta_audit *a, enum ta_status status);
/* The entry of file path (tree-relative), or NULL. */
const ta_file_entry *ta_audit_file(const ta_audit *a, const char *path);
/*
 * The one definition of function name the function facts know for code in
 * file: a static one in file, else the only one with external linkage;
 * NULL when none or several.
 */
const ta_func *ta_audit_definition(const ta_audit *a, const char *name, const char *file);

#endif
