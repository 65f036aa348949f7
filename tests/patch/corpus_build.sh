#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# corpus_build.sh - build the patch corpus' converted files for real: each
# corpus/patch/DIR/FILE.c with a FILE.c.MIG.expected (the file as the
# patches leave it) is compiled as an external module object against a
# configured kernel tree with W=1, before (FILE.c) and after (the expected
# text), and the diagnostics are compared with line numbers removed.  The
# corpus' entry points are not static and have no prototypes, so
# -Wmissing-prototypes and -Wmissing-declarations are off, and warnings
# are not errors (so that every file is seen); nothing else is filtered.
# A file that does not compile before (a corpus case that declares kernel
# types its own way) is listed and skipped.
#
# This is the build check of the shapes the real trees lack on x86 (the
# driver macros and element arrays of talitos, which needs FSL_SOC).
#
# usage: tests/patch/corpus_build.sh KTREE
#
# KTREE is a configured kernel tree with the BH-workqueue API (6.12:
# make allmodconfig && make prepare).  Prints each file's outcome and a
# totals line; exit 1 on a new diagnostic or a file that compiled before
# and not after.
set -u
ktree=$(cd "${1:?usage: corpus_build.sh KTREE}" && pwd)
here=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$(dirname "$0")/common.sh"

mkdir -p "$work/before" "$work/after"
objs=""
for exp in "$here"/corpus/patch/*/*.c.*.expected; do
	dir=$(basename "$(dirname "$exp")")
	base=$(basename "$exp")
	src=${base%%.c.*}.c
	name=${dir}_${src%.c}
	cp "$(dirname "$exp")/$src" "$work/before/$name.c"
	cp "$exp" "$work/after/$name.c"
	objs="$objs $name.o"
done
for side in before after; do
	echo "obj-m +=$objs" >"$work/$side/Kbuild"
	make -C "$ktree" M="$work/$side" -k -j "$(nproc)" W=1 \
		KCFLAGS="-Wno-missing-prototypes -Wno-missing-declarations -Wno-error" \
		$objs >"$work/$side.log" 2>&1
done
new=0 broken=0 built=0 skipped=0
for o in $objs; do
	n=${o%.o}
	if [ ! -f "$work/before/$o" ]; then
		echo "skipped: $n (does not compile before the patches)"
		skipped=$((skipped + 1))
		continue
	fi
	if [ ! -f "$work/after/$o" ]; then
		echo "BROKEN: $n compiled before the patches, not after"
		grep -E "/$n\.c:[0-9]+:[0-9]+: (error|warning):" "$work/after.log" | head -5
		broken=$((broken + 1))
		continue
	fi
	built=$((built + 1))
	d=$(comm -13 <(grep -E "/$n\.c:" "$work/before.log" | sed "s|$work/before/||" >"$work/b" &&
		diags "$work/b") \
		<(grep -E "/$n\.c:" "$work/after.log" | sed "s|$work/after/||" >"$work/a" &&
			diags "$work/a"))
	if [ -n "$d" ]; then
		echo "NEW: $n"
		echo "$d" | sed 's/^/    /'
		new=$((new + 1))
	fi
done
echo "corpus build: $built files built before and after, $new with new diagnostics," \
	"$broken broken, $skipped skipped"
[ "$new" = 0 ] && [ "$broken" = 0 ]
