// SPDX-License-Identifier: GPL-2.0-only
/*
 * prefilter.c - directory walk plus read + memmem over every .c file.
 */
#include "prefilter.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

int ta_text_mentions_tasklet(const char *text, size_t len)
{
	/* "tasklet_" covers every API call and struct tasklet_struct */
	if (memmem(text, len, "tasklet_", 8))
		return 1;
	return memmem(text, len, "DECLARE_TASKLET", 15) != NULL;
}

struct scan {
	const char *root;
	ta_candidates *out;
	char *buf;
	size_t buf_cap;
};

static void add_unreadable(struct scan *s, const char *rel, int err)
{
	char *msg = xasprintf("%s: %s", rel, strerror(err));

	TA_PUSH(s->out->unreadable, s->out->n_unreadable, s->out->cap_unreadable, msg);
}

static void check_file(struct scan *s, int dirfd, const char *name, const char *rel)
{
	int fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	struct stat st;
	size_t got = 0;

	s->out->scanned++;
	if (fd < 0) {
		add_unreadable(s, rel, errno);
		return;
	}
	if (fstat(fd, &st) != 0) {
		add_unreadable(s, rel, errno);
		close(fd);
		return;
	}
	ta_grow((void **)&s->buf, &s->buf_cap, (size_t)st.st_size + 1, 1);
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, s->buf + got, (size_t)st.st_size - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			add_unreadable(s, rel, errno);
			close(fd);
			return;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (ta_text_mentions_tasklet(s->buf, got))
		TA_PUSH(s->out->paths, s->out->n, s->out->cap, xstrdup(rel));
}

/* Recursive walk with openat/fdopendir: no path rebuilding per level, no symlinks followed. */
static void walk_dir(struct scan *s, int dir_fd, const char *rel)
{
	DIR *d = fdopendir(dir_fd);
	struct dirent *de;

	if (!d) {
		close(dir_fd);
		return;
	}
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		unsigned char type = de->d_type;
		char *child;

		if (n[0] == '.' && (n[1] == '\0' || (n[1] == '.' && n[2] == '\0') ||
				    strcmp(n, ".git") == 0))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat st;
			if (fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) != 0)
				continue;
			type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		}
		if (type == DT_DIR) {
			int fd = openat(dirfd(d), n, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
			child = *rel ? xasprintf("%s/%s", rel, n) : xstrdup(n);
			if (fd >= 0)
				walk_dir(s, fd, child);
			else
				add_unreadable(s, child, errno);
			free(child);
		} else if (type == DT_REG && ta_str_ends(n, ".c")) {
			child = *rel ? xasprintf("%s/%s", rel, n) : xstrdup(n);
			check_file(s, dirfd(d), n, child);
			free(child);
		}
	}
	closedir(d);
}

int ta_prefilter(const char *root, const char *subtree, ta_candidates *out)
{
	char *start = ta_path_join(root, subtree);
	struct scan s = {.root = root, .out = out};
	char *rel = xstrdup(subtree);
	size_t rl = strlen(rel);
	int fd;

	/* the prefix of the tree-relative paths: "sub/" and "." would give "sub//x.c", "./x.c" */
	while (rl > 0 && rel[rl - 1] == '/')
		rel[--rl] = '\0';
	if (strcmp(rel, ".") == 0)
		rel[0] = '\0';
	memset(out, 0, sizeof(*out));
	fd = open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		ta_error("cannot open '%s': %s", start, strerror(errno));
		free(start);
		free(rel);
		return -1;
	}
	walk_dir(&s, fd, rel);
	free(rel);
	free(s.buf);
	free(start);
	ta_sort(out->paths, out->n, sizeof(char *), ta_strptr_cmp);
	ta_sort(out->unreadable, out->n_unreadable, sizeof(char *), ta_strptr_cmp);
	return 0;
}

void ta_candidates_free(ta_candidates *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->paths[i]);
	for (size_t i = 0; i < c->n_unreadable; i++)
		free(c->unreadable[i]);
	free(c->paths);
	free(c->unreadable);
	memset(c, 0, sizeof(*c));
}
