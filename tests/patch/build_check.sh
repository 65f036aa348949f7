#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# build_check.sh - build-test a whole "tasklet-audit patch" output at once
# on a configured kernel tree: every .c file the patches touch, and for a
# patch that changes a header the .c files of that header's directory (and below it) that
# include it (directly or through another header there: a renamed field
# breaks them, not the patched files) and name an identifier the patch
# removes, is built with `make -k W=1` before
# and after applying all the patches in order; then the patches are
# reverted.  The diagnostics of the two builds are compared with line
# numbers removed (a patch moves lines).  One make run per side keeps all
# CPUs busy; compile_check.sh does the same patch by patch.  All patches are
# applied in order (they form one series: a later patch of a file needs the
# earlier ones); --every only thins out the files that are built.
#
# usage: tests/patch/build_check.sh KTREE PATCHDIR [--every K]
#
# KTREE is a configured copy of the kernel (make allmodconfig && make
# prepare).  --every K builds the files of patches 1, 1+K, 1+2K, ... and
# of every patch that changes a header.  Prints the files built, the new diagnostics if
# any, and a totals line; exit 1 on a new diagnostic, a file that built
# before and not after, or a patch that does not apply.
set -u
ktree=$(cd "$1" && pwd)
pdir=$(cd "$2" && pwd)
every=1
[ "${3:-}" = "--every" ] && every=${4:?--every needs K}
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
# includers, diags
. "$(dirname "$0")/common.sh"

# the identifiers a patch's diff removes (on - lines, on no + line): a file that
# names none of them cannot be broken by the rename
removed_ids() {
	local diff
	diff=$(sed -n '/^diff --git /,$p' "$1" | sed '/^-- $/,$d')
	comm -23 <(grep '^-[^-]' <<<"$diff" | grep -o -E '[A-Za-z_][A-Za-z0-9_]{2,}' | sort -u) \
		<(grep '^+[^+]' <<<"$diff" | grep -o -E '[A-Za-z_][A-Za-z0-9_]*' | sort -u)
}

# includers of the headers patch P changes that name an identifier it removes
affected_includers() {
	local ids
	ids=$(removed_ids "$1")
	[ -n "$ids" ] || return 0
	for h in $(grep '^+++ b/' "$1" | sed 's|^+++ b/||' | grep '\.h$'); do
		includers "$h"
	done | sort -u | (cd "$ktree" && xargs -r grep -l -w -F "$ids" 2>/dev/null)
}

i=0
: >"$log/patches"
for p in "$pdir"/*.patch; do
	if [ $((i % every)) -eq 0 ] || grep -q '^+++ b/.*\.h$' "$p"; then
		echo "$p" >>"$log/patches"
	fi
	i=$((i + 1))
done
while read -r p; do
	grep '^+++ b/' "$p" | sed 's|^+++ b/||' | grep '\.c$'
	affected_includers "$p"
done <"$log/patches" | sort -u >"$log/files"
objs=$(sed 's/\.c$/.o/' "$log/files")
echo "patches: $i, of which $(wc -l <"$log/patches") selected; files to build: $(wc -l <"$log/files")"

build() { # side -> log/side.log, log/side.built
	(cd "$ktree" && rm -f $objs)
	make -C "$ktree" -k -s -j "$(nproc)" W=1 $objs >"$log/$1.log" 2>&1
	(cd "$ktree" && for o in $objs; do [ -f "$o" ] && echo "$o"; done) >"$log/$1.built"
}

build before
applied=0 bad=0
while read -r p; do
	if (cd "$ktree" && patch -s -p1 -N --dry-run <"$p" >/dev/null &&
		patch -s -p1 -N <"$p" >/dev/null); then
		applied=$((applied + 1))
		echo "$p" >>"$log/applied"
	else
		echo "APPLY-FAIL $p"
		bad=$((bad + 1))
	fi
done < <(ls "$pdir"/*.patch)
build after
# revert in reverse order
[ -f "$log/applied" ] && tac "$log/applied" | while read -r p; do
	(cd "$ktree" && patch -s -p1 -R <"$p" >/dev/null)
done
(cd "$ktree" && rm -f $objs)

lost=$(comm -23 "$log/before.built" "$log/after.built")
new=$(comm -13 <(diags "$log/before.log") <(diags "$log/after.log"))
gone=$(comm -23 <(diags "$log/before.log") <(diags "$log/after.log") | wc -l)
[ -n "$lost" ] && printf 'BUILT-BEFORE-NOT-AFTER %s\n' $lost
[ -n "$new" ] && printf 'NEW-DIAG %s\n' "$new"
echo "built: $(wc -l <"$log/before.built") of $(wc -l <"$log/files") files before," \
	"$(wc -l <"$log/after.built") after; diagnostics: $(diags "$log/before.log" | wc -l) before," \
	"$(diags "$log/after.log" | wc -l) after, $(printf '%s' "$new" | grep -c .) new, $gone gone;" \
	"patches: $applied applied, $bad not applied"
[ -z "$new" ] && [ -z "$lost" ] && [ "$bad" -eq 0 ]
