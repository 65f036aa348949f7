// SPDX-License-Identifier: GPL-2.0-only
/*
 * outdir.c - write a directory of outputs beside its destination and
 * publish it whole (see outdir.h), so an interrupted or failed patch run
 * leaves no directory half written.
 */
#include "outdir.h"

#include "diag.h"
#include "sigcleanup.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ta_outdir {
	char *path;   /* as the user named it, for messages */
	char *target; /* the directory published: PATH, or what its symlink names */
	char *tmp;    /* the temporary directory beside target */
};

/* The destination: path itself, or the existing directory it resolves to. */
static char *destination(const char *path, bool *exists)
{
	struct stat st;

	*exists = false;
	if (stat(path, &st) != 0)
		return errno == ENOENT ? xstrdup(path) : NULL;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return NULL;
	}
	*exists = true;
	return realpath(path, NULL); /* NULL with errno set */
}

ta_outdir *ta_outdir_open(const char *path)
{
	ta_outdir *od;
	bool exists;
	char *target = destination(path, &exists);

	if (!target) {
		ta_error("%s: %s", path, errno == ENOTDIR ? "not a directory" : strerror(errno));
		return NULL;
	}
	od = xcalloc(1, sizeof(*od));
	od->path = xstrdup(path);
	od->target = target;
	/* a trailing slash would put the temporary inside: strip it */
	for (size_t n = strlen(target); n > 1 && target[n - 1] == '/'; n--)
		target[n - 1] = '\0';
	od->tmp = xasprintf("%s.tmp.XXXXXX", target);
	if (!mkdtemp(od->tmp)) {
		ta_error("%s: cannot create a directory beside it: %s", path, strerror(errno));
		free(od->tmp);
		od->tmp = NULL;
		ta_outdir_abort(&od);
		return NULL;
	}
	ta_sig_track_path(od->tmp);
	return od;
}

const char *ta_outdir_path(const ta_outdir *od)
{
	return od->tmp;
}

static void outdir_free(ta_outdir **odp)
{
	ta_outdir *od = *odp;

	if (od->tmp)
		ta_sig_untrack_path(od->tmp);
	free(od->path);
	free(od->target);
	free(od->tmp);
	free(od);
	*odp = NULL;
}

/* Remove dir and the files in it (a temporary of ours: flat). */
static void remove_flat(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (d) {
		while ((de = readdir(d)))
			if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
				unlinkat(dirfd(d), de->d_name, 0);
		closedir(d);
	}
	rmdir(dir);
}

/* Rename each file of the temporary into the existing target. */
static int move_each(ta_outdir *od)
{
	DIR *d = opendir(od->tmp);
	struct dirent *de;
	int rc = 0;

	if (!d)
		return -1;
	while (rc == 0 && (de = readdir(d))) {
		char *from, *to;

		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		from = ta_path_join(od->tmp, de->d_name);
		to = ta_path_join(od->target, de->d_name);
		rc = rename(from, to);
		free(from);
		free(to);
	}
	closedir(d);
	return rc;
}

int ta_outdir_commit(ta_outdir **odp)
{
	ta_outdir *od = *odp;
	mode_t mask = umask(0);
	int rc = 0;

	umask(mask);
	/* mkdtemp makes 0700: give it a new directory's mode */
	if (chmod(od->tmp, 0777 & ~mask) != 0 ||
	    (rename(od->tmp, od->target) != 0 &&
	     ((errno != ENOTEMPTY && errno != EEXIST) || move_each(od) != 0))) {
		ta_error("%s: cannot write the directory: %s", od->path, strerror(errno));
		rc = -1;
	}
	remove_flat(od->tmp); /* what is left of it: nothing once renamed */
	outdir_free(odp);
	return rc;
}

void ta_outdir_abort(ta_outdir **odp)
{
	if (!*odp)
		return;
	if ((*odp)->tmp)
		remove_flat((*odp)->tmp);
	outdir_free(odp);
}
