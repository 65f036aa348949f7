// SPDX-License-Identifier: GPL-2.0-only
/*
 * index_clang.c - the libclang indexer: parses one translation unit and
 * walks the cursors of its main file and of the headers that mention
 * tasklets, turning tasklet objects, init sites, use sites, callbacks and
 * touches of tasklet internals into ta_fact records.
 *
 * API calls are recognized by the referenced declaration (a function or
 * macro of include/linux/interrupt.h), never by name alone: drivers define
 * helpers with tasklet-like names.  Locations are expansion locations, so a
 * call written in a driver macro is attributed to the macro's use.
 *
 * A tasklet handed to a driver's own function (not the tasklet API) is a
 * PASS fact, and a site on a struct tasklet_struct * parameter says which
 * parameter it is: the audit follows the two into schedule wrappers.
 *
 * Where there is no AST to walk (the regions the preprocessor skipped, and
 * a file with errors) the text is read by lexsites.c, to which this module
 * hands the regions and the enclosing functions; the PCH and the
 * validation parses are index_reparse.c's.
 */
#include "index_clang.h"

#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "flags.h"
#include "hdrstrip.h"
#include "index_tu.h"
#include "lexsites.h"
#include "util.h"

struct ta_indexer {
	CXIndex index;
	ta_strmap mentions; /* header path -> whether its text says "tasklet" (1) or not (0) */
	ta_hdrstrip *strip; /* the headers' copies without function bodies (NULL: none) */
	char *base_pch, *wide_pch; /* ta_indexer_wide_pch() */
};

ta_indexer *ta_indexer_new(void)
{
	ta_indexer *ix = xcalloc(1, sizeof(*ix));

	/* with a PCH, walk only the translation unit's own declarations: visiting the
	 * PCH's would deserialize all of them, costing more than the PCH saves */
	ix->index = clang_createIndex(1, 0);
	return ix;
}

void ta_indexer_in_worker(void)
{
	struct rlimit r;

	/* libclang reads both at every parse (RunSafely()) */
	if (getrlimit(RLIMIT_STACK, &r) == 0 &&
	    (r.rlim_cur == RLIM_INFINITY || r.rlim_cur >= 8u << 20)) {
		setenv("LIBCLANG_NOTHREADS", "1", 1);
		setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
	}
}

void ta_indexer_free(ta_indexer **ix)
{
	if (!*ix)
		return;
	clang_disposeIndex((*ix)->index);
	ta_strmap_free(&(*ix)->mentions);
	ta_hdrstrip_free(&(*ix)->strip);
	free((*ix)->base_pch);
	free((*ix)->wide_pch);
	free(*ix);
	*ix = NULL;
}

void ta_indexer_strip_headers(ta_indexer *ix, const char *const *keep, size_t n_keep)
{
	if (!ix->strip)
		ix->strip = ta_hdrstrip_new();
	for (size_t i = 0; i < n_keep; i++)
		ta_hdrstrip_keep(ix->strip, keep[i]);
}

void ta_indexer_wide_pch(ta_indexer *ix, const char *base, const char *wide,
			 const ta_pch_extra *extra)
{
	if (!ix->strip)
		return;
	ix->base_pch = xstrdup(base);
	ix->wide_pch = xstrdup(wide);
	ta_pch_extra_watch(extra, ix->strip);
}

char *ta_libclang_version(void)
{
	CXString s = clang_getClangVersion();
	char *v = xstrdup(clang_getCString(s));

	clang_disposeString(s);
	return v;
}

static bool spelling_is(CXCursor c, const char *name)
{
	CXString s = clang_getCursorSpelling(c);
	bool eq = strcmp(clang_getCString(s), name) == 0;

	clang_disposeString(s);
	return eq;
}

/* A main-file macro expansion, for DECLARE_TASKLET* and driver macros. */
struct macro_use {
	CXFile file;
	unsigned offset, end;
	char *name;
};

/* Per-file state: is it the main file, does it mention tasklets, its path. */
struct file_info {
	CXFile file;
	bool interesting;
	bool is_main;
	char *rel; /* path relative to the tree root (or as clang names it) */
};

/* A call to a function defined in this TU, kept until callbacks are known. */
struct plain_call {
	char *callee;
	char *function;
	char *file;
	unsigned line, col;
};

/* A main-file function body: [start, end) offsets. */
struct fn_range {
	unsigned start, end;
	char *name;
};

struct walk {
	ta_indexer *ix;
	CXTranslationUnit tu;
	const char *root;
	size_t root_len;
	CXFile main_file;
	ta_facts *facts;

	/*
	 * An open-addressing table keyed by CXFile, of entries allocated one by
	 * one: a caller may hold one across later lookups, which grow the table.
	 */
	struct file_info **files;
	size_t files_cap, files_n;

	struct macro_use *macros;
	size_t n_macros, cap_macros;

	struct plain_call *calls;
	size_t n_calls, cap_calls;

	char **callbacks; /* names of functions used as callbacks in this TU */
	size_t n_callbacks, cap_callbacks;

	struct fn_range *ranges; /* main-file function bodies, for macro attribution */
	size_t n_ranges, cap_ranges;
	ta_strmap edges; /* "caller\tcallee" already recorded */

	bool init_target;       /* resolving the target of tasklet_init/tasklet_setup */
	bool use_target;        /* resolving the target of another tasklet API call */
	unsigned called_member; /* clang_hashCursor() of a t->callback being called */
	bool macros_stripped;   /* a header came with its macros' inline bodies stripped */
	bool reparse;           /* ... and a walked file expanded one: parse with them */
	CXCursor function;      /* the enclosing function, or a null cursor */
	char *function_name;
};

/* ---------------------------------------------------------------- files */

static char *relative_path(struct walk *w, CXFile file)
{
	/* the real path: "drivers/x/../y/foo.h" and "drivers/y/foo.h" are one file */
	char *name = ta_tu_take(clang_File_tryGetRealPathName(file));
	char *rel;

	if (!*name) {
		free(name);
		name = ta_tu_take(clang_getFileName(file));
	}
	if (strncmp(name, w->root, w->root_len) == 0 && name[w->root_len] == '/') {
		rel = xstrdup(name + w->root_len + 1);
		free(name);
		return rel;
	}
	return name;
}

/* The API header itself is not a user of the API. */
static bool is_api_header(const char *rel)
{
	return ta_str_ends(rel, "include/linux/interrupt.h");
}

/*
 * Whether a header's text says "tasklet", read from the disk once per
 * worker.  Not clang_getFileContents(): to find a header's buffer it walks
 * every source location entry of the unit, loading those of the PCH (a
 * third of a cold audit's CPU went there).  Falls back to it when the
 * file cannot be read.
 */
static bool mentions_tasklet(struct walk *w, CXFile file)
{
	char *name = ta_tu_take(clang_getFileName(file));
	size_t *known = ta_strmap_get(&w->ix->mentions, name), size = 0;
	char *disk;
	const char *text;
	bool yes;

	if (known) {
		free(name);
		return *known != 0;
	}
	disk = ta_read_file(name, &size);
	text = disk ? disk : clang_getFileContents(w->tu, file, &size);
	yes = text && memmem(text, size, "tasklet", 7);
	if (disk)
		ta_strmap_put(&w->ix->mentions, name, yes);
	free(disk);
	free(name);
	return yes;
}

/* The entry of file, made the first time: it stays where it is until the walk ends. */
static struct file_info *file_lookup(struct walk *w, CXFile file)
{
	size_t h, mask;

	if (w->files_n * 2 >= w->files_cap) {
		struct file_info **old = w->files;
		size_t old_cap = w->files_cap;

		w->files_cap = old_cap ? old_cap * 2 : 256;
		w->files = xcalloc(w->files_cap, sizeof(*w->files));
		mask = w->files_cap - 1;
		for (size_t i = 0; i < old_cap; i++) {
			if (!old[i])
				continue;
			h = ((uintptr_t)old[i]->file >> 4) & mask;
			while (w->files[h])
				h = (h + 1) & mask;
			w->files[h] = old[i];
		}
		free(old);
	}
	mask = w->files_cap - 1;
	h = ((uintptr_t)file >> 4) & mask;
	while (w->files[h] && w->files[h]->file != file)
		h = (h + 1) & mask;
	if (!w->files[h]) {
		struct file_info *fi = xcalloc(1, sizeof(*fi));

		fi->file = file;
		fi->rel = relative_path(w, file);
		fi->is_main = clang_File_isEqual(file, w->main_file);
		fi->interesting = fi->is_main ||
				  (!is_api_header(fi->rel) && mentions_tasklet(w, file));
		w->files[h] = fi;
		w->files_n++;
	}
	return w->files[h];
}

/* Expansion location of a cursor: file info, line, column, offset. */
static struct file_info *cursor_where(struct walk *w, CXCursor c, unsigned *line, unsigned *col,
				      unsigned *offset)
{
	CXFile file = NULL;
	unsigned l = 0, cl = 0, off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, &l, &cl, &off);
	if (line)
		*line = l;
	if (col)
		*col = cl;
	if (offset)
		*offset = off;
	return file ? file_lookup(w, file) : NULL;
}

/* ------------------------------------------------------------- types */

/* Is t (after typedefs) struct tasklet_struct?  *depth counts pointers, *array arrays. */
static bool type_is_tasklet(CXType t, int *pointers, bool *array)
{
	int p = 0;
	bool a = false;

	t = clang_getCanonicalType(t);
	for (;;) {
		if (t.kind == CXType_Pointer) {
			p++;
			t = clang_getCanonicalType(clang_getPointeeType(t));
		} else if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
			   t.kind == CXType_VariableArray) {
			a = true;
			t = clang_getCanonicalType(clang_getArrayElementType(t));
		} else {
			break;
		}
	}
	if (t.kind != CXType_Record)
		return false;
	if (!spelling_is(clang_getTypeDeclaration(t), "tasklet_struct"))
		return false;
	if (pointers)
		*pointers = p;
	if (array)
		*array = a;
	return true;
}

static bool cursor_is_tasklet_object(CXCursor decl, bool *array)
{
	int p = 0;

	return type_is_tasklet(clang_getCursorType(decl), &p, array) && p == 0;
}

/* The key of a field: the record's defining file, its name and the field,
 * "drivers/x/x.h:struct foo.rx": two drivers' private "struct priv" differ. */
static char *field_key(struct walk *w, CXCursor rec, const char *rname, const char *field)
{
	struct file_info *fi = cursor_where(w, rec, NULL, NULL, NULL);

	return xasprintf("%s:%s.%s", fi ? fi->rel : "?", rname, field);
}

/* A readable, TU-independent name for a record: "struct foo", or for an
 * anonymous one "struct (anonymous at drivers/x.h:12)". */
static char *record_name(struct walk *w, CXCursor rec)
{
	const char *kw = rec.kind == CXCursor_UnionDecl ? "union" : "struct";
	char *name = ta_tu_take(clang_getCursorSpelling(rec));
	unsigned line;
	struct file_info *fi;
	char *r;

	if (*name && !strchr(name, ' ') && !strchr(name, '(')) {
		r = xasprintf("%s %s", kw, name);
		free(name);
		return r;
	}
	free(name);
	/* an anonymous record named through a typedef keeps the typedef name */
	name = ta_tu_take(clang_getTypeSpelling(clang_getCursorType(rec)));
	if (*name && !strchr(name, '(')) {
		if (!ta_str_starts(name, "struct ") && !ta_str_starts(name, "union "))
			r = xstrdup(name);
		else
			r = xstrdup(name);
		free(name);
		return r;
	}
	free(name);
	fi = cursor_where(w, rec, &line, NULL, NULL);
	return xasprintf("%s (anonymous at %s:%u)", kw, fi ? fi->rel : "?", line);
}

/* ------------------------------------------------------------- children */

struct kids {
	CXCursor v[8];
	unsigned n;
};

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent, CXClientData data)
{
	struct kids *k = data;

	if (k->n < 8)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

static struct kids children(CXCursor c)
{
	struct kids k = {.n = 0};

	clang_visitChildren(c, collect_kid, &k);
	return k;
}

/* ------------------------------------------------------------- text */

/* Tokens of a cursor joined with the spacing C needs; NULL inside macro expansions. */
static char *token_text(struct walk *w, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile fa = NULL, fb = NULL;
	unsigned a = 0, b = 0;
	CXToken *toks = NULL;
	unsigned n = 0;
	ta_buf buf = {0};
	char prev = 0;

	clang_getExpansionLocation(clang_getRangeStart(r), &fa, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getRangeEnd(r), &fb, NULL, NULL, &b);
	if (!fa || !clang_File_isEqual(fa, fb) || b <= a || b - a > 400)
		return NULL;
	/* a cursor written in a macro: its extent does not describe its text */
	for (size_t i = 0; i < w->n_macros; i++)
		if (a >= w->macros[i].offset && a < w->macros[i].end &&
		    clang_File_isEqual(w->macros[i].file, fa))
			return NULL;
	clang_tokenize(w->tu, r, &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(w->tu, toks[i]);
		const char *t = clang_getCString(s);
		bool word = (t[0] == '_' || (t[0] >= 'a' && t[0] <= 'z') ||
			     (t[0] >= 'A' && t[0] <= 'Z') || (t[0] >= '0' && t[0] <= '9'));
		bool prev_word = (prev == '_' || (prev >= 'a' && prev <= 'z') ||
				  (prev >= 'A' && prev <= 'Z') || (prev >= '0' && prev <= '9'));
		if (i > 0 && ((word && prev_word) || strcmp(t, "{") == 0 || prev == ','))
			ta_buf_putc(&buf, ' ');
		ta_buf_puts(&buf, t);
		prev = t[0] ? t[strlen(t) - 1] : 0;
		clang_disposeString(s);
	}
	clang_disposeTokens(w->tu, toks, n);
	return ta_buf_steal(&buf);
}

static char *expr_text(struct walk *w, CXCursor c, int depth);

/* The text of an expression: from the AST for the shapes that name objects
 * (so names written inside driver macros read as in the source), else the
 * tokens of the source. */
static char *cursor_text(struct walk *w, CXCursor c)
{
	return expr_text(w, c, 0);
}

static bool type_is_pointer(CXCursor c)
{
	return clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer;
}

static char *expr_text(struct walk *w, CXCursor c, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids kids;
	char *a, *b, *r;

	if (depth > 16)
		return xstrdup("...");
	switch (k) {
	case CXCursor_DeclRefExpr:
		return ta_tu_take(clang_getCursorSpelling(c));
	case CXCursor_MemberRefExpr:
		kids = children(c);
		a = kids.n ? expr_text(w, kids.v[0], depth + 1) : NULL;
		b = ta_tu_take(clang_getCursorSpelling(c));
		if (a && *a)
			r = xasprintf("%s%s%s", a,
				      kids.n && type_is_pointer(kids.v[0]) ? "->" : ".", b);
		else
			r = xstrdup(b);
		free(a);
		free(b);
		return r;
	case CXCursor_ArraySubscriptExpr:
		kids = children(c);
		if (kids.n != 2)
			break;
		a = expr_text(w, kids.v[0], depth + 1);
		b = expr_text(w, kids.v[1], depth + 1);
		r = xasprintf("%s[%s]", a, b);
		free(a);
		free(b);
		return r;
	case CXCursor_ParenExpr:
		kids = children(c);
		if (kids.n == 1) {
			a = expr_text(w, kids.v[0], depth + 1);
			/* keep parentheses only around compound expressions */
			if (strpbrk(a, " +-*/&|?:<>=!") && !strstr(a, "->")) {
				r = xasprintf("(%s)", a);
				free(a);
				return r;
			}
			return a;
		}
		break;
	case CXCursor_UnexposedExpr:
		kids = children(c);
		if (kids.n == 1)
			return expr_text(w, kids.v[0], depth + 1);
		break;
	default:
		break;
	}
	r = token_text(w, c);
	if (r)
		return r;
	/* inside a macro and not a naming shape: rebuild casts and unary & / * */
	if (k == CXCursor_CStyleCastExpr) {
		char *ty = ta_tu_take(clang_getTypeSpelling(clang_getCursorType(c)));
		kids = children(c);
		a = kids.n ? expr_text(w, kids.v[kids.n > 8 ? 7 : kids.n - 1], depth + 1)
			   : xstrdup("");
		r = xasprintf("(%s)%s", ty, a);
		free(ty);
		free(a);
		return r;
	}
	if (k == CXCursor_UnaryOperator) {
		kids = children(c);
		if (kids.n == 1) {
			a = expr_text(w, kids.v[0], depth + 1);
			bool addr = type_is_pointer(c) && !type_is_pointer(kids.v[0]);
			r = xasprintf("%s%s", addr ? "&" : "", a);
			free(a);
			return r;
		}
	}
	if (k == CXCursor_IntegerLiteral) {
		CXEvalResult ev = clang_Cursor_Evaluate(c);
		if (ev) {
			r = xasprintf("%lld", clang_EvalResult_getAsLongLong(ev));
			clang_EvalResult_dispose(ev);
			return r;
		}
	}
	return ta_tu_take(clang_getCursorSpelling(c));
}

/* Strip parentheses, casts, implicit conversions and unary & and *. */
static CXCursor strip(CXCursor c)
{
	for (int guard = 0; guard < 32; guard++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids kids;

		if (k != CXCursor_ParenExpr && k != CXCursor_CStyleCastExpr &&
		    k != CXCursor_UnexposedExpr && k != CXCursor_UnaryOperator)
			break;
		kids = children(c);
		if (kids.n == 0)
			break;
		/* a cast's children may be a type ref first; take the last one */
		c = kids.v[(kids.n > 8 ? 8 : kids.n) - 1];
	}
	return c;
}

/* --------------------------------------------------------- object keys */

struct target {
	char *key;
	enum ta_scope scope;
	char *ctype, *field;
	char *root_type, *member_path;
	bool array;
	bool ptr_field; /* a use through a struct tasklet_struct * field: key names the field */
	bool param;     /* the target is a parameter of the enclosing function */
	int param_pos;  /* which one (0-based; -1: unknown) */
};

static void target_free(struct target *t)
{
	free(t->key);
	free(t->ctype);
	free(t->field);
	free(t->root_type);
	free(t->member_path);
	memset(t, 0, sizeof(*t));
}

static char *var_key(struct walk *w, CXCursor var, enum ta_scope *scope)
{
	CXCursor parent = clang_getCursorSemanticParent(var);
	char *name = ta_tu_take(clang_getCursorSpelling(var));
	struct file_info *fi = cursor_where(w, var, NULL, NULL, NULL);
	const char *rel = fi ? fi->rel : "?";
	char *key;

	if (clang_getCursorKind(parent) == CXCursor_FunctionDecl) {
		char *fn = ta_tu_take(clang_getCursorSpelling(parent));
		key = xasprintf("%s:%s:%s", rel, fn, name);
		free(fn);
		*scope = TA_SCOPE_LOCAL;
	} else if (clang_Cursor_getStorageClass(var) == CX_SC_Static) {
		key = xasprintf("%s:%s", rel, name);
		*scope = TA_SCOPE_STATIC;
	} else {
		key = xstrdup(name);
		*scope = TA_SCOPE_GLOBAL;
	}
	free(name);
	return key;
}

static bool resolve_target(struct walk *w, CXCursor expr, struct target *t, int depth);

/* The position of parameter parm in the function being walked; -1 when it is none of its. */
static int param_index(struct walk *w, CXCursor parm)
{
	int n;

	if (clang_Cursor_isNull(w->function))
		return -1;
	n = clang_Cursor_getNumArguments(w->function);
	for (int i = 0; i < n; i++)
		if (clang_equalCursors(clang_Cursor_getArgument(w->function, (unsigned)i), parm))
			return i;
	return -1;
}

/* The member chain of a MemberRefExpr: root object type and path "a.b.t". */
static void member_chain(struct walk *w, CXCursor member, struct target *t)
{
	ta_buf path = {0};
	CXCursor c = member;
	char *names[16];
	int n = 0;
	bool arrow = false;

	while (clang_getCursorKind(c) == CXCursor_MemberRefExpr && n < 16) {
		struct kids k = children(c);
		names[n++] = ta_tu_take(clang_getCursorSpelling(c));
		if (k.n == 0)
			break;
		c = strip(k.v[0]);
		if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr) {
			/* &priv->chan[i].tasklet: stop at the array element */
			break;
		}
		/* &phy->vchan->tasklet: the container is what the last '->' points to */
		if (clang_getCanonicalType(clang_getCursorType(c)).kind == CXType_Pointer) {
			arrow = true;
			break;
		}
	}
	for (int i = n - 1; i >= 0; i--) {
		if (path.len)
			ta_buf_putc(&path, '.');
		ta_buf_puts(&path, names[i]);
		free(names[i]);
	}
	t->member_path = ta_buf_steal(&path);
	if (arrow || clang_getCursorKind(c) != CXCursor_MemberRefExpr) {
		CXType ty = clang_getCanonicalType(clang_getCursorType(c));
		if (ty.kind == CXType_Pointer)
			ty = clang_getCanonicalType(clang_getPointeeType(ty));
		if (ty.kind == CXType_Record)
			t->root_type = record_name(w, clang_getTypeDeclaration(ty));
	}
}

static bool resolve_field(struct walk *w, CXCursor member, CXCursor field, struct target *t)
{
	CXCursor rec = clang_getCursorSemanticParent(field);
	char *rname;

	if (!cursor_is_tasklet_object(field, &t->array)) {
		/*
		 * A pointer field the driver allocates and initializes: the
		 * object.  Used through, it may instead point to a tasklet
		 * elsewhere: the audit decides (TA_FF_PTR_FIELD).
		 */
		int p = 0;
		if (!(w->init_target || w->use_target) ||
		    !type_is_tasklet(clang_getCursorType(field), &p, NULL) || p != 1)
			return false;
		t->ptr_field = !w->init_target;
	}
	rname = record_name(w, rec);
	t->field = ta_tu_take(clang_getCursorSpelling(field));
	t->key = field_key(w, rec, rname, t->field);
	t->ctype = rname;
	t->scope = TA_SCOPE_FIELD;
	member_chain(w, member, t);
	return true;
}

/* Find a tasklet-typed variable or member inside an expression tree (per_cpu(...)). */
struct search {
	struct walk *w;
	struct target *t;
	bool found;
};

static enum CXChildVisitResult search_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct search *s = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(ref);
		if (rk == CXCursor_FieldDecl && resolve_field(s->w, c, ref, s->t)) {
			s->found = true;
			return CXChildVisit_Break;
		}
		if (rk == CXCursor_VarDecl && cursor_is_tasklet_object(ref, &s->t->array)) {
			s->t->key = var_key(s->w, ref, &s->t->scope);
			s->found = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* Resolve the tasklet an expression designates to an object key. */
static bool resolve_target(struct walk *w, CXCursor expr, struct target *t, int depth)
{
	CXCursor c = strip(expr);
	enum CXCursorKind k = clang_getCursorKind(c);
	struct search s = {.w = w, .t = t};

	while (k == CXCursor_ArraySubscriptExpr) {
		struct kids kids = children(c);
		if (kids.n == 0)
			return false;
		c = strip(kids.v[0]);
		k = clang_getCursorKind(c);
	}
	if (k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(ref);

		if (rk == CXCursor_FieldDecl)
			return resolve_field(w, c, ref, t);
		if (rk == CXCursor_VarDecl && cursor_is_tasklet_object(ref, &t->array)) {
			t->key = var_key(w, ref, &t->scope);
			return true;
		}
		if (rk == CXCursor_ParmDecl) {
			/* the callback's own struct tasklet_struct *t, maybe */
			int p = 0;
			t->param = type_is_tasklet(clang_getCursorType(ref), &p, NULL) && p == 1;
			t->param_pos = t->param ? param_index(w, ref) : -1;
			return false;
		}
		if (rk == CXCursor_VarDecl && depth < 3) {
			/* a local pointer: struct tasklet_struct *t = &priv->tasklet; */
			struct kids kids = children(ref);
			for (unsigned i = 0; i < kids.n && i < 8; i++) {
				enum CXCursorKind ck = clang_getCursorKind(kids.v[i]);
				if (clang_isExpression(ck))
					return resolve_target(w, kids.v[i], t, depth + 1);
			}
		}
		return false;
	}
	if (k == CXCursor_CallExpr)
		return false;
	clang_visitChildren(c, search_visit, &s);
	return s.found;
}

/* ------------------------------------------------------------ recording */

static void record_site(struct walk *w, CXCursor at, enum ta_api api, const struct target *t,
			const char *text, unsigned flags, ta_fact *extra)
{
	unsigned line, col;
	struct file_info *fi = cursor_where(w, at, &line, &col, NULL);
	ta_fact f = extra ? *extra : (ta_fact){0};

	f.kind = TA_FACT_SITE;
	f.api = api;
	f.file = fi ? fi->rel : NULL;
	f.line = line;
	f.col = col;
	f.flags |= flags | (fi && !fi->is_main ? TA_FF_IN_HEADER : 0);
	f.function = w->function_name;
	f.text = (char *)text;
	if (t) {
		f.key = t->key;
		f.scope = t->key ? t->scope : TA_SCOPE_UNRESOLVED;
		f.ctype = t->ctype;
		f.field = t->field;
		f.root_type = t->root_type;
		f.member_path = t->member_path;
		if (t->array)
			f.flags |= TA_FF_ARRAY;
		if (t->key && t->ptr_field)
			f.flags |= TA_FF_PTR_FIELD;
		if (!t->key && t->param) {
			f.flags |= TA_FF_SELF;
			f.argpos = t->param_pos >= 0 ? (unsigned)t->param_pos + 1 : 0;
		}
	}
	ta_facts_add(w->facts, &f);
}

/* The macro expanded exactly at this cursor's location, if any. */
static const struct macro_use *macro_at(struct walk *w, CXCursor c)
{
	CXFile file = NULL;
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file, NULL, NULL, &off);
	for (size_t i = 0; i < w->n_macros; i++)
		if (w->macros[i].offset == off && clang_File_isEqual(w->macros[i].file, file))
			return &w->macros[i];
	return NULL;
}

static enum ta_sig function_signature(CXCursor fn)
{
	CXType ty = clang_getCursorType(fn);
	CXType arg;
	int p = 0;

	if (clang_getNumArgTypes(ty) != 1)
		return TA_SIG_UNKNOWN;
	arg = clang_getCanonicalType(clang_getArgType(ty, 0));
	if (arg.kind == CXType_ULong)
		return TA_SIG_OLD;
	if (type_is_tasklet(arg, &p, NULL) && p == 1)
		return TA_SIG_NEW;
	return TA_SIG_UNKNOWN;
}

static void remember_callback(struct walk *w, const char *name)
{
	for (size_t i = 0; i < w->n_callbacks; i++)
		if (strcmp(w->callbacks[i], name) == 0)
			return;
	TA_PUSH(w->callbacks, w->n_callbacks, w->cap_callbacks, xstrdup(name));
}

/*
 * An inline function the unit declares and never defines, when a macro
 * may have lost its body (hdrstrip.h): the walk must see the body, so the
 * file is parsed again with every macro as it is.
 */
static void note_undefined_inline(struct walk *w, CXCursor fn)
{
	if (w->macros_stripped && !w->reparse && clang_Cursor_isFunctionInlined(fn) &&
	    clang_Cursor_isNull(clang_getCursorDefinition(fn)))
		w->reparse = true;
}

/* Describe a callback expression: sets f->callback, f->sig, records its definition. */
static void describe_callback(struct walk *w, CXCursor expr, ta_fact *f, const char *key)
{
	CXCursor c = strip(expr);
	CXCursor ref = clang_getCursorReferenced(c);

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(ref) == CXCursor_FunctionDecl) {
		CXCursor def = clang_getCursorDefinition(ref);
		ta_fact cb = {0};
		unsigned line, col;
		struct file_info *fi;

		f->callback = ta_tu_take(clang_getCursorSpelling(ref));
		f->sig = function_signature(ref);
		remember_callback(w, f->callback);
		note_undefined_inline(w, ref);
		if (!clang_Cursor_isNull(def)) {
			fi = cursor_where(w, def, &line, &col, NULL);
			cb.kind = TA_FACT_CALLBACK;
			cb.api = TA_API_NONE;
			cb.sig = f->sig;
			cb.file = fi ? fi->rel : NULL;
			cb.line = line;
			cb.col = col;
			cb.function = f->callback;
			cb.key = (char *)key;
			ta_facts_add(w->facts, &cb);
		}
	} else {
		f->callback = cursor_text(w, expr);
		f->flags |= TA_FF_CB_EXPR;
	}
}

/* Classify the data argument of tasklet_init against the target's container. */
static enum ta_data_kind classify_data(struct walk *w, CXCursor expr, const struct target *t)
{
	CXCursor c = strip(expr);
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor inner = expr;
	CXType ty;

	if (k == CXCursor_IntegerLiteral || k == CXCursor_CharacterLiteral)
		return TA_DATA_CONSTANT;
	if (k == CXCursor_DeclRefExpr) {
		CXCursor ref = clang_getCursorReferenced(c);
		enum CXCursorKind rk = clang_getCursorKind(ref);
		if (rk == CXCursor_EnumConstantDecl)
			return TA_DATA_CONSTANT;
		if (rk == CXCursor_VarDecl && clang_getCursorKind(clang_getCursorSemanticParent(
						      ref)) != CXCursor_FunctionDecl) {
			/* a global, or the address of one */
			return TA_DATA_GLOBAL;
		}
	}
	/* the pointer type under the (unsigned long) cast */
	for (int guard = 0; guard < 8; guard++) {
		enum CXCursorKind ik = clang_getCursorKind(inner);
		struct kids kids;
		if (ik != CXCursor_CStyleCastExpr && ik != CXCursor_ParenExpr &&
		    !(ik == CXCursor_UnexposedExpr &&
		      clang_getCanonicalType(clang_getCursorType(inner)).kind != CXType_Pointer))
			break;
		kids = children(inner);
		if (kids.n == 0)
			break;
		inner = kids.v[(kids.n > 8 ? 8 : kids.n) - 1];
	}
	ty = clang_getCanonicalType(clang_getCursorType(inner));
	if (ty.kind == CXType_Pointer) {
		CXType pointee = clang_getCanonicalType(clang_getPointeeType(ty));
		if (pointee.kind == CXType_Record && t && t->root_type) {
			char *name = record_name(w, clang_getTypeDeclaration(pointee));
			bool same = strcmp(name, t->root_type) == 0;
			free(name);
			if (same)
				return TA_DATA_CONTAINER;
		}
		return TA_DATA_OTHER_POINTER;
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr)
		return TA_DATA_OTHER;
	{
		CXEvalResult ev = clang_Cursor_Evaluate(c);
		if (ev) {
			CXEvalResultKind ek = clang_EvalResult_getKind(ev);
			clang_EvalResult_dispose(ev);
			if (ek == CXEval_Int)
				return TA_DATA_CONSTANT;
		}
	}
	return TA_DATA_OTHER;
}

/* Collect the call's argument cursors (children after the callee). */
static unsigned call_args(CXCursor call, CXCursor *args, unsigned max)
{
	int n = clang_Cursor_getNumArguments(call);

	if (n < 0)
		return 0;
	for (int i = 0; i < n && (unsigned)i < max; i++)
		args[i] = clang_Cursor_getArgument(call, (unsigned)i);
	return (unsigned)n < max ? (unsigned)n : max;
}

static bool decl_in_api_header(struct walk *w, CXCursor decl)
{
	CXFile file = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(decl), &file, NULL, NULL, NULL);
	return file && is_api_header(file_lookup(w, file)->rel);
}

/* A call edge caller -> callee (a function or, with TA_FF_MACRO, a macro), once. */
static void record_edge(struct walk *w, const char *callee, unsigned line, unsigned flags,
			const char *file)
{
	char *id;

	if (!w->function_name)
		return;
	id = xasprintf("%s\t%s", w->function_name, callee);
	if (!ta_strmap_get(&w->edges, id)) {
		ta_fact f = {.kind = TA_FACT_CALL,
			     .api = TA_API_NONE,
			     .flags = flags,
			     .file = (char *)file,
			     .line = line,
			     .function = w->function_name,
			     .callback = (char *)callee};
		ta_strmap_put(&w->edges, id, 1);
		ta_facts_add(w->facts, &f);
	}
	free(id);
}

/* A function handed to something: "call:request_irq:1" or "field:struct hrtimer.function". */
static void record_ref(struct walk *w, CXCursor at, CXCursor fn_expr, const char *context)
{
	CXCursor e = strip(fn_expr);
	CXCursor ref = clang_getCursorReferenced(e);
	unsigned line;
	struct file_info *fi;
	char *name;
	ta_fact f = {0};

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(ref) != CXCursor_FunctionDecl)
		return;
	fi = cursor_where(w, at, &line, NULL, NULL);
	name = ta_tu_take(clang_getCursorSpelling(ref));
	f.kind = TA_FACT_REF;
	f.api = TA_API_NONE;
	f.file = fi ? fi->rel : NULL;
	f.line = line;
	f.function = w->function_name;
	f.callback = name;
	f.data = (char *)context;
	ta_facts_add(w->facts, &f);
	free(name);
}

/* Is the expression's type a pointer to a lock (spinlock_t, rwlock_t, struct mutex ...)? */
static bool is_lock_pointer(CXCursor arg)
{
	CXType t = clang_getCursorType(arg);
	char *name;
	bool lock;

	if (clang_getCanonicalType(t).kind != CXType_Pointer)
		return false;
	t = clang_getPointeeType(t);
	name = ta_tu_take(clang_getTypeSpelling(clang_getCursorType(clang_getTypeDeclaration(t))));
	lock = strcmp(name, "spinlock_t") == 0 || strcmp(name, "raw_spinlock_t") == 0 ||
	       strcmp(name, "rwlock_t") == 0 || strcmp(name, "struct mutex") == 0 ||
	       strcmp(name, "struct spinlock") == 0 || strcmp(name, "struct raw_spinlock") == 0;
	free(name);
	return lock;
}

/* The identity of a lock: "struct foo.lock", "path:var" or "var".  A lock
 * passed through a one-argument wrapper (spinlock_check(lock) inside
 * spin_lock_irqsave()) is the wrapper's argument. */
static char *lock_key(struct walk *w, CXCursor arg)
{
	CXCursor c = strip(arg);
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref;
	enum ta_scope scope;

	for (int guard = 0; k == CXCursor_CallExpr && guard < 4; guard++) {
		if (clang_Cursor_getNumArguments(c) != 1)
			return NULL;
		c = strip(clang_Cursor_getArgument(c, 0));
		k = clang_getCursorKind(c);
	}
	while (k == CXCursor_ArraySubscriptExpr) {
		struct kids kids = children(c);
		if (!kids.n)
			return NULL;
		c = strip(kids.v[0]);
		k = clang_getCursorKind(c);
	}
	if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr)
		return NULL;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) == CXCursor_FieldDecl) {
		char *rec = record_name(w, clang_getCursorSemanticParent(ref));
		char *field = ta_tu_take(clang_getCursorSpelling(ref));
		char *key = field_key(w, clang_getCursorSemanticParent(ref), rec, field);
		free(rec);
		free(field);
		return key;
	}
	if (clang_getCursorKind(ref) == CXCursor_VarDecl)
		return var_key(w, ref, &scope);
	return NULL;
}

/* Is a declaration the kernel's (include/, arch/, or outside the tree: the overlay)? */
static bool decl_is_kernel_api(struct walk *w, CXCursor decl)
{
	struct file_info *fi = cursor_where(w, decl, NULL, NULL, NULL);

	return !fi || fi->rel[0] == '/' || ta_str_starts(fi->rel, "include/") ||
	       ta_str_starts(fi->rel, "arch/");
}

/*
 * A tasklet handed to a driver's function as argument i (a schedule
 * wrapper, maybe): the object, or the caller's own tasklet parameter.
 */
static void record_pass(struct walk *w, CXCursor call, CXCursor arg, int i, const char *callee)
{
	struct target t = {.param_pos = -1};
	unsigned line, col;
	struct file_info *fi;
	char *text, *param = NULL;
	int p = 0;

	if (!type_is_tasklet(clang_getCursorType(arg), &p, NULL) || p != 1)
		return;
	if (!resolve_target(w, arg, &t, 0) && !(t.param && t.param_pos >= 0)) {
		target_free(&t);
		return;
	}
	fi = cursor_where(w, call, &line, &col, NULL);
	text = cursor_text(w, strip(arg));
	if (!t.key)
		param = xasprintf("p%d", t.param_pos);
	ta_fact f = {.kind = TA_FACT_PASS,
		     .api = TA_API_NONE,
		     .scope = t.key ? t.scope : TA_SCOPE_UNRESOLVED,
		     .flags = (t.array ? TA_FF_ARRAY : 0) |
			      (fi && !fi->is_main ? TA_FF_IN_HEADER : 0),
		     .line = line,
		     .col = col,
		     .argpos = (unsigned)i + 1,
		     .file = fi ? fi->rel : NULL,
		     .key = t.key,
		     .text = text,
		     .function = w->function_name,
		     .callback = (char *)callee,
		     .data = param,
		     .ctype = t.ctype,
		     .field = t.field,
		     .root_type = t.root_type,
		     .member_path = t.member_path};
	ta_facts_add(w->facts, &f);
	free(param);
	free(text);
	target_free(&t);
}

/*
 * Can strip(arg) be a reference to a function or a variable?  An implicit
 * conversion (the usual argument) is resolved by libclang through to the
 * expression it converts, as strip() follows it: when that names neither
 * (a parameter, a field, a constant), strip()'s walk of its children is
 * not needed to know the answer is no.
 */
static bool may_name_function_or_var(CXCursor arg)
{
	CXCursor ref;
	enum CXCursorKind k;

	if (clang_getCursorKind(arg) != CXCursor_UnexposedExpr)
		return true;
	ref = clang_getCursorReferenced(arg);
	if (clang_Cursor_isNull(ref))
		return true;
	k = clang_getCursorKind(ref);
	return k == CXCursor_FunctionDecl || k == CXCursor_VarDecl;
}

/*
 * Every call: an edge for the classifier's call graph, function arguments
 * as registrations, lock arguments as lock uses, tasklets handed to the
 * driver's own functions (schedule wrappers).  api: the callee is the
 * tasklet API itself.
 */
static void record_call_facts(struct walk *w, CXCursor call, CXCursor decl, const char *callee,
			      bool api)
{
	unsigned line;
	struct file_info *fi = cursor_where(w, call, &line, NULL, NULL);
	int n = clang_Cursor_getNumArguments(call);

	bool driver;

	if (!w->function_name && n <= 0)
		return;
	driver = w->function_name && !api && !decl_is_kernel_api(w, decl);
	record_edge(w, callee, line, 0, fi ? fi->rel : NULL);
	for (int i = 0; i < n && i < 8; i++) {
		CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
		CXCursor e;
		if (driver)
			record_pass(w, call, arg, i, callee);
		if (!may_name_function_or_var(arg))
			continue;
		e = strip(arg);
		if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
		    clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_FunctionDecl) {
			char *ctx = xasprintf("call:%s:%d", callee, i);
			record_ref(w, call, arg, ctx);
			free(ctx);
		} else if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
			   clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_VarDecl &&
			   w->function_name) {
			/* isr = foo_isr; request_irq(irq, isr, ...): resolved through the variable
			 */
			char *var = ta_tu_take(
				clang_getCursorSpelling(clang_getCursorReferenced(e)));
			char *ctx = xasprintf("call:%s:%d", callee, i);
			char *name = xasprintf("$var:%s", var);
			ta_fact f = {.kind = TA_FACT_REF,
				     .api = TA_API_NONE,
				     .file = fi ? fi->rel : NULL,
				     .line = line,
				     .function = w->function_name,
				     .callback = name,
				     .data = ctx};
			ta_facts_add(w->facts, &f);
			free(var);
			free(ctx);
			free(name);
		}
	}
	if (n >= 1 && w->function_name) {
		CXCursor arg = clang_Cursor_getArgument(call, 0);
		if (is_lock_pointer(arg)) {
			char *key = lock_key(w, arg);
			char *text = cursor_text(w, strip(arg));
			ta_fact f = {.kind = TA_FACT_LOCK,
				     .api = TA_API_NONE,
				     .file = fi ? fi->rel : NULL,
				     .line = line,
				     .function = w->function_name,
				     .callback = (char *)callee,
				     .key = key,
				     .text = text};
			ta_facts_add(w->facts, &f);
			free(key);
			free(text);
		}
	}
}

/* x.field = fn;  or  .field = fn in an initializer: a registration through a struct field. */
static void record_field_ref(struct walk *w, CXCursor at, CXCursor field, CXCursor value)
{
	char *rec, *name, *ctx;
	CXCursor e = strip(value);

	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(e)) != CXCursor_FunctionDecl ||
	    clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	rec = record_name(w, clang_getCursorSemanticParent(field));
	name = ta_tu_take(clang_getCursorSpelling(field));
	ctx = xasprintf("field:%s.%s", rec, name);
	record_ref(w, at, value, ctx);
	free(ctx);
	free(rec);
	free(name);
}

static void handle_api_call(struct walk *w, CXCursor call, enum ta_api api)
{
	CXCursor args[3];
	unsigned n = call_args(call, args, 3);
	struct target t = {0};
	char *text = NULL;
	const struct macro_use *m = macro_at(w, call);
	ta_fact extra = {0};

	if (n == 0)
		return;
	w->init_target = ta_api_role(api) == TA_ROLE_INIT;
	w->use_target = !w->init_target;
	resolve_target(w, args[0], &t, 0);
	w->init_target = w->use_target = false;
	text = cursor_text(w, strip(args[0]));
	if (m && strcmp(m->name, ta_api_name(api)) != 0)
		extra.via_macro = m->name;
	if (api == TA_API_TASKLET_INIT || api == TA_API_TASKLET_SETUP) {
		if (n >= 2)
			describe_callback(w, args[1], &extra, t.key);
		if (api == TA_API_TASKLET_INIT && n >= 3) {
			extra.data = cursor_text(w, args[2]);
			extra.data_kind = classify_data(w, args[2], &t);
		}
		if (api == TA_API_TASKLET_SETUP)
			extra.sig = extra.sig == TA_SIG_UNKNOWN ? TA_SIG_NEW : extra.sig;
	}
	record_site(w, call, api, &t, text, 0, &extra);
	free(extra.callback);
	free(extra.data);
	free(text);
	target_free(&t);
}

static void handle_call(struct walk *w, CXCursor call)
{
	CXCursor callee = clang_getCursorReferenced(call);
	char *name;
	enum ta_api api;

	if (clang_getCursorKind(callee) == CXCursor_FieldDecl) {
		/* t->callback(t): the member handle_member() sees next is called, not read */
		struct kids k = children(call);
		if (k.n > 0 && clang_getCursorKind(strip(k.v[0])) == CXCursor_MemberRefExpr)
			w->called_member = clang_hashCursor(strip(k.v[0]));
		return;
	}
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return;
	name = ta_tu_take(clang_getCursorSpelling(callee));
	record_call_facts(w, call, callee, name,
			  (ta_str_starts(name, "tasklet_") || ta_str_starts(name, "__tasklet_")) &&
				  decl_in_api_header(w, callee));
	if (ta_str_starts(name, "tasklet_") || ta_str_starts(name, "__tasklet_")) {
		api = ta_api_from_name(name);
		if (decl_in_api_header(w, callee)) {
			if (api != TA_API_NONE) {
				handle_api_call(w, call, api);
			} else {
				/* __tasklet_schedule and friends: the core's internals */
				CXCursor args[1];
				struct target t = {0};
				char *text = NULL;
				if (call_args(call, args, 1) == 1) {
					resolve_target(w, args[0], &t, 0);
					text = cursor_text(w, strip(args[0]));
				}
				ta_fact extra = {.via_macro = NULL, .data = name};
				record_site(w, call, TA_API_INTERNALS, &t, text, 0, &extra);
				free(text);
				target_free(&t);
			}
			free(name);
			return;
		}
	}
	/* maybe a direct call of a callback: decided once callbacks are known */
	if (!clang_Cursor_isNull(clang_getCursorDefinition(callee))) {
		unsigned line, col;
		struct file_info *fi = cursor_where(w, call, &line, &col, NULL);
		struct plain_call pc = {.callee = name,
					.function = w->function_name ? xstrdup(w->function_name)
								     : NULL,
					.file = xstrdup(fi ? fi->rel : "?"),
					.line = line,
					.col = col};
		TA_PUSH(w->calls, w->n_calls, w->cap_calls, pc);
		return;
	}
	free(name);
}

/*
 * Is this binary operator an assignment?  libclang 14 has no opcode query:
 * an assignment has the type of its left-hand side, while a comparison
 * (the only other operator that takes a pointer or an unsigned long and
 * yields something) has type int.  Tokens are not used: inside a driver
 * macro they describe the macro's text, not the expression.
 */
static bool is_plain_assignment(struct walk *w, CXCursor binop, CXCursor lhs)
{
	CXType bt = clang_getCanonicalType(clang_getCursorType(binop));
	CXType lt = clang_getCanonicalType(clang_getCursorType(lhs));

	(void)w;
	return bt.kind != CXType_Int && clang_equalTypes(bt, lt);
}

/*
 * x.f = some_function;  -- a registration through a struct field (hrtimer,
 * work, DMA).  k: the operator's children (so are those of the two below).
 */
static void handle_fn_assignment(struct walk *w, CXCursor binop, const struct kids *k)
{
	CXCursor lhs, rhs;

	if (k->n != 2)
		return;
	lhs = strip(k->v[0]);
	rhs = strip(k->v[1]);
	if (clang_getCursorKind(rhs) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(clang_getCursorReferenced(rhs)) != CXCursor_FunctionDecl ||
	    !is_plain_assignment(w, binop, k->v[0]))
		return;
	/* callbacks[i] = fn: an element of a local array passed on whole (virtio_find_vqs) */
	if (clang_getCursorKind(lhs) == CXCursor_ArraySubscriptExpr) {
		struct kids a = children(lhs);
		if (a.n > 0)
			lhs = strip(a.v[0]);
	}
	if (clang_getCursorKind(lhs) == CXCursor_MemberRefExpr) {
		record_field_ref(w, binop, clang_getCursorReferenced(lhs), k->v[1]);
	} else if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr &&
		   clang_getCursorKind(clang_getCursorReferenced(lhs)) == CXCursor_VarDecl &&
		   w->function_name) {
		char *var = ta_tu_take(clang_getCursorSpelling(clang_getCursorReferenced(lhs)));
		char *ctx = xasprintf("var:%s", var);
		record_ref(w, binop, k->v[1], ctx);
		free(ctx);
		free(var);
	}
}

/* x.func = f; x.data = d; x.callback = cb;  -- open-coded initialization. */
static bool handle_assignment(struct walk *w, CXCursor binop, const struct kids *k)
{
	CXCursor lhs, field, base;
	char *fname, *text;
	enum ta_api api;
	struct target t = {0};
	ta_fact extra = {0};
	struct kids mk;

	if (k->n != 2)
		return false;
	lhs = strip(k->v[0]);
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return false;
	field = clang_getCursorReferenced(lhs);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return false;
	if (!spelling_is(clang_getCursorSemanticParent(field), "tasklet_struct")) {
		/* the anonymous union holding func/callback */
		CXCursor p = clang_getCursorSemanticParent(clang_getCursorSemanticParent(field));
		if (!spelling_is(p, "tasklet_struct"))
			return false;
	}
	fname = ta_tu_take(clang_getCursorSpelling(field));
	api = strcmp(fname, "func") == 0       ? TA_API_ASSIGN_FUNC
	      : strcmp(fname, "callback") == 0 ? TA_API_ASSIGN_CALLBACK
	      : strcmp(fname, "data") == 0     ? TA_API_ASSIGN_DATA
					       : TA_API_NONE;
	free(fname);
	if (api == TA_API_NONE)
		return false;
	if (!is_plain_assignment(w, binop, k->v[0]))
		return false;
	mk = children(lhs);
	if (mk.n == 0)
		return false;
	base = mk.v[0];
	resolve_target(w, base, &t, 0);
	text = cursor_text(w, strip(base));
	if (api == TA_API_ASSIGN_DATA) {
		extra.data = cursor_text(w, k->v[1]);
		extra.data_kind = classify_data(w, k->v[1], &t);
	} else {
		describe_callback(w, k->v[1], &extra, t.key);
		if (extra.sig == TA_SIG_UNKNOWN)
			extra.sig = api == TA_API_ASSIGN_FUNC ? TA_SIG_OLD : TA_SIG_NEW;
	}
	record_site(w, binop, api, &t, text, 0, &extra);
	free(extra.callback);
	free(extra.data);
	free(text);
	target_free(&t);
	return true;
}

/*
 * fhci->process_done_task = &fhci_tasklet: a struct tasklet_struct * field
 * given the address of a tasklet, so that uses through the field can be
 * told apart from an object of their own (TA_FACT_POINTS_TO).
 */
static void handle_points_to(struct walk *w, CXCursor binop, const struct kids *k)
{
	CXCursor lhs, field;
	struct target obj = {0};
	enum CXCursorKind rk;
	int p = 0;

	if (k->n != 2)
		return;
	lhs = strip(k->v[0]);
	if (clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return;
	field = clang_getCursorReferenced(lhs);
	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    !type_is_tasklet(clang_getCursorType(field), &p, NULL) || p != 1 ||
	    !is_plain_assignment(w, binop, k->v[0]))
		return;
	/* &object or &x->member only: a conditional may store either of two */
	rk = clang_getCursorKind(strip(k->v[1]));
	if ((rk == CXCursor_DeclRefExpr || rk == CXCursor_MemberRefExpr) &&
	    resolve_target(w, k->v[1], &obj, 0) && obj.key && !obj.ptr_field) {
		CXCursor rec = clang_getCursorSemanticParent(field);
		char *rname = record_name(w, rec);
		char *fname = ta_tu_take(clang_getCursorSpelling(field));
		char *ptr_key = field_key(w, rec, rname, fname);
		char *text = cursor_text(w, strip(k->v[1]));
		unsigned line, col;
		struct file_info *fi = cursor_where(w, binop, &line, &col, NULL);
		ta_fact f = {.kind = TA_FACT_POINTS_TO,
			     .api = TA_API_NONE,
			     .scope = obj.scope,
			     .flags = fi && !fi->is_main ? TA_FF_IN_HEADER : 0,
			     .line = line,
			     .col = col,
			     .file = fi ? fi->rel : NULL,
			     .key = obj.key,
			     .text = text,
			     .function = w->function_name,
			     .data = ptr_key};
		ta_facts_add(w->facts, &f);
		free(text);
		free(ptr_key);
		free(fname);
		free(rname);
	}
	target_free(&obj);
}

/* A member access to tasklet_struct internals: ->state, ->count, ->func ... */
static void handle_member(struct walk *w, CXCursor member)
{
	CXCursor field = clang_getCursorReferenced(member);
	CXCursor parent;
	struct kids k;
	struct target t = {0};
	char *fname, *text = NULL;
	ta_fact extra = {0};

	if (clang_getCursorKind(field) != CXCursor_FieldDecl)
		return;
	parent = clang_getCursorSemanticParent(field);
	if (!spelling_is(parent, "tasklet_struct") &&
	    !spelling_is(clang_getCursorSemanticParent(parent), "tasklet_struct"))
		return;
	fname = ta_tu_take(clang_getCursorSpelling(field));
	k = children(member);
	if (k.n > 0) {
		w->use_target = true;
		resolve_target(w, k.v[0], &t, 0);
		w->use_target = false;
		text = cursor_text(w, strip(k.v[0]));
	}
	/* "->callback()" when the member is called, "->state" when it is read */
	extra.data = xasprintf("->%s%s", fname,
			       clang_hashCursor(member) == w->called_member ? "()" : "");
	record_site(w, member, TA_API_INTERNALS, &t, text, 0, &extra);
	free(extra.data);
	free(fname);
	free(text);
	target_free(&t);
}

/* A tasklet-typed variable: an object; with an initializer, an init site. */
static void handle_var(struct walk *w, CXCursor var)
{
	bool array = false;
	enum ta_scope scope;
	char *key, *name;
	const struct macro_use *m;
	enum ta_api api = TA_API_NONE;
	ta_fact obj = {0}, extra = {0};
	unsigned line, col;
	struct file_info *fi;
	struct kids k;

	if (!cursor_is_tasklet_object(var, &array))
		return;
	key = var_key(w, var, &scope);
	name = ta_tu_take(clang_getCursorSpelling(var));
	fi = cursor_where(w, var, &line, &col, NULL);
	obj.kind = TA_FACT_OBJECT;
	obj.api = TA_API_NONE;
	obj.scope = scope;
	obj.key = key;
	obj.text = name;
	obj.file = fi ? fi->rel : NULL;
	obj.line = line;
	obj.col = col;
	obj.flags = (array ? TA_FF_ARRAY : 0) | (fi && !fi->is_main ? TA_FF_IN_HEADER : 0);
	obj.function = w->function_name;
	if (clang_Cursor_isNull(clang_getCursorDefinition(var)) ||
	    !clang_equalCursors(clang_getCursorDefinition(var), var)) {
		free(key);
		free(name);
		return; /* an extern declaration: the definition carries the object */
	}
	ta_facts_add(w->facts, &obj);

	m = macro_at(w, var);
	if (m && ta_str_starts(m->name, "DECLARE_TASKLET"))
		api = ta_api_from_name(m->name);
	k = children(var);
	for (unsigned i = 0; i < k.n && i < 8; i++)
		if (api == TA_API_NONE && clang_getCursorKind(k.v[i]) == CXCursor_InitListExpr)
			api = TA_API_STATIC_INIT;
	if (api != TA_API_NONE) {
		struct target t = {.key = key, .scope = scope, .array = array};
		CXCursor fn = clang_getNullCursor();
		for (unsigned i = 0; i < k.n && i < 8; i++) {
			if (clang_getCursorKind(k.v[i]) != CXCursor_InitListExpr)
				continue;
			fn = k.v[i];
		}
		if (!clang_Cursor_isNull(fn)) {
			CXCursor cb = clang_getNullCursor();
			struct kids ik = children(fn);
			for (unsigned i = 0; i < ik.n && i < 8; i++) {
				CXCursor e = strip(ik.v[i]);
				CXCursor r = clang_getCursorReferenced(e);
				if (clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
				    clang_getCursorKind(r) == CXCursor_FunctionDecl) {
					cb = ik.v[i];
					break;
				}
			}
			if (!clang_Cursor_isNull(cb))
				describe_callback(w, cb, &extra, key);
		}
		if (extra.sig == TA_SIG_UNKNOWN)
			extra.sig = (api == TA_API_DECLARE_TASKLET_OLD ||
				     api == TA_API_DECLARE_TASKLET_DISABLED_OLD)
					    ? TA_SIG_OLD
					    : TA_SIG_UNKNOWN;
		extra.data_kind = TA_DATA_NONE;
		record_site(w, var, api, &t, name, array ? TA_FF_ARRAY : 0, &extra);
		free(extra.callback);
	}
	free(key);
	free(name);
}

static void handle_field(struct walk *w, CXCursor field)
{
	struct target t = {0};
	unsigned line, col;
	struct file_info *fi;
	ta_fact obj = {0};

	if (!cursor_is_tasklet_object(field, &t.array))
		return;
	t.ctype = record_name(w, clang_getCursorSemanticParent(field));
	t.field = ta_tu_take(clang_getCursorSpelling(field));
	t.key = field_key(w, clang_getCursorSemanticParent(field), t.ctype, t.field);
	fi = cursor_where(w, field, &line, &col, NULL);
	obj.kind = TA_FACT_OBJECT;
	obj.api = TA_API_NONE;
	obj.scope = TA_SCOPE_FIELD;
	obj.key = t.key;
	obj.text = t.field;
	obj.ctype = t.ctype;
	obj.field = t.field;
	obj.file = fi ? fi->rel : NULL;
	obj.line = line;
	obj.col = col;
	obj.flags = (t.array ? TA_FF_ARRAY : 0) | (fi && !fi->is_main ? TA_FF_IN_HEADER : 0);
	ta_facts_add(w->facts, &obj);
	target_free(&t);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data);

static void walk_function(struct walk *w, CXCursor fn)
{
	CXCursor saved = w->function;
	char *saved_name = w->function_name;

	unsigned line, start, end;
	struct file_info *fi = cursor_where(w, fn, &line, NULL, NULL);
	ta_fact f = {0};

	w->function = fn;
	w->function_name = ta_tu_take(clang_getCursorSpelling(fn));
	f.kind = TA_FACT_FUNC;
	f.api = TA_API_NONE;
	f.file = fi ? fi->rel : NULL;
	f.line = line;
	f.function = w->function_name;
	f.flags = clang_Cursor_getStorageClass(fn) == CX_SC_Static ? TA_FF_STATIC : 0;
	f.text = ta_tu_take(clang_getTypeSpelling(clang_getResultType(clang_getCursorType(fn))));
	ta_facts_add(w->facts, &f);
	free(f.text);
	if (fi && fi->is_main) {
		CXSourceRange r = clang_getCursorExtent(fn);
		clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &start);
		clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
		struct fn_range fr = {
			.start = start, .end = end, .name = xstrdup(w->function_name)};
		TA_PUSH(w->ranges, w->n_ranges, w->cap_ranges, fr);
	}
	clang_visitChildren(fn, visit, w);
	free(w->function_name);
	w->function = saved;
	w->function_name = saved_name;
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	switch (k) {
	case CXCursor_FunctionDecl:
		if (clang_isCursorDefinition(c))
			walk_function(w, c);
		else
			note_undefined_inline(w, c);
		return CXChildVisit_Continue;
	case CXCursor_CallExpr:
		handle_call(w, c);
		return CXChildVisit_Recurse;
	case CXCursor_BinaryOperator: {
		struct kids kk = children(c);
		handle_fn_assignment(w, c, &kk);
		handle_points_to(w, c, &kk);
		if (handle_assignment(w, c, &kk)) {
			/* the right-hand side may still hold calls */
			if (kk.n == 2)
				clang_visitChildren(kk.v[1], visit, w);
			return CXChildVisit_Continue;
		}
		return CXChildVisit_Recurse;
	}
	case CXCursor_MemberRefExpr:
		handle_member(w, c);
		return CXChildVisit_Recurse;
	case CXCursor_UnexposedExpr: {
		/*
		 * a designated initializer ".probe = foo_probe": [MemberRef field,
		 * value], always in an initializer list (C11 6.7.9); most
		 * unexposed expressions are implicit casts, not worth listing
		 */
		struct kids kk;
		if (clang_getCursorKind(parent) != CXCursor_InitListExpr)
			return CXChildVisit_Recurse;
		kk = children(c);
		if (kk.n == 2 && clang_getCursorKind(kk.v[0]) == CXCursor_MemberRef)
			record_field_ref(w, c, clang_getCursorReferenced(kk.v[0]), kk.v[1]);
		return CXChildVisit_Recurse;
	}
	case CXCursor_VarDecl:
		handle_var(w, c);
		return CXChildVisit_Recurse;
	case CXCursor_FieldDecl:
		handle_field(w, c);
		return CXChildVisit_Recurse;
	default:
		return CXChildVisit_Recurse;
	}
}

/* Top level: keep macro expansions, walk only interesting files' declarations. */
static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct file_info *fi;
	unsigned off;

	if (w->reparse)
		return CXChildVisit_Break;
	if (k == CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	fi = cursor_where(w, c, NULL, NULL, &off);
	if (!fi || !fi->interesting)
		return CXChildVisit_Continue;
	if (k == CXCursor_MacroExpansion) {
		CXSourceRange r = clang_getCursorExtent(c);
		unsigned end;
		struct macro_use m;
		clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &end);
		m.file = fi->file;
		m.offset = off;
		m.end = end;
		m.name = ta_tu_take(clang_getCursorSpelling(c));
		TA_PUSH(w->macros, w->n_macros, w->cap_macros, m);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_InclusionDirective) {
		CXFile inc = clang_getIncludedFile(c);
		if (fi->is_main && inc) {
			struct file_info *ii = file_lookup(w, inc);
			if (ta_str_ends(ii->rel, ".c")) {
				ta_fact f = {.kind = TA_FACT_INCLUDE,
					     .api = TA_API_NONE,
					     .file = ii->rel};
				ta_facts_add(w->facts, &f);
			}
		}
		return CXChildVisit_Continue;
	}
	return visit(c, parent, data);
}

/* from_tasklet(var, ptr, member) / container_of(ptr, type, member): read the
 * arguments from the source text of the expansion. */
static void record_container(struct walk *w, const struct macro_use *m)
{
	size_t size = 0;
	const char *text = clang_getFileContents(w->tu, w->main_file, &size);
	ta_buf args[3] = {{0}, {0}, {0}};
	int argi = 0, depth = 0;
	unsigned p, line = 1;
	bool from = strcmp(m->name, "from_tasklet") == 0;

	if (!text || m->end > size)
		return;
	for (p = m->offset; p < m->end && text[p] != '('; p++)
		;
	for (p++; p < m->end + 1 && p < size; p++) {
		char c = text[p];
		if (c == ')' && depth == 0)
			break;
		depth += c == '(' ? 1 : c == ')' ? -1 : 0;
		if (c == ',' && depth == 0) {
			if (++argi == 3)
				break;
			continue;
		}
		if (c != ' ' && c != '\t' && c != '\n' && c != '\\')
			ta_buf_putc(&args[argi], c);
	}
	for (unsigned r = 0; r < m->offset; r++)
		line += text[r] == '\n';
	if (argi >= 2 && args[2].s) {
		ta_fact f = {.kind = TA_FACT_CONTAINER,
			     .api = TA_API_NONE,
			     .file = file_lookup(w, w->main_file)->rel,
			     .line = line,
			     .function = w->function_name,
			     .callback = m->name,
			     .text = from ? args[1].s : args[0].s,
			     .field = args[2].s};
		ta_facts_add(w->facts, &f);
	}
	for (int i = 0; i < 3; i++)
		ta_buf_free(&args[i]);
}

/* Macros expanded inside main-file functions become macro call edges
 * (in_interrupt(), GFP_KERNEL, wait_event(), ...). */
static void attribute_macros(struct walk *w)
{
	struct file_info *fi = file_lookup(w, w->main_file);
	char *saved = w->function_name;

	for (size_t r = 0; r < w->n_ranges; r++) {
		struct fn_range *fr = &w->ranges[r];
		w->function_name = fr->name;
		for (size_t i = 0; i < w->n_macros; i++) {
			struct macro_use *m = &w->macros[i];
			if (m->offset < fr->start || m->offset >= fr->end ||
			    !clang_File_isEqual(m->file, w->main_file))
				continue;
			record_edge(w, m->name, 0, TA_FF_MACRO, fi->rel);
			if (strcmp(m->name, "from_tasklet") == 0 ||
			    strcmp(m->name, "container_of") == 0)
				record_container(w, m);
		}
		free(fr->name);
	}
	w->function_name = saved;
	free(w->ranges);
	w->ranges = NULL;
	w->n_ranges = 0;
}

/* Report direct calls of this TU's callbacks, now that all are known. */
static void flush_direct_calls(struct walk *w)
{
	for (size_t i = 0; i < w->n_calls; i++) {
		struct plain_call *pc = &w->calls[i];
		for (size_t j = 0; j < w->n_callbacks; j++) {
			if (strcmp(pc->callee, w->callbacks[j]) != 0)
				continue;
			ta_fact f = {.kind = TA_FACT_SITE,
				     .api = TA_API_DIRECT_CALL,
				     .scope = TA_SCOPE_UNRESOLVED,
				     .file = pc->file,
				     .line = pc->line,
				     .col = pc->col,
				     .function = pc->function,
				     .callback = pc->callee};
			ta_facts_add(w->facts, &f);
			break;
		}
		free(pc->callee);
		free(pc->function);
		free(pc->file);
	}
	free(w->calls);
	w->calls = NULL;
	w->n_calls = 0;
}

/* The function enclosing offset off of the main file, for the lexical scan. */
static char *function_at(void *data, unsigned off)
{
	struct walk *w = data;
	CXSourceLocation loc = clang_getLocationForOffset(w->tu, w->main_file, off);
	CXCursor at = clang_getCursor(w->tu, loc);

	while (!clang_Cursor_isNull(at) && clang_getCursorKind(at) != CXCursor_FunctionDecl &&
	       clang_getCursorKind(at) != CXCursor_TranslationUnit)
		at = clang_getCursorSemanticParent(at);
	if (clang_getCursorKind(at) == CXCursor_FunctionDecl)
		return ta_tu_take(clang_getCursorSpelling(at));
	return NULL;
}

/* Scan text[a, b) of the main file lexically (lexsites.h). */
static void scan_lexical(struct walk *w, const char *text, unsigned a, unsigned b, unsigned flags)
{
	struct ta_lexsites ls = {.facts = w->facts,
				 .file = file_lookup(w, w->main_file)->rel,
				 .function_at = function_at,
				 .data = w};

	ta_lexsites_scan(&ls, text, a, b, flags);
}

/* The regions the preprocessor skipped: sites inactive in this configuration. */
static void scan_skipped(struct walk *w)
{
	CXSourceRangeList *list;
	size_t size = 0;
	const char *text = clang_getFileContents(w->tu, w->main_file, &size);

	/* asking costs a read of every skipped range of the PCH's headers */
	if (!text || !ta_lexsites_may_be_inactive(text, size))
		return;
	list = clang_getSkippedRanges(w->tu, w->main_file);
	if (!list)
		return;
	for (unsigned i = 0; i < list->count; i++) {
		unsigned a, b;
		clang_getSpellingLocation(clang_getRangeStart(list->ranges[i]), NULL, NULL, NULL,
					  &a);
		clang_getSpellingLocation(clang_getRangeEnd(list->ranges[i]), NULL, NULL, NULL, &b);
		if (b > size)
			b = (unsigned)size;
		scan_lexical(w, text, a, b, TA_FF_INACTIVE);
	}
	clang_disposeSourceRangeList(list);
}

/* A file with errors: recover, lexically, the sites its broken AST lost. */
static void scan_degraded(struct walk *w)
{
	size_t size = 0;
	const char *text = clang_getFileContents(w->tu, w->main_file, &size);

	if (text)
		scan_lexical(w, text, 0, (unsigned)size, TA_FF_LEXICAL);
}

/* A file with errors is degraded; its reason names the first error. */
static void count_errors(CXTranslationUnit tu, ta_parse_result *out)
{
	char *first = NULL;

	out->n_errors = ta_tu_errors(tu, &first, NULL);
	if (out->n_errors) {
		out->status = TA_STATUS_DEGRADED;
		out->reason = xasprintf("%u error%s, first: %s", out->n_errors,
					out->n_errors == 1 ? "" : "s", first);
	}
	free(first);
}

/*
 * Parse path with args into *tu, the stripped headers (ta_hdrstrip_for()
 * with flags) in place of theirs; *macros: whether one lost a macro's body;
 * *wide: whether the parse took the wide PCH in place of the base one.
 */
static enum CXErrorCode parse_unit(ta_indexer *ix, const char *path, const char *const *args,
				   int nargs, unsigned flags, bool *macros, bool *wide,
				   CXTranslationUnit *tu)
{
	unsigned opts = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
	const struct ta_stripped *st;
	struct CXUnsavedFile *uf;
	const char **wargs = NULL;
	enum CXErrorCode err;
	size_t n;

	*macros = *wide = false;
	if (!ix->strip)
		return clang_parseTranslationUnit2(ix->index, path, args, nargs, NULL, 0, opts, tu);
	/* the wide PCH in place of the base one the arguments name, if the headers allow it */
	for (int i = 0; ix->wide_pch && i + 1 < nargs && !(flags & TA_HDRSTRIP_WIDE); i++)
		if (strcmp(args[i], "-include-pch") == 0 && strcmp(args[i + 1], ix->base_pch) == 0)
			flags |= TA_HDRSTRIP_WIDE;
	n = ta_hdrstrip_for(ix->strip, path, args, nargs, flags, &st);
	if ((*wide = ta_hdrstrip_took_wide(ix->strip))) {
		wargs = xcalloc((size_t)nargs, sizeof(*wargs));
		memcpy(wargs, args, (size_t)nargs * sizeof(*wargs));
		ta_flags_args_swap_pch(wargs, nargs, ix->wide_pch);
		args = wargs;
	}
	uf = xcalloc(n ? n : 1, sizeof(*uf));
	for (size_t i = 0; i < n; i++) {
		uf[i] = (struct CXUnsavedFile){
			.Filename = st[i].path, .Contents = st[i].text, .Length = st[i].len};
		*macros |= st[i].macros;
	}
	err = clang_parseTranslationUnit2(ix->index, path, args, nargs, uf, (unsigned)n, opts, tu);
	free(uf);
	free(wargs);
	return err;
}

static void walk_free(struct walk *w)
{
	for (size_t i = 0; i < w->files_cap; i++) {
		if (w->files[i])
			free(w->files[i]->rel);
		free(w->files[i]);
	}
	free(w->files);
	for (size_t i = 0; i < w->n_macros; i++)
		free(w->macros[i].name);
	free(w->macros);
	for (size_t i = 0; i < w->n_callbacks; i++)
		free(w->callbacks[i]);
	free(w->callbacks);
	for (size_t i = 0; i < w->n_calls; i++) {
		free(w->calls[i].callee);
		free(w->calls[i].function);
		free(w->calls[i].file);
	}
	free(w->calls);
	for (size_t i = 0; i < w->n_ranges; i++)
		free(w->ranges[i].name);
	free(w->ranges);
	ta_strmap_free(&w->edges);
}

/* One parse and walk of path; returns whether it must be parsed again with every macro whole. */
static bool parse_and_walk(ta_indexer *ix, const char *root, const char *path,
			   const char *const *args, int nargs, unsigned flags, ta_parse_result *out)
{
	CXTranslationUnit tu = NULL;
	enum CXErrorCode err;
	struct walk w = {0};
	bool reparse;

	memset(out, 0, sizeof(*out));
	out->status = TA_STATUS_PARSED;
	err = parse_unit(ix, path, args, nargs, flags, &w.macros_stripped, &out->wide_pch, &tu);
	if (err != CXError_Success || !tu) {
		out->status = TA_STATUS_FAILED;
		out->reason = xasprintf("libclang could not parse the file (error %d)", (int)err);
		return false;
	}
	count_errors(tu, out);
	ta_tu_deps(tu, &out->deps, &out->n_deps, &out->cap_deps);
	w.ix = ix;
	w.tu = tu;
	w.root = root;
	w.root_len = strlen(root);
	while (w.root_len > 1 && root[w.root_len - 1] == '/')
		w.root_len--;
	w.main_file = clang_getFile(tu, path);
	w.facts = &out->facts;
	w.function = clang_getNullCursor();
	if (w.main_file) {
		clang_visitChildren(clang_getTranslationUnitCursor(tu), visit_top, &w);
		if (!w.reparse) {
			flush_direct_calls(&w);
			attribute_macros(&w);
			scan_skipped(&w);
			if (out->n_errors)
				scan_degraded(&w);
		}
	}
	reparse = w.reparse;
	walk_free(&w);
	clang_disposeTranslationUnit(tu);
	return reparse;
}

void ta_indexer_parse(ta_indexer *ix, const char *root, const char *relpath,
		      const char *const *args, int nargs, ta_parse_result *out)
{
	char *path = ta_path_join(root, relpath);

	if (parse_and_walk(ix, root, path, args, nargs, 0, out)) {
		ta_parse_result_free(out);
		parse_and_walk(ix, root, path, args, nargs, TA_HDRSTRIP_KEEP_MACROS, out);
	}
	free(path);
}

void ta_parse_result_free(ta_parse_result *r)
{
	for (size_t i = 0; i < r->n_deps; i++)
		free(r->deps[i]);
	free(r->deps);
	r->deps = NULL;
	r->n_deps = r->cap_deps = 0;
	free(r->reason);
	r->reason = NULL;
	ta_facts_free(&r->facts);
}
