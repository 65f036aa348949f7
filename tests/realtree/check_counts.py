#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
check_counts.py - asserts a tasklet-audit JSON report of a real kernel tree
against the counts measured for that tree (tests/realtree/expected-*.json),
so that a regression in the indexer or the classifier cannot land unnoticed.

usage: check_counts.py REPORT.json EXPECTED.json [--same-as OTHER.json]

Every key of EXPECTED's "exact" object must equal the report's value; every
key of "at_most" must not be exceeded.  Keys name report fields as
slash-separated paths ("summary/by_init_api/.func"): field names contain
dots.  With --same-as, OTHER must equal REPORT in every field but "timing"
and "generated_at" (a warm run against the cold one).  Prints each comparison and a closing
"N passed, N failed" line; exit 1 on any mismatch.
"""
import json
import sys


def lookup(report, path):
    node = report
    for part in path.split('/'):
        node = node[part]
    return node


def main():
    args = sys.argv[1:]
    other = None
    if '--same-as' in args:
        i = args.index('--same-as')
        if i + 1 >= len(args):
            print('check_counts.py: --same-as needs a file', file=sys.stderr)
            return 2
        other = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print('usage: check_counts.py REPORT.json EXPECTED.json [--same-as OTHER.json]',
              file=sys.stderr)
        return 2
    report = json.load(open(args[0]))
    expected = json.load(open(args[1]))
    bad = total = 0
    if other:
        a = dict(report)
        b = json.load(open(other))
        for key in ('timing', 'generated_at'):
            a.pop(key, None)
            b.pop(key, None)
        ok = a == b
        total += 1
        bad += not ok
        print(f'{"ok" if ok else "MISMATCH"}: {other} equals the report '
              '(but for timing and generated_at)')
    for path, want in expected.get('exact', {}).items():
        try:
            got = lookup(report, path)
        except KeyError:
            got = None
        ok = got == want
        total += 1
        bad += not ok
        print(f'{"ok" if ok else "MISMATCH"}: {path} = {got} (expected {want})')
    for path, limit in expected.get('at_most', {}).items():
        got = lookup(report, path)
        ok = got <= limit
        total += 1
        bad += not ok
        print(f'{"ok" if ok else "MISMATCH"}: {path} = {got} (at most {limit})')
    print(f'{total - bad} passed, {bad} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
