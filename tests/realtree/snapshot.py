#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Digests of every output of a real-tree run, to prove a change preserves them.

A run directory holds what .ci/run writes for one tree: report.json and
report.txt (the audit), and for each patch mode M patch-M.json (the audit
with its patch outcomes) and p-M/ (the patches).  `make` prints one JSON
object of digests: one per tasklet of each report, one per patch file, one
for each report's text, files[] and summary.  `check` compares a run with a
saved digest file and names every item that differs, so a failure says
which tasklet or which patch changed, not only that something did.

What varies from run to run and machine to machine is normalized away
first: the tree's and the checkout's absolute paths, the "timing" object,
the report's "generated_at", and each patch's Date: line.

    snapshot.py make RUNDIR > digests.json
    snapshot.py check RUNDIR digests.json
"""
import hashlib
import json
import os
import re
import sys


def sha(data):
    if isinstance(data, str):
        data = data.encode()
    return hashlib.sha256(data).hexdigest()[:16]


def canon(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def normalizer(tree, repo):
    """Replace the run's absolute paths with placeholders."""
    subs = [(p, name) for p, name in ((tree, "$TREE"), (repo, "$REPO")) if p]
    subs.sort(key=lambda s: -len(s[0]))

    def norm(text):
        for p, name in subs:
            text = text.replace(p, name)
        return text
    return norm


def load_report(path, repo):
    """A JSON report with the run's paths normalized, "timing" and
    "generated_at" dropped."""
    with open(path, encoding="utf-8") as f:
        raw = f.read()
    head = json.loads(raw)
    tree = head.get("tree", "")
    rules = head.get("rules") or ""
    if rules.endswith("/rules"):
        repo = rules[: -len("/rules")]  # the checkout whose rules the run used
    rep = json.loads(normalizer(tree, repo)(raw))
    rep.pop("timing", None)
    rep.pop("generated_at", None)
    return tree, rep


def tasklet_keys(tasklets):
    """Each tasklet's key, made unique by a #n suffix in report order."""
    seen = {}
    for t in tasklets:
        key = t.get("key", "?")
        n = seen.get(key, 0)
        seen[key] = n + 1
        yield ("%s#%d" % (key, n) if n else key), t


def report_digests(rep, prefix, out):
    """Digest one audit report: header, files, summary, unresolved sites."""
    rep = dict(rep)
    rep.pop("tasklets", None)
    out[prefix + ":files"] = sha(canon(rep.pop("files", [])))
    out[prefix + ":summary"] = sha(canon(rep.pop("summary", {})))
    out[prefix + ":unresolved"] = sha(canon(rep.pop("unresolved_sites", [])))
    out[prefix + ":header"] = sha(canon(rep))


def text_digest(path, tree, repo):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = normalizer(tree, repo)(f.read())
    return sha(text.encode("utf-8", "surrogateescape"))


DATE = re.compile(r"^Date: .*$", re.M)


def patch_digests(pdir, tree, repo, prefix, out):
    norm = normalizer(tree, repo)
    names = sorted(os.listdir(pdir))
    out[prefix + ":n_patches"] = len(names)
    for name in names:
        with open(os.path.join(pdir, name), encoding="utf-8", errors="surrogateescape") as f:
            text = DATE.sub("Date: -", norm(f.read()))
        out["%s:%s" % (prefix, name)] = sha(text.encode("utf-8", "surrogateescape"))


def make(rundir):
    """Digests of a run: one per tasklet covering its audit entry and its
    patch outcome in every mode, one per patch file, and one for each
    report's remaining parts."""
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = {}
    tree = ""
    per_tasklet = {}
    if os.path.exists(os.path.join(rundir, "report.json")):
        tree, rep = load_report(os.path.join(rundir, "report.json"), repo)
        report_digests(rep, "report", out)
        out["report:n_tasklets"] = len(rep.get("tasklets", []))
        for key, t in tasklet_keys(rep.get("tasklets", [])):
            per_tasklet.setdefault(key, {})["audit"] = t
    if os.path.exists(os.path.join(rundir, "report.txt")):
        out["report:text"] = text_digest(os.path.join(rundir, "report.txt"), tree, repo)
    for name in sorted(os.listdir(rundir)):
        m = re.fullmatch(r"patch-(.+)\.json", name)
        if not m:
            continue
        mode = m.group(1)
        t_tree, rep = load_report(os.path.join(rundir, name), repo)
        tree = tree or t_tree
        tasklets = rep.get("tasklets", [])
        rest = []
        for key, t in tasklet_keys(tasklets):
            t = dict(t)
            per_tasklet.setdefault(key, {})["patch-" + mode] = t.pop("patch", None)
            rest.append(t)
        rep = dict(rep, tasklets=rest)
        out["patch-%s:rest" % mode] = sha(canon(rep))
    for key, parts in per_tasklet.items():
        out["t:" + key] = sha(canon(parts))
    for name in sorted(os.listdir(rundir)):
        m = re.fullmatch(r"p-(.+)", name)
        if m and os.path.isdir(os.path.join(rundir, name)):
            patch_digests(os.path.join(rundir, name), tree, repo, name, out)
    return out


def check(rundir, saved_path):
    with open(saved_path, encoding="utf-8") as f:
        saved = json.load(f)
    now = make(rundir)
    diffs = []
    for key in sorted(set(saved) | set(now)):
        if key not in now:
            diffs.append("missing now: %s" % key)
        elif key not in saved:
            diffs.append("new: %s" % key)
        elif saved[key] != now[key]:
            diffs.append("differs: %s (%s -> %s)" % (key, saved[key], now[key]))
    for line in diffs[:40]:
        print("snapshot: " + line, file=sys.stderr)
    if len(diffs) > 40:
        print("snapshot: ... and %d more" % (len(diffs) - 40), file=sys.stderr)
    print("snapshot: %d items, %d differ (%s)" % (len(saved), len(diffs), saved_path))
    return 1 if diffs else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "make":
        json.dump(make(argv[2]), sys.stdout, indent=0, sort_keys=True)
        sys.stdout.write("\n")
        return 0
    if len(argv) == 4 and argv[1] == "check":
        return check(argv[2], argv[3])
    print(__doc__.strip().splitlines()[-2].strip(), file=sys.stderr)
    print("usage: snapshot.py make RUNDIR | check RUNDIR DIGESTS", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
