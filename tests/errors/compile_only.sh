# SPDX-License-Identifier: GPL-2.0-only
# -e runs the whole compile, code generation included, and loads nothing: a code generation
# error is reported as without -e (message, line:col, caret), while a program only the
# kernel's verifier rejects passes -e. -x bpflog adds the verifier's whole log to the
# located rejection.
"$DTRACE" -e -s codegen_nested.d >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 1 ] || { cat "$TMPDIR/err"; echo "-e: exit status $st, expected 1"; exit 1; }
diff -u codegen_nested.err "$TMPDIR/err" || { echo "-e: the codegen error differs"; exit 1; }

"$DTRACE" -e -x rejectclause=3 -q -s verifier_reject.d >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; echo "-e must not load the program"; exit 1; }
[ ! -s "$TMPDIR/err" ] || { cat "$TMPDIR/err"; echo "-e: unexpected stderr"; exit 1; }

"$DTRACE" -x bpflog -x rejectclause=3 -q -s verifier_reject.d >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 1 ] || { cat "$TMPDIR/err"; echo "bpflog: exit status $st, expected 1"; exit 1; }
head -n 4 verifier_reject.err >"$TMPDIR/want"
head -n 4 "$TMPDIR/err" | diff -u "$TMPDIR/want" - ||
	{ echo "bpflog: the rejection differs"; exit 1; }
grep -q "^dtrace: verifier log:$" "$TMPDIR/err" || { echo "bpflog: no log"; exit 1; }
grep -Eq '^[0-9]+: \(bf\) r0 = r9$' "$TMPDIR/err" || { echo "bpflog: not the whole log"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "unexpected stdout"; exit 1; }
