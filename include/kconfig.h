/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kconfig.h - a kernel .config read into memory: where it came from, the
 * value of each symbol, and its rendering as include/generated/autoconf.h.
 * A ta_kconfig owns everything in it; ta_kconfig_free() releases it.
 */
#ifndef TA_KCONFIG_H
#define TA_KCONFIG_H

#include <stdbool.h>

#include "util.h"

typedef struct ta_kconfig ta_kconfig;

/*
 * Load the configuration for a tree: `explicit_path` when given (a plain or
 * .xz file), else the tree's .config, else Debian's linux-config package for
 * the tree's major.minor version, else a small built-in x86_64 default.
 * NULL after one error line when explicit_path cannot be read.
 */
ta_kconfig *ta_kconfig_load(const char *root, const char *version, const char *explicit_path);
/* Parse .config text; `source` names it in reports. */
ta_kconfig *ta_kconfig_parse(const char *text, const char *source);
void ta_kconfig_free(ta_kconfig **kc);

/* "y", "m", a string or number as written, or NULL when not set. */
const char *ta_kconfig_get(const ta_kconfig *kc, const char *symbol);
bool ta_kconfig_enabled(const ta_kconfig *kc, const char *symbol); /* y or m */
const char *ta_kconfig_source(const ta_kconfig *kc);
/* Append the autoconf.h text to b. */
void ta_kconfig_autoconf(const ta_kconfig *kc, ta_buf *b);

#endif
