# SPDX-License-Identifier: GPL-2.0-only
# -C odds and ends: -H lists included headers on stderr; -I adds a search directory; -n is
# never preprocessed; -D/-U/-I/-H without -C change nothing; a script with "#!" still works.
# shellcheck disable=SC2016 # D text, not shell
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }

mkdir -p "$TMPDIR/inc" "$TMPDIR/s"
printf '#define INC_VALUE 7\n' >"$TMPDIR/inc/inc.h"
cat >"$TMPDIR/s/x.d" <<'EOF'
#!/usr/sbin/dtrace -Cs
#include <inc.h>
#include "cpp_header.h"
BEGIN { printf("%d %d\n", INC_VALUE, ANSWER); exit(0); }
EOF
cp "$TESTDIR/cpp_header.h" "$TMPDIR/s/"

# -I and -H; the quoted include is found next to the script, from another directory.
(cd / && "$DTRACE" -q -C -H -I "$TMPDIR/inc" -s "$TMPDIR/s/x.d") >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "-C -H -I failed" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = "7 42" ] || fail "wrong output" "$TMPDIR/out"
grep -q "^\. $TMPDIR/inc/inc.h\$" "$TMPDIR/err" || fail "-H did not list inc.h" "$TMPDIR/err"
grep -q '^\. .*cpp_header.h$' "$TMPDIR/err" || fail "-H did not list cpp_header.h" "$TMPDIR/err"

# Without -H, cpp lists nothing.
"$DTRACE" -q -C -I "$TMPDIR/inc" -s "$TMPDIR/s/x.d" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "-C -I failed" "$TMPDIR/err"
! grep -q 'inc.h' "$TMPDIR/err" || fail "headers listed without -H" "$TMPDIR/err"

# -n is not preprocessed, even with -C: the description's '#' is D's own business.
"$DTRACE" -q -C -DX=1 -n 'BEGIN { printf("%d\n", 5); exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "-C -n failed" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = "5" ] || fail "wrong -n output" "$TMPDIR/out"

# -D, -U, -I and -H without -C: accepted, no effect; cpp directives stay errors.
printf 'BEGIN { printf("plain\\n"); exit(0); }\n' >"$TMPDIR/plain.d"
"$DTRACE" -q -DX=1 -UY -I /nonexistent -H -s "$TMPDIR/plain.d" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	fail "-D -U -I -H without -C failed" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = "plain" ] || fail "wrong output without -C" "$TMPDIR/out"
! grep -v "^dtrace: script '.*' matched 1 probe\$" "$TMPDIR/err" ||
	fail "unexpected stderr without -C" "$TMPDIR/err"
"$DTRACE" -q -DINC_VALUE=1 -e -s "$TMPDIR/s/x.d" >/dev/null 2>"$TMPDIR/err" &&
	fail "#include compiled without -C" "$TMPDIR/err"
grep -q 'cpp directives need -C' "$TMPDIR/err" || fail "no hint to use -C" "$TMPDIR/err"
exit 0
