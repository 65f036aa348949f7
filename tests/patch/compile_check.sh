#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# compile_check.sh - build-test "tasklet-audit patch" output on a configured
# kernel tree: for every patch in PATCHDIR, compile each patched .c file
# with `make W=1 path/file.o` before and after applying the patch, and
# compare the errors and warnings (line numbers removed, since a patch
# moves lines).  The tree is left as it was: each patch is reverted.
#
# usage: tests/patch/compile_check.sh KTREE PATCHDIR [--bh-decls]
#
# A patch that changes a header also gets the .c files of the header's
# directory built that include it, directly or through another header of
# that directory: a renamed field breaks them, not the patched files.
#
# KTREE is a configured copy of the kernel (make allmodconfig && make
# prepare).  With --bh-decls a test-only header declaring the v6.10
# BH-workqueue API (system_bh_wq, system_bh_highpri_wq, disable_work[_sync],
# enable_work, enable_and_queue_work, from_work) is forced into every
# compile, before and after alike, with KCFLAGS=-include: for trees that
# lack the API (6.1).
#
# Output: one line per file: "same" (possibly with fewer diagnostics),
# "NEW-DIAG" (a diagnostic the file did not have before, with the difference) or
# "skip" (does not build before the patch: not enabled in this
# configuration, or another architecture), then the totals.  Exit 1 when a
# file got a new diagnostic or a patch did not apply.
set -u
ktree=$(cd "$1" && pwd)
pdir=$(cd "$2" && pwd)
bh=${3:-}
log=$(mktemp -d)
kcflags=
if [ "$bh" = "--bh-decls" ]; then
	cat > "$log/ta-bh-api-test-only.h" <<'H'
/* test-only: the BH-workqueue API of v6.10, declarations for compile checks */
struct workqueue_struct;
struct work_struct;
extern struct workqueue_struct *system_bh_wq;
extern struct workqueue_struct *system_bh_highpri_wq;
_Bool disable_work(struct work_struct *work);
_Bool disable_work_sync(struct work_struct *work);
_Bool enable_work(struct work_struct *work);
_Bool enable_and_queue_work(struct workqueue_struct *wq, struct work_struct *work);
#define from_work(var, callback_work, work_fieldname) \
	container_of(callback_work, typeof(*var), work_fieldname)
H
	kcflags="-include $log/ta-bh-api-test-only.h"
fi

# includers, diags
. "$(dirname "$0")/common.sh"

build() { # file.c logfile -> exit status of make
	local o=${1%.c}.o
	rm -f "$ktree/$o"
	make -C "$ktree" -s W=1 KCFLAGS="$kcflags" "$o" > "$2" 2>&1
}

same=0 new=0 skip=0 bad=0
for p in "$pdir"/*.patch; do
	files=$(grep '^+++ b/' "$p" | sed 's|^+++ b/||' | grep '\.c$')
	for h in $(grep '^+++ b/' "$p" | sed 's|^+++ b/||' | grep '\.h$'); do
		files="$files $(includers "$h")"
	done
	files=$(printf '%s\n' $files | sort -u)
	n=0
	for f in $files; do
		build "$f" "$log/before.$n"
		echo $? > "$log/before.$n.rc"
		n=$((n + 1))
	done
	if ! (cd "$ktree" && patch -s -p1 -N --dry-run < "$p" > /dev/null &&
	      patch -s -p1 -N < "$p" > /dev/null); then
		echo "APPLY-FAIL $p"
		bad=$((bad + 1))
		continue
	fi
	n=0
	for f in $files; do
		build "$f" "$log/after.$n"
		ra=$?
		rb=$(cat "$log/before.$n.rc")
		if [ "$rb" -ne 0 ]; then
			echo "skip $f (does not build before the patch)"
			skip=$((skip + 1))
		elif [ "$ra" -ne 0 ] || [ -n "$(comm -13 <(diags "$log/before.$n") <(diags "$log/after.$n"))" ]; then
			echo "NEW-DIAG $f"
			diff <(diags "$log/before.$n") <(diags "$log/after.$n") | head -8
			new=$((new + 1))
		elif [ "$(diags "$log/before.$n")" != "$(diags "$log/after.$n")" ]; then
			echo "same $f (fewer diagnostics after: $(comm -23 <(diags "$log/before.$n") <(diags "$log/after.$n") | wc -l) gone)"
			same=$((same + 1))
		else
			echo "same $f ($(diags "$log/after.$n" | wc -l) diagnostics before and after)"
			same=$((same + 1))
		fi
		n=$((n + 1))
	done
	(cd "$ktree" && patch -s -p1 -R < "$p" > /dev/null)
	for f in $files; do rm -f "$ktree/${f%.c}.o"; done
done
rm -rf "$log"
echo "files: $same built with unchanged diagnostics, $new with new diagnostics, $skip not built, $bad patches not applied"
[ "$new" -eq 0 ] && [ "$bad" -eq 0 ]
