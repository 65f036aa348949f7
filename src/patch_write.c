// SPDX-License-Identifier: GPL-2.0-only
/*
 * patch_write.c - formats one conversion as a mail git am accepts: the
 * headers, the wrapped changelog, the diffstat git prints and one
 * `diff --git` section per file, hunks from our own differ.
 */
#include "patch_write.h"

#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "maintainers.h"
#include "srcedit.h"
#include "udiff.h"
#include "util.h"

void ta_patch_wrap(const char *para, unsigned width, char **out)
{
	ta_buf b = {0};
	const char *p = para;
	unsigned col = 0;
	const char *indent = ta_str_starts(para, "- ") ? "  " : "";

	while (*p) {
		const char *w = p;
		size_t n;
		while (*w == ' ')
			w++;
		n = strcspn(w, " ");
		if (!n)
			break;
		if (col > 0 && col + 1 + n > width) {
			ta_buf_putc(&b, '\n');
			ta_buf_puts(&b, indent);
			col = (unsigned)strlen(indent);
		} else if (col > 0) {
			ta_buf_putc(&b, ' ');
			col++;
		}
		ta_buf_add(&b, w, n);
		col += (unsigned)n;
		p = w + n;
	}
	*out = ta_buf_steal(&b);
}

char *ta_patch_filename(unsigned number, const char *subject)
{
	ta_buf b = {0};
	bool dash = false;

	ta_buf_printf(&b, "%04u-", number);
	for (const char *p = subject; *p && b.len < 5 + 52; p++) {
		if (ta_lex_ident_char(*p) || *p == '.') {
			if (dash && b.s[b.len - 1] != '-')
				ta_buf_putc(&b, '-');
			ta_buf_putc(&b, *p);
			dash = false;
		} else {
			dash = true;
		}
	}
	while (b.len > 5 && (b.s[b.len - 1] == '-' || b.s[b.len - 1] == '.'))
		b.s[--b.len] = '\0';
	ta_buf_puts(&b, ".patch");
	return ta_buf_steal(&b);
}

/* "To: a,\n    b\n" as git format-patch folds its --to/--cc recipients; nothing for none. */
static void recipients_header(ta_buf *b, const char *name, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ta_buf_printf(b, "%s%s%s\n", i ? "    " : name, v[i], i + 1 < n ? "," : "");
}

static void diffstat_line(ta_buf *b, const char *path, size_t width, unsigned digits, unsigned add,
			  unsigned del, unsigned max_changes, unsigned graph)
{
	unsigned total = add + del, pa = add, pd = del;

	if (max_changes > graph && total) {
		/* scale like git: at least one mark for a non-zero count */
		pa = add ? (unsigned)(((unsigned long)add * graph + max_changes - 1) / max_changes)
			 : 0;
		pd = del ? (unsigned)(((unsigned long)del * graph + max_changes - 1) / max_changes)
			 : 0;
		if (pa + pd > graph) {
			if (pa > pd)
				pa = graph - pd;
			else
				pd = graph - pa;
		}
	}
	ta_buf_printf(b, " %-*s | %*u ", (int)width, path, (int)digits, total);
	for (unsigned i = 0; i < pa; i++)
		ta_buf_putc(b, '+');
	for (unsigned i = 0; i < pd; i++)
		ta_buf_putc(b, '-');
	ta_buf_putc(b, '\n');
}

/* The diffs of the changed files into *diffs and their stats into st; how many changed. */
static size_t diff_files(const struct ta_patch_file *files, size_t n, struct ta_diffstat *st,
			 ta_buf *diffs)
{
	size_t changed = 0;

	for (size_t i = 0; i < n; i++) {
		const struct ta_patch_file *f = &files[i];
		char *h = ta_udiff(f->path, f->old_text, f->old_len, f->new_text, f->new_len, 3,
				   &st[i]);
		if (*h) {
			if (diffs) {
				ta_buf_printf(diffs, "diff --git a/%s b/%s\n", f->path, f->path);
				ta_buf_puts(diffs, h);
			}
			changed++;
		}
		free(h);
	}
	return changed;
}

/* git's diffstat of the files whose stats are st: the graph lines and the summary line. */
static void diffstat(ta_buf *out, const struct ta_patch_file *files, size_t n,
		     const struct ta_diffstat *st, size_t changed)
{
	size_t width = 0;
	unsigned add = 0, del = 0, max_changes = 0, digits = 1;

	for (size_t i = 0; i < n; i++) {
		if (!(st[i].added + st[i].removed))
			continue;
		if (strlen(files[i].path) > width)
			width = strlen(files[i].path);
		add += st[i].added;
		del += st[i].removed;
		if (st[i].added + st[i].removed > max_changes)
			max_changes = st[i].added + st[i].removed;
	}
	for (unsigned m = max_changes; m >= 10; m /= 10)
		digits++;
	{
		/* git: the graph gets what is left of 80 columns */
		size_t graph = 80 > width + digits + 6 ? 80 - width - digits - 6 : 10;
		if (graph > 50)
			graph = 50;
		for (size_t i = 0; i < n; i++)
			if (st[i].added + st[i].removed)
				diffstat_line(out, files[i].path, width, digits, st[i].added,
					      st[i].removed, max_changes, (unsigned)graph);
	}
	ta_buf_printf(out, " %zu file%s changed", changed, changed == 1 ? "" : "s");
	if (add)
		ta_buf_printf(out, ", %u insertion%s(+)", add, add == 1 ? "" : "s");
	if (del)
		ta_buf_printf(out, ", %u deletion%s(-)", del, del == 1 ? "" : "s");
	ta_buf_putc(out, '\n');
}

/* The mbox "From " line, From:, Date:, Subject: with its [tag], To: and Cc:, the blank line. */
static void mail_headers(ta_buf *out, const struct ta_patch_desc *d)
{
	ta_buf_puts(out,
		    "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n");
	ta_buf_printf(out, "From: %s\nDate: %s\n", d->author, d->date);
	if (d->tag)
		ta_buf_printf(out, "Subject: [%s] %s\n", d->tag, d->subject);
	else if (d->parts > 1)
		ta_buf_printf(out, "Subject: [PATCH %u/%u] %s\n", d->part, d->parts, d->subject);
	else
		ta_buf_printf(out, "Subject: [PATCH] %s\n", d->subject);
	recipients_header(out, "To: ", d->to, d->n_to);
	recipients_header(out, "Cc: ", d->cc, d->n_cc);
	ta_buf_putc(out, '\n');
}

static int path_cmp(const void *a, const void *b)
{
	return strcmp(((const struct ta_patch_file *)a)->path,
		      ((const struct ta_patch_file *)b)->path);
}

/* A copy of d's files by path, as git format-patch orders them (the writer edits in its own). */
static struct ta_patch_file *by_path(const struct ta_patch_desc *d)
{
	struct ta_patch_file *files = xcalloc(d->n_files ? d->n_files : 1, sizeof(*files));

	if (d->n_files)
		memcpy(files, d->files, d->n_files * sizeof(*files));
	ta_sort(files, d->n_files, sizeof(*files), path_cmp);
	return files;
}

char *ta_patch_format(const struct ta_patch_desc *d)
{
	ta_buf out = {0}, diffs = {0};
	struct ta_diffstat *st = xcalloc(d->n_files ? d->n_files : 1, sizeof(*st));
	struct ta_patch_file *files = by_path(d);
	size_t changed;
	char *body = xstrdup(d->body ? d->body : ""), *save = NULL;

	changed = diff_files(files, d->n_files, st, &diffs);
	if (!changed) {
		free(st);
		free(files);
		free(body);
		ta_buf_free(&diffs);
		return NULL;
	}
	mail_headers(&out, d);
	/* paragraphs, wrapped at 72 columns */
	for (char *para = strtok_r(body, "\n", &save); para; para = strtok_r(NULL, "\n", &save)) {
		char *w;
		ta_patch_wrap(para, 72, &w);
		ta_buf_printf(&out, "%s\n", w);
		free(w);
		/* list items stay together; a blank line after other paragraphs */
		if (!save || !ta_str_starts(save, "- ") ||
		    (!ta_str_starts(para, "- ") && !ta_str_ends(para, ":")))
			ta_buf_putc(&out, '\n');
	}
	if (d->signoff)
		ta_buf_printf(&out, "Signed-off-by: %s\n", d->signoff);
	else if (out.len >= 2 && out.s[out.len - 1] == '\n' && out.s[out.len - 2] == '\n')
		out.s[--out.len] = '\0';
	ta_buf_puts(&out, "---\n");
	diffstat(&out, files, d->n_files, st, changed);
	ta_buf_putc(&out, '\n');
	ta_buf_puts(&out, diffs.s);
	ta_buf_printf(&out, "-- \ntasklet-audit %s\n\n", TA_VERSION);
	free(st);
	free(files);
	free(body);
	ta_buf_free(&diffs);
	return ta_buf_steal(&out);
}

char *ta_patch_format_cover(const struct ta_patch_desc *d, const char *shortlog)
{
	ta_buf out = {0};
	struct ta_diffstat *st = xcalloc(d->n_files ? d->n_files : 1, sizeof(*st));
	struct ta_patch_file *files = by_path(d);
	size_t changed = diff_files(files, d->n_files, st, NULL);

	mail_headers(&out, d);
	ta_buf_puts(&out, d->body ? d->body : "");
	if (out.len && out.s[out.len - 1] != '\n')
		ta_buf_putc(&out, '\n');
	ta_buf_putc(&out, '\n');
	if (shortlog && *shortlog) {
		ta_buf_puts(&out, shortlog);
		ta_buf_putc(&out, '\n');
	}
	if (changed) {
		diffstat(&out, files, d->n_files, st, changed);
		ta_buf_putc(&out, '\n');
	}
	ta_buf_printf(&out, "-- \ntasklet-audit %s\n\n", TA_VERSION);
	free(st);
	free(files);
	return ta_buf_steal(&out);
}

char *ta_patch_format_addressed(const ta_maintainers *m, struct ta_patch_desc *d,
				struct ta_recipients *rc)
{
	const char **paths = xcalloc(d->n_files + 1, sizeof(*paths));
	char *text = ta_patch_format(d);

	memset(rc, 0, sizeof(*rc));
	for (size_t i = 0; i < d->n_files; i++)
		paths[i] = d->files[i].path;
	for (int round = 0; text && m && round < 8; round++) {
		struct ta_recipients next;
		ta_maintainers_query(m, paths, d->n_files, text, &next);
		if (ta_recipients_equal(&next, rc)) {
			ta_recipients_clear(&next);
			break;
		}
		ta_recipients_clear(rc);
		*rc = next;
		d->to = (const char *const *)rc->to;
		d->n_to = rc->n_to;
		d->cc = (const char *const *)rc->cc;
		d->n_cc = rc->n_cc;
		free(text);
		text = ta_patch_format(d);
	}
	free(paths);
	return text;
}
