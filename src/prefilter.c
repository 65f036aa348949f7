// SPDX-License-Identifier: GPL-2.0-only
/*
 * prefilter.c - directory walk plus read + a search for "tasklet" over every .c file.
 *
 * A driver header that calls the tasklet API (an inline helper disabling
 * the driver's tasklet, say) is seen only through a unit that includes it.
 * When no candidate of its directory includes it, the first .c file there
 * that does is kept too: a carrier, so that the header's sites are indexed
 * and a patch renaming the object cannot leave them behind.
 */
#include "prefilter.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "lex.h"
#include "util.h"

/*
 * The address of an object whose name ends in "tasklet" taken
 * ("fhci->process_done_task = &fhci_tasklet", "&priv->tasklet"), in a file
 * that names no tasklet API: the pointer it stores is how another file's
 * schedule reaches that tasklet.
 */
static bool takes_tasklet_address(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), "tasklet", 7))) {
		const char *b = p, *after = p + 7;
		p++; /* "taskletasklet": the next match may overlap this one */
		if (after < end && ta_lex_ident_char(*after))
			continue; /* not the end of the name */
		/* back over the member chain: identifiers, '.', '->' */
		while (b > text && (ta_lex_ident_char(b[-1]) || b[-1] == '.' ||
				    (b[-1] == '>' && b - 1 > text && b[-2] == '-')))
			b -= b[-1] == '>' ? 2 : 1;
		while (b > text && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > text && b[-1] == '&' && !(b - 1 > text && b[-2] == '&'))
			return true;
	}
	return false;
}

/*
 * Does text hold "tasklet" or "TASKLET" at all?  The quick no for nearly
 * every file: a 'k' is rare enough in C that memchr() to each one and a
 * look around it beats searching for the word.
 */
static bool says_tasklet(const char *text, size_t len)
{
	static const char *const words[] = {"tasklet", "TASKLET"};

	for (size_t w = 0; w < 2; w++) {
		const char *p = text + 3, *end = text + len;
		while (p < end && (p = memchr(p, words[w][3], (size_t)(end - p)))) {
			if ((size_t)(end - p) >= 4 && memcmp(p - 3, words[w], 7) == 0)
				return true;
			p++;
		}
	}
	return false;
}

int ta_text_mentions_tasklet(const char *text, size_t len)
{
	if (len < 7 || !says_tasklet(text, len))
		return 0;
	/* "tasklet_" covers every API call and struct tasklet_struct */
	if (memmem(text, len, "tasklet_", 8))
		return 1;
	if (memmem(text, len, "DECLARE_TASKLET", 15))
		return 1;
	return takes_tasklet_address(text, len);
}

/* A call of the API: "tasklet_" not followed by "struct" (a declaration only). */
static bool text_calls_tasklet_api(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	if (len < 8 || !says_tasklet(text, len))
		return false;
	while ((p = memmem(p, (size_t)(end - p), "tasklet_", 8))) {
		p += 8;
		if ((size_t)(end - p) < 6 || memcmp(p, "struct", 6) != 0)
			return true;
	}
	return false;
}

/* Headers of the kernel's API (include/, arch/<arch>/include/) hold no driver's sites. */
static bool is_driver_header(const char *rel)
{
	const char *slash;

	if (strncmp(rel, "include/", 8) == 0)
		return false;
	if (strncmp(rel, "arch/", 5) != 0)
		return true;
	slash = strchr(rel + 5, '/');
	return !slash || strncmp(slash, "/include/", 9) != 0;
}

/* What the memo remembers of one .c file. */
struct memo_entry {
	uint64_t size, ino;
	int64_t sec, nsec;
	bool mentions;
	const char *rel; /* in the loaded memo's text, or in struct scan's owned */
};

struct scan {
	const char *root;
	ta_candidates *out;
	char *buf;
	size_t buf_cap;
	ta_strmap old_index; /* rel -> index in old */
	struct memo_entry *old;
	size_t n_old, cap_old;
	char *old_text;           /* the loaded memo: the old entries' paths point into it */
	struct memo_entry *fresh; /* the memo to write, formatted only if it is written */
	size_t n_fresh, cap_fresh;
	char **owned; /* the paths of the fresh entries the old memo did not have */
	size_t n_owned, cap_owned;
	size_t reused, looked;
	char **headers; /* driver headers calling the tasklet API, tree-relative */
	size_t n_headers, cap_headers;
	const char *start_rel; /* the directory the walk starts in ("" for the root) */
};

static void add_unreadable(struct scan *s, const char *rel, int err)
{
	char *msg = xasprintf("%s: %s", rel, strerror(err));

	TA_PUSH(s->out->unreadable, s->out->n_unreadable, s->out->cap_unreadable, msg);
}

/* Remember rel's answer; old: its entry in the loaded memo (NULL: a path to copy). */
static void remember(struct scan *s, const struct stat *st, bool mentions, const char *rel,
		     const struct memo_entry *old)
{
	struct memo_entry m = {.size = (uint64_t)st->st_size,
			       .ino = (uint64_t)st->st_ino,
			       .sec = (int64_t)st->st_mtim.tv_sec,
			       .nsec = (int64_t)st->st_mtim.tv_nsec,
			       .mentions = mentions};

	if (strchr(rel, '\n'))
		return;
	if (old) {
		m.rel = old->rel;
	} else {
		TA_PUSH(s->owned, s->n_owned, s->cap_owned, xstrdup(rel));
		m.rel = s->owned[s->n_owned - 1];
	}
	TA_PUSH(s->fresh, s->n_fresh, s->cap_fresh, m);
}

/* The memo's answer for a file whose size, mtime and inode are unchanged. */
static int memo_answer(struct scan *s, int dirfd, const char *name, const char *rel,
		       struct stat *st, const struct memo_entry **entry)
{
	size_t *idx;
	const struct memo_entry *m;

	*entry = NULL;
	if (!s->n_old || fstatat(dirfd, name, st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISREG(st->st_mode))
		return -1;
	idx = ta_strmap_get(&s->old_index, rel);
	if (!idx)
		return -1;
	m = &s->old[*idx];
	if (m->size != (uint64_t)st->st_size || m->ino != (uint64_t)st->st_ino ||
	    m->sec != (int64_t)st->st_mtim.tv_sec || m->nsec != (int64_t)st->st_mtim.tv_nsec)
		return -1;
	*entry = m;
	return m->mentions;
}

/* Does this text mention the file's token: the tasklet for a .c, an API call for a header? */
static bool mentions(const char *text, size_t len, bool header)
{
	return header ? text_calls_tasklet_api(text, len) : ta_text_mentions_tasklet(text, len);
}

/* Keep REL: a .c file among the candidates, a header among the headers to carry. */
static void keep(struct scan *s, const char *rel, bool header)
{
	if (header)
		TA_PUSH(s->headers, s->n_headers, s->cap_headers, xstrdup(rel));
	else
		TA_PUSH(s->out->paths, s->out->n, s->out->cap, xstrdup(rel));
}

static void check_file(struct scan *s, int dirfd, const char *name, const char *rel, bool header)
{
	int fd, known;
	struct stat st;
	size_t got = 0;
	const struct memo_entry *old;

	s->looked++;
	if (!header)
		s->out->scanned++;
	known = memo_answer(s, dirfd, name, rel, &st, &old);
	if (known >= 0) {
		s->reused++;
		remember(s, &st, known, rel, old);
		if (known)
			keep(s, rel, header);
		return;
	}
	fd = openat(dirfd, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
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
	bool yes = mentions(s->buf, got, header);
	if (got == (size_t)st.st_size)
		remember(s, &st, yes, rel, NULL);
	if (yes)
		keep(s, rel, header);
}

/*
 * Recursive walk with openat/fdopendir: no path rebuilding per level, no
 * symlinks followed.  With split > 0 the subdirectories split levels down
 * are not walked but handed to tasks (for the workers of walk_parallel()).
 */
static void walk_dir(struct scan *s, int dir_fd, const char *rel, int split, char ***tasks,
		     size_t *n_tasks, size_t *cap_tasks)
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

		if (n[0] == '.' &&
		    (n[1] == '\0' || (n[1] == '.' && n[2] == '\0') || strcmp(n, ".git") == 0))
			continue;
		if (type == DT_UNKNOWN) {
			struct stat st;
			if (fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) != 0)
				continue;
			type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_LNK;
		}
		if (type == DT_DIR) {
			int fd;
			child = *rel ? xasprintf("%s/%s", rel, n) : xstrdup(n);
			if (split == 1) {
				TA_PUSH(*tasks, *n_tasks, *cap_tasks, child);
				continue;
			}
			fd = openat(dirfd(d), n, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
			if (fd >= 0)
				walk_dir(s, fd, child, split > 1 ? split - 1 : 0, tasks, n_tasks,
					 cap_tasks);
			else
				add_unreadable(s, child, errno);
			free(child);
		} else if (type == DT_REG && (ta_str_ends(n, ".c") || ta_str_ends(n, ".h"))) {
			bool header = ta_str_ends(n, ".h");
			child = *rel ? xasprintf("%s/%s", rel, n) : xstrdup(n);
			if (!header || is_driver_header(child))
				check_file(s, dirfd(d), n, child, header);
			free(child);
		}
	}
	closedir(d);
}

/* Does root/rel have an #include of "base"? */
static bool file_includes(const char *root, const char *rel, const char *base)
{
	char *path = ta_path_join(root, rel), *needle = xasprintf("\"%s\"", base);
	size_t len = 0, nlen = strlen(needle);
	char *text = ta_read_file(path, &len);
	const char *p = text;
	bool found = false;

	while (!found && p && (p = memmem(p, len - (size_t)(p - text), needle, nlen))) {
		const char *q = p++;

		while (q > text && q[-1] != '\n')
			q--;
		q += strspn(q, " \t");
		if (*q++ != '#')
			continue;
		q += strspn(q, " \t");
		found = strncmp(q, "include", 7) == 0;
	}
	free(text);
	free(needle);
	free(path);
	return found;
}

/* Is rel (a file) directly in directory dir (tree-relative, "" for the root)? */
static bool in_dir(const char *rel, const char *dir, size_t dir_len)
{
	const char *name = dir_len ? rel + dir_len + 1 : rel;

	return strncmp(rel, dir, dir_len) == 0 && (!dir_len || rel[dir_len] == '/') &&
	       !strchr(name, '/');
}

/* For each header no candidate of its directory includes: keep its first includer. */
static void add_carriers(struct scan *s)
{
	for (size_t h = 0; h < s->n_headers; h++) {
		const char *rel = s->headers[h], *slash = strrchr(rel, '/');
		const char *base = slash ? slash + 1 : rel;
		size_t dir_len = slash ? (size_t)(slash - rel) : 0, n_names = 0, cap_names = 0;
		char *dir = xstrndup(rel, dir_len), *abs, **names = NULL;
		bool covered = false;
		struct dirent *de;
		DIR *d;

		for (size_t i = 0; i < s->out->n && !covered; i++)
			covered = in_dir(s->out->paths[i], dir, dir_len) &&
				  file_includes(s->root, s->out->paths[i], base);
		abs = ta_path_join(s->root, dir);
		d = covered ? NULL : opendir(abs);
		while (d && (de = readdir(d)))
			if (ta_str_ends(de->d_name, ".c"))
				TA_PUSH(names, n_names, cap_names, xstrdup(de->d_name));
		if (d)
			closedir(d);
		ta_sort(names, n_names, sizeof(char *), ta_strptr_cmp);
		for (size_t i = 0; i < n_names; i++) {
			char *c = dir_len ? xasprintf("%s/%s", dir, names[i]) : xstrdup(names[i]);

			if (!covered && file_includes(s->root, c, base)) {
				covered = true;
				TA_PUSH(s->out->paths, s->out->n, s->out->cap, c);
			} else {
				free(c);
			}
			free(names[i]);
		}
		free(names);
		free(abs);
		free(dir);
	}
}

/* Load a memo written by save_memo(); a damaged one is ignored. */
static void load_memo(struct scan *s, const char *path)
{
	size_t len = 0;
	char *text = path ? ta_read_file(path, &len) : NULL;
	unsigned long long sum;
	int used = 0;
	char *p, *nl;

	if (!text)
		return;
	if (sscanf(text, "TA-PREFILTER 3 %llx%n", &sum, &used) != 1 || text[used] != '\n' ||
	    ta_hash64(text + used + 1, len - (size_t)used - 1) != sum) {
		free(text);
		return;
	}
	for (p = text + used + 1; (nl = strchr(p, '\n')); p = nl + 1) {
		struct memo_entry m;
		unsigned long long size, ino;
		long long sec, nsec;
		int mentions, off = 0;
		*nl = '\0';
		if (sscanf(p, "%llu %lld %lld %llu %d %n", &size, &sec, &nsec, &ino, &mentions,
			   &off) != 5 ||
		    !off)
			continue;
		m = (struct memo_entry){.size = size,
					.ino = ino,
					.sec = sec,
					.nsec = nsec,
					.mentions = mentions != 0,
					.rel = p + off};
		TA_PUSH(s->old, s->n_old, s->cap_old, m);
		ta_strmap_put(&s->old_index, p + off, s->n_old - 1);
	}
	s->old_text = text;
}

static void save_memo(struct scan *s, const char *path)
{
	ta_buf body = {0};
	char *head;

	for (size_t i = 0; i < s->n_fresh; i++) {
		const struct memo_entry *m = &s->fresh[i];
		ta_buf_printf(&body, "%llu %lld %lld %llu %d %s\n", (unsigned long long)m->size,
			      (long long)m->sec, (long long)m->nsec, (unsigned long long)m->ino,
			      m->mentions ? 1 : 0, m->rel);
	}
	head = xasprintf("TA-PREFILTER 3 %016llx\n",
			 (unsigned long long)ta_hash64(body.s ? body.s : "", body.len));
	/* a memo: failing to store is harmless */
	ta_write_atomic(path, head, body.s ? body.s : "", body.len);
	free(head);
	ta_buf_free(&body);
}

/* The walkers' shared state: the directories to walk and the next one to take. */
struct walkers {
	struct scan *main; /* the memo to consult (read only while they run) */
	int start_fd;
	char **dirs; /* tree-relative */
	size_t n_dirs, next;
	pthread_mutex_t lock;
};

struct walker {
	struct walkers *w;
	struct scan s;
	ta_candidates out;
};

/* Walk the directory of task i (relative to the walk's start directory) into s. */
static void walk_task(struct scan *s, const struct walkers *w, size_t i)
{
	size_t start_len = strlen(w->main->start_rel);
	int fd = w->start_fd < 0 ? -1
				 : openat(w->start_fd, w->dirs[i] + (start_len ? start_len + 1 : 0),
					  O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);

	if (fd >= 0)
		walk_dir(s, fd, w->dirs[i], 0, NULL, NULL, NULL);
	else
		add_unreadable(s, w->dirs[i], w->start_fd < 0 ? EBADF : errno);
}

static void *walker_run(void *arg)
{
	struct walker *wk = arg;
	struct walkers *w = wk->w;

	for (;;) {
		size_t i;
		pthread_mutex_lock(&w->lock);
		i = w->next++;
		pthread_mutex_unlock(&w->lock);
		if (i >= w->n_dirs)
			break;
		walk_task(&wk->s, w, i);
	}
	return NULL;
}

/* Move what walker k found into the main scan. */
static void merge_walker(struct scan *s, struct walker *k)
{
	for (size_t i = 0; i < k->out.n; i++)
		TA_PUSH(s->out->paths, s->out->n, s->out->cap, k->out.paths[i]);
	for (size_t i = 0; i < k->out.n_unreadable; i++)
		TA_PUSH(s->out->unreadable, s->out->n_unreadable, s->out->cap_unreadable,
			k->out.unreadable[i]);
	s->out->scanned += k->out.scanned;
	for (size_t i = 0; i < k->s.n_headers; i++)
		TA_PUSH(s->headers, s->n_headers, s->cap_headers, k->s.headers[i]);
	for (size_t i = 0; i < k->s.n_fresh; i++)
		TA_PUSH(s->fresh, s->n_fresh, s->cap_fresh, k->s.fresh[i]);
	for (size_t i = 0; i < k->s.n_owned; i++)
		TA_PUSH(s->owned, s->n_owned, s->cap_owned, k->s.owned[i]);
	s->reused += k->s.reused;
	s->looked += k->s.looked;
	free(k->out.paths);
	free(k->out.unreadable);
	free(k->s.headers);
	free(k->s.fresh);
	free(k->s.owned);
	free(k->s.buf);
}

/*
 * Walk from fd (the directory s->start_rel): the files of the first two
 * levels here, the directories below them by up to WALKERS threads (the
 * kernel's tree is wide there: drivers/net, fs/ext4, ...).  What they find
 * is the same as one walk's, in another order: the caller sorts.
 */
#define WALKERS 4
#define WALKER_STACK (512 * 1024) /* walk_dir() recurses once per directory level */
static void walk_parallel(struct scan *s, int fd)
{
	struct walkers w = {.main = s};
	struct walker k[WALKERS];
	pthread_t th[WALKERS];
	void *stacks[WALKERS];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	size_t cap = 0, n_threads = ncpu > WALKERS ? WALKERS : ncpu > 1 ? (size_t)ncpu : 1;
	size_t started = 0;

	w.start_fd = dup(fd);
	walk_dir(s, fd, s->start_rel, 2, &w.dirs, &w.n_dirs, &cap);
	/*
	 * The workers the scan forks later must not inherit what threads leave
	 * behind (an arena of their own, a cached stack: room a --max-memory
	 * worker would allocate in): one arena, and stacks that are ours.
	 */
	mallopt(M_ARENA_MAX, 1);
	if (w.start_fd >= 0 && n_threads > 1 && pthread_mutex_init(&w.lock, NULL) == 0) {
		for (size_t t = 0; t < n_threads; t++) {
			pthread_attr_t attr;
			int err;
			k[t] = (struct walker){.w = &w};
			k[t].s = (struct scan){.root = s->root,
					       .out = &k[t].out,
					       .old_index = s->old_index,
					       .old = s->old,
					       .n_old = s->n_old,
					       .start_rel = s->start_rel};
			stacks[t] = xmalloc(WALKER_STACK);
			if (pthread_attr_init(&attr) != 0) {
				free(stacks[t]);
				break;
			}
			err = pthread_attr_setstack(&attr, stacks[t], WALKER_STACK) ||
			      pthread_create(&th[t], &attr, walker_run, &k[t]);
			pthread_attr_destroy(&attr);
			if (err) {
				free(stacks[t]);
				break;
			}
			started++;
		}
		for (size_t t = 0; t < started; t++) {
			pthread_join(th[t], NULL);
			free(stacks[t]);
		}
		for (size_t t = 0; t < started; t++)
			merge_walker(s, &k[t]);
		pthread_mutex_destroy(&w.lock);
	}
	/* without threads (or what they did not take): this one walks */
	for (size_t i = w.next; i < w.n_dirs; i++)
		walk_task(s, &w, i);
	for (size_t i = 0; i < w.n_dirs; i++)
		free(w.dirs[i]);
	free(w.dirs);
	if (w.start_fd >= 0)
		close(w.start_fd);
}

int ta_prefilter(const char *root, const char *subtree, ta_candidates *out)
{
	return ta_prefilter_memo(root, subtree, NULL, out);
}

int ta_prefilter_memo(const char *root, const char *subtree, const char *memo_path,
		      ta_candidates *out)
{
	char *start;
	struct scan s = {.root = root, .out = out};
	int fd;
	char *sub = xstrdup(subtree ? subtree : "");
	size_t len = strlen(sub);

	memset(out, 0, sizeof(*out));
	/* "sub/" and "." name the same directory as "sub" and "" */
	while (len > 0 && sub[len - 1] == '/')
		sub[--len] = '\0';
	if (strcmp(sub, ".") == 0)
		sub[0] = '\0';
	start = ta_path_join(root, sub);
	fd = open(start, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		ta_error("cannot open '%s': %s", start, strerror(errno));
		free(start);
		free(sub);
		return -1;
	}
	load_memo(&s, memo_path);
	s.start_rel = sub;
	walk_parallel(&s, fd);
	/* the walkers' order is not the directory's: carriers are picked in path order */
	ta_sort(s.headers, s.n_headers, sizeof(char *), ta_strptr_cmp);
	add_carriers(&s);
	for (size_t i = 0; i < s.n_headers; i++)
		free(s.headers[i]);
	free(s.headers);
	if (memo_path && s.reused != s.looked)
		save_memo(&s, memo_path);
	free(s.buf);
	free(start);
	free(sub);
	ta_strmap_free(&s.old_index);
	free(s.old);
	free(s.old_text);
	free(s.fresh);
	for (size_t i = 0; i < s.n_owned; i++)
		free(s.owned[i]);
	free(s.owned);
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
