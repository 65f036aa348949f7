// SPDX-License-Identifier: GPL-2.0-only
/*
 * reportmemo.c - the last audit's report of a tree, kept in the facts
 * cache (reportmemo.h).  An entry is a cache entry (cache.h): its key names
 * the tree and subtree; its dependency is MAINTAINERS when the tree has
 * one; its text is the identity line, "M\tabsent" when MAINTAINERS was
 * absent, a line "W\tok|no\tTO\tTASKLET\tWHY" per answer of the patch
 * writer the classifier used, then "R" and the JSON report (no "timing").
 */
#include "reportmemo.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache.h"
#include "diag.h"
#include "report.h"
#include "report_read.h"
#include "util.h"

struct answer {
	char *tasklet_key;
	char *to;
	bool ok;
	char *why; /* NULL when ok */
};

struct ta_reportmemo {
	ta_cache *cache;
	char *key;      /* the tree and subtree */
	char *identity; /* everything else the report is a function of, one line */
	char *maintainers;
	struct answer *answers;
	size_t n_answers, cap_answers;
	bool unusable; /* an answer the text cannot hold: nothing is kept */
};

/* Can s stand in a field of a line (no tab, no newline)? */
static bool one_field(const char *s)
{
	return s && !strpbrk(s, "\t\n");
}

ta_reportmemo *ta_reportmemo_open(const ta_audit *a, const ta_writememo *w, const char *rules_dir)
{
	ta_reportmemo *m;
	ta_cache *c;

	if (!w || !a->cache_dir || !(c = ta_cache_open(a->cache_dir)))
		return NULL;
	m = xcalloc(1, sizeof(*m));
	m->cache = c;
	m->key = xasprintf("tasklet-audit %s report\t%s\t%s", TA_VERSION, a->tree,
			   a->subtree ? a->subtree : "");
	m->identity = xasprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%zu", ta_writememo_identity(w),
				a->subtree ? a->subtree : "", a->tree_id ? a->tree_id : "",
				a->kernel_version ? a->kernel_version : "",
				a->libclang_version ? a->libclang_version : "",
				a->config_source ? a->config_source : "",
				a->flags_source ? a->flags_source : "", rules_dir,
				a->c_files_scanned);
	m->maintainers = ta_path_join(a->tree, "MAINTAINERS");
	m->unusable = strchr(m->key, '\n') || strchr(m->identity, '\n');
	return m;
}

void ta_reportmemo_free(ta_reportmemo **mp)
{
	ta_reportmemo *m = *mp;

	if (!m)
		return;
	for (size_t i = 0; i < m->n_answers; i++) {
		free(m->answers[i].tasklet_key);
		free(m->answers[i].to);
		free(m->answers[i].why);
	}
	free(m->answers);
	ta_cache_free(&m->cache);
	free(m->key);
	free(m->identity);
	free(m->maintainers);
	free(m);
	*mp = NULL;
}

void ta_reportmemo_answer(ta_reportmemo *m, const char *tasklet_key, const char *to, bool ok,
			  const char *why)
{
	struct answer an;

	if (!m || m->unusable)
		return;
	if (!one_field(tasklet_key) || !one_field(to) || (!ok && (!why || strchr(why, '\n')))) {
		m->unusable = true;
		return;
	}
	an = (struct answer){.tasklet_key = xstrdup(tasklet_key),
			     .to = xstrdup(to),
			     .ok = ok,
			     .why = ok ? NULL : xstrdup(why)};
	TA_PUSH(m->answers, m->n_answers, m->cap_answers, an);
}

/* Is MAINTAINERS absent now (and not merely unreadable)? */
static bool maintainers_absent(const ta_reportmemo *m)
{
	struct stat st;

	return lstat(m->maintainers, &st) != 0 && errno == ENOENT; /* as ta_maintainers_load() */
}

/* Does the writer memo still give the answer of line "ok|no\tTO\tTASKLET\tWHY"? */
static bool answer_current(ta_writememo *w, char *line)
{
	char *to = strchr(line, '\t'), *tasklet = to ? strchr(to + 1, '\t') : NULL;
	char *why_was = tasklet ? strchr(tasklet + 1, '\t') : NULL, *why = NULL;
	bool was_ok = strncmp(line, "ok\t", 3) == 0, ok = false, same;

	if (!why_was || (!was_ok && strncmp(line, "no\t", 3) != 0))
		return false;
	*to++ = *tasklet++ = *why_was++ = '\0';
	same = ta_writememo_get_key(w, tasklet, to, &ok, &why) && ok == was_ok &&
	       (ok || (why && strcmp(why, why_was) == 0));
	free(why);
	return same;
}

ta_audit *ta_reportmemo_get(ta_reportmemo *m, ta_writememo *w)
{
	char *text, *line, *nl;
	size_t id_len;
	ta_audit *a = NULL;

	if (!m || m->unusable || !w || !(text = ta_cache_lookup(m->cache, m->key)))
		return NULL;
	id_len = strlen(m->identity);
	if (strncmp(text, m->identity, id_len) != 0 || text[id_len] != '\n') {
		free(text);
		return NULL;
	}
	for (line = text + id_len + 1; (nl = strchr(line, '\n')); line = nl + 1) {
		*nl = '\0';
		if (strcmp(line, "R") == 0) {
			const char *json = nl + 1;
			if (ta_report_parse("the report memo", json, strlen(json), &a) !=
			    TA_EXIT_OK)
				a = NULL;
			break;
		}
		if (strcmp(line, "M\tabsent") == 0) {
			if (!maintainers_absent(m))
				break;
		} else if (strncmp(line, "W\t", 2) != 0 || !answer_current(w, line + 2)) {
			break;
		}
	}
	free(text);
	return a;
}

void ta_reportmemo_put(ta_reportmemo *m, const ta_audit *a)
{
	const struct ta_report_opts all = {0}; /* every tasklet, with its traces */
	char *json = NULL, *deps[1];
	size_t json_len = 0, n_deps = 0;
	ta_buf text = {0};
	FILE *fp;

	if (!m || m->unusable || ta_audit_count_status(a, TA_STATUS_FAILED) > 0)
		return;
	if (!(fp = open_memstream(&json, &json_len)))
		return;
	if (ta_report_json.write(a, fp, &all) != 0) {
		fclose(fp);
		free(json);
		return;
	}
	fclose(fp);
	ta_buf_printf(&text, "%s\n", m->identity);
	if (maintainers_absent(m))
		ta_buf_puts(&text, "M\tabsent\n");
	else
		deps[n_deps++] = m->maintainers;
	for (size_t i = 0; i < m->n_answers; i++) {
		const struct answer *an = &m->answers[i];
		ta_buf_printf(&text, "W\t%s\t%s\t%s\t%s\n", an->ok ? "ok" : "no", an->to,
			      an->tasklet_key, an->ok ? "" : an->why);
	}
	ta_buf_puts(&text, "R\n");
	ta_buf_add(&text, json, json_len);
	ta_cache_store(m->cache, m->key, (const char *const *)deps, n_deps, text.s);
	free(json);
	ta_buf_free(&text);
}
