/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scan.h - the whole indexing pipeline for one path: find the tree, run
 * the pre-filter, load the configuration, build the generated-header
 * overlay, compute flags, parse the candidates in worker processes and
 * aggregate their facts into a ta_audit (owned by the caller).
 */
#ifndef TA_SCAN_H
#define TA_SCAN_H

#include "audit.h"

struct ta_scan_opts {
	const char *path;        /* a kernel tree, a directory inside one, or (file_ok) a .c file */
	bool file_ok;            /* path may name one .c file: the audit of that file alone */
	const char *config;      /* --config: a .config to use (NULL: automatic) */
	const char *compdb_dir;  /* -p: directory of compile_commands.json */
	int jobs;                /* worker processes (>= 1) */
	unsigned timeout;        /* per-file timeout in seconds (0: none) */
	bool progress;           /* print progress to stderr */
	bool no_cache;           /* --no-cache: neither read nor write the facts cache */
	const char *cache_dir;   /* --cache-dir (NULL: $XDG_CACHE_HOME/tasklet-audit) */
	bool no_pch;             /* --no-pch: parse every file with all its headers */
	unsigned max_memory_mib; /* address-space limit per worker (0: TA_DEFAULT_MAX_MEMORY_MIB) */
	/*
	 * When every candidate's facts come from the cache (and every .c file
	 * could be read), reuse(reuse_ctx, so_far) may answer a complete audit
	 * to take instead of building one from the facts (reportmemo.h);
	 * so_far has the tree, the sources and counts, cache_dir and
	 * facts_hash, and no file yet.  NULL: build it.
	 */
	ta_audit *(*reuse)(void *reuse_ctx, const ta_audit *so_far);
	void *reuse_ctx;
};

/* The slowest real file of 6.1 parses in about 1.2 s: a minute is generous. */
#define TA_DEFAULT_TIMEOUT 60
/* A worker's address space: libclang's largest real parse peaks near 200 MiB. */
#define TA_DEFAULT_MAX_MEMORY_MIB 2048

/* 0 and *out on success; TA_EXIT_USAGE after one error line for a bad path or input. */
int ta_scan(const struct ta_scan_opts *opts, ta_audit **out);

/*
 * The compiler arguments the scan would use for the file opts->path (the
 * overlay is built and removed again, so paths into it are not usable
 * afterwards).  *argv belongs to the caller: ta_argv_free().
 */
int ta_scan_flags(const struct ta_scan_opts *opts, char ***argv, int *argc);

#endif
