// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_series.c - the --series output of the patch writer: the patches
 * collected as they are written, grouped by the MAINTAINERS section that
 * takes them, split into series of at most max (sizes balanced), numbered
 * "[PATCH k/n]", each series in its own directory with a cover letter
 * whose blurb summarises the drivers, the mechanisms and why, what the
 * reference core found and what was checked.
 */
#include "patch_series.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "behavior.h"
#include "classify.h"
#include "diag.h"
#include "mechanism.h"
#include "outfile.h"
#include "relevance.h"
#include "rules.h"
#include "util.h"

/* One written patch, copied. */
struct spatch {
	char *author, *date, *subject, *body, *signoff;
	struct ta_patch_file *files;
	char **texts; /* the old and new texts files point to */
	size_t n_files;
	const ta_tasklet **tasklets;
	char **migrations;
	size_t n_tasklets;
	const char *section; /* the MAINTAINERS section (owned by the maintainers), or NULL */
	char *group;         /* what the series is grouped by */
	bool joined;         /* a conversion after its preparation: never apart from it */
	const char **spans;  /* the sections taking its files, when more than one (owned by m) */
	size_t n_spans;
};

struct ta_series {
	struct ta_series_opts o;
	char *outdir;
	struct spatch *patches;
	size_t n, cap;
};

ta_series *ta_series_new(const struct ta_series_opts *o)
{
	ta_series *s = xcalloc(1, sizeof(*s));

	s->o = *o;
	s->outdir = xstrdup(o->outdir);
	s->o.outdir = s->outdir;
	if (!s->o.max)
		s->o.max = 1;
	return s;
}

static void spatch_free(struct spatch *p)
{
	free(p->author);
	free(p->date);
	free(p->subject);
	free(p->body);
	free(p->signoff);
	for (size_t i = 0; i < 2 * p->n_files; i++)
		free(p->texts[i]);
	for (size_t i = 0; i < p->n_files; i++)
		free((char *)p->files[i].path);
	free(p->texts);
	free(p->files);
	for (size_t i = 0; i < p->n_tasklets; i++)
		free(p->migrations[i]);
	free(p->migrations);
	free(p->tasklets);
	free(p->group);
	free(p->spans);
}

void ta_series_free(ta_series **sp)
{
	ta_series *s = *sp;

	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		spatch_free(&s->patches[i]);
	free(s->patches);
	free(s->outdir);
	free(s);
	*sp = NULL;
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* The first component of a subject's prefix ("dmaengine" of "dmaengine: pl330: ..."). */
static char *first_component(const char *subject)
{
	size_t n = strcspn(subject, ": ");

	return xstrndup(subject, n);
}

void ta_series_add(ta_series *s, const struct ta_patch_desc *d, const ta_tasklet *const *tasklets,
		   const char *const *migrations, size_t n, bool joined)
{
	struct spatch p = {0};
	const char **paths = xcalloc(d->n_files + 1, sizeof(*paths));

	p.author = xstrdup(d->author);
	p.date = xstrdup(d->date);
	p.subject = xstrdup(d->subject);
	p.body = xstrdup(d->body ? d->body : "");
	p.signoff = dup_or_null(d->signoff);
	p.n_files = d->n_files;
	p.files = xcalloc(d->n_files + 1, sizeof(*p.files));
	p.texts = xcalloc(2 * d->n_files + 1, sizeof(*p.texts));
	for (size_t i = 0; i < d->n_files; i++) {
		const struct ta_patch_file *f = &d->files[i];
		p.texts[2 * i] = xstrndup(f->old_text, f->old_len);
		p.texts[2 * i + 1] = xstrndup(f->new_text, f->new_len);
		p.files[i].path = xstrdup(f->path);
		p.files[i].old_text = p.texts[2 * i];
		p.files[i].old_len = f->old_len;
		p.files[i].new_text = p.texts[2 * i + 1];
		p.files[i].new_len = f->new_len;
		paths[i] = f->path;
	}
	p.n_tasklets = n;
	p.tasklets = xcalloc(n + 1, sizeof(*p.tasklets));
	p.migrations = xcalloc(n + 1, sizeof(*p.migrations));
	for (size_t i = 0; i < n; i++) {
		p.tasklets[i] = tasklets[i];
		p.migrations[i] = xstrdup(migrations[i]);
	}
	/* a tasklet shared across subsystems (hyperv.h's): the sections of its files */
	for (size_t i = 0; i < d->n_files && s->o.maintainers; i++) {
		const char *sec = ta_maintainers_section(s->o.maintainers, &paths[i], 1,
							 TA_SECTION_TREE);
		bool seen = !sec;
		for (size_t k = 0; k < p.n_spans && !seen; k++)
			seen = strcmp(p.spans[k], sec) == 0;
		if (!seen) {
			p.spans = xrealloc(p.spans, (p.n_spans + 1) * sizeof(*p.spans));
			p.spans[p.n_spans++] = sec;
		}
	}
	if (p.n_spans < 2) {
		free(p.spans);
		p.spans = NULL;
		p.n_spans = 0;
	}
	p.joined = joined && s->n > 0;
	if (p.joined) { /* in its preparation's series */
		p.section = s->patches[s->n - 1].section;
		p.group = xstrdup(s->patches[s->n - 1].group);
	} else {
		p.section = ta_maintainers_section(s->o.maintainers, paths, d->n_files,
						   TA_SECTION_TREE);
		p.group = p.section ? xstrdup(p.section) : first_component(d->subject);
	}
	free(paths);
	TA_PUSH(s->patches, s->n, s->cap, p);
}

/* ------------------------------------------------------------ the blurb */

/* text wrapped at 72 columns, the first line indented by in1, the others by in2. */
static void wrapped(ta_buf *b, const char *text, unsigned in1, unsigned in2)
{
	unsigned col = 0;
	const char *p = text;

	while (*p) {
		size_t n;
		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (!n)
			break;
		if (col == 0) {
			ta_buf_printf(b, "%*s", (int)in1, "");
			col = in1;
		} else if (col + 1 + n > 72) {
			ta_buf_printf(b, "\n%*s", (int)in2, "");
			col = in2;
		} else {
			ta_buf_putc(b, ' ');
			col++;
		}
		ta_buf_add(b, p, n);
		col += (unsigned)n;
		p += n;
	}
	ta_buf_putc(b, '\n');
}

static void item(ta_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A "- " list item, wrapped with its continuation lines indented by 2. */
static void item(ta_buf *b, const char *fmt, ...)
{
	ta_buf t = {0};
	va_list ap;

	ta_buf_puts(&t, "- ");
	va_start(ap, fmt);
	ta_buf_vprintf(&t, fmt, ap);
	va_end(ap);
	wrapped(b, t.s, 0, 2);
	ta_buf_free(&t);
}

/* The mechanism a tasklet got and why: the recommendation's reason. */
static void mechanism_item(ta_buf *b, const ta_tasklet *t, const char *mig)
{
	int m = ta_mech_from_to(mig);
	const char *name = m >= 0 ? ta_mech_name((enum ta_mech)m) : mig;
	const ta_recommendation *rec = &ta_classification_of(t)->rec;
	const ta_reason *why = rec->n_reasons ? &rec->reasons[0] : NULL;
	ta_buf x = {0};

	ta_buf_printf(&x, "%s", t->name);
	if (t->callback)
		ta_buf_printf(&x, " (callback %s())", t->callback);
	if (m < 0)
		ta_buf_puts(&x, ": tasklet_setup(), the modernization: no change of mechanism");
	else if (rec->mechanism && strcmp(rec->mechanism, name) == 0)
		ta_buf_printf(&x, ": %s, as recommended (confidence %.2f)", name, rec->confidence);
	else if (rec->mechanism)
		ta_buf_printf(&x, ": %s, as asked; the recommendation is %s", name, rec->mechanism);
	else
		ta_buf_printf(&x, ": %s, as asked (the tasklet is not classified)", name);
	if (m >= 0 && why)
		ta_buf_printf(&x, ": %s [%s]", why->text, why->rule);
	item(b, "%s", x.s);
	ta_buf_free(&x);
}

/* What the reference core found for t under mig's model. */
static void behaviour_item(ta_buf *b, const ta_rules *rules, const ta_tasklet *t, const char *mig)
{
	int m = ta_mech_from_to(mig);
	ta_behavior *bh;
	ta_buf props = {0};
	size_t n_obs = 0;

	if (m < 0) {
		item(b, "%s: behaviour unchanged: the modernization keeps the tasklet", t->name);
		return;
	}
	bh = ta_behavior_check(t, ta_mech_name((enum ta_mech)m), NULL);
	if (rules)
		ta_relevance_assess(rules, t, bh);
	if (strcmp(bh->verdict, "not_checked") == 0) {
		item(b, "%s: behaviour not checked: %s", t->name, bh->reason ? bh->reason : "?");
		ta_behavior_free(&bh);
		return;
	}
	for (size_t i = 0; i < bh->n_diffs; i++) {
		const struct ta_behavior_diff *d = &bh->diffs[i];
		bool obs = d->safety || (d->relevance && strcmp(d->relevance, "observable") == 0);
		n_obs += obs;
		if (!obs)
			ta_buf_printf(&props, "%s%s", props.len ? ", " : "", d->property);
	}
	if (!bh->n_diffs)
		item(b, "%s: equivalent: no difference on the reference core", t->name);
	else if (!n_obs)
		item(b, "%s: %s: %zu difference%s, none observable by the driver (%s)", t->name,
		     bh->assessment ? bh->assessment : bh->verdict, bh->n_diffs,
		     bh->n_diffs == 1 ? "" : "s", props.s);
	else
		item(b, "%s: %s: %zu difference%s, %zu observable:", t->name,
		     bh->assessment ? bh->assessment : bh->verdict, bh->n_diffs,
		     bh->n_diffs == 1 ? "" : "s", n_obs);
	for (size_t i = 0; i < bh->n_diffs && n_obs; i++) {
		const struct ta_behavior_diff *d = &bh->diffs[i];
		ta_buf t2 = {0};
		if (!d->safety && !(d->relevance && strcmp(d->relevance, "observable") == 0))
			continue;
		ta_buf_printf(&t2, "%s%s: %s", d->safety ? "unsafe: " : "", d->property,
			      d->explanation ? d->explanation : "");
		wrapped(b, t2.s, 2, 4);
		ta_buf_free(&t2);
	}
	/* why they matter to this driver, each reason once */
	for (size_t i = 0; i < bh->n_diffs && n_obs; i++) {
		const struct ta_behavior_diff *d = &bh->diffs[i];
		bool seen = false;
		ta_buf t2 = {0};
		if (!d->relevance_reason ||
		    !(d->safety || (d->relevance && strcmp(d->relevance, "observable") == 0)))
			continue;
		for (size_t k = 0; k < i && !seen; k++)
			seen = bh->diffs[k].relevance_reason &&
			       strcmp(bh->diffs[k].relevance_reason, d->relevance_reason) == 0;
		if (seen)
			continue;
		ta_buf_printf(&t2, "here: %s", d->relevance_reason);
		wrapped(b, t2.s, 2, 4);
		ta_buf_free(&t2);
	}
	for (size_t i = 0; i < bh->n_hazards; i++) {
		ta_buf t2 = {0};
		ta_buf_printf(&t2, "kept hazard: %s: %s", bh->hazards[i].property,
			      bh->hazards[i].explanation ? bh->hazards[i].explanation : "");
		wrapped(b, t2.s, 2, 4);
		ta_buf_free(&t2);
	}
	ta_buf_free(&props);
	ta_behavior_free(&bh);
}

/* What was checked for one patch, beyond what every patch had. */
static void checked_item(ta_buf *b, const ta_series *s, const struct spatch *p)
{
	ta_buf t = {0};
	bool inactive = false;

	for (size_t i = 0; i < p->n_tasklets; i++)
		inactive |= !p->tasklets[i]->active;
	ta_buf_puts(&t, "checked: re-parsed, no new error");
	for (size_t i = 0; i < p->n_files; i++) {
		const ta_file_entry *f = ta_audit_file(s->o.audit, p->files[i].path);
		if (f && f->status == TA_STATUS_DEGRADED)
			ta_buf_printf(&t,
				      "; %s has errors on x86_64 (another architecture's?), "
				      "so the re-parse checks less",
				      f->path);
	}
	if (inactive)
		ta_buf_puts(&t, "; the tasklet is not compiled in the audited configuration");
	item(b, "%s", t.s);
	ta_buf_free(&t);
}

/* "drivers/dma/pl330.c", or the first files and how many more. */
static char *files_list(const struct spatch *p)
{
	ta_buf b = {0};

	for (size_t i = 0; i < p->n_files && i < 3; i++)
		ta_buf_printf(&b, "%s%s", i ? ", " : "", p->files[i].path);
	if (p->n_files > 3)
		ta_buf_printf(&b, " and %zu more", p->n_files - 3);
	return ta_buf_steal(&b);
}

/* The driver as its subject names it: the prefix without its final ":" or " -". */
static char *driver_of(const struct spatch *p)
{
	char *pre = ta_subject_prefix_of(p->subject);

	if (!pre)
		return xstrdup(p->subject);
	pre[strlen(pre) - (ta_str_ends(pre, " -") ? 2 : 1)] = '\0';
	return pre;
}

/* v[i] is a preparation: the conversion after it is joined to it. */
static bool is_prep(struct spatch *const *v, size_t n, size_t i)
{
	return i + 1 < n && v[i + 1]->joined;
}

static char *blurb(const ta_series *s, const ta_rules *rules, struct spatch *const *v, size_t n,
		   unsigned part, unsigned parts)
{
	ta_buf b = {0}, t = {0};
	const char *section = v[0]->section;
	size_t drivers = n, preps = 0;

	for (size_t i = 0; i < n; i++)
		preps += v[i]->joined;
	drivers -= preps;
	ta_buf_printf(&t, "Tasklets are deprecated. This series converts the tasklets of %zu %s",
		      drivers, drivers == 1 ? "driver" : "drivers");
	if (section)
		ta_buf_printf(&t, " that %s takes (MAINTAINERS)", section);
	ta_buf_puts(&t, ", one patch per driver");
	if (preps)
		ta_buf_puts(&t,
			    ", two where a preparation patch (no functional change) comes first");
	if (parts > 1)
		ta_buf_printf(&t, "; it is part %u of %u", part, parts);
	ta_buf_puts(&t, ". Each patch's changelog says what changes in behaviour.");
	wrapped(&b, t.s, 0, 0);
	ta_buf_free(&t);
	ta_buf_puts(&b, "\n");
	wrapped(&b,
		"Per driver: each tasklet and the mechanism it now uses, with the "
		"recommendation's reason; what the reference core found when the "
		"tasklet's usage was checked against that mechanism's model; what was "
		"checked.",
		0, 0);
	for (size_t i = 0; i < n; i++) {
		const struct spatch *p = v[i];
		char *pre, *files;
		if (is_prep(v, n, i))
			continue; /* its conversion names the tasklets */
		pre = driver_of(p);
		files = files_list(p);
		ta_buf_putc(&b, '\n');
		ta_buf_printf(&t, "%s (%s)", pre, files);
		wrapped(&b, t.s, 0, 2);
		ta_buf_free(&t);
		for (size_t k = 0; k < p->n_tasklets; k++)
			mechanism_item(&b, p->tasklets[k], p->migrations[k]);
		for (size_t k = 0; k < p->n_tasklets; k++)
			behaviour_item(&b, rules, p->tasklets[k], p->migrations[k]);
		if (p->joined)
			item(&b, "first prepared by: %s", v[i - 1]->subject);
		if (p->n_spans) {
			ta_buf_printf(&t, "its files span %zu MAINTAINERS sections (", p->n_spans);
			for (size_t k = 0; k < p->n_spans; k++)
				ta_buf_printf(&t, "%s%s", k ? "; " : "", p->spans[k]);
			ta_buf_puts(&t, "): one patch, since the tasklet's declaration and "
					"every use of it change together; each section is "
					"addressed");
			item(&b, "%s", t.s);
			ta_buf_free(&t);
		}
		checked_item(&b, s, p);
		free(pre);
		free(files);
	}
	ta_buf_putc(&b, '\n');
	ta_buf_printf(&t,
		      "Every patch was re-parsed with libclang before it was written (%s flags, "
		      "the translation units of the patched files) and would have been refused "
		      "with more errors than the tree has. tasklet-audit builds nothing: build "
		      "each patch (make W=1) before sending.",
		      s->o.audit && s->o.audit->flags_source ? s->o.audit->flags_source : "its");
	wrapped(&b, t.s, 0, 0);
	ta_buf_free(&t);
	return ta_buf_steal(&b);
}

/* git's shortlog: "Name (N):" and the subjects wrapped at 72, indented 2 then 4. */
static char *shortlog(struct spatch *const *v, size_t n)
{
	ta_buf b = {0};
	const char *author = v[0]->author, *lt = strchr(author, '<');
	size_t len = lt ? (size_t)(lt - author) : strlen(author);

	while (len && author[len - 1] == ' ')
		len--;
	ta_buf_printf(&b, "%.*s (%zu):\n", (int)len, author, n);
	for (size_t i = 0; i < n; i++)
		wrapped(&b, v[i]->subject, 2, 4);
	return ta_buf_steal(&b);
}

/*
 * The cover's subject: the component most conversions start with, their
 * shared summary (the preparations left out).
 */
static char *cover_subject(struct spatch *const *v, size_t n, unsigned part, unsigned parts)
{
	char *best = NULL, *summary = NULL;
	size_t best_n = 0, n_conv = 0;
	ta_buf b = {0};

	for (size_t i = 0; i < n; i++) {
		char *c;
		size_t k = 0;
		if (is_prep(v, n, i))
			continue;
		n_conv++;
		c = first_component(v[i]->subject);
		for (size_t j = 0; j < n; j++) {
			char *d;
			if (is_prep(v, n, j))
				continue;
			d = first_component(v[j]->subject);
			k += strcmp(c, d) == 0;
			free(d);
		}
		if (k > best_n) {
			free(best);
			best = c;
			best_n = k;
		} else {
			free(c);
		}
	}
	for (size_t i = 0; i < n; i++) {
		char *pre;
		const char *sum;
		if (is_prep(v, n, i))
			continue;
		pre = ta_subject_prefix_of(v[i]->subject);
		sum = v[i]->subject + (pre ? strlen(pre) + 1 : 0);
		if (!summary)
			summary = xstrdup(sum);
		else if (strcmp(summary, sum) != 0) {
			free(summary);
			summary = xstrdup("Convert from tasklets");
			free(pre);
			break;
		}
		free(pre);
	}
	/* one driver ("bus: mhi: host:"): its whole prefix, not the first component */
	char *whole = n ? ta_subject_prefix_of(v[0]->subject) : NULL;
	for (size_t i = 1; whole && i < n; i++) {
		char *pre = ta_subject_prefix_of(v[i]->subject);
		if (!pre || strcmp(pre, whole) != 0) {
			free(whole);
			whole = NULL;
		}
		free(pre);
	}
	if (whole)
		ta_buf_printf(&b, "%s ", whole);
	else if (best && 2 * best_n > n_conv)
		ta_buf_printf(&b, "%s: ", best);
	free(whole);
	ta_buf_puts(&b, summary ? summary : "");
	if (parts > 1)
		ta_buf_printf(&b, " (part %u of %u)", part, parts);
	free(best);
	free(summary);
	return ta_buf_steal(&b);
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char *path = ta_path_join(dir, name);
	ta_outfile *of = ta_outfile_open(path);
	int rc = 0;

	if (!of || fputs(text, ta_outfile_stream(of)) == EOF || ta_outfile_commit(&of) != 0) {
		ta_outfile_abort(&of);
		rc = -1;
	}
	free(path);
	return rc;
}

/* One series: its patches numbered k/n, addressed, and the cover letter. */
static int write_one(const ta_series *s, const ta_rules *rules, unsigned k, struct spatch *const *v,
		     size_t n, unsigned part, unsigned parts)
{
	char *dir = xasprintf("%s/series-%u", s->o.outdir, k);
	const char *tag = ta_subject_series_tag(s->o.subjects, v[0]->section);
	char **texts = xcalloc(n + 1, sizeof(*texts));
	const char **paths = NULL;
	struct ta_patch_file *files = NULL;
	size_t n_paths = 0, cap_paths = 0, n_files = 0, cap_files = 0;
	struct ta_patch_desc cover = {0};
	struct ta_recipients rc = {0};
	char *ctag, *csubject, *cbody, *log, *ctext;
	int ret = 0;

	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		ta_error("cannot create '%s': %s", dir, strerror(errno));
		free(dir);
		free(texts);
		return TA_EXIT_FAILURE;
	}
	for (size_t i = 0; i < n && ret == 0; i++) {
		const struct spatch *p = v[i];
		struct ta_patch_desc d = {0};
		struct ta_recipients prc;
		char *ptag = xasprintf("PATCH%s%s %zu/%zu", tag ? " " : "", tag ? tag : "", i + 1,
				       n);
		char *name = ta_patch_filename((unsigned)(i + 1), p->subject);
		d.author = p->author;
		d.date = p->date;
		d.tag = ptag;
		d.subject = p->subject;
		d.body = p->body;
		d.signoff = p->signoff;
		d.files = p->files;
		d.n_files = p->n_files;
		texts[i] = ta_patch_format_addressed(s->o.maintainers, &d, &prc);
		if (!texts[i] || write_file(dir, name, texts[i]) != 0) {
			ta_error("cannot write '%s/%s'", dir, name);
			ret = TA_EXIT_FAILURE;
		}
		for (size_t f = 0; f < p->n_files; f++) {
			/* a file two patches change (a preparation, then its conversion): once */
			size_t at = 0;
			while (at < n_files && strcmp(files[at].path, p->files[f].path) != 0)
				at++;
			if (at < n_files) {
				files[at].new_text = p->files[f].new_text;
				files[at].new_len = p->files[f].new_len;
			} else {
				TA_PUSH(paths, n_paths, cap_paths, p->files[f].path);
				TA_PUSH(files, n_files, cap_files, p->files[f]);
			}
		}
		ta_recipients_clear(&prc);
		free(name);
		free(ptag);
	}
	/* the cover: addressed for the whole series, the diffstat of all its files */
	ta_maintainers_query_series(s->o.maintainers, paths, n_paths, (const char *const *)texts, n,
				    &rc);
	ctag = xasprintf("PATCH%s%s 0/%zu", tag ? " " : "", tag ? tag : "", n);
	csubject = cover_subject(v, n, part, parts);
	cbody = blurb(s, rules, v, n, part, parts);
	log = shortlog(v, n);
	cover.author = v[0]->author;
	cover.date = v[0]->date;
	cover.tag = ctag;
	cover.subject = csubject;
	cover.body = cbody;
	cover.to = (const char *const *)rc.to;
	cover.n_to = rc.n_to;
	cover.cc = (const char *const *)rc.cc;
	cover.n_cc = rc.n_cc;
	cover.files = files;
	cover.n_files = n_files;
	ctext = ta_patch_format_cover(&cover, log);
	if (ret == 0 && write_file(dir, "0000-cover-letter.patch", ctext) != 0) {
		ta_error("cannot write '%s/0000-cover-letter.patch'", dir);
		ret = TA_EXIT_FAILURE;
	}
	ta_recipients_clear(&rc);
	for (size_t i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	free(paths);
	free(files);
	free(ctag);
	free(csubject);
	free(cbody);
	free(log);
	free(ctext);
	free(dir);
	return ret;
}

int ta_series_write(ta_series *s)
{
	bool *done = xcalloc(s->n + 1, sizeof(*done));
	struct spatch **v = xcalloc(s->n + 1, sizeof(*v));
	size_t *sizes = xcalloc(s->n + 1, sizeof(*sizes)), n_sizes;
	ta_rules *rules = s->n ? ta_rules_load(s->o.rules_dir ? s->o.rules_dir
							      : ta_rules_default_dir())
			       : NULL;
	unsigned k = 0;
	int rc = 0;

	/* the groups in the order their first patch was written */
	for (size_t i = 0; i < s->n && rc == 0; i++) {
		size_t n = 0, parts, at = 0;
		if (done[i])
			continue;
		for (size_t j = i; j < s->n; j++)
			if (!done[j] && strcmp(s->patches[j].group, s->patches[i].group) == 0) {
				done[j] = true;
				v[n++] = &s->patches[j];
			}
		/*
		 * balanced: 31 patches with at most 15 are 11 + 10 + 10; a
		 * preparation and its conversion are never apart (the cut
		 * moves before the preparation, with --max-series 1 after the
		 * conversion)
		 */
		parts = (n + s->o.max - 1) / s->o.max;
		n_sizes = 0;
		for (size_t left = n, done_parts = 0; left; done_parts++) {
			size_t want = (left + s->o.max - 1) / s->o.max;
			size_t p_left = parts > done_parts && parts - done_parts > want
						? parts - done_parts
						: want;
			size_t size = (left + p_left - 1) / p_left;
			if (size < left && v[n - left + size]->joined)
				size += size > 1 ? (size_t)-1 : 1;
			sizes[n_sizes++] = size;
			left -= size;
		}
		parts = n_sizes;
		for (size_t part = 0; part < parts && rc == 0; part++) {
			size_t size = sizes[part];
			rc = write_one(s, rules, ++k, v + at, size, (unsigned)part + 1,
				       (unsigned)parts);
			if (rc == 0 && v[at]->section)
				ta_diag(TA_NOTE, NULL, 0, 0, "series-%u: %zu patch%s for %s", k,
					size, size == 1 ? "" : "es", v[at]->section);
			else if (rc == 0)
				ta_diag(TA_NOTE, NULL, 0, 0,
					"series-%u: %zu patch%s '%s:' (no MAINTAINERS section)", k,
					size, size == 1 ? "" : "es", v[at]->group);
			at += size;
		}
	}
	ta_rules_free(&rules);
	free(v);
	free(sizes);
	free(done);
	return rc;
}
