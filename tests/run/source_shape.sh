# SPDX-License-Identifier: GPL-2.0-only
# The shape rules of STYLE.md and DESIGN.md that a compiler can check:
#   - a switch over node kinds, identifier kinds or subroutine ids names every kind (no
#     default: that hides a new one): built with -Wswitch-enum, no such value may be unhandled;
#   - no source file passes 2,500 lines.
# A breach prints as file:line.
SRC=$TESTDIR/../../src
[ -d "$SRC/common" ] || { echo "no src/ at $SRC"; exit 77; }
CC=${CC:-cc}
command -v "$CC" >/dev/null 2>&1 || { echo "no C compiler ($CC)"; exit 77; }
GEN=$TESTDIR/../../build/gen
[ -d "$GEN" ] || { echo "not built (no build/gen)"; exit 77; }

bad=0
for f in "$SRC"/*/*.c; do
	"$CC" -std=gnu11 -D_GNU_SOURCE -I"$SRC" -I"$GEN" -fsyntax-only \
	    -Wswitch-enum "$f" 2>&1 |
	    grep -E "warning: enumeration value .DT_(NODE|IDENT|SUBR)_[A-Z0-9_]+. not handled" &&
	    bad=1
done
for f in "$SRC"/*/*.[ch]; do
	n=$(wc -l <"$f")
	[ "$n" -le 2500 ] || { echo "$f: $n lines (at most 2500)"; bad=1; }
done
exit $bad
