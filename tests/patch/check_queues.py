#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check that each patch's changelog names the queue its code uses.

usage: check_queues.py PATCH...

A changelog line "- NAME -> work item ITEM on QUEUE" (wrapped lines
joined) must agree with every queue_work()/queue_delayed_work() the
patch adds for ITEM.  A --to auto patch can convert one tasklet to the
BH workqueue and another to the system workqueue.  Prints each
disagreement and the totals; exits 1 on any.
"""
import re
import sys


def main(paths):
    bad = checked = 0
    for path in paths:
        text = open(path, encoding="utf-8", errors="replace").read()
        log, _, diff = text.partition("\n---\n")
        log = re.sub(r"\n  +", " ", log)
        added = [l[1:] for l in diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
        for item, queue in re.findall(r"-> work item (\w+) on (\w+)", log):
            use = re.compile(r"queue_(?:delayed_)?work\((\w+),\s*&[^;]*\b%s\b" % re.escape(item))
            for line in added:
                m = use.search(line)
                if not m:
                    continue
                checked += 1
                if m.group(1) != queue:
                    bad += 1
                    print("%s: the changelog puts %s on %s, the code on %s"
                          % (path, item, queue, m.group(1)))
    print("queues: %d uses checked, %d disagree" % (checked, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
