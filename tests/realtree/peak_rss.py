#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""peak_rss.py --max-mib N -- CMD...: run CMD and sample, every 50 ms, the
memory of its whole process tree (CMD and every worker it forks); print the
peak, and fail when it is over N MiB (issue #14: a whole-tree run stays
under 1 GiB with -j 2).  The measure is the proportional set size summed
(/proc/PID/smaps_rollup Pss): the workers are forked from a parent that
holds the audit, and their resident sets share its pages, which a sum of
VmRSS counts once per process.  The VmRSS sum is printed beside it.
ru_maxrss (what /usr/bin/time prints) is the largest single process, not
the sum, so it cannot tell this.  CMD's exit status is passed through."""
import argparse
import os
import subprocess
import sys
import time


def children():
    """pid -> ppid of every process now."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                s = f.read()
            out[int(d)] = int(s[s.rindex(")") + 2:].split()[1])
        except (OSError, ValueError):
            pass
    return out


def field_kib(path, name):
    try:
        with open(path) as f:
            for line in f:
                if line.startswith(name):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def mem_kib(pid):
    """(Pss, VmRSS) of pid in KiB; Pss falls back to VmRSS without smaps_rollup."""
    rss = field_kib(f"/proc/{pid}/status", "VmRSS:") or 0
    pss = field_kib(f"/proc/{pid}/smaps_rollup", "Pss:")
    return (rss if pss is None else pss), rss


def tree_rss(root):
    parents = children()
    tree, pending = {root}, [root]
    while pending:
        p = pending.pop()
        for c, pp in parents.items():
            if pp == p and c not in tree:
                tree.add(c)
                pending.append(c)
    pss = rss = 0
    for p in tree:
        a, b = mem_kib(p)
        pss += a
        rss += b
    return pss, rss, len(tree)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-mib", type=float, required=True)
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd and a.cmd[0] == "--" else a.cmd
    if not cmd:
        ap.error("no command")
    proc = subprocess.Popen(cmd)
    peak, peak_rss, peak_procs = 0, 0, 0
    while proc.poll() is None:
        kib, rss, n = tree_rss(proc.pid)
        if kib > peak:
            peak, peak_procs = kib, n
        peak_rss = max(peak_rss, rss)
        time.sleep(0.05)
    mib = peak / 1024
    print(f"peak_rss: {mib:.0f} MiB proportional over {peak_procs} processes "
          f"({peak_rss / 1024:.0f} MiB resident summed, shared pages counted in each) "
          f"(limit {a.max_mib:.0f} MiB): {' '.join(cmd[:1] + cmd[-1:])}")
    if proc.returncode not in (0, 4):
        return proc.returncode
    if mib > a.max_mib:
        print(f"peak_rss: over the limit by {mib - a.max_mib:.0f} MiB", file=sys.stderr)
        return 1
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
