/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * patch_validate.h - re-parses patched files before a patch is written:
 * each affected translation unit is parsed with the scan's flags twice,
 * from the disk and with the patched texts as libclang unsaved files, and
 * the patch is refused when the second parse has more errors (the first
 * is skipped when the scan's count shows it cannot have fewer:
 * ta_validator_know_errors()).  A few
 * warnings that a conversion typically gets wrong (incompatible pointer
 * types, int conversions, implicit declarations) are made errors for both
 * parses.  With bh_decls, a small header declaring the BH-workqueue API is
 * forced into both parses (for trees that lack it, under --force-api).
 *
 * The parses can be made ahead, in parallel (ta_validator_prefetch()).
 * The ta_validator owns its tree, flags and reparser; ta_validator_free()
 * releases them and clears the caller's pointer.
 */
#ifndef TA_PATCH_VALIDATE_H
#define TA_PATCH_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ta_validator ta_validator;

/*
 * NULL after one error line when the tree cannot be set up.  With
 * cache_dir (the facts cache the scan used), the generated-header overlay
 * and the PCH of the common headers are the scan's, found there (the PCH
 * built there when missing); without, temporary ones are made for this
 * validator and removed with it.  config: the .config the scan was given
 * (--config), NULL for the one ta_kconfig_load() picks.
 */
ta_validator *ta_validator_new(const char *root, bool bh_decls, const char *cache_dir,
			       const char *config);
void ta_validator_free(ta_validator **v);

/*
 * What the scan found: unit had errors errors when parsed with the same
 * flags and the same precompiled header.  The unpatched parse here has at
 * least as many (it only adds errors: warnings made errors, and with
 * bh_decls declarations of names a tree without the API does not use), so
 * a patched parse with no more errors than that passes without parsing the
 * unpatched unit at all; only one with more needs it.
 */
void ta_validator_know_errors(ta_validator *v, const char *unit, unsigned errors);

/*
 * Parse each of units[0..n_units) (.c files relative to the root) with the
 * files paths[i] replaced by texts[i].  0 when no unit has more errors
 * than before; -1 with *reason (the caller frees it) otherwise.
 */
int ta_validator_check(ta_validator *v, const char *const *units, size_t n_units,
		       const char *const *paths, const char *const *texts, size_t n, char **reason);

/*
 * The checks ta_validator_check() is about to be asked for, parsed ahead
 * in jobs worker processes (pool.h); their results are kept and a later
 * ta_validator_check() with the same unit and texts uses them instead of
 * parsing.  A parse that fails in a worker is simply redone when asked.
 * The unpatched parses a call finds needed (where a patched parse has more
 * errors than the scan found) are made with the next call's; a call with
 * no requests (reqs NULL, n_reqs 0) makes what the last one left.
 */
struct ta_validation_req {
	const char *const *units;
	size_t n_units;
	const char *const *paths;
	const char *const *texts;
	size_t n;
};
void ta_validator_prefetch(ta_validator *v, const struct ta_validation_req *reqs, size_t n_reqs,
			   int jobs);

/* The test-only BH-workqueue declarations injected with bh_decls. */
extern const char ta_bh_api_decls[];

#endif
