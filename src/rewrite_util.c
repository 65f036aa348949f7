// SPDX-License-Identifier: GPL-2.0-only
/*
 * rewrite_util.c - what every rewriter shares: the outcome of converting
 * one tasklet (a refusal's reason, changelog notes), locating a call at a
 * model site, the tasklet's declaration and a function's definition,
 * rewriting a call's argument list without disturbing its layout,
 * checking that tasklet_init()'s data is the tasklet's container, tab
 * indentation and kernel-doc tags.  Anything the model and the lexer
 * cannot pin down exactly is refused with a reason: a wrong patch is worse
 * than none.
 */
#include "rewrite_util.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "util.h"

void ta_rw_clear(ta_rw *rw)
{
	free(rw->reason);
	rw->reason = NULL;
	for (size_t i = 0; i < rw->n_notes; i++)
		free(rw->notes[i]);
	free(rw->notes);
	rw->notes = NULL;
	rw->n_notes = rw->cap_notes = 0;
	free(rw->cb_proto);
	rw->cb_proto = NULL;
	free(rw->work_name);
	rw->work_name = NULL;
}

unsigned ta_rw_line(const ta_rw *rw, const char *file, unsigned line)
{
	if (rw->base)
		ta_srcset_move(rw->base, file, &line, NULL);
	return line;
}

int ta_rw_refuse(ta_rw *rw, const char *fmt, ...)
{
	va_list ap;
	ta_buf b = {0};

	if (rw->reason)
		return TA_RW_REFUSED;
	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	rw->reason = ta_buf_steal(&b);
	return TA_RW_REFUSED;
}

int ta_rw_refuse_through(ta_rw *rw, const ta_site *s)
{
	return ta_rw_refuse(rw,
			    "%s:%u: %s() on '%s'%s%s%s reaches this tasklet through the pointer "
			    "field %s: the field becomes a work_struct pointer, and every other "
			    "use of it changes too: convert by hand",
			    s->file, s->line, ta_api_name(s->api), s->text ? s->text : "?",
			    s->function ? " in " : "", s->function ? s->function : "",
			    s->function ? "()" : "", s->through);
}

int ta_rw_refuse_compiled_out(ta_rw *rw)
{
	const ta_tasklet *t = rw->t;
	const ta_site *in = t->n_init ? &t->init_sites[0] : NULL;
	const ta_file_entry *fe = in ? ta_audit_file(rw->audit, in->file) : NULL;

	if (in && t->scope == TA_SCOPE_UNRESOLVED && fe && fe->status == TA_STATUS_DEGRADED) {
		/* the struct holding it is compiled out (tsi721: CONFIG_RAPIDIO off) */
		const char *first = fe->reason ? strstr(fe->reason, "error: ") : NULL;
		return ta_rw_refuse(rw,
				    "%s:%u: the tasklet's type is unknown: %s parses with %u "
				    "errors in this configuration%s%s%s; audit with a .config that "
				    "builds it (--config FILE), or convert it by hand",
				    in->file, in->line, fe->path, fe->n_errors,
				    first ? " (first: " : "", first ? first + 7 : "",
				    first ? ")" : "");
	}
	if (t->active || t->n_init == 0)
		return TA_RW_DONE;
	return ta_rw_refuse(rw,
			    "%s:%u: every init site is compiled out in this configuration (an "
			    "option that is off): no parsed code to rewrite; audit with a "
			    ".config that enables it (--config FILE), or convert it by hand",
			    t->init_sites[0].file, t->init_sites[0].line);
}

void ta_rw_note(ta_rw *rw, const char *fmt, ...)
{
	va_list ap;
	ta_buf b = {0};
	char *s;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	s = ta_buf_steal(&b);
	for (size_t i = 0; i < rw->n_notes; i++)
		if (strcmp(rw->notes[i], s) == 0) {
			free(s);
			return;
		}
	TA_PUSH(rw->notes, rw->n_notes, rw->cap_notes, s);
}

int ta_rw_find_call(const ta_src *src, unsigned line, unsigned col, const char *name,
		    size_t *name_off, size_t *open)
{
	size_t a = ta_src_line(src, line), e = ta_src_line_end(src, line), p, q;

	if (a == TA_NPOS)
		return -1;
	p = TA_NPOS;
	if (col > 0 && a + col - 1 < e)
		p = ta_lex_find_ident(src->text, a + col - 1, e, name, true);
	if (p == TA_NPOS)
		p = ta_lex_find_ident(src->text, a, e, name, true);
	if (p == TA_NPOS)
		return -1;
	q = ta_lex_skip(src->text, src->len, p + strlen(name));
	if (q >= src->len || src->text[q] != '(')
		return -1;
	*name_off = p;
	*open = q;
	return 0;
}

bool ta_rw_next_define(const ta_src *src, ta_lexer *lx, struct ta_define *d)
{
	ta_tok tk;

	while (ta_lex_next(lx, &tk) != TA_TOK_END) {
		size_t end = tk.off + tk.len, p, q, m;
		if (tk.kind != TA_TOK_DIRECTIVE)
			continue;
		p = ta_lex_skip(src->text, end, tk.off + 1);
		if (end - p < 6 || strncmp(src->text + p, "define", 6) != 0)
			continue;
		q = ta_lex_skip(src->text, end, p + 6);
		for (m = q; m < end && ta_lex_ident_char(src->text[m]); m++)
			;
		if (m == q || m >= end || src->text[m] != '(')
			continue;
		d->at = tk.off;
		d->end = end;
		d->name = q;
		d->name_len = m - q;
		return true;
	}
	return false;
}

int ta_rw_find_macro(const ta_src *src, const char *name, size_t *at, size_t *end)
{
	ta_lexer lx;
	struct ta_define d;

	ta_lexer_init(&lx, src->text, src->len, 0, TA_LEX_DIRECTIVES);
	while (ta_rw_next_define(src, &lx, &d))
		if (d.name_len == strlen(name) &&
		    strncmp(src->text + d.name, name, d.name_len) == 0) {
			*at = d.at;
			*end = d.end;
			return 0;
		}
	return -1;
}

/* The arguments of the call or expansion whose '(' is at open, trimmed; -1 past max. */
static int arg_texts(const char *s, size_t len, size_t open, char **out, int max)
{
	size_t st[16], en[16];
	int n = ta_lex_args(s, len, open, st, en, max < 16 ? max : 16);

	for (int i = 0; i < n; i++)
		out[i] = ta_lex_norm(s + st[i], en[i] - st[i]);
	return n;
}

static void free_texts(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
}

int ta_rw_find_macro_callback(const ta_src *src, unsigned line, const char *cb,
			      struct ta_macro_cb *out)
{
	const char *s = src->text;
	size_t a = ta_src_line(src, line), e = ta_src_line_end(src, line), q, m, mopen, popen;
	char *name, *args[16], *params[16];
	int na, np, rc = -1;

	memset(out, 0, sizeof(*out));
	if (a == TA_NPOS)
		return -1;
	q = ta_lex_skip(s, e, a);
	for (m = q; m < e && ta_lex_ident_char(s[m]); m++)
		;
	if (m == q || (mopen = ta_lex_skip(s, src->len, m)) >= src->len || s[mopen] != '(')
		return -1;
	name = xstrndup(s + q, m - q);
	if (ta_rw_find_macro(src, name, &out->def, &out->def_end) != 0) {
		free(name);
		return -1;
	}
	popen = ta_lex_skip(s, out->def_end,
			    ta_lex_find_ident(s, out->def, out->def_end, name, false) +
				    strlen(name));
	na = arg_texts(s, src->len, mopen, args, 16);
	np = arg_texts(s, out->def_end, popen, params, 16);
	if (na >= 0 && np == na) {
		size_t body = ta_lex_match(s, out->def_end, popen);
		for (const char *h = body == TA_NPOS
					     ? NULL
					     : memmem(s + body, out->def_end - body, "##", 2);
		     h && rc != 0; h = memmem(h + 2, (size_t)(s + out->def_end - h - 2), "##", 2)) {
			size_t hp = (size_t)(h - s), xa, xe, pa, pe;
			xe = hp;
			while (xe > body && (s[xe - 1] == ' ' || s[xe - 1] == '\t'))
				xe--;
			for (xa = xe; xa > body && ta_lex_ident_char(s[xa - 1]); xa--)
				;
			pa = hp + 2;
			while (pa < out->def_end && (s[pa] == ' ' || s[pa] == '\t'))
				pa++;
			for (pe = pa; pe < out->def_end && ta_lex_ident_char(s[pe]); pe++)
				;
			for (int k = 0; k < np && xe > xa && pe > pa; k++) {
				size_t open;
				if (strlen(params[k]) != pe - pa ||
				    strncmp(params[k], s + pa, pe - pa) ||
				    strlen(cb) != xe - xa + strlen(args[k]) ||
				    strncmp(cb, s + xa, xe - xa) || strcmp(cb + (xe - xa), args[k]))
					continue;
				open = ta_lex_skip(s, out->def_end, pe);
				if (open >= out->def_end || s[open] != '(')
					continue;
				out->name_off = xa;
				out->open = open;
				out->param = k;
				out->prefix = xstrndup(s + xa, xe - xa);
				rc = 0;
				break;
			}
		}
	}
	if (rc == 0) {
		/* what every expansion of the macro in the file writes */
		size_t cap = 0;
		out->macro = name;
		name = NULL;
		for (size_t p = ta_lex_find_ident(s, 0, src->len, out->macro, true); p != TA_NPOS;
		     p = ta_lex_find_ident(s, p + 1, src->len, out->macro, true)) {
			size_t o = ta_lex_skip(s, src->len, p + strlen(out->macro));
			char *ea[16];
			int n;
			if ((p >= out->def && p < out->def_end) || o >= src->len || s[o] != '(')
				continue;
			n = arg_texts(s, src->len, o, ea, 16);
			if (n > out->param) {
				char *w = xasprintf("%s%s", out->prefix, ea[out->param]);
				TA_PUSH(out->written, out->n_written, cap, w);
			}
			free_texts(ea, n);
		}
	}
	free(name);
	free_texts(args, na);
	free_texts(params, np);
	return rc;
}

void ta_macro_cb_clear(struct ta_macro_cb *m)
{
	for (size_t i = 0; i < m->n_written; i++)
		free(m->written[i]);
	free(m->written);
	free(m->macro);
	free(m->prefix);
	memset(m, 0, sizeof(*m));
}

/* Is name a callback some init site of rw->t installs? */
static bool installs(const ta_rw *rw, const char *name)
{
	const ta_tasklet *t = rw->t;

	if (t->callback && strcmp(t->callback, name) == 0)
		return true;
	for (size_t i = 0; i < t->n_init; i++)
		if (t->init_sites[i].callback && strcmp(t->init_sites[i].callback, name) == 0)
			return true;
	return false;
}

/*
 * cb written by the driver macro expanded on cb_line (talitos'
 * DEF_TALITOS1_DONE): its definition is edited in the macro, for every
 * expansion at once, so every expansion must write a callback of this
 * tasklet.  TA_RW_NOT_NEEDED: no macro writes cb there.
 */
int ta_rw_macro_callback(ta_rw *rw, const ta_src *src, unsigned cb_line, const char *cb,
			 size_t *name_off, size_t *open)
{
	struct ta_macro_cb mc;
	int rc = TA_RW_DONE;

	if (ta_rw_find_macro_callback(src, cb_line, cb, &mc) != 0)
		return TA_RW_NOT_NEEDED;
	for (size_t i = 0; i < mc.n_written && rc == TA_RW_DONE; i++)
		if (!installs(rw, mc.written[i]))
			rc = ta_rw_refuse(rw,
					  "%s:%u: the macro %s that writes %s() also writes %s(), "
					  "which is not this tasklet's callback",
					  src->rel, ta_src_line_of(src, mc.def), mc.macro, cb,
					  mc.written[i]);
	*name_off = mc.name_off;
	*open = mc.open;
	ta_macro_cb_clear(&mc);
	return rc;
}

char *ta_rw_element_index(const char *text)
{
	size_t n = text ? strlen(text) : 0;
	const char *open = text ? strrchr(text, '[') : NULL;

	if (!open || n < 3 || text[n - 1] != ']' || open + 1 == text + n - 1 ||
	    strspn(open + 1, "0123456789") != (size_t)(text + n - 2 - open))
		return NULL;
	return xstrndup(open + 1, (size_t)(text + n - 2 - open));
}

bool ta_rw_constant_elements(const ta_tasklet *t)
{
	if (!t->array || t->n_init == 0)
		return false;
	for (size_t i = 0; i < t->n_init; i++) {
		char *k = ta_rw_element_index(t->init_sites[i].text);
		if (!k)
			return false;
		free(k);
	}
	return true;
}

size_t ta_rw_callbacks(const ta_tasklet *t, const char ***out)
{
	size_t n = 0, cap = 0;

	*out = NULL;
	for (size_t i = 0; i <= t->n_init; i++) {
		const char *cb = i == 0 ? t->callback : t->init_sites[i - 1].callback;
		bool seen = !cb;
		for (size_t k = 0; k < n && !seen; k++)
			seen = strcmp((*out)[k], cb) == 0;
		if (!seen)
			TA_PUSH(*out, n, cap, cb);
	}
	return n;
}

char *ta_rw_base(const char *text, const char *member_path)
{
	size_t n, m;

	if (!text || !member_path)
		return NULL;
	n = strlen(text);
	m = strlen(member_path);
	if (n > m + 2 && strcmp(text + n - m, member_path) == 0) {
		if (text[n - m - 1] == '.')
			return xstrndup(text, n - m - 1);
		if (text[n - m - 1] == '>' && text[n - m - 2] == '-')
			return xstrndup(text, n - m - 2);
	}
	return NULL;
}

/*
 * A header in the driver's own include directory: DRV/include/x.h for a
 * file in DRV/sub/ (drivers/staging/rtl8723bs/include/rtw_recv.h for
 * drivers/staging/rtl8723bs/hal/).  DRV is at least three levels deep, so
 * neither the tree's include/ nor a subsystem's shared one counts.
 */
static bool in_driver_include(const char *dir, const char *header)
{
	const char *inc = strstr(header, "/include/");
	size_t drv, depth = 0;

	if (!inc)
		return false;
	drv = (size_t)(inc - header) + 1;
	for (size_t i = 0; i < drv; i++)
		depth += header[i] == '/';
	return depth >= 3 && strncmp(dir, header, drv) == 0 && !strchr(inc + 9, '/');
}

/*
 * A driver family's own header (mt76/mt76.h for mt76/mt7603/init.c): in a
 * directory above the driver's, not include/, and inside the audited
 * subtree, whose index then sees the family's users: the shared-header
 * check decides.
 */
static bool family_header(const ta_audit *a, const char *dir, const char *header)
{
	const char *slash = strrchr(header, '/');
	size_t len = slash ? (size_t)(slash - header) + 1 : 0;
	size_t sub = a->subtree ? strlen(a->subtree) : 0;

	if (!len || strncmp(dir, header, len) != 0 || strstr(header, "include/"))
		return false;
	return sub == 0 ||
	       (len > sub && strncmp(header, a->subtree, sub) == 0 && header[sub] == '/');
}

static int find_decl(ta_rw *rw, const char *name, bool bounds, ta_src **srcp, size_t *at,
		     size_t *semi)
{
	const ta_tasklet *t = rw->t;
	ta_src *src;
	size_t a, e, p, q = 0, r;

	if (t->decl_file && t->decl_line) {
		src = ta_srcset_get(rw->set, t->decl_file);
		if (!src)
			return ta_rw_refuse(rw, "cannot read '%s'", t->decl_file);
		if (!ta_str_ends(src->rel, ".c") && t->file) {
			/* a header outside the driver's directory is shared with other drivers */
			char *dir = ta_path_normalize(t->file);
			char *slash = strrchr(dir, '/');
			bool inside;
			if (slash)
				slash[1] = '\0';
			inside = !slash || ta_str_starts(src->rel, dir) ||
				 in_driver_include(dir, src->rel) ||
				 family_header(rw->audit, dir, src->rel);
			free(dir);
			/*
			 * A header shared beyond the driver (include/linux/usb/usbnet.h):
			 * the index of the whole tree names every user of the field,
			 * and the caller's shared-header check refuses a field other
			 * drivers use too.  An audit of a part of the tree cannot know.
			 */
			if (!inside && (!rw->audit->subtree || *rw->audit->subtree))
				return ta_rw_refuse(
					rw,
					"the tasklet is declared in '%s', shared beyond "
					"the driver: audit the whole tree to see every user",
					src->rel);
		}
		a = ta_src_line(src, t->decl_line);
		e = ta_src_line_end(src, t->decl_line);
	} else {
		/* a static variable: its declaration at file scope of the init file */
		src = ta_srcset_get(rw->set, t->file);
		if (!src)
			return ta_rw_refuse(rw, "cannot read '%s'", t->file ? t->file : "?");
		a = 0;
		e = src->len;
	}
	if (a == TA_NPOS)
		return ta_rw_refuse(rw, "%s:%u: no such line", src->rel, t->decl_line);
	for (p = ta_lex_find_ident(src->text, a, e, "tasklet_struct", true); p != TA_NPOS;
	     p = ta_lex_find_ident(src->text, p + 1, e, "tasklet_struct", true)) {
		q = ta_lex_skip(src->text, src->len, p + 14);
		if (ta_lex_find_ident(src->text, q, q + strlen(name), name, false) == q)
			break;
	}
	if (p == TA_NPOS)
		return ta_rw_refuse(rw,
				    "%s:%u: cannot find the declaration 'struct tasklet_struct %s'",
				    src->rel, t->decl_line, name);
	r = ta_lex_skip(src->text, src->len, q + strlen(name));
	/* an array's bounds: `struct tasklet_struct name[N];` */
	while (bounds && r < src->len && src->text[r] == '[') {
		size_t close = ta_lex_match(src->text, src->len, r);
		if (close == TA_NPOS)
			break;
		r = ta_lex_skip(src->text, src->len, close + 1);
	}
	/* attributes after the name stay: ____cacheline_aligned_in_smp, __aligned(8) */
	while (r < src->len && ta_lex_ident_char(src->text[r]) &&
	       !(src->text[r] >= '0' && src->text[r] <= '9')) {
		while (r < src->len && ta_lex_ident_char(src->text[r]))
			r++;
		r = ta_lex_skip(src->text, src->len, r);
		if (r < src->len && src->text[r] == '(') {
			size_t close = ta_lex_match(src->text, src->len, r);
			if (close == TA_NPOS)
				break;
			r = ta_lex_skip(src->text, src->len, close + 1);
		}
	}
	if (r >= src->len || src->text[r] != ';')
		return ta_rw_refuse(rw, "%s:%u: the declaration of '%s' is not a single plain one",
				    src->rel, ta_src_line_of(src, p), name);
	*srcp = src;
	*at = p;
	*semi = r;
	return TA_RW_DONE;
}

int ta_rw_find_decl(ta_rw *rw, const char *name, ta_src **srcp, size_t *at, size_t *semi)
{
	return find_decl(rw, name, false, srcp, at, semi);
}

int ta_rw_find_array_decl(ta_rw *rw, const char *name, ta_src **srcp, size_t *at, size_t *semi)
{
	return find_decl(rw, name, true, srcp, at, semi);
}

int ta_rw_tab_indent(ta_rw *rw, ta_src *src, size_t off)
{
	const char *s = src->text;
	size_t ls = off, e;
	unsigned col = 0;
	ta_buf b = {0};
	int rc = TA_RW_DONE;

	while (ls > 0 && s[ls - 1] != '\n')
		ls--;
	for (e = ls; e < src->len && (s[e] == ' ' || s[e] == '\t'); e++)
		col = s[e] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	if (!memchr(s + ls, ' ', e - ls) || col < 8)
		return TA_RW_DONE; /* tabs already, or less than one tab's worth */
	for (unsigned k = 0; k < col / 8; k++)
		ta_buf_putc(&b, '\t');
	for (unsigned k = 0; k < col % 8; k++)
		ta_buf_putc(&b, ' ');
	if (strncmp(s + ls, b.s, e - ls) != 0 || b.len != e - ls) {
		if (ta_src_edit(src, ls, e - ls, b.s) != 0)
			rc = ta_rw_refuse(rw, "%s: overlapping edits", src->rel);
	}
	ta_buf_free(&b);
	return rc;
}

size_t ta_rw_member_doc_tag(const ta_src *src, size_t off, const char *name, size_t *comment_end)
{
	const char *s = src->text;
	int depth = 0;
	size_t i = off, open = TA_NPOS, start = TA_NPOS, end, tag = TA_NPOS, want_n;
	char *want;

	while (i-- > 0) {
		if (s[i] == '}')
			depth++;
		else if (s[i] == '{' && depth-- == 0) {
			open = i;
			break;
		}
	}
	if (open == TA_NPOS)
		return TA_NPOS;
	/* back over "struct name" to the comment's end */
	i = open;
	while (i > 0 && (ta_lex_ident_char(s[i - 1]) || strchr(" \t\n", s[i - 1])))
		i--;
	if (i < 2 || s[i - 1] != '/' || s[i - 2] != '*')
		return TA_NPOS;
	end = i - 2;
	for (size_t k = end; k-- > 0;)
		if (s[k] == '/' && s[k + 1] == '*') {
			start = k;
			break;
		}
	if (start == TA_NPOS || s[start + 2] != '*')
		return TA_NPOS;
	want = xasprintf("@%s", name);
	want_n = strlen(want);
	for (size_t t = start; t < end && tag == TA_NPOS; t++) {
		size_t c = t + want_n;
		if (strncmp(s + t, want, want_n) != 0 || ta_lex_ident_char(s[c]))
			continue;
		while (c < end && (s[c] == ' ' || s[c] == '\t'))
			c++;
		if (s[c] == ':')
			tag = t;
	}
	free(want);
	if (comment_end)
		*comment_end = end;
	return tag;
}

/* Is s one identifier? */
static bool is_ident(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return false;
	for (; *s; s++)
		if (!ta_lex_ident_char(*s))
			return false;
	return true;
}

int ta_rw_call2(ta_rw *rw, ta_src *src, size_t name_off, size_t open, const char *name,
		const char *arg0)
{
	size_t st[4], en[4], close = ta_lex_match(src->text, src->len, open);
	int n = ta_lex_args(src->text, src->len, open, st, en, 4);
	ta_buf b = {0};
	char *a0, *a1;
	int rc;

	if (close == TA_NPOS || n < 2 || n > 3)
		return ta_rw_refuse(rw, "%s:%u: cannot read the call's arguments", src->rel,
				    ta_src_line_of(src, name_off));
	a0 = arg0 ? xstrdup(arg0) : xstrndup(src->text + st[0], en[0] - st[0]);
	a1 = xstrndup(src->text + st[1], en[1] - st[1]);
	if (a1[0] == '(') {
		/* (void *)fn: the cast that hid a void * callback's type */
		size_t c = ta_lex_match(a1, strlen(a1), 0), f;
		char *cast = c == TA_NPOS ? NULL : ta_lex_norm(a1 + 1, c - 1);
		f = c == TA_NPOS ? 0 : ta_lex_skip(a1, strlen(a1), c + 1);
		if (cast && strcmp(cast, "void*") == 0 && a1[f] && is_ident(a1 + f)) {
			char *fn = xstrdup(a1 + f);
			free(a1);
			a1 = fn;
		}
		free(cast);
	}
	ta_buf_printf(&b, "%s(%s, %s)", name, a0, a1);
	/* wrapped before: keep one line when it fits in 80 columns, else break as it was */
	if (memchr(src->text + name_off, '\n', close - name_off) && !strchr(a1, '\n') &&
	    ta_lex_column(src->text, name_off) + b.len + 1 > 80) {
		size_t ls = st[1];
		while (ls > 0 && src->text[ls - 1] != '\n')
			ls--;
		if (ls > name_off) {
			/* kernel style: the continuation aligned with the opening parenthesis */
			unsigned col = ta_lex_column(src->text, name_off) + (unsigned)strlen(name) +
				       1;
			b.len = 0;
			ta_buf_printf(&b, "%s(%s,\n", name, a0);
			for (unsigned k = 0; k < col / 8; k++)
				ta_buf_putc(&b, '\t');
			for (unsigned k = 0; k < col % 8; k++)
				ta_buf_putc(&b, ' ');
			ta_buf_printf(&b, "%s)", a1);
		}
	}
	rc = ta_src_edit(src, name_off, close + 1 - name_off, b.s);
	free(a0);
	free(a1);
	ta_buf_free(&b);
	if (rc != 0)
		return ta_rw_refuse(rw, "%s:%u: overlapping edits", src->rel,
				    ta_src_line_of(src, name_off));
	return TA_RW_DONE;
}

/* s without white space. */
static char *squeeze_str(const char *s)
{
	char *r = xstrdup(s ? s : "");
	size_t j = 0;

	for (size_t i = 0; r[i]; i++)
		if (!strchr(" \t\n\\", r[i]))
			r[j++] = r[i];
	r[j] = '\0';
	return r;
}

/* The data must be the container the tasklet is a member of, written as its base. */
int ta_rw_check_data(ta_rw *rw, const ta_site *s)
{
	static const char *const casts[] = {"(unsignedlong)", "(ulong)", "(u_long)",
					    "(void*)",        "(u64)",   "(uintptr_t)"};
	const ta_tasklet *t = rw->t;
	char *base, *b, *data;
	const char *d;
	bool ok, again = true;
	int rc = TA_RW_DONE;

	if (s->data_kind != TA_DATA_CONTAINER)
		return TA_RW_DONE; /* judged by how the callback uses it */
	if (t->array && s->text && ta_str_ends(s->text, "]") && strrchr(s->text, '[')) {
		/* an element, `priv->done_task[1]`: the container holds the array */
		char *arr = xstrndup(s->text, (size_t)(strrchr(s->text, '[') - s->text));
		base = ta_rw_base(arr, t->member_path);
		free(arr);
	} else {
		base = ta_rw_base(s->text, t->member_path);
	}
	if (!base)
		return ta_rw_refuse(rw, "%s:%u: cannot relate '%s' to its container", s->file,
				    s->line, s->text ? s->text : "?");
	b = squeeze_str(base);
	data = squeeze_str(s->data);
	d = data;
	while (again) {
		again = false;
		for (size_t i = 0; i < sizeof(casts) / sizeof(*casts); i++)
			if (ta_str_starts(d, casts[i])) {
				d += strlen(casts[i]);
				again = true;
			}
	}
	ok = strcmp(d, b) == 0 || (d[0] == '&' && strcmp(d + 1, b) == 0);
	/* p is &p[0]: an array's first element passed as the array */
	if (!ok && ta_str_ends(b, "[0]"))
		ok = strlen(d) + 3 == strlen(b) && strncmp(d, b, strlen(d)) == 0;
	if (!ok && d[0] == '(' && strlen(d) == strlen(b) + 2)
		ok = strncmp(d + 1, b, strlen(b)) == 0 && d[strlen(d) - 1] == ')';
	if (!ok)
		rc = ta_rw_refuse(rw, "%s:%u: data '%s' is not the container of '%s' itself",
				  s->file, s->line, s->data ? s->data : "", s->text);
	free(base);
	free(b);
	free(data);
	return rc;
}

/*
 * Could the function cb as installed from file (or defined there: def) be
 * the one defined in our_def?  Functions of the same name in different
 * files are different functions (two drivers' static vq_work_handler());
 * unknown locations are taken as the same, to be safe.
 */
static bool same_definition(const char *our_def, const char *def, const char *file)
{
	if (!our_def)
		return true;
	if (def)
		return strcmp(def, our_def) == 0;
	return !file || strcmp(file, our_def) == 0 || !ta_str_ends(our_def, ".c");
}

/* Other tasklets with the same callback: converting it would break them. */
const ta_tasklet *ta_rw_shared_callback(const ta_rw *rw, const char *cb)
{
	const ta_tasklet *t = rw->t;
	/* where our cb is defined: the callback's file, or the file installing it */
	const char *our_def = t->callback && strcmp(t->callback, cb) == 0 ? t->callback_file : NULL;

	for (size_t i = 0; !our_def && i < t->n_init; i++)
		if (t->init_sites[i].callback && strcmp(t->init_sites[i].callback, cb) == 0)
			our_def = t->init_sites[i].file;
	for (size_t i = 0; i < rw->audit->n_tasklets; i++) {
		const ta_tasklet *u = &rw->audit->tasklets[i];
		bool uses = false;
		if (u == t || u->id == t->id) /* t may be a prepared copy */
			continue;
		for (size_t k = 0; k < u->n_init && !uses; k++)
			uses = u->init_sites[k].callback &&
			       strcmp(u->init_sites[k].callback, cb) == 0 &&
			       same_definition(our_def,
					       u->callback && strcmp(u->callback, cb) == 0
						       ? u->callback_file
						       : NULL,
					       u->init_sites[k].file);
		if (!uses && u->callback && !u->callback_is_expr && strcmp(u->callback, cb) == 0)
			uses = same_definition(our_def, u->callback_file, u->file);
		if (uses)
			return u;
	}
	return NULL;
}

/* Find the definition of fn lexically: file scope, "fn(...) {", in file or its directory's .c
 * files. */
void ta_rw_dir_files(ta_rw *rw, const char *file, const char *suffix, char ***files, size_t *n,
		     size_t *cap)
{
	char *dir = xstrdup(file), *slash = strrchr(dir, '/'), *path;
	DIR *d;
	struct dirent *de;

	if (slash)
		*slash = '\0';
	path = slash ? ta_path_join(rw->set->root, dir) : xstrdup(rw->set->root);
	ta_srcset_note_dir(rw->set, slash ? dir : "");
	d = opendir(path);
	while (d && (de = readdir(d)))
		if (ta_str_ends(de->d_name, suffix))
			TA_PUSH(*files, *n, *cap,
				slash ? xasprintf("%s/%s", dir, de->d_name) : xstrdup(de->d_name));
	if (d)
		closedir(d);
	free(path);
	free(dir);
}

/* The function-like macros src defines that paste tokens (`##`): their names into *out. */
static size_t pasting_macros(const ta_src *src, char ***out)
{
	ta_lexer lx;
	struct ta_define d;
	size_t n = 0, cap = 0;

	*out = NULL;
	ta_lexer_init(&lx, src->text, src->len, 0, TA_LEX_DIRECTIVES);
	while (ta_rw_next_define(src, &lx, &d))
		if (memmem(src->text + d.at, d.end - d.at, "##", 2)) {
			char *name = xstrndup(src->text + d.name, d.name_len);
			TA_PUSH(*out, n, cap, name);
		}
	return n;
}

int ta_rw_find_definition(ta_rw *rw, const char *fn, const char *file, char **def_file,
			  unsigned *def_line)
{
	char **files = NULL;
	size_t n = 0, cap = 0;
	int rc = -1;
	/* mt76's chip drivers install callbacks defined in another directory of the family */
	const ta_func *known = ta_audit_definition(rw->audit, fn, file);

	TA_PUSH(files, n, cap, xstrdup(file));
	if (known && strcmp(known->file, file) != 0)
		TA_PUSH(files, n, cap, xstrdup(known->file));
	ta_rw_dir_files(rw, file, ".c", &files, &n, &cap);
	for (size_t i = 0; i < n && rc != 0; i++) {
		ta_src *src = ta_srcset_get(rw->set, files[i]);
		for (size_t p = src ? ta_lex_find_ident(src->text, 0, src->len, fn, true) : TA_NPOS;
		     p != TA_NPOS && rc != 0;
		     p = ta_lex_find_ident(src->text, p + 1, src->len, fn, true)) {
			size_t open = ta_lex_skip(src->text, src->len, p + strlen(fn)), close, b;
			if (open >= src->len || src->text[open] != '(' ||
			    ta_lex_depth_at(src->text, src->len, p) != 0)
				continue;
			close = ta_lex_match(src->text, src->len, open);
			b = close == TA_NPOS ? TA_NPOS
					     : ta_lex_skip(src->text, src->len, close + 1);
			if (b < src->len && src->text[b] == '{') {
				*def_file = xstrdup(files[i]);
				*def_line = ta_src_line_of(src, p);
				rc = 0;
			}
		}
	}
	for (size_t i = 0; i < n && rc != 0; i++) {
		/* no `fn(` in the text: an expansion of a driver macro that writes it */
		ta_src *src = ta_srcset_get(rw->set, files[i]);
		char **pasting = NULL;
		size_t n_pasting = 0;
		if (src)
			n_pasting = pasting_macros(src, &pasting);
		for (size_t l = 1; n_pasting && l <= src->n_lines && rc != 0; l++) {
			size_t a = src->lines[l - 1], e = a;
			struct ta_macro_cb mc;
			bool pastes = false;
			while (e < src->len && ta_lex_ident_char(src->text[e]))
				e++;
			for (size_t k = 0; k < n_pasting && !pastes && e > a; k++)
				pastes = strlen(pasting[k]) == e - a &&
					 strncmp(pasting[k], src->text + a, e - a) == 0;
			if (!pastes || e >= src->len || src->text[e] != '(' ||
			    ta_rw_find_macro_callback(src, (unsigned)l, fn, &mc) != 0)
				continue;
			ta_macro_cb_clear(&mc);
			*def_file = xstrdup(files[i]);
			*def_line = (unsigned)l;
			rc = 0;
		}
		for (size_t k = 0; k < n_pasting; k++)
			free(pasting[k]);
		free(pasting);
	}
	for (size_t i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return rc;
}
