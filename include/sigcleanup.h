/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sigcleanup.h - what an interrupted run leaves behind: nothing.  main()
 * installs handlers for SIGINT, SIGTERM and SIGHUP; while a temporary file
 * is being written (an output, a cache entry, or a temporary directory of
 * patches, whose files are removed with it) its path is tracked, and so
 * is every worker process.  On a signal the handler kills the tracked
 * workers, unlinks the tracked temporaries, prints one line and exits with
 * 128 + the signal (130 for SIGINT, 143 for SIGTERM).  Paths are not
 * copied: a tracked string must live until it is untracked.  A forked child
 * calls ta_sig_child() so it never runs its parent's cleanup.
 */
#ifndef TA_SIGCLEANUP_H
#define TA_SIGCLEANUP_H

#include <sys/types.h>

void ta_sig_install(void);
void ta_sig_child(void);
void ta_sig_track_path(const char *path);
void ta_sig_untrack_path(const char *path);
void ta_sig_track_pid(pid_t pid);
void ta_sig_untrack_pid(pid_t pid);

#endif
