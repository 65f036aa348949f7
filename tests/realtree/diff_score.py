#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
diff_score.py - scores "tasklet-audit diff --json" of the 6.1 and 6.12
reports against what the maintainers did (tests/realtree/converted-6.1-6.12.tsv).

usage: diff_score.py [--tsv FILE] [--min RATIO] [--quiet] DIFF.json

Each row of the TSV (a 6.1 tasklet that is no longer a tasklet in 6.12) is
looked up in the diff's changes by its 6.1 key, and what the diff says is
compared with what the maintainers did:
  bh_workqueue, workqueue, threaded_irq, timer  converted, with that mechanism
  removed_driver                                removed, its files gone
  manual, deleted_code, unused_field,
  still_tasklet                                 removed, its files still there
Every other converted or removed tasklet of the diff is listed as not in
the TSV.  Where the maintainers kept a high priority, the diff must name
system_bh_highpri_wq among the queues.  The counts are also checked to be consistent with both reports:
old = unchanged + moved + removed + converted, new = unchanged + moved
(not merged) + added, per subsystem and in total.  Prints the agreement per
category and each disagreement.  Exit 0; with --min, 1 when the rows that
agree are fewer than RATIO of all, a kept high priority is missed, a
tasklet not in the TSV is converted or removed, or the counts are
inconsistent; 2 on bad input.
"""
import argparse
import collections
import json
import os
import sys

MECHANISMS = ('bh_workqueue', 'workqueue', 'threaded_irq', 'timer')
GONE_FILES = ('removed_driver',)
GONE_TASKLET = ('manual', 'deleted_code', 'unused_field', 'still_tasklet')


def die(msg):
    print('diff_score.py: ' + msg, file=sys.stderr)
    sys.exit(2)


def read_tsv(path):
    rows, header = [], None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            cells = line.split('\t')
            if header is None:
                header = cells
                continue
            rows.append(dict(zip(header, cells)))
    if not header or 'key_6.1' not in header or 'maintainers_mechanism' not in header:
        die('%s: not the converted TSV' % path)
    return rows


def expected(mech):
    if mech in MECHANISMS:
        return ('converted', mech)
    if mech in GONE_FILES:
        return ('removed', 'files_gone')
    if mech in GONE_TASKLET:
        return ('removed', 'tasklet_gone')
    die('unknown maintainers_mechanism %r' % mech)


def said(change):
    if change is None:
        return ('absent', None)
    kind = change['change']
    if kind == 'converted':
        return (kind, change['mechanism'])
    if kind == 'removed':
        return (kind, change['removed_how'])
    return (kind, None)


def consistent(diff):
    ok = True
    sub = diff['by_subsystem']
    for name, s in sorted(sub.items()):
        old = s['unchanged'] + s['moved_out'] + s['removed'] + s['converted']
        new = s['unchanged'] + s['moved_in'] + s['added']
        if old != s['old'] or new != s['new']:
            print('inconsistent counts for %s: %r' % (name, s))
            ok = False
    total_old = sum(s['old'] for s in sub.values())
    total_new = sum(s['new'] for s in sub.values())
    if total_old != diff['old']['tasklets'] or total_new != diff['new']['tasklets']:
        print('subsystem totals %d/%d differ from the reports %d/%d' % (
            total_old, total_new, diff['old']['tasklets'], diff['new']['tasklets']))
        ok = False
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--tsv', default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  'converted-6.1-6.12.tsv'))
    ap.add_argument('--min', type=float)
    ap.add_argument('--quiet', action='store_true')
    ap.add_argument('diff')
    a = ap.parse_args()
    try:
        with open(a.diff, encoding='utf-8') as f:
            diff = json.load(f)
    except (OSError, ValueError) as e:
        die('cannot read %s: %s' % (a.diff, e))
    rows = read_tsv(a.tsv)
    by_key = {c['old']['key']: c for c in diff['changes'] if c['old']}
    agree = collections.Counter()
    total = collections.Counter()
    bad = []
    for r in rows:
        want = expected(r['maintainers_mechanism'])
        got = said(by_key.get(r['key_6.1']))
        cat = r['maintainers_mechanism']
        total[cat] += 1
        if got == want:
            agree[cat] += 1
        else:
            bad.append('%s: maintainers %s, diff says %s' % (
                r['key_6.1'], cat, ' '.join(x for x in got if x)))
    # a high priority the maintainers kept: the diff names system_bh_highpri_wq
    kept = [r for r in rows if r.get('highpri_kept') == 'yes']
    kept_ok = [r for r in kept
               if 'system_bh_highpri_wq' in (by_key.get(r['key_6.1']) or {}).get('queues', [])]
    for r in kept:
        if r not in kept_ok:
            bad.append('%s: high priority kept, the diff names no system_bh_highpri_wq'
                       % r['key_6.1'])
    listed = {r['key_6.1'] for r in rows}
    extra = [c for c in diff['changes']
             if c['change'] in ('converted', 'removed') and c['old']['key'] not in listed]
    print('%-16s %6s %6s' % ('maintainers', 'rows', 'agree'))
    for cat in sorted(total):
        print('%-16s %6d %6d' % (cat, total[cat], agree[cat]))
    n_agree, n_rows = sum(agree.values()), sum(total.values())
    print('%-16s %6d %6d' % ('total', n_rows, n_agree))
    converted = [c for c in diff['changes'] if c['change'] == 'converted']
    print('diff: %d converted (%s), %d removed, %d moved, %d added, %d unchanged' % (
        len(converted),
        ', '.join('%s %d' % kv for kv in sorted(diff['summary']['converted_by_mechanism'].items())),
        diff['summary']['removed'], diff['summary']['moved'], diff['summary']['added'],
        diff['summary']['unchanged']))
    if not a.quiet:
        for line in bad:
            print('disagree: ' + line)
    for c in extra:
        print('not in the TSV: %s %s %s' % (c['old']['key'], c['change'],
                                            c.get('mechanism') or c.get('removed_how')))
    print('high priority kept: %d of %d found on system_bh_highpri_wq' % (len(kept_ok), len(kept)))
    ok = consistent(diff) and len(kept_ok) == len(kept)
    print('counts consistent with both reports: %s' % ('yes' if ok else 'no'))
    if a.min is not None and (n_agree < a.min * n_rows or not ok or extra):
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
