#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh - mutation check of the reference tasklet core.  Builds the core
# library and check_refcore once unmutated and once per mutation
# (cmake -DTA_MUTATION=N, see TA_RC_MUTATION_LIST in
# include/refcore_model.h), each in its own build directory under a
# temporary root, runs check_refcore, and reports how many mutations the
# tests catch (a mutation is caught when check_refcore fails) and how many
# of those the model conformance cases alone catch.
#
# usage: tests/mutation/run.sh [-j JOBS] [N...]   (default: every mutation, -j1)
# exit status: 0 every mutation caught, 1 some survived, 2 the unmutated build
# fails or a mutant does not build.
set -u

src=$(cd "$(dirname "$0")/../.." && pwd)
jobs=1
if [ "${1:-}" = "-j" ]; then
	jobs=$2
	shift 2
fi
header="$src/include/refcore_model.h"
total=$(sed -n 's/^#define TA_RC_NMUTATIONS \([0-9]*\)$/\1/p' "$header")
if [ -z "$total" ]; then
	echo "run.sh: cannot read TA_RC_NMUTATIONS from $header" >&2
	exit 2
fi
if [ $# -gt 0 ]; then
	list="$*"
else
	list=$(seq 1 "$total")
fi
root=$(mktemp -d "${TMPDIR:-/tmp}/ta-mutation.XXXXXX")
trap 'rm -rf "$root"' EXIT INT TERM

# Build and run check_refcore with mutation $1 (0: none) in $root/m$1.
# Prints the test summary line; returns check_refcore's status, or 125
# when the build fails.
run_one() {
	dir="$root/m$1"
	def=""
	[ "$1" -ne 0 ] && def="-DTA_MUTATION=$1"
	if ! cmake -S "$src" -B "$dir" $def >"$dir.log" 2>&1 ||
	   ! cmake --build "$dir" -j "$jobs" --target check_refcore >>"$dir.log" 2>&1; then
		return 125
	fi
	CK_FORK=yes timeout 600 "$dir/check_refcore" >"$dir.out" 2>&1
	rc=$?
	conf=$(grep -c ':[FE]:conformance:' "$dir.out")
	printf '%s; conformance cases failed: %s\n' \
		"$(grep -o 'Checks: [0-9]*, Failures: [0-9]*, Errors: [0-9]*' "$dir.out" | tail -1)" \
		"$conf"
	rm -rf "$dir" "$dir.out" "$dir.log"
	return $rc
}

printf 'baseline (no mutation): '
if ! run_one 0; then
	echo "run.sh: the unmutated check_refcore fails (or does not build): fix that first" >&2
	trap - EXIT
	exit 2
fi

caught=0
by_conformance=0
ran=0
broken=0
for n in $list; do
	name=$(grep "X($n, \"" "$header" | sed 's/.*X([0-9]*, "\(.*\)").*/\1/')
	printf 'mutation %2d (%s): ' "$n" "$name"
	summary=$(run_one "$n")
	rc=$?
	ran=$((ran + 1))
	if [ $rc -eq 125 ]; then
		echo "does not build"
		broken=$((broken + 1))
	elif [ $rc -ne 0 ]; then
		echo "caught [$summary]"
		caught=$((caught + 1))
		case "$summary" in
		*"conformance cases failed: 0") ;;
		*) by_conformance=$((by_conformance + 1)) ;;
		esac
	else
		echo "SURVIVED [$summary]"
	fi
done
echo "caught $caught of $ran mutations ($by_conformance by the conformance cases alone)"
[ $broken -gt 0 ] && exit 2
[ $caught -eq $ran ] && exit 0
exit 1
