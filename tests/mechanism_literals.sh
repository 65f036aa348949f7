#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The replacement mechanisms are named in one place, include/mechanism.h:
# no other source file spells their distinctive names as string literals.
# (The short ones, "timer", "workqueue", "bh", "wq", are also words of
# contexts and identifiers, so only the distinctive names are checked.)
cd "$(dirname "$0")/.." || exit 2
hits=$(grep -rnE '"(bh_workqueue|threaded_irq|threaded-irq)"' src include |
	grep -v '^include/mechanism.h:')
if [ -n "$hits" ]; then
	printf 'mechanism names outside include/mechanism.h:\n%s\n' "$hits" >&2
	exit 1
fi
echo "mechanism names: only in include/mechanism.h"
