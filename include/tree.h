/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tree.h - a kernel source tree as the user names it: the tree root (found
 * by walking up from the given path), the audited subtree (a directory, or
 * one .c file), the kernel version from the top Makefile, and whether
 * kbuild has configured it.
 * A ta_tree owns its strings; ta_tree_free() releases them.
 */
#ifndef TA_TREE_H
#define TA_TREE_H

#include <stdbool.h>
#include <stddef.h>

typedef struct ta_tree {
	char *root;      /* absolute, canonical path of the tree root */
	char *subtree;   /* audited path relative to root ("" for the whole tree) */
	char *version;   /* "6.1.192" from VERSION/PATCHLEVEL/SUBLEVEL/EXTRAVERSION;
			    NULL when standalone */
	bool file;       /* subtree is one .c file */
	bool standalone; /* a .c file outside any kernel tree: root is its directory */
	bool configured; /* include/generated/autoconf.h exists */
	bool has_compdb; /* compile_commands.json at the root */
} ta_tree;

/*
 * Open the tree containing path, a directory or a .c file.  NULL after
 * printing one error line naming the path when it does not exist, is
 * unreadable, is neither a directory nor a .c file, or is a directory not
 * inside a Linux kernel tree.  A .c file outside any tree is opened
 * standalone, after a warning.
 */
ta_tree *ta_tree_open(const char *path);
void ta_tree_free(ta_tree **tree);

/*
 * The commit checked out at root when root is a git repository (a .git
 * directory, or a .git file naming one: a worktree), read from HEAD, the
 * loose refs and packed-refs without running git; NULL otherwise or when
 * it cannot be read.  Uncommitted changes are not seen.  Caller frees.
 */
char *ta_tree_git_commit(const char *root);
/*
 * What the report calls the tree's "tree_id": the git commit, else
 * "VERSION+HASH": the kernel version and 16 hex digits hashing the n
 * tree-relative paths (sorted, as the pre-filter gives them) with the
 * content of each.  Caller frees.
 */
char *ta_tree_id(const ta_tree *t, char *const *paths, size_t n);

/* The subsystem of a tree-relative path: "drivers/dma", "sound/pci", "net/ipv4", "kernel". */
char *ta_subsystem(const char *relpath);

#endif
