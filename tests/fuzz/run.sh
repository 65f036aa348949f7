#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Run every libFuzzer target of a TA_FUZZ build for SECONDS each, starting
# from the seeds in tests/fuzz/seeds/<target>/ (copied: the seeds are never
# written).  A crash fails the run; the crashing input is replayed with its
# report shown and kept in the work directory.
#   tests/fuzz/run.sh BUILD_DIR SECONDS [TARGET...]
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: run.sh BUILD_DIR SECONDS [TARGET...]}
build=$(cd "$build" && pwd) || exit 1 # absolute: each target runs in its own directory
secs=${2:?usage: run.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	for f in "$here"/fuzz_*.c; do
		t=$(basename "$f" .c)
		[ "$t" = fuzz_util ] || targets+=("${t#fuzz_}")
	done
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/ta-fuzz-run.XXXXXX")
failed=0
for t in "${targets[@]}"; do
	bin="$build/fuzz_$t"
	if [ ! -x "$bin" ]; then
		echo "fuzz $t: $bin not built (configure with CC=clang -DTA_FUZZ=ON)" >&2
		failed=1
		continue
	fi
	mkdir -p "$work/$t/corpus"
	cp "$here/seeds/$t/"* "$work/$t/corpus/" 2>/dev/null
	( cd "$work/$t" && UBSAN_OPTIONS=halt_on_error=1 "$bin" -max_total_time="$secs" \
		-close_fd_mask=2 -print_final_stats=1 -max_len=65536 corpus ) >"$work/$t/log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$t/log")
	cov=$(grep -o 'cov: [0-9]*' "$work/$t/log" | tail -1)
	if [ $rc -ne 0 ]; then
		echo "fuzz $t: FAILED (exit $rc) after ${execs:-?} executions" >&2
		for c in "$work/$t"/crash-* "$work/$t"/leak-* "$work/$t"/timeout-* "$work/$t"/oom-*; do
			[ -e "$c" ] || continue
			echo "--- replaying $c" >&2
			"$bin" "$c" 2>&1 | tail -40 >&2
		done
		failed=1
	else
		echo "fuzz $t: ${execs:-?} executions in $secs s, ${cov:-cov: ?} edges, no crash"
	fi
done
if [ $failed -eq 0 ]; then
	rm -rf "$work"
else
	echo "fuzz: inputs and logs kept in $work" >&2
fi
exit $failed
