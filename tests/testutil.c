// SPDX-License-Identifier: GPL-2.0-only
/*
 * testutil.c - shared test helpers (see testutil.h).
 */
#include "testutil.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "classify.h"
#include "pipeline.h"
#include "report.h"
#include "rules.h"
#include "scan.h"

static char test_cache[64];
static pid_t test_cache_owner;

static void remove_test_cache(void)
{
	char *cmd;

	/* only the process that made it: Check's forked test children exit too */
	if (!test_cache[0] || getpid() != test_cache_owner)
		return;
	cmd = xasprintf("rm -rf '%s'", test_cache);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove '%s'\n", test_cache);
	free(cmd);
}

/* Every test process gets its own facts cache, never the user's. */
__attribute__((constructor)) static void private_cache(void)
{
	test_cache_owner = getpid();
	snprintf(test_cache, sizeof(test_cache), "/tmp/ta-test-cache-%d", (int)getpid());
	setenv("XDG_CACHE_HOME", test_cache, 1);
	atexit(remove_test_cache);
}

/* A fresh scan of the corpus, classified when asked; exits when it fails. */
static ta_audit *scan_corpus(bool classified)
{
	char *path = tu_src("corpus");
	struct ta_scan_opts o = {.path = path, .jobs = 2, .timeout = 120};
	ta_audit *a = NULL;
	int rc = ta_scan(&o, &a);

	if (rc != 0 || !a) {
		fprintf(stderr, "cannot scan the corpus '%s' (exit %d)\n", path, rc);
		exit(1);
	}
	free(path);
	if (classified) {
		char *dir = tu_src("rules");
		ta_rules *r = ta_rules_load(dir);
		if (!r) {
			fprintf(stderr, "cannot load the bundled rules '%s'\n", dir);
			exit(1);
		}
		if (ta_pipeline_classify(a, r, 1) != 0) {
			fprintf(stderr, "cannot read the conversion rules of '%s'\n", dir);
			exit(1);
		}
		ta_rules_free(&r);
		free(dir);
	}
	return a;
}

/* The JSON report of a, in memory: what a shared audit is compared by. */
static char *report_of(const ta_audit *a)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	if (!fp || ta_report_json.write(a, fp, NULL) != 0 || fclose(fp) != 0) {
		fprintf(stderr, "cannot write the report of the corpus audit\n");
		exit(1);
	}
	return buf;
}

/* A shared audit and its report when it was made (see unchanged()). */
struct shared {
	ta_audit *a;
	char *report;
	const char *what;
};

static struct shared corpus = {.what = "tu_corpus()"};
static struct shared classified = {.what = "tu_classified()"};

/* false, with a message, when a test changed s->a (only seen without CK_FORK). */
static bool unchanged(struct shared *s)
{
	char *now;
	bool same;

	if (!s->a)
		return true;
	now = report_of(s->a);
	same = strcmp(now, s->report) == 0;
	if (!same)
		fprintf(stderr,
			"a test changed the shared audit of %s: a test that changes an audit "
			"takes its own (tu_classified_copy)\n",
			s->what);
	free(now);
	return same;
}

static bool corpus_unchanged(void)
{
	return unchanged(&corpus);
}

static bool classified_unchanged(void)
{
	return unchanged(&classified);
}

static void free_shared(void)
{
	ta_audit_free(&corpus.a);
	free(corpus.report);
	ta_audit_free(&classified.a);
	free(classified.report);
}

static const ta_audit *shared_get(struct shared *s, bool classify, bool (*check)(void))
{
	static bool registered;

	if (!s->a) {
		s->a = scan_corpus(classify);
		s->report = report_of(s->a);
		if (!registered)
			atexit(free_shared);
		registered = true;
		tu_at_end(check);
	}
	return s->a;
}

const ta_audit *tu_corpus(void)
{
	return shared_get(&corpus, false, corpus_unchanged);
}

const ta_audit *tu_classified(void)
{
	return shared_get(&classified, true, classified_unchanged);
}

ta_audit *tu_classified_copy(void)
{
	return scan_corpus(true);
}

void tu_dump_class(const ta_audit *a, const char *file, ta_buf *b)
{
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		const ta_classification *c = ta_classification_of(t);
		if (!t->file || strcmp(t->file, file) != 0)
			continue;
		ta_buf_printf(b, "%s:%u: %s: class %s\n", t->file, t->line, t->name,
			      c->cls ? c->cls : "-");
		for (size_t j = 0; j < c->n_class_reasons; j++)
			ta_buf_printf(b, "  because %s: %s\n", c->class_reasons[j].rule,
				      c->class_reasons[j].text);
		if (c->rec.mechanism) {
			ta_buf_printf(b, "  recommend %s%s%s confidence %.2f\n", c->rec.mechanism,
				      c->rec.queue ? " on " : "", c->rec.queue ? c->rec.queue : "",
				      c->rec.confidence);
			for (size_t j = 0; j < c->rec.n_reasons; j++)
				ta_buf_printf(b, "    reason %s: %s\n", c->rec.reasons[j].rule,
					      c->rec.reasons[j].text);
			for (size_t j = 0; j < c->rec.n_alternatives; j++)
				ta_buf_printf(b, "    alternative %s\n", c->rec.alternatives[j]);
			for (size_t j = 0; j < c->rec.n_blockers; j++)
				ta_buf_printf(b, "    blocker %s: %s\n", c->rec.blockers[j].rule,
					      c->rec.blockers[j].text);
		}
		for (size_t j = 0; j < c->n_findings; j++)
			ta_buf_printf(b, "  finding %s %s:%u: %s\n", c->findings[j].severity,
				      c->findings[j].file ? c->findings[j].file : "?",
				      c->findings[j].line, c->findings[j].rule);
		for (size_t j = 0; j < t->n_sites; j++)
			if (ta_site_context_of(t, j)->context)
				ta_buf_printf(b, "  site %s:%u %s: %s%s\n", t->sites[j].file,
					      t->sites[j].line, ta_api_name(t->sites[j].api),
					      ta_site_context_of(t, j)->context,
					      ta_site_context_of(t, j)->atomic_lock
						      ? " [spinlock held]"
						      : "");
	}
}

const ta_tasklet *tu_find(const ta_audit *a, const char *key)
{
	for (size_t i = 0; i < a->n_tasklets; i++)
		if (strcmp(a->tasklets[i].key, key) == 0)
			return &a->tasklets[i];
	return NULL;
}

static void dump_site(ta_buf *b, const char *what, const ta_site *s)
{
	ta_buf_printf(b, "  %s %s %s:%u", what, ta_api_name(s->api), s->file ? s->file : "?",
		      s->line);
	if (s->function)
		ta_buf_printf(b, " in %s", s->function);
	if (s->text)
		ta_buf_printf(b, " on '%s'", s->text);
	if (s->callback)
		ta_buf_printf(b, " callback %s (%s)", s->callback, ta_sig_name(s->sig));
	if (s->data && s->api == TA_API_INTERNALS)
		ta_buf_printf(b, " touches '%s'", s->data);
	else if (s->data)
		ta_buf_printf(b, " data '%s' (%s)", s->data, ta_data_kind_name(s->data_kind));
	if (s->via_macro)
		ta_buf_printf(b, " via %s", s->via_macro);
	if (s->via)
		ta_buf_printf(b, " through %s", s->via);
	if (s->self)
		ta_buf_puts(b, " self");
	if (!s->active)
		ta_buf_puts(b, " inactive");
	ta_buf_putc(b, '\n');
}

void tu_dump_file(const ta_audit *a, const char *file, ta_buf *b)
{
	for (size_t i = 0; i < a->n_tasklets; i++) {
		const ta_tasklet *t = &a->tasklets[i];
		if (!t->file || strcmp(t->file, file) != 0)
			continue;
		ta_buf_printf(b, "%s:%u: %s\n", t->file, t->line, t->name);
		ta_buf_printf(b, "  key '%s' scope %s init %s callback %s (%s)%s\n", t->key,
			      ta_scope_name(t->scope),
			      t->init_api == TA_API_NONE ? "none" : ta_api_name(t->init_api),
			      t->callback ? t->callback : "-", ta_sig_name(t->sig),
			      t->array ? " array" : "");
		if (t->ctype)
			ta_buf_printf(b, "  container %s field %s root %s path %s\n", t->ctype,
				      t->field ? t->field : "-", t->root_type ? t->root_type : "-",
				      t->member_path ? t->member_path : "-");
		if (t->data)
			ta_buf_printf(b, "  data '%s' (%s)\n", t->data,
				      ta_data_kind_name(t->data_kind));
		if (t->callback_file)
			ta_buf_printf(b, "  callback defined at %s:%u\n", t->callback_file,
				      t->callback_line);
		ta_buf_printf(b, "  %s%s\n", t->active ? "active" : "inactive",
			      t->never_initialized ? ", never initialized" : "");
		for (size_t j = 0; j < t->n_init; j++)
			dump_site(b, "init", &t->init_sites[j]);
		for (size_t j = 0; j < t->n_sites; j++)
			dump_site(b, "site", &t->sites[j]);
	}
}

void tu_golden(const char *rel, const char *text)
{
	char *path = tu_src(rel);
	const char *update = getenv("TA_UPDATE_GOLDEN");
	char *want;

	if (update && strcmp(update, "1") == 0) {
		FILE *fp = fopen(path, "w");
		ck_assert_ptr_nonnull(fp);
		fputs(text, fp);
		fclose(fp);
	}
	want = ta_read_file(path, NULL);
	ck_assert_msg(want != NULL, "missing golden file %s (TA_UPDATE_GOLDEN=1 writes it)", rel);
	ck_assert_msg(strcmp(want, text) == 0,
		      "%s differs from the output:\n--- want\n%s--- got\n%s", rel, want, text);
	free(want);
	free(path);
}

static char *slurp_fd(int fd)
{
	ta_buf b = {0};
	char chunk[8192];
	ssize_t r;

	while ((r = read(fd, chunk, sizeof(chunk))) > 0)
		ta_buf_add(&b, chunk, (size_t)r);
	return ta_buf_steal(&b);
}

struct tu_run tu_exec(const char *args)
{
	return tu_exec_env(NULL, args);
}

struct tu_run tu_exec_env(const char *env, const char *args)
{
	struct tu_run r = {0};
	char outp[] = "/tmp/tu-out.XXXXXX", errp[] = "/tmp/tu-err.XXXXXX";
	int of = mkstemp(outp), ef = mkstemp(errp);
	char *cmd = xasprintf("%s%s%s'%s' %s >'%s' 2>'%s' </dev/null", env ? "env " : "",
			      env ? env : "", env ? " " : "", TA_BINARY, args, outp, errp);
	int st = system(cmd);

	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	r.out = slurp_fd(of);
	r.err = slurp_fd(ef);
	close(of);
	close(ef);
	unlink(outp);
	unlink(errp);
	free(cmd);
	return r;
}

void tu_run_free(struct tu_run *r)
{
	free(r->out);
	free(r->err);
	r->out = r->err = NULL;
}

int tu_sh(const char *fmt, ...)
{
	va_list ap;
	ta_buf b = {0};
	int st;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	st = system(b.s);
	ta_buf_free(&b);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

char *tu_mkdtemp(void)
{
	char *dir = xstrdup("/tmp/ta-test.XXXXXX");

	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
	return dir;
}

/* nftw callback: remove one entry, directories after their contents. */
static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	if (flag == FTW_DP)
		return rmdir(path);
	return unlink(path);
}

void tu_rmtree(char **dir)
{
	if (!*dir)
		return;
	nftw(*dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(*dir);
	*dir = NULL;
}

void tu_write(const char *dir, const char *rel, const char *text)
{
	char *path = ta_path_join(dir, rel);
	FILE *fp;

	for (char *s = path + strlen(dir) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		ck_assert_msg(mkdir(path, 0755) == 0 || errno == EEXIST, "mkdir '%s': %s", path,
			      strerror(errno));
		*s = '/';
	}
	fp = fopen(path, "w");
	ck_assert_msg(fp != NULL, "cannot create '%s': %s", path, strerror(errno));
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
	free(path);
}

char *tu_corpus_tree(void)
{
	char *dir = tu_mkdtemp(), *src = tu_src("corpus");

	ck_assert_msg(tu_sh("cp -a '%s/.' '%s'", src, dir) == 0, "cannot copy '%s'", src);
	free(src);
	return dir;
}

void tu_git_commit_all(const char *dir)
{
	ck_assert_msg(tu_sh("cd '%s' && git init -q && git add -A && "
			    "git -c user.name=t -c user.email=t@t commit -q -m base",
			    dir) == 0,
		      "cannot commit '%s' to git", dir);
}

char *tu_ls(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;
	ta_buf b = {0};

	ck_assert_msg(d != NULL, "opendir '%s': %s", dir, strerror(errno));
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			TA_PUSH(names, n, cap, xstrdup(de->d_name));
	closedir(d);
	ta_sort(names, n, sizeof(*names), ta_strptr_cmp);
	for (size_t i = 0; i < n; i++) {
		ta_buf_printf(&b, "%s\n", names[i]);
		free(names[i]);
	}
	free(names);
	return ta_buf_steal(&b);
}

static int saved_stderr = -1;
static char capture_path[] = "/tmp/tu-stderr.XXXXXX";

void tu_stderr_begin(void)
{
	int fd;

	strcpy(capture_path, "/tmp/tu-stderr.XXXXXX");
	fd = mkstemp(capture_path);
	ck_assert_int_ge(fd, 0);
	fflush(stderr);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fd, STDERR_FILENO);
	close(fd);
}

char *tu_stderr_end(void)
{
	char *text;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	saved_stderr = -1;
	text = ta_read_file(capture_path, NULL);
	unlink(capture_path);
	ck_assert_ptr_nonnull(text);
	return text;
}
