// SPDX-License-Identifier: GPL-2.0-only
/*
 * review_export.c - turns a review's accepted decisions into a call of the
 * patch writer (ta_patch_run, patch.h): only the accepted, non-stale ids,
 * each with the mechanism the reviewer picked (NULL: its recommendation).
 * A preview runs the writer on one tasklet into a temporary directory;
 * the model keeps it (ta_review_preview_put) so that a page opens at once
 * the second time, and with a cache directory so does the facts cache
 * (cache.h), for the next review of the same report.
 */
#include "review_export.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache.h"
#include "diag.h"
#include "mechanism.h"
#include "outdir.h"
#include "patch.h"
#include "rules.h"
#include "util.h"

/* The patch writer's name for a mechanism: the report's name is not the --to
 * name (mechanism.h); a name without one is passed on for the writer to refuse. */
static const char *patch_target(const char *mechanism)
{
	int m = ta_mech_from_name(mechanism);
	const char *to = m < 0 ? NULL : ta_mech_to((enum ta_mech)m);

	return to ? to : mechanism;
}

/* The accepted, non-stale decisions: ids and picked mechanisms (borrowed from rv). */
static size_t accepted(const ta_review *rv, const char ***ids, const char ***mechs, bool *picked,
		       size_t *stale)
{
	const ta_audit *a = ta_review_audit(rv);
	size_t n = 0;

	*ids = xcalloc(a->n_tasklets + 1, sizeof(**ids));
	*mechs = xcalloc(a->n_tasklets + 1, sizeof(**mechs));
	*picked = false;
	*stale = 0;
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_review_decision *d = ta_review_decision_of(rv, i);
		if (!d || d->decision != TA_DECISION_ACCEPT)
			continue;
		if (d->stale) {
			(*stale)++;
			continue;
		}
		(*ids)[n] = a->tasklets[i].id;
		(*mechs)[n] = patch_target(d->mechanism);
		*picked |= d->mechanism != NULL;
		n++;
	}
	return n;
}

/* What one run of the writer did with the tasklets it was given. */
struct written {
	size_t patches;     /* patch files in dir */
	size_t tasklets;    /* tasklets converted */
	size_t refused;     /* refused or not needed */
	char *first_reason; /* why the first of those was not converted */
};

static size_t count_patches(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)))
		n += de->d_name[0] != '.' && ta_str_ends(de->d_name, ".patch");
	closedir(d);
	return n;
}

/* Run the patch writer on ids into dir (created if missing), published whole. */
static int run_writer(const ta_review *rv, const char *dir, const char **ids, const char **mechs,
		      bool picked, size_t n, struct written *w)
{
	const ta_audit *a = ta_review_audit(rv);
	struct ta_patch_opts o = {
		.to = "auto",
		.only_ids = ids,
		.mechanisms = picked ? mechs : NULL,
		.n_only = n,
		.force_api = ta_review_patch_opts(rv)->force_api,
		.cache_dir = ta_review_patch_opts(rv)->cache_dir,
	};
	ta_outdir *od = ta_outdir_open(dir);
	ta_patch_outcome **out = NULL;
	int rc, was_quiet;

	memset(w, 0, sizeof(*w));
	if (!od)
		return -1;
	o.outdir = ta_outdir_path(od);
	/*
	 * the review reads the audit only; what became of each tasklet is
	 * counted here.  The writer's closing note is the caller's to word,
	 * and on the review's screen it would land in the middle of the page.
	 */
	was_quiet = ta_diag_set_quiet(1);
	rc = ta_patch_run(a, &o, &out);
	ta_diag_set_quiet(was_quiet);
	for (size_t i = 0; out && i < a->n_tasklets; i++) {
		if (!out[i])
			continue;
		if (out[i]->status == TA_PATCH_WRITTEN) {
			w->tasklets++;
		} else {
			w->refused++;
			if (!w->first_reason && out[i]->reason)
				w->first_reason = xstrdup(out[i]->reason);
		}
		ta_patch_outcome_free(&out[i]);
	}
	free(out);
	if (rc != 0) {
		ta_outdir_abort(&od);
		return rc;
	}
	w->patches = count_patches(o.outdir);
	return ta_outdir_commit(&od);
}

/* Every regular file of dir, sorted, concatenated. */
static char *read_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;
	ta_buf b = {0};

	if (!d)
		return NULL;
	while ((de = readdir(d)))
		if (de->d_name[0] != '.')
			TA_PUSH(names, n, cap, xstrdup(de->d_name));
	closedir(d);
	ta_sort(names, n, sizeof(*names), ta_strptr_cmp);
	for (size_t i = 0; i < n; i++) {
		char *path = ta_path_join(dir, names[i]);
		char *text = ta_read_file(path, NULL);
		if (text)
			ta_buf_puts(&b, text);
		free(text);
		unlink(path);
		free(path);
		free(names[i]);
	}
	free(names);
	return b.len ? ta_buf_steal(&b) : (ta_buf_free(&b), NULL);
}

int ta_review_export(ta_review *rv, const char *dir, char **msg)
{
	struct written w = {0};
	const char **ids, **mechs;
	size_t stale, n;
	bool picked;
	int rc;

	n = accepted(rv, &ids, &mechs, &picked, &stale);
	if (n == 0) {
		*msg = xasprintf("nothing to export: no accepted tasklet%s",
				 stale ? " (stale decisions are not exported until made again)"
				       : "");
		rc = TA_EXIT_USAGE;
		goto out;
	}
	if (run_writer(rv, dir, ids, mechs, picked, n, &w) != 0) {
		*msg = xasprintf("export to '%s' failed", dir);
		rc = TA_EXIT_FAILURE;
		goto out;
	}
	{
		ta_buf m = {0};
		ta_buf_printf(&m, "exported %zu patch%s for %zu of %zu accepted tasklet%s to '%s'",
			      w.patches, w.patches == 1 ? "" : "es", w.tasklets, n,
			      n == 1 ? "" : "s", dir);
		if (w.refused == 1)
			ta_buf_printf(&m, "; not written: 1 (%s)",
				      w.first_reason ? w.first_reason : "refused");
		else if (w.refused > 1)
			ta_buf_printf(&m, "; not written: %zu (the first: %s)", w.refused,
				      w.first_reason ? w.first_reason : "refused");
		if (stale)
			ta_buf_puts(&m, " (stale decisions left out)");
		*msg = ta_buf_steal(&m);
	}
	rc = 0;
out:
	free(w.first_reason);
	free(ids);
	free(mechs);
	return rc;
}

/* The --to name of the mechanism tasklet i's preview is made for (NULL: its recommendation). */
static const char *preview_target(const ta_review *rv, size_t i)
{
	/* a mechanism the writer has no --to for ("manual") is its recommendation's */
	int m = ta_mech_from_name(ta_review_mechanism(rv, i));

	return m < 0 ? NULL : ta_mech_to((enum ta_mech)m);
}

bool ta_review_preview_ready(const ta_review *rv, size_t i)
{
	const char *text, *note;

	return i < ta_review_audit(rv)->n_tasklets &&
	       ta_review_preview_get(rv, i, preview_target(rv, i), &text, &note);
}

/* Run the writer on tasklet i alone into a temporary directory. */
static char *compute_preview(ta_review *rv, size_t i, const char *to, char **note)
{
	const ta_audit *a = ta_review_audit(rv);
	const char *ids[1], *mechs[1];
	struct written w = {0};
	char *dir, *text = NULL;

	ids[0] = a->tasklets[i].id;
	mechs[0] = to;
	dir = xasprintf("%s/tasklet-audit-preview.XXXXXX", ta_tmp_dir());
	if (!mkdtemp(dir)) {
		*note = xasprintf("cannot make a temporary directory in %s: %s", ta_tmp_dir(),
				  strerror(errno));
		free(dir);
		return NULL;
	}
	if (run_writer(rv, dir, ids, mechs, mechs[0] != NULL, 1, &w) == 0)
		text = read_dir(dir);
	else
		free(read_dir(dir)); /* remove anything half written */
	rmdir(dir);
	free(dir);
	if (!text) {
		/*
		 * a saved report has no function facts: a callback defined away
		 * from its tasklet's files is found only by an audit of the tree
		 */
		const char *hint = a->n_funcs == 0 && w.first_reason &&
						   strstr(w.first_reason,
							  "cannot find the definition")
					   ? " (a saved report lacks the audit's function facts: "
					     "review the tree itself for this preview)"
					   : "";
		*note = mechs[0] ? xasprintf("none written for %s: %s%s", mechs[0],
					     w.first_reason ? w.first_reason : "the writer failed",
					     hint)
				 : xasprintf("no patch: %s%s",
					     w.first_reason ? w.first_reason : "the writer failed",
					     hint);
	}
	free(w.first_reason);
	return text;
}

/* Add path (below tree when relative) to the dependencies when it exists. */
static void add_dep(char ***deps, size_t *n, size_t *cap, const char *tree, const char *path)
{
	char *abs;

	if (!path)
		return;
	abs = path[0] == '/' || !tree ? realpath(path, NULL) : ta_path_join(tree, path);
	if (!abs)
		return;
	for (size_t k = 0; k < *n; k++)
		if (strcmp((*deps)[k], abs) == 0) {
			free(abs);
			return;
		}
	if (access(abs, R_OK) != 0) {
		free(abs);
		return;
	}
	TA_PUSH(*deps, *n, *cap, abs);
}

/*
 * The disk cache's key of tasklet i's preview for to, and what the entry
 * depends on: the report (the facts), the patch rules, the files of the
 * tasklet (its own, its callback's, its sites'), the tree's workqueue.h
 * (the API check) and MAINTAINERS (the recipients).  Not followed: other
 * files of the driver's directory and the headers the validating re-parse
 * reads; a tree path with a new line in it cannot be a key (no entry).  A change to any of
 * them, by content, makes the entry stale; the tool version is in the key.
 */
static char *disk_key(ta_review *rv, size_t i, const char *to, char ***deps, size_t *n)
{
	const ta_audit *a = ta_review_audit(rv);
	const ta_tasklet *t = &a->tasklets[i];
	const struct ta_review_patch_opts *o = ta_review_patch_opts(rv);
	const char *rules = a->rules_dir ? a->rules_dir : ta_rules_default_dir();
	char *conversions = ta_path_join(rules, "patch/conversions.json");
	char *subjects = ta_path_join(rules, "patch/subjects.json");
	size_t cap = 0;

	*deps = NULL;
	*n = 0;
	add_dep(deps, n, &cap, NULL, o->report);
	add_dep(deps, n, &cap, NULL, conversions);
	add_dep(deps, n, &cap, NULL, subjects);
	add_dep(deps, n, &cap, a->tree, t->file);
	add_dep(deps, n, &cap, a->tree, t->decl_file);
	add_dep(deps, n, &cap, a->tree, t->callback_file);
	for (size_t k = 0; k < t->n_init; k++)
		add_dep(deps, n, &cap, a->tree, t->init_sites[k].file);
	for (size_t k = 0; k < t->n_sites; k++)
		add_dep(deps, n, &cap, a->tree, t->sites[k].file);
	add_dep(deps, n, &cap, a->tree, "include/linux/workqueue.h");
	add_dep(deps, n, &cap, a->tree, "MAINTAINERS");
	free(conversions);
	free(subjects);
	/* the build too: a rebuilt writer may answer otherwise (TA_VERSION does not change) */
	return xasprintf("preview 2 %s %016llx %s %s %s %s", TA_VERSION,
			 (unsigned long long)ta_exe_hash(), a->tree ? a->tree : "-", t->id,
			 to ? to : "-", o->force_api ? "force-api" : "-");
}

char *ta_review_patch_preview(ta_review *rv, size_t i, char **note)
{
	const char *to, *ctext, *cnote;
	ta_cache *disk = ta_review_preview_disk(rv);
	char *text, *key = NULL, *hit = NULL, **deps = NULL;
	size_t n_deps = 0;

	*note = NULL;
	if (i >= ta_review_audit(rv)->n_tasklets) {
		*note = xstrdup("no tasklet");
		return NULL;
	}
	to = preview_target(rv, i);
	if (ta_review_preview_get(rv, i, to, &ctext, &cnote)) {
		*note = cnote ? xstrdup(cnote) : NULL;
		return ctext ? xstrdup(ctext) : NULL;
	}
	/* on disk: "T\n" and the diff, or "N\n" and the note */
	if (disk) {
		key = disk_key(rv, i, to, &deps, &n_deps);
		if (strchr(key, '\n')) {
			free(key);
			key = NULL;
		}
		hit = key ? ta_cache_lookup(disk, key) : NULL;
	}
	if (hit && (hit[0] == 'T' || hit[0] == 'N') && hit[1] == '\n') {
		text = hit[0] == 'T' ? xstrdup(hit + 2) : NULL;
		*note = hit[0] == 'N' ? xstrdup(hit + 2) : NULL;
		ta_review_preview_put(rv, i, to, text, *note);
		goto out;
	}
	text = compute_preview(rv, i, to, note);
	/* a temporary directory that could not be made is not the writer's answer */
	if (text || !*note || !ta_str_starts(*note, "cannot make a temporary directory")) {
		ta_review_preview_put(rv, i, to, text, *note);
		if (key) {
			char *entry = xasprintf("%c\n%s", text ? 'T' : 'N',
						text    ? text
						: *note ? *note
							: "");
			ta_cache_store(disk, key, (const char *const *)deps, n_deps, entry);
			free(entry);
		}
	}
out:
	free(hit);
	free(key);
	for (size_t k = 0; k < n_deps; k++)
		free(deps[k]);
	free(deps);
	return text;
}
