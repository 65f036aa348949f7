#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Hostile trees: the tool must survive each, say clearly what it did, and
account for every candidate file in files[] of the JSON report.

  run.py [--expect-faults] [--sanitized] TASKLET_AUDIT_BINARY [CASE...]

--expect-faults adds the fault-injection case (a Debug build honours
TA_FAULT: see include/fault.h); --sanitized leaves out the memory-limit
case (an ASan build sets no limit).

Each case builds a small kernel-shaped tree in a temporary directory, runs
the binary on it and asserts on the real report.  Prints one line per case
and 'N passed, N failed, N skipped' at the end; exit 0 when every case
passed, 77 (ctest: skipped) when a case could not run here and none
failed, else 1.
"""
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

TASKLET_C = b"""#include <linux/interrupt.h>
struct foo { struct tasklet_struct t; int n; };
static void foo_fn(struct tasklet_struct *t)
{
\tstruct foo *f = from_tasklet(f, t, t);
\tf->n++;
}
void foo_init(struct foo *f)
{
\ttasklet_setup(&f->t, foo_fn);
\ttasklet_schedule(&f->t);
}
"""


def make_tree(root):
    """A minimal tree: top Makefile with a version, include/linux headers."""
    os.makedirs(os.path.join(root, "include/linux"), exist_ok=True)
    os.makedirs(os.path.join(root, "drivers/x"), exist_ok=True)
    with open(os.path.join(root, "Makefile"), "w") as f:
        f.write("VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\nEXTRAVERSION =\n")
    with open(os.path.join(root, "include/linux/interrupt.h"), "w") as f:
        f.write("#ifndef _LINUX_INTERRUPT_H\n#define _LINUX_INTERRUPT_H\n"
                "struct tasklet_struct { void (*callback)(struct tasklet_struct *); };\n"
                "void tasklet_setup(struct tasklet_struct *t, "
                "void (*cb)(struct tasklet_struct *));\n"
                "void tasklet_schedule(struct tasklet_struct *t);\n"
                "#define from_tasklet(var, t, field) ((typeof(var))t)\n#endif\n")
    with open(os.path.join(root, "drivers/x/Makefile"), "w") as f:
        f.write("obj-y += good.o\n")
    write(root, "drivers/x/good.c", TASKLET_C)


def write(root, rel, data):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return path


class Run:
    def __init__(self, binary, tree, work, extra=(), env=None, user=None, timeout=600):
        self.json_path = os.path.join(work, "report.json")
        if os.path.exists(self.json_path):
            os.unlink(self.json_path)
        cmd = [binary, "--no-cache", "-j", "2", "--json", self.json_path, "-o",
               os.path.join(work, "report.txt")] + list(extra) + [tree]
        if user:
            cmd = ["setpriv", "--reuid=%d" % user, "--regid=%d" % user, "--clear-groups"] + cmd
        e = dict(os.environ)
        e["TMPDIR"] = work
        e.update(env or {})
        t0 = time.time()
        p = subprocess.run(cmd, capture_output=True, env=e, timeout=timeout)
        self.seconds = time.time() - t0
        self.rc = p.returncode
        self.stderr = p.stderr.decode("utf-8", "replace")
        self.report = None
        self.raw = None
        if os.path.exists(self.json_path):
            with open(self.json_path, "rb") as f:
                self.raw = f.read()
            # strict UTF-8: the report must stay valid whatever the sources hold
            self.report = json.loads(self.raw.decode("utf-8"))

    def files(self):
        return {f["path"]: f for f in self.report["files"]} if self.report else {}


failures = []
passed = 0
# exit status when a case was skipped and none failed (ctest SKIP_RETURN_CODE)
EXIT_SKIPPED = 77


class Skip(str):
    """What a case returns when it cannot run here: why."""


def check(case, cond, what):
    if not cond:
        failures.append("%s: %s" % (case, what))
    return cond


def expect_ok(case, r):
    check(case, r.rc == 0, "exit %d, stderr: %s" % (r.rc, r.stderr[-400:]))
    check(case, r.report is not None, "no report written")
    check(case, "drivers/x/good.c" in r.files(), "the good file is missing from files[]")


def case_symlinks(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    outside = os.path.join(work, "outside")
    write(outside, "evil.c", TASKLET_C)
    os.symlink(outside, os.path.join(tree, "drivers/x/out_dir"))
    os.symlink(os.path.join(outside, "evil.c"), os.path.join(tree, "drivers/x/out_file.c"))
    os.symlink("../x", os.path.join(tree, "drivers/x/loop"))
    os.symlink("self", os.path.join(tree, "drivers/x/self"))
    r = Run(binary, tree, work)
    expect_ok("symlinks", r)
    names = " ".join(r.files())
    check("symlinks", "evil" not in names and "out_file" not in names and "loop" not in names,
          "a symlink was followed: %s" % names)
    return "loops and links out of the tree not followed; %d files" % len(r.files())


def case_sizes(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    write(tree, "drivers/x/empty.c", b"")
    big = os.path.join(tree, "drivers/x/big.c")
    with open(big, "wb") as f:
        line = b"int filler_variable_without_a_mention;\n"
        f.write(line * (50 * 1024 * 1024 // len(line)))
    slow_candidate(tree, "slow")
    r = Run(binary, tree, work, extra=["--timeout", "2"])
    check("sizes", r.report is not None, "no report: %s" % r.stderr[-300:])
    fl = r.files()
    check("sizes", "drivers/x/good.c" in fl, "good.c missing")
    check("sizes", "drivers/x/empty.c" not in fl and "drivers/x/big.c" not in fl,
          "a file without a mention became a candidate")
    s = fl.get("drivers/x/slow.c", {})
    check("sizes", s.get("status") == "failed" and "timed out" in (s.get("reason") or ""),
          "slow.c: %s" % s)
    check("sizes", r.rc == 4, "a partial run exits 4, got %d" % r.rc)
    return "0-byte and 50 MB files skipped by the pre-filter; 2^26-include candidate timed out " \
           "after 2 s, failed with its reason (run %.1f s)" % r.seconds


def case_bytes(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    write(tree, "drivers/x/binary.c", b"\x7fELF\x00\x01tasklet_schedule\x00\xff\xfe" * 100)
    write(tree, "drivers/x/crlf.c", TASKLET_C.replace(b"foo", b"crl").replace(b"\n", b"\r\n"))
    latin = TASKLET_C.replace(b"foo", b"lat").replace(
        b"f->n++;", b"f->n++; /* caf\xe9 \xff\xfe */ const char *s = \"na\xefve \x80\";")
    write(tree, "drivers/x/latin.c", latin)
    r = Run(binary, tree, work)
    check("bytes", r.report is not None, "no report (or invalid UTF-8): %s" % r.stderr[-300:])
    fl = r.files()
    for f in ("binary.c", "crlf.c", "latin.c"):
        check("bytes", "drivers/x/" + f in fl, "%s missing from files[]" % f)
    keys = [t["key"] for t in r.report["tasklets"]] if r.report else []
    check("bytes", any("crl" in k for k in keys), "the CRLF file's tasklet was lost")
    check("bytes", any("lat" in k for k in keys), "the Latin-1 file's tasklet was lost")
    return "NUL/binary .c accounted for (%s), CRLF and Latin-1 tasklets found, JSON valid " \
           "UTF-8" % fl.get("drivers/x/binary.c", {}).get("status")


def case_shapes(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    # a generated table on one 1 MB line
    long_line = b"static const unsigned char fw[] = {" + b"0x5a, " * 170000 + b"};\n" + \
        TASKLET_C.replace(b"foo", b"lng")
    write(tree, "drivers/x/long.c", long_line)
    # an expression 250,000 operators deep overflows clang's stack in its worker:
    # that file alone fails, with the reason
    deep = TASKLET_C.replace(b"foo", b"dep").replace(
        b"f->n++;", b"f->n = 0" + b" + 1" * 250000 + b";")
    write(tree, "drivers/x/deep.c", deep)
    macros = [b"#define M0(x) (x)"]
    for i in range(1, 200):
        macros.append(b"#define M%d(x) M%d((x) + 1)" % (i, i - 1))
    nested = b"\n".join(macros) + b"\n" + TASKLET_C.replace(b"foo", b"mac").replace(
        b"f->n++;", b"f->n = M199(0);")
    write(tree, "drivers/x/macros.c", nested)
    r = Run(binary, tree, work)
    check("shapes", r.report is not None, "no report: %s" % r.stderr[-300:])
    fl = r.files()
    for f in ("long.c", "macros.c"):
        check("shapes", fl.get("drivers/x/" + f, {}).get("status") in ("parsed", "degraded"),
              "%s: %s" % (f, fl.get("drivers/x/" + f)))
    d = fl.get("drivers/x/deep.c", {})
    check("shapes", d.get("status") == "failed" and d.get("reason"), "deep.c: %s" % d)
    check("shapes", "drivers/x/good.c" in fl, "good.c missing")
    return "a 1 MB line and 200 nested macros parsed; a 250,000-deep expression: %s, %r" % (
        d.get("status"), d.get("reason"))


def case_unreadable(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    write(tree, "drivers/x/secret.c", TASKLET_C.replace(b"foo", b"sec"))
    os.chmod(os.path.join(tree, "drivers/x/secret.c"), 0)
    os.makedirs(os.path.join(tree, "drivers/closed"))
    write(tree, "drivers/closed/inner.c", TASKLET_C)
    os.chmod(os.path.join(tree, "drivers/closed"), 0)
    user = None
    if os.geteuid() == 0:
        # root reads everything: drop to nobody for this case, as a user would run it
        if not shutil.which("setpriv"):
            return Skip("as root it needs setpriv(1) to drop to nobody")
        user = 65534
        os.chmod(work, 0o777)
        # the checkout may sit where nobody cannot read (/root): give nobody
        # its own copy of the binary and the rules
        here = os.path.dirname(os.path.abspath(__file__))
        shutil.copy(binary, os.path.join(work, "tasklet-audit"))
        shutil.copytree(os.path.join(here, "..", "..", "rules"), os.path.join(work, "rules"))
        for d, dirs, files in os.walk(os.path.join(work, "rules")):
            os.chmod(d, 0o755)
            for f in files:
                os.chmod(os.path.join(d, f), 0o644)
        binary = os.path.join(work, "tasklet-audit")
        os.chmod(binary, 0o755)
    r = Run(binary, tree, work, user=user, extra=["--rules", os.path.join(work, "rules")])
    os.chmod(os.path.join(tree, "drivers/closed"), 0o755)
    check("unreadable", r.report is not None, "no report: rc %d %s" % (r.rc, r.stderr[-300:]))
    fl = r.files()
    for rel in ("drivers/x/secret.c", "drivers/closed"):
        f = fl.get(rel, {})
        check("unreadable", f.get("status") == "failed" and
              "Permission denied" in (f.get("reason") or ""), "%s: %s" % (rel, f))
    check("unreadable", "drivers/x/good.c" in fl, "good.c missing")
    check("unreadable", r.rc == 4, "a partial run exits 4, got %d" % r.rc)
    return "unreadable file and directory failed in files[] with their reason, the rest " \
           "audited (rc %d, as %s)" % (r.rc, "nobody" if user else "this user")


def case_many(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    for i in range(100):
        d = os.path.join(tree, "drivers/many/d%03d" % i)
        os.makedirs(d)
        for j in range(1000):
            open(os.path.join(d, "f%04d.c" % j), "w").close()
    cmd = [binary, "--list-candidates", tree]
    t0 = time.time()
    p = subprocess.run(cmd, capture_output=True, env=dict(os.environ, TMPDIR=work))
    secs = time.time() - t0
    check("many", p.returncode == 0, "exit %d: %s" % (p.returncode, p.stderr[-300:]))
    check("many", p.stdout.decode().split() == ["drivers/x/good.c"],
          "candidates: %s" % p.stdout[:200])
    return "100,000 empty .c files: pre-filter %.2f s" % secs


def case_compdb(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    write(tree, "compile_commands.json", b'[{"directory": "/", "file": "x.c", "arguments": [')
    r = Run(binary, tree, work)
    check("compdb", r.rc == 2, "a malformed database exits 2, got %d" % r.rc)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check("compdb", len(lines) == 1 and "compile_commands.json" in lines[0],
          "want one line naming the file: %s" % r.stderr)
    check("compdb", r.report is None, "a report was written")
    write(tree, "compile_commands.json", json.dumps([
        {"directory": "/elsewhere", "file": "/elsewhere/evil.c", "arguments": ["cc", "-c", "evil.c"]},
        {"directory": tree, "file": "drivers/x/good.c",
         "arguments": ["cc", "-I" + os.path.join(tree, "include"), "-c", "drivers/x/good.c"]},
    ]).encode())
    r = Run(binary, tree, work)
    expect_ok("compdb", r)
    check("compdb", not any("evil" in p for p in r.files()), "a file outside the tree was audited")
    return "malformed database: one line, exit 2, no report; entries outside the tree ignored"


def case_noversion(binary, work):
    tree = os.path.join(work, "tree")
    make_tree(tree)
    write(tree, "Makefile", b"# no version here\nall:\n")
    r = Run(binary, tree, work)
    ok = r.rc == 0 and r.report is not None
    if not ok:
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check("noversion", r.rc == 2 and len(lines) == 1 and "Makefile" in lines[0],
              "neither audited nor one clear line: rc %d %s" % (r.rc, r.stderr))
        return "refused with one line: %s" % lines[0] if lines else ""
    check("noversion", "drivers/x/good.c" in r.files(), "good.c missing")
    return "audited, kernel_version %r" % r.report.get("kernel_version")


def case_faults(binary, work):
    """Crash, SIGKILL and hang injected into the workers (TA_FAULT, Debug builds)."""
    tree = os.path.join(work, "tree")
    make_tree(tree)
    for name in ("crash", "kill", "hang"):
        write(tree, "drivers/x/%s_me.c" % name, TASKLET_C.replace(b"foo", name.encode()))
    spec = "crash:crash_me.c,kill:kill_me.c,hang:hang_me.c"
    r = Run(binary, tree, work, extra=["--timeout", "3"], env={"TA_FAULT": spec})
    check("faults", r.report is not None, "no report: %s" % r.stderr[-300:])
    fl = r.files()
    want = {"crash": ("crashed", "exited unexpectedly"), "kill": ("signal 9",),
            "hang": ("timed out after 3 s",)}
    for name, reasons in want.items():
        f = fl.get("drivers/x/%s_me.c" % name, {})
        check("faults", f.get("status") == "failed" and
              any(x in (f.get("reason") or "") for x in reasons), "%s: %s" % (name, f))
    check("faults", fl.get("drivers/x/good.c", {}).get("status") in ("parsed", "degraded"),
          "good.c: %s" % fl.get("drivers/x/good.c"))
    keys = [t["key"] for t in r.report["tasklets"]] if r.report else []
    check("faults", any("foo" in k for k in keys), "good.c's tasklet lost")
    check("faults", r.rc == 4, "a partial run exits 4, got %d" % r.rc)
    check("faults", r.seconds < 60, "the hang held the run for %.0f s" % r.seconds)
    return "crash, SIGKILL and hang each cost only their file (failed, with the reason); " \
           "exit 4; run %.1f s" % r.seconds


def slow_candidate(tree, name):
    """A candidate libclang needs minutes for on any machine: an include bomb
    (each of 26 headers includes the next twice, 2^26 leaf includes, constant
    memory)."""
    for level in range(26):
        write(tree, "drivers/x/%s%d.h" % (name, level),
              b'#include "%s%d.h"\n#include "%s%d.h"\n' %
              (name.encode(), level + 1, name.encode(), level + 1))
    write(tree, "drivers/x/%s26.h" % name, b"/* leaf */\n")
    write(tree, "drivers/x/%s.c" % name,
          TASKLET_C.replace(b"foo", name.encode()) + b'#include "%s0.h"\n' % name.encode())


def leftovers(root):
    """Temporaries anywhere under root."""
    out = []
    for d, dirs, files in os.walk(root):
        out += [os.path.join(d, f) for f in files + dirs if ".tmp." in f]
    return out


def case_interrupt(binary, work):
    """SIGINT and SIGTERM mid-parse: no report, no temporaries, no workers, 130/143."""
    tree = os.path.join(work, "tree")
    make_tree(tree)
    slow_candidate(tree, "slow_a")
    slow_candidate(tree, "slow_b")
    out = os.path.join(work, "out")
    os.makedirs(out)
    results = []
    for sig, want in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
        report = os.path.join(out, "report.json")
        cache = os.path.join(work, "cache-%d" % sig)
        p = subprocess.Popen([binary, "-j", "2", "--cache-dir", cache, "--timeout", "300",
                              "--json", report, tree], stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, env=dict(os.environ, TMPDIR=work))
        time.sleep(2.0)
        p.send_signal(sig)
        try:
            _, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            check("interrupt", False, "still running 30 s after signal %d" % sig)
            continue
        err = err.decode("utf-8", "replace")
        lines = [l for l in err.splitlines() if l.strip()]
        check("interrupt", p.returncode == want, "signal %d: exit %d, want %d" %
              (sig, p.returncode, want))
        check("interrupt", len(lines) == 1 and ("interrupted" in lines[0] or
                                              "terminated" in lines[0]),
              "want one line, got: %r" % err)
        check("interrupt", not os.path.exists(report), "a report was written")
        check("interrupt", not leftovers(out) and not leftovers(tree) and
              not leftovers(cache), "temporaries left: %s" % (
                  leftovers(out) + leftovers(tree) + leftovers(cache)))
        time.sleep(0.5)
        ps = subprocess.run(["pgrep", "-f", tree], capture_output=True, text=True)
        check("interrupt", not ps.stdout.strip(), "workers still running: %s" % ps.stdout)
        results.append("%s -> %d" % (signal.Signals(sig).name, p.returncode))
    return "mid-parse %s; one line, no report, no temporaries, no workers left" % \
        ", ".join(results)


def tree_hash(root):
    """sha256 over every path, kind, mode and content under root (links not followed)."""
    import hashlib
    h = hashlib.sha256()
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files + dirs):
            p = os.path.join(d, name)
            st = os.lstat(p)
            h.update(("%s %o %d\n" % (os.path.relpath(p, root), st.st_mode, st.st_size)).encode())
            if stat.S_ISREG(st.st_mode):
                with open(p, "rb") as f:
                    h.update(f.read())
            elif stat.S_ISLNK(st.st_mode):
                h.update(os.readlink(p).encode())
    return h.hexdigest()


def case_readonly(binary, work):
    """A full audit and every patch mode (no --apply) leave a read-only corpus as it was."""
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "corpus")
    tree = os.path.join(work, "corpus")
    shutil.copytree(src, tree, symlinks=True)
    for d, dirs, files in os.walk(tree):
        for name in files:
            os.chmod(os.path.join(d, name), 0o444)
    for d, dirs, files in os.walk(tree, topdown=False):
        os.chmod(d, 0o555)
    before = tree_hash(tree)
    runs = [[binary, "--no-cache", "--json", os.path.join(work, "r.json"), "-o",
             os.path.join(work, "r.txt"), tree]]
    for mode in ("setup", "bh", "wq", "threaded-irq", "timer", "auto"):
        runs.append([binary, "patch", "--to", mode, "--force-api", "--no-cache", "-o",
                     os.path.join(work, "p-" + mode), "--json",
                     os.path.join(work, "p-%s.json" % mode), tree])
    for cmd in runs:
        p = subprocess.run(cmd, capture_output=True, env=dict(os.environ, TMPDIR=work))
        check("readonly", p.returncode == 0, "%s: exit %d %s" % (" ".join(cmd[1:4]),
              p.returncode, p.stderr[-300:]))
    after = tree_hash(tree)
    for d, dirs, files in os.walk(tree):
        os.chmod(d, 0o755)
    check("readonly", before == after, "the corpus changed")
    n = len(os.listdir(os.path.join(work, "p-bh"))) if os.path.isdir(
        os.path.join(work, "p-bh")) else 0
    check("readonly", n > 0, "no BH patch written: the check would prove nothing")
    return "audit + 6 patch modes on a read-only corpus copy: tree hash unchanged " \
           "(%d BH patches written outside it)" % n


def case_memory(binary, work):
    """A worker over --max-memory fails its file, not the run."""
    tree = os.path.join(work, "tree")
    make_tree(tree)
    r = Run(binary, tree, work, extra=["--max-memory", "64"])
    check("memory", r.report is not None, "no report: %s" % r.stderr[-300:])
    g = r.files().get("drivers/x/good.c", {})
    check("memory", g.get("status") == "failed" and "--max-memory" in (g.get("reason") or ""),
          "good.c under 64 MiB: %s" % g)
    check("memory", r.rc == 4, "a partial run exits 4, got %d" % r.rc)
    r = Run(binary, tree, work)
    check("memory", r.files().get("drivers/x/good.c", {}).get("status") in
          ("parsed", "degraded"), "good.c under the default limit: %s" %
          r.files().get("drivers/x/good.c"))
    return "64 MiB: the file failed with %r, exit 4; the default limit parses it" % \
        g.get("reason")


CASES = {"symlinks": case_symlinks, "sizes": case_sizes, "bytes": case_bytes,
         "shapes": case_shapes, "unreadable": case_unreadable, "many": case_many,
         "compdb": case_compdb, "noversion": case_noversion, "faults": case_faults,
         "interrupt": case_interrupt, "readonly": case_readonly,
         "memory": case_memory}


def main():
    args = sys.argv[1:]
    # fault injection exists only in Debug builds (TA_FAULT_INJECTION): the
    # build says whether to expect it, so a missing hook cannot pass silently
    expect_faults = "--expect-faults" in args
    sanitized = "--sanitized" in args
    args = [a for a in args if a not in ("--expect-faults", "--sanitized")]
    binary = os.path.abspath(args[0])
    # an ASan build sets no address-space limit (its shadow memory needs
    # terabytes of it): the build says so with --sanitized
    names = args[1:] or [n for n in CASES if (n != "faults" or expect_faults) and
                         (n != "memory" or not sanitized)]
    global passed
    n_fail = n_skip = 0
    for name in names:
        work = tempfile.mkdtemp(prefix="ta-hostile-")
        before = len(failures)
        try:
            what = CASES[name](binary, work)
        except Exception as e:  # a crash of the harness is a failure too
            failures.append("%s: %r" % (name, e))
            what = None
        finally:
            for d, dirs, files in os.walk(work):
                for x in dirs:
                    try:
                        os.chmod(os.path.join(d, x), 0o755)
                    except OSError:
                        pass
            shutil.rmtree(work, ignore_errors=True)
        if len(failures) == before and isinstance(what, Skip):
            n_skip += 1
            print("skip %-10s %s" % (name, what))
        elif len(failures) == before:
            passed += 1
            print("ok   %-10s %s" % (name, what or ""))
        else:
            n_fail += 1
            print("FAIL %-10s" % name)
            for f in failures[before:]:
                print("     " + f)
    print("%d passed, %d failed, %d skipped" % (passed, n_fail, n_skip))
    return 1 if n_fail else EXIT_SKIPPED if n_skip else 0


if __name__ == "__main__":
    sys.exit(main())
