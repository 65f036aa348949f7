// SPDX-License-Identifier: GPL-2.0-only
/*
 * pool.c - the worker processes: fork, a command pipe and a result pipe
 * per worker, poll() with per-item deadlines in the parent.
 *
 * Protocol: the parent writes an item index (size_t); the worker answers
 * with a length (uint64_t) and that many bytes of result text.
 */
#include "pool.h"

#include "sigcleanup.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

struct worker {
	pid_t pid;
	int cmd_fd; /* parent writes item indexes */
	int res_fd; /* parent reads results */
	bool busy;
	size_t item;
	double started;
	ta_buf in; /* result bytes received so far */
	uint64_t want;
	bool have_len;
};

static int write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static int read_all(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(fd, p, n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static void child_loop(int cmd_fd, int res_fd, ta_pool_job job, void *ctx)
{
	size_t index;
	ta_buf out = {0};

	signal(SIGPIPE, SIG_DFL);
	while (read_all(cmd_fd, &index, sizeof(index)) == 0) {
		uint64_t len;
		out.len = 0;
		if (out.s)
			out.s[0] = '\0';
		job(ctx, index, &out);
		len = out.len;
		if (write_all(res_fd, &len, sizeof(len)) != 0 ||
		    write_all(res_fd, out.s ? out.s : "", out.len) != 0)
			break;
	}
	ta_buf_free(&out);
	_exit(0);
}

static int spawn(struct worker *w, ta_pool_job job, void *ctx, struct worker *all, int n_all)
{
	int cmd[2], res[2];

	if (pipe2(cmd, O_CLOEXEC) != 0)
		return -1;
	if (pipe2(res, O_CLOEXEC) != 0) {
		close(cmd[0]);
		close(cmd[1]);
		return -1;
	}
	w->pid = fork();
	if (w->pid < 0) {
		close(cmd[0]);
		close(cmd[1]);
		close(res[0]);
		close(res[1]);
		return -1;
	}
	if (w->pid == 0) {
		ta_sig_child(); /* an interrupt is the parent's to clean up */
		/* do not hold the other workers' pipes open */
		for (int i = 0; i < n_all; i++) {
			if (&all[i] != w && all[i].pid > 0) {
				close(all[i].cmd_fd);
				close(all[i].res_fd);
			}
		}
		close(cmd[1]);
		close(res[0]);
		child_loop(cmd[0], res[1], job, ctx);
	}
	ta_sig_track_pid(w->pid);
	close(cmd[0]);
	close(res[1]);
	w->cmd_fd = cmd[1];
	w->res_fd = res[0];
	w->busy = false;
	return 0;
}

/* Stop a worker; returns the signal that killed it (0 for an exit). */
static int reap(struct worker *w, bool kill_it)
{
	int status = 0;

	if (w->pid <= 0)
		return 0;
	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->cmd_fd);
	close(w->res_fd);
	while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
		;
	ta_sig_untrack_pid(w->pid);
	w->pid = 0;
	ta_buf_free(&w->in);
	w->have_len = false;
	return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

static int dispatch(struct worker *w, size_t item)
{
	w->item = item;
	w->busy = true;
	w->started = ta_monotonic();
	w->in.len = 0;
	w->have_len = false;
	return write_all(w->cmd_fd, &item, sizeof(item));
}

/* Read what is available; 1 when the whole result is in, 0 if not yet, -1 on EOF. */
static int receive(struct worker *w)
{
	char chunk[65536];
	ssize_t r;

	if (!w->have_len) {
		if (read_all(w->res_fd, &w->want, sizeof(w->want)) != 0)
			return -1;
		w->have_len = true;
		if (w->want == 0)
			return 1;
		return 0;
	}
	r = read(w->res_fd, chunk,
		 w->want - w->in.len < sizeof(chunk) ? (size_t)(w->want - w->in.len)
						     : sizeof(chunk));
	if (r < 0 && errno == EINTR)
		return 0;
	if (r <= 0)
		return -1;
	ta_buf_add(&w->in, chunk, (size_t)r);
	return w->in.len >= w->want ? 1 : 0;
}

struct ta_pool {
	struct worker *ws;
	struct pollfd *pfd;
	int jobs;
	size_t n, next, done;
	const size_t *order;
	unsigned timeout_s;
	ta_pool_job job;
	void *ctx;
	ta_pool_result *results;
	void (*progress)(void *ctx, size_t done, size_t total);
	void (*old_pipe)(int);
};

/* Start a worker where one is missing and give every idle one the next item. */
static void feed(ta_pool *p)
{
	for (int i = 0; i < p->jobs; i++) {
		struct worker *w = &p->ws[i];
		if (w->pid <= 0 && p->next < p->n)
			spawn(w, p->job, p->ctx, p->ws, p->jobs);
		if (w->pid > 0 && !w->busy && p->next < p->n) {
			if (dispatch(w, p->order[p->next]) != 0) {
				int sig = reap(w, true);
				p->results[p->order[p->next]] = (ta_pool_result){
					.outcome = TA_POOL_CRASHED, .signal = sig};
				p->done++;
			}
			p->next++;
		}
	}
}

ta_pool *ta_pool_start(size_t n, const size_t *order, int jobs, unsigned timeout_s, ta_pool_job job,
		       void *ctx, ta_pool_result *results,
		       void (*progress)(void *ctx, size_t done, size_t total))
{
	ta_pool *p = xcalloc(1, sizeof(*p));
	void (*old_pipe)(int) = signal(SIGPIPE, SIG_IGN);
	int live = 0;

	if (jobs < 1)
		jobs = 1;
	if ((size_t)jobs > n)
		jobs = n ? (int)n : 1;
	*p = (ta_pool){.ws = xcalloc((size_t)jobs, sizeof(*p->ws)),
		       .pfd = xcalloc((size_t)jobs, sizeof(*p->pfd)),
		       .jobs = jobs,
		       .n = n,
		       .order = order,
		       .timeout_s = timeout_s,
		       .job = job,
		       .ctx = ctx,
		       .results = results,
		       .progress = progress,
		       .old_pipe = old_pipe};
	for (int i = 0; i < jobs; i++)
		if (spawn(&p->ws[i], job, ctx, p->ws, jobs) == 0)
			live++;
	if (!live) {
		ta_error("cannot start worker processes: %s", strerror(errno));
		signal(SIGPIPE, p->old_pipe);
		free(p->ws);
		free(p->pfd);
		free(p);
		return NULL;
	}
	feed(p);
	return p;
}

int ta_pool_finish(ta_pool **pp)
{
	ta_pool *p = *pp;

	if (!p)
		return -1;
	while (p->done < p->n) {
		double t = ta_monotonic();
		int timeout_ms = -1;

		feed(p);
		for (int i = 0; i < p->jobs; i++) {
			struct worker *w = &p->ws[i];
			p->pfd[i].fd = w->busy ? w->res_fd : -1;
			p->pfd[i].events = POLLIN;
			p->pfd[i].revents = 0;
			if (w->busy && p->timeout_s) {
				double left = w->started + p->timeout_s - t;
				int ms = left <= 0 ? 0 : (int)(left * 1000) + 1;
				if (timeout_ms < 0 || ms < timeout_ms)
					timeout_ms = ms;
			}
		}
		if (p->done >= p->n)
			break;
		if (poll(p->pfd, (nfds_t)p->jobs, timeout_ms) < 0 && errno != EINTR)
			break;
		t = ta_monotonic();
		for (int i = 0; i < p->jobs; i++) {
			struct worker *w = &p->ws[i];
			int r = 0;
			if (!w->busy)
				continue;
			if (p->pfd[i].revents & (POLLIN | POLLHUP | POLLERR))
				r = receive(w);
			if (r == 1) {
				ta_pool_result *res = &p->results[w->item];
				res->outcome = TA_POOL_DONE;
				res->text = ta_buf_steal(&w->in);
				res->seconds = t - w->started;
				w->busy = false;
				w->have_len = false;
			} else if (r < 0) {
				size_t item = w->item;
				int sig = reap(w, true);
				p->results[item] = (ta_pool_result){.outcome = TA_POOL_CRASHED,
								    .signal = sig,
								    .seconds = t - w->started};
				w->busy = false;
			} else if (p->timeout_s && t - w->started >= p->timeout_s) {
				size_t item = w->item;
				reap(w, true);
				p->results[item] = (ta_pool_result){.outcome = TA_POOL_TIMEOUT,
								    .seconds = t - w->started};
				w->busy = false;
			} else {
				continue;
			}
			p->done++;
			if (p->progress)
				p->progress(p->ctx, p->done, p->n);
		}
	}
	for (int i = 0; i < p->jobs; i++)
		reap(&p->ws[i], false);
	signal(SIGPIPE, p->old_pipe);
	free(p->ws);
	free(p->pfd);
	free(p);
	*pp = NULL;
	return 0;
}

int ta_pool_run(size_t n, const size_t *order, int jobs, unsigned timeout_s, ta_pool_job job,
		void *ctx, ta_pool_result *results,
		void (*progress)(void *ctx, size_t done, size_t total))
{
	ta_pool *p = ta_pool_start(n, order, jobs, timeout_s, job, ctx, results, progress);

	return p ? ta_pool_finish(&p) : -1;
}

void ta_pool_results_free(ta_pool_result *results, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(results[i].text);
		results[i].text = NULL;
	}
}
