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
		ta_buf_printf(b, "F\t%d\t%d\t%d\t%d\t%d\t%u\t%u\t%u", f->kind, f->api, f->scope,
			      f->sig, f->data_kind, f->flags, f->line, f->col);
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

/* Unescape one tab-separated field starting at *p; advance *p past it; *more: a tab ended it. */
static char *take_field(const char **p, bool *more)
{
	ta_buf b = {0};
	const char *s = *p;

	for (; *s && *s != '\t'; s++) {
		if (*s == '\\' && s[1]) {
			s++;
			ta_buf_putc(&b, *s == 't' ? '\t' : *s == 'n' ? '\n' : *s);
		} else {
			ta_buf_putc(&b, *s);
		}
	}
	*more = *s == '\t';
	*p = *more ? s + 1 : s;
	return ta_buf_steal(&b);
}

int ta_facts_parse_line(ta_facts *fs, const char *line)
{
	int kind, api, scope, sig, data_kind, used = 0;
	unsigned flags, ln, col;
	char *str[TA_FACT_NSTR];
	const char *p;
	ta_fact f;

	if (sscanf(line, "F\t%d\t%d\t%d\t%d\t%d\t%u\t%u\t%u%n", &kind, &api, &scope, &sig,
		   &data_kind, &flags, &ln, &col, &used) != 8 || line[used] != '\t')
		return -1;
	if (kind < 0 || kind > TA_FACT_CONTAINER || api < 0 || api > TA_API_NONE || scope < 0 ||
	    scope > TA_SCOPE_UNRESOLVED || sig < 0 || sig > TA_SIG_NEW || data_kind < 0 ||
	    data_kind > TA_DATA_OTHER)
		return -1;
	p = line + used + 1;
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
	f = (ta_fact){.kind = kind, .api = api, .scope = scope, .sig = sig,
		      .data_kind = data_kind, .flags = flags, .line = ln, .col = col,
		      .file = str[0], .key = str[1], .text = str[2], .function = str[3],
		      .callback = str[4], .data = str[5], .ctype = str[6], .field = str[7],
		      .via_macro = str[8], .root_type = str[9], .member_path = str[10]};
	ta_facts_add(fs, &f);
	for (int i = 0; i < TA_FACT_NSTR; i++)
		free(str[i]);
	return 0;
}
