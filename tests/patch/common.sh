# SPDX-License-Identifier: GPL-2.0-only
#
# common.sh - the shell functions build_check.sh and compile_check.sh
# share, sourced by both: which .c files a patched header reaches, and the
# diagnostics of a build log in a form that survives moved lines.  The
# caller sets ktree, the kernel tree's absolute path.

# dir/header.h -> the .c files of dir and of its subdirectories including it
# (directly or via a header there; nfp/nfd3/rings.c includes "../nfp_net.h")
includers() {
	local dir=${1%/*} base=${1##*/} hs
	hs=$(cd "$ktree" && grep -l -E "#include \"([^\"]*/)?$base\"" "$dir"/*.h "$dir"/*/*.h \
		2>/dev/null | sed 's|.*/||' | sort -u)
	(cd "$ktree" && for b in "$base" $hs; do
		grep -l -E "#include \"([^\"]*/)?$b\"" "$dir"/*.c "$dir"/*/*.c 2>/dev/null
	done) | sort -u
}

# diagnostics of a build log, without line and column numbers, sorted
diags() {
	grep -E '(warning|error):' "$1" | grep -v '^scripts/' |
		sed -E 's/:[0-9]+:[0-9]+:/:/; s/:[0-9]+:/:/' | sort
}
