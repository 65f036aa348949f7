// SPDX-License-Identifier: GPL-2.0-only
/*
 * subject.c - subject prefixes as the subsystem writes them: from the
 * tree's git history when there is one (the one git user: `git log` run
 * with an argument vector, never a shell), else from
 * rules/patch/subjects.json (read through jsondoc: comments allowed, every
 * key checked, errors at file:line:col); the run's subjects kept unique; the
 * core-code changelog intros and the series tags of the same file.
 */
#include "subject.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "jsondoc.h"
#include "lex.h"
#include "util.h"

struct path_rule {
	char *path;
	char *value; /* a prefix template, a core name, an intro */
};

struct ta_subjects {
	char *root;    /* the tree, NULL: no history */
	bool history;  /* root is a git work tree */
	int n_commits; /* history: how many commits to read */
	struct path_rule *prefixes, *cores, *intros, *tags;
	size_t n_prefixes, n_cores, n_intros, n_tags;
	ta_strmap used; /* subjects handed out */
};

/* ------------------------------------------------------------ loading */

static void free_rules(struct path_rule *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].value);
	}
	free(v);
}

void ta_subjects_free(ta_subjects **sp)
{
	ta_subjects *s = *sp;

	if (!s)
		return;
	free(s->root);
	free_rules(s->prefixes, s->n_prefixes);
	free_rules(s->cores, s->n_cores);
	free_rules(s->intros, s->n_intros);
	free_rules(s->tags, s->n_tags);
	ta_strmap_free(&s->used);
	free(s);
	*sp = NULL;
}

/* A list of {key_a: ..., key_b: ...} objects into rules; false after an error. */
static bool load_pairs(ta_jdoc *d, const cJSON *root, const char *list, const char *key_a,
		       const char *key_b, struct path_rule **out, size_t *n)
{
	const char *keys[] = {key_a, key_b, NULL};
	const cJSON *v = ta_jdoc_get(d, root, list, TA_J_ARRAY, 0), *it;
	size_t cap = 0;

	cJSON_ArrayForEach(it, v)
	{
		struct path_rule r;
		if (!cJSON_IsObject(it)) {
			ta_jdoc_bad(d, it, "is not an object");
			return false;
		}
		if (!ta_jdoc_keys(d, it, keys))
			return false;
		r.path = ta_jdoc_strdup(d, it, key_a, TA_J_REQUIRED);
		r.value = ta_jdoc_strdup(d, it, key_b, TA_J_REQUIRED);
		TA_PUSH(*out, *n, cap, r);
		if (ta_jdoc_failed(d))
			return false;
	}
	return !ta_jdoc_failed(d);
}

/* The whole document into s; false after an error line. */
static bool load_doc(ta_jdoc *d, ta_subjects *s)
{
	static const char *const keys[] = {"version",    "history_commits", "prefixes", "core",
					   "core_intro", "series_tags",     NULL};
	const cJSON *root = ta_jdoc_root(d), *it, *v;
	size_t cap = 0;

	if (!cJSON_IsObject(root)) {
		ta_jdoc_fail(d, root, "the subject rules must be one JSON object");
		return false;
	}
	if (!ta_jdoc_keys(d, root, keys))
		return false;
	v = ta_jdoc_get(d, root, "version", TA_J_NUMBER, TA_J_REQUIRED);
	if (v && v->valuedouble != 1)
		ta_jdoc_fail(d, v, "unsupported version (this tool reads 1)");
	if (ta_jdoc_failed(d))
		return false;
	v = ta_jdoc_get(d, root, "history_commits", TA_J_UINT, 0);
	s->n_commits = 50;
	if (v && v->valuedouble > 100000) {
		ta_jdoc_fail(d, v, "\"history_commits\" must be a number from 0 to 100000");
		return false;
	}
	if (ta_jdoc_failed(d))
		return false;
	if (v)
		s->n_commits = v->valueint;
	if (!load_pairs(d, root, "prefixes", "path", "prefix", &s->prefixes, &s->n_prefixes) ||
	    !load_pairs(d, root, "core", "path", "name", &s->cores, &s->n_cores) ||
	    !load_pairs(d, root, "series_tags", "section", "tag", &s->tags, &s->n_tags))
		return false;
	v = ta_jdoc_get(d, root, "prefixes", TA_J_ARRAY, 0);
	for (size_t i = 0; i < s->n_prefixes; i++) {
		const char *p = s->prefixes[i].value;
		if (!ta_str_ends(p, ":") && !ta_str_ends(p, " -")) {
			ta_jdoc_fail(d, cJSON_GetArrayItem(v, (int)i),
				     "prefix \"%s\" must end with \":\" or \" -\"", p);
			return false;
		}
	}
	v = ta_jdoc_get(d, root, "core_intro", TA_J_OBJECT, 0);
	cJSON_ArrayForEach(it, v)
	{
		struct path_rule r;
		if (!cJSON_IsString(it)) {
			ta_jdoc_bad(d, it, "is not a string");
			return false;
		}
		r.path = xstrdup(it->string);
		r.value = xstrdup(it->valuestring);
		TA_PUSH(s->intros, s->n_intros, cap, r);
	}
	return !ta_jdoc_failed(d);
}

ta_subjects *ta_subjects_parse(const char *name, const char *text, const char *tree_root)
{
	ta_jdoc *d = ta_jdoc_parse(name, text, strlen(text), TA_JDOC_COMMENTS);
	ta_subjects *s;
	bool ok;

	if (!d)
		return NULL;
	s = xcalloc(1, sizeof(*s));
	ok = load_doc(d, s);
	ta_jdoc_free(&d);
	if (!ok) {
		ta_subjects_free(&s);
		return NULL;
	}
	if (tree_root) {
		char *git = ta_path_join(tree_root, ".git");
		struct stat st;
		s->root = xstrdup(tree_root);
		s->history = s->n_commits > 0 && lstat(git, &st) == 0;
		free(git);
	}
	return s;
}

ta_subjects *ta_subjects_load(const char *rules_dir, const char *tree_root)
{
	char *path = ta_path_join(rules_dir, "patch/subjects.json");
	char *text = ta_read_file(path, NULL);
	ta_subjects *s;

	if (!text) {
		ta_error("cannot read '%s': %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	s = ta_subjects_parse(path, text, tree_root);
	free(text);
	free(path);
	return s;
}

/* ------------------------------------------------------------ prefixes of subjects */

/* A prefix component: a short word without blanks ("dmaengine", "net/mlx5", "bam_dma"). */
static bool component(const char *s, size_t n)
{
	if (!n || n > 40)
		return false;
	for (size_t i = 0; i < n; i++)
		if (isspace((unsigned char)s[i]) || s[i] == '"' || s[i] == '\'')
			return false;
	return true;
}

char *ta_subject_prefix_of(const char *subject)
{
	const char *p = subject, *end = NULL, *colon;
	int parts = 0;

	if (!subject || ta_str_starts(subject, "Revert ") || ta_str_starts(subject, "Merge ") ||
	    ta_str_starts(subject, "treewide:"))
		return NULL;
	/* "a: b: c: Summary": the components before the last ": " with text after it */
	while ((colon = strstr(p, ": ")) && parts < 5 && component(p, (size_t)(colon - p))) {
		end = colon + 1;
		parts++;
		p = colon + 2;
	}
	if (!end)
		return NULL;
	/* "crypto: atmel-aes - Summary" */
	{
		size_t w = strcspn(p, " ");
		if (component(p, w) && ta_str_starts(p + w, " - ") && p[w + 3])
			return xasprintf("%.*s %.*s -", (int)(end - subject), subject, (int)w, p);
	}
	return *p ? xstrndup(subject, (size_t)(end - subject)) : NULL;
}

/* ------------------------------------------------------------ history */

/* The subjects of the last n commits touching paths, one a line; NULL when git gives none. */
static char *git_subjects(const ta_subjects *s, const char *const *paths, size_t n)
{
	const char **argv = xcalloc(n + 12, sizeof(*argv));
	char *count = xasprintf("-n%d", s->n_commits);
	int fds[2];
	size_t k = 0;
	pid_t pid;
	ta_buf out = {0};
	int status = 0;

	argv[k++] = "git";
	argv[k++] = "-C";
	argv[k++] = s->root;
	argv[k++] = "log";
	argv[k++] = "--no-merges";
	argv[k++] = count;
	argv[k++] = "--format=%s";
	argv[k++] = "--";
	for (size_t i = 0; i < n; i++)
		argv[k++] = paths[i];
	argv[k] = NULL;
	if (pipe(fds) != 0) {
		free(count);
		free(argv);
		return NULL;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(fds[1], 1);
		if (null >= 0) {
			dup2(null, 0);
			dup2(null, 2);
		}
		close(fds[0]);
		close(fds[1]);
		execvp("git", (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	if (pid > 0) {
		char buf[4096];
		ssize_t got;
		while ((got = read(fds[0], buf, sizeof(buf))) > 0 || (got < 0 && errno == EINTR))
			if (got > 0)
				ta_buf_add(&out, buf, (size_t)got);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	close(fds[0]);
	free(count);
	free(argv);
	if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || !out.len) {
		ta_buf_free(&out);
		return NULL;
	}
	return ta_buf_steal(&out);
}

struct tally {
	char *prefix;
	size_t count;
};

/* The prefix the history of paths uses most (the most recent among equals), or NULL. */
static char *history_prefix(const ta_subjects *s, const char *const *paths, size_t n)
{
	char *text = s->history ? git_subjects(s, paths, n) : NULL, *save = NULL;
	struct tally *seen = NULL;
	size_t n_seen = 0, cap = 0, best = 0;
	char *out = NULL;

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *p = ta_subject_prefix_of(line);
		size_t i = 0;
		if (!p)
			continue;
		while (i < n_seen && strcmp(seen[i].prefix, p) != 0)
			i++;
		if (i == n_seen) {
			struct tally t = {p, 0};
			TA_PUSH(seen, n_seen, cap, t);
		} else {
			free(p);
		}
		seen[i].count++;
	}
	for (size_t i = 1; i < n_seen; i++)
		if (seen[i].count > seen[best].count)
			best = i;
	if (n_seen)
		out = xstrdup(seen[best].prefix);
	for (size_t i = 0; i < n_seen; i++)
		free(seen[i].prefix);
	free(seen);
	free(text);
	return out;
}

/* ------------------------------------------------------------ prefixes from the rules */

/* The longest common string prefix of the paths. */
static char *common_prefix(const char *const *paths, size_t n)
{
	size_t len = n ? strlen(paths[0]) : 0;

	for (size_t i = 1; i < n; i++) {
		size_t k = 0;
		while (k < len && paths[i][k] == paths[0][k])
			k++;
		len = k;
	}
	return xstrndup(n ? paths[0] : "", len);
}

/* The longest rule whose path is a string prefix of key, or NULL. */
static const struct path_rule *longest(const struct path_rule *v, size_t n, const char *key)
{
	const struct path_rule *best = NULL;

	for (size_t i = 0; i < n; i++)
		if (ta_str_starts(key, v[i].path) &&
		    (!best || strlen(v[i].path) > strlen(best->path)))
			best = &v[i];
	return best;
}

/* The first .c file of the paths, else the first path. */
static const char *first_c(const char *const *paths, size_t n, size_t *n_c)
{
	const char *first = NULL;

	*n_c = 0;
	for (size_t i = 0; i < n; i++)
		if (ta_str_ends(paths[i], ".c")) {
			(*n_c)++;
			if (!first)
				first = paths[i];
		}
	return first ? first : n ? paths[0] : "";
}

/*
 * The directory the .c files share ("drivers/x/mt76/"), when the first of
 * them lies below it; else a copy of first.
 */
static char *common_c_dir(const char *const *paths, size_t n, const char *first)
{
	size_t len = strlen(first);
	const char *slash;

	for (size_t i = 0; i < n; i++) {
		size_t k = 0;
		if (!ta_str_ends(paths[i], ".c"))
			continue;
		while (k < len && paths[i][k] == first[k])
			k++;
		len = k;
	}
	slash = memrchr(first, '/', len);
	if (!slash || !strchr(slash + 1, '/'))
		return xstrdup(first);
	return xstrndup(first, (size_t)(slash - first) + 1);
}

/* The driver a path names below base: a multi-file driver's directory, else the file. */
static char *driver_name(const char *rest, bool directory)
{
	static const char *const generic[] = {"core", "main", "pci", "usb", "sdio", "dev",
					      "init", "base", "hw",  "tx",  "rx",   "irq"};
	const char *base = strrchr(rest, '/') ? strrchr(rest, '/') + 1 : rest;
	char *driver;

	if (directory) {
		if (base == rest)
			return xstrdup("");
		{
			const char *e = base - 1, *st = e;
			while (st > rest && st[-1] != '/')
				st--;
			return xstrndup(st, (size_t)(e - st));
		}
	}
	driver = xstrdup(base);
	if (strrchr(driver, '.'))
		*strrchr(driver, '.') = '\0';
	/* drivers/crypto/qce/core.c is "qce", not "core" */
	for (size_t i = 0; i < sizeof(generic) / sizeof(*generic); i++)
		if (strcmp(driver, generic[i]) == 0 && base > rest) {
			const char *e = base - 1, *st = e;
			while (st > rest && st[-1] != '/')
				st--;
			free(driver);
			return xstrndup(st, (size_t)(e - st));
		}
	return driver;
}

/* Replace {dir} and {driver} in one component. */
static char *substitute(const char *tpl, const char *dir, const char *driver)
{
	ta_buf b = {0};

	for (const char *p = tpl; *p;) {
		if (ta_str_starts(p, "{dir}")) {
			ta_buf_puts(&b, dir);
			p += 5;
		} else if (ta_str_starts(p, "{driver}")) {
			ta_buf_puts(&b, driver);
			p += 8;
		} else {
			ta_buf_putc(&b, *p++);
		}
	}
	return b.s ? ta_buf_steal(&b) : xstrdup("");
}

/*
 * A template with {dir} and {driver} made a prefix: components split at
 * ": ", substituted and trimmed (of blanks and a dangling '/' or '-'),
 * empty ones and a repeat of the one before dropped; ":" or " -" at the end.
 */
static char *expand(const char *tpl, const char *dir, const char *driver)
{
	bool dash = ta_str_ends(tpl, " -");
	char *body = xstrndup(tpl, strlen(tpl) - (dash ? 2 : 1));
	ta_buf b = {0};
	char *last = NULL;
	const char *p = body;

	while (p) {
		const char *sep = strstr(p, ": ");
		char *part = sep ? xstrndup(p, (size_t)(sep - p)) : xstrdup(p);
		char *x = substitute(part, dir, driver), *t = x;
		size_t len;
		while (isspace((unsigned char)*t))
			t++;
		len = strlen(t);
		while (len && (isspace((unsigned char)t[len - 1]) || t[len - 1] == '/' ||
			       t[len - 1] == '-' || t[len - 1] == ':'))
			t[--len] = '\0';
		if (len && !(last && strcmp(last, t) == 0)) {
			ta_buf_printf(&b, "%s%s", b.len ? ": " : "", t);
			free(last);
			last = xstrdup(t);
		}
		free(x);
		free(part);
		p = sep ? sep + 2 : NULL;
	}
	free(last);
	free(body);
	if (!b.len)
		ta_buf_puts(&b, "treewide");
	ta_buf_puts(&b, dash ? " -" : ":");
	return ta_buf_steal(&b);
}

char *ta_subject_prefix(ta_subjects *s, const char *const *paths, size_t n,
			enum ta_prefix_source *source)
{
	size_t n_c;
	const char *first = first_c(paths, n, &n_c), *rest;
	char *key = common_prefix(paths, n), *out, *dir, *driver;
	const struct path_rule *rule;
	enum ta_prefix_source dummy;

	if (!source)
		source = &dummy;
	if ((out = history_prefix(s, paths, n))) {
		*source = TA_PREFIX_HISTORY;
		free(key);
		return out;
	}
	/* the files' common prefix names the driver; without a directory in it, the first .c */
	if (!strchr(key, '/')) {
		free(key);
		key = xstrdup(first);
	}
	rule = longest(s->prefixes, s->n_prefixes, key);
	*source = rule ? TA_PREFIX_RULE : TA_PREFIX_DEFAULT;
	/* .c files in several directories: the driver is the directory they share
	 * (mt76/ for mt76/mt7603/init.c and mt76/mt76x02_mmio.c), not the first's */
	first = n_c > 1 ? common_c_dir(paths, n, first) : xstrdup(first);
	rest = rule && ta_str_starts(first, rule->path) ? first + strlen(rule->path)
	       : rule                                   ? ""
							: first;
	dir = xstrndup(rest, strchr(rest, '/') ? (size_t)(strchr(rest, '/') - rest) : 0);
	driver = driver_name(rest, n_c > 1);
	out = expand(rule ? rule->value : "{dir}: {driver}:", dir, driver);
	free(dir);
	free(driver);
	free((char *)first);
	free(key);
	return out;
}

/* ------------------------------------------------------------ unique subjects */

/* prefix with one more component before its final separator. */
static char *with_component(const char *prefix, const char *extra)
{
	bool dash = ta_str_ends(prefix, " -");
	size_t n = strlen(prefix) - (dash ? 2 : 1);

	return xasprintf("%.*s: %s%s", (int)n, prefix, extra, dash ? " -" : ":");
}

/* Is word one of the prefix's components? */
static bool has_component(const char *prefix, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = strstr(prefix, word); p; p = strstr(p + 1, word))
		if ((p == prefix || p[-1] == ' ' || p[-1] == '/') &&
		    (p[n] == ':' || p[n] == ' ' || p[n] == '/'))
			return true;
	return false;
}

char *ta_subject_claim(ta_subjects *s, const char *prefix, const char *summary,
		       const char *const *paths, size_t n)
{
	char *subject = xasprintf("%s %s", prefix, summary);

	if (ta_strmap_get(&s->used, subject)) {
		size_t n_c;
		const char *first = first_c(paths, n, &n_c);
		const char *base = strrchr(first, '/') ? strrchr(first, '/') + 1 : first;
		char *word = xstrndup(base, strcspn(base, "."));
		free(subject);
		subject = NULL;
		if (*word && !has_component(prefix, word)) {
			char *p = with_component(prefix, word);
			subject = xasprintf("%s %s", p, summary);
			free(p);
		}
		for (unsigned k = 2; !subject || ta_strmap_get(&s->used, subject); k++) {
			char num[16], *p;
			snprintf(num, sizeof(num), "%u", k);
			p = with_component(prefix, num);
			free(subject);
			subject = xasprintf("%s %s", p, summary);
			free(p);
		}
		free(word);
	}
	ta_strmap_put(&s->used, subject, 1);
	return subject;
}

/* ------------------------------------------------------------ core code, series tags */

char *ta_subject_core_intro(const ta_subjects *s, const char *const *paths, size_t n,
			    const char *mechanism)
{
	const struct path_rule *intro = NULL, *core = NULL;
	ta_buf b = {0};

	/* every path core code, the name of the longest entry of the first */
	for (size_t i = 0; i < n; i++) {
		const struct path_rule *c = longest(s->cores, s->n_cores, paths[i]);
		if (!c)
			return NULL;
		if (!core)
			core = c;
	}
	for (size_t i = 0; i < s->n_intros && !intro; i++)
		if (mechanism && strcmp(s->intros[i].path, mechanism) == 0)
			intro = &s->intros[i];
	if (!intro || !core)
		return NULL;
	for (const char *p = intro->value; *p;) {
		if (ta_str_starts(p, "{name}")) {
			ta_buf_puts(&b, core->value);
			p += 6;
		} else {
			ta_buf_putc(&b, *p++);
		}
	}
	return ta_buf_steal(&b);
}

const char *ta_subject_series_tag(const ta_subjects *s, const char *section)
{
	for (size_t i = 0; section && i < s->n_tags; i++)
		if (strcmp(s->tags[i].path, section) == 0)
			return s->tags[i].value;
	return NULL;
}
