#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh - times tasklet-audit on a kernel tree (or a subdirectory of one)
# against baselines measured in the same run: the pre-filter alone (the
# floor), a cold audit (empty cache) with -j 1 and -j N, a warm audit
# (nothing changed), with --edit a run after editing one .c file of the tree
# (then restored: give --edit only for a scratch copy), `patch --to bh` with
# the warm cache of the cold run (as a maintainer runs it after an audit),
# optionally a plain full parse (--no-cache --no-pch), Coccinelle's spatch
# when installed, and the peak memory of the whole process tree (workers
# summed, tests/realtree/peak_rss.py) of a cold audit and of the patch run,
# measured in runs of their own so that the sampling (about 8% of a CPU) does
# not slow the timed ones, or with --mem-inline on the timed runs themselves
# (cheaper: CI; the CPU figures exclude the sampler, the wall times do not).
# The cold audit and spatch run --reps times each (3 by default), taking
# turns (cold, spatch, cold, spatch, ...), so that both see the same state
# of the machine; their goals compare the medians, wall with wall and CPU
# with CPU, and every repetition and its own ratio is printed too.  Prints
# each time, then one line per goal of issue #15: the goal, the measured
# ratio, the target, met or not met.
#
# It never fails on timing: machines are noisy, only the ratios are
# meaningful.  It fails when a run fails or when the audits disagree: the
# -j 1, warm and cold JSON must be identical (but for "timing"), and the
# plain parse may differ from them only in the error counts of files that
# do not parse cleanly.
#
# usage: tests/bench/bench.sh [--plain] [--edit] [--no-mem|--mem-inline] [--jobs N] [--reps N] TREE [BINARY]
set -euo pipefail

plain=0
edit=0
mem=1
jobs=$(nproc)
reps=3
while [ $# -gt 0 ]; do
	case "$1" in
	--plain) plain=1; shift ;;
	--edit) edit=1; shift ;;
	--no-mem) mem=0; shift ;;
	--mem-inline) mem=2; shift ;;
	--jobs) jobs=$2; shift 2 ;;
	--reps) reps=$2; shift 2 ;;
	*) break ;;
	esac
done
tree=${1:?usage: bench.sh [--plain] [--edit] [--no-mem|--mem-inline] [--jobs N] [--reps N] TREE [BINARY]}
case "$reps" in '' | *[!0-9]* | 0) echo "bench.sh: --reps wants a number of at least 1" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")" && pwd)
bin=${2:-$here/../../build/tasklet-audit}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cache="$work/cache"

# run NAME CMD...: wall seconds, CPU seconds (user + system of the command and
# every child it waited for) and the largest single process's peak RSS into
# $work/NAME.{s,cpu,kb}; with --mem-inline, the cold and patch runs under
# peak_rss.py (outside /usr/bin/time: its sampling is not in the CPU figure)
run() {
	local name=$1 wrap=()
	shift
	if [ "$mem" = 2 ] && { [ "$name" = cold ] || [ "$name" = patch_bh ]; }; then
		wrap=(python3 "$here/../realtree/peak_rss.py" --max-mib 1e9 --)
	fi
	"${wrap[@]}" /usr/bin/time -f "%e %U %S %M" -o "$work/$name.t" "$@" >"$work/$name.out" 2>"$work/$name.err" || {
		echo "$name failed:" >&2
		tail -5 "$work/$name.err" >&2
		exit 1
	}
	read -r s u sy kb <"$work/$name.t"
	echo "$s" >"$work/$name.s"
	echo "$u + $sy" | bc -l >"$work/$name.cpu"
	printf '%-28s %8.2f s wall %8.2f s CPU %6.0f MiB\n' "$name" "$s" "$(cat "$work/$name.cpu")" \
		"$(echo "$kb / 1024" | bc -l)"
	if [ ${#wrap[@]} -gt 0 ]; then
		grep '^peak_rss:' "$work/$name.out" >"$work/mem_$name.peak"
		sed -n 's/^peak_rss: \([0-9]*\) MiB.*/\1/p' "$work/mem_$name.peak" >"$work/mem_$name.mib"
		echo "  peak: $(sed 's/^peak_rss: //; s/ (limit.*//' "$work/mem_$name.peak")"
	fi
}
secs() { cat "$work/$1.s"; }
cpu() { cat "$work/$1.cpu"; }
div() { echo "scale=3; $1 / $2" | bc -l | sed 's/^\./0./'; }
# med secs|cpu NAME: the median of that figure over NAME's repetitions
med() {
	local what=$1 name=$2 r
	for r in $(seq 1 "$reps"); do
		if [ "$r" = 1 ]; then "$what" "$name"; else "$what" "${name}_r$r"; fi
	done | sort -g | awk '{v[NR] = $1} END {if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# goal NAME VALUE OP TARGET: one line, "met" when VALUE OP TARGET holds
goal() {
	local name=$1 value=$2 op=$3 target=$4 ok
	ok=$(echo "$value $op $target" | bc -l)
	printf '  %-48s %8s   target %s %-6s %s\n' "$name" "$value" "$op" "$target" \
		"$([ "$ok" = 1 ] && echo met || echo "not met")"
}

echo "tree: $tree  jobs: $jobs  machine: $(nproc) CPUs  load: $(cut -d' ' -f1-3 /proc/loadavg)"
run prefilter "$bin" --no-cache --list-candidates "$tree"
echo "  candidates: $(wc -l <"$work/prefilter.out")"
run cold_j1 "$bin" -j 1 --cache-dir "$cache.j1" --json "$work/cold_j1.json" -o /dev/null "$tree"
# the cold audit and spatch, taking turns: repetition 1 of the cold audit
# keeps its cache (the warm and patch runs start from it), the others start
# empty and must give the same JSON
spatch=0
command -v spatch >/dev/null && spatch=1
for r in $(seq 1 "$reps"); do
	name=cold
	[ "$r" = 1 ] || name=cold_r$r
	c="$cache"
	[ "$r" = 1 ] || c="$cache.r$r"
	run "$name" "$bin" -j "$jobs" --cache-dir "$c" --json "$work/$name.json" -o /dev/null "$tree"
	[ "$r" = 1 ] || rm -rf "$c"
	if [ "$spatch" = 1 ]; then
		name=spatch
		[ "$r" = 1 ] || name=spatch_r$r
		run "$name" spatch --very-quiet -j "$jobs" --sp-file "$here/tasklet-sites.cocci" -D report --dir "$tree"
		[ "$r" = 1 ] && echo "  spatch sites: $(grep -c ':' "$work/spatch.out" || true)"
	fi
done
run warm "$bin" -j "$jobs" --cache-dir "$cache" --json "$work/warm.json" -o /dev/null "$tree"

# the kernel tree's root (the tree given may be a subdirectory of it)
root=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tree"])' "$work/cold.json")
# a tree without the BH-workqueue API (before v6.10) needs --force-api
force=()
grep -q system_bh_wq "$root/include/linux/workqueue.h" 2>/dev/null || force=(--force-api)
# the patch run after the audit, with its warm cache: the same directory (a
# copy would not do: the facts' keys name the generated headers' overlay
# inside the cache, so every entry of a copy misses and the "warm" patch run
# parsed the whole tree again)
run patch_bh "$bin" patch --to bh "${force[@]}" -j "$jobs" --cache-dir "$cache" \
	-o "$work/p-bh" --json "$work/patch-bh.json" "$tree"
echo "  patches: $(find "$work/p-bh" -name '*.patch' | wc -l)${force:+  (${force[*]}: the tree lacks the BH API)}"

# one edited file: only it is parsed again (touch changes mtime, not content:
# append a comment, then put the file back with its time stamps; only with
# --edit, on a scratch copy of a tree)
victim=$(head -1 "$work/prefilter.out")
if [ "$edit" = 1 ] && [ -n "$victim" ] && [ -w "$root/$victim" ]; then
	cp -p "$root/$victim" "$work/victim.bak"
	trap 'cp -p "$work/victim.bak" "$root/$victim"; rm -rf "$work"' EXIT
	echo "/* bench */" >>"$root/$victim"
	run one_edit "$bin" -j "$jobs" --cache-dir "$cache" --timing --json "$work/edit.json" -o /dev/null "$tree"
	cp -p "$work/victim.bak" "$root/$victim"
	trap 'rm -rf "$work"' EXIT
	grep -E '"cache_(hits|misses)"' "$work/edit.json" | tr -d '\t,' | sed 's/^/  /'
fi
if [ "$plain" = 1 ]; then
	run plain_full_parse "$bin" -j "$jobs" --no-cache --no-pch --json "$work/plain.json" -o /dev/null "$tree"
fi
# peak memory of the whole process tree, in runs of their own
peak() {
	local name=$1
	shift
	python3 "$here/../realtree/peak_rss.py" --max-mib 1e9 -- "$@" >"$work/$name.peak" 2>&1 || {
		echo "$name failed:" >&2
		tail -5 "$work/$name.peak" >&2
		exit 1
	}
	sed -n 's/^peak_rss: \([0-9]*\) MiB.*/\1/p' "$work/$name.peak" | tail -1 >"$work/$name.mib"
	echo "  $name: $(grep '^peak_rss:' "$work/$name.peak" | sed 's/^peak_rss: //; s/ (limit.*//')"
}
if [ "$mem" = 1 ]; then
	echo "peak memory, process tree summed:"
	peak mem_cold "$bin" -j "$jobs" --cache-dir "$cache.mem" --json /dev/null -o /dev/null "$tree"
	peak mem_patch_bh "$bin" patch --to bh "${force[@]}" -j "$jobs" --cache-dir "$cache.mem" \
		-o "$work/p-bh.mem" --json /dev/null "$tree"
fi

echo
echo "other ratios (same run):"
echo "  cold / pre-filter      $(div "$(med secs cold)" "$(secs prefilter)")"
echo "  warm / pre-filter      $(div "$(secs warm)" "$(secs prefilter)")"
printf "  cold per parsed file   %.3f s\n" "$(echo "scale=4; $(med secs cold) / ($(wc -l <"$work/prefilter.out") + 0.0001)" | bc -l)"
[ "$plain" = 1 ] && echo "  plain parse / cold     $(div "$(secs plain_full_parse)" "$(med secs cold)")"
echo
if [ "$spatch" = 1 ]; then
	echo "cold audit against spatch, repetition by repetition (wall, CPU ratios):"
	for r in $(seq 1 "$reps"); do
		c=cold sp=spatch
		[ "$r" = 1 ] || { c=cold_r$r; sp=spatch_r$r; }
		printf '  %d: cold %7.2f s %7.2f CPU  spatch %7.2f s %7.2f CPU  ratios %s %s\n' "$r" \
			"$(secs "$c")" "$(cpu "$c")" "$(secs "$sp")" "$(cpu "$sp")" \
			"$(div "$(secs "$c")" "$(secs "$sp")")" "$(div "$(cpu "$c")" "$(cpu "$sp")")"
	done
	echo
fi
echo "goals of issue #15 (same run; goal, measured, target, met or not met):"
if [ "$spatch" = 1 ]; then
	goal "cold audit wall / spatch wall (medians of $reps)" "$(div "$(med secs cold)" "$(med secs spatch)")" "<=" 1.0
	goal "cold audit CPU / spatch CPU (medians of $reps)" "$(div "$(med cpu cold)" "$(med cpu spatch)")" "<=" 1.0
	goal "warm audit wall / spatch wall (median)" "$(div "$(secs warm)" "$(med secs spatch)")" "<=" 0.05
else
	echo "  (spatch is not installed: the three goals against it are not measured)"
fi
goal "patch --to bh wall / cold audit wall (median)" "$(div "$(secs patch_bh)" "$(med secs cold)")" "<=" 1.5
if [ "$mem" != 0 ]; then
	m=$(cat "$work"/mem_*.mib | sort -n | tail -1)
	goal "peak MiB, process tree (max of audit, patch)" "$m" "<" 1024
else
	m=$(for n in cold_j1 cold warm patch_bh; do read -r _ _ _ kb <"$work/$n.t"; echo $((kb / 1024)); done | sort -n | tail -1)
	goal "peak MiB, largest single process (--no-mem)" "$m" "<" 1024
fi
printf '  %-48s %8s   (reported: -j 1 wall / -j %s wall; CPU %s vs %s s)\n' "cold -j 1 / -j $jobs speed-up" \
	"$(div "$(secs cold_j1)" "$(med secs cold)")" "$jobs" "$(cpu cold_j1)" "$(med cpu cold)"

# every audit must give the same report; the plain parse may differ only in
# the error counts of files that do not parse cleanly (the PCH supplies
# declarations their missing headers lacked): say exactly what differs
echo
fail=0
for f in cold_j1 $(seq -f 'cold_r%g' 2 "$reps") warm plain; do
	[ -f "$work/$f.json" ] || continue
	python3 - "$work/cold.json" "$work/$f.json" "$f" <<'PY' || fail=1
import json, sys
a, b, name = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
for k in ("timing", "generated_at"):
    a.pop(k, None); b.pop(k, None)
if a == b:
    print(f"JSON: {name} is identical to cold")
    sys.exit(0)
same_tasklets = a["tasklets"] == b["tasklets"] and a["unresolved_sites"] == b["unresolved_sites"]
fa = {f["path"]: f for f in a["files"]}
fb = {f["path"]: f for f in b["files"]}
diff = sorted(p for p in set(fa) | set(fb) if fa.get(p) != fb.get(p))
# the same status; the error count and the reason (which quotes the count
# and the first error) may differ
only_errors = all(
    p in fa and p in fb and fa[p].get("status") == fb[p].get("status")
    and {k: v for k, v in fa[p].items() if k not in ("errors", "reason")}
    == {k: v for k, v in fb[p].items() if k not in ("errors", "reason")}
    for p in diff)
print(f"JSON: {name} differs from cold; tasklets and sites {'identical' if same_tasklets else 'DIFFERENT'}; "
      f"{len(diff)} file entries differ{' (error counts only)' if only_errors else ''}")
for p in diff[:10]:
    f, g = fa.get(p, {}), fb.get(p, {})
    print(f"  {p}: {f.get('status')} {f.get('errors')} errors vs {g.get('status')} {g.get('errors')}")
if name == "plain" and same_tasklets and only_errors:
    print("  explanation: these files do not parse cleanly without a configured build (a header\n"
          "  they use is missing or generated); with the PCH, its headers come first and supply\n"
          "  declarations the missing header would have, so fewer errors are counted; what the\n"
          "  audit finds (tasklets, sites, statuses of the other files) is the same")
    sys.exit(0)
sys.exit(1)
PY
done
[ "$fail" = 0 ] || { echo "bench.sh: the audits' JSON disagree" >&2; exit 1; }
