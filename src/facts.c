// SPDX-License-Identifier: GPL-2.0-only
/*
 * facts.c - the API registry lookups and the text form of raw facts used
 * between worker processes: one line per fact, tab-separated fields,
 * with backslash escapes for tab, newline and backslash.
 */
#include "facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TA_FACT_NSTR 11

static const struct {
	const char *name;
	enum ta_api_role role;
} api_table[] = {
#define X(e, name, role) {name, TA_ROLE_##role},
	TA_API_LIST(X)
#undef X
};

const char *ta_api_name(enum ta_api api)
{
	return api < TA_API_COUNT ? api_table[api].name : "none";
}

bool ta_api_old_init(enum ta_api api)
{
	return api == TA_API_TASKLET_INIT || api == TA_API_DECLARE_TASKLET_OLD ||
	       api == TA_API_DECLARE_TASKLET_DISABLED_OLD;
}

enum ta_api_role ta_api_role(enum ta_api api)
{
	return api < TA_API_COUNT ? api_table[api].role : TA_ROLE_USE;
}

enum ta_api ta_api_from_name(const char *name)
{
	for (int i = 0; i < TA_API_COUNT; i++)
		if (strcmp(api_table[i].name, name) == 0)
			return (enum ta_api)i;
	return TA_API_NONE;
}

static const char *const sig_names[] = {
#define X(e, name) name,
	TA_SIG_LIST(X)
#undef X
};
static const char *const data_names[] = {
#define X(e, name) name,
	TA_DATA_LIST(X)
#undef X
};
static const char *const status_names[] = {
#define X(e, name) name,
	TA_STATUS_LIST(X)
#undef X
};

const char *ta_status_name(enum ta_status status)
{
	return status_names[status];
}

static const char *const scope_names[] = {
#define X(e, name) name,
	TA_SCOPE_LIST(X)
#undef X
};

const char *ta_sig_name(enum ta_sig sig)
{
	return sig_names[sig];
}

const char *ta_data_kind_name(enum ta_data_kind kind)
{
	return data_names[kind];
}

const char *ta_scope_name(enum ta_scope scope)
{
	return scope_names[scope];
}

static char *dup_or_null(const char *s)
{
	return s && *s ? xstrdup(s) : NULL;
}

void ta_facts_add(ta_facts *fs, const ta_fact *f)
{
	ta_fact c = *f;

	c.file = dup_or_null(f->file);
	c.key = dup_or_null(f->key);
	c.text = dup_or_null(f->text);
	c.function = dup_or_null(f->function);
	c.callback = dup_or_null(f->callback);
	c.data = dup_or_null(f->data);
	c.ctype = dup_or_null(f->ctype);
	c.field = dup_or_null(f->field);
	c.via_macro = dup_or_null(f->via_macro);
	c.root_type = dup_or_null(f->root_type);
	c.member_path = dup_or_null(f->member_path);
	TA_PUSH(fs->v, fs->n, fs->cap, c);
}

void ta_facts_free(ta_facts *fs)
{
	for (size_t i = 0; i < fs->n; i++) {
		ta_fact *f = &fs->v[i];
		free(f->file);
		free(f->key);
		free(f->text);
		free(f->function);
		free(f->callback);
		free(f->data);
		free(f->ctype);
		free(f->field);
		free(f->via_macro);
		free(f->root_type);
		free(f->member_path);
	}
	free(fs->v);
	fs->v = NULL;
	fs->n = fs->cap = 0;
}

static void put_str(ta_buf *b, const char *s)
{
	ta_buf_putc(b, '\t');
	for (; s && *s; s++) {
		switch (*s) {
		case '\t':
			ta_buf_puts(b, "\\t");
			break;
		case '\n':
			ta_buf_puts(b, "\\n");
			break;
		case '\\':
			ta_buf_puts(b, "\\\\");
			break;
		default:
			ta_buf_putc(b, *s);
		}
	}
}

void ta_facts_serialize(const ta_facts *fs, ta_buf *b)
{
	for (size_t i = 0; i < fs->n; i++) {
		const ta_fact *f = &fs->v[i];
		ta_buf_printf(b, "F\t%d\t%d\t%d\t%d\t%d\t%u\t%u\t%u\t%u", f->kind, f->api, f->scope,
			      f->sig, f->data_kind, f->flags, f->line, f->col, f->argpos);
		put_str(b, f->file);
		put_str(b, f->key);
		put_str(b, f->text);
		put_str(b, f->function);
		put_str(b, f->callback);
		put_str(b, f->data);
		put_str(b, f->ctype);
		put_str(b, f->field);
		put_str(b, f->via_macro);
		put_str(b, f->root_type);
		put_str(b, f->member_path);
		ta_buf_putc(b, '\n');
	}
}

/* Unescape one tab-separated field starting at *p; advance *p past it; *more: a tab ended
 * it.  An empty field is NULL (as ta_facts_add() stores it). */
static char *take_field(const char **p, bool *more)
{
	const char *s = *p, *e = s;
	char *out, *o;

	while (*e && *e != '\t')
		e += (*e == '\\' && e[1]) ? 2 : 1;
	*more = *e == '\t';
	*p = *more ? e + 1 : e;
	if (e == s)
		return NULL;
	out = o = xmalloc((size_t)(e - s) + 1);
	for (; s < e; s++) {
		if (*s == '\\' && s + 1 < e) {
			s++;
			*o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

/* A tab-terminated unsigned 32-bit decimal number; false unless it is one. */
static bool take_number(const char **p, unsigned long *v)
{
	const char *s = *p;
	unsigned long long n = 0;

	if (*s < '0' || *s > '9')
		return false;
	while (*s >= '0' && *s <= '9') {
		n = n * 10 + (unsigned)(*s++ - '0');
		if (n > 0xffffffffULL)
			return false;
	}
	if (*s != '\t')
		return false;
	*v = (unsigned long)n;
	*p = s + 1;
	return true;
}

/* Parse without sscanf or copies: this runs once per fact of every cached file. */
int ta_facts_parse_line(ta_facts *fs, const char *line)
{
	unsigned long num[9];
	char *str[TA_FACT_NSTR];
	const char *p = line;
	ta_fact f;

	if (p[0] != 'F' || p[1] != '\t')
		return -1;
	p += 2;
	for (int i = 0; i < 9; i++)
		if (!take_number(&p, &num[i]))
			return -1;
	if (num[0] > TA_FACT_LAST || num[1] > TA_API_NONE || num[2] > TA_SCOPE_UNRESOLVED ||
	    num[3] > TA_SIG_NEW || num[4] > TA_DATA_OTHER)
		return -1;
	for (int i = 0; i < TA_FACT_NSTR; i++) {
		bool more;
		str[i] = take_field(&p, &more);
		/* exactly TA_FACT_NSTR fields: tab-separated, the last one ends the line */
		if (more != (i < TA_FACT_NSTR - 1)) {
			for (int j = 0; j <= i; j++)
				free(str[j]);
			return -1;
		}
	}
	f = (ta_fact){.kind = (enum ta_fact_kind)num[0],
		      .api = (enum ta_api)num[1],
		      .scope = (enum ta_scope)num[2],
		      .sig = (enum ta_sig)num[3],
		      .data_kind = (enum ta_data_kind)num[4],
		      .flags = (unsigned)num[5],
		      .line = (unsigned)num[6],
		      .col = (unsigned)num[7],
		      .argpos = (unsigned)num[8],
		      .file = str[0],
		      .key = str[1],
		      .text = str[2],
		      .function = str[3],
		      .callback = str[4],
		      .data = str[5],
		      .ctype = str[6],
		      .field = str[7],
		      .via_macro = str[8],
		      .root_type = str[9],
		      .member_path = str[10]};
	/* the strings are ours: take them as they are */
	TA_PUSH(fs->v, fs->n, fs->cap, f);
	return 0;
}
