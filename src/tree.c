// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - finds the root of a kernel tree above a path and reads what the
 * rest of the tool needs to know about it, and names the tree's content: its
 * git commit (read from .git without running git), else its version and a
 * hash of the files audited.
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
	bool file, standalone = false;

	if (stat(path, &st) != 0) {
		ta_error("cannot open '%s': %s", path, strerror(errno));
		return NULL;
	}
	if (!realpath(path, real)) {
		ta_error("cannot resolve '%s': %s", path, strerror(errno));
		return NULL;
	}
	file = S_ISREG(st.st_mode);
	if (!S_ISDIR(st.st_mode) && !(file && ta_str_ends(real, ".c"))) {
		ta_error("'%s' is neither a directory nor a .c file", path);
		return NULL;
	}
	if (access(real, file ? R_OK : R_OK | X_OK) != 0) {
		ta_error("cannot read '%s': %s", path, strerror(errno));
		return NULL;
	}
	dir = xstrdup(real);
	if (file) /* a .c file: its tree is found from its directory */
		*strrchr(dir, '/') = '\0';
	for (;;) {
		char *inc = ta_path_join(dir, "include/linux");
		bool kernelish = is_dir(inc);
		free(inc);
		if (kernelish && (version = read_version(dir)))
			break;
		char *slash = strrchr(dir, '/');
		if ((!slash || slash == dir) && file) {
			/* a file outside any tree: audited alone, its directory the root */
			free(dir);
			dir = xstrdup(real);
			*strrchr(dir, '/') = '\0';
			ta_warn("'%s' is not inside a Linux kernel tree: auditing the file alone, "
				"without the kernel's headers",
				path);
			standalone = true;
			break;
		}
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
	t->file = file;
	t->standalone = standalone;
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

/* The first line of dir/rel, without its newline, or NULL. */
static char *first_line(const char *dir, const char *rel)
{
	char *p = ta_path_join(dir, rel);
	char *text = ta_read_file(p, NULL);

	free(p);
	if (text)
		text[strcspn(text, "\r\n")] = '\0';
	return text;
}

/* Is s an object name: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits? */
static bool is_object_name(const char *s)
{
	size_t n = strspn(s, "0123456789abcdef");

	return !s[n] && (n == 40 || n == 64);
}

/* A relative path in a git file is relative to the directory holding it. */
static char *resolve(const char *dir, const char *path)
{
	return path[0] == '/' ? xstrdup(path) : ta_path_join(dir, path);
}

/* The object name ref points at: a loose ref, else a line of packed-refs. */
static char *read_ref(const char *common, const char *ref)
{
	char *sha = first_line(common, ref), *packed, *line, *save = NULL;

	if (sha && is_object_name(sha))
		return sha;
	free(sha);
	packed = ta_path_join(common, "packed-refs");
	sha = ta_read_file(packed, NULL);
	free(packed);
	for (line = sha ? strtok_r(sha, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *sp = strchr(line, ' ');
		if (sp && strcmp(sp + 1, ref) == 0) {
			char *out = xstrndup(line, (size_t)(sp - line));
			free(sha);
			if (is_object_name(out))
				return out;
			free(out);
			return NULL;
		}
	}
	free(sha);
	return NULL;
}

char *ta_tree_git_commit(const char *root)
{
	char *dot = ta_path_join(root, ".git"), *gitdir = NULL, *common = NULL, *head = NULL;
	char *out = NULL;
	struct stat st;

	if (lstat(dot, &st) != 0)
		goto done;
	if (S_ISDIR(st.st_mode)) {
		gitdir = xstrdup(dot);
	} else if (S_ISREG(st.st_mode)) {
		/* a worktree or a submodule: "gitdir: PATH" */
		char *line = first_line(root, ".git");
		if (line && ta_str_starts(line, "gitdir: "))
			gitdir = resolve(root, line + 8);
		free(line);
	}
	if (!gitdir)
		goto done;
	/* a worktree's refs are in the main repository's ("commondir") */
	if ((common = first_line(gitdir, "commondir"))) {
		char *c = resolve(gitdir, common);
		free(common);
		common = c;
	} else {
		common = xstrdup(gitdir);
	}
	head = first_line(gitdir, "HEAD");
	if (head && is_object_name(head))
		out = xstrdup(head); /* detached */
	else if (head && ta_str_starts(head, "ref: "))
		out = read_ref(ta_str_starts(head + 5, "refs/") ? common : gitdir, head + 5);
done:
	free(head);
	free(common);
	free(gitdir);
	free(dot);
	return out;
}

char *ta_tree_id(const ta_tree *t, char *const *paths, size_t n)
{
	char *commit = ta_tree_git_commit(t->root);
	uint64_t h = TA_FNV_INIT;

	if (commit)
		return commit;
	for (size_t i = 0; i < n; i++) {
		char *p = ta_path_join(t->root, paths[i]);
		size_t len = 0;
		char *text = ta_read_file(p, &len);
		uint64_t fh = text ? ta_hash64(text, len) : 0;
		h = ta_fnv1a(h, paths[i], strlen(paths[i]) + 1);
		h = ta_fnv1a(h, &fh, sizeof(fh));
		free(text);
		free(p);
	}
	return xasprintf("%s+%016llx", t->version ? t->version : "unknown", (unsigned long long)h);
}
