// SPDX-License-Identifier: GPL-2.0-only
/*
 * kconfig.c - reads a kernel .config (plain or xz-compressed) and renders
 * it as the autoconf.h that kbuild's syncconfig would write.
 */
#include "kconfig.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"

struct sym {
	char *name;  /* without CONFIG_ */
	char *value; /* NULL while parsing: "is not set" or =n */
	size_t seq;  /* line order, so the last assignment can win */
};

struct ta_kconfig {
	char *source;
	struct sym *syms;
	size_t n, cap;
};

/* Used when the tree has no .config and no distribution config is installed. */
static const char builtin_config[] =
	"CONFIG_X86=y\nCONFIG_X86_64=y\nCONFIG_64BIT=y\nCONFIG_MMU=y\nCONFIG_SMP=y\n"
	"CONFIG_NR_CPUS=64\nCONFIG_HZ_250=y\nCONFIG_HZ=250\nCONFIG_PRINTK=y\nCONFIG_BUG=y\n"
	"CONFIG_GENERIC_BUG=y\nCONFIG_MODULES=y\nCONFIG_PCI=y\nCONFIG_NET=y\nCONFIG_INET=y\n"
	"CONFIG_BLOCK=y\nCONFIG_HAS_DMA=y\nCONFIG_HAS_IOMEM=y\nCONFIG_SYSFS=y\nCONFIG_PROC_FS=y\n"
	"CONFIG_SLUB=y\nCONFIG_FLATMEM=y\nCONFIG_X86_L1_CACHE_SHIFT=6\nCONFIG_PHYS_ADDR_T_64BIT=y\n"
	"CONFIG_ARCH_DMA_ADDR_T_64BIT=y\nCONFIG_PGTABLE_LEVELS=4\nCONFIG_PAGE_OFFSET=0xffff888000000000\n"
	"CONFIG_PHYSICAL_START=0x1000000\nCONFIG_PHYSICAL_ALIGN=0x200000\nCONFIG_GENERIC_ATOMIC64=n\n"
	"CONFIG_X86_CMPXCHG64=y\nCONFIG_X86_TSC=y\nCONFIG_NODES_SHIFT=6\nCONFIG_ZONE_DMA=y\n"
	"CONFIG_ZONE_DMA32=y\nCONFIG_INPUT=y\nCONFIG_USB=y\nCONFIG_SND=y\nCONFIG_SCSI=y\n";

static int sym_cmp(const void *a, const void *b)
{
	return strcmp(((const struct sym *)a)->name, ((const struct sym *)b)->name);
}

/* By name, then in file order. */
static int sym_seq_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->seq < y->seq ? -1 : x->seq > y->seq;
}

ta_kconfig *ta_kconfig_parse(const char *text, const char *source)
{
	ta_kconfig *kc = xcalloc(1, sizeof(*kc));
	const char *p = text;
	size_t kept = 0;

	kc->source = xstrdup(source);
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		size_t l = len && p[len - 1] == '\r' ? len - 1 : len; /* as conf_read, drop a \r */
		const char *eq;
		struct sym s = {.seq = kc->n};

		if (l > 7 && strncmp(p, "CONFIG_", 7) == 0 && (eq = memchr(p, '=', l)) &&
		    eq > p + 7) {
			s.name = xstrndup(p + 7, (size_t)(eq - p - 7));
			s.value = xstrndup(eq + 1, l - (size_t)(eq + 1 - p));
			if (strcmp(s.value, "n") == 0 || !*s.value) {
				free(s.value);
				s.value = NULL;
			}
		} else if (l > 20 && strncmp(p, "# CONFIG_", 9) == 0 &&
			   memcmp(p + l - 11, " is not set", 11) == 0) {
			s.name = xstrndup(p + 9, l - 20);
		}
		if (s.name)
			TA_PUSH(kc->syms, kc->n, kc->cap, s);
		p += len + (eol ? 1 : 0);
	}
	/* like kconfig, the last assignment of a symbol wins; keep the set ones */
	ta_sort(kc->syms, kc->n, sizeof(*kc->syms), sym_seq_cmp);
	for (size_t i = 0; i < kc->n; i++) {
		struct sym *s = &kc->syms[i];
		if (!s->value || (i + 1 < kc->n && strcmp(s->name, s[1].name) == 0)) {
			free(s->name);
			free(s->value);
			continue;
		}
		kc->syms[kept++] = *s;
	}
	kc->n = kept;
	return kc;
}

/* Read a file, decompressing .xz through xz(1). */
static char *read_config_file(const char *path)
{
	if (ta_str_ends(path, ".xz")) {
		ta_buf b = {0};
		char chunk[65536];
		size_t n;
		char *cmd;
		FILE *fp;
		/* report a missing or unreadable file as such, not as a failed xz */
		if (access(path, R_OK) != 0)
			return NULL;
		/* single-quote the path for the shell: ' becomes '\'' */
		ta_buf_puts(&b, "xz -dc -- '");
		for (const char *s = path; *s; s++)
			if (*s == '\'')
				ta_buf_puts(&b, "'\\''");
			else
				ta_buf_putc(&b, *s);
		ta_buf_puts(&b, "' 2>/dev/null");
		cmd = ta_buf_steal(&b);
		fp = popen(cmd, "r");
		free(cmd);
		if (!fp)
			return NULL;
		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
			ta_buf_add(&b, chunk, n);
		if (pclose(fp) != 0 || b.len == 0) {
			ta_buf_free(&b);
			errno = EINVAL;
			return NULL;
		}
		return ta_buf_steal(&b);
	}
	return ta_read_file(path, NULL);
}

ta_kconfig *ta_kconfig_load(const char *root, const char *version, const char *explicit_path)
{
	char *text, *path;
	ta_kconfig *kc;
	char majmin[32] = "";
	const char *dot;

	if (explicit_path) {
		text = read_config_file(explicit_path);
		if (!text) {
			ta_error("cannot read config '%s': %s", explicit_path, strerror(errno));
			return NULL;
		}
		kc = ta_kconfig_parse(text, explicit_path);
		free(text);
		return kc;
	}
	path = ta_path_join(root, ".config");
	text = ta_read_file(path, NULL);
	if (text) {
		kc = ta_kconfig_parse(text, ".config");
		free(text);
		free(path);
		return kc;
	}
	free(path);
	/* Debian's linux-config-MAJ.MIN package */
	if (version && (dot = strchr(version, '.'))) {
		const char *end = dot + 1 + strspn(dot + 1, "0123456789");
		snprintf(majmin, sizeof(majmin), "%.*s", (int)(end - version), version);
		path = xasprintf("/usr/src/linux-config-%s/config.amd64_none_amd64.xz", majmin);
		if (access(path, R_OK) == 0 && (text = read_config_file(path))) {
			kc = ta_kconfig_parse(text, path);
			free(text);
			free(path);
			return kc;
		}
		free(path);
	}
	return ta_kconfig_parse(builtin_config, "built-in x86_64 default");
}

void ta_kconfig_free(ta_kconfig **kcp)
{
	ta_kconfig *kc = *kcp;

	if (!kc)
		return;
	for (size_t i = 0; i < kc->n; i++) {
		free(kc->syms[i].name);
		free(kc->syms[i].value);
	}
	free(kc->syms);
	free(kc->source);
	free(kc);
	*kcp = NULL;
}

const char *ta_kconfig_get(const ta_kconfig *kc, const char *symbol)
{
	struct sym key, *hit;

	if (ta_str_starts(symbol, "CONFIG_"))
		symbol += 7;
	if (!kc->n) /* bsearch, like qsort, wants a non-NULL array */
		return NULL;
	key.name = (char *)symbol;
	hit = kc->n ? bsearch(&key, kc->syms, kc->n, sizeof(*kc->syms), sym_cmp) : NULL;
	return hit ? hit->value : NULL;
}

bool ta_kconfig_enabled(const ta_kconfig *kc, const char *symbol)
{
	const char *v = ta_kconfig_get(kc, symbol);

	return v && (strcmp(v, "y") == 0 || strcmp(v, "m") == 0);
}

const char *ta_kconfig_source(const ta_kconfig *kc)
{
	return kc->source;
}

void ta_kconfig_autoconf(const ta_kconfig *kc, ta_buf *b)
{
	ta_buf_puts(b, "/* Generated by tasklet-audit from the kernel configuration. */\n");
	for (size_t i = 0; i < kc->n; i++) {
		const struct sym *s = &kc->syms[i];
		if (strcmp(s->value, "y") == 0)
			ta_buf_printf(b, "#define CONFIG_%s 1\n", s->name);
		else if (strcmp(s->value, "m") == 0)
			ta_buf_printf(b, "#define CONFIG_%s_MODULE 1\n", s->name);
		else
			ta_buf_printf(b, "#define CONFIG_%s %s\n", s->name, s->value);
	}
}
