// SPDX-License-Identifier: GPL-2.0-only
/*
 * report_sarif.c - the SARIF 2.1.0 log of an audit, written with cJSON:
 * one run whose tool.driver lists the rules the results use, one result
 * per finding and per recommendation (locations relative to the SRCROOT
 * base id, the tree root; the schedule sites as related locations), the
 * files that failed or degraded as tool notifications, and each written
 * patch turned into a fix: every hunk replaces the whole lines it covers
 * in the original file, the replacements of a file listed from the bottom
 * up so that applying them in order or all at once gives the same text.
 */
#include "report_sarif.h"

#include <cJSON.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "behavior.h"
#include "classify.h"
#include "patch.h"
#include "report_filter.h"
#include "util.h"

#define SARIF_SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SRCROOT "SRCROOT"

/* The rules the results use, in order of first use: ids and their descriptors. */
struct rule_set {
	char **ids;
	size_t n, cap;
	cJSON *driver_rules;
};

struct ctx {
	const ta_audit *a;
	const ta_rules *rules;
	const struct ta_sarif_extra *extra;
	struct rule_set rs;
};

/* Length of the valid UTF-8 sequence at p (at most n bytes), 0 when invalid. */
static size_t utf8_seq(const unsigned char *p, size_t n)
{
	size_t len;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		len = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		len = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		len = 4, cp = p[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

static bool utf8_valid(const char *s, size_t n)
{
	for (size_t i = 0, k; i < n; i += k)
		if (!(k = utf8_seq((const unsigned char *)s + i, n - i)))
			return false;
	return true;
}

/* s with every byte that is not valid UTF-8 replaced by U+FFFD (JSON text must be UTF-8). */
static char *utf8_clean(const char *s)
{
	size_t n = strlen(s);
	ta_buf b = {0};

	for (size_t i = 0, k; i < n; i += k ? k : 1) {
		k = utf8_seq((const unsigned char *)s + i, n - i);
		if (k)
			ta_buf_add(&b, s + i, k);
		else
			ta_buf_puts(&b, "\xef\xbf\xbd");
	}
	if (!b.s)
		ta_buf_puts(&b, "");
	return ta_buf_steal(&b);
}

/* Add a string member, made valid UTF-8. */
static void add_text(cJSON *o, const char *key, const char *val)
{
	char *clean = utf8_clean(val);

	cJSON_AddStringToObject(o, key, clean);
	free(clean);
}

/* MIME base64 (RFC 2045 alphabet, padded, no line breaks) of n bytes. */
static char *base64(const char *s, size_t n)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)s;
	ta_buf b = {0};

	for (size_t i = 0; i < n; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < n ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < n ? p[i + 2] : 0);
		ta_buf_putc(&b, tab[v >> 18 & 63]);
		ta_buf_putc(&b, tab[v >> 12 & 63]);
		ta_buf_putc(&b, i + 1 < n ? tab[v >> 6 & 63] : '=');
		ta_buf_putc(&b, i + 2 < n ? tab[v & 63] : '=');
	}
	if (!b.s)
		ta_buf_puts(&b, "");
	return ta_buf_steal(&b);
}

/* A URI path: RFC 3986 unreserved characters and '/' as they are, the rest %XX. */
static char *uri_escape(const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	ta_buf b = {0};

	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
			ta_buf_putc(&b, (char)*p);
		} else {
			ta_buf_putc(&b, '%');
			ta_buf_putc(&b, hex[*p >> 4]);
			ta_buf_putc(&b, hex[*p & 15]);
		}
	}
	if (!b.s)
		ta_buf_puts(&b, "");
	return ta_buf_steal(&b);
}

/* artifactLocation of a tree-relative path (an absolute one as a file: URI). */
static cJSON *artifact_json(const char *path)
{
	cJSON *o = cJSON_CreateObject();
	char *esc = uri_escape(path);

	if (path[0] == '/') {
		char *uri = xasprintf("file://%s", esc);
		add_text(o, "uri", uri);
		free(uri);
	} else {
		add_text(o, "uri", esc);
		add_text(o, "uriBaseId", SRCROOT);
	}
	free(esc);
	return o;
}

/* A location at file:line (no region for line 0); message may be NULL. */
static cJSON *location_json(const char *file, unsigned line, const char *message)
{
	cJSON *loc = cJSON_CreateObject(), *phys;

	phys = cJSON_AddObjectToObject(loc, "physicalLocation");
	cJSON_AddItemToObject(phys, "artifactLocation", artifact_json(file));
	if (line > 0) {
		cJSON *region = cJSON_AddObjectToObject(phys, "region");
		cJSON_AddNumberToObject(region, "startLine", line);
	}
	if (message) {
		cJSON *m = cJSON_AddObjectToObject(loc, "message");
		add_text(m, "text", message);
	}
	return loc;
}

static bool is_schedule(enum ta_api api)
{
	return api == TA_API_SCHEDULE || api == TA_API_HI_SCHEDULE ||
	       api == TA_API_HI_SCHEDULE_FIRST;
}

/* "tasklet_schedule in foo_ack() [hardirq]: foo_isr() (a caller): hardirq (...)" */
static char *site_message(const ta_site *s, const ta_site_context *sc)
{
	ta_buf b = {0};

	ta_buf_puts(&b, ta_api_name(s->api));
	if (s->function)
		ta_buf_printf(&b, " in %s()", s->function);
	else
		ta_buf_puts(&b, " at file scope");
	if (sc->roles) {
		const char *sep = " [";
		for (int r = 0; r < TA_ROLE_COUNT; r++)
			if (sc->roles & TA_ROLE_BIT(r)) {
				ta_buf_printf(&b, "%s%s", sep, ta_role_name((enum ta_role)r));
				sep = ", ";
			}
		ta_buf_putc(&b, ']');
	}
	if (!s->active)
		ta_buf_puts(&b, " (not compiled in this configuration)");
	if (sc->context)
		ta_buf_printf(&b, ": %s", sc->context);
	return ta_buf_steal(&b);
}

/* The schedule sites, as related locations numbered from 1. */
static void add_related(cJSON *result, const ta_tasklet *t)
{
	cJSON *arr = NULL;
	int id = 1;

	for (size_t i = 0; i < t->n_sites; i++) {
		const ta_site *s = &t->sites[i];
		char *msg;
		cJSON *loc;
		if (!is_schedule(s->api) || !s->file)
			continue;
		if (!arr)
			arr = cJSON_AddArrayToObject(result, "relatedLocations");
		msg = site_message(s, ta_site_context_of(t, i));
		loc = location_json(s->file, s->line, msg);
		cJSON_AddNumberToObject(loc, "id", id++);
		cJSON_AddItemToArray(arr, loc);
		free(msg);
	}
}

static const char *level_of(const char *severity)
{
	if (severity && (strcmp(severity, "error") == 0 || strcmp(severity, "warning") == 0 ||
			 strcmp(severity, "note") == 0))
		return severity;
	return "warning";
}

/* The rule's own text from the loaded rules; NULL when not there. */
static const char *rule_text(const ta_rules *r, const char *id)
{
	if (!r)
		return NULL;
	for (size_t i = 0; i < r->n_findings; i++)
		if (strcmp(r->findings[i].id, id) == 0)
			return r->findings[i].text;
	for (size_t i = 0; i < r->n_recs; i++)
		if (strcmp(r->recs[i].id, id) == 0)
			return r->recs[i].text;
	return NULL;
}

/*
 * The index of rule id in tool.driver.rules, adding it on first use with
 * the rule's own text, else fallback (the first result's text).
 */
static size_t rule_index(struct ctx *c, const char *id, const char *fallback, const char *level,
			 bool is_rec)
{
	struct rule_set *rs = &c->rs;
	const char *text = rule_text(c->rules, id);
	cJSON *d, *o;

	for (size_t i = 0; i < rs->n; i++)
		if (strcmp(rs->ids[i], id) == 0)
			return i;
	TA_PUSH(rs->ids, rs->n, rs->cap, xstrdup(id));
	d = cJSON_CreateObject();
	add_text(d, "id", id);
	o = cJSON_AddObjectToObject(d, "shortDescription");
	add_text(o, "text", text ? text : fallback);
	o = cJSON_AddObjectToObject(d, "defaultConfiguration");
	add_text(o, "level", level);
	o = cJSON_AddObjectToObject(d, "properties");
	add_text(o, "kind", is_rec ? "recommendation" : "finding");
	if (!text)
		add_text(o, "description_source", "first result");
	cJSON_AddItemToArray(rs->driver_rules, d);
	return rs->n - 1;
}

static void rule_set_free(struct rule_set *rs)
{
	for (size_t i = 0; i < rs->n; i++)
		free(rs->ids[i]);
	free(rs->ids);
}

/* The tasklet a result is about, as a property bag. */
static cJSON *tasklet_props(const ta_tasklet *t)
{
	cJSON *o = cJSON_CreateObject();

	add_text(o, "id", t->id);
	add_text(o, "key", t->key);
	if (t->name)
		add_text(o, "name", t->name);
	if (t->subsystem)
		add_text(o, "subsystem", t->subsystem);
	if (t->callback)
		add_text(o, "callback", t->callback);
	if (ta_classification_of(t)->cls)
		add_text(o, "class", ta_classification_of(t)->cls);
	return o;
}

/* Where a tasklet is reported: its first init site, else its declaration. */
static void tasklet_where(const ta_tasklet *t, const char **file, unsigned *line)
{
	*file = t->file;
	*line = t->line;
	if (!*file) {
		*file = t->decl_file;
		*line = t->decl_line;
	}
}

/* A result of rule about t; rule_fallback describes the rule when the rules do not. */
static cJSON *new_result(struct ctx *c, const ta_tasklet *t, const char *rule, const char *level,
			 const char *text, const char *rule_fallback, const char *file,
			 unsigned line, bool is_rec)
{
	cJSON *r = cJSON_CreateObject(), *o, *arr;
	char *fp;

	add_text(r, "ruleId", rule);
	cJSON_AddNumberToObject(r, "ruleIndex",
				(double)rule_index(c, rule, rule_fallback, level, is_rec));
	add_text(r, "level", level);
	o = cJSON_AddObjectToObject(r, "message");
	add_text(o, "text", text);
	arr = cJSON_AddArrayToObject(r, "locations");
	if (file)
		cJSON_AddItemToArray(arr, location_json(file, line, NULL));
	add_related(r, t);
	/* stable across runs and line moves: the tasklet's id and the rule */
	o = cJSON_AddObjectToObject(r, "partialFingerprints");
	fp = xasprintf("%s:%s", t->id, rule);
	add_text(o, "taskletRule/v1", fp);
	free(fp);
	return r;
}

/* ---- fixes: a unified diff as SARIF replacements ---- */

struct hunk {
	unsigned old_start, old_len; /* as in "@@ -s,l" */
	ta_buf new_text;             /* the '+' and ' ' lines, without the last newline */
	unsigned new_len;
};

static void hunks_free(struct hunk *h, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ta_buf_free(&h[i].new_text);
	free(h);
}

/* "@@ -s[,l] +s[,l] @@": false when not a hunk header. */
static bool parse_hunk_header(const char *line, unsigned *os, unsigned *ol, unsigned *ns,
			      unsigned *nl)
{
	char *end;
	unsigned long v;

	if (!ta_str_starts(line, "@@ -"))
		return false;
	line += 4;
	v = strtoul(line, &end, 10);
	*os = (unsigned)v;
	*ol = 1;
	if (*end == ',') {
		*ol = (unsigned)strtoul(end + 1, &end, 10);
	}
	if (strncmp(end, " +", 2) != 0)
		return false;
	v = strtoul(end + 2, &end, 10);
	*ns = (unsigned)v;
	*nl = 1;
	if (*end == ',')
		*nl = (unsigned)strtoul(end + 1, &end, 10);
	return strncmp(end, " @@", 3) == 0;
}

/* One replacement for a hunk, its region in the original file's lines. */
static cJSON *replacement_json(const struct hunk *h)
{
	cJSON *r = cJSON_CreateObject(), *region, *ins;
	ta_buf text = {0};

	region = cJSON_AddObjectToObject(r, "deletedRegion");
	if (h->old_len == 0) {
		/* insert before line old_start + 1 (diff counts "after line s") */
		cJSON_AddNumberToObject(region, "startLine", h->old_start + 1);
		cJSON_AddNumberToObject(region, "startColumn", 1);
		cJSON_AddNumberToObject(region, "endColumn", 1);
		ta_buf_printf(&text, "%s\n", h->new_text.s ? h->new_text.s : "");
	} else if (h->new_len == 0) {
		/* delete whole lines, up to the start of the next one */
		cJSON_AddNumberToObject(region, "startLine", h->old_start);
		cJSON_AddNumberToObject(region, "startColumn", 1);
		cJSON_AddNumberToObject(region, "endLine", h->old_start + h->old_len);
		cJSON_AddNumberToObject(region, "endColumn", 1);
		ta_buf_puts(&text, "");
	} else {
		/* the lines' text without the last newline: endColumn's default */
		cJSON_AddNumberToObject(region, "startLine", h->old_start);
		cJSON_AddNumberToObject(region, "endLine", h->old_start + h->old_len - 1);
		ta_buf_puts(&text, h->new_text.s ? h->new_text.s : "");
	}
	/* a line that is not UTF-8 (a Latin-1 comment) goes as the exact bytes */
	ins = cJSON_AddObjectToObject(r, "insertedContent");
	if (utf8_valid(text.s, text.len)) {
		add_text(ins, "text", text.s);
	} else {
		char *b64 = base64(text.s, text.len);
		add_text(ins, "binary", b64);
		free(b64);
	}
	ta_buf_free(&text);
	return r;
}

/* The artifactChange of one file's hunks (bottom up); NULL when there are none. */
static cJSON *file_change(const char *path, const struct hunk *h, size_t n)
{
	cJSON *ch, *arr;

	if (!path || n == 0)
		return NULL;
	ch = cJSON_CreateObject();
	cJSON_AddItemToObject(ch, "artifactLocation", artifact_json(path));
	arr = cJSON_AddArrayToObject(ch, "replacements");
	for (size_t i = n; i-- > 0;)
		cJSON_AddItemToArray(arr, replacement_json(&h[i]));
	return ch;
}

/* A path of a "--- a/x" / "+++ b/x" line, without its prefix and any tab tail. */
static char *diff_path(const char *line, size_t len)
{
	const char *p = line + 4, *end = line + len, *tab = memchr(p, '\t', (size_t)(end - p));

	if (tab)
		end = tab;
	if ((size_t)(end - p) > 2 && (p[0] == 'a' || p[0] == 'b') && p[1] == '/')
		p += 2;
	return xstrndup(p, (size_t)(end - p));
}

/*
 * The fix object of a patch; NULL when the patch changes nothing or holds
 * something replacements cannot say (file creation or deletion, binary,
 * no final newline, a hunk whose line counts do not add up).
 */
static cJSON *fix_json(const struct ta_sarif_fix *f)
{
	cJSON *fix = cJSON_CreateObject(), *changes, *o;
	const char *p = f->patch;
	char *path = NULL;
	struct hunk *h = NULL, *cur = NULL;
	size_t n = 0, cap = 0;
	unsigned left_old = 0, left_new = 0;
	bool bad = false, in_diff = false; /* in_diff: past the changelog */

	o = cJSON_AddObjectToObject(fix, "description");
	add_text(o, "text", f->description ? f->description : "the written patch");
	changes = cJSON_AddArrayToObject(fix, "artifactChanges");
	while (p && *p && !bad) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, len);
		p = nl ? nl + 1 : p + len;

		if (cur && (left_old || left_new)) {
			/* inside a hunk body */
			char k = line[0];
			if (k == ' ' || k == '-' || k == '+' || len == 0) {
				bool in_old = k != '+', in_new = k != '-';
				if ((in_old && !left_old) || (in_new && !left_new)) {
					bad = true;
				} else {
					left_old -= in_old;
					left_new -= in_new;
					if (in_new) {
						if (cur->new_text.len || cur->new_len)
							ta_buf_putc(&cur->new_text, '\n');
						ta_buf_puts(&cur->new_text, len ? line + 1 : "");
						cur->new_len++;
					}
				}
			} else {
				bad = true;
			}
			free(line);
			continue;
		}
		if (ta_str_starts(line, "diff --git ") || ta_str_starts(line, "--- "))
			in_diff = true;
		if (!in_diff) {
			free(line);
			continue;
		}
		if (line[0] == '\\' || ta_str_starts(line, "Binary files") ||
		    ta_str_starts(line, "GIT binary patch") ||
		    ta_str_starts(line, "new file mode") ||
		    ta_str_starts(line, "deleted file mode") ||
		    ta_str_starts(line, "rename from")) {
			bad = true;
		} else if (ta_str_starts(line, "diff --git ") || ta_str_starts(line, "--- ")) {
			if (ta_str_starts(line, "--- ") && strcmp(line, "--- /dev/null") == 0)
				bad = true;
			if (ta_str_starts(line, "diff --git ") ||
			    (path && ta_str_starts(line, "--- "))) {
				cJSON *ch = file_change(path, h, n);
				if (ch)
					cJSON_AddItemToArray(changes, ch);
				hunks_free(h, n);
				h = NULL;
				n = cap = 0;
				cur = NULL;
				free(path);
				path = NULL;
			}
		} else if (ta_str_starts(line, "+++ ")) {
			if (strcmp(line, "+++ /dev/null") == 0)
				bad = true;
			free(path);
			path = diff_path(line, len);
		} else if (ta_str_starts(line, "@@ ")) {
			struct hunk z = {0};
			unsigned ns, nlen;
			if (!path ||
			    !parse_hunk_header(line, &z.old_start, &z.old_len, &ns, &nlen)) {
				bad = true;
			} else {
				TA_PUSH(h, n, cap, z);
				cur = &h[n - 1];
				left_old = z.old_len;
				left_new = nlen;
			}
		}
		free(line);
	}
	if (left_old || left_new)
		bad = true;
	if (!bad) {
		cJSON *ch = file_change(path, h, n);
		if (ch)
			cJSON_AddItemToArray(changes, ch);
	}
	hunks_free(h, n);
	free(path);
	if (bad || cJSON_GetArraySize(changes) == 0) {
		cJSON_Delete(fix);
		return NULL;
	}
	return fix;
}

/* The fixes handed in for tasklet t, as a "fixes" array on the result. */
static void add_fixes(struct ctx *c, cJSON *result, const ta_tasklet *t)
{
	cJSON *arr = NULL;

	if (!c->extra)
		return;
	for (size_t i = 0; i < c->extra->n_fixes; i++) {
		const struct ta_sarif_fix *f = &c->extra->fixes[i];
		cJSON *fix;
		if (!f->tasklet_id || strcmp(f->tasklet_id, t->id) != 0 || !f->patch)
			continue;
		fix = fix_json(f);
		if (!fix)
			continue;
		if (!arr)
			arr = cJSON_AddArrayToObject(result, "fixes");
		cJSON_AddItemToArray(arr, fix);
	}
}

/* ---- results ---- */

static cJSON *finding_result(struct ctx *c, const ta_tasklet *t, const ta_finding *f)
{
	const char *file = f->file;
	unsigned line = f->line;
	cJSON *r;

	if (!file)
		tasklet_where(t, &file, &line);
	r = new_result(c, t, f->rule, level_of(f->severity), f->text, f->text, file, line, false);
	cJSON_AddItemToObject(r, "properties", tasklet_props(t));
	return r;
}

static cJSON *strings_json(char *const *v, size_t n)
{
	cJSON *arr = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++) {
		char *clean = utf8_clean(v[i]);
		cJSON_AddItemToArray(arr, cJSON_CreateString(clean));
		free(clean);
	}
	return arr;
}

static cJSON *recommendation_result(struct ctx *c, const ta_tasklet *t)
{
	const ta_recommendation *rec = &ta_classification_of(t)->rec;
	const char *file, *rule = rec->reasons[0].rule;
	unsigned line;
	ta_buf msg = {0};
	cJSON *r, *props, *arr;

	tasklet_where(t, &file, &line);
	ta_buf_printf(&msg, "tasklet '%s': replace with %s", t->name ? t->name : t->key,
		      rec->mechanism);
	if (rec->queue)
		ta_buf_printf(&msg, " on %s", rec->queue);
	ta_buf_printf(&msg, " (confidence %.2f): %s", rec->confidence, rec->reasons[0].text);
	if (rec->n_blockers)
		ta_buf_printf(&msg, "; blocked: %s", rec->blockers[0].text);
	r = new_result(c, t, rule, "note", msg.s, rec->reasons[0].text, file, line, true);
	ta_buf_free(&msg);
	props = tasklet_props(t);
	cJSON_AddItemToObject(r, "properties", props);
	add_text(props, "mechanism", rec->mechanism);
	if (rec->queue)
		add_text(props, "queue", rec->queue);
	cJSON_AddNumberToObject(props, "confidence",
				(double)(int)(rec->confidence * 100 + 0.5) / 100);
	cJSON_AddItemToObject(props, "alternatives",
			      strings_json(rec->alternatives, rec->n_alternatives));
	arr = cJSON_AddArrayToObject(props, "blockers");
	for (size_t i = 0; i < rec->n_blockers; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateString(rec->blockers[i].rule));
	if (t->behavior) {
		add_text(props, "behavior_verdict", t->behavior->verdict);
		if (t->behavior->assessment)
			add_text(props, "behavior_assessment", t->behavior->assessment);
	}
	if (t->patch) {
		cJSON *po = cJSON_AddObjectToObject(props, "patch");
		add_text(po, "status", ta_patch_status_name(t->patch->status));
		if (t->patch->migration)
			add_text(po, "migration", t->patch->migration);
		if (t->patch->reason)
			add_text(po, "reason", t->patch->reason);
	}
	add_fixes(c, r, t);
	return r;
}

/* The files that did not parse cleanly, as notifications of the invocation. */
static cJSON *invocation_json(const ta_audit *a)
{
	cJSON *inv = cJSON_CreateObject(), *arr = NULL;
	bool ok = true;

	for (size_t i = 0; i < a->n_files; i++) {
		const ta_file_entry *f = &a->files[i];
		cJSON *n, *m, *locs;
		char *text;
		if (f->status == TA_STATUS_PARSED)
			continue;
		ok &= f->status != TA_STATUS_FAILED;
		if (!arr)
			arr = cJSON_CreateArray();
		n = cJSON_CreateObject();
		add_text(n, "level", f->status == TA_STATUS_FAILED ? "error" : "warning");
		m = cJSON_AddObjectToObject(n, "message");
		text = xasprintf("%s: %s", ta_status_name(f->status),
				 f->reason ? f->reason : "no reason recorded");
		add_text(m, "text", text);
		free(text);
		locs = cJSON_AddArrayToObject(n, "locations");
		cJSON_AddItemToArray(locs, location_json(f->path, 0, NULL));
		cJSON_AddItemToArray(arr, n);
	}
	cJSON_AddBoolToObject(inv, "executionSuccessful", ok);
	if (arr)
		cJSON_AddItemToObject(inv, "toolExecutionNotifications", arr);
	return inv;
}

/* file:///abs/tree/ (a relative tree made absolute from the working directory). */
static char *root_uri(const char *tree)
{
	char cwd[PATH_MAX];
	char *abs, *esc, *uri;

	if (tree[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		abs = xstrdup(tree);
	else
		abs = ta_path_join(cwd, tree);
	esc = uri_escape(abs);
	uri = xasprintf("file://%s%s", esc, ta_str_ends(esc, "/") ? "" : "/");
	free(abs);
	free(esc);
	return uri;
}

static void add_opt_str(cJSON *o, const char *key, const char *val)
{
	if (val)
		add_text(o, key, val);
}

static cJSON *run_json(struct ctx *c, const struct ta_report_opts *opts)
{
	const ta_audit *a = c->a;
	cJSON *run = cJSON_CreateObject(), *driver, *o, *results, *props;

	o = cJSON_AddObjectToObject(run, "tool");
	driver = cJSON_AddObjectToObject(o, "driver");
	add_text(driver, "name", "tasklet-audit");
	add_text(driver, "version", TA_VERSION);
	add_text(driver, "semanticVersion", TA_VERSION);
	c->rs.driver_rules = cJSON_AddArrayToObject(driver, "rules");
	if (a->tree) {
		char *uri = root_uri(a->tree);
		cJSON *base = cJSON_AddObjectToObject(run, "originalUriBaseIds");
		cJSON *root = cJSON_AddObjectToObject(base, SRCROOT);
		add_text(root, "uri", uri);
		free(uri);
	}
	o = cJSON_AddArrayToObject(run, "invocations");
	cJSON_AddItemToArray(o, invocation_json(a));
	results = cJSON_AddArrayToObject(run, "results");
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_classification *cl = ta_classification_of(t);
		if (!ta_report_selected(t, opts))
			continue;
		for (size_t j = 0; j < cl->n_findings; j++)
			cJSON_AddItemToArray(results, finding_result(c, t, &cl->findings[j]));
		if (cl->rec.mechanism && cl->rec.n_reasons)
			cJSON_AddItemToArray(results, recommendation_result(c, t));
	}
	props = cJSON_AddObjectToObject(run, "properties");
	add_text(props, "report_format_version", TA_REPORT_FORMAT_VERSION);
	add_opt_str(props, "subtree", a->subtree);
	add_opt_str(props, "kernel_version", a->kernel_version);
	add_opt_str(props, "libclang_version", a->libclang_version);
	add_opt_str(props, "config_source", a->config_source);
	add_opt_str(props, "flags_source", a->flags_source);
	add_opt_str(props, "rules", a->rules_dir);
	cJSON_AddBoolToObject(props, "classified", a->classified);
	return run;
}

int ta_report_sarif_write(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts,
			  const struct ta_sarif_extra *extra)
{
	struct ctx c = {.a = a, .extra = extra, .rules = extra ? extra->rules : NULL};
	ta_rules *loaded = NULL;
	cJSON *root, *runs;
	char *text;
	int rc;

	if (!c.rules && a->rules_dir) {
		struct stat st;
		char *probe = ta_path_join(a->rules_dir, "findings.json");
		if (stat(probe, &st) == 0)
			c.rules = loaded = ta_rules_load(a->rules_dir);
		free(probe);
	}
	root = cJSON_CreateObject();
	add_text(root, "$schema", SARIF_SCHEMA);
	add_text(root, "version", "2.1.0");
	runs = cJSON_AddArrayToObject(root, "runs");
	cJSON_AddItemToArray(runs, run_json(&c, opts));
	text = cJSON_Print(root);
	cJSON_Delete(root);
	rule_set_free(&c.rs);
	ta_rules_free(&loaded);
	if (!text)
		return -1;
	rc = fputs(text, fp) < 0 || fputc('\n', fp) == EOF ? -1 : 0;
	cJSON_free(text);
	return rc;
}

static int write_sarif(const ta_audit *a, FILE *fp, const struct ta_report_opts *opts)
{
	return ta_report_sarif_write(a, fp, opts, NULL);
}

const struct ta_report_ops ta_report_sarif = {.name = "sarif", .write = write_sarif};
