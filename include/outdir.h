/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * outdir.h - all-or-nothing output directories (patch -o DIR, the review's
 * export).  ta_outdir_open() makes a temporary directory beside DIR (beside
 * the directory a symlink names); the caller writes its files into
 * ta_outdir_path().  ta_outdir_commit() publishes them: a DIR that does not
 * exist, or is empty, is replaced by the temporary in one rename; into a DIR
 * that holds files already each new file is renamed (a file of the same name
 * is replaced, as git format-patch -o does).  ta_outdir_abort() removes the
 * temporary and what it holds; so does an interrupting signal (sigcleanup.h).
 * Both free the handle and clear the caller's pointer.
 */
#ifndef TA_OUTDIR_H
#define TA_OUTDIR_H

typedef struct ta_outdir ta_outdir;

/* NULL after one error line naming path (not a directory, cannot create). */
ta_outdir *ta_outdir_open(const char *path);
const char *ta_outdir_path(const ta_outdir *od);
/* 0 on success; -1 after one error line naming the path. */
int ta_outdir_commit(ta_outdir **od);
void ta_outdir_abort(ta_outdir **od);

#endif
