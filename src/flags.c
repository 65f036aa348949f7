// SPDX-License-Identifier: GPL-2.0-only
/*
 * flags.c - compile arguments per file: compile_commands.json entries
 * (stripped of dependency-file and output options, which would make
 * libclang write into the build tree), or kbuild-like synthesized flags.
 */
#include "flags.h"

#include <cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "jsondoc.h"
#include "util.h"

#ifndef TA_CLANG_RESOURCE_INCLUDE
#define TA_CLANG_RESOURCE_INCLUDE "/usr/lib/llvm-14/lib/clang/14.0.6/include"
#endif

struct compdb_entry {
	char *file; /* tree-relative */
	char **argv;
	int argc;
};

/* ccflags read from one directory's Makefile or Kbuild. */
struct dir_flags {
	char *dir;
	char **own, **subdir;
	size_t n_own, cap_own, n_subdir, cap_subdir;
	char *text; /* the makefile, for CFLAGS_<file>.o lookups */
	bool found; /* the directory has a Makefile or Kbuild */
};

struct ta_flags {
	const ta_tree *tree;
	const ta_kconfig *kc;
	char *overlay;
	struct compdb_entry *db;
	size_t n_db, cap_db;
	bool use_db;
	char *pch;      /* precompiled header of the common headers, for synthesized files */
	char *wide_pch; /* the same with more headers, for the files that include them (pch.h) */
	struct dir_flags *dirs;
	size_t n_dirs, cap_dirs;
};

static void argv_push(char ***argv, size_t *n, size_t *cap, const char *s)
{
	TA_PUSH(*argv, *n, *cap, xstrdup(s));
}

/* Split a shell-ish command line (quotes and backslashes) into words. */
static char **split_command(const char *cmd, int *argc)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	const char *p = cmd;

	while (*p) {
		ta_buf w = {0};
		char q = 0;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		for (; *p && (q || (*p != ' ' && *p != '\t')); p++) {
			if (q && *p == q)
				q = 0;
			else if (!q && (*p == '"' || *p == '\''))
				q = *p;
			else if (*p == '\\' && p[1] && q != '\'')
				ta_buf_putc(&w, *++p);
			else
				ta_buf_putc(&w, *p);
		}
		TA_PUSH(v, n, cap, ta_buf_steal(&w));
	}
	TA_PUSH(v, n, cap, NULL);
	*argc = (int)n - 1;
	return v;
}

/*
 * Drop the compiler, -c, -o, dependency-file options and the source file
 * itself, however it is written (kbuild's database has an absolute "file"
 * and the path relative to "directory" in the command).
 */
static char **clean_compdb_args(char **in, int in_c, const char *file, const char *abs,
				const char *dir, int *argc)
{
	char **v = NULL;
	size_t n = 0, cap = 0;

	argv_push(&v, &n, &cap, "-working-directory");
	argv_push(&v, &n, &cap, dir);
	for (int i = 1; i < in_c; i++) {
		const char *a = in[i];
		if (strcmp(a, "-c") == 0 || strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0)
			continue;
		if (strcmp(a, "-o") == 0 || strcmp(a, "-MF") == 0 || strcmp(a, "-MT") == 0 ||
		    strcmp(a, "-MQ") == 0) {
			i++;
			continue;
		}
		if (ta_str_starts(a, "-Wp,-MMD") || ta_str_starts(a, "-Wp,-MD") ||
		    ta_str_starts(a, "-o") || ta_str_ends(a, file))
			continue;
		if (a[0] != '-') {
			char *joined = ta_path_join(dir, a);
			bool source = strcmp(joined, abs) == 0;
			free(joined);
			if (source)
				continue;
		}
		argv_push(&v, &n, &cap, a);
	}
	argv_push(&v, &n, &cap, "-Wno-everything");
	TA_PUSH(v, n, cap, NULL);
	*argc = (int)n - 1;
	return v;
}

static int load_compdb(ta_flags *fl, const char *dir, bool explicit)
{
	char *path = ta_path_join(dir, "compile_commands.json");
	size_t len, rl = strlen(fl->tree->root);
	char *text = ta_read_file(path, &len);
	const cJSON *root, *e;
	ta_jdoc *doc;

	if (!text) {
		if (explicit)
			ta_error("cannot read '%s': %s", path, strerror(errno));
		free(path);
		return explicit ? -1 : 0;
	}
	doc = ta_jdoc_parse(path, text, len, 0);
	free(text);
	root = doc ? ta_jdoc_root(doc) : NULL;
	if (!cJSON_IsArray(root)) {
		if (doc)
			ta_jdoc_fail(doc, root, "not a compilation database (a JSON array)");
		ta_jdoc_free(&doc);
		free(path);
		return -1;
	}
	cJSON_ArrayForEach(e, root)
	{
		cJSON *jf = cJSON_GetObjectItemCaseSensitive(e, "file");
		cJSON *jd = cJSON_GetObjectItemCaseSensitive(e, "directory");
		cJSON *ja = cJSON_GetObjectItemCaseSensitive(e, "arguments");
		cJSON *jc = cJSON_GetObjectItemCaseSensitive(e, "command");
		char **raw = NULL, *abs;
		int raw_c = 0;
		struct compdb_entry ent;

		if (!cJSON_IsString(jf) || !cJSON_IsString(jd))
			continue;
		abs = ta_path_join(jd->valuestring, jf->valuestring);
		if (cJSON_IsArray(ja)) {
			size_t n = 0, cap = 0;
			cJSON *a;
			cJSON_ArrayForEach(a, ja) if (cJSON_IsString(a))
				argv_push(&raw, &n, &cap, a->valuestring);
			TA_PUSH(raw, n, cap, NULL);
			raw_c = (int)n - 1;
		} else if (cJSON_IsString(jc)) {
			raw = split_command(jc->valuestring, &raw_c);
		} else {
			free(abs);
			continue;
		}
		ent.file = xstrdup(strncmp(abs, fl->tree->root, rl) == 0 && abs[rl] == '/'
					   ? abs + rl + 1
					   : abs);
		ent.argv = clean_compdb_args(raw, raw_c, jf->valuestring, abs, jd->valuestring,
					     &ent.argc);
		ta_argv_free(raw);
		free(abs);
		TA_PUSH(fl->db, fl->n_db, fl->cap_db, ent);
	}
	ta_jdoc_free(&doc);
	free(path);
	fl->use_db = true;
	return 0;
}

ta_flags *ta_flags_new(const ta_tree *tree, const ta_kconfig *kc, const char *overlay_dir,
		       const char *compdb_dir)
{
	ta_flags *fl = xcalloc(1, sizeof(*fl));

	fl->tree = tree;
	fl->kc = kc;
	fl->overlay = overlay_dir ? xstrdup(overlay_dir) : NULL;
	if (load_compdb(fl, compdb_dir ? compdb_dir : tree->root, compdb_dir != NULL) != 0) {
		ta_flags_free(&fl);
		return NULL;
	}
	return fl;
}

static void dir_flags_free(struct dir_flags *d)
{
	for (size_t i = 0; i < d->n_own; i++)
		free(d->own[i]);
	for (size_t i = 0; i < d->n_subdir; i++)
		free(d->subdir[i]);
	free(d->own);
	free(d->subdir);
	free(d->dir);
	free(d->text);
}

void ta_flags_free(ta_flags **flp)
{
	ta_flags *fl = *flp;

	if (!fl)
		return;
	for (size_t i = 0; i < fl->n_db; i++) {
		free(fl->db[i].file);
		ta_argv_free(fl->db[i].argv);
	}
	free(fl->db);
	for (size_t i = 0; i < fl->n_dirs; i++)
		dir_flags_free(&fl->dirs[i]);
	free(fl->dirs);
	free(fl->overlay);
	free(fl->pch);
	free(fl->wide_pch);
	free(fl);
	*flp = NULL;
}

bool ta_flags_from_compdb(const ta_flags *fl)
{
	return fl->use_db;
}

const char *ta_flags_source(const ta_flags *fl)
{
	return fl->use_db ? "compile_commands.json" : "synthesized";
}

void ta_argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

/* Replace $(srctree), $(objtree), $(src), $(obj); NULL if other variables remain. */
static char *expand_make_vars(const char *tok, const char *root, const char *dir)
{
	ta_buf b = {0};
	const char *p = tok;

	while (*p) {
		if (strncmp(p, "$(srctree)", 10) == 0 || strncmp(p, "$(objtree)", 10) == 0) {
			ta_buf_puts(&b, root);
			p += 10;
		} else if (strncmp(p, "$(src)", 6) == 0 || strncmp(p, "$(obj)", 6) == 0) {
			/* $(src) is relative to the root, where kbuild runs make */
			ta_buf_puts(&b, dir);
			p += 6;
		} else if (p[0] == '$') {
			ta_buf_free(&b);
			return NULL;
		} else {
			ta_buf_putc(&b, *p++);
		}
	}
	return ta_buf_steal(&b);
}

/* Keep -I, -D, -U, -include and -iquote options of a ccflags value. */
static void take_flags(const char *value, const char *root, const char *dir, char ***v, size_t *n,
		       size_t *cap)
{
	int argc = 0;
	char **words = split_command(value, &argc);

	for (int i = 0; i < argc; i++) {
		const char *w = words[i];
		char *x;
		bool two = (strcmp(w, "-I") == 0 || strcmp(w, "-include") == 0 ||
			    strcmp(w, "-iquote") == 0 || strcmp(w, "-D") == 0);

		if (two && i + 1 < argc) {
			x = expand_make_vars(words[i + 1], root, dir);
			/* a relative path is relative to the tree root, where kbuild runs */
			if (x && strcmp(w, "-D") != 0 && x[0] && x[0] != '/') {
				char *abs = ta_path_join(root, x);
				free(x);
				x = abs;
			}
			if (x) {
				argv_push(v, n, cap, w);
				TA_PUSH(*v, *n, *cap, x);
			}
			i++;
			continue;
		}
		if (!ta_str_starts(w, "-I") && !ta_str_starts(w, "-D") && !ta_str_starts(w, "-U"))
			continue;
		x = expand_make_vars(w, root, dir);
		if (x) {
			/* a relative -Ifoo in a Makefile is relative to the tree root */
			if (ta_str_starts(x, "-I") && x[2] && x[2] != '/') {
				char *abs = xasprintf("-I%s/%s", root, x + 2);
				free(x);
				x = abs;
			}
			TA_PUSH(*v, *n, *cap, x);
		}
	}
	ta_argv_free(words);
}

/* Is "ccflags-$(CONFIG_FOO)" style variable enabled by the configuration? */
static bool var_enabled(const ta_kconfig *kc, const char *suffix, size_t len)
{
	char sym[128];

	if (len == 1 && suffix[0] == 'y')
		return true;
	if (len > 3 && strncmp(suffix, "$(", 2) == 0 && suffix[len - 1] == ')' && len - 3 < 128) {
		memcpy(sym, suffix + 2, len - 3);
		sym[len - 3] = '\0';
		return ta_kconfig_get(kc, sym) && strcmp(ta_kconfig_get(kc, sym), "y") == 0;
	}
	return false;
}

static struct dir_flags *dir_flags_get(ta_flags *fl, const char *dir)
{
	struct dir_flags d = {0};
	char *path, *text, *line, *save = NULL;

	for (size_t i = 0; i < fl->n_dirs; i++)
		if (strcmp(fl->dirs[i].dir, dir) == 0)
			return &fl->dirs[i];
	d.dir = xstrdup(dir);
	path = xasprintf("%s/%s/Kbuild", fl->tree->root, dir);
	text = ta_read_file(path, NULL);
	free(path);
	if (!text) {
		path = xasprintf("%s/%s/Makefile", fl->tree->root, dir);
		text = ta_read_file(path, NULL);
		free(path);
	}
	d.found = text != NULL;
	if (text) {
		/* join continuation lines */
		for (char *p = text; *p; p++)
			if (p[0] == '\\' && p[1] == '\n')
				p[0] = p[1] = ' ';
		d.text = xstrdup(text);
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			char *p = line + strspn(line, " \t"), *op, *name_end;
			bool subdir = false;
			const char *suffix;
			if (ta_str_starts(p, "subdir-ccflags-")) {
				subdir = true;
				suffix = p + 15;
			} else if (ta_str_starts(p, "ccflags-")) {
				suffix = p + 8;
			} else if (ta_str_starts(p, "EXTRA_CFLAGS")) {
				suffix = "y";
				p += 12;
				goto value;
			} else {
				continue;
			}
			name_end = (char *)suffix + strcspn(suffix, " \t+:?=");
			if (!var_enabled(fl->kc, suffix, (size_t)(name_end - suffix)))
				continue;
			p = name_end;
		value:
			p += strspn(p, " \t");
			op = p;
			if (*op == '+' || *op == ':' || *op == '?')
				op++;
			if (*op != '=')
				continue;
			op++;
			if (subdir)
				take_flags(op, fl->tree->root, dir, &d.subdir, &d.n_subdir,
					   &d.cap_subdir);
			else
				take_flags(op, fl->tree->root, dir, &d.own, &d.n_own, &d.cap_own);
		}
		free(text);
	}
	TA_PUSH(fl->dirs, fl->n_dirs, fl->cap_dirs, d);
	return &fl->dirs[fl->n_dirs - 1];
}

/* CFLAGS_<stem>.o += ... lines of the Makefile that builds the file (stem: "x", "gt/x"). */
static void file_flags(ta_flags *fl, struct dir_flags *d, const char *base, char ***v, size_t *n,
		       size_t *cap)
{
	char *key;
	const char *p;

	if (!d->text)
		return;
	key = xasprintf("CFLAGS_%s.o", base);
	for (p = d->text; (p = strstr(p, key)); p += strlen(key)) {
		const char *q = p + strlen(key), *eol;
		char *value;
		if (p > d->text && p[-1] != '\n' && p[-1] != ' ' && p[-1] != '\t')
			continue;
		q += strspn(q, " \t");
		if (*q == '+' || *q == ':' || *q == '?')
			q++;
		if (*q != '=')
			continue;
		eol = strchr(q, '\n');
		value = eol ? xstrndup(q + 1, (size_t)(eol - q - 1)) : xstrdup(q + 1);
		take_flags(value, fl->tree->root, d->dir, v, n, cap);
		free(value);
	}
	free(key);
}

/* The name without its ".c" ("x" for "x.c"; other names unchanged). */
static char *strip_c(const char *name)
{
	size_t len = strlen(name);

	return xstrndup(name, ta_str_ends(name, ".c") ? len - 2 : len);
}

/* The arguments every synthesized file shares: include paths, the forced
 * includes (or the precompiled header that holds them), the target. */
static void push_base(ta_flags *fl, char ***vp, size_t *np, size_t *capp, bool use_pch)
{
	const char *root = fl->tree->root;
	const char *ov = fl->overlay;
	char **v = *vp;
	size_t n = *np, cap = *capp;
	char *path;

	/* generated headers: the tree's own when configured, else the overlay */
	const char *gen_root = ov ? ov : root;
	static const char *const plain[] = {"-nostdinc",
					    "-D__KERNEL__",
					    "-std=gnu11",
					    "--target=x86_64-linux-gnu",
					    "-m64",
					    "-fno-strict-aliasing",
					    "-fno-common",
					    "-fshort-wchar",
					    "-mno-sse",
					    "-mno-mmx",
					    "-mno-sse2",
					    "-mno-avx",
					    "-mno-red-zone",
					    "-mcmodel=kernel",
					    "-DCC_USING_FENTRY",
					    "-Wno-everything",
					    "-ferror-limit=0"};

	argv_push(&v, &n, &cap, "-isystem");
	argv_push(&v, &n, &cap, TA_CLANG_RESOURCE_INCLUDE);
	TA_PUSH(v, n, cap, xasprintf("-I%s/arch/x86/include", root));
	TA_PUSH(v, n, cap, xasprintf("-I%s/arch/x86/include/generated", gen_root));
	TA_PUSH(v, n, cap, xasprintf("-I%s/include", root));
	if (ov)
		TA_PUSH(v, n, cap, xasprintf("-I%s/include", ov));
	TA_PUSH(v, n, cap, xasprintf("-I%s/arch/x86/include/uapi", root));
	TA_PUSH(v, n, cap, xasprintf("-I%s/arch/x86/include/generated/uapi", gen_root));
	TA_PUSH(v, n, cap, xasprintf("-I%s/include/uapi", root));
	TA_PUSH(v, n, cap, xasprintf("-I%s/include/generated/uapi", gen_root));
	static const char *const forced[] = {"include/linux/compiler-version.h",
					     "include/linux/kconfig.h",
					     "include/linux/compiler_types.h"};
	for (size_t i = 0; i < sizeof(forced) / sizeof(*forced) && !use_pch; i++) {
		path = ta_path_join(root, forced[i]);
		if (access(path, R_OK) == 0) {
			argv_push(&v, &n, &cap, "-include");
			TA_PUSH(v, n, cap, path);
		} else {
			free(path);
		}
	}
	if (use_pch) {
		argv_push(&v, &n, &cap, "-include-pch");
		argv_push(&v, &n, &cap, fl->pch);
	}
	for (size_t i = 0; i < sizeof(plain) / sizeof(*plain); i++)
		argv_push(&v, &n, &cap, plain[i]);
	*vp = v;
	*np = n;
	*capp = cap;
}

static char **synthesize(ta_flags *fl, const char *relpath, bool use_pch, int *argc)
{
	char **v = NULL;
	size_t n = 0, cap = 0;
	char *dir = xstrdup(relpath), *slash, *base;
	const char *fname = strrchr(relpath, '/') ? strrchr(relpath, '/') + 1 : relpath;

	push_base(fl, &v, &n, &cap, use_pch);

	/* per-directory ccflags: subdir-ccflags-y of every ancestor, then the own dir's */
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		char *walk = xstrdup(dir);
		char *chain[64];
		int depth = 0;
		while (depth < 64) {
			chain[depth++] = xstrdup(walk);
			char *s = strrchr(walk, '/');
			if (!s)
				break;
			*s = '\0';
		}
		free(walk);
		/* kbuild builds gt/foo.o from the nearest Makefile above: its flags are "own" */
		int owner = 0;
		while (owner < depth - 1 && !dir_flags_get(fl, chain[owner])->found)
			owner++;
		for (int i = depth - 1; i >= owner; i--) {
			struct dir_flags *d = dir_flags_get(fl, chain[i]);
			for (size_t j = 0; j < d->n_subdir; j++)
				argv_push(&v, &n, &cap, d->subdir[j]);
			if (i == owner) {
				for (size_t j = 0; j < d->n_own; j++)
					argv_push(&v, &n, &cap, d->own[j]);
				/* kbuild's target-stem: the path below the Makefile's dir */
				base = strip_c(relpath + strlen(chain[i]) + 1);
				file_flags(fl, d, base, &v, &n, &cap);
				free(base);
			}
		}
		for (int i = 0; i < depth; i++)
			free(chain[i]);
	}
	base = strip_c(fname);
	for (char *p = base; *p; p++)
		if (*p == '-')
			*p = '_';
	TA_PUSH(v, n, cap, xasprintf("-DKBUILD_MODFILE=\"%s\"", relpath));
	TA_PUSH(v, n, cap, xasprintf("-DKBUILD_BASENAME=\"%s\"", base));
	TA_PUSH(v, n, cap, xasprintf("-DKBUILD_MODNAME=\"%s\"", base));
	TA_PUSH(v, n, cap, xasprintf("-D__KBUILD_MODNAME=kmod_%s", base));
	free(base);
	free(dir);
	TA_PUSH(v, n, cap, NULL);
	*argc = (int)n - 1;
	return v;
}

char **ta_flags_for(ta_flags *fl, const char *relpath, int *argc)
{
	if (fl->use_db) {
		for (size_t i = 0; i < fl->n_db; i++) {
			if (strcmp(fl->db[i].file, relpath) == 0) {
				char **v = xcalloc((size_t)fl->db[i].argc + 1, sizeof(char *));
				for (int j = 0; j < fl->db[i].argc; j++)
					v[j] = xstrdup(fl->db[i].argv[j]);
				*argc = fl->db[i].argc;
				return v;
			}
		}
		/* not in the database (not built in this config): synthesize */
	}
	return synthesize(fl, relpath, fl->pch != NULL, argc);
}

char **ta_flags_for_nopch(ta_flags *fl, const char *relpath, int *argc)
{
	return synthesize(fl, relpath, false, argc);
}

char **ta_flags_base(ta_flags *fl, int *argc)
{
	char **v = NULL;
	size_t n = 0, cap = 0;

	push_base(fl, &v, &n, &cap, false);
	TA_PUSH(v, n, cap, NULL);
	*argc = (int)n - 1;
	return v;
}

void ta_flags_set_pch(ta_flags *fl, const char *pch_path)
{
	free(fl->pch);
	fl->pch = pch_path ? xstrdup(pch_path) : NULL;
}

bool ta_flags_uses_pch(const ta_flags *fl, const char *relpath)
{
	if (!fl->pch)
		return false;
	for (size_t i = 0; fl->use_db && i < fl->n_db; i++)
		if (strcmp(fl->db[i].file, relpath) == 0)
			return false;
	return true;
}

const char *ta_flags_pch(const ta_flags *fl)
{
	return fl->pch;
}

void ta_flags_set_wide_pch(ta_flags *fl, const char *pch_path)
{
	free(fl->wide_pch);
	fl->wide_pch = pch_path ? xstrdup(pch_path) : NULL;
}

const char *ta_flags_wide_pch(const ta_flags *fl)
{
	return fl->wide_pch;
}

void ta_flags_args_swap_pch(const char **args, int nargs, const char *pch)
{
	for (int i = 1; i < nargs; i++)
		if (strcmp(args[i - 1], "-include-pch") == 0)
			args[i] = pch;
}
