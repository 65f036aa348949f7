/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * facts.h - the raw facts one translation unit yields, before aggregation.
 *
 * The indexer (index_clang.c) produces a ta_facts list per source file; the
 * worker pool ships it between processes (and the cache stores it) in the
 * line-based text form written by ta_facts_serialize().  A ta_facts owns
 * every string of its facts; ta_facts_free() releases them all.
 *
 * The registries below are the single list of the tasklet API the indexer
 * recognizes; every other module names APIs through them.
 */
#ifndef TA_FACTS_H
#define TA_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

/* Version of the facts a worker produces; bump it when their meaning
 * changes, so cached results of older versions are not used. */
#define TA_FACTS_FORMAT 6

/* X(enum suffix, name as written in source and reports, role) */
#define TA_API_LIST(X)                                                                             \
	X(TASKLET_INIT, "tasklet_init", INIT)                                                      \
	X(TASKLET_SETUP, "tasklet_setup", INIT)                                                    \
	X(DECLARE_TASKLET, "DECLARE_TASKLET", INIT)                                                \
	X(DECLARE_TASKLET_OLD, "DECLARE_TASKLET_OLD", INIT)                                        \
	X(DECLARE_TASKLET_DISABLED, "DECLARE_TASKLET_DISABLED", INIT)                              \
	X(DECLARE_TASKLET_DISABLED_OLD, "DECLARE_TASKLET_DISABLED_OLD", INIT)                      \
	X(STATIC_INIT, "static_initializer", INIT)                                                 \
	X(ASSIGN_FUNC, ".func", INIT)                                                              \
	X(ASSIGN_CALLBACK, ".callback", INIT)                                                      \
	X(ASSIGN_DATA, ".data", INIT)                                                              \
	X(SCHEDULE, "tasklet_schedule", USE)                                                       \
	X(HI_SCHEDULE, "tasklet_hi_schedule", USE)                                                 \
	X(HI_SCHEDULE_FIRST, "tasklet_hi_schedule_first", USE)                                     \
	X(DISABLE, "tasklet_disable", USE)                                                         \
	X(DISABLE_NOSYNC, "tasklet_disable_nosync", USE)                                           \
	X(DISABLE_IN_ATOMIC, "tasklet_disable_in_atomic", USE)                                     \
	X(ENABLE, "tasklet_enable", USE)                                                           \
	X(KILL, "tasklet_kill", USE)                                                               \
	X(KILL_IMMEDIATE, "tasklet_kill_immediate", USE)                                           \
	X(TRYLOCK, "tasklet_trylock", USE)                                                         \
	X(UNLOCK, "tasklet_unlock", USE)                                                           \
	X(UNLOCK_WAIT, "tasklet_unlock_wait", USE)                                                 \
	X(UNLOCK_SPIN_WAIT, "tasklet_unlock_spin_wait", USE)                                       \
	X(DIRECT_CALL, "direct_call", USE)                                                         \
	X(INTERNALS, "internals", USE)

enum ta_api {
#define X(e, name, role) TA_API_##e,
	TA_API_LIST(X)
#undef X
		TA_API_COUNT,
	TA_API_NONE = TA_API_COUNT
};

enum ta_api_role { TA_ROLE_INIT, TA_ROLE_USE };

const char *ta_api_name(enum ta_api api);
enum ta_api_role ta_api_role(enum ta_api api);
/* An init of the API before 2020, whose callback takes the data: tasklet_init(), *_OLD. */
bool ta_api_old_init(enum ta_api api);
/* TA_API_NONE when the name is not a recognized API function or macro. */
enum ta_api ta_api_from_name(const char *name);

/* The callback's signature form. */
#define TA_SIG_LIST(X) X(UNKNOWN, "unknown") X(OLD, "old") X(NEW, "new")
enum ta_sig {
#define X(e, name) TA_SIG_##e,
	TA_SIG_LIST(X)
#undef X
};
const char *ta_sig_name(enum ta_sig sig);

/* What the data argument of tasklet_init (or .data =) is. */
#define TA_DATA_LIST(X)                                                                            \
	X(NONE, "none")                                                                            \
	X(CONTAINER, "container")                                                                  \
	X(OTHER_POINTER, "other_pointer")                                                          \
	X(GLOBAL, "global")                                                                        \
	X(CONSTANT, "constant")                                                                    \
	X(OTHER, "other")
enum ta_data_kind {
#define X(e, name) TA_DATA_##e,
	TA_DATA_LIST(X)
#undef X
};
const char *ta_data_kind_name(enum ta_data_kind kind);

/* Where a tasklet object lives. */
#define TA_SCOPE_LIST(X)                                                                           \
	X(FIELD, "field")                                                                          \
	X(GLOBAL, "global")                                                                        \
	X(STATIC, "static")                                                                        \
	X(LOCAL, "local")                                                                          \
	X(UNRESOLVED, "unresolved")
enum ta_scope {
#define X(e, name) TA_SCOPE_##e,
	TA_SCOPE_LIST(X)
#undef X
};
const char *ta_scope_name(enum ta_scope scope);

enum ta_fact_kind {
	TA_FACT_OBJECT,   /* a tasklet-typed field or variable declaration */
	TA_FACT_SITE,     /* an init or use site */
	TA_FACT_CALLBACK, /* the definition of a function used as a callback */
	TA_FACT_INCLUDE,  /* the main file #includes another .c file (file = that file) */
	/* the function-level facts the classifier reasons over (see below) */
	TA_FACT_FUNC,      /* a function definition: function, file, line; flags TA_FF_STATIC */
	TA_FACT_CALL,      /* function calls callback (a callee, or a macro with TA_FF_MACRO) */
	TA_FACT_REF,       /* callback (a function) is registered: data = "call:NAME:ARG" or
			      "field:STRUCT.FIELD"; function = where it happens */
	TA_FACT_LOCK,      /* function calls callback (a lock API) on lock key; text = as written */
	TA_FACT_CONTAINER, /* function expands callback (from_tasklet or container_of) on
			      text (the pointer) naming member field */
	TA_FACT_PASS,      /* function hands a tasklet (key, text as written; data "pN" when
			      it is the function's own parameter N) as argument argpos - 1 to
			      callback, a driver function that is not the tasklet API */
	TA_FACT_POINTS_TO, /* a struct tasklet_struct * field (data: its key) is assigned the
			      address of tasklet key (text as written) in function */
};
#define TA_FACT_LAST TA_FACT_POINTS_TO

/* How a file's parse went. */
#define TA_STATUS_LIST(X) X(PARSED, "parsed") X(DEGRADED, "degraded") X(FAILED, "failed")
enum ta_status {
#define X(e, name) TA_STATUS_##e,
	TA_STATUS_LIST(X)
#undef X
};
const char *ta_status_name(enum ta_status status);

/* Flags on a fact. */
#define TA_FF_INACTIVE 0x1u   /* found lexically in a preprocessor-skipped region */
#define TA_FF_ARRAY 0x2u      /* the object is an array of tasklets */
#define TA_FF_CB_EXPR 0x4u    /* the callback is an expression, not a function name */
#define TA_FF_SELF 0x8u       /* the site's target is the callback's own argument */
#define TA_FF_IN_HEADER 0x10u /* the fact's file is not the translation unit's main file */
#define TA_FF_LEXICAL 0x20u   /* found lexically in a file whose parse had errors */
#define TA_FF_STATIC 0x40u    /* a FUNC fact: the function has internal linkage */
#define TA_FF_MACRO 0x80u     /* a CALL fact: the callee is a macro expanded in the function */
/* a SITE fact: the target is a struct tasklet_struct * field (key: the field), not an object */
#define TA_FF_PTR_FIELD 0x100u

/*
 * One fact.  Strings are NULL when not applicable.
 *   key:       the object identity ("struct foo.rx_tasklet", "drivers/x.c:name",
 *              "name" for a global, "drivers/x.c:fn:name" for a local);
 *              for a site whose target could not be resolved, NULL.
 *   text:      the object (or target) as written, e.g. "priv->rx_tasklet".
 *   function:  the enclosing function of a site; a callback's own name.
 *   callback:  the callback of an init site (a name, or an expression).
 *   data:      the data expression of tasklet_init / .data =.
 *   ctype, field: for a field object, its struct type and field name.
 *   via_macro: the driver macro whose expansion holds the site.
 *   root_type, member_path: for a target reached through members, the type
 *              of the outermost object and the member path to the tasklet
 *              ("struct foo" and "rx.tasklet" for &foo->rx.tasklet), the
 *              arguments from_tasklet() needs.
 *   argpos:    1 + an argument or parameter index, 0 for none.  A site whose
 *              target is a struct tasklet_struct * parameter of its function
 *              (TA_FF_SELF): that parameter; a PASS fact: the argument.
 */
typedef struct ta_fact {
	enum ta_fact_kind kind;
	enum ta_api api;
	enum ta_scope scope;
	enum ta_sig sig;
	enum ta_data_kind data_kind;
	unsigned flags;
	unsigned line, col;
	unsigned argpos;
	char *file;
	char *key;
	char *text;
	char *function;
	char *callback;
	char *data;
	char *ctype;
	char *field;
	char *via_macro;
	char *root_type;
	char *member_path;
} ta_fact;

typedef struct ta_facts {
	ta_fact *v;
	size_t n, cap;
} ta_facts;

/* Append a copy of *f (its strings are duplicated). */
void ta_facts_add(ta_facts *fs, const ta_fact *f);
void ta_facts_free(ta_facts *fs);

/* Append the text form, one line per fact, to b. */
void ta_facts_serialize(const ta_facts *fs, ta_buf *b);
/* Parse one serialized line (without its newline) and append it; -1 if malformed. */
int ta_facts_parse_line(ta_facts *fs, const char *line);

#endif
