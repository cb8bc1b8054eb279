# SPDX-License-Identifier: GPL-2.0-only
# "int*" at a clause's start: a type (so "int*x;" declares a global) unless -x pspec (or
# its pragma), which makes it a probe description globbing on '*'; "BEGIN" and words with
# ":-.?!`" are always descriptions.
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }

printf 'int*x;\nBEGIN { x = 0; printf("%%d\\n", x == 0); exit(0); }\n' >"$TMPDIR/decl.d"
"$DTRACE" -q -s "$TMPDIR/decl.d" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "int*x; refused" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = 1 ] || fail "wrong output" "$TMPDIR/out"

# With -x pspec "int*" is a description (of no probe here); without, "int" then "*" is a
# declaration gone wrong.
printf 'int* { trace(1); }\n' >"$TMPDIR/glob.d"
"$DTRACE" -x pspec -e -s "$TMPDIR/glob.d" >"$TMPDIR/out" 2>"$TMPDIR/err" &&
	fail "-x pspec: int* compiled" "$TMPDIR/err"
grep -q 'description :::int\* does not match any probes' "$TMPDIR/err" ||
	fail "-x pspec: wrong message" "$TMPDIR/err"
"$DTRACE" -e -s "$TMPDIR/glob.d" >"$TMPDIR/out" 2>"$TMPDIR/err" && fail "int* compiled" "$TMPDIR/err"
grep -q 'syntax error near "{"' "$TMPDIR/err" || fail "int*: wrong message" "$TMPDIR/err"

# "#pragma D option pspec" takes effect for the words after it, as -x pspec.
printf '#pragma D option pspec\nint* { trace(1); }\n' >"$TMPDIR/prag.d"
"$DTRACE" -e -s "$TMPDIR/prag.d" >"$TMPDIR/out" 2>"$TMPDIR/err" && fail "pragma pspec: int* compiled" "$TMPDIR/err"
grep -q 'description :::int\* does not match any probes' "$TMPDIR/err" ||
	fail "pragma pspec: wrong message" "$TMPDIR/err"

# A type name's glob with a ':' stays a description: no "int" provider, no probe.
"$DTRACE" -e -n 'int*:: { trace(1); }' >"$TMPDIR/out" 2>"$TMPDIR/err" &&
	fail "int*:: compiled" "$TMPDIR/err"
grep -q 'description :int\*:: does not match any probes' "$TMPDIR/err" ||
	fail "int*:: wrong message" "$TMPDIR/err"
exit 0
