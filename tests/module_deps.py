#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""module_deps.py - proves that the modules of the core library do not
depend on each other in a cycle.

A module is one object file of the library (src/foo.c -> foo.c.o).  nm
lists what each object defines and what it leaves undefined; module A
depends on module B when A uses a symbol B defines.  Every strongly
connected component of more than one module is a cycle: each is printed
as a path (a -> b -> ... -> a, with the symbol each step uses) and the
script exits 1.

A cycle that is being removed elsewhere can be named with --allow
MOD,MOD,...: exactly that set of modules is then reported as known and
does not fail the test (a bigger cycle that contains it still does).

usage: module_deps.py LIBRARY.a [--allow MOD,MOD,...]... [--dot]
"""
import subprocess
import sys


def read_symbols(lib):
    """{module: set of defined}, {module: set of undefined} from nm -A."""
    run = subprocess.run(["nm", "-A", lib], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit("module_deps: nm '%s' failed: %s" % (lib, run.stderr.strip()))
    out = run.stdout
    defined, undefined = {}, {}
    for line in out.splitlines():
        # libtacore.a:audit.c.o:0000000000000000 T ta_audit_new
        # libtacore.a:audit.c.o:                 U free
        head, _, rest = line.rpartition(":")
        module = head.rsplit(":", 1)[-1]
        if module.endswith(".o"):
            module = module[:-2]
        if module.endswith(".c"):
            module = module[:-2]
        parts = rest.split()
        if len(parts) < 2:
            continue
        kind, sym = parts[-2], parts[-1]
        defined.setdefault(module, set())
        undefined.setdefault(module, set())
        if kind == "U":
            undefined[module].add(sym)
        elif kind.isupper() or kind in "vw":
            defined[module].add(sym)
    return defined, undefined


def build_graph(defined, undefined):
    """{module: {dependency: first symbol used}}."""
    owner = {}
    for module, syms in defined.items():
        for s in syms:
            owner.setdefault(s, module)
    graph = {m: {} for m in defined}
    for module, syms in undefined.items():
        for s in sorted(syms):
            dep = owner.get(s)
            if dep and dep != module:
                graph[module].setdefault(dep, s)
    return graph


def components(graph):
    """Tarjan's strongly connected components (iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    advanced = True
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                out.append(sorted(comp))
    return out


def cycle_in(graph, comp):
    """One cycle through the component's first module, as a list of modules."""
    members = set(comp)
    start = comp[0]
    # breadth-first back to start: the shortest cycle through it
    prev = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph[node]):
            if nxt not in members:
                continue
            if nxt == start:
                path = [node]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                path.reverse()
                return path + [start]
            if nxt not in prev:
                prev[nxt] = node
                queue.append(nxt)
    return comp + [start]


def main(argv):
    args, allowed, dot = [], [], False
    i = 1
    while i < len(argv):
        if argv[i] == "--dot":
            dot = True
        elif argv[i] == "--allow" and i + 1 < len(argv):
            i += 1
            allowed.append(sorted(argv[i].split(",")))
        else:
            args.append(argv[i])
        i += 1
    if len(args) != 1:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    defined, undefined = read_symbols(args[0])
    if not defined:
        print("module_deps: no object files in '%s'" % args[0], file=sys.stderr)
        return 2
    graph = build_graph(defined, undefined)
    if dot:
        print("digraph modules {")
        for m in sorted(graph):
            for d in sorted(graph[m]):
                print('\t"%s" -> "%s";' % (m, d))
        print("}")
        return 0
    cycles = [c for c in components(graph) if len(c) > 1]
    failed = 0
    for comp in cycles:
        path = cycle_in(graph, comp)
        steps = ["%s -(%s)-> " % (a, graph[a][b]) for a, b in zip(path, path[1:])]
        known = comp in allowed
        failed += not known
        print("%scycle among %d modules (%s):"
              % ("known " if known else "", len(comp), ", ".join(comp)))
        print("  " + "".join(steps) + path[-1])
    for comp in allowed:
        if comp not in cycles:
            print("note: --allow %s: that cycle is gone, drop the exception" % ",".join(comp))
    print("module_deps: %d modules, %d dependencies, %d cycle%s (%d known)"
          % (len(graph), sum(len(d) for d in graph.values()), len(cycles),
             "" if len(cycles) == 1 else "s", len(cycles) - failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
