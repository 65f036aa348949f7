#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
check_patches.py - asserts "tasklet-audit patch" runs over a real kernel
tree against what was measured for it (tests/realtree/expected-patches-*.json):
for each migration, the written / refused / not_needed counts of its JSON
report and the number of patch files; every patch passes `git apply --check`
from the tree root (the second part of a driver's [PATCH 1/2] [PATCH 2/2]
pair after the first, on a copy of the files) (outside any repository git apply works on plain trees);
all of them apply in order with `git am` on a git repository holding a copy
of the files they touch; and the tree's own scripts/checkpatch.pl reports exactly the measured number
of diagnostics besides the missing Signed-off-by (no --signoff was given);
and no patch queues one work item on two workqueues (a work item is kept
from running twice at once only within one workqueue).

usage: check_patches.py TREE WORKDIR EXPECTED.json

WORKDIR holds, for each migration M of EXPECTED, patch-M.json (--json) and
p-M/ (-o).  Prints one line per check and "N passed, N failed"; exit 1 on
any failure.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def touched_files(patch):
    """The tree-relative paths a patch reads or writes."""
    files = set()
    with open(patch, errors='replace') as f:
        for line in f:
            for prefix in ('--- a/', '+++ b/'):
                if line.startswith(prefix):
                    files.add(line[len(prefix):].rstrip('\n').split('\t')[0])
    return files


PART = re.compile(r'^Subject: \[PATCH[^\]]*?(\d+)/(\d+)\]', re.M)


def part_of(patch):
    """(k, n) of a patch's [PATCH k/n] tag, or None."""
    with open(patch, errors='replace') as f:
        m = PART.search(f.read(4096))
    return (int(m.group(1)), int(m.group(2))) if m else None


def with_earlier_parts(patches):
    """Each patch with the earlier parts of its driver's series (a
    preparation patch [PATCH 1/2] before its conversion [PATCH 2/2]): a
    later part applies on the tree as the earlier ones leave it."""
    earlier = []
    for p in patches:
        part = part_of(p)
        if not part or part[0] == 1:
            earlier = []
        yield p, list(earlier)
        earlier = earlier + [p] if part else []


def applies_after(tree, before, patch):
    """Does patch pass git apply --check on the tree, after the patches
    before (applied to a copy of the files they touch)?"""
    if not before:
        return subprocess.run(['git', 'apply', '--check', patch], cwd=tree,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    with tempfile.TemporaryDirectory() as tmp:
        for rel in set().union(*(touched_files(x) for x in before + [patch])):
            src = os.path.join(tree, rel)
            if os.path.isfile(src):
                os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
                shutil.copy(src, os.path.join(tmp, rel))
        for x in before + [patch]:
            args = ['git', 'apply'] + (['--check'] if x == patch else []) + [x]
            if subprocess.run(args, cwd=tmp, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode != 0:
                return False
    return True


QUEUE_CALL = re.compile(r'\b(?:enable_and_)?queue_work\(\s*(\w+)\s*,\s*(.*)')


def queues_per_work_item(patch):
    """For each work item a patch's added lines queue (keyed by file and
    the item's last identifier, e.g. 'a.c:rx_bh_work'), the set of
    workqueues they name."""
    items = {}
    with open(patch, errors='replace') as f:
        lines = f.read().split('\n')
    path = None
    for i, line in enumerate(lines):
        if line.startswith('+++ b/'):
            path = line[6:]
            continue
        if not line.startswith('+') or path is None:
            continue
        m = QUEUE_CALL.search(line[1:])
        if not m:
            continue
        arg = m.group(2)
        if not arg.strip():
            nxt = next((l for l in lines[i + 1:] if l[:1] in ('+', ' ')), '')
            arg = nxt[1:]
        ids = re.findall(r'\w+', arg.split(')')[0])
        if ids:
            items.setdefault('%s:%s' % (path, ids[-1]), set()).add(m.group(1))
    return items


def first_failing_am(tree, patches):
    """Apply PATCHES in order with git am on a git init copy of the files
    they touch; the first patch that does not apply, or None."""
    git = ['git', '-c', 'user.name=tasklet-audit CI', '-c', 'user.email=ci@localhost',
           '-c', 'commit.gpgsign=false']
    with tempfile.TemporaryDirectory() as repo:
        for rel in set().union(*(touched_files(p) for p in patches)):
            src = os.path.join(tree, rel)
            if os.path.isfile(src):
                os.makedirs(os.path.dirname(os.path.join(repo, rel)), exist_ok=True)
                shutil.copy2(src, os.path.join(repo, rel))
        quiet = {'stdout': subprocess.DEVNULL, 'stderr': subprocess.DEVNULL}
        subprocess.run(git + ['init', '-q'], cwd=repo, check=True, **quiet)
        subprocess.run(git + ['add', '-A'], cwd=repo, check=True, **quiet)
        subprocess.run(git + ['commit', '-q', '-m', 'base'], cwd=repo, check=True, **quiet)
        for p in patches:
            if subprocess.run(git + ['am', '-q', p], cwd=repo, **quiet).returncode != 0:
                return p
    return None


def main():
    if len(sys.argv) != 4:
        print('usage: check_patches.py TREE WORKDIR EXPECTED.json', file=sys.stderr)
        return 2
    tree, work, expected_path = sys.argv[1:]
    with open(expected_path) as f:
        expected = json.load(f)
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        print(('ok   ' if ok else 'FAIL ') + what)
        if ok:
            passed += 1
        else:
            failed += 1

    checkpatch = os.path.join(tree, 'scripts', 'checkpatch.pl')
    for mig, want in sorted(expected.items()):
        with open(os.path.join(work, 'patch-%s.json' % mig)) as f:
            report = json.load(f)
        counts = {'written': 0, 'refused': 0, 'not_needed': 0}
        for t in report['tasklets']:
            status = t.get('patch', {}).get('status')
            counts[status] = counts.get(status, 0) + 1
        for key in ('written', 'refused', 'not_needed'):
            check(counts[key] == want[key],
                  '%s: %s %d (expected %d)' % (mig, key, counts[key], want[key]))
        patches = sorted(glob.glob(os.path.join(work, 'p-' + mig, '*.patch')))
        check(len(patches) == want['patches'],
              '%s: %d patch files (expected %d)' % (mig, len(patches), want['patches']))
        bad = [p for p, before in with_earlier_parts(patches)
               if not applies_after(tree, before, p)]
        check(not bad, '%s: every patch passes git apply --check%s'
              % (mig, (': not ' + ', '.join(os.path.basename(b) for b in bad)) if bad else ''))
        two = ['%s: %s on %s' % (os.path.basename(p), item, ' and '.join(sorted(qs)))
               for p in patches for item, qs in sorted(queues_per_work_item(p).items())
               if len(qs) > 1]
        check(not two, '%s: every work item is queued on one workqueue%s'
              % (mig, (': not ' + '; '.join(two)) if two else ''))
        if patches:
            stuck = first_failing_am(tree, patches)
            check(stuck is None, '%s: all %d patches apply in order with git am%s'
                  % (mig, len(patches), (': stops at ' + os.path.basename(stuck)) if stuck else ''))
            # run outside any git work tree: checkpatch reads differently inside one
            out = subprocess.run(['perl', checkpatch, '--no-tree', '-q', '--terse',
                                  '--show-types', '--ignore', 'MISSING_SIGN_OFF'] + patches,
                                 cwd=work, capture_output=True, text=True).stdout
            diags = [line for line in out.splitlines()
                     if ': ERROR:' in line or ': WARNING:' in line]
            for line in diags:
                print('     checkpatch: ' + line.replace(work + '/', ''))
            check(len(diags) == want['checkpatch'],
                  '%s: %d checkpatch diagnostics besides the sign-off (expected %d)'
                  % (mig, len(diags), want['checkpatch']))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
