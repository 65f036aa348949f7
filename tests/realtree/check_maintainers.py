#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check the To:/Cc: of written patches against the tree's get_maintainer.pl.

usage: check_maintainers.py TREE PATCHDIR [--min N] [-j N]

For every PATCHDIR/*.patch, runs from the root of TREE (an unpacked kernel
source tree; it need not be a git repository)

    perl scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats PATCH

and compares the set of lines it prints with the union of the patch's To:
and Cc: addresses.  --no-git-fallback changes nothing on a tree without
.git (there is no history to fall back to) and keeps a git checkout from
adding the recent signers of files without an exact maintainer.
PERL_HASH_SEED=0 makes get_maintainer's order of equal-depth sections (a
Perl hash order) reproducible.  Prints one line per disagreement, then
"agree N of M" (and how many also list the addresses in get_maintainer's
order within To: and within Cc:); exits 1 when fewer than --min (default:
all) agree.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys


def header_block(text):
    """The mail headers of a format-patch file, unfolded: {name: value}."""
    headers, last = {}, None
    for line in text.split("\n")[1:]:
        if line == "":
            break
        if line[0] in " \t" and last:
            headers[last] += " " + line.strip()
            continue
        name, _, value = line.partition(":")
        last = name.lower()
        headers[last] = value.strip()
    return headers


def split_addresses(value):
    """'A <a@x>, "B, C" <b@x>, list@y' -> the addresses, quotes kept as written."""
    out, cur, quoted, angle = [], "", False, False
    prev = ""
    for ch in value:
        if ch == '"' and prev != "\\":
            quoted = not quoted
        elif ch == "<" and not quoted:
            angle = True
        elif ch == ">" and not quoted:
            angle = False
        if ch == "," and not quoted and not angle:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
        prev = ch
    if cur.strip():
        out.append(cur.strip())
    return [a for a in out if a]


def recipients(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        headers = header_block(f.read())
    return split_addresses(headers.get("to", "")), split_addresses(headers.get("cc", ""))


def get_maintainer(tree, patch):
    env = dict(os.environ, PERL_HASH_SEED="0", PERL_PERTURB_KEYS="0")
    r = subprocess.run(
        ["perl", "scripts/get_maintainer.pl", "--no-git", "--no-git-fallback",
         "--no-rolestats", os.path.abspath(patch)],
        cwd=tree, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"get_maintainer.pl failed on {patch}: {r.stderr.strip()}")
    return [l for l in r.stdout.split("\n") if l]


def in_order(expected, got):
    """Is got the order expected lists its members in?"""
    members = set(got)
    return [e for e in expected if e in members] == got


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tree")
    ap.add_argument("patchdir")
    ap.add_argument("--min", type=int, default=None, help="agreements needed (default: all)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    a = ap.parse_args()

    if not os.path.isfile(os.path.join(a.tree, "scripts", "get_maintainer.pl")):
        sys.exit(f"{a.tree}: no scripts/get_maintainer.pl")
    patches = sorted(os.path.join(a.patchdir, p) for p in os.listdir(a.patchdir)
                     if p.endswith(".patch"))
    if not patches:
        sys.exit(f"{a.patchdir}: no patches")
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        expected = list(pool.map(lambda p: get_maintainer(a.tree, p), patches))

    agree = ordered = 0
    for patch, want in zip(patches, expected):
        to, cc = recipients(patch)
        got = to + cc
        name = os.path.basename(patch)
        if len(set(got)) != len(got):
            print(f"{name}: repeated recipients: {got}")
        if set(got) == set(want):
            agree += 1
            ordered += in_order(want, to) and in_order(want, cc)
            continue
        missing = [w for w in want if w not in got]
        extra = [g for g in got if g not in want]
        print(f"{name}: missing {missing} extra {extra}")
    print(f"agree {agree} of {len(patches)} ({ordered} also in get_maintainer's order "
          "within To: and within Cc:)")
    need = len(patches) if a.min is None else a.min
    return 0 if agree >= need else 1


if __name__ == "__main__":
    sys.exit(main())
