// SPDX-License-Identifier: GPL-2.0-only
/*
 * index_tu.c - the bookkeeping shared by the index modules after a parse:
 * CXString ownership, the error diagnostics (counted for the report's
 * degraded status and the PCH's refusal, formatted for the patch
 * validation) and the inclusions the facts cache depends on.
 */
#include "index_tu.h"

#include <stdlib.h>

#include "util.h"

char *ta_tu_take(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

unsigned ta_tu_errors(CXTranslationUnit tu, char **first, char **all)
{
	unsigned n = clang_getNumDiagnostics(tu), errors = 0;

	if (first)
		*first = NULL;
	if (all)
		*all = NULL;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			errors++;
			if ((first && !*first) || all) {
				char *m = ta_tu_take(clang_formatDiagnostic(
					d, CXDiagnostic_DisplaySourceLocation |
						   CXDiagnostic_DisplayColumn));
				if (all) {
					char *joined = *all ? xasprintf("%s\n%s", *all, m)
							    : xstrdup(m);
					free(*all);
					*all = joined;
				}
				if (first && !*first)
					*first = m;
				else
					free(m);
			}
		}
		clang_disposeDiagnostic(d);
	}
	return errors;
}

struct deps {
	char ***v;
	size_t *n, *cap;
};

static void collect_dep(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct deps *d = data;
	char *name = ta_tu_take(clang_getFileName(file));

	if (*name)
		TA_PUSH(*d->v, *d->n, *d->cap, name);
	else
		free(name);
}

void ta_tu_deps(CXTranslationUnit tu, char ***deps, size_t *n, size_t *cap)
{
	struct deps d = {.v = deps, .n = n, .cap = cap};

	clang_getInclusions(tu, collect_dep, &d);
}
