// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_text.c - the human report: a per-subsystem summary, then one line
 * per tasklet in compiler format ("file:line: name: class -> mechanism
 * [confidence], N findings, behavior: assessment"), grouped by subsystem,
 * each followed by its findings, one line each; the behaviour checker's
 * details only for a "review" or "unsafe" assessment (all of them, and a
 * note line with the init API, callback and sites, with -v); then the
 * files that did not parse cleanly.  Every location is relative to the
 * current directory when it is inside the tree, else to the root.  The JSON
 * report keeps everything.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "behavior.h"
#include "classify.h"
#include "report_filter.h"
#include "util.h"

struct sub_count {
	const char *name;
	size_t tasklets;
};

static int sub_cmp(const void *x, const void *y)
{
	const struct sub_count *a = x, *b = y;

	if (a->tasklets != b->tasklets)
		return a->tasklets > b->tasklets ? -1 : 1;
	return strcmp(a->name, b->name);
}

/*
 * One tasklet in one line, after its "file:line: ":
 * "name: class -> mechanism [0.80], 1 finding, behavior: benign".
 */
static void summarize(const ta_tasklet *t, ta_buf *b)
{
	const ta_classification *c = ta_classification_of(t);
	const ta_behavior *bh = t->behavior;

	ta_buf_printf(b, "%s: ", t->name ? t->name : "?");
	if (c->cls && c->rec.mechanism)
		ta_buf_printf(b, "%s -> %s [%.2f]", c->cls, c->rec.mechanism, c->rec.confidence);
	else if (c->cls)
		ta_buf_printf(b, "%s -> none", c->cls);
	else
		ta_buf_puts(b, "not classified");
	if (c->n_findings)
		ta_buf_printf(b, ", %zu finding%s", c->n_findings, c->n_findings == 1 ? "" : "s");
	if (!t->active)
		ta_buf_puts(b, ", inactive");
	if (bh)
		ta_buf_printf(b, ", behavior: %s", bh->assessment ? bh->assessment : bh->verdict);
}

/*
 * -v: what the one line leaves out, as a note line:
 * "tasklet_setup, foo_bh (new), 2 schedule sites, 1 kill site; queue
 * system_bh_wq; behavior bh: differs".
 */
static void describe(const ta_tasklet *t, ta_buf *b)
{
	const ta_classification *c = ta_classification_of(t);

	ta_buf_printf(b, "%s",
		      t->init_api == TA_API_NONE ? "never initialized" : ta_api_name(t->init_api));
	if (t->callback)
		ta_buf_printf(b, ", %s (%s)", t->callback, ta_sig_name(t->sig));
	if (t->data && t->init_api == TA_API_TASKLET_INIT)
		ta_buf_printf(b, ", data %s", ta_data_kind_name(t->data_kind));
	for (int api = 0; api < TA_API_COUNT; api++) {
		size_t n;
		const char *name = ta_api_name((enum ta_api)api);
		if (ta_api_role((enum ta_api)api) != TA_ROLE_USE)
			continue;
		n = ta_tasklet_count_sites(t, (enum ta_api)api);
		if (!n)
			continue;
		if (ta_str_starts(name, "tasklet_"))
			name += 8;
		ta_buf_printf(b, ", %zu %s site%s", n, name, n == 1 ? "" : "s");
	}
	if (!t->active)
		ta_buf_puts(b, " [inactive in this configuration]");
	if (c->rec.queue)
		ta_buf_printf(b, "; queue %s", c->rec.queue);
	if (t->behavior && t->behavior->target)
		ta_buf_printf(b, "; behavior %s: %s", t->behavior->target, t->behavior->verdict);
	else if (t->behavior && t->behavior->reason)
		ta_buf_printf(b, "; behavior %s: %s", t->behavior->verdict, t->behavior->reason);
}

/* Are t's behaviour details printed: -v, or an assessment a maintainer must read? */
static bool show_behavior(const ta_tasklet *t, const struct ta_report_opts *opts)
{
	const char *as = t->behavior ? t->behavior->assessment : NULL;

	if (opts && opts->verbose)
		return true;
	return as && (strcmp(as, "review") == 0 || strcmp(as, "unsafe") == 0);
}

/* Longest reason printed whole without -v (in bytes); a longer one keeps its two ends. */
#define REASON_MAX 320
#define REASON_HEAD 120
#define REASON_TAIL 160

/*
 * s and a full stop; without -v, an s longer than REASON_MAX is printed as
 * its head and its tail, cut at spaces, with " ... " between (a list of
 * sites in the middle, what it means at the end).
 */
static void put_reason(FILE *fp, const char *s, bool verbose)
{
	size_t n = strlen(s), head = REASON_HEAD, tail = n - REASON_TAIL;

	if (verbose || n <= REASON_MAX) {
		fprintf(fp, "%s.", s);
		return;
	}
	while (head > REASON_HEAD / 2 && s[head] != ' ')
		head--;
	while (head > 0 && strchr(",;: ", s[head - 1]))
		head--;
	while (tail < n && s[tail - 1] != ' ')
		tail++;
	fprintf(fp, "%.*s ... %s.", (int)head, s, s + tail);
}

/*
 * The checker's differences the driver can observe (then the hazards kept),
 * one compiler-format line each, at the last source line of the trace:
 * where the difference shows.  Without -v, a long reason is shortened and
 * the trace's other lines are counted, not listed; with -v, everything, the
 * benign differences too.  The JSON report has the traces.
 */
static void print_behavior(FILE *fp, const ta_tasklet *t, bool verbose)
{
	const ta_behavior *bh = t->behavior;

	for (size_t i = 0; bh && i < bh->n_diffs + bh->n_hazards; i++) {
		bool kept = i >= bh->n_diffs;
		const struct ta_behavior_diff *d = kept ? &bh->hazards[i - bh->n_diffs]
							: &bh->diffs[i];
		bool benign = !kept && d->relevance && strcmp(d->relevance, "benign") == 0;
		if (benign && !verbose)
			continue;
		if (d->n_lines)
			fprintf(fp, "%s: ", d->lines[d->n_lines - 1]);
		else
			fprintf(fp, "%s:%u: ", t->file ? t->file : "?", t->line);
		fprintf(fp, "%s: behavior %s: %s%s: %s", d->safety || kept ? "warning" : "note",
			bh->target, d->property,
			kept     ? " (hazard kept)"
			: benign ? " (benign)"
				 : "",
			d->explanation);
		if (!kept && d->relevance_reason) {
			fputs(benign ? " Benign: " : " Observable: ", fp);
			put_reason(fp, d->relevance_reason, verbose);
		}
		if (d->n_lines > 1 && !verbose)
			fprintf(fp, " [also %zu other line%s]", d->n_lines - 1,
				d->n_lines == 2 ? "" : "s");
		for (size_t j = 0; verbose && j + 1 < d->n_lines; j++)
			fprintf(fp, "%s%s", j == 0 ? " [also " : ", ", d->lines[j]);
		fputs(verbose && d->n_lines > 1 ? "]\n" : "\n", fp);
	}
}

/* The findings of a tasklet, one compiler-format line each. */
static void print_findings(FILE *fp, const ta_tasklet *t)
{
	const ta_classification *c = ta_classification_of(t);

	for (size_t i = 0; i < c->n_findings; i++) {
		const ta_finding *f = &c->findings[i];
		fprintf(fp, "%s:%u: %s: %s [%s]\n", f->file ? f->file : t->file,
			f->line ? f->line : t->line, f->severity, f->text, f->rule);
	}
}

/* Counts per class and per recommended mechanism. */
static void print_class_summary(const ta_audit *a, const struct ta_report_opts *opts, FILE *fp)
{
	const char *names[64];
	size_t counts[64], n = 0;

	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (size_t i = 0; i < a->n_tasklets; i++) {
			const ta_tasklet *t = &a->tasklets[i];
			const ta_classification *c = ta_classification_of(t);
			const char *key = pass == 0 ? c->cls : c->rec.mechanism;
			size_t j;
			if (!key || !ta_report_selected(t, opts))
				continue;
			for (j = 0; j < n; j++)
				if (strcmp(names[j], key) == 0)
					break;
			if (j == n && n < 64) {
				names[n] = key;
				counts[n++] = 0;
			}
			if (j < 64)
				counts[j]++;
		}
		fprintf(fp, "%s", pass == 0 ? "\nclasses:" : "\nrecommended:");
		for (size_t j = 0; j < n; j++)
			fprintf(fp, " %s %zu%s", names[j], counts[j], j + 1 < n ? "," : "");
		fputc('\n', fp);
	}
}

/* Can c be part of a path as messages write them? */
static bool path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '/' || c == '-' || c == '+';
}

/*
 * rel (tree-relative, len bytes) as seen from base, the current directory
 * relative to the root ("drivers/dma": "pl330.c", "../net/x.c").
 */
static void put_path(FILE *fp, const char *rel, size_t len, const char *base)
{
	const char *b = base;

	/* drop the directories rel and base share, component by component */
	while (*b) {
		size_t n = strcspn(b, "/");
		if (n >= len || strncmp(rel, b, n) != 0 || rel[n] != '/')
			break;
		rel += n + 1;
		len -= n + 1;
		b += n;
		b += *b == '/';
	}
	while (*b) {
		fputs("../", fp);
		b += strcspn(b, "/");
		b += *b == '/';
	}
	fwrite(rel, 1, len, fp);
}

/*
 * text with every source location in it ("x.c:12", "/root/x.c:12:3": a
 * .c or .h path followed by a colon and a digit, or by a colon at the
 * start of a line) written relative to base
 * (NULL or "": relative to the root); absolute paths outside the root are
 * left as they are.
 */
static void put_located(FILE *fp, const char *text, size_t n, const char *root, const char *base)
{
	size_t rl = strlen(root);

	for (size_t i = 0; i < n;) {
		size_t j = i, start = i;
		if (!path_char(text[i]) || (i > 0 && path_char(text[i - 1]))) {
			fputc(text[i++], fp);
			continue;
		}
		while (j < n && path_char(text[j]))
			j++;
		/* "x.c:12", or "x.c:" starting a line (a file's status) */
		if (j + 1 < n && text[j] == ':' &&
		    ((text[j + 1] >= '0' && text[j + 1] <= '9') || i == 0 || text[i - 1] == '\n') &&
		    j - i > 2 && text[j - 2] == '.' && (text[j - 1] == 'c' || text[j - 1] == 'h')) {
			if (j - i > rl + 1 && strncmp(text + i, root, rl) == 0 &&
			    text[i + rl] == '/')
				start = i + rl + 1;
			if (text[start] != '/') {
				put_path(fp, text + start, j - start, base ? base : "");
				i = j;
				continue;
			}
		}
		fwrite(text + i, 1, j - i, fp);
		i = j;
	}
}

/*
 * The current directory relative to root ("" at the root), or NULL when
 * cwd is NULL or outside the tree.
 */
static const char *cwd_base(const char *root, const char *cwd)
{
	size_t rl = strlen(root);

	if (!cwd || strncmp(cwd, root, rl) != 0 || (cwd[rl] && cwd[rl] != '/'))
		return NULL;
	return cwd[rl] ? cwd + rl + 1 : "";
}

static int write_body(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts);

/*
 * The report, its source locations relative to the current directory when
 * opts->cwd is inside the tree, else to the root, in every line.
 */
static int write_text(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	int rc;

	if (!mem)
		return -1;
	rc = write_body(a, mem, opts);
	if (fclose(mem) != 0)
		rc = -1;
	if (rc == 0)
		put_located(fp, text, len, a->tree ? a->tree : "",
			    cwd_base(a->tree ? a->tree : "", opts ? opts->cwd : NULL));
	free(text);
	return rc == 0 && !ferror(fp) ? 0 : -1;
}

static int write_body(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts)
{
	struct sub_count *subs = NULL;
	size_t n_subs = 0, cap = 0, shown = 0;
	ta_buf b = {0};
	const char *bold = opts && opts->color ? "\033[1m" : "";
	const char *off = opts && opts->color ? "\033[0m" : "";

	for (size_t i = 0; i < a->n_tasklets; i++) {
		size_t j;
		if (!ta_report_selected(&a->tasklets[i], opts))
			continue;
		for (j = 0; j < n_subs; j++)
			if (strcmp(subs[j].name, a->tasklets[i].subsystem) == 0)
				break;
		if (j == n_subs)
			TA_PUSH(subs, n_subs, cap,
				((struct sub_count){a->tasklets[i].subsystem, 0}));
		subs[j].tasklets++;
		shown++;
	}
	ta_sort(subs, n_subs, sizeof(*subs), sub_cmp);

	/* "249 tasklets in 30 subsystems", "41 of 249 tasklets in 2 subsystems" (--only) */
	fprintf(fp, "%stasklet-audit %s%s: %s (Linux %s), ", bold, TA_VERSION, off, a->tree,
		a->kernel_version ? a->kernel_version : "?");
	if (shown != a->n_tasklets)
		fprintf(fp, "%zu of ", shown);
	fprintf(fp, "%zu tasklet%s in %zu subsystem%s\n", a->n_tasklets,
		a->n_tasklets == 1 ? "" : "s", n_subs, n_subs == 1 ? "" : "s");
	fprintf(fp,
		"files: %zu .c files read, %zu candidates: %zu parsed, %zu degraded, %zu failed\n",
		a->c_files_scanned, a->n_files, ta_audit_count_status(a, TA_STATUS_PARSED),
		ta_audit_count_status(a, TA_STATUS_DEGRADED),
		ta_audit_count_status(a, TA_STATUS_FAILED));
	fprintf(fp, "config: %s; flags: %s\n\n", a->config_source ? a->config_source : "?",
		a->flags_source ? a->flags_source : "?");
	for (size_t i = 0; i < n_subs; i++)
		fprintf(fp, "  %-32s %4zu\n", subs[i].name, subs[i].tasklets);
	if (a->classified)
		print_class_summary(a, opts, fp);

	/* one line per tasklet, grouped by subsystem in summary order */
	for (size_t s = 0; s < n_subs; s++) {
		fprintf(fp, "\n%s%s%s\n", bold, subs[s].name, off);
		for (size_t i = 0; i < a->n_tasklets; i++) {
			const ta_tasklet *t = &a->tasklets[i];
			if (strcmp(t->subsystem, subs[s].name) != 0 || !ta_report_selected(t, opts))
				continue;
			const char *file = t->file ? t->file : "?";
			b.len = 0;
			summarize(t, &b);
			fprintf(fp, "%s:%u: %s\n", file, t->line, b.s);
			if (opts && opts->verbose) {
				b.len = 0;
				describe(t, &b);
				fprintf(fp, "%s:%u: note: %s\n", file, t->line, b.s);
			}
			print_findings(fp, t);
			if (show_behavior(t, opts))
				print_behavior(fp, t, opts && opts->verbose);
		}
	}
	if (a->n_unresolved)
		fprintf(fp,
			"\n%zu sites name no tasklet object the indexer could resolve "
			"(see the JSON report's unresolved_sites)\n",
			a->n_unresolved);
	for (size_t i = 0, first = 1; i < a->n_files; i++) {
		const ta_file_entry *f = &a->files[i];
		if (f->status == TA_STATUS_PARSED)
			continue;
		if (first)
			fprintf(fp, "\nfiles not parsed cleanly:\n");
		first = 0;
		fprintf(fp, "%s: %s: %s\n", f->path, ta_status_name(f->status),
			f->reason ? f->reason : "");
	}
	ta_buf_free(&b);
	free(subs);
	return ferror(fp) ? -1 : 0;
}

const struct ta_report_ops ta_report_text = {.name = "text", .write = write_text};
