#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
check_patches.py - asserts "tasklet-audit patch" runs over a real kernel
tree against what was measured for it (tests/realtree/expected-patches-*.json):
for each migration, the written / refused / not_needed counts of its JSON
report and the number of patch files; every patch passes `git apply --check`
from the tree root (outside any repository git apply works on plain trees);
and the tree's own scripts/checkpatch.pl reports exactly the measured number
of diagnostics besides the missing Signed-off-by (no --signoff was given).

usage: check_patches.py TREE WORKDIR EXPECTED.json

WORKDIR holds, for each migration M of EXPECTED, patch-M.json (--json) and
p-M/ (-o).  Prints one line per check and "N passed, N failed"; exit 1 on
any failure.
"""
import glob
import json
import os
import subprocess
import sys


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
        bad = [p for p in patches
               if subprocess.run(['git', 'apply', '--check', p], cwd=tree,
                                 stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL).returncode != 0]
        check(not bad, '%s: every patch passes git apply --check%s'
              % (mig, (': not ' + ', '.join(os.path.basename(b) for b in bad)) if bad else ''))
        if patches:
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
