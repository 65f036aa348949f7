#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
make_expected.py - writes the counts of a tasklet-audit JSON report of a real
kernel tree in the form check_counts.py asserts (tests/realtree/expected-*.json):
the kernel version and every count of the report's summary exactly, and the
degraded files and unresolved sites as upper bounds (they depend on how much
libclang recovers, which a fix may only lower).  Per-subsystem and
per-MAINTAINERS-entry counts (by_subsystem, by_subsystem_class,
by_maintainers_entry, by_maintainers_entry_class) are left out: their keys
are paths or titles with slashes ("ARM/APPLE MACHINE SUPPORT"), which
check_counts.py's slash-separated field paths cannot name; the snapshot's
digests cover them.

usage: make_expected.py REPORT.json > EXPECTED.json
"""
import json
import sys

UPPER_BOUNDS = ('files_degraded', 'unresolved_sites')


def main():
    if len(sys.argv) != 2:
        print('usage: make_expected.py REPORT.json > EXPECTED.json', file=sys.stderr)
        return 2
    report = json.load(open(sys.argv[1]))
    exact = {'kernel_version': report['kernel_version']}
    at_most = {}
    for key, value in report['summary'].items():
        if key in ('by_subsystem', 'by_subsystem_class', 'by_maintainers_entry',
                   'by_maintainers_entry_class'):
            continue
        if key in UPPER_BOUNDS:
            at_most[f'summary/{key}'] = value
        elif isinstance(value, dict):
            for sub, count in value.items():
                exact[f'summary/{key}/{sub}'] = count
        elif isinstance(value, (int, str)):
            exact[f'summary/{key}'] = value
    json.dump({'exact': exact, 'at_most': at_most}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == '__main__':
    sys.exit(main())
