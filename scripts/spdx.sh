#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# spdx.sh: every source file of the project names its license (LICENSE: GPL-2.0-only) in an
# SPDX-License-Identifier line, the file's first line, or its second after a #! line.
#
#   scripts/spdx.sh            list the source files without it (exit 1 if any)
#   scripts/spdx.sh --add      give them one: /* ... */ in C, C++ and D, # ... in shell,
#                              make and the toolkit's tools
#
# Source files: C, C++ and D everywhere; shell scripts (*.sh, *.inc, scripts/, .ci/, the
# toolkit's tools, tests/vm/init, debian/rules), Python and Makefiles. Not the tests' inputs
# in tests/run/ and tests/errors/ other than their shell scripts (the expected output of a .d
# test pins its line numbers), nor the fuzzers' inputs (tests/fuzz/corpus, gen, crashes*),
# man pages or documentation.
# tests/run/spdx_headers.sh runs the check.
cd "$(dirname "$0")/.." || exit 2
ID="SPDX-License-Identifier: GPL-2.0-only"

# style FILE: "c", "sh", or nothing when FILE is not a source file.
style() {
	case $1 in
	tests/run/*.sh | tests/run/*.inc | tests/errors/*.sh) echo sh ;;
	tests/run/* | tests/errors/* | tests/fuzz/corpus/* | tests/fuzz/gen/* | tests/fuzz/crashes*) ;;
	toolkit/man/* | toolkit/*.md) ;;
	*.c | *.h | *.cc | *.d) echo c ;;
	*.sh | *.inc | *.py | Makefile | */Makefile | scripts/* | .ci/* | toolkit/* | tests/vm/init | \
		debian/rules) echo sh ;;
	esac
}

files() {
	if [ -e .git ] && command -v git >/dev/null 2>&1; then
		git ls-files
	else
		find . -type f ! -path './build*' | sed 's,^\./,,'
	fi
}

add=0
case ${1:-} in
--add) add=1 ;;
"") ;;
*) echo "usage: scripts/spdx.sh [--add]" >&2; exit 2 ;;
esac

bad=0
for f in $(files); do
	s=$(style "$f")
	[ -n "$s" ] && [ -f "$f" ] || continue
	head -n 2 "$f" | grep -q "$ID" && continue
	if [ $add -eq 0 ]; then
		echo "$f: no $ID line at its top"
		bad=1
		continue
	fi
	if [ "$s" = c ]; then line="/* $ID */"; else line="# $ID"; fi
	if head -n 1 "$f" | grep -q '^#!'; then
		{ head -n 1 "$f"; echo "$line"; tail -n +2 "$f"; } >"$f.spdx"
	else
		{ echo "$line"; cat "$f"; } >"$f.spdx"
	fi
	chmod --reference="$f" "$f.spdx" && mv "$f.spdx" "$f"
done
[ $bad -eq 0 ] || echo "scripts/spdx.sh --add gives each the line"
exit $bad
