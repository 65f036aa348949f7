// SPDX-License-Identifier: GPL-2.0-only
/*
 * diag.c - prints diagnostics in compiler format to stderr.
 */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int quiet;

int ta_diag_set_quiet(int q)
{
	int was = quiet;

	quiet = q;
	return was;
}

static const char *const sev_names[] = {"note", "warning", "error"};
static const char *const sev_colors[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};

int ta_severity_parse(const char *name)
{
	for (int i = 0; name && i < 3; i++)
		if (strcmp(name, sev_names[i]) == 0)
			return i;
	return -1;
}

static int use_color(void)
{
	const char *nc = getenv("NO_COLOR");

	return (!nc || !*nc) && isatty(STDERR_FILENO);
}

static void vdiag(enum ta_severity sev, const char *file, unsigned line, unsigned col,
		  const char *fmt, va_list ap)
{
	int color;

	if (quiet && sev != TA_ERROR)
		return;
	color = use_color();
	if (file && line)
		fprintf(stderr, "%s:%u:%u: ", file, line, col ? col : 1);
	else if (file)
		fprintf(stderr, "%s: ", file);
	else
		fputs("tasklet-audit: ", stderr);
	fprintf(stderr, "%s%s:%s ", color ? sev_colors[sev] : "", sev_names[sev],
		color ? "\033[0m" : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void ta_diag(enum ta_severity sev, const char *file, unsigned line, unsigned col, const char *fmt,
	     ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(sev, file, line, col, fmt, ap);
	va_end(ap);
}

void ta_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(TA_ERROR, NULL, 0, 0, fmt, ap);
	va_end(ap);
}

void ta_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(TA_WARNING, NULL, 0, 0, fmt, ap);
	va_end(ap);
}
