// SPDX-License-Identifier: GPL-2.0-only
/*
 * overlay.c - writes the generated-header overlay: autoconf.h from the
 * configuration, the asm-generic wrappers kbuild makes from the Kbuild
 * lists, the syscall number headers from the syscall tables, and small
 * stand-ins for the headers kbuild computes at build time (bounds.h,
 * timeconst.h, asm-offsets.h).  The stand-ins hold plausible values: they
 * are for parsing, never for code generation.
 */
#include "overlay.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

struct ta_overlay {
	char *dir;
	unsigned count;
	bool keep;        /* a shared, content-addressed overlay in the cache */
	uint64_t content; /* hash of every generated file's name and text */
};

static int mkdirs(const char *path)
{
	char *p = xstrdup(path);

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	free(p);
	return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static int put(ta_overlay *ov, const char *rel, const char *text)
{
	char *path = ta_path_join(ov->dir, rel);
	char *dir = xstrdup(path);
	FILE *fp;
	int err = 0;

	*strrchr(dir, '/') = '\0';
	ov->content = ta_fnv1a(ov->content, rel, strlen(rel) + 1);
	ov->content = ta_fnv1a(ov->content, text, strlen(text) + 1);
	if (mkdirs(dir) != 0 || !(fp = fopen(path, "w"))) {
		err = -1;
	} else {
		fputs(text, fp);
		if (fclose(fp) != 0)
			err = -1;
	}
	if (err)
		ta_error("cannot write '%s': %s", path, strerror(errno));
	else
		ov->count++;
	free(dir);
	free(path);
	return err;
}

/* The names listed as "<var> += name.h" in a Kbuild file. */
static void kbuild_list(const char *root, const char *rel, const char *var, char ***names,
			size_t *n, size_t *cap)
{
	char *path = ta_path_join(root, rel);
	char *text = ta_read_file(path, NULL);
	char *line, *save = NULL;
	size_t vl = strlen(var);

	free(path);
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = line, *e;
		if (strncmp(p, var, vl) != 0)
			continue;
		p += vl;
		p += strspn(p, " \t");
		if (strncmp(p, "+=", 2) != 0)
			continue;
		p += 2;
		p += strspn(p, " \t");
		e = p + strcspn(p, " \t#");
		if (e > p)
			TA_PUSH(*names, *n, *cap, xstrndup(p, (size_t)(e - p)));
	}
	free(text);
}

static bool tree_has(const char *root, const char *rel)
{
	char *p = ta_path_join(root, rel);
	bool ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

/* asm wrappers: generic-y always, mandatory-y when the arch lacks the header. */
static int write_wrappers(ta_overlay *ov, const char *root, const char *arch_dir,
			  const char *arch_kbuild, const char *generic_kbuild,
			  const char *generic_prefix, const char *out_dir)
{
	char **names = NULL;
	size_t n = 0, cap = 0;
	int err = 0;

	kbuild_list(root, arch_kbuild, "generic-y", &names, &n, &cap);
	size_t n_generic = n;
	kbuild_list(root, generic_kbuild, "mandatory-y", &names, &n, &cap);
	for (size_t i = 0; i < n; i++) {
		char *own = xasprintf("%s/%s", arch_dir, names[i]);
		bool skip = i >= n_generic && tree_has(root, own);
		free(own);
		if (!skip && !err) {
			char *rel = xasprintf("%s/%s", out_dir, names[i]);
			char *text = xasprintf("#include <%s/%s>\n", generic_prefix, names[i]);
			err = put(ov, rel, text);
			free(rel);
			free(text);
		}
		free(names[i]);
	}
	free(names);
	return err;
}

/* One syscall header from a .tbl file: "#define __NR_<prefix><name> <offset + nr>". */
static int write_unistd(ta_overlay *ov, const char *root, const char *tbl, const char *abis,
			const char *prefix, const char *offset, const char *out, const char *guard)
{
	char *path = ta_path_join(root, tbl);
	char *text = ta_read_file(path, NULL);
	ta_buf b = {0};
	char *line, *save = NULL;
	int err;

	free(path);
	ta_buf_printf(&b, "#ifndef %s\n#define %s 1\n\n", guard, guard);
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char abi[32], name[128];
		unsigned nr;
		if (line[0] == '#' || sscanf(line, "%u %31s %127s", &nr, abi, name) != 3)
			continue;
		char *want = xasprintf(",%s,", abis), *has = xasprintf(",%s,", abi);
		bool match = strstr(want, has) != NULL;
		free(want);
		free(has);
		if (!match)
			continue;
		if (offset)
			ta_buf_printf(&b, "#define __NR_%s%s (%s + %u)\n", prefix, name, offset,
				      nr);
		else
			ta_buf_printf(&b, "#define __NR_%s%s %u\n", prefix, name, nr);
	}
	ta_buf_printf(&b, "\n#endif /* %s */\n", guard);
	err = put(ov, out, b.s);
	ta_buf_free(&b);
	free(text);
	return err;
}

static unsigned long gcd(unsigned long a, unsigned long b)
{
	while (b) {
		unsigned long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

static void timeconst(ta_buf *b, unsigned long hz)
{
	unsigned long g = gcd(hz, 1000), gu = gcd(hz, 1000000);

	ta_buf_printf(
		b,
		"/* Stand-in for kernel/time/timeconst.bc output: for parsing only. */\n"
		"#ifndef __KERNEL_TIMECONST_H\n#define __KERNEL_TIMECONST_H\n"
		"#include <linux/param.h>\n#include <linux/types.h>\n"
		"#if HZ != %lu\n#error \"include/generated/timeconst.h has the wrong HZ value!\"\n"
		"#endif\n",
		hz);
	ta_buf_puts(
		b,
		"#define HZ_TO_MSEC_MUL32 U64_C(0x80000000)\n#define HZ_TO_MSEC_ADJ32 U64_C(0x0)\n"
		"#define HZ_TO_MSEC_SHR32 29\n#define MSEC_TO_HZ_MUL32 U64_C(0x80000000)\n"
		"#define MSEC_TO_HZ_ADJ32 U64_C(0x180000000)\n#define MSEC_TO_HZ_SHR32 33\n"
		"#define HZ_TO_USEC_MUL32 U64_C(0xfa000000)\n#define HZ_TO_USEC_ADJ32 U64_C(0x0)\n"
		"#define HZ_TO_USEC_SHR32 20\n#define USEC_TO_HZ_MUL32 U64_C(0x83126e98)\n"
		"#define USEC_TO_HZ_ADJ32 U64_C(0x7ff7ced9168)\n#define USEC_TO_HZ_SHR32 43\n");
	ta_buf_printf(b,
		      "#define HZ_TO_MSEC_NUM %lu\n#define HZ_TO_MSEC_DEN %lu\n"
		      "#define MSEC_TO_HZ_NUM %lu\n#define MSEC_TO_HZ_DEN %lu\n"
		      "#define HZ_TO_USEC_NUM %lu\n#define HZ_TO_USEC_DEN %lu\n"
		      "#define USEC_TO_HZ_NUM %lu\n#define USEC_TO_HZ_DEN %lu\n#endif\n",
		      1000 / g, hz / g, hz / g, 1000 / g, 1000000 / gu, hz / gu, hz / gu,
		      1000000 / gu);
}

static int write_generated(ta_overlay *ov, const ta_tree *tree, const ta_kconfig *kc)
{
	ta_buf b = {0};
	int err = 0;
	unsigned maj = 0, min = 0, sub = 0;
	const char *hz = ta_kconfig_get(kc, "HZ");

	ta_kconfig_autoconf(kc, &b);
	err |= put(ov, "include/generated/autoconf.h", b.s);
	ta_buf_free(&b);

	err |= put(ov, "include/generated/bounds.h",
		   "#ifndef __LINUX_BOUNDS_H__\n#define __LINUX_BOUNDS_H__\n"
		   "/* Stand-in for kernel/bounds.c output: for parsing only. */\n"
		   "#define NR_PAGEFLAGS 23\n#define MAX_NR_ZONES 5\n#define NR_CPUS_BITS 13\n"
		   "#define SPINLOCK_SIZE 4\n#endif\n");
	timeconst(&b, hz ? strtoul(hz, NULL, 10) : 250);
	err |= put(ov, "include/generated/timeconst.h", b.s);
	ta_buf_free(&b);
	ta_buf_printf(&b, "#define UTS_RELEASE \"%s\"\n", tree->version);
	err |= put(ov, "include/generated/utsrelease.h", b.s);
	ta_buf_free(&b);
	err |= put(
		ov, "include/generated/compile.h",
		"#define UTS_MACHINE \"x86_64\"\n#define UTS_VERSION \"#1\"\n"
		"#define LINUX_COMPILE_BY \"tasklet-audit\"\n#define LINUX_COMPILE_HOST \"localhost\"\n"
		"#define LINUX_COMPILER \"clang\"\n");
	err |= put(ov, "include/generated/utsversion.h", "#define UTS_VERSION \"#1\"\n");
	err |= put(ov, "include/generated/asm-offsets.h",
		   "/* Stand-in for asm-offsets: for parsing only. */\n");
	err |= put(ov, "include/generated/autoksyms.h", "");
	err |= put(ov, "include/generated/randstruct_hash.h", "");
	sscanf(tree->version, "%u.%u.%u", &maj, &min, &sub);
	ta_buf_printf(
		&b,
		"#define LINUX_VERSION_CODE %u\n"
		"#define KERNEL_VERSION(a,b,c) (((a) << 16) + ((b) << 8) + ((c) > 255 ? 255 : (c)))\n"
		"#define LINUX_VERSION_MAJOR %u\n#define LINUX_VERSION_PATCHLEVEL %u\n"
		"#define LINUX_VERSION_SUBLEVEL %u\n",
		(maj << 16) + (min << 8) + (sub > 255 ? 255 : sub), maj, min, sub);
	err |= put(ov, "include/generated/uapi/linux/version.h", b.s);
	ta_buf_free(&b);

	err |= write_wrappers(ov, tree->root, "arch/x86/include/asm", "arch/x86/include/asm/Kbuild",
			      "include/asm-generic/Kbuild", "asm-generic",
			      "arch/x86/include/generated/asm");
	err |= write_wrappers(ov, tree->root, "arch/x86/include/uapi/asm",
			      "arch/x86/include/uapi/asm/Kbuild", "include/uapi/asm-generic/Kbuild",
			      "asm-generic", "arch/x86/include/generated/uapi/asm");

	static const char *const t64 = "arch/x86/entry/syscalls/syscall_64.tbl";
	static const char *const t32 = "arch/x86/entry/syscalls/syscall_32.tbl";
	static const char *const gu = "arch/x86/include/generated/uapi/asm/";
	static const char *const ga = "arch/x86/include/generated/asm/";
	char *p;
	err |= write_unistd(ov, tree->root, t32, "i386", "", NULL,
			    (p = xasprintf("%sunistd_32.h", gu)), "_ASM_UNISTD_32_H");
	free(p);
	err |= write_unistd(ov, tree->root, t64, "common,64", "", NULL,
			    (p = xasprintf("%sunistd_64.h", gu)), "_ASM_UNISTD_64_H");
	free(p);
	err |= write_unistd(ov, tree->root, t64, "common,x32", "", "__X32_SYSCALL_BIT",
			    (p = xasprintf("%sunistd_x32.h", gu)), "_ASM_UNISTD_X32_H");
	free(p);
	err |= write_unistd(ov, tree->root, t32, "i386", "ia32_", NULL,
			    (p = xasprintf("%sunistd_32_ia32.h", ga)), "_ASM_UNISTD_32_IA32_H");
	free(p);
	err |= write_unistd(ov, tree->root, t64, "x32", "x32_", NULL,
			    (p = xasprintf("%sunistd_64_x32.h", ga)), "_ASM_UNISTD_64_X32_H");
	free(p);
	err |= put(ov, "arch/x86/include/generated/asm/syscalls_64.h", "");
	err |= put(ov, "arch/x86/include/generated/asm/syscalls_32.h", "");
	err |= put(ov, "arch/x86/include/generated/asm/syscalls_x32.h", "");
	err |= put(ov, "arch/x86/include/generated/asm/xen-hypercalls.h", "");
	return err ? -1 : 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw);

ta_overlay *ta_overlay_new(const ta_tree *tree, const ta_kconfig *kc, const char *cache_dir)
{
	ta_overlay *ov = xcalloc(1, sizeof(*ov));

	ov->content = TA_FNV_INIT;
	if (cache_dir)
		ov->dir = xasprintf("%s/overlay-tmp.XXXXXX", cache_dir);
	else
		ov->dir = xasprintf("%s/tasklet-audit-overlay.XXXXXX", ta_tmp_dir());
	if (!mkdtemp(ov->dir)) {
		ta_error("cannot create a directory for generated headers '%s': %s", ov->dir,
			 strerror(errno));
		free(ov->dir);
		free(ov);
		return NULL;
	}
	if (write_generated(ov, tree, kc) != 0) {
		ta_overlay_free(&ov);
		return NULL;
	}
	if (cache_dir) {
		/* content-addressed: the same inputs give the same path, so compile
		 * arguments (and the facts cache keyed by them) stay stable */
		char *final = xasprintf("%s/overlay-%016llx", cache_dir,
					(unsigned long long)ov->content);
		if (rename(ov->dir, final) != 0)
			nftw(ov->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS); /* one exists */
		free(ov->dir);
		ov->dir = final;
		ov->keep = true;
	}
	return ov;
}

const char *ta_overlay_dir(const ta_overlay *ov)
{
	return ov->dir;
}

unsigned ta_overlay_count(const ta_overlay *ov)
{
	return ov->count;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	return remove(path);
}

void ta_overlay_free(ta_overlay **ovp)
{
	ta_overlay *ov = *ovp;

	if (!ov)
		return;
	if (!ov->keep)
		nftw(ov->dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(ov->dir);
	free(ov);
	*ovp = NULL;
}
