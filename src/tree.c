// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - finds the root of a kernel tree above a path and reads what the
 * rest of the tool needs to know about it.
 */
#include "tree.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/* A kernel tree root has a Makefile starting its variables with VERSION = N. */
static char *read_version(const char *dir)
{
	char *mk = ta_path_join(dir, "Makefile");
	char *text = ta_read_file(mk, NULL);
	char *vals[4] = {NULL, NULL, NULL, NULL};
	static const char *const keys[4] = {"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION"};
	char *line, *save = NULL, *v = NULL;
	int lines = 0;

	free(mk);
	if (!text)
		return NULL;
	for (line = strtok_r(text, "\n", &save); line && lines < 40;
	     line = strtok_r(NULL, "\n", &save), lines++) {
		for (int i = 0; i < 4; i++) {
			size_t kl = strlen(keys[i]);
			char *p = line;
			if (strncmp(p, keys[i], kl) != 0)
				continue;
			p += kl;
			while (*p == ' ' || *p == '\t')
				p++;
			if (*p != '=')
				continue;
			p++;
			while (*p == ' ' || *p == '\t')
				p++;
			if (!vals[i])
				vals[i] = xstrdup(p);
		}
	}
	if (vals[0] && vals[1] && *vals[0] && strspn(vals[0], "0123456789") == strlen(vals[0]))
		v = xasprintf("%s.%s%s%s%s", vals[0], vals[1], vals[2] && *vals[2] ? "." : "",
			      vals[2] ? vals[2] : "", vals[3] ? vals[3] : "");
	for (int i = 0; i < 4; i++)
		free(vals[i]);
	free(text);
	return v;
}

static bool is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool exists(const char *dir, const char *rel)
{
	char *p = ta_path_join(dir, rel);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

ta_tree *ta_tree_open(const char *path)
{
	char real[PATH_MAX];
	char *dir, *version = NULL;
	ta_tree *t;
	struct stat st;

	if (stat(path, &st) != 0) {
		ta_error("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (!realpath(path, real)) {
		ta_error("cannot resolve '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (!S_ISDIR(st.st_mode)) {
		ta_error("'%s' is not a directory", path);
		return NULL;
	}
	if (access(real, R_OK | X_OK) != 0) {
		ta_error("cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	dir = xstrdup(real);
	for (;;) {
		char *inc = ta_path_join(dir, "include/linux");
		bool kernelish = is_dir(inc);
		free(inc);
		if (kernelish && (version = read_version(dir)))
			break;
		char *slash = strrchr(dir, '/');
		if (!slash || slash == dir) {
			free(dir);
			ta_error("'%s' is not inside a Linux kernel tree (no Makefile with "
				 "VERSION and include/linux/ above it)",
				 path);
			return NULL;
		}
		*slash = '\0';
	}
	t = xcalloc(1, sizeof(*t));
	t->root = dir;
	t->version = version;
	t->subtree = xstrdup(strlen(real) > strlen(dir) ? real + strlen(dir) + 1 : "");
	t->configured = exists(dir, "include/generated/autoconf.h");
	t->has_compdb = exists(dir, "compile_commands.json");
	return t;
}

void ta_tree_free(ta_tree **tree)
{
	if (!*tree)
		return;
	free((*tree)->root);
	free((*tree)->subtree);
	free((*tree)->version);
	free(*tree);
	*tree = NULL;
}

char *ta_subsystem(const char *relpath)
{
	const char *slash = strchr(relpath, '/');
	const char *second;

	if (!slash)
		return xstrdup(".");
	/* drivers/, sound/, net/, fs/ ... are split one level further */
	second = strchr(slash + 1, '/');
	if (second && (ta_str_starts(relpath, "drivers/") || ta_str_starts(relpath, "sound/") ||
		       ta_str_starts(relpath, "net/") || ta_str_starts(relpath, "arch/") ||
		       ta_str_starts(relpath, "fs/") || ta_str_starts(relpath, "crypto/")))
		return xstrndup(relpath, (size_t)(second - relpath));
	return xstrndup(relpath, (size_t)(slash - relpath));
}
