// SPDX-License-Identifier: GPL-2.0-only
/*
 * outfile.c - temp-file-and-rename output, so no report or patch is ever
 * left half written.
 */
#include "outfile.h"

#include "diag.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct ta_outfile {
	char *path;
	char *tmp;
	FILE *fp;
};

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

ta_outfile *ta_outfile_open(const char *path)
{
	ta_outfile *of;
	int fd;

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
	of->tmp = xasprintf("%s.tmp.XXXXXX", path);
	fd = mkstemp(of->tmp);
	if (fd >= 0)
		fchmod(fd, file_mode(path));
	if (fd < 0 || !(of->fp = fdopen(fd, "w"))) {
		ta_error("cannot create '%s': %s", path, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(of->tmp);
		}
		free(of->tmp);
		free(of->path);
		free(of);
		return NULL;
	}
	return of;
}

FILE *ta_outfile_stream(ta_outfile *of)
{
	return of->fp;
}

static void outfile_free(ta_outfile **of)
{
	free((*of)->tmp);
	free((*of)->path);
	free(*of);
	*of = NULL;
}

int ta_outfile_commit(ta_outfile **ofp)
{
	ta_outfile *of = *ofp;
	int err = 0;

	if (!of->tmp) {
		if (fflush(stdout) != 0 || ferror(stdout)) {
			ta_error("cannot write to standard output: %s", strerror(errno));
			err = -1;
		}
		outfile_free(ofp);
		return err;
	}
	if (fflush(of->fp) != 0 || ferror(of->fp) || fsync(fileno(of->fp)) != 0)
		err = errno ? errno : EIO;
	if (fclose(of->fp) != 0 && !err)
		err = errno ? errno : EIO;
	if (!err && rename(of->tmp, of->path) != 0)
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
	}
	outfile_free(ofp);
}
