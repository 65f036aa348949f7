#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check a `tasklet-audit patch --series -o DIR` output against get_maintainer.pl.

usage: check_series.py TREE DIR [--max N] [--get-maintainer SCRIPT] [--git-am]
                       [--min N] [-j N]

For every DIR/series-K: the files are 0000-cover-letter.patch and
0001..000n, numbered "[PATCH k/n]" ("[PATCH TAG k/n]", the cover 0/n),
with n at most --max (default 15); every patch's To:/Cc: is what

    perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats PATCH

prints from the root of TREE, and the cover letter's is what it prints for
all the series' patches at once.  No two patches of DIR have the same
subject.  --git-am: the files the patches touch are copied from TREE into
a fresh git repository and every series is applied in order with `git am`
(the cover letters left out, as git am leaves them).  --get-maintainer:
another get_maintainer.pl (for a tree without one: --no-tree and
--mpath TREE/MAINTAINERS are added).  Prints one line per disagreement and
the totals; exits 1 when a layout check fails, `git am` fails or fewer
than --min (default: all) recipient lists agree.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_maintainers import header_block, split_addresses  # noqa: E402


def headers_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return header_block(f.read())


def get_maintainer(tree, script, patches):
    env = dict(os.environ, PERL_HASH_SEED="0", PERL_PERTURB_KEYS="0")
    cmd = ["perl", script, "--no-git", "--no-git-fallback", "--no-rolestats"]
    if not os.path.isfile(os.path.join(tree, "scripts", "get_maintainer.pl")):
        cmd += ["--no-tree", "--mpath", os.path.join(os.path.abspath(tree), "MAINTAINERS")]
    r = subprocess.run(cmd + [os.path.abspath(p) for p in patches], cwd=tree, env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"get_maintainer.pl failed on {patches}: {r.stderr.strip()}")
    return [line for line in r.stdout.split("\n") if line]


def touched(patch):
    with open(patch, encoding="utf-8", errors="replace") as f:
        return re.findall(r"^diff --git a/(\S+) b/", f.read(), re.M)


def git_am(tree, series):
    """Apply every series in order on a git copy of the touched files; errors."""
    files = sorted({p for s in series for patch in s[1:] for p in touched(patch)})
    work = tempfile.mkdtemp(prefix="ta-series-am.")
    errors = []
    try:
        for rel in files:
            os.makedirs(os.path.join(work, os.path.dirname(rel)), exist_ok=True)
            shutil.copy2(os.path.join(tree, rel), os.path.join(work, rel))
        git = ["git", "-c", "user.name=t", "-c", "user.email=t@t"]
        subprocess.run(git + ["init", "-q"], cwd=work, check=True)
        subprocess.run(git + ["add", "-A"], cwd=work, check=True)
        subprocess.run(git + ["commit", "-qm", "base"], cwd=work, check=True)
        for s in series:
            r = subprocess.run(git + ["am", "-q"] + [os.path.abspath(p) for p in s[1:]],
                               cwd=work, capture_output=True, text=True)
            if r.returncode != 0:
                errors.append(f"{os.path.dirname(s[0])}: git am failed: {r.stdout}{r.stderr}")
                subprocess.run(git + ["am", "--abort"], cwd=work, capture_output=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return errors, len(files)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tree")
    ap.add_argument("dir")
    ap.add_argument("--max", type=int, default=15)
    ap.add_argument("--get-maintainer", default=None)
    ap.add_argument("--git-am", action="store_true")
    ap.add_argument("--min", type=int, default=None, help="agreements needed (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args()

    script = a.get_maintainer or os.path.join(a.tree, "scripts", "get_maintainer.pl")
    if not os.path.isfile(script):
        sys.exit(f"{script}: not found")
    names = sorted((d for d in os.listdir(a.dir) if re.fullmatch(r"series-\d+", d)),
                   key=lambda d: int(d.split("-")[1]))
    if not names:
        sys.exit(f"{a.dir}: no series-K directories")
    bad = []
    series = []
    subjects = {}
    for d in names:
        path = os.path.join(a.dir, d)
        files = sorted(f for f in os.listdir(path) if f.endswith(".patch"))
        if not files or files[0] != "0000-cover-letter.patch":
            bad.append(f"{d}: no 0000-cover-letter.patch")
            continue
        n = len(files) - 1
        if n < 1 or n > a.max:
            bad.append(f"{d}: {n} patches (at most {a.max})")
        full = [os.path.join(path, f) for f in files]
        for k, f in enumerate(full):
            if not os.path.basename(f).startswith(f"{k:04d}-"):
                bad.append(f"{d}: {os.path.basename(f)} is not number {k}")
            subj = headers_of(f).get("subject", "")
            m = re.fullmatch(r"\[PATCH(?: [^\]]+)? (\d+)/(\d+)\] (.*)", subj)
            if not m or int(m.group(1)) != k or int(m.group(2)) != n:
                bad.append(f"{d}: {os.path.basename(f)}: subject '{subj}' is not [PATCH {k}/{n}]")
                continue
            if k and m.group(3) in subjects:
                bad.append(f"{d}: '{m.group(3)}' is also the subject of {subjects[m.group(3)]}")
            elif k:
                subjects[m.group(3)] = f"{d}/{os.path.basename(f)}"
        series.append(full)

    # recipients: each patch alone, each cover letter for its whole series
    jobs = [(p, [p]) for s in series for p in s[1:]] + [(s[0], s[1:]) for s in series]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        expected = list(pool.map(lambda j: get_maintainer(a.tree, script, j[1]), jobs))
    agree = covers = covers_agree = 0
    for (patch, _), want in zip(jobs, expected):
        h = headers_of(patch)
        got = split_addresses(h.get("to", "")) + split_addresses(h.get("cc", ""))
        cover = patch.endswith("0000-cover-letter.patch")
        covers += cover
        if set(got) == set(want) and len(set(got)) == len(got):
            agree += 1
            covers_agree += cover
            continue
        name = os.path.relpath(patch, a.dir)
        print(f"{name}: missing {[w for w in want if w not in got]} "
              f"extra {[g for g in got if g not in want]}")
    for b in bad:
        print(b)
    print(f"{len(series)} series, {len(jobs) - covers} patches; recipients agree for "
          f"{agree - covers_agree} of {len(jobs) - covers} patches and {covers_agree} of "
          f"{covers} cover letters")
    rc = 1 if bad else 0
    if a.git_am:
        errors, n_files = git_am(a.tree, series)
        for e in errors:
            print(e)
        print(f"git am: {len(series) - len(errors)} of {len(series)} series applied "
              f"({n_files} files)")
        rc |= 1 if errors else 0
    need = len(jobs) if a.min is None else a.min
    return rc | (0 if agree >= need else 1)


if __name__ == "__main__":
    sys.exit(main())
