/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kbuild.h - which module a kernel source file is linked into, read from
 * the tree's Makefiles the way kbuild composes objects: `obj-y`, `obj-m`
 * and `obj-$(CONFIG_FOO)` name the objects of a directory, and an object
 * foo.o with a `foo-y`, `foo-m`, `foo-objs` or `foo-$(CONFIG_BAR)` list is
 * a composite linked from those parts (which may sit in subdirectories:
 * `foo-y += sub/x.o`).  A .c file that no Makefile names as a part belongs
 * to the single-file module of its own name.
 *
 * There is no configuration here: every conditional list counts, so a
 * module is the union of what any configuration could link into it.  A
 * reference left in a variable's name stands for "", "y" or "m", so
 * `foo-$(CONFIG_BAR) += c.o` is always a part of foo, $(foo-y) reads it
 * too, and so on for obj-$(CONFIG_A)$(CONFIG_B) or objs-y$(CONFIG_C).  Both
 * branches of every ifeq/ifdef count, and every assignment adds to its
 * variable (`:=` after `+=` does not drop words).  Values expand
 * variables, $(var:a=b), $(addprefix) and $(addsuffix); other functions
 * expand to nothing.  `include` lines are not followed.
 *
 * A ta_kbuild owns everything it hands out: the modules and their strings
 * stay valid until ta_kbuild_free().  One object path is one module even
 * when two Makefiles name it (6.12's lib/math/tests/int_pow_kunit.o is in
 * lib/math/ and lib/math/tests/), so a lookup that reads the second one
 * can add objects to a module handed out before, and move its `objects`
 * array: read it through the module, not through a copy.  Makefiles are
 * read on demand, at most once per directory; the tree is never written.
 */
#ifndef TA_KBUILD_H
#define TA_KBUILD_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ta_kbuild ta_kbuild;

/* One object of a module: a tree-relative path without ".o". */
struct ta_kobject {
	const char *stem; /* "drivers/gpu/drm/i915/gt/intel_gt" */
	/*
	 * The list that names it, after "foo-" (the composite's name, or
	 * "obj-" for a single object): "y", "m", "objs", "CONFIG_FOO" for
	 * -$(CONFIG_FOO), or the rest as written for any other expression
	 * ("$(subst m,y,$(CONFIG_MMC))"); NULL when no Makefile names it.
	 */
	const char *cond;
};

/* A module: a composite object, or a single object built from one .c file. */
typedef struct ta_kmodule {
	/* The object's tree-relative path without ".o": "drivers/crypto/ccree/ccree". */
	const char *id;
	/* The object's name, as kbuild's modname (dashes kept): "ccree". */
	const char *name;
	/* The Kbuild or Makefile that names the object, NULL when none does. */
	const char *makefile;
	/* The obj- list naming it, as in ta_kobject.cond; NULL when no Makefile does. */
	const char *cond;
	bool composite;
	/* Every part in Makefile order (for a single object, the object itself). */
	const struct ta_kobject *objects;
	size_t n_objects;
} ta_kmodule;

/*
 * Open the tree at tree_root (a directory).  NULL after one error line when
 * tree_root is NULL, empty or not a directory.  Nothing is read yet.
 */
ta_kbuild *ta_kbuild_new(const char *tree_root);
/* Accepts NULL and a pointer to NULL; clears the caller's pointer. */
void ta_kbuild_free(ta_kbuild **kb);

/*
 * The module that `path`, a tree-relative .c file ("net/smc/smc_ib.c"),
 * is linked into.  The Makefile (Kbuild when present) of the file's
 * directory is read first, then those of up to TA_KBUILD_MAX_UP parent
 * directories, the nearest that names the object as a part or an obj-
 * entry winning.  A file no Makefile names gets its own single-file module
 * with makefile NULL; the file need not exist.  NULL only for a path that
 * is NULL, absolute, not ending in ".c", or has an empty, "." or ".."
 * component.  The same module (same pointer) is returned for every part.
 */
const ta_kmodule *ta_kbuild_module_of(ta_kbuild *kb, const char *path);
#define TA_KBUILD_MAX_UP 6

/*
 * Every module `path` is a part of, composites first, then in Makefile
 * order (kbuild warns "is added to multiple modules" when there are two):
 * *mods points at n >= 1 modules, valid until ta_kbuild_free().  0 (and
 * *mods NULL) for a path ta_kbuild_module_of() refuses.
 */
size_t ta_kbuild_modules_of(ta_kbuild *kb, const char *path, const ta_kmodule *const **mods);

/*
 * The module's source files: for each object stem.o whose stem.c exists in
 * the tree, "stem.c", sorted and without duplicates (parts built from .S
 * files or generated sources are left out).  Checked on the first call for
 * the module, then remembered.  *n gets the count; the array is owned by kb.
 */
const char *const *ta_kbuild_module_files(ta_kbuild *kb, const ta_kmodule *m, size_t *n);

/* Makefiles read so far, and those that exist but could not be read (each warned once). */
size_t ta_kbuild_n_makefiles(const ta_kbuild *kb);
size_t ta_kbuild_n_unreadable(const ta_kbuild *kb);

#endif
