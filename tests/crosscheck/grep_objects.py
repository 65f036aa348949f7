#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
grep_objects.py - an independent, regex-only count of tasklet objects in a
kernel tree, to cross-check tasklet-audit's libclang indexer.

It finds every tasklet init written in a .c file (tasklet_init/tasklet_setup
calls, DECLARE_TASKLET* declarations, open-coded .func = / .callback =
assignments on something named like a tasklet) with comments and strings
stripped, and names the object by (file, last identifier of the target):
"&priv->chan[i].rx_tasklet" -> "rx_tasklet".  It then compares with the
init sites in a tasklet-audit JSON report and prints every difference.

usage: grep_objects.py TREE REPORT.json [--quiet]
exit 0 when the report's recall of grep's init sites is >= 99%, else 1.
"""
import json
import os
import re
import sys

INIT_CALL = re.compile(r'\b(tasklet_init|tasklet_setup)\s*\(')
DECLARE = re.compile(r'\b(DECLARE_TASKLET(?:_OLD|_DISABLED|_DISABLED_OLD)?)\s*\(\s*(\w+)')
ASSIGN = re.compile(r'([\w\]\)]+)\s*(?:\.|->)\s*(func|callback)\s*=[^=]')


def strip_comments(text):
    """Blank out comments and string literals, keeping line numbers."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append('"' + re.sub(r'[^\n]', ' ', text[i + 1:j]) + '"')
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def first_arg(text, pos):
    """The first argument of a call whose '(' is at pos."""
    depth, i = 0, pos + 1
    while i < len(text):
        c = text[i]
        if c in '([':
            depth += 1
        elif c in ')]':
            if depth == 0:
                break
            depth -= 1
        elif c == ',' and depth == 0:
            break
        i += 1
    return text[pos + 1:i]


def last_ident(expr):
    expr = re.sub(r'\[[^\]]*\]', '', expr)
    ids = re.findall(r'[A-Za-z_]\w*', expr)
    return ids[-1] if ids else expr.strip()


MACRO = '<inside a #define>'


def in_define(text, pos):
    """Is pos inside a #define (following backslash continuations)?"""
    start = text.rfind('\n', 0, pos) + 1
    while True:
        if text[start:pos].lstrip().startswith('#define'):
            return True
        if start < 2 or text[start - 2] != '\\':
            return False
        pos = start - 1
        start = text.rfind('\n', 0, start - 1) + 1


def grep_tree(tree):
    sites = set()
    for dirpath, dirnames, filenames in os.walk(tree):
        rel_dir = os.path.relpath(dirpath, tree)
        if rel_dir == 'tools' or rel_dir.startswith('tools/') or '.git' in dirnames:
            dirnames[:] = [d for d in dirnames if d != '.git']
        for fn in filenames:
            if not fn.endswith('.c'):
                continue
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, tree)
            try:
                raw = open(path, encoding='latin-1').read()
            except OSError:
                continue
            if 'tasklet' not in raw and 'TASKLET' not in raw:
                continue
            text = strip_comments(raw)
            for m in INIT_CALL.finditer(text):
                line_start = text.rfind('\n', 0, m.start()) + 1
                prefix = text[line_start:m.start()]
                if re.match(r'\s*(extern\s+)?void\s*$', prefix):
                    continue  # a declaration or definition, not a call
                if in_define(text, m.start()):
                    # a driver macro: the objects are named where it expands
                    sites.add((rel, MACRO))
                    continue
                arg = first_arg(text, m.end() - 1)
                sites.add((rel, last_ident(arg)))
            for m in DECLARE.finditer(text):
                line_start = text.rfind('\n', 0, m.start()) + 1
                if text[line_start:m.start()].lstrip().startswith('#define'):
                    continue
                sites.add((rel, m.group(2)))
            for m in ASSIGN.finditer(text):
                line = text[text.rfind('\n', 0, m.start()) + 1:text.find('\n', m.end())]
                if 'tasklet' in line.lower():
                    sites.add((rel, last_ident(m.group(1))))
    return sites


def report_sites(report):
    sites = set()
    for t in report['tasklets']:
        for s in t['init_sites']:
            if s['api'] == '.data':
                continue
            sites.add((s['file'], last_ident(s.get('text') or t['name'])))
    return sites


def report_macro_sites(report):
    return {(s['file'], s.get('via_macro')) for t in report['tasklets']
            for s in t['init_sites'] if s.get('via_macro')}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    quiet = '--quiet' in sys.argv
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    tree, report_path = args
    report = json.load(open(report_path))
    prefix = report.get('subtree') or ''
    grep = {s for s in grep_tree(tree) if s[0].startswith(prefix)}
    tool = report_sites(report)
    # a site grep saw inside a #define is matched by any macro-expanded init in that file
    via_macro = {t_file for t_file, _ in report_macro_sites(report)}
    grep = {s for s in grep if s[1] != MACRO or s[0] not in via_macro}
    tool_plain = tool
    missed = sorted(grep - tool_plain)
    extra = sorted(s for s in tool - grep if s[0] not in via_macro)
    recall = 1.0 - len(missed) / max(1, len(grep))
    objects = len({t['key'] for t in report['tasklets'] if t['init_sites']})
    files = len({s[0] for s in grep})
    print(f'grep: {len(grep)} init (file, object) pairs in {files} files; '
          f'tool: {len(tool)} pairs, {objects} initialized objects')
    print(f'missed by the tool: {len(missed)}; found only by the tool: {len(extra)}; '
          f'recall {recall * 100:.2f}%')
    if not quiet:
        for f, n in missed:
            print(f'  missed: {f}: {n}')
        for f, n in extra:
            print(f'  tool only: {f}: {n}')
    return 0 if recall >= 0.99 else 1


if __name__ == '__main__':
    sys.exit(main())
