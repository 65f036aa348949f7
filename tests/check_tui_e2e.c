// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_tui_e2e.c - the review TUI end to end: the real binary runs in a
 * tmux pane (new-session -x 120 -y 40), keys go in with send-keys and the
 * screen comes back with capture-pane.  A session opens the corpus report,
 * navigates, filters (the status bar counting only the rows shown),
 * searches (by name and by file:line, with a match count), opens a
 * detail page, accepts two tasklets, jumps to the next and previous
 * undecided ones, undoes an accept and accepts again, quits; a second
 * session finds the decisions and the position again and exports.  Other
 * sessions: a terminal below 80x24 and a resize, colour and NO_COLOR,
 * SIGTERM and SIGINT keeping the decisions, a review that scans the
 * corpus itself, the keys of issue #16 (a fake $EDITOR and $PAGER that
 * record what they are given, the callback's body, a failed search
 * deciding nothing, bulk accept with its one-step undo, grouping by path
 * depth and directory, collapsing, a narrow terminal), grouping by
 * MAINTAINERS entry on a linked copy of the corpus with a MAINTAINERS,
 * and a page opened twice with TA_REVIEW_TIMING (the second from the
 * preview cache, measured).  The "review" command's usage errors run
 * without tmux, and so does the staleness across a re-audit of a corpus
 * copy (a line inserted above a decided tasklet, then its callback
 * changed).
 *
 * Each review runs under a shell that prints its exit status.  The tmux
 * server runs in the foreground (-D) as a child of this test,
 * with its sockets in a private TMUX_TMPDIR: no daemon, no clash with a
 * reviewer's own tmux.  The terminal tests are an optional case: without
 * tmux they are skipped and ctest says so (check_tui_e2e_optional); CI
 * installs tmux.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report_read.h"
#include "review.h"
#include "review_export.h"
#include "review_file.h"
#include "testutil.h"

#define WAIT_SECONDS 30.0

static char *dir;    /* the test's scratch directory */
static char *report; /* the corpus report in it */
static size_t total; /* its number of tasklets */
static pid_t server = -1;

static bool have_tmux(void)
{
	return system("command -v tmux >/dev/null 2>&1") == 0;
}

/* The output of a shell command line (caller frees). */
static char *outf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *outf(const char *fmt, ...)
{
	ta_buf b = {0}, out = {0};
	char chunk[4096];
	size_t n;
	va_list ap;
	FILE *p;

	va_start(ap, fmt);
	ta_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	p = popen(b.s, "r");
	ck_assert_msg(p != NULL, "popen '%s': %s", b.s, strerror(errno));
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0)
		ta_buf_add(&out, chunk, n);
	pclose(p);
	ta_buf_free(&b);
	return ta_buf_steal(&out);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A scratch directory with the corpus report in it. */
static void setup_report(void)
{
	char *args;
	struct tu_run r;

	dir = tu_mkdtemp();
	report = ta_path_join(dir, "r.json");
	args = xasprintf("-q --json '%s' '%s/corpus'", report, TA_SOURCE_DIR);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "cannot write the corpus report: %s", r.err);
	tu_run_free(&r);
	free(args);
	{
		ta_audit *a;
		ck_assert_int_eq(ta_report_read(report, &a), 0);
		total = a->n_tasklets;
		ck_assert_uint_gt(total, 40);
		ta_audit_free(&a);
	}
}

/* The status bar's " row/total " text (a static buffer of a ring of four). */
static const char *at(size_t row)
{
	static char bufs[4][64];
	static unsigned k;
	char *b = bufs[k++ % 4];

	snprintf(b, sizeof(bufs[0]), " %zu/%zu ", row, total);
	return b;
}

/* The report, and a private tmux server in the foreground. */
static void setup(void)
{
	char *conf, *tmpdir, *sock;
	struct stat sb;

	setup_report();
	tu_write(dir, "tmux.conf", "set -g remain-on-exit on\n");
	tmpdir = ta_path_join(dir, "tmux");
	ck_assert_int_eq(mkdir(tmpdir, 0700), 0);
	setenv("TMUX_TMPDIR", tmpdir, 1);
	unsetenv("TMUX");
	conf = ta_path_join(dir, "tmux.conf");
	server = fork();
	ck_assert_int_ge(server, 0);
	if (server == 0) {
		FILE *log = freopen("/dev/zero", "r", stdin);
		(void)log;
		execlp("tmux", "tmux", "-L", "e2e", "-f", conf, "-D", (char *)NULL);
		_exit(127);
	}
	/* wait for the server's socket */
	sock = xasprintf("%s/tmux-%u/e2e", tmpdir, (unsigned)getuid());
	for (double t0 = now(); stat(sock, &sb) != 0 || !S_ISSOCK(sb.st_mode);) {
		ck_assert_msg(now() - t0 < WAIT_SECONDS, "the tmux server did not start");
		usleep(20000);
	}
	free(sock);
	free(conf);
	free(tmpdir);
}

static void teardown(void)
{
	if (server > 0) {
		tu_sh("tmux -L e2e kill-server >/dev/null 2>&1");
		kill(server, SIGTERM);
		waitpid(server, NULL, 0);
		server = -1;
	}
	free(report);
	tu_rmtree(&dir);
}

/*
 * Start the review in a new session of width x height; env is put before
 * the binary.  The shell that runs it prints "EXIT=<status>" when it ends
 * (tmux's own pane_dead_status is not reliable when the terminal closes
 * before the process is reaped).
 */
static void start(const char *session, int w, int h, const char *env, const char *args)
{
	ck_assert_int_eq(tu_sh("tmux -L e2e new-session -d -s %s -x %d -y %d -c '%s' "
			       "\"env %s '%s' review %s; echo EXIT=\\$?\"",
			       session, w, h, dir, env, TA_BINARY, args),
			 0);
}

/* The screen, with the history (the text printed after the TUI left may scroll). */
static char *screen(const char *session, bool escapes)
{
	return outf("tmux -L e2e capture-pane -p -S - %s -t %s", escapes ? "-e" : "", session);
}

/* Does captured text (capture-pane -e) set a foreground or background colour? */
static bool has_color(const char *s)
{
	while ((s = strstr(s, "\033["))) {
		const char *p = s + 2;
		size_t n = strspn(p, "0123456789;");
		if (p[n] == 'm') {
			char *params = xstrndup(p, n), *save = NULL;
			for (char *t = strtok_r(params, ";", &save); t;
			     t = strtok_r(NULL, ";", &save)) {
				int v = atoi(t);
				if ((v >= 30 && v <= 38) || (v >= 40 && v <= 48) ||
				    (v >= 90 && v <= 97) || (v >= 100 && v <= 107)) {
					free(params);
					return true;
				}
			}
			free(params);
		}
		s = p;
	}
	return false;
}

/* Wait until the screen shows text; return the screen (caller frees). */
static char *wait_for(const char *session, const char *text)
{
	double t0 = now();
	char *s;

	for (;;) {
		s = screen(session, false);
		if (strstr(s, text))
			return s;
		if (now() - t0 > WAIT_SECONDS)
			break;
		free(s);
		usleep(30000);
	}
	ck_abort_msg("waited %.0f s for '%s'; the screen:\n%.3000s", WAIT_SECONDS, text, s);
	return s;
}

static void wait_gone(const char *session, const char *text)
{
	double t0 = now();
	char *s;

	while ((s = screen(session, false)) && strstr(s, text)) {
		ck_assert_msg(now() - t0 < WAIT_SECONDS, "'%s' stays on the screen:\n%.3000s", text,
			      s);
		free(s);
		usleep(30000);
	}
	free(s);
}

static void keys(const char *session, const char *k)
{
	ck_assert_int_eq(tu_sh("tmux -L e2e send-keys -t %s %s", session, k), 0);
}

static void literal(const char *session, const char *text)
{
	ck_assert_int_eq(tu_sh("tmux -L e2e send-keys -t %s -l '%s'", session, text), 0);
}

/* Wait for the review to end: its exit status as the shell saw it. */
static int wait_exit(const char *session)
{
	char *scr = wait_for(session, "EXIT="), *last = scr, *p;
	int status;

	while ((p = strstr(last + 1, "EXIT=")))
		last = p;
	status = atoi(strstr(last, "EXIT=") + 5);
	free(scr);
	return status;
}

/* The review's process: the child of the pane's shell. */
static pid_t review_pid(const char *session)
{
	char *s = outf("tmux -L e2e display -p -t %s '#{pane_pid}'", session);
	pid_t shell = (pid_t)atoi(s), found = -1;
	DIR *d = opendir("/proc");
	struct dirent *de;

	free(s);
	ck_assert_int_gt(shell, 1);
	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d))) {
		char path[300], buf[512], *rp;
		FILE *fp;
		int ppid;
		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (!(fp = fopen(path, "r")))
			continue;
		/* pid (comm) state ppid ...: comm may hold spaces, so parse after the last ')' */
		if (fgets(buf, sizeof(buf), fp) && (rp = strrchr(buf, ')')) &&
		    sscanf(rp + 1, " %*c %d", &ppid) == 1 && ppid == shell)
			found = (pid_t)atoi(de->d_name);
		fclose(fp);
	}
	closedir(d);
	ck_assert_msg(found > 0, "no review process under the pane's shell %d", (int)shell);
	return found;
}

/* How many lines of the screen contain text. */
static size_t lines_with(const char *scr, const char *text)
{
	size_t n = 0;

	for (const char *s = scr; (s = strstr(s, text)); s += strlen(text))
		n++;
	return n;
}

/* The model of the same report, to know what the screen should show. */
static ta_review *model(ta_audit **a)
{
	ck_assert_int_eq(ta_report_read(report, a), 0);
	return ta_review_new(*a);
}

START_TEST(test_review_session)
{
	ta_audit *a;
	ta_review *rv;
	ta_review_value *vals;
	size_t n_vals, unused_at = 0, unused_n = 0, poll = 0;
	char *s, *want, *review_path, *text, *args, *git, *poll_loc;
	const char *id0, *id1;

	rv = model(&a);
	id0 = a->tasklets[ta_review_row(rv, 0)].id;
	id1 = a->tasklets[ta_review_row(rv, 1)].id;
	ta_review_values(rv, TA_FIELD_CLASS, &vals, &n_vals);
	for (size_t k = 0; k < n_vals; k++)
		if (strcmp(vals[k].value, "unused") == 0) {
			unused_at = k + 1; /* after "(any)" */
			unused_n = vals[k].count;
		}
	free(vals);
	ck_assert_uint_gt(unused_n, 1);
	for (size_t r = 0; r < ta_review_n_rows(rv); r++)
		if (strcmp(a->tasklets[ta_review_row(rv, r)].key,
			   "classify/poller.c:struct po_dev.poll") == 0)
			poll = r + 1;
	ck_assert_uint_gt(poll, 0);
	poll_loc = xasprintf("%s:%u", a->tasklets[ta_review_row(rv, poll - 1)].file,
			     a->tasklets[ta_review_row(rv, poll - 1)].line);

	args = xasprintf("--report '%s'", report);
	start("s1", 120, 40, "-u NO_COLOR", args);
	free(wait_for("s1", at(1)));
	s = wait_for("s1", "SUBSYSTEM");
	ck_assert_ptr_nonnull(strstr(s, "TASKLET"));
	/* the behaviour verdicts of the report are in the list */
	ck_assert_msg(strstr(s, " differs ") || strstr(s, " equivalent ") || strstr(s, " unsafe "),
		      "no verdict in the list:\n%.3000s", s);
	ck_assert_ptr_nonnull(strstr(s, "q:quit ?:help"));
	free(s);
	/* navigate */
	keys("s1", "j j j");
	free(wait_for("s1", at(4)));
	keys("s1", "G");
	free(wait_for("s1", at(total)));
	keys("s1", "g");
	free(wait_for("s1", at(1)));
	keys("s1", "PgDn");
	free(wait_for("s1", at(38))); /* a page is 40 - 3 lines */
	keys("s1", "k Up");
	free(wait_for("s1", at(36)));
	keys("s1", "g");
	free(wait_for("s1", at(1)));
	/* filter by class: unused */
	keys("s1", "f c");
	free(wait_for("s1", "class: choose a value"));
	for (size_t k = 0; k < unused_at; k++)
		keys("s1", "j");
	keys("s1", "Enter");
	want = xasprintf(" 1/%zu (of %zu)", unused_n, total);
	s = wait_for("s1", want);
	/* every row is an unused one; a page shows 37 of them */
	ck_assert_uint_eq(lines_with(s, " unused "), unused_n < 37 ? unused_n : 37);
	ck_assert_ptr_nonnull(strstr(s, "class=unused"));
	free(s);
	free(want);
	/* the status bar counts only the rows shown */
	ck_assert_uint_lt(unused_n, total);
	want = xasprintf("accepted 0  rejected 0  deferred 0  undecided %zu  |", unused_n);
	free(wait_for("s1", want));
	free(want);
	keys("s1", "f x");
	want = xasprintf("%zu of %zu tasklets shown", total, total);
	free(wait_for("s1", want));
	free(want);
	/* search, then the detail page of the match */
	keys("s1", "/");
	literal("s1", "po->poll");
	keys("s1", "Enter");
	want = xasprintf("%s", at(poll));
	free(wait_for("s1", want));
	free(want);
	free(wait_for("s1", "match 1 of 1 for 'po->poll'"));
	/* the location as the list shows it finds the same row */
	keys("s1", "g /");
	literal("s1", poll_loc);
	keys("s1", "Enter");
	free(wait_for("s1", at(poll)));
	want = xasprintf("match 1 of 1 for '%s'", poll_loc);
	free(wait_for("s1", want));
	free(want);
	keys("s1", "Enter");
	s = wait_for("s1", "classify/poller.c:struct po_dev.poll");
	ck_assert_ptr_nonnull(strstr(s, "Class: self_rearming_poller"));
	ck_assert_ptr_nonnull(strstr(s, "Recommendation: "));
	ck_assert_ptr_nonnull(strstr(s, "Findings: "));
	ck_assert_ptr_nonnull(strstr(s, "Behaviour: "));
	ck_assert_ptr_null(strstr(s, "Behaviour: no verdict"));
	free(s);
	keys("s1", "G");
	/* the end of the page: the proposed patch (its heading may have scrolled off) */
	s = wait_for("s1", "tasklet_setup(&po->poll");
	free(s);
	keys("s1", "q");
	free(wait_for("s1", "SUBSYSTEM"));
	/* accept the first two */
	keys("s1", "g a a");
	s = wait_for("s1", "accepted 2 ");
	ck_assert_ptr_nonnull(strstr(s, at(3)));
	ck_assert_uint_eq(lines_with(s, " accept\n"), 2);
	free(s);
	/* ] and [: the next, previous undecided, over the two accepted, wrapping */
	keys("s1", "g");
	free(wait_for("s1", at(1)));
	keys("s1", "]");
	free(wait_for("s1", at(3)));
	keys("s1", "[");
	free(wait_for("s1", at(total)));
	/* u: the last accept is undone and the cursor goes back to it; a accepts again */
	keys("s1", "u");
	s = wait_for("s1", "accepted 1 ");
	ck_assert_ptr_nonnull(strstr(s, at(2)));
	ck_assert_ptr_nonnull(strstr(s, "is back to undecided"));
	free(s);
	keys("s1", "a");
	s = wait_for("s1", "accepted 2 ");
	ck_assert_ptr_nonnull(strstr(s, at(3)));
	free(s);
	keys("s1", "q");
	ck_assert_int_eq(wait_exit("s1"), 0);
	s = wait_for("s1", "review saved to");
	ck_assert_ptr_nonnull(strstr(s, "2 accepted"));
	free(s);
	review_path = ta_path_join(dir, "r.review.json");
	text = ta_read_file(review_path, NULL);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(strstr(text, id0));
	ck_assert_ptr_nonnull(strstr(text, id1));
	ck_assert_uint_eq(lines_with(text, "\"accept\""), 2);
	free(text);

	/* reopen: the decisions and the position are back */
	start("s2", 120, 40, "-u NO_COLOR", args);
	s = wait_for("s2", at(3));
	ck_assert_ptr_nonnull(strstr(s, "accepted 2 "));
	ck_assert_uint_eq(lines_with(s, " accept\n"), 2);
	free(s);
	/* export */
	keys("s2", "x");
	free(wait_for("s2", "export accepted patches to: tasklet-patches"));
	keys("s2", "Enter");
	/* the message line says what was written; the writer's own closing
	 * note ("1 patch for 2 tasklets; 0 refused") stays off the screen */
	s = wait_for("s2", "for 2 of 2 accepted tasklets to 'tasklet-patches'");
	ck_assert_ptr_null(strstr(s, "not needed"));
	free(s);
	git = xasprintf(
		"cd '%s' && cp -r '%s/corpus' tree && cd tree && git init -q . && "
		"for p in ../tasklet-patches/*; do git apply --check \"$p\" || exit 1; done",
		dir, TA_SOURCE_DIR);
	ck_assert_msg(tu_sh("%s", git) == 0, "an exported patch does not apply");
	free(git);
	keys("s2", "q");
	ck_assert_int_eq(wait_exit("s2"), 0);
	free(review_path);
	free(args);
	free(poll_loc);
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

START_TEST(test_too_small_then_resize)
{
	char *s, *args;

	args = xasprintf("--report '%s'", report);
	start("small", 70, 20, "-u NO_COLOR", args);
	s = wait_for("small", "terminal too small: 70x20");
	ck_assert_ptr_nonnull(strstr(s, "at least 80x24"));
	ck_assert_ptr_null(strstr(s, "SUBSYSTEM"));
	free(s);
	ck_assert_int_eq(tu_sh("tmux -L e2e resize-window -t small -x 100 -y 30"), 0);
	free(wait_for("small", "SUBSYSTEM"));
	wait_gone("small", "too small");
	ck_assert_int_eq(tu_sh("tmux -L e2e resize-window -t small -x 80 -y 23"), 0);
	free(wait_for("small", "terminal too small: 80x23"));
	keys("small", "q");
	ck_assert_int_eq(wait_exit("small"), 0);
	free(args);
}
END_TEST

START_TEST(test_color_and_no_color)
{
	char *s, *args = xasprintf("--report '%s'", report);

	/* tmux's panes have colours: the class column is painted */
	start("col", 120, 40, "-u NO_COLOR", args);
	free(wait_for("col", "SUBSYSTEM"));
	s = screen("col", true);
	ck_assert_msg(has_color(s), "no colour in:\n%.2000s", s);
	free(s);
	keys("col", "q");
	wait_exit("col");
	/* NO_COLOR: attributes only (bold, reverse), no colour */
	start("mono", 120, 40, "NO_COLOR=1", args);
	free(wait_for("mono", "SUBSYSTEM"));
	s = screen("mono", true);
	ck_assert_msg(!has_color(s), "colour despite NO_COLOR:\n%.2000s", s);
	ck_assert_msg(strstr(s, "\033[1;4m") || strstr(s, "\033[0;7m") || strstr(s, "\033[7m"),
		      "no attributes in:\n%.2000s", s);
	free(s);
	keys("mono", "q");
	wait_exit("mono");
	free(args);
}
END_TEST

START_TEST(test_signals_keep_decisions)
{
	char *s, *args = xasprintf("--report '%s' --review '%s/sig.json'", report, dir);
	char *text, *path = ta_path_join(dir, "sig.json");

	start("term", 120, 40, "-u NO_COLOR", args);
	free(wait_for("term", at(1)));
	keys("term", "a");
	free(wait_for("term", "accepted 1 "));
	ck_assert_int_eq(kill(review_pid("term"), SIGTERM), 0);
	ck_assert_int_eq(wait_exit("term"), 128 + SIGTERM);
	/* the handler ran: the terminal is back (no TUI on screen) and the summary printed */
	s = wait_for("term", "review saved to");
	ck_assert_ptr_null(strstr(s, "SUBSYSTEM"));
	free(s);
	s = outf("tmux -L e2e display -p -t term '#{alternate_on}'");
	ck_assert_str_eq(s, "0\n");
	free(s);
	text = ta_read_file(path, NULL);
	ck_assert_uint_eq(lines_with(text, "\"accept\""), 1);
	free(text);
	/* SIGINT (Ctrl-C in the terminal) after one more decision */
	start("int", 120, 40, "-u NO_COLOR", args);
	free(wait_for("int", at(2)));
	keys("int", "r");
	free(wait_for("int", "rejected 1 "));
	keys("int", "C-c");
	ck_assert_int_eq(wait_exit("int"), 128 + SIGINT);
	free(wait_for("int", "review saved to"));
	text = ta_read_file(path, NULL);
	ck_assert_uint_eq(lines_with(text, "\"accept\""), 1);
	ck_assert_uint_eq(lines_with(text, "\"reject\""), 1);
	free(text);
	free(path);
	free(args);
}
END_TEST

/* review PATH: a scan, then the TUI; the review file goes to the current directory. */
START_TEST(test_scan_mode)
{
	char *args = xasprintf("-j 2 '%s/corpus'", TA_SOURCE_DIR);
	char *path = ta_path_join(dir, "tasklet-audit.review.json"), *text;

	start("scan", 120, 40, "-u NO_COLOR", args);
	free(wait_for("scan", at(1)));
	keys("scan", "a");
	free(wait_for("scan", "accepted 1 "));
	keys("scan", "q");
	ck_assert_int_eq(wait_exit("scan"), 0);
	text = ta_read_file(path, NULL);
	ck_assert_msg(text != NULL, "no review file in the current directory");
	ck_assert_uint_eq(lines_with(text, "\"accept\""), 1);
	ck_assert_ptr_nonnull(strstr(text, "\"source\":\t\"" TA_SOURCE_DIR "/corpus\""));
	free(text);
	free(path);
	free(args);
}
END_TEST

/* Wait for a file to exist and return its text (caller frees). */
static char *wait_file(const char *path)
{
	double t0 = now();
	char *text;

	while (!(text = ta_read_file(path, NULL))) {
		ck_assert_msg(now() - t0 < WAIT_SECONDS, "waited for '%s'", path);
		usleep(30000);
	}
	return text;
}

/* How many decisions of a kind the review file holds (0 when there is no file yet). */
static size_t decided_in(const char *path, const char *kind)
{
	char *text = ta_read_file(path, NULL), *q = xasprintf("\"%s\"", kind);
	size_t n = text ? lines_with(text, q) : 0;

	free(text);
	free(q);
	return n;
}

/*
 * The keys of issue #16: e runs a fake $EDITOR that records its
 * arguments, p a fake $PAGER that keeps the patch it was given, c shows
 * the callback's body; a failed search then a decides nothing; A accepts
 * the filtered rows after a confirmation and u undoes them all; b groups
 * by path depth, Enter collapses a group, A accepts a group; and the list
 * keeps a location column below 120 columns.
 */
START_TEST(test_issue16_keys)
{
	ta_audit *a;
	ta_review *rv = model(&a);
	ta_review_value *vals;
	size_t n_vals, unused_at = 0, unused_n = 0, poll = a->n_tasklets;
	char *s, *want, *text, *args, *env, *rpath, *edargs, *pgcopy, *pgargs;
	const ta_tasklet *t;

	for (size_t i = 0; i < a->n_tasklets; i++)
		if (strcmp(a->tasklets[i].key, "classify/poller.c:struct po_dev.poll") == 0)
			poll = i;
	ck_assert_uint_lt(poll, a->n_tasklets);
	t = &a->tasklets[poll];
	ta_review_values(rv, TA_FIELD_CLASS, &vals, &n_vals);
	for (size_t k = 0; k < n_vals; k++)
		if (strcmp(vals[k].value, "unused") == 0) {
			unused_at = k + 1;
			unused_n = vals[k].count;
		}
	free(vals);
	edargs = ta_path_join(dir, "editor-args");
	pgcopy = ta_path_join(dir, "pager-copy");
	pgargs = ta_path_join(dir, "pager-args");
	rpath = ta_path_join(dir, "k.review.json");
	/* each writes aside, then renames: the test never reads a half-written file */
	tu_write(dir, "fake-editor",
		 "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"$OUT/e.tmp\"\n"
		 "mv \"$OUT/e.tmp\" \"$OUT/editor-args\"\n");
	tu_write(dir, "fake-pager",
		 "#!/bin/sh\ncp \"$1\" \"$OUT/p.tmp\" && mv \"$OUT/p.tmp\" \"$OUT/pager-copy\"\n"
		 "printf '%s\\n' \"$@\" > \"$OUT/a.tmp\"\nmv \"$OUT/a.tmp\" \"$OUT/pager-args\"\n");
	ck_assert_int_eq(tu_sh("chmod +x '%s/fake-editor' '%s/fake-pager'", dir, dir), 0);
	env = xasprintf("-u NO_COLOR OUT='%s' EDITOR='%s/fake-editor' PAGER='%s/fake-pager'", dir,
			dir, dir);
	args = xasprintf("--report '%s' --review '%s'", report, rpath);
	start("k", 120, 40, env, args);
	free(wait_for("k", at(1)));
	/* e: $EDITOR +LINE TREE/FILE, then the screen is back */
	keys("k", "/");
	literal("k", "po->poll");
	keys("k", "Enter");
	free(wait_for("k", "match 1 of 1"));
	keys("k", "e");
	text = wait_file(edargs);
	want = xasprintf("+%u\n%s/%s\n", t->line, a->tree, t->file);
	ck_assert_str_eq(text, want);
	free(want);
	free(text);
	free(wait_for("k", "SUBSYSTEM"));
	/* p: the pager gets a file holding the patch, removed after */
	keys("k", "p");
	text = wait_file(pgcopy);
	ck_assert_ptr_nonnull(strstr(text, "tasklet_setup(&po->poll"));
	free(text);
	text = wait_file(pgargs);
	*strchr(text, '\n') = '\0';
	ck_assert_ptr_nonnull(strstr(text, "tasklet-audit-patch-"));
	free(wait_for("k", "SUBSYSTEM"));
	for (double t0 = now(); access(text, F_OK) == 0; usleep(30000))
		ck_assert_msg(now() - t0 < WAIT_SECONDS, "the pager's file '%s' stays", text);
	free(text);
	/* c: the callback's body, q back */
	keys("k", "c");
	want = xasprintf("%s()  %s:%u", t->callback, t->callback_file, t->callback_line);
	s = wait_for("k", want);
	ck_assert_ptr_nonnull(strstr(s, "the callback of"));
	free(s);
	free(want);
	keys("k", "q");
	free(wait_for("k", "SUBSYSTEM"));
	/* a failed search, then a: nothing is decided */
	keys("k", "/");
	literal("k", "zz-no-such");
	keys("k", "Enter");
	free(wait_for("k", "no match for 'zz-no-such'"));
	keys("k", "a");
	free(wait_for("k", "no match for 'zz-no-such': move first"));
	ck_assert_uint_eq(decided_in(rpath, "accept"), 0);
	s = screen("k", false);
	ck_assert_ptr_nonnull(strstr(s, "accepted 0 "));
	free(s);
	/* A over the rows of a filter: asks, accepts them all, u undoes them all */
	keys("k", "j f c");
	free(wait_for("k", "class: choose a value"));
	for (size_t k = 0; k < unused_at; k++)
		keys("k", "j");
	keys("k", "Enter");
	keys("k", "A");
	want = xasprintf("accept %zu tasklets? (y/n)", unused_n);
	free(wait_for("k", want));
	free(want);
	keys("k", "y");
	want = xasprintf("accepted %zu tasklets (u undoes them all)", unused_n);
	free(wait_for("k", want));
	free(want);
	ck_assert_uint_eq(decided_in(rpath, "accept"), unused_n);
	keys("k", "u");
	want = xasprintf("undone: %zu tasklets are back", unused_n);
	free(wait_for("k", want));
	free(want);
	ck_assert_uint_eq(decided_in(rpath, "accept"), 0);
	keys("k", "f x");
	/* b: grouped by path/2, then path/3; Enter on a header collapses it */
	keys("k", "b");
	free(wait_for("k", "group path/2"));
	keys("k", "g");
	s = wait_for("k", " row 1/");
	ck_assert_msg(strstr(s, "[-] classify  ("), "no classify group in:\n%.3000s", s);
	free(s);
	keys("k", "b");
	free(wait_for("k", "group path/3"));
	keys("k", "b b");
	free(wait_for("k", "group dir"));
	keys("k", "g Enter");
	free(wait_for("k", "[+] "));
	/* A on a group: its tasklets only */
	keys("k", "A");
	s = wait_for("k", "(y/n)");
	ck_assert(strstr(s, " tasklets of ") || strstr(s, " tasklet of "));
	free(s);
	keys("k", "y");
	free(wait_for("k", "(u undoes them all)"));
	ck_assert_uint_gt(decided_in(rpath, "accept"), 0);
	ck_assert_uint_lt(decided_in(rpath, "accept"), total);
	keys("k", "b");
	free(wait_for("k", "no MAINTAINERS"));
	/* below 120 columns: a location column still, and the mechanism's '*' whole */
	ck_assert_int_eq(tu_sh("tmux -L e2e resize-window -t k -x 90 -y 30"), 0);
	s = wait_for("k", "LOCATION");
	ck_assert_ptr_null(strstr(s, "SUBSYSTEM"));
	free(s);
	keys("k", "/");
	literal("k", "po->poll");
	keys("k", "Enter m j Enter");
	want = xasprintf("%s:%u", strrchr(t->file, '/') + 1, t->line);
	s = wait_for("k", "with ");
	ck_assert_msg(strstr(s, want), "no '%s' in:\n%.3000s", want, s);
	free(s);
	free(want);
	keys("k", "/");
	literal("k", "po->poll");
	keys("k", "Enter");
	free(wait_for("k", "match 1 of 1"));
	s = screen("k", false);
	ck_assert_msg(strstr(s, "* "), "no '*' marker in:\n%.3000s", s);
	free(s);
	keys("k", "q");
	ck_assert_int_eq(wait_exit("k"), 0);
	free(edargs);
	free(pgcopy);
	free(pgargs);
	free(rpath);
	free(env);
	free(args);
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

/* b by MAINTAINERS entry: the report's tree (the corpus, linked) with a MAINTAINERS. */
START_TEST(test_group_by_maintainers)
{
	char *text = ta_read_file(report, NULL), *tree = ta_path_join(dir, "mtree"), *p, *q;
	char *mreport = ta_path_join(dir, "m.json"), *args, *s;
	ta_buf b = {0};

	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(tu_sh("mkdir '%s' && for f in '%s'/corpus/*; do ln -s \"$f\" '%s'/; done",
			       tree, TA_SOURCE_DIR, tree),
			 0);
	tu_write(tree, "MAINTAINERS",
		 "List of maintainers\n\n"
		 "POLLER DRIVER\nM:\tAlice Alpha <alice@example.org>\nS:\tMaintained\n"
		 "F:\tclassify/poller.c\n\n"
		 "CLASSIFY CASES\nM:\tBob Beta <bob@example.org>\nS:\tMaintained\n"
		 "F:\tclassify/\n\n"
		 "THE REST\nM:\tLinus Torvalds <torvalds@linux-foundation.org>\n"
		 "S:\tBuried alive in reporters\nF:\t*\nF:\t*/\n");
	/* the same report, its tree the linked one */
	p = strstr(text, "\"tree\":");
	ck_assert_ptr_nonnull(p);
	p = strchr(p + 7, '"');
	q = strchr(p + 1, '"');
	ta_buf_add(&b, text, (size_t)(p - text) + 1);
	ta_buf_puts(&b, tree);
	ta_buf_puts(&b, q);
	tu_write(dir, "m.json", b.s);
	ta_buf_free(&b);
	free(text);
	args = xasprintf("--report '%s'", mreport);
	start("m", 120, 40, "-u NO_COLOR", args);
	free(wait_for("m", at(1)));
	keys("m", "b b b b b");
	s = wait_for("m", "group maintainers");
	ck_assert_msg(strstr(s, "[-] CLASSIFY CASES  ("), "no CLASSIFY group in:\n%.3000s", s);
	free(s);
	/* z collapses every group: the one-file entry, and the catch-all "-" last */
	keys("m", "z");
	s = wait_for("m", "[+] POLLER DRIVER  (1 tasklet)");
	ck_assert_ptr_nonnull(strstr(s, "[+] CLASSIFY CASES"));
	ck_assert_ptr_nonnull(strstr(s, "[+] -  ("));
	ck_assert(strstr(s, "[+] POLLER DRIVER") < strstr(s, "[+] -  ("));
	free(s);
	/* Enter on a collapsed header expands it */
	keys("m", "g Enter");
	free(wait_for("m", "[-] CLASSIFY CASES"));
	keys("m", "q");
	ck_assert_int_eq(wait_exit("m"), 0);
	free(args);
	free(mreport);
	free(tree);
}
END_TEST

/* The review command's errors, without a terminal. */
START_TEST(test_cli_errors)
{
	static const struct {
		const char *args;
		int status;
		const char *message;
	} cases[] = {
		{"review --no-such", 2, "unknown option '--no-such'"},
		{"review --report", 2, "option '--report' needs an argument"},
		{"review --report /nonexistent/r.json", 2, "cannot read '/nonexistent/r.json'"},
		{"review a b", 2, "too many arguments"},
		{"review -j 0", 2, "invalid job count '0'"},
		{"review --export '' --report x.json", 2, "invalid export directory ''"},
		{"review /tmp --report x.json", 2, "either PATH or --report"},
	};
	struct tu_run r;
	char *args, *bad;

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		r = tu_exec(cases[i].args);
		ck_assert_msg(r.status == cases[i].status, "%s: exit %d", cases[i].args, r.status);
		ck_assert_msg(strstr(r.err, cases[i].message), "%s: %s", cases[i].args, r.err);
		tu_run_free(&r);
	}
	r = tu_exec("review --help");
	ck_assert_int_eq(r.status, 0);
	ck_assert_ptr_nonnull(strstr(r.out, "usage: tasklet-audit review"));
	/* the keys summary says what the keys do now (m and C took e's and c's old jobs) */
	{
		static const char *const keys[] = {"m other mechanism",
						   "C comment",
						   "e $EDITOR",
						   "p $PAGER",
						   "c callback",
						   "A/R bulk",
						   "] [ next/previous undecided",
						   "b group"};
		for (size_t i = 0; i < sizeof(keys) / sizeof(*keys); i++)
			ck_assert_msg(strstr(r.out, keys[i]), "review --help lacks '%s'", keys[i]);
		ck_assert_ptr_null(strstr(r.out, "e other mechanism"));
	}
	tu_run_free(&r);
	/* no terminal: a clear error, not garbage */
	args = xasprintf("review --report '%s'", report);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "the review needs a terminal"));
	tu_run_free(&r);
	free(args);
	/* a broken report and a broken review file name themselves */
	tu_write(dir, "bad.json", "{\"format_version\": \"1.0\", \"tree\": 1, \"tasklets\": []}");
	bad = ta_path_join(dir, "bad.json");
	args = xasprintf("review --report '%s' --export out", bad);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "bad.json:1:35: error: 'tree' is not a string"));
	tu_run_free(&r);
	free(args);
	tu_write(dir, "bad-review.json", "[1]");
	free(bad);
	bad = ta_path_join(dir, "bad-review.json");
	args = xasprintf("review --report '%s' --review '%s' --export out", report, bad);
	r = tu_exec(args);
	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "bad-review.json:1:1: error: not a review file"));
	tu_run_free(&r);
	free(args);
	free(bad);
}
END_TEST

/* --export without a UI. */
START_TEST(test_export_without_ui)
{
	char *args = xasprintf("review --report '%s' --export '%s/out'", report, dir);
	ta_audit *a;
	ta_review *rv = model(&a);
	char *review_path = ta_path_join(dir, "r.review.json");
	struct tu_run r = tu_exec(args);

	ck_assert_int_eq(r.status, 2);
	ck_assert_ptr_nonnull(strstr(r.err, "nothing to export: no accepted tasklet"));
	tu_run_free(&r);
	/* accept two through the review file, as the TUI would */
	ta_review_decide(rv, ta_review_row(rv, 0), TA_DECISION_ACCEPT, NULL);
	ta_review_decide(rv, ta_review_row(rv, 1), TA_DECISION_ACCEPT, "workqueue");
	ck_assert_int_eq(ta_review_file_save(rv, review_path, report), 0);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "%s", r.err);
	{
		/* the message counts the patch files the directory has */
		char *out = ta_path_join(dir, "out"), **files;
		size_t n = tu_find_files(out, ".patch", &files);
		char *want = xasprintf("exported %zu patch%s for 2 of 2 accepted tasklets", n,
				       n == 1 ? "" : "es");
		ck_assert_uint_ge(n, 1);
		ck_assert_msg(strstr(r.out, want), "'%s' not in '%s'", want, r.out);
		free(want);
		free(out);
		tu_strv_free(files, n);
	}
	ck_assert_ptr_nonnull(strstr(r.out, " for 2 of 2 accepted tasklets to '"));
	ck_assert_ptr_null(strstr(r.err, "not needed"));
	tu_run_free(&r);
	free(review_path);
	free(args);
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

/*
 * The detail page's preview: a patch for a tasklet the writer converts; for
 * one it refuses (a GPU-scheduler-style tasklet, recommended "manual"),
 * the writer's reason, not a pointer elsewhere.
 */
START_TEST(test_preview_says_why)
{
	ta_audit *a;
	ta_review *rv = model(&a);
	size_t manual = a->n_tasklets, converted = a->n_tasklets;
	char *note, *text;

	for (size_t i = 0; i < a->n_tasklets; i++) {
		const char *m = ta_review_mechanism(rv, i);
		if (m && strcmp(m, "manual") == 0 && manual == a->n_tasklets &&
		    strstr(a->tasklets[i].file, "gpu_engine.c"))
			manual = i;
		if (m && strcmp(m, "bh_workqueue") == 0 && converted == a->n_tasklets &&
		    strstr(a->tasklets[i].file, "classify/isr_bh.c"))
			converted = i;
	}
	ck_assert_uint_lt(manual, a->n_tasklets);
	ck_assert_uint_lt(converted, a->n_tasklets);
	text = ta_review_patch_preview(rv, manual, &note);
	ck_assert_ptr_null(text);
	ck_assert_msg(ta_str_starts(note, "no patch: recommendation is a manual rewrite: ") &&
			      strstr(note, "gpu_engine.c:"),
		      "note '%s'", note);
	free(note);
	text = ta_review_patch_preview(rv, converted, &note);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_null(note);
	ck_assert_ptr_nonnull(strstr(text, "Subject: [PATCH"));
	free(text);
	ta_review_free(&rv);
	ta_audit_free(&a);
}
END_TEST

/* The value of "name=" in line (-1 when absent). */
static double field_of(const char *line, const char *name)
{
	const char *p = strstr(line, name);

	return p ? atof(p + strlen(name)) : -1;
}

/*
 * One session on the corpus report with TA_REVIEW_TIMING=log and the
 * facts cache in dir/cache: the first row's page opened twice.  The
 * times of both openings into ms[], their busy flags into busy[]; the
 * load and first paint into load_paint[].
 */
static void open_twice(const char *session, const char *log, double ms[2], int busy[2],
		       double load_paint[2])
{
	char *env, *args, *text, *save = NULL;
	int opened = 0;

	unlink(log);
	env = xasprintf("-u NO_COLOR TA_REVIEW_TIMING='%s'", log);
	args = xasprintf("--report '%s' --cache-dir '%s/cache'", report, dir);
	start(session, 120, 40, env, args);
	free(wait_for(session, at(1)));
	for (int k = 0; k < 2; k++) {
		keys(session, "Enter");
		free(wait_for(session, "(q back, j/k scroll)"));
		keys(session, "q");
		free(wait_for(session, "SUBSYSTEM"));
	}
	keys(session, "q");
	ck_assert_int_eq(wait_exit(session), 0);
	text = ta_read_file(log, NULL);
	ck_assert_ptr_nonnull(text);
	load_paint[0] = load_paint[1] = -1;
	for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (ta_str_starts(line, "load "))
			load_paint[0] = field_of(line, "ms=");
		else if (ta_str_starts(line, "first-paint "))
			load_paint[1] = field_of(line, "ms=");
		else if (ta_str_starts(line, "key=Enter mode=detail ") && opened < 2) {
			ms[opened] = field_of(line, "ms=");
			busy[opened++] = (int)field_of(line, "busy=");
		}
	}
	ck_assert_msg(opened == 2 && load_paint[0] >= 0 && load_paint[1] >= 0, "timing log:\n%s",
		      text);
	free(text);
	free(args);
	free(env);
}

/*
 * The preview cache, measured: a page opened twice.  The first opening
 * computes the patch (busy=1 in the TA_REVIEW_TIMING log: the busy line
 * was painted before the writer ran); the second takes it from the
 * session's cache (busy=0) and is faster.  A second session finds the
 * preview in the facts cache on disk.  The figures go to the test's output.
 */
START_TEST(test_preview_cache_timing)
{
	char *log = ta_path_join(dir, "timing.log");
	double ms[2], again[2], lp[2], lp2[2];
	int busy[2], busy2[2];

	open_twice("tm", log, ms, busy, lp);
	fprintf(stderr,
		"check_tui_e2e: corpus report: load %.1f ms, first paint %.1f ms, "
		"detail page first %.1f ms (busy=%d), second %.1f ms (busy=%d)\n",
		lp[0], lp[1], ms[0], busy[0], ms[1], busy[1]);
	ck_assert_int_eq(busy[0], 1);
	ck_assert_int_eq(busy[1], 0);
	ck_assert_msg(ms[1] < ms[0] && ms[1] < 250,
		      "the second opening took %.1f ms, the first %.1f ms", ms[1], ms[0]);
	/* the next review of the same report: from the disk cache */
	open_twice("tm2", log, again, busy2, lp2);
	fprintf(stderr,
		"check_tui_e2e: the next review: detail page first %.1f ms (from disk), "
		"second %.1f ms\n",
		again[0], again[1]);
	ck_assert_msg(again[0] < ms[0] && again[0] < 250, "from disk %.1f ms, computed %.1f ms",
		      again[0], ms[0]);
	free(log);
}
END_TEST

/* Audit tree into dir/NAME.json; the review file of the last report goes with it. */
static char *audit_copy(const char *tree, const char *name, const char *prev)
{
	char *json = xasprintf("%s/%s.json", dir, name), *args;
	struct tu_run r;

	args = xasprintf("-q -j 1 --json '%s' '%s'", json, tree);
	r = tu_exec(args);
	ck_assert_msg(r.status == 0, "cannot audit '%s': %s", tree, r.err);
	tu_run_free(&r);
	free(args);
	if (prev)
		ck_assert_int_eq(
			tu_sh("cp '%s/%s.review.json' '%s/%s.review.json'", dir, prev, dir, name),
			0);
	return json;
}

/* review --export of json: its exit status, and its output in *out (caller frees). */
static int export_of(const char *json, const char *to, char **out)
{
	char *args = xasprintf("review --report '%s' --export '%s/%s'", json, dir, to);
	struct tu_run r = tu_exec(args);
	int status = r.status;

	*out = xasprintf("%s%s", r.out, r.err);
	tu_run_free(&r);
	free(args);
	return status;
}

/*
 * Stale detection across a re-audit: a decision made on a copy of the
 * corpus stays valid after a line is inserted above the tasklet (its
 * lines all move) and goes stale when its callback's body changes; a
 * stale accept is not exported.
 */
START_TEST(test_stale_across_line_shift)
{
	char *tree = tu_corpus_tree(), *r1, *r2, *r3, *out, *path;
	const char *key = "classify/poller.c:struct po_dev.poll";
	ta_audit *a, *b;
	ta_review *rv;

	r1 = audit_copy(tree, "r1", NULL);
	ck_assert_int_eq(ta_report_read(r1, &a), 0);
	rv = ta_review_new(a);
	ck_assert_ptr_nonnull(tu_find(a, key));
	ta_review_decide(rv, (size_t)(tu_find(a, key) - a->tasklets), TA_DECISION_ACCEPT, NULL);
	path = ta_path_join(dir, "r1.review.json");
	ck_assert_int_eq(ta_review_file_save(rv, path, r1), 0);
	free(path);
	ta_review_free(&rv);

	/* a line above the tasklet: every line of it one lower, the decision holds */
	ck_assert_int_eq(tu_sh("sed -i '3i /* a line above */' '%s/classify/poller.c'", tree), 0);
	r2 = audit_copy(tree, "r2", "r1");
	ck_assert_int_eq(ta_report_read(r2, &b), 0);
	ck_assert_uint_eq(tu_find(b, key)->line, tu_find(a, key)->line + 1);
	ck_assert_uint_eq(tu_find(b, key)->callback_line, tu_find(a, key)->callback_line + 1);
	ta_audit_free(&b);
	ck_assert_msg(export_of(r2, "out2", &out) == 0, "%s", out);
	ck_assert_msg(strstr(out, "for 1 of 1 accepted tasklet to '") && !strstr(out, "stale"),
		      "%s", out);
	free(out);

	/* the callback's body changes: stale, and left out of the export */
	ck_assert_int_eq(
		tu_sh("sed -i 's/--po->budget > 0/--po->budget > 1/' "
		      "'%s/classify/poller.c' && grep -q 'budget > 1' '%s/classify/poller.c'",
		      tree, tree),
		0);
	r3 = audit_copy(tree, "r3", "r2");
	ck_assert_int_eq(export_of(r3, "out3", &out), 2);
	ck_assert_msg(strstr(out, "nothing to export: no accepted tasklet (stale decisions"), "%s",
		      out);
	free(out);
	ta_audit_free(&a);
	free(r1);
	free(r2);
	free(r3);
	tu_rmtree(&tree);
}
END_TEST

/*
 * The same on the screen: the accept made on a corpus copy is shown as
 * accepted, not stale, after a line is inserted above the tasklet, and as
 * stale ("!" on its row, "stale 1" in the status bar) once its callback's
 * body changes.
 */
START_TEST(test_stale_on_screen)
{
	char *tree = tu_corpus_tree(), *r1, *r2, *r3, *path, *args, *scr;
	const char *key = "classify/poller.c:struct po_dev.poll";
	ta_audit *a;
	ta_review *rv;

	r1 = audit_copy(tree, "s1", NULL);
	ck_assert_int_eq(ta_report_read(r1, &a), 0);
	rv = ta_review_new(a);
	ta_review_decide(rv, (size_t)(tu_find(a, key) - a->tasklets), TA_DECISION_ACCEPT, NULL);
	path = ta_path_join(dir, "s1.review.json");
	ck_assert_int_eq(ta_review_file_save(rv, path, r1), 0);
	free(path);
	ta_review_free(&rv);
	ta_audit_free(&a);

	ck_assert_int_eq(tu_sh("sed -i '3i /* a line above */' '%s/classify/poller.c'", tree), 0);
	r2 = audit_copy(tree, "s2", "s1");
	args = xasprintf("--report '%s'", r2);
	start("shift", 160, 40, "", args);
	free(args);
	scr = wait_for("shift", "accepted 1 ");
	ck_assert_msg(!strstr(scr, "stale"), "a line above made the decision stale:\n%s", scr);
	free(scr);
	keys("shift", "q");
	ck_assert_int_eq(wait_exit("shift"), 0);

	ck_assert_int_eq(tu_sh("sed -i 's/--po->budget > 0/--po->budget > 1/' "
			       "'%s/classify/poller.c'",
			       tree),
			 0);
	r3 = audit_copy(tree, "s3", "s2");
	args = xasprintf("--report '%s'", r3);
	start("edit", 160, 40, "", args);
	free(args);
	scr = wait_for("edit", "stale 1");
	ck_assert_msg(strstr(scr, "accepted 1 ") != NULL, "%s", scr);
	free(scr);
	literal("edit", "/poller.c");
	keys("edit", "Enter");
	scr = wait_for("edit", "match 1 of");
	ck_assert_uint_eq(lines_with(scr, "po->poll"), 1);
	{
		const char *row = strstr(scr, "po->poll");
		const char *eol = strchr(row, '\n');
		char *line = xstrndup(row, (size_t)(eol ? eol - row : (long)strlen(row)));
		ck_assert_msg(strstr(line, "!") != NULL, "the stale row has no '!': %s", line);
		free(line);
	}
	free(scr);
	keys("edit", "q");
	ck_assert_int_eq(wait_exit("edit"), 0);
	free(r1);
	free(r2);
	free(r3);
	tu_rmtree(&tree);
}
END_TEST

/* The sessions in a tmux pane: they need tmux. */
static void terminal_tests(TCase *tc)
{
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_review_session);
	tcase_add_test(tc, test_too_small_then_resize);
	tcase_add_test(tc, test_color_and_no_color);
	tcase_add_test(tc, test_signals_keep_decisions);
	tcase_add_test(tc, test_scan_mode);
	tcase_add_test(tc, test_issue16_keys);
	tcase_add_test(tc, test_group_by_maintainers);
	tcase_add_test(tc, test_preview_cache_timing);
	tcase_add_test(tc, test_stale_on_screen);
}

int main(void)
{
	Suite *s = suite_create("tui_e2e");
	TCase *cli = tcase_create("cli");

	tu_optional_case(s, "tui_e2e", "terminal", have_tmux() ? NULL : "tmux is not installed",
			 terminal_tests);
	tcase_add_checked_fixture(cli, setup_report, teardown);
	tcase_add_test(cli, test_cli_errors);
	tcase_add_test(cli, test_export_without_ui);
	tcase_add_test(cli, test_preview_says_why);
	tcase_add_test(cli, test_stale_across_line_shift);
	suite_add_tcase(s, cli);
	return tu_run(s);
}
