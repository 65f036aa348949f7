// SPDX-License-Identifier: GPL-2.0-only
/*
 * review_detail.c - builds the detail page of one tasklet as styled lines
 * (see review_detail.h).  Source files are read once per page; text from
 * the tree is cleaned so that no byte can disturb the terminal.
 */
#include "review_detail.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "classify.h"
#include "rules.h"
#include "util.h"

#define SRC_BEFORE_INIT 3
#define SRC_AFTER_INIT 3
#define SRC_AROUND_USE 2

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 when invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t k = 1; k < len; k++)
		if ((s[k] & 0xc0) != 0x80)
			return 0;
	return len;
}

char *ta_detail_clean(const char *s, size_t n)
{
	ta_buf b = {0};
	size_t col = 0;

	for (size_t i = 0; i < n && s[i];) {
		const unsigned char c = (unsigned char)s[i];
		size_t len;
		if (c == '\t') {
			do
				ta_buf_putc(&b, ' ');
			while (++col % 8);
			i++;
			continue;
		}
		if (c < 0x20 || c == 0x7f) {
			ta_buf_putc(&b, c == '\r' ? ' ' : '?');
			col++;
			i++;
			continue;
		}
		len = utf8_len((const unsigned char *)s + i, n - i);
		if (!len) {
			ta_buf_putc(&b, '?');
			len = 1;
		} else {
			ta_buf_add(&b, s + i, len);
		}
		col++;
		i += len;
	}
	return ta_buf_steal(&b);
}

struct page {
	ta_detail *d;
	int cols;
	ta_strmap files; /* path -> index in texts */
	char **texts;    /* file contents, or NULL when unreadable */
	int *errs;
	size_t n_texts, cap_texts, cap_errs;
};

static void add_line(struct page *p, enum ta_style style, const char *text, size_t n)
{
	ta_detail_line l = {.style = style, .text = ta_detail_clean(text, n)};

	TA_PUSH(p->d->v, p->d->n, p->d->cap, l);
}

/* Add prose, wrapped at the page width on spaces; continuation lines get indent. */
static void add_wrapped(struct page *p, enum ta_style style, size_t indent, const char *text)
{
	size_t width = p->cols > 20 ? (size_t)p->cols - 1 : 19;
	size_t len = strlen(text), start = 0;
	bool first = true;

	if (indent > width / 2)
		indent = width / 2;
	do {
		size_t room = first ? width : width - indent;
		size_t take = len - start, cut;
		ta_buf b = {0};
		if (take > room) {
			cut = room;
			while (cut > room / 2 && text[start + cut] != ' ')
				cut--;
			take = cut > room / 2 ? cut : room;
		}
		if (!first)
			for (size_t k = 0; k < indent; k++)
				ta_buf_putc(&b, ' ');
		ta_buf_add(&b, text + start, take);
		add_line(p, style, b.s, b.len);
		ta_buf_free(&b);
		start += take;
		while (start < len && text[start] == ' ')
			start++;
		first = false;
	} while (start < len);
}

static void addf(struct page *p, enum ta_style style, size_t indent, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void addf(struct page *p, enum ta_style style, size_t indent, const char *fmt, ...)
{
	ta_buf b = {0};
	va_list ap;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	add_wrapped(p, style, indent, b.s ? b.s : "");
	ta_buf_free(&b);
}

static void blank(struct page *p)
{
	add_line(p, TA_STYLE_TEXT, "", 0);
}

/* The contents of a file below the tree (read once); NULL with *err set. */
static const char *file_text(struct page *p, const char *tree, const char *file, int *err)
{
	size_t *idx = ta_strmap_get(&p->files, file);
	char *path;

	if (!idx) {
		path = ta_path_join(tree ? tree : ".", file);
		TA_PUSH(p->texts, p->n_texts, p->cap_texts, ta_read_file(path, NULL));
		ta_grow((void **)&p->errs, &p->cap_errs, p->n_texts, sizeof(*p->errs));
		p->errs[p->n_texts - 1] = p->texts[p->n_texts - 1] ? 0 : errno;
		ta_strmap_put(&p->files, file, p->n_texts - 1);
		idx = ta_strmap_get(&p->files, file);
		free(path);
	}
	*err = p->errs[*idx];
	return p->texts[*idx];
}

/* Lines [line - before, line + after] of a file, the site's line marked. */
static void add_source(struct page *p, const char *tree, const char *file, unsigned line,
		       unsigned before, unsigned after)
{
	int err = 0;
	const char *text = file ? file_text(p, tree, file, &err) : NULL;
	unsigned first = line > before ? line - before : 1, no = 1;
	const char *s = text;

	if (!file || !line)
		return;
	if (!text) {
		addf(p, TA_STYLE_DIM, 6, "      (cannot read '%s': %s)", file, strerror(err));
		return;
	}
	while (*s && no < first) {
		const char *nl = strchr(s, '\n');
		if (!nl)
			break;
		s = nl + 1;
		no++;
	}
	for (; no <= line + after && *s; no++) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		char *src = ta_detail_clean(s, n);
		char *l = xasprintf("%s%6u | %s", no == line ? ">" : " ", no, src);
		add_line(p, no == line ? TA_STYLE_SOURCE_HIT : TA_STYLE_SOURCE, l, strlen(l));
		free(l);
		free(src);
		if (!nl)
			break;
		s = nl + 1;
	}
	if (no <= line)
		addf(p, TA_STYLE_DIM, 6,
		     "      ('%s' has no line %u: the tree changed since the scan?)", file, line);
}

static void add_reasons(struct page *p, const ta_reason *v, size_t n, enum ta_style style)
{
	for (size_t i = 0; i < n; i++)
		addf(p, style, 4, "  [%s] %s", v[i].rule, v[i].text);
}

static void section_identity(struct page *p, const ta_review *rv, size_t i)
{
	const ta_tasklet *t = &ta_review_audit(rv)->tasklets[i];
	const ta_review_decision *d = ta_review_decision_of(rv, i);

	addf(p, TA_STYLE_TITLE, 2, "%s", t->name ? t->name : t->key);
	addf(p, TA_STYLE_DIM, 4, "  id %s  key %s", t->id, t->key);
	addf(p, TA_STYLE_TEXT, 4, "  %s:%u  (%s, %s, initialized by %s)", t->file ? t->file : "?",
	     t->line, t->subsystem ? t->subsystem : "-", ta_scope_name(t->scope),
	     t->init_api == TA_API_NONE ? "nothing" : ta_api_name(t->init_api));
	if (t->callback && t->callback_file)
		addf(p, TA_STYLE_TEXT, 4, "  callback %s at %s:%u (%s signature)", t->callback,
		     t->callback_file, t->callback_line, ta_sig_name(t->sig));
	else if (t->callback)
		addf(p, TA_STYLE_TEXT, 4, "  callback %s (%s signature)", t->callback,
		     ta_sig_name(t->sig));
	if (t->data)
		addf(p, TA_STYLE_TEXT, 4, "  data %s (%s)", t->data,
		     ta_data_kind_name(t->data_kind));
	if (!t->active)
		addf(p, TA_STYLE_WARN, 4, "  inactive in this configuration");
	if (!d) {
		addf(p, TA_STYLE_DIM, 4, "  decision: undecided");
	} else {
		char when[32];
		time_t tt = (time_t)d->when;
		struct tm tm;
		if (!gmtime_r(&tt, &tm) || !strftime(when, sizeof(when), "%Y-%m-%d %H:%M UTC", &tm))
			strcpy(when, "?");
		addf(p,
		     d->stale                            ? TA_STYLE_WARN
		     : d->decision == TA_DECISION_ACCEPT ? TA_STYLE_GOOD
		     : d->decision == TA_DECISION_REJECT ? TA_STYLE_BAD
							 : TA_STYLE_TEXT,
		     4, "  decision: %s%s%s (%s)%s", ta_decision_name(d->decision),
		     d->mechanism ? " with " : "", d->mechanism ? d->mechanism : "", when,
		     d->stale ? " - STALE: the tasklet's code changed since this decision" : "");
		if (d->comment)
			addf(p, TA_STYLE_TEXT, 4, "  comment: %s", d->comment);
	}
}

static void section_class(struct page *p, const ta_tasklet *t)
{
	const ta_classification *c = ta_classification_of(t);

	blank(p);
	addf(p, TA_STYLE_HEADING, 2, "Class: %s", c->cls ? c->cls : "(not classified)");
	add_reasons(p, c->class_reasons, c->n_class_reasons, TA_STYLE_TEXT);
	if (c->n_traits) {
		ta_buf b = {0};
		for (size_t k = 0; k < c->n_traits; k++)
			ta_buf_printf(&b, "%s%s", k ? ", " : "", c->traits[k]);
		addf(p, TA_STYLE_TEXT, 4, "  callback traits: %s", b.s);
		ta_buf_free(&b);
	}
	if (c->bh_exclusion)
		addf(p, TA_STYLE_TEXT, 4, "  shares a lock taken with spin_lock_bh (BH exclusion)");
}

static void section_recommendation(struct page *p, const ta_review *rv, size_t i)
{
	const ta_tasklet *t = &ta_review_audit(rv)->tasklets[i];
	const ta_recommendation *r = &ta_classification_of(t)->rec;

	blank(p);
	if (!r->mechanism) {
		addf(p, TA_STYLE_HEADING, 2, "Recommendation: (none)");
		return;
	}
	addf(p, TA_STYLE_HEADING, 2, "Recommendation: %s%s%s, confidence %.2f", r->mechanism,
	     r->queue ? " on " : "", r->queue ? r->queue : "", r->confidence);
	add_reasons(p, r->reasons, r->n_reasons, TA_STYLE_TEXT);
	if (r->n_alternatives) {
		ta_buf b = {0};
		for (size_t k = 0; k < r->n_alternatives; k++)
			ta_buf_printf(&b, "%s%s", k ? ", " : "", r->alternatives[k]);
		addf(p, TA_STYLE_TEXT, 4, "  alternatives: %s", b.s);
		ta_buf_free(&b);
	}
	if (r->n_blockers) {
		addf(p, TA_STYLE_BAD, 4, "  blockers (no mechanical rewrite):");
		add_reasons(p, r->blockers, r->n_blockers, TA_STYLE_BAD);
	}
}

static void section_findings(struct page *p, const ta_tasklet *t)
{
	const ta_classification *c = ta_classification_of(t);

	blank(p);
	addf(p, TA_STYLE_HEADING, 2, "Findings: %zu", c->n_findings);
	for (size_t k = 0; k < c->n_findings; k++) {
		const ta_finding *f = &c->findings[k];
		enum ta_style st = strcmp(f->severity, "error") == 0     ? TA_STYLE_BAD
				   : strcmp(f->severity, "warning") == 0 ? TA_STYLE_WARN
									 : TA_STYLE_TEXT;
		addf(p, st, 4, "  %s [%s] %s:%u: %s", f->severity, f->rule, f->file ? f->file : "?",
		     f->line, f->text);
	}
}

static void add_diff(struct page *p, const struct ta_behavior_diff *d, enum ta_style st)
{
	bool benign = d->relevance && strcmp(d->relevance, "benign") == 0;

	addf(p, benign ? TA_STYLE_DIM : st, 4, "  %s%s: %s", d->property,
	     d->safety ? " (safety)" : "", d->explanation);
	if (d->relevance)
		addf(p, benign ? TA_STYLE_DIM : TA_STYLE_WARN, 6, "    %s: %s", d->relevance,
		     d->relevance_reason ? d->relevance_reason : "");
	if (d->n_trace)
		addf(p, TA_STYLE_DIM, 6, "    trace on %s:", d->trace_model);
	for (size_t j = 0; j < d->n_trace; j++) /* the events come numbered */
		addf(p, TA_STYLE_TEXT, 8, "      %s", d->trace[j]);
	if (d->other_model && d->n_other_trace)
		addf(p, TA_STYLE_DIM, 6, "    the same on %s:", d->other_model);
	for (size_t j = 0; d->other_model && j < d->n_other_trace; j++)
		addf(p, TA_STYLE_TEXT, 8, "      %s", d->other_trace[j]);
	for (size_t j = 0; j < d->n_lines; j++)
		addf(p, TA_STYLE_DIM, 8, "      at %s", d->lines[j]);
}

static void section_behavior(struct page *p, const ta_review *rv, size_t i)
{
	const ta_behavior *b = ta_review_behavior(rv, i);
	enum ta_style st;

	blank(p);
	if (!b) {
		addf(p, TA_STYLE_HEADING, 2, "Behaviour: no verdict");
		return;
	}
	st = strcmp(b->verdict, "equivalent") == 0 ? TA_STYLE_GOOD
	     : strcmp(b->verdict, "unsafe") == 0   ? TA_STYLE_BAD
	     : strcmp(b->verdict, "differs") == 0  ? TA_STYLE_WARN
						   : TA_STYLE_DIM;
	if (b->assessment && strcmp(b->assessment, "benign") == 0)
		st = TA_STYLE_DIM;
	addf(p, st, 2, "Behaviour: %s%s%s%s%s", b->verdict, b->target ? " against " : "",
	     b->target ? b->target : "", b->assessment ? ", " : "",
	     b->assessment ? b->assessment : "");
	if (b->reason)
		addf(p, TA_STYLE_TEXT, 4, "  %s", b->reason);
	if (b->target)
		addf(p, TA_STYLE_DIM, 4, "  %zu states explored%s", b->states_explored,
		     b->complete ? "" : " (a bound cut the search short)");
	for (size_t k = 0; k < b->n_diffs; k++)
		add_diff(p, &b->diffs[k], st);
	if (b->n_hazards)
		addf(p, TA_STYLE_BAD, 4,
		     "  hazards the tasklet already has and the conversion keeps:");
	for (size_t k = 0; k < b->n_hazards; k++)
		add_diff(p, &b->hazards[k], TA_STYLE_BAD);
	for (size_t k = 0; k < b->n_notes; k++)
		addf(p, TA_STYLE_DIM, 6, "  note: %s", b->notes[k]);
}

static char *role_list(unsigned roles)
{
	ta_buf b = {0};

	for (int r = 0; r < TA_ROLE_COUNT; r++)
		if (roles & TA_ROLE_BIT(r))
			ta_buf_printf(&b, "%s%s", b.len ? "," : "", ta_role_name((enum ta_role)r));
	return ta_buf_steal(&b);
}

static void section_source(struct page *p, const ta_review *rv, size_t i)
{
	const ta_audit *a = ta_review_audit(rv);
	const ta_tasklet *t = &a->tasklets[i];

	blank(p);
	addf(p, TA_STYLE_HEADING, 2, "Source: %zu init site%s, %zu use site%s", t->n_init,
	     t->n_init == 1 ? "" : "s", t->n_sites, t->n_sites == 1 ? "" : "s");
	if (!t->n_init && t->decl_file) {
		addf(p, TA_STYLE_DIM, 4, "  declared at %s:%u", t->decl_file, t->decl_line);
		add_source(p, a->tree, t->decl_file, t->decl_line, SRC_BEFORE_INIT, SRC_AFTER_INIT);
	}
	for (size_t k = 0; k < t->n_init; k++) {
		const ta_site *s = &t->init_sites[k];
		addf(p, TA_STYLE_DIM, 4, "  init %s at %s:%u%s%s%s%s", ta_api_name(s->api),
		     s->file ? s->file : "?", s->line, s->function ? " in " : "",
		     s->function ? s->function : "", s->function ? "()" : "",
		     s->active ? "" : " (inactive)");
		add_source(p, a->tree, s->file, s->line, SRC_BEFORE_INIT, SRC_AFTER_INIT);
	}
	for (size_t k = 0; k < t->n_sites; k++) {
		const ta_site *s = &t->sites[k];
		const ta_site_context *sc = ta_site_context_of(t, k);
		char *roles = role_list(sc->roles);
		addf(p, TA_STYLE_DIM, 4, "  %s at %s:%u%s%s%s%s%s%s%s", ta_api_name(s->api),
		     s->file ? s->file : "?", s->line, s->function ? " in " : "",
		     s->function ? s->function : "", s->function ? "()" : "",
		     *roles ? " - context " : "", roles, sc->atomic_lock ? ", spinlock held" : "",
		     s->active ? "" : " (inactive)");
		if (s->via)
			addf(p, TA_STYLE_DIM, 6, "    through %s", s->via);
		if (s->through)
			addf(p, TA_STYLE_DIM, 6, "    through the pointer field %s", s->through);
		if (sc->context)
			addf(p, TA_STYLE_DIM, 6, "    %s", sc->context);
		add_source(p, a->tree, s->file, s->line, SRC_AROUND_USE, SRC_AROUND_USE);
		free(roles);
	}
}

static void section_patch(struct page *p, const char *patch, const char *note)
{
	const char *s = patch;

	blank(p);
	addf(p, TA_STYLE_HEADING, 2, "Patch%s%s", note ? ": " : "", note ? note : "");
	while (s && *s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		enum ta_style st = TA_STYLE_TEXT;
		if (n >= 3 && (strncmp(s, "+++", 3) == 0 || strncmp(s, "---", 3) == 0))
			st = TA_STYLE_DIFF_FILE;
		else if (n >= 4 && strncmp(s, "diff", 4) == 0)
			st = TA_STYLE_DIFF_FILE;
		else if (n >= 2 && strncmp(s, "@@", 2) == 0)
			st = TA_STYLE_DIFF_HUNK;
		else if (*s == '+')
			st = TA_STYLE_DIFF_ADD;
		else if (*s == '-')
			st = TA_STYLE_DIFF_DEL;
		add_line(p, st, s, n);
		s = nl ? nl + 1 : NULL;
	}
}

ta_detail *ta_detail_build(const ta_review *rv, size_t i, int cols, const char *patch,
			   const char *patch_note)
{
	struct page p = {.d = xcalloc(1, sizeof(ta_detail)), .cols = cols};
	const ta_audit *a = ta_review_audit(rv);

	if (i >= a->n_tasklets) {
		addf(&p, TA_STYLE_DIM, 0, "(no tasklet)");
		return p.d;
	}
	section_identity(&p, rv, i);
	section_class(&p, &a->tasklets[i]);
	section_recommendation(&p, rv, i);
	section_findings(&p, &a->tasklets[i]);
	section_behavior(&p, rv, i);
	section_source(&p, rv, i);
	section_patch(&p, patch, patch_note);
	for (size_t k = 0; k < p.n_texts; k++)
		free(p.texts[k]);
	free(p.texts);
	free(p.errs);
	ta_strmap_free(&p.files);
	return p.d;
}

void ta_detail_free(ta_detail **dp)
{
	ta_detail *d = *dp;

	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		free(d->v[i].text);
	free(d->v);
	free(d);
	*dp = NULL;
}
