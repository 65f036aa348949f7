// SPDX-License-Identifier: GPL-2.0-only
/*
 * check_outfile.c - all-or-nothing output files: a commit writes the
 * content under the final name with ordinary permissions and leaves no
 * temporary behind; an abort leaves nothing and keeps an existing file;
 * failures at open (missing directory, empty path) and at commit (the
 * directory removed meanwhile, a directory in the way) give one error
 * line and no stray files; "-" is standard output.  Paths that are not
 * regular files: a symlink is followed and its target replaced (the link
 * stays), a character device, a FIFO and a pipe reached through
 * /proc/self/fd (as /dev/stdout) are written through and keep their kind,
 * a directory is refused at open.  Special files are made with
 * mknod/mkfifo inside the test's directory, never the real /dev/null;
 * without the right to make a device node (not root) the device test, an
 * optional case, is skipped and ctest says so (check_outfile_optional).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "testutil.h"

static char *dir;

static void make_dir(void)
{
	dir = tu_mkdtemp();
}

static void remove_dir(void)
{
	tu_rmtree(&dir);
}

static char *read_back(const char *path)
{
	char *s = ta_read_file(path, NULL);

	ck_assert_msg(s != NULL, "cannot read '%s': %s", path, strerror(errno));
	return s;
}

static void assert_listing(const char *want)
{
	char *got = tu_ls(dir);

	ck_assert_str_eq(got, want);
	free(got);
}

START_TEST(test_commit_writes)
{
	char *path = ta_path_join(dir, "report.txt");
	ta_outfile *of = ta_outfile_open(path);
	char *tmpname, *s;

	ck_assert_ptr_nonnull(of);
	ck_assert_ptr_nonnull(ta_outfile_stream(of));
	fputs("hello\n", ta_outfile_stream(of));
	fprintf(ta_outfile_stream(of), "%d\n", 42);
	/* nothing under the final name until the commit */
	ck_assert_int_eq(access(path, F_OK), -1);
	tmpname = tu_ls(dir);
	ck_assert(ta_str_starts(tmpname, "report.txt.tmp."));
	free(tmpname);
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_ptr_null(of);
	s = read_back(path);
	ck_assert_str_eq(s, "hello\n42\n");
	free(s);
	assert_listing("report.txt\n");
	free(path);
}
END_TEST

START_TEST(test_commit_replaces)
{
	char *path = ta_path_join(dir, "out.json");
	ta_outfile *of;
	char *s;

	tu_write(dir, "out.json", "old content that is longer\n");
	of = ta_outfile_open(path);
	fputs("new\n", ta_outfile_stream(of));
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	s = read_back(path);
	ck_assert_str_eq(s, "new\n");
	free(s);
	assert_listing("out.json\n");
	free(path);
}
END_TEST

/* An empty output is still a file. */
START_TEST(test_commit_empty)
{
	char *path = ta_path_join(dir, "empty");
	ta_outfile *of = ta_outfile_open(path);
	struct stat st;

	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, 0);
	free(path);
}
END_TEST

/* A new file gets 0666 less the umask, like fopen(); a replaced file keeps its mode. */
START_TEST(test_commit_mode)
{
	char *path = ta_path_join(dir, "new.txt");
	char *old = ta_path_join(dir, "old.txt");
	mode_t mask = umask(022);
	ta_outfile *of;
	struct stat st;

	of = ta_outfile_open(path);
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0644);

	umask(077);
	unlink(path);
	of = ta_outfile_open(path);
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0600);

	umask(022);
	tu_write(dir, "old.txt", "x");
	ck_assert_int_eq(chmod(old, 0640), 0);
	of = ta_outfile_open(old);
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_int_eq(stat(old, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	umask(mask);
	free(path);
	free(old);
}
END_TEST

START_TEST(test_abort_new)
{
	char *path = ta_path_join(dir, "never.txt");
	ta_outfile *of = ta_outfile_open(path);

	fputs("discarded", ta_outfile_stream(of));
	ta_outfile_abort(&of);
	ck_assert_ptr_null(of);
	ck_assert_int_eq(access(path, F_OK), -1);
	assert_listing("");
	ta_outfile_abort(&of); /* a cleared handle is accepted */
	free(path);
}
END_TEST

START_TEST(test_abort_keeps_existing)
{
	char *path = ta_path_join(dir, "keep.txt");
	ta_outfile *of;
	char *s;

	tu_write(dir, "keep.txt", "precious\n");
	of = ta_outfile_open(path);
	fputs("half a report", ta_outfile_stream(of));
	fflush(ta_outfile_stream(of));
	ta_outfile_abort(&of);
	s = read_back(path);
	ck_assert_str_eq(s, "precious\n");
	free(s);
	assert_listing("keep.txt\n");
	free(path);
}
END_TEST

START_TEST(test_open_missing_dir)
{
	char *path = ta_path_join(dir, "no/such/dir/out.txt");
	ta_outfile *of;
	char *err;

	tu_stderr_begin();
	of = ta_outfile_open(path);
	err = tu_stderr_end();
	ck_assert_ptr_null(of);
	ck_assert_ptr_nonnull(strstr(err, path));
	ck_assert_ptr_nonnull(strstr(err, strerror(ENOENT)));
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	assert_listing("");
	free(path);
}
END_TEST

/* An empty path names no file: refused at open, nothing created in the cwd. */
START_TEST(test_open_empty_path)
{
	char cwd[4096];
	ta_outfile *of;
	char *err, *listing;

	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	ck_assert_int_eq(chdir(dir), 0);
	tu_stderr_begin();
	of = ta_outfile_open("");
	err = tu_stderr_end();
	listing = tu_ls(dir);
	if (of)
		ta_outfile_abort(&of);
	ck_assert_int_eq(chdir(cwd), 0);
	ck_assert_str_eq(listing, "");
	ck_assert_ptr_null(of);
	ck_assert_ptr_nonnull(strstr(err, "error"));
	free(listing);
	free(err);
}
END_TEST

/* The directory disappears between open and commit: -1, one error line. */
START_TEST(test_commit_dir_removed)
{
	char *sub = ta_path_join(dir, "sub");
	char *path = ta_path_join(sub, "out.txt");
	char *tmp, *err;
	ta_outfile *of;

	ck_assert_int_eq(mkdir(sub, 0755), 0);
	of = ta_outfile_open(path);
	ck_assert_ptr_nonnull(of);
	fputs("lost\n", ta_outfile_stream(of));
	tmp = tu_ls(sub); /* the temporary's name, with a newline */
	tmp[strlen(tmp) - 1] = '\0';
	{
		char *tp = ta_path_join(sub, tmp);
		ck_assert_int_eq(unlink(tp), 0);
		free(tp);
	}
	ck_assert_int_eq(rmdir(sub), 0);
	tu_stderr_begin();
	ck_assert_int_eq(ta_outfile_commit(&of), -1);
	err = tu_stderr_end();
	ck_assert_ptr_null(of);
	ck_assert_ptr_nonnull(strstr(err, path));
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	ck_assert_int_eq(access(path, F_OK), -1);
	assert_listing("");
	free(err);
	free(tmp);
	free(path);
	free(sub);
}
END_TEST

/* A directory where the file should go: commit fails, the directory stays, no temporary. */
START_TEST(test_commit_onto_directory)
{
	char *path = ta_path_join(dir, "taken");
	ta_outfile *of;
	struct stat st;

	tu_write(dir, "taken/inside", "x");
	tu_stderr_begin();
	of = ta_outfile_open(path);
	if (of) {
		fputs("report", ta_outfile_stream(of));
		ck_assert_int_eq(ta_outfile_commit(&of), -1);
	}
	free(tu_stderr_end());
	ck_assert_ptr_null(of);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert(S_ISDIR(st.st_mode));
	assert_listing("taken\n");
	free(path);
}
END_TEST

START_TEST(test_stdout)
{
	ta_outfile *of = ta_outfile_open("-");

	ck_assert_ptr_nonnull(of);
	ck_assert_ptr_eq(ta_outfile_stream(of), stdout);
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	ck_assert_ptr_null(of);
	of = ta_outfile_open("-");
	ta_outfile_abort(&of); /* does not close stdout */
	ck_assert_ptr_null(of);
	ck_assert_int_eq(fflush(stdout), 0);
	ck_assert_int_ne(fcntl(STDOUT_FILENO, F_GETFD), -1);
	assert_listing("");
}
END_TEST

/* Writes "content\n" through ta_outfile to PATH and commits; 0 on success. */
static int write_all(const char *path, const char *content)
{
	ta_outfile *of = ta_outfile_open(path);

	if (!of)
		return -1;
	fputs(content, ta_outfile_stream(of));
	return ta_outfile_commit(&of);
}

/* A symlink to a report: the target gets the new content, the link stays a link. */
START_TEST(test_symlink_target_written)
{
	char *link = ta_path_join(dir, "link.json");
	char *target = ta_path_join(dir, "real.json");
	struct stat st;
	char *s;

	tu_write(dir, "real.json", "old\n");
	ck_assert_int_eq(symlink("real.json", link), 0);
	ck_assert_int_eq(write_all(link, "new\n"), 0);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	s = read_back(target);
	ck_assert_str_eq(s, "new\n");
	free(s);
	assert_listing("link.json\nreal.json\n");
	free(link);
	free(target);
}
END_TEST

/* A dangling symlink (relative, through a subdirectory): its target is created. */
START_TEST(test_symlink_dangling_created)
{
	char *link = ta_path_join(dir, "out");
	char *target = ta_path_join(dir, "sub/made.txt");
	char *s;

	tu_write(dir, "sub/keep", "");
	ck_assert_int_eq(symlink("sub/made.txt", link), 0);
	ck_assert_int_eq(write_all(link, "made\n"), 0);
	s = read_back(target);
	ck_assert_str_eq(s, "made\n");
	free(s);
	free(link);
	free(target);
}
END_TEST

/* A symlink loop is one error line naming the path, and nothing is created. */
START_TEST(test_symlink_loop)
{
	char *a = ta_path_join(dir, "a");
	char *b = ta_path_join(dir, "b");
	char *err;

	ck_assert_int_eq(symlink("b", a), 0);
	ck_assert_int_eq(symlink("a", b), 0);
	tu_stderr_begin();
	ck_assert_int_eq(write_all(a, "x"), -1);
	err = tu_stderr_end();
	ck_assert_msg(strstr(err, "'") && strstr(err, "/a'") && strstr(err, "symbolic links"),
		      "got: %s", err);
	free(err);
	assert_listing("a\nb\n");
	free(a);
	free(b);
}
END_TEST

/* A character device (a null device made here) is written through and stays a device. */
START_TEST(test_char_device_written_through)
{
	char *node = ta_path_join(dir, "null");
	struct stat st;

	ck_assert_int_eq(mknod(node, S_IFCHR | 0666, makedev(1, 3)), 0);
	ck_assert_int_eq(write_all(node, "discarded\n"), 0);
	ck_assert_int_eq(lstat(node, &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	ck_assert_int_eq((int)major(st.st_rdev), 1);
	assert_listing("null\n");
	free(node);
}
END_TEST

/* A FIFO: the reader gets the bytes, the FIFO stays a FIFO, no temporary appears. */
START_TEST(test_fifo_written_through)
{
	char *fifo = ta_path_join(dir, "pipe");
	char *got = ta_path_join(dir, "got");
	struct stat st;
	pid_t pid;
	int status;
	char *s;

	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	pid = fork();
	ck_assert_int_ne(pid, -1);
	if (pid == 0) {
		char buf[256];
		int in = open(fifo, O_RDONLY), out = open(got, O_WRONLY | O_CREAT, 0600);
		ssize_t n;

		/* the child leaves with _exit: what it inherited is freed first (valgrind) */
		free(fifo);
		free(got);
		while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof(buf))) > 0)
			if (write(out, buf, (size_t)n) != n)
				_exit(2);
		_exit(in >= 0 && out >= 0 ? 0 : 1);
	}
	ck_assert_int_eq(write_all(fifo, "through the pipe\n"), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_int_eq(lstat(fifo, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	s = read_back(got);
	ck_assert_str_eq(s, "through the pipe\n");
	free(s);
	assert_listing("got\npipe\n");
	free(fifo);
	free(got);
}
END_TEST

/*
 * /dev/stdout on a pipe: a symlink to /proc/self/fd/N, whose target names
 * no path ("pipe:[...]"); the pipe is written through.
 */
START_TEST(test_proc_fd_pipe_written_through)
{
	char *link = ta_path_join(dir, "stdout"), *fd_path, buf[64] = {0};
	int p[2];
	ta_outfile *of;

	ck_assert_int_eq(pipe(p), 0);
	fd_path = xasprintf("/proc/self/fd/%d", p[1]);
	ck_assert_int_eq(symlink(fd_path, link), 0);
	of = ta_outfile_open(link);
	ck_assert_ptr_nonnull(of);
	fputs("into the pipe\n", ta_outfile_stream(of));
	ck_assert_int_eq(ta_outfile_commit(&of), 0);
	close(p[1]);
	ck_assert_int_eq(read(p[0], buf, sizeof(buf) - 1), 14);
	ck_assert_str_eq(buf, "into the pipe\n");
	close(p[0]);
	assert_listing("stdout\n"); /* the link stays a link: nothing renamed over it */
	free(fd_path);
	free(link);
}
END_TEST

/* A directory is refused at open with one line naming it. */
START_TEST(test_open_directory_refused)
{
	char *path = ta_path_join(dir, "d");
	ta_outfile *of;
	char *err;

	tu_write(dir, "d/x", "");
	tu_stderr_begin();
	of = ta_outfile_open(path);
	err = tu_stderr_end();
	ck_assert_ptr_null(of);
	ck_assert_msg(strstr(err, "/d': Is a directory"), "got: %s", err);
	ck_assert_ptr_eq(strchr(err, '\n'), err + strlen(err) - 1);
	free(err);
	assert_listing("d\n");
	free(path);
}
END_TEST

/* Can this process make a device node (mknod needs root)? */
static bool can_mknod(void)
{
	char tmp[] = "/tmp/ta-mknod.XXXXXX";
	char *node;
	bool ok;

	if (!mkdtemp(tmp))
		return false;
	node = ta_path_join(tmp, "null");
	ok = mknod(node, S_IFCHR | 0666, makedev(1, 3)) == 0;
	unlink(node);
	rmdir(tmp);
	free(node);
	return ok;
}

static void device_tests(TCase *tc)
{
	tcase_add_checked_fixture(tc, make_dir, remove_dir);
	tcase_add_test(tc, test_char_device_written_through);
}

static Suite *outfile_suite(void)
{
	Suite *s = suite_create("outfile");
	TCase *tc = tcase_create("outfile");

	tcase_add_checked_fixture(tc, make_dir, remove_dir);
	tcase_add_test(tc, test_commit_writes);
	tcase_add_test(tc, test_commit_replaces);
	tcase_add_test(tc, test_commit_empty);
	tcase_add_test(tc, test_commit_mode);
	tcase_add_test(tc, test_abort_new);
	tcase_add_test(tc, test_abort_keeps_existing);
	tcase_add_test(tc, test_open_missing_dir);
	tcase_add_test(tc, test_open_empty_path);
	tcase_add_test(tc, test_commit_dir_removed);
	tcase_add_test(tc, test_commit_onto_directory);
	tcase_add_test(tc, test_proc_fd_pipe_written_through);
	tcase_add_test(tc, test_stdout);
	tcase_add_test(tc, test_symlink_target_written);
	tcase_add_test(tc, test_symlink_dangling_created);
	tcase_add_test(tc, test_symlink_loop);
	tcase_add_test(tc, test_fifo_written_through);
	tcase_add_test(tc, test_open_directory_refused);
	suite_add_tcase(s, tc);
	/* only root makes device nodes; without, the FIFO case covers write-through */
	tu_optional_case(s, "outfile", "device",
			 can_mknod() ? NULL : "no device node can be made (not root)",
			 device_tests);
	return s;
}

int main(void)
{
	return tu_run(outfile_suite());
}
