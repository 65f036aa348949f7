// SPDX-License-Identifier: GPL-2.0-only
/*
 * index_reparse.c - libclang parses that only need a verdict: the PCH
 * header is parsed for serialization and saved only when it has no error;
 * a patched translation unit is parsed from unsaved texts and its errors
 * are counted and formatted, for the validation to compare with the
 * unpatched parse.  Neither walks a cursor.
 */
#include "index_reparse.h"

#include <stdlib.h>
#include <string.h>

#include "index_tu.h"
#include "util.h"

struct ta_reparser {
	CXIndex index;
};

ta_reparser *ta_reparser_new(void)
{
	ta_reparser *rp = xcalloc(1, sizeof(*rp));

	rp->index = clang_createIndex(1, 0);
	return rp;
}

void ta_reparser_free(ta_reparser **rp)
{
	if (!*rp)
		return;
	clang_disposeIndex((*rp)->index);
	free(*rp);
	*rp = NULL;
}

int ta_reparser_build_pch(ta_reparser *rp, const char *header, const char *const *args, int nargs,
			  const char *out_path, char ***deps, size_t *n_deps)
{
	CXTranslationUnit tu = NULL;
	const char **full = xcalloc((size_t)nargs + 3, sizeof(char *));
	size_t cap = 0;
	int rc = -1;

	*deps = NULL;
	*n_deps = 0;
	full[0] = "-x";
	full[1] = "c-header";
	for (int i = 0; i < nargs; i++)
		full[i + 2] = args[i];
	/* the same preprocessing-record option as the translation units that use it */
	if (clang_parseTranslationUnit2(rp->index, header, full, nargs + 2, NULL, 0,
					CXTranslationUnit_DetailedPreprocessingRecord |
						CXTranslationUnit_ForSerialization,
					&tu) == CXError_Success &&
	    tu) {
		if (ta_tu_errors(tu, NULL, NULL) == 0 &&
		    clang_saveTranslationUnit(tu, out_path, clang_defaultSaveOptions(tu)) ==
			    CXSaveError_None) {
			ta_tu_deps(tu, deps, n_deps, &cap);
			rc = 0;
		}
		clang_disposeTranslationUnit(tu);
	}
	free(full);
	return rc;
}

int ta_reparser_count_errors(ta_reparser *rp, const char *root, const char *relpath,
			     const char *const *args, int nargs, const char *const *unsaved_paths,
			     const char *const *unsaved_texts, size_t n_unsaved, unsigned *n_errors,
			     char **errors)
{
	char *path = ta_path_join(root, relpath);
	struct CXUnsavedFile *uf = xcalloc(n_unsaved ? n_unsaved : 1, sizeof(*uf));
	char **paths = xcalloc(n_unsaved ? n_unsaved : 1, sizeof(*paths));
	CXTranslationUnit tu = NULL;
	enum CXErrorCode err;

	*n_errors = 0;
	if (errors)
		*errors = NULL;
	for (size_t i = 0; i < n_unsaved; i++) {
		paths[i] = ta_path_join(root, unsaved_paths[i]);
		uf[i].Filename = paths[i];
		uf[i].Contents = unsaved_texts[i];
		uf[i].Length = strlen(unsaved_texts[i]);
	}
	err = clang_parseTranslationUnit2(rp->index, path, args, nargs, uf, (unsigned)n_unsaved,
					  CXTranslationUnit_KeepGoing, &tu);
	for (size_t i = 0; i < n_unsaved; i++)
		free(paths[i]);
	free(paths);
	free(uf);
	free(path);
	if (err != CXError_Success || !tu)
		return -1;
	*n_errors = ta_tu_errors(tu, NULL, errors);
	clang_disposeTranslationUnit(tu);
	return 0;
}
