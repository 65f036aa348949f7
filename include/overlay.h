/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * overlay.h - the generated headers an unconfigured kernel tree lacks
 * (include/generated/..., arch/x86/include/generated/{asm,uapi/asm}/...),
 * written into a private directory outside the tree so libclang can parse
 * it.  Nothing is ever written inside the tree.
 *
 * ta_overlay_new() creates the directory: a temporary one, or with a
 * cache_dir a content-addressed one shared across runs (overlay-<hash>,
 * created atomically, kept); ta_overlay_free() removes a temporary one and
 * clears the caller's pointer.
 */
#ifndef TA_OVERLAY_H
#define TA_OVERLAY_H

#include "kconfig.h"
#include "tree.h"

typedef struct ta_overlay ta_overlay;

/* NULL after one error line when the directory cannot be created. */
ta_overlay *ta_overlay_new(const ta_tree *tree, const ta_kconfig *kc, const char *cache_dir);
const char *ta_overlay_dir(const ta_overlay *ov);
/* How many files it wrote. */
unsigned ta_overlay_count(const ta_overlay *ov);
void ta_overlay_free(ta_overlay **ov);

#endif
