#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh - times tasklet-audit on a kernel tree against baselines measured
# in the same run: the pre-filter alone (the floor), a cold audit (empty
# cache) with -j 1 and -j N, a warm audit (nothing changed), a run after
# touching one .c file, optionally a plain full parse (--no-cache --no-pch)
# and Coccinelle's spatch when installed.  Prints each time, peak memory and
# the ratios, and checks that every audit gave the same JSON.  It never fails
# on timing: machines are noisy, only the ratios are meaningful.
#
# usage: tests/bench/bench.sh [--plain] [--jobs N] TREE [BINARY]
set -euo pipefail

plain=0
jobs=$(nproc)
while [ $# -gt 0 ]; do
	case "$1" in
	--plain) plain=1; shift ;;
	--jobs) jobs=$2; shift 2 ;;
	*) break ;;
	esac
done
tree=${1:?usage: bench.sh [--plain] [--jobs N] TREE [BINARY]}
bin=${2:-$(dirname "$0")/../../build/tasklet-audit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache="$work/cache"

# run NAME CMD...: wall seconds and peak KiB into $work/NAME.{s,kb}
run() {
	local name=$1
	shift
	/usr/bin/time -f "%e %M" -o "$work/$name.t" "$@" >"$work/$name.out" 2>"$work/$name.err" || {
		echo "$name failed:" >&2
		tail -5 "$work/$name.err" >&2
		exit 1
	}
	read -r s kb <"$work/$name.t"
	printf '%-28s %8.2f s %8.0f MiB\n' "$name" "$s" "$(echo "$kb / 1024" | bc -l)"
	echo "$s" >"$work/$name.s"
}
secs() { cat "$work/$1.s"; }
ratio() { echo "scale=2; $(secs "$1") / $(secs "$2")" | bc -l; }

echo "tree: $tree  jobs: $jobs  machine: $(nproc) CPUs"
run prefilter "$bin" --no-cache --list-candidates "$tree"
echo "  candidates: $(wc -l <"$work/prefilter.out")"
run cold_j1 "$bin" -j 1 --cache-dir "$cache.j1" --json "$work/cold_j1.json" -o /dev/null "$tree"
run cold "$bin" -j "$jobs" --cache-dir "$cache" --json "$work/cold.json" -o /dev/null "$tree"
run warm "$bin" -j "$jobs" --cache-dir "$cache" --json "$work/warm.json" -o /dev/null "$tree"
# one edited file: only it is parsed again (touch changes mtime, not content:
# append a comment to a copy-on-write tree instead when the tree is writable)
root=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tree"])' "$work/cold.json")
victim=$(head -1 "$work/prefilter.out")
if [ -w "$root/$victim" ]; then
	cp -p "$root/$victim" "$work/victim.bak"
	echo "/* bench */" >>"$root/$victim"
	run one_edit "$bin" -j "$jobs" --cache-dir "$cache" --timing --json "$work/edit.json" -o /dev/null "$tree"
	cp -p "$work/victim.bak" "$root/$victim"
	grep -E '"cache_(hits|misses)"' "$work/edit.json" | tr -d '\t,' | sed 's/^/  /'
fi
if [ "$plain" = 1 ]; then
	run plain_full_parse "$bin" -j "$jobs" --no-cache --no-pch --json "$work/plain.json" -o /dev/null "$tree"
fi
if command -v spatch >/dev/null; then
	run spatch spatch --very-quiet -j "$jobs" --sp-file "$(dirname "$0")/tasklet-sites.cocci" -D report --dir "$tree"
	echo "  spatch sites: $(grep -c ':' "$work/spatch.out" || true)"
fi

echo
echo "ratios (same run):"
echo "  cold / pre-filter      $(ratio cold prefilter)"
echo "  warm / pre-filter      $(ratio warm prefilter)"
echo "  cold -j1 / cold -j$jobs    $(ratio cold_j1 cold)  (speed-up)"
printf "  cold per parsed file   %.3f s\n" "$(echo "scale=4; $(secs cold) / $(wc -l <"$work/prefilter.out")" | bc -l)"
[ "$plain" = 1 ] && echo "  plain parse / cold     $(ratio plain_full_parse cold)"
command -v spatch >/dev/null && echo "  spatch / cold          $(ratio spatch cold)"

# every audit must give the same report; the plain parse may differ only in
# the error counts of files that do not parse cleanly (the PCH supplies
# declarations their missing headers lacked): say exactly what differs
for f in cold_j1 warm plain; do
	[ -f "$work/$f.json" ] || continue
	python3 - "$work/cold.json" "$work/$f.json" "$f" <<'PY'
import json, sys
a, b, name = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
a.pop("timing", None); b.pop("timing", None)
if a == b:
    print(f"JSON: {name} is identical to cold")
    sys.exit(0)
same_tasklets = a["tasklets"] == b["tasklets"] and a["unresolved_sites"] == b["unresolved_sites"]
fa = {f["path"]: f for f in a["files"]}
diff = [p for p, f in fa.items() if f != next((g for g in b["files"] if g["path"] == p), None)]
print(f"JSON: {name} differs from cold; tasklets and sites {'identical' if same_tasklets else 'DIFFERENT'}; "
      f"{len(diff)} file entries differ")
for p in diff[:10]:
    g = next((g for g in b["files"] if g["path"] == p), {})
    print(f"  {p}: {fa[p]['status']} {fa[p].get('errors')} errors vs {g.get('status')} {g.get('errors')}")
PY
done
