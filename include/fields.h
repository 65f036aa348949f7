/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fields.h - the field tables: for every struct the JSON report holds
 * (the model's ta_site, ta_tasklet, ta_file_entry; the classifier's
 * ta_classification and what it holds; the behaviour check's ta_behavior;
 * the patch writer's ta_patch_outcome), one table that says, member by
 * member in the report's key order, its JSON name, its type, where it is
 * and when it is written.  Three walkers use them: the JSON writer
 * (report_json.c), the JSON reader (report_read.c) and ta_fields_free()
 * here, so a field is added in one place: a member in its struct and a
 * row in its table (src/fields.c).
 *
 * The rules of a row:
 *  - json is the key; a row without one is not in the report, only freed
 *    (the behaviour's operations, the audit's program facts).
 *  - when: TA_FW_ALWAYS writes the member always, a NULL string or
 *    object as null; TA_FW_SET only when it is set (a string or object
 *    not NULL, a bool true, a number not 0).
 *  - cond: the row is written only when cond(record) holds; with
 *    TA_FD_NULL_UNLESS it is written as null otherwise.  The reader takes
 *    whatever the document holds: a condition only shapes the writing.
 *  - TA_FD_REQUIRED: the reader reports a missing key; dflt is an enum's
 *    or a bool's value when the key is absent.
 *
 * Tables and rows are static and read-only; nothing here owns memory
 * but what ta_fields_free() releases.  No cJSON here: the walkers that
 * need it are the report's.
 */
#ifndef TA_FIELDS_H
#define TA_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

enum ta_ftype {
	TA_F_STR,    /* char *, owned */
	TA_F_NAME,   /* const char * pointing to one of names (static, never freed) */
	TA_F_ENUM,   /* an enum, written as names(value) */
	TA_F_BITS,   /* unsigned: a set of bits, written as the names of the bits set */
	TA_F_UINT,   /* unsigned */
	TA_F_SIZE,   /* size_t */
	TA_F_DOUBLE, /* double (TA_FD_ROUND2: written to two decimals) */
	TA_F_BOOL,   /* bool */
	TA_F_STRS,   /* char ** with its count (size_t) at n_off: an array of strings */
	TA_F_ARRAY,  /* an array of sub structs with its count at n_off */
	TA_F_OBJECT, /* a pointer to a sub struct (owned): an object, or NULL */
	TA_F_EMBED,  /* a sub struct inside this one (at off): an object */
	TA_F_GROUP,  /* members of this same struct (sub's rows), written as one object */
	TA_F_FLAT,   /* a pointer to a sub struct (owned) whose rows go into this object;
			read when the object has the key json (its first row's) */
	TA_F_MERGE,  /* an array parallel to the array json of this object: element i's
			rows go into that array's element i */
	TA_F_DERIVED /* computed by the writer from the record (report_json.c), not read */
};

enum ta_fwhen { TA_FW_ALWAYS, TA_FW_SET };

#define TA_FD_REQUIRED 1u    /* reading: an error when the key is absent */
#define TA_FD_NULL_UNLESS 2u /* cond false: null, not absent */
#define TA_FD_ROUND2 4u      /* a double written rounded to two decimals */
#define TA_FD_NONNULL 8u     /* a string read as "" when absent */

struct ta_ftab;

struct ta_fdesc {
	const char *json;
	enum ta_ftype type;
	size_t off;                    /* the member */
	size_t n_off, cap_off;         /* STRS, ARRAY, MERGE: count (and capacity, 0: none) */
	const struct ta_ftab *sub;     /* ARRAY, OBJECT, EMBED, GROUP, FLAT, MERGE */
	const char *(*names)(int i);   /* ENUM, NAME, BITS: the name of value i, NULL past
					  the last */
	enum ta_fwhen when;            /* default TA_FW_ALWAYS */
	bool (*cond)(const void *rec); /* written only when it holds (NULL: always) */
	int dflt;                      /* ENUM, BOOL: the value of an absent key */
	unsigned flags;                /* TA_FD_* */
};

struct ta_ftab {
	const char *name; /* the struct it describes */
	size_t size;      /* of one record (arrays, allocation) */
	const struct ta_fdesc *v;
	size_t n;
};

/* The model (audit.h). */
extern const struct ta_ftab ta_init_site_fields; /* ta_site, init sites */
extern const struct ta_ftab ta_use_site_fields;  /* ta_site, use and unresolved sites */
extern const struct ta_ftab ta_tasklet_fields;   /* ta_tasklet, with its stages' results */
extern const struct ta_ftab ta_file_entry_fields;
extern const struct ta_ftab ta_func_fields, ta_edge_fields, ta_ref_fields, ta_lock_fields,
	ta_container_fields, ta_pass_fields; /* not in the report: freed only */
/* The classifier's (classify.h). */
extern const struct ta_ftab ta_classification_fields;
extern const struct ta_ftab ta_site_context_fields, ta_reason_fields, ta_finding_fields,
	ta_recommendation_fields;
/* The behaviour check's (behavior.h). */
extern const struct ta_ftab ta_behavior_fields, ta_behavior_diff_fields, ta_behavior_op_fields;
/* The patch writer's (patch.h). */
extern const struct ta_ftab ta_patch_outcome_fields;

/*
 * Release what the members of rec own (its strings, arrays and sub
 * structs, by t's rows), and clear them; rec itself is the caller's.
 * NULL rec: nothing.
 */
void ta_fields_free(const struct ta_ftab *t, void *rec);
/* The same for an array of n records, then the array. */
void ta_fields_free_array(const struct ta_ftab *t, void *v, size_t n);

/* The member of rec a row is about. */
static inline void *ta_field_at(const void *rec, const struct ta_fdesc *f)
{
	return (char *)rec + f->off;
}

#endif
