/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pool.h - runs a job over many items in long-lived worker processes, so a
 * crash or hang in one item (a libclang parse) cannot take the run down:
 * a worker that dies or exceeds the per-item timeout is killed, its item is
 * reported as failed, and a fresh worker takes its place.
 *
 * The job runs in the child and appends its result text to a ta_buf; the
 * parent gets that text back per item.  ta_pool_results_free() frees them.
 */
#ifndef TA_POOL_H
#define TA_POOL_H

#include <stddef.h>

#include "util.h"

/* Runs in a worker process: compute the result of items[index] into out. */
typedef void (*ta_pool_job)(void *ctx, size_t index, ta_buf *out);

enum ta_pool_outcome { TA_POOL_DONE, TA_POOL_CRASHED, TA_POOL_TIMEOUT };

typedef struct ta_pool_result {
	enum ta_pool_outcome outcome;
	int signal;     /* for CRASHED: the signal, or 0 for an exit */
	char *text;     /* for DONE: the job's output */
	double seconds; /* wall time spent on the item */
} ta_pool_result;

/*
 * Run job over `order[0..n)` (indexes into the caller's items) with `jobs`
 * workers and a per-item timeout in seconds (0: none).  results[] has n
 * slots indexed like the items.  progress, when non-NULL, is called in the
 * parent after each item.  Returns 0, or -1 if no worker could be started.
 */
int ta_pool_run(size_t n, const size_t *order, int jobs, unsigned timeout_s, ta_pool_job job,
		void *ctx, ta_pool_result *results,
		void (*progress)(void *ctx, size_t done, size_t total));
/*
 * The same in two steps: ta_pool_start() starts the workers and hands
 * them their first items, then returns (NULL, with nothing started, when
 * no worker could be); ta_pool_finish() runs the rest, stops the workers
 * and frees the pool (clearing *p).  Between the two the caller may do
 * other work, such as starting threads of its own: the workers are forked
 * already.  order[] and results[] must live until ta_pool_finish().
 */
typedef struct ta_pool ta_pool;
ta_pool *ta_pool_start(size_t n, const size_t *order, int jobs, unsigned timeout_s, ta_pool_job job,
		       void *ctx, ta_pool_result *results,
		       void (*progress)(void *ctx, size_t done, size_t total));
int ta_pool_finish(ta_pool **p);

void ta_pool_results_free(ta_pool_result *results, size_t n);

#endif
