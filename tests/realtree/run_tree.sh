#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Run what CI runs on one real tree and leave every output in one directory:
# the cold audit (report.json, report.txt), then a patch run per mode
# (patch-M.json, p-M/), timed.  snapshot.py digests that directory.
#
#   run_tree.sh BIN TREE OUTDIR CACHEDIR [--force-api] MODE...
# --force-api applies to every mode but wq, which runs without it (the API
# is detected by symbol and a tree lacking disable_work_sync refuses).
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: run_tree.sh BIN TREE OUTDIR CACHEDIR [--force-api] MODE..." >&2; exit 2; }
bin=$1 tree=$2 out=$3 cache=$4
shift 4
force=
if [ "${1:-}" = --force-api ]; then
	force=--force-api
	shift
fi
mkdir -p "$out"
jobs=$(nproc)
/usr/bin/time -f "audit: %e s, %M KiB" "$bin" -j "$jobs" --cache-dir "$cache" \
	--json "$out/report.json" -o "$out/report.txt" "$tree"
for m in "$@"; do
	f=$force
	[ "$m" = wq ] && f=
	rm -rf "$out/p-$m"
	/usr/bin/time -f "patch --to $m: %e s, %M KiB" "$bin" patch --to "$m" $f -j "$jobs" \
		--cache-dir "$cache" -o "$out/p-$m" --json "$out/patch-$m.json" "$tree"
done
