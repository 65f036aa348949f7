// SPDX-License-Identifier: GPL-2.0-only
/*
 * sigcleanup.c - kill the workers and remove the temporaries of an
 * interrupted run (see sigcleanup.h).  The tables are fixed arrays changed
 * with the handled signals blocked, so the handler never sees half an update
 * and calls only async-signal-safe functions.
 */
#include "sigcleanup.h"

#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { MAX_PATHS = 64, MAX_PIDS = 256 };

static const char *paths[MAX_PATHS];
static pid_t pids[MAX_PIDS];
static volatile sig_atomic_t installed;
static const int handled[] = {SIGINT, SIGTERM, SIGHUP};

static void block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < sizeof(handled) / sizeof(*handled); i++)
		sigaddset(&set, handled[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void restore(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

/*
 * Remove the files of directory path, a temporary one of ours (flat: no
 * subdirectories), with system calls only: readdir() is not
 * async-signal-safe, getdents64 and unlinkat are.
 */
static void empty_dir(const char *path)
{
	struct linux_dirent64 {
		unsigned long long d_ino;
		long long d_off;
		unsigned short d_reclen;
		unsigned char d_type;
		char d_name[];
	};
	char buf[4096] __attribute__((aligned(8)));
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	long n;

	if (fd < 0)
		return;
	while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
		for (long off = 0; off < n;) {
			struct linux_dirent64 *de = (struct linux_dirent64 *)(buf + off);
			if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
				unlinkat(fd, de->d_name, 0);
			off += de->d_reclen;
		}
	close(fd);
}

static void on_signal(int sig)
{
	static const char msg_int[] = "tasklet-audit: interrupted\n";
	static const char msg_term[] = "tasklet-audit: terminated\n";

	for (size_t i = 0; i < MAX_PIDS; i++)
		if (pids[i] > 0)
			kill(pids[i], SIGKILL);
	for (size_t i = 0; i < MAX_PATHS; i++)
		if (paths[i] && unlink(paths[i]) != 0) {
			empty_dir(paths[i]);
			rmdir(paths[i]);
		}
	if (sig == SIGINT) {
		if (write(STDERR_FILENO, msg_int, sizeof(msg_int) - 1) < 0)
			_exit(128 + sig);
	} else if (write(STDERR_FILENO, msg_term, sizeof(msg_term) - 1) < 0) {
		_exit(128 + sig);
	}
	_exit(128 + sig);
}

void ta_sig_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(handled) / sizeof(*handled); i++)
		sigaddset(&sa.sa_mask, handled[i]);
	for (size_t i = 0; i < sizeof(handled) / sizeof(*handled); i++)
		sigaction(handled[i], &sa, NULL);
	installed = 1;
}

void ta_sig_child(void)
{
	struct sigaction sa;

	if (!installed)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	for (size_t i = 0; i < sizeof(handled) / sizeof(*handled); i++)
		sigaction(handled[i], &sa, NULL);
	memset(paths, 0, sizeof(paths));
	memset(pids, 0, sizeof(pids));
	installed = 0;
}

void ta_sig_track_path(const char *path)
{
	sigset_t old;

	block(&old);
	for (size_t i = 0; i < MAX_PATHS; i++)
		if (!paths[i]) {
			paths[i] = path;
			break;
		}
	restore(&old);
}

void ta_sig_untrack_path(const char *path)
{
	sigset_t old;

	block(&old);
	for (size_t i = 0; i < MAX_PATHS; i++)
		if (paths[i] == path)
			paths[i] = NULL;
	restore(&old);
}

void ta_sig_track_pid(pid_t pid)
{
	sigset_t old;

	block(&old);
	for (size_t i = 0; i < MAX_PIDS; i++)
		if (pids[i] <= 0) {
			pids[i] = pid;
			break;
		}
	restore(&old);
}

void ta_sig_untrack_pid(pid_t pid)
{
	sigset_t old;

	block(&old);
	for (size_t i = 0; i < MAX_PIDS; i++)
		if (pids[i] == pid)
			pids[i] = 0;
	restore(&old);
}
