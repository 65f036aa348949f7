// SPDX-License-Identifier: GPL-2.0-only
/*
 * outfile.c - temp-file-and-rename output, so no report or patch is ever
 * left half written.  Only a regular file (or a path that does not exist
 * yet) is replaced that way; a symlink is followed to its target, which is
 * then written the same way, and a character device, FIFO or other special
 * file is opened and written through, never replaced, also when the link
 * to it names no path (/dev/stdout -> /proc/self/fd/1 -> a pipe).
 */
#include "outfile.h"

#include "diag.h"
#include "sigcleanup.h"
#include "util.h"

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ta_outfile {
	char *path;   /* as the user named it, for messages */
	char *target; /* where the bytes land: PATH with symlinks followed */
	char *tmp;    /* the temporary beside the target, or NULL */
	FILE *fp;
	bool through; /* a special file written in place */
};

/* Longest symlink chain followed, as the kernel's MAXSYMLINKS. */
enum { OUTFILE_MAX_LINKS = 40 };

/*
 * The file a write to PATH really lands in: symlinks are followed (a
 * relative target is relative to the link's directory) until a path that
 * is not a symlink, whether or not it exists.  NULL with errno set when the
 * chain is too long or a link cannot be read.
 */
static char *resolve_target(const char *path)
{
	char *cur = xstrdup(path);

	for (int hops = 0;; hops++) {
		struct stat st;
		char buf[PATH_MAX];
		ssize_t n;
		char *next, *slash;

		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		if (hops == OUTFILE_MAX_LINKS) {
			free(cur);
			errno = ELOOP;
			return NULL;
		}
		n = readlink(cur, buf, sizeof(buf) - 1);
		if (n < 0) {
			free(cur);
			return NULL;
		}
		buf[n] = '\0';
		slash = strrchr(cur, '/');
		if (buf[0] == '/' || !slash)
			next = xstrdup(buf);
		else
			next = xasprintf("%.*s/%s", (int)(slash - cur), cur, buf);
		free(cur);
		cur = next;
	}
}

/* mkstemp makes 0600 files: use the mode of the file replaced, else 0666 less the umask. */
static mode_t file_mode(const char *path)
{
	struct stat st;
	mode_t mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return st.st_mode & 0777; /* not set-id bits onto new content */
	mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

/* Opens a special file (device, FIFO) for writing in place. */
static int open_through(ta_outfile *of, const char *target)
{
	int fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0 || !(of->fp = fdopen(fd, "w"))) {
		ta_error("cannot open '%s': %s", of->path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	of->through = true;
	return 0;
}

/* Creates the temporary beside TARGET that commit renames over it. */
static int open_replace(ta_outfile *of, const char *target)
{
	int fd;

	of->tmp = xasprintf("%s.tmp.XXXXXX", target);
	fd = mkstemp(of->tmp);
	if (fd >= 0) {
		ta_sig_track_path(of->tmp); /* an interrupt removes it */
		fchmod(fd, file_mode(target));
	}
	if (fd < 0 || !(of->fp = fdopen(fd, "w"))) {
		ta_error("cannot create '%s': %s", of->path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(of->tmp);
			ta_sig_untrack_path(of->tmp);
		}
		return -1;
	}
	return 0;
}

ta_outfile *ta_outfile_open(const char *path)
{
	ta_outfile *of;
	struct stat st;
	char *target;
	int rc;

	/* "" would put the temporary ".tmp.XXXXXX" in the working directory */
	if (!*path) {
		ta_error("cannot create '': %s", strerror(ENOENT));
		return NULL;
	}
	of = xcalloc(1, sizeof(*of));
	of->path = xstrdup(path);
	if (strcmp(path, "-") == 0) {
		of->fp = stdout;
		return of;
	}
	/*
	 * what the kernel opens for PATH, following every link (/dev/stdout's
	 * /proc/self/fd/1 names a pipe by no path): not a file to replace
	 */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		if (open_through(of, path) == 0) {
			of->target = xstrdup(path);
			return of;
		}
		free(of->path);
		free(of);
		return NULL;
	}
	target = resolve_target(path);
	if (!target) {
		ta_error("cannot create '%s': %s", path, strerror(errno));
		rc = -1;
	} else if (stat(target, &st) != 0) {
		rc = open_replace(of, target); /* a new file */
	} else if (S_ISDIR(st.st_mode)) {
		ta_error("cannot write '%s': %s", path, strerror(EISDIR));
		rc = -1;
	} else if (S_ISREG(st.st_mode)) {
		rc = open_replace(of, target);
	} else {
		rc = open_through(of, target);
	}
	if (rc == 0) {
		of->target = target;
		return of;
	}
	free(target);
	free(of->tmp);
	free(of->path);
	free(of);
	return NULL;
}

FILE *ta_outfile_stream(ta_outfile *of)
{
	return of->fp;
}

static void outfile_free(ta_outfile **of)
{
	if ((*of)->tmp)
		ta_sig_untrack_path((*of)->tmp);
	free((*of)->tmp);
	free((*of)->target);
	free((*of)->path);
	free(*of);
	*of = NULL;
}

int ta_outfile_commit(ta_outfile **ofp)
{
	ta_outfile *of = *ofp;
	int err = 0;

	if (of->fp == stdout) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			ta_error("cannot write to standard output: %s", strerror(errno));
			err = -1;
		}
		outfile_free(ofp);
		return err;
	}
	errno = 0;
	if (of->through) {
		/* a device or FIFO: no fsync (EINVAL there), nothing to rename */
		if (fflush(of->fp) != 0 || ferror(of->fp))
			err = errno ? errno : EIO;
		if (fclose(of->fp) != 0 && !err)
			err = errno ? errno : EIO;
		if (err)
			ta_error("cannot write '%s': %s", of->path, strerror(err));
		outfile_free(ofp);
		return err ? -1 : 0;
	}
	if (fflush(of->fp) != 0 || ferror(of->fp) || fsync(fileno(of->fp)) != 0)
		err = errno ? errno : EIO;
	if (fclose(of->fp) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err && rename(of->tmp, of->target) != 0)
		err = errno;
	if (err) {
		ta_error("cannot write '%s': %s", of->path, strerror(err));
		unlink(of->tmp);
	}
	outfile_free(ofp);
	return err ? -1 : 0;
}

void ta_outfile_abort(ta_outfile **ofp)
{
	if (!*ofp)
		return;
	if ((*ofp)->tmp) {
		fclose((*ofp)->fp);
		unlink((*ofp)->tmp);
	} else if ((*ofp)->through) {
		fclose((*ofp)->fp); /* what went through cannot be taken back */
	}
	outfile_free(ofp);
}
