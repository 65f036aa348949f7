#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
check_counts.py - asserts a tasklet-audit JSON report of a real kernel tree
against the counts measured for that tree (tests/realtree/expected-*.json),
so that a regression in the indexer cannot land unnoticed.

usage: check_counts.py REPORT.json EXPECTED.json [--same-as OTHER.json]
With --same-as, OTHER must equal REPORT in every field but "timing"
(a warm run against the cold one).
Every key of EXPECTED's "exact" object must equal the report's value;
every key of "at_most" must not be exceeded.  Keys name report fields as
slash-separated paths ("summary/by_init_api/.func"): field names contain dots.  Prints each comparison; exit 1 on any
mismatch.
"""
import json
import sys


def lookup(report, path):
    node = report
    for part in path.split('/'):
        node = node[part]
    return node


def main():
    if len(sys.argv) != 3:
        print('usage: check_counts.py REPORT.json EXPECTED.json [--same-as OTHER.json]
With --same-as, OTHER must equal REPORT in every field but "timing"
(a warm run against the cold one).', file=sys.stderr)
        return 2
    report = json.load(open(sys.argv[1]))
    expected = json.load(open(sys.argv[2]))
    bad = 0
    for path, want in expected.get('exact', {}).items():
        try:
            got = lookup(report, path)
        except KeyError:
            got = None
        ok = got == want
        bad += not ok
        print(f'{"ok" if ok else "MISMATCH"}: {path} = {got} (expected {want})')
    for path, limit in expected.get('at_most', {}).items():
        got = lookup(report, path)
        ok = got <= limit
        bad += not ok
        print(f'{"ok" if ok else "MISMATCH"}: {path} = {got} (at most {limit})')
    total = len(expected.get("exact", {})) + len(expected.get("at_most", {})) + (1 if other else 0)
    print(f'{total - bad} passed, {bad} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
