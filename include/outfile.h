/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * outfile.h - all-or-nothing output files.  For a regular file or a path
 * that does not exist yet, ta_outfile_open() writes to a temporary file
 * beside the destination; ta_outfile_commit() flushes, syncs, checks for
 * write errors (a full disk is an error) and renames it into place, and
 * ta_outfile_abort() removes the temporary.  A symlink is followed and its
 * target written that way.  A character device, FIFO or other special file
 * is written through in place, never replaced; a directory is an error.  The
 * path "-" means stdout, which is flushed and checked instead.  Both commit
 * and abort free the handle and clear the caller's pointer.
 */
#ifndef TA_OUTFILE_H
#define TA_OUTFILE_H

#include <stdio.h>

typedef struct ta_outfile ta_outfile;

/* NULL on failure, after printing one error line naming the path. */
ta_outfile *ta_outfile_open(const char *path);
FILE *ta_outfile_stream(ta_outfile *of);
/* 0 on success; -1 after printing one error line naming the path. */
int ta_outfile_commit(ta_outfile **of);
void ta_outfile_abort(ta_outfile **of);

#endif
